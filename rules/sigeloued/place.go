package sigeloued

import "sig/rules"

// Place names the square of player's circuit index (0..23) for the players; NoPlace for an
// index off the circuit (a captured piece's -1).
func Place(player, index int) rules.Place {
	if player < 0 || player > 1 || index < 0 || index >= CircuitLen {
		return rules.Place{}
	}
	return SquarePlace(int(squareOf[player][index]))
}

// SquarePlace names square sq (row*6+file) for the players.
func SquarePlace(sq int) rules.Place {
	if sq < 0 || sq >= Squares {
		return rules.Place{}
	}
	return rules.Place{Kind: rules.Square, Name: squareNames[sq]}
}

// where names the places of Sig El Oued's events. A step's From and To are circuit indices of
// the mover's circuit; a capture's square is its To (its From is the captured piece's index
// along its owner's circuit).
func where(e rules.Event) (from, to rules.Place) {
	switch e.Kind {
	case rules.EvStep:
		return Place(e.Player, e.From), Place(e.Player, e.To)
	case rules.EvCaptured:
		return SquarePlace(e.To), rules.Place{}
	}
	return rules.Place{}, rules.Place{}
}

// Locate is where player's piece is: its square, or NoPlace once captured.
func (s *State) Locate(player, piece int) rules.Place {
	if player < 0 || player > 1 || piece < 0 || piece >= Pieces {
		return rules.Place{}
	}
	return Place(player, int(s.at[player][piece]))
}

// Outcome is how the game ended: a player lost all six pieces, or QuietLimit turns without a
// capture drew it.
func (s *State) Outcome() rules.Outcome {
	e := rules.AllTaken
	switch s.outcome {
	case running:
		return rules.Outcome{}
	case drawn:
		e = rules.QuietMoves
	}
	return rules.NewOutcome(e, s.Ranks(), true, []int{int(s.captured[0]), int(s.captured[1])})
}

// Freed reports whether player's piece has been freed (has moved at least once); a captured
// piece counts as freed only if it was.
func (s *State) Freed(player, piece int) bool {
	if player < 0 || player > 1 || piece < 0 || piece >= Pieces {
		return false
	}
	return s.unfreed[player]&(1<<piece) == 0
}

// Captured is how many opposing pieces player has taken.
func (s *State) Captured(player int) int { return int(s.captured[player&1]) }

// SquareOf is the square (row*6+file, the order of the board's cells) a place names, or -1.
func SquareOf(p rules.Place) int {
	if p.Kind != rules.Square || len(p.Name) != 2 {
		return -1
	}
	f, r := int(p.Name[0]-'a'), int(p.Name[1]-'1')
	if f < 0 || f >= Files || r < 0 || r >= Rows {
		return -1
	}
	return r*Files + f
}

// Pick is the move that plays the value in play with the piece on square sq (row*6+file).
func Pick(sq int) rules.Move { return rules.Move(sq) }

// FreeAll is the move that frees all the unfreed pieces at a big throw and plays the rest of it
// with the piece on square sq.
func FreeAll(sq int) rules.Move { return freeAllBase + rules.Move(sq) }

// PickOf reads a move made by Pick or FreeAll: the square of the piece picked, whether it
// frees all, and false for any other move.
func PickOf(m rules.Move) (sq int, freeAll bool, ok bool) {
	switch {
	case m >= 0 && m < Squares:
		return int(m), false, true
	case m >= freeAllBase && m < freeAllBase+Squares:
		return int(m - freeAllBase), true, true
	}
	return -1, false, false
}

// Grid is the board as the players see it: six files across, three rows, South's home row
// (row 1) at the bottom and file a on the left, so a1 is the bottom-left square and f3 the
// top-right.
func Grid() rules.Grid {
	return rules.GridFromSouth(Files, Rows, Squares, FileRow)
}

// Crossing reports whether both circuits run through square sq twice each lap (going and
// coming back): the middle row, where the two players' pieces meet and capture.
func Crossing(sq int) bool {
	if sq < 0 || sq >= Squares {
		return false
	}
	return indicesOf[South][sq][1] >= 0 && indicesOf[North][sq][1] >= 0
}
