package sadeqa

import "sig/rules"

// Place names hole i (0..19: South's S1..S10, then North's N1..N10) for the players.
func Place(i int) rules.Place {
	if i < 0 || i >= Holes {
		return rules.Place{}
	}
	return rules.Place{Kind: rules.Hole, Row: i / RowHoles, N: i%RowHoles + 1}
}

// HoleOf is the hole (0..19) a place names, or -1.
func HoleOf(p rules.Place) int {
	if p.Kind != rules.Hole || p.Row < 0 || p.Row > 1 || p.N < 1 || p.N > RowHoles {
		return -1
	}
	return Hole(p.Row, p.N)
}

// where names the places of Sadeqa's events: the hole seeds are lifted from, the hole each seed
// falls into, the warana captured from, the hole that becomes a warana.
func where(e rules.Event) (from, to rules.Place) {
	switch e.Kind {
	case rules.EvLift, rules.EvCaptured:
		return Place(e.From), rules.Place{}
	case rules.EvSow, rules.EvWarana:
		return rules.Place{}, Place(e.To)
	}
	return rules.Place{}, rules.Place{}
}

// Holds is how many seeds the hole p holds (seeds belong to nobody: player is -1).
func (s *State) Holds(p rules.Place) (player, count int) {
	if i := HoleOf(p); i >= 0 {
		return -1, s.Seeds(i)
	}
	return -1, 0
}

// Outcome is how the game ended: the players' scores (Scores) decide, a draw when level.
func (s *State) Outcome() rules.Outcome {
	if s.phase != rules.PhaseOver {
		return rules.Outcome{}
	}
	e := rules.NoMoves
	switch s.end {
	case EndQuiet:
		e = rules.QuietMoves
	case EndRepetition:
		e = rules.Repetition
	}
	sc := s.Scores()
	return rules.NewOutcome(e, s.Ranks(), true, sc[:])
}
