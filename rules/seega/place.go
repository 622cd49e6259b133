package seega

import "sig/rules"

// Place names square sq (0..24, rank*5+file) for the players.
func Place(sq int) rules.Place {
	if sq < 0 || sq >= Squares {
		return rules.Place{}
	}
	return rules.Place{Kind: rules.Square, Name: SquareName(sq)}
}

// where names the places of Seega's events: the square a piece is placed on, the squares of a
// step, the square of a capture.
func where(e rules.Event) (from, to rules.Place) {
	switch e.Kind {
	case rules.EvPlaced:
		return rules.Place{}, Place(e.To)
	case rules.EvStep:
		return Place(e.From), Place(e.To)
	case rules.EvCaptured:
		return Place(e.From), rules.Place{}
	}
	return rules.Place{}, rules.Place{}
}

// Holds is whose piece is on the square p (-1 for nobody) and how many (0 or 1).
func (s *State) Holds(p rules.Place) (player, count int) {
	sq, err := ParseSquare(p.Name)
	if p.Kind != rules.Square || err != nil {
		return -1, 0
	}
	if o := s.At(sq); o >= 0 {
		return o, 1
	}
	return -1, 0
}

// Grid is the board as the players see it: five files across, five ranks, rank 1 at the
// bottom (the first player's side) and file a on the left, so a1 is the bottom-left square and
// the centre c3 the middle one.
func Grid() rules.Grid {
	return rules.GridFromSouth(Size, Size, Squares, FileRank)
}
