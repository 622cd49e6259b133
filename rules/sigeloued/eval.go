package sigeloued

import (
	"fmt"
	"math/bits"

	"sig/rules"
)

// Check verifies the invariants: pieces on circuit indices 0..23 and on the squares the board
// says, at most one piece a square, unfreed pieces on their start index, each player's captures
// equal to the pieces the other has lost, and a turn state that fits the phase.
func (s *State) Check() error {
	onBoard := 0
	for _, o := range s.occ {
		if o >= 0 {
			onBoard++
		}
	}
	alive := 0
	for pl := 0; pl < 2; pl++ {
		left := 0
		for id, i := range s.at[pl] {
			unfreed := s.unfreed[pl]&(1<<id) != 0
			if i < 0 {
				if i != -1 || unfreed {
					return fmt.Errorf("%s piece %d: captured, yet at %d (unfreed %v)", playerNames[pl], id, i, unfreed)
				}
				continue
			}
			left++
			if i >= CircuitLen {
				return fmt.Errorf("%s piece %d at circuit index %d", playerNames[pl], id, i)
			}
			if sq := squareOf[pl][i]; s.occ[sq] != int8(pl*Pieces+id) {
				return fmt.Errorf("%s piece %d at index %d, but %s holds %d", playerNames[pl], id, i, squareNames[sq], s.occ[sq])
			}
			if unfreed && int(i) != id {
				return fmt.Errorf("%s piece %d is unfreed but at index %d, not its start", playerNames[pl], id, i)
			}
		}
		if s.unfreed[pl]>>Pieces != 0 {
			return fmt.Errorf("unfreed mask %b", s.unfreed[pl])
		}
		if int(s.captured[1-pl]) != Pieces-left {
			return fmt.Errorf("%s has captured %d, but %s has %d pieces left", playerNames[1-pl], s.captured[1-pl], playerNames[pl], left)
		}
		alive += left
	}
	if onBoard != alive {
		return fmt.Errorf("%d squares occupied by %d pieces", onBoard, alive)
	}
	if s.toMove != 0 && s.toMove != 1 {
		return fmt.Errorf("to_move %d", s.toMove)
	}
	if s.bonus < 0 || s.bonus > 3 || (s.bonus > 0 && (s.six || !s.thrown[s.toMove])) {
		return fmt.Errorf("bonus throws %d (six %v)", s.bonus, s.six)
	}
	switch s.phase {
	case rules.PhaseThrow:
		if s.queued != 0 || s.then != thenNone || s.value != 0 || s.outcome != running {
			return fmt.Errorf("at a throw with values still queued or a value in play")
		}
	case rules.PhaseMove:
		switch s.value {
		case 1, 2, 3, 4, 6, 7, 13:
		default:
			return fmt.Errorf("deciding how to play a %d", s.value)
		}
		if s.nmoves < 2 || s.then == thenNone || s.six || s.outcome != running || !s.thrown[s.toMove] {
			return fmt.Errorf("a decision with %d options, then %d, six %v", s.nmoves, s.then, s.six)
		}
	case rules.PhaseOver:
		switch s.outcome {
		case southWon, northWon:
			if s.captured[s.outcome-southWon] != Pieces {
				return fmt.Errorf("%s won with %d captures", outcomeNames[s.outcome], s.captured[s.outcome-southWon])
			}
		case drawn:
			if s.quiet < QuietLimit {
				return fmt.Errorf("drawn after %d quiet turns", s.quiet)
			}
		default:
			return fmt.Errorf("over without a result")
		}
		return nil
	default:
		return fmt.Errorf("phase %d", s.phase)
	}
	if s.quiet < 0 || s.quiet >= QuietLimit {
		return fmt.Errorf("quiet %d while the game goes on", s.quiet)
	}
	return nil
}

// hitChance[d] is roughly the chance that the next throw lets a freed piece move exactly d
// steps: sig 12/64, 2 15/64, 3 20/64, 4 15/64, a played 6 about 1/64, a 7 about 1/64·12/64.
var hitChance = [CircuitLen]float64{1: 12.0 / 64, 2: 15.0 / 64, 3: 20.0 / 64, 4: 15.0 / 64, 6: 52.0 / 64 / 64, 7: 12.0 / 64 / 64}

// Evaluate is player p's prospects in [-1, 1]: material first, then freed pieces (only they can
// use 2, 3, 4 and 6), then threats: the chance that a throw lets one side capture an opposing
// piece, counted more for the side about to throw.
func (s *State) Evaluate(p int) float64 {
	switch s.outcome {
	case drawn:
		return 0
	case southWon, northWon:
		if int(s.outcome-southWon) == p {
			return 1
		}
		return -1
	}
	o := 1 - p
	material := float64(s.captured[p]-s.captured[o]) / Pieces
	mine, theirs := s.freedCount(p), s.freedCount(o)
	freed := float64(mine-theirs) / Pieces
	att, def := s.threat(p), s.threat(o)
	if int(s.toMove) == p {
		def *= 0.5
	} else {
		att *= 0.5
	}
	threat := att - def
	if threat > 1 {
		threat = 1
	} else if threat < -1 {
		threat = -1
	}
	v := 0.75*material + 0.1*freed + 0.14*threat
	if v > 0.99 {
		v = 0.99
	} else if v < -0.99 {
		v = -0.99
	}
	return v
}

func (s *State) freedCount(pl int) int {
	n := 0
	for _, i := range s.at[pl] {
		if i >= 0 {
			n++
		}
	}
	return n - bits.OnesCount8(s.unfreed[pl])
}

// threat sums, over the opposing pieces, the best chance that one of pl's pieces can end its
// next move on it.
func (s *State) threat(pl int) float64 {
	opp := 1 - pl
	sum := 0.0
	for _, j := range s.at[opp] {
		if j < 0 {
			continue
		}
		idx := indicesOf[pl][squareOf[opp][j]]
		best := 0.0
		for id, i := range s.at[pl] {
			if i < 0 {
				continue
			}
			unfreed := s.unfreed[pl]&(1<<id) != 0
			for _, t := range idx {
				if t < 0 {
					continue
				}
				d := (t - i + CircuitLen) % CircuitLen
				c := hitChance[d]
				if unfreed && d != 1 && d != 7 {
					c = 0
				}
				if c > best {
					best = c
				}
			}
		}
		sum += best
	}
	return sum
}
