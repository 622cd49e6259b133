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

// reachChance[u][d] is the chance that a whole turn, thrown from its start, lets one piece end
// a move exactly d steps on, when the values it does not want can be played by other pieces
// (u = 1: the piece is unfreed, so a sig or a 7 must free it first). A sig's extra throw, a
// six polished's next throw and the 7 it makes with a sig are all counted: reachChance[0] is
// 0.188 for one step, 0.294, 0.392 and 0.313 for two, three and four, 0.059 for five.
var reachChance = turnReach()

// turnReach works reachChance out from the throws' chances, the player choosing at each value
// whether the piece takes it. A sig left to another piece brings the same question back at
// the next throw, so the chances are found by iterating to their fixed point.
func turnReach() [2][CircuitLen]float64 {
	ch := rules.AppendChances(nil, 6)
	// f[six][u][r] is the chance of going exactly r more steps from a throw (after a six
	// polished if six is 1).
	var f, g [2][2][CircuitLen + 1]float64
	ui := func(u bool) int {
		if u {
			return 1
		}
		return 0
	}
	// after is the chance once a value v has been played, by this piece or by another, and
	// next follows.
	after := func(r int, u bool, v int, next func(r int, u bool) float64) float64 {
		best := next(r, u)
		if !u || v == 1 || v == 7 {
			if v == r {
				return 1
			}
			if v < r {
				best = max(best, next(r-v, false))
			}
		}
		return best
	}
	again := func(r int, u bool) float64 { return f[0][ui(u)][r] }
	againSix := func(r int, u bool) float64 { return f[1][ui(u)][r] }
	end := func(int, bool) float64 { return 0 }
	for range 64 {
		for six := range 2 {
			for _, u := range []bool{false, true} {
				for r := 1; r <= CircuitLen; r++ {
					sum := 0.0
					for p, c := range ch {
						v := int(ThrowValue[p])
						var x float64
						switch {
						case six == 1 && IsSig(p):
							x = after(r, u, 7, again)
						case six == 1 && p == 6:
							x = after(r, u, 6, againSix)
						case six == 1 && p == 0:
							x = after(r, u, 6, end)
						case six == 1:
							x = after(r, u, 6, func(r int, u bool) float64 { return after(r, u, v, end) })
						case IsSig(p):
							x = after(r, u, 1, again)
						case p == 6:
							x = againSix(r, u)
						case p == 0:
							x = 0
						default:
							x = after(r, u, v, end)
						}
						sum += c * x
					}
					g[six][ui(u)][r] = sum
				}
			}
		}
		f = g
	}
	var out [2][CircuitLen]float64
	for d := 1; d < CircuitLen; d++ {
		out[0][d], out[1][d] = f[0][0][d], f[0][1][d]
	}
	return out
}

// The weights of Evaluate's terms. A capture is worth wMaterial/6 = 0.125; wThreat was tuned in
// the arena (BENCHMARKS.md, "Computer levels": 0.14, 0.3, 0.5 and 0.8 tried; 0.3 did best, by less than the noise
// of 400 games).
const (
	wMaterial = 0.75
	wFreed    = 0.1
	wThreat   = 0.3
	// wWaiting is how much the side that does not throw next counts its threats: the other
	// throws first, and may take or move the pieces concerned.
	wWaiting = 0.5
)

// Evaluate is player p's prospects in [-1, 1]: material first, then threats, then freed
// pieces (only they can use 2, 3, 4 and 6). A threat is the chance that a whole turn lets one
// side end a move on an opposing piece (reachChance, several attackers of a piece combined),
// counted less for the side that throws second.
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
	freed := float64(s.freedCount(p)-s.freedCount(o)) / Pieces
	att, def := s.threat(p), s.threat(o)
	if int(s.toMove) == p {
		def *= wWaiting
	} else {
		att *= wWaiting
	}
	threat := max(-1, min(1, att-def))
	v := wMaterial*material + wFreed*freed + wThreat*threat
	return max(-0.99, min(0.99, v))
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

// threat sums, over the opposing pieces, the chance that one of pl's pieces can end a move of
// a turn of pl on it (each attacker's chance from reachChance, taken as independent).
func (s *State) threat(pl int) float64 {
	opp := 1 - pl
	sum := 0.0
	for _, j := range s.at[opp] {
		if j < 0 {
			continue
		}
		idx := indicesOf[pl][squareOf[opp][j]]
		miss := 1.0
		for id, i := range s.at[pl] {
			if i < 0 {
				continue
			}
			u := int(s.unfreed[pl] >> id & 1)
			for _, t := range idx {
				if t >= 0 {
					miss *= 1 - reachChance[u][(t-i+CircuitLen)%CircuitLen]
				}
			}
		}
		sum += 1 - miss
	}
	return sum
}
