package sigwaduqqan

import "sig/rules"

// Place names track position x (1..86) for the players: the start, a space, the gate, the
// centre.
func Place(x int) rules.Place {
	switch {
	case x == Start:
		return rules.Place{Kind: rules.Start, N: x}
	case x == Gate:
		return rules.Place{Kind: rules.Gate, N: x}
	case x == Centre:
		return rules.Place{Kind: rules.Centre, N: x}
	case x > Start && x < Centre:
		return rules.Place{Kind: rules.Space, N: x}
	}
	return rules.Place{}
}

// where names the places of Sig wa Duqqan's events (every position is a track position).
func where(e rules.Event) (from, to rules.Place) {
	switch e.Kind {
	case rules.EvStep, rules.EvGhoulaStep, rules.EvRide, rules.EvDragged, rules.EvGhoulaReturns:
		return Place(e.From), Place(e.To)
	case rules.EvTrapped:
		return rules.Place{}, Place(e.To)
	case rules.EvSigCounted, rules.EvSeized:
		return Place(e.From), rules.Place{}
	case rules.EvFinished:
		return rules.Place{}, Place(Centre)
	}
	return rules.Place{}, rules.Place{}
}

// Locate is where player's piece is (piece is always 0: one piece each); player -1 is the
// Ghoula.
func (s *State) Locate(player, piece int) rules.Place {
	switch {
	case player == -1:
		return Place(int(s.ghoula))
	case player < 0 || player >= int(s.n) || piece != 0:
		return rules.Place{}
	}
	return Place(int(s.pieces[player]))
}

// Outcome is how the game ended: every piece reached the centre or was taken; everyone who
// reached the centre has won (a shared win, not a draw).
func (s *State) Outcome() rules.Outcome {
	if !s.over {
		return rules.Outcome{}
	}
	return rules.NewOutcome(rules.RaceDone, s.Ranks(), false, nil)
}
