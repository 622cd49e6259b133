package essig

import "sig/rules"

// Place names track position x for the players: the start (0), a space (1..50), the exit (51).
func Place(x int) rules.Place {
	switch {
	case x == Home:
		return rules.Place{Kind: rules.Start, N: x}
	case x == Escaped:
		return rules.Place{Kind: rules.Exit, N: x}
	case x > Home && x < Escaped:
		return rules.Place{Kind: rules.Space, N: x}
	}
	return rules.Place{}
}

// where names the places of Es-Sîg's events (every position is a track position).
func where(e rules.Event) (from, to rules.Place) {
	switch e.Kind {
	case rules.EvStep, rules.EvGhoulaStep, rules.EvDragged:
		return Place(e.From), Place(e.To)
	case rules.EvTrapped, rules.EvGhoulaAppears:
		return rules.Place{}, Place(e.To)
	case rules.EvSigCounted:
		return Place(e.From), rules.Place{}
	case rules.EvFinished:
		return rules.Place{}, Place(Escaped)
	}
	return rules.Place{}, rules.Place{}
}

// Locate is where player's piece is (piece is always 0: one piece each); player -1 is the
// Ghula, NoPlace until it appears.
func (s *State) Locate(player, piece int) rules.Place {
	switch {
	case player == -1:
		if s.ghula < 0 {
			return rules.Place{}
		}
		return Place(int(s.ghula))
	case player < 0 || player >= int(s.n) || piece != 0:
		return rules.Place{}
	}
	return Place(int(s.pieces[player]))
}

// Outcome is how the game ended: everyone but one escaped, ranked by escape order.
func (s *State) Outcome() rules.Outcome {
	if s.phase != rules.PhaseOver {
		return rules.Outcome{}
	}
	return rules.NewOutcome(rules.AllEscaped, s.Ranks(), false, nil)
}

// Decision is the kind of every Es-Sîg decision: steering the Ghula.
func (s *State) Decision() rules.Decision { return rules.SteerGhoula }
