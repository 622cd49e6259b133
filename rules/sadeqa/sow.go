package sadeqa

import (
	"math/bits"

	"sig/rules"
)

// sow plays the sowing of a legal move from hole from for the player to act: it lifts the
// seeds, sows them one by one into the following holes, and lifts again lap after lap until the
// last seed stops (see rule.stops). It returns the hole where the last seed fell; what that seed
// does there (capture, warana) is for settle.
func (s *State) sow(from int, ev *rules.Events) int {
	p := int(s.toMove)
	r := s.rule(p)
	pos := from
	if ev == nil {
		for {
			if pos = s.holes.lap(pos); r.stops(&s.holes, pos) {
				return pos
			}
		}
	}
	for lap := 1; ; lap++ {
		n := s.holes.get(pos)
		s.holes.set(pos, 0)
		ev.Add(rules.Event{Kind: rules.EvLift, Player: p, From: pos, Count: int(n), Value: lap})
		for ; n > 0; n-- {
			if pos++; pos == Holes {
				pos = 0
			}
			s.holes.add(pos)
			ev.Add(rules.Event{Kind: rules.EvSow, Player: p, To: pos, Count: int(s.holes.get(pos))})
		}
		if r.stops(&s.holes, pos) {
			return pos
		}
	}
}

// rule is what a sowing of one player needs to know to decide where a lap stops: the warana
// holes, and the holes of the opponent's row.
type rule struct{ waranas, theirs uint32 }

func (s *State) rule(p int) rule {
	return rule{waranas: s.waranas[South] | s.waranas[North], theirs: rowMask(1 - p)}
}

// rowMask has a bit for each hole of player p's row.
func rowMask(p int) uint32 { return 0x3ff << (RowHoles * p) }

// stops reports whether a lap whose last seed fell into hole pos ends the sowing: the hole is a
// warana (of either player), an opponent's hole that now holds four (a new warana), or a hole
// that was empty. Otherwise its seeds are lifted for another lap.
func (r rule) stops(b *board, pos int) bool {
	if r.waranas>>pos&1 != 0 {
		return true
	}
	c := b.get(pos)
	return c == 1 || c == 4 && r.theirs>>pos&1 != 0
}

// endless reports whether a sowing from hole pos of board b would never end. It follows the
// sowing on a copy of the board and looks for a recurring lap: the state at the start of a lap
// (the 20 counts and the hole about to be lifted) decides the rest of the sowing, because the
// waranas cannot change before it ends. Brent's cycle detection finds a recurrence exactly,
// with one saved state and no step limit.
//
// Exactness has one bound, maxLaps: a sowing still going after that many laps is taken as
// endless. Without it one constructed 80-seed position needs 492 million laps (seconds of
// work) before its recurrence shows, which would freeze a frame or a search; the longest
// finite sowing seen in 20,000 random games took 62 laps, and the endless ones found (cycles
// of 4,535 and 7,105 laps) are proved well inside the bound.
//
// A recurrence needs a board without waranas (a seed falling into one could never come back
// out, and without seeds passing a warana every lap moves them further from it), so endless
// sowings can only happen before the first warana is made.
func (r rule) endless(b board, pos int) bool {
	saved, savedPos := b, pos
	power, lam := 1, 0
	for laps := 0; laps < maxLaps; laps++ {
		pos = b.lap(pos)
		if r.stops(&b, pos) {
			return false
		}
		if pos == savedPos && b == saved {
			return true
		}
		if lam++; lam == power {
			saved, savedPos = b, pos
			power <<= 1
			lam = 0
		}
	}
	return true
}

// maxLaps bounds the work of one endless-sowing check (about a millisecond); see endless.
const maxLaps = 1 << 17

// legalMask is the set of p's legal moves: bit k-1 for hole k, a non-warana hole of p's row with
// seeds whose sowing ends.
func (s *State) legalMask(p int) uint16 {
	var mask uint16
	r := s.rule(p)
	for k := 0; k < RowHoles; k++ {
		i := p*RowHoles + k
		if s.holes.get(i) != 0 && r.waranas>>i&1 == 0 && !r.endless(s.holes, i) {
			mask |= 1 << k
		}
	}
	return mask
}

func trailing(m uint16) int { return bits.TrailingZeros16(m) }
