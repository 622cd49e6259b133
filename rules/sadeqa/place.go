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

// Why says why a sowing is refused.
type Why uint8

const (
	// IsWarana: the hole is a warana (Refusal.Owner's); no sowing starts from a warana.
	IsWarana Why = iota + 1
	// Empty: the hole has no seeds.
	Empty
	// Endless: sowing from the hole would never end.
	Endless
)

// Refusal is the error Apply returns for a sowing the rules refuse: why, and the mover's hole
// number (1..10).
type Refusal struct {
	Why   Why
	Hole  int
	Owner int // a warana's owner, -1 otherwise
	msg   string
}

func (r *Refusal) Error() string { return r.msg }

// Sow is the move that sows from hole i (0..19), for the hole's owner: South's S1..S10 and
// North's N1..N10 are each their owner's moves 1..10.
func Sow(i int) (m rules.Move, owner int) {
	if i < 0 || i >= Holes {
		return 0, -1
	}
	return rules.Move(i%RowHoles + 1), i / RowHoles
}

// Column is the column of the board hole i lies in, counted from South's left (0) to South's
// right (RowHoles-1); -1 for a hole off the board. Each row is numbered from its owner's left
// and the players sit face to face, so S1 and N10 share column 0, and S10 and N1 the last.
func Column(i int) int {
	switch {
	case i < 0 || i >= Holes:
		return -1
	case i < RowHoles:
		return i
	}
	return Holes - 1 - i
}

// HoleAt is the hole of player row's row (South or North) in column col (as Column counts
// them), and whether there is one.
func HoleAt(row, col int) (int, bool) {
	if col < 0 || col >= RowHoles {
		return -1, false
	}
	switch row {
	case South:
		return col, true
	case North:
		return Holes - 1 - col, true
	}
	return -1, false
}

// Toward is the hole dc columns toward South's right and dr rows toward North's row from hole
// i, and whether there is one (false past the board's edge, or for a hole off the board).
func Toward(i, dc, dr int) (int, bool) {
	if i < 0 || i >= Holes {
		return -1, false
	}
	return HoleAt(Place(i).Row+dr, Column(i)+dc)
}

// Grid is the board as the players see it across the table: ten columns (Column), South's row
// at the bottom and North's at the top, so that the sowing runs anticlockwise: S1..S10 left to
// right along the bottom, N1..N10 right to left along the top.
func Grid() rules.Grid {
	return rules.GridFromSouth(RowHoles, Holes/RowHoles, Holes, func(i int) (int, int) { return Column(i), Place(i).Row })
}
