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
