package seega

import (
	"fmt"
	"math/bits"
)

// Evaluate estimates player p's prospects in [-1, 1] without searching: 1 won, -1 lost, 0 drawn
// once the game is over. Before that, material (the difference in pieces taken) dominates, at
// 0.08 a piece; then come the pieces either side could capture with one step (a real threat for
// the player to move, half of one for the other), mobility (steps each side has) and safe pieces
// (on a corner or the centre, or with a friendly neighbour on every line they could be trapped on).
func (s *State) Evaluate(p int) float64 {
	q := 1 - p
	if s.reason != NotOver {
		switch int(s.result) {
		case p:
			return 1
		case q:
			return -1
		}
		return 0
	}
	own, opp := s.pieces[p], s.pieces[q]
	safe := ratio(safeCount(own), safeCount(opp))
	if s.Placing() {
		// Nothing can be taken yet: what counts is how the pieces will stand when movement
		// begins, and who holds the squares around the centre (the only way into play).
		ring := adj[Centre]
		return 0.1*safe + 0.05*ratio(bits.OnesCount32(own&ring), bits.OnesCount32(opp&ring))
	}
	v := 0.08 * float64(s.captured[p]-s.captured[q])
	tp := float64(min(bits.OnesCount32(threatened(own, opp)), 4))
	tq := float64(min(bits.OnesCount32(threatened(opp, own)), 4))
	if int(s.toMove) == p {
		tq /= 2
	} else {
		tp /= 2
	}
	v += 0.04 * (tp - tq)
	empty := full &^ (own | opp)
	v += 0.1 * ratio(steps(own, empty), steps(opp, empty))
	v += 0.06 * safe
	return max(-0.99, min(0.99, v))
}

// ratio compares two counts in (-1, 1).
func ratio(a, b int) float64 { return float64(a-b) / float64(a+b+2) }

// steps counts the steps the pieces own can make into empty.
func steps(own, empty uint32) int {
	return bits.OnesCount32(own&south(empty)) + bits.OnesCount32(own&north(empty)) +
		bits.OnesCount32(own&west(empty)) + bits.OnesCount32(own&east(empty))
}

// safeCount counts the pieces of own that cannot be trapped as things stand: on the centre, or
// with a board edge or a friendly neighbour on each line through them.
func safeCount(own uint32) int {
	h := own & innerFile &^ (east(own) | west(own))
	v := own & innerRank &^ (north(own) | south(own))
	return bits.OnesCount32(own &^ ((h | v) &^ centreBit))
}

// Check verifies the invariants every reachable position keeps.
func (s *State) Check() error {
	if s.pieces[0]&s.pieces[1] != 0 {
		return fmt.Errorf("two pieces on one square: %025b", s.pieces[0]&s.pieces[1])
	}
	if (s.pieces[0]|s.pieces[1])&^full != 0 {
		return fmt.Errorf("pieces off the board")
	}
	if s.toMove != 0 && s.toMove != 1 {
		return fmt.Errorf("to move %d", s.toMove)
	}
	var on [2]int
	for p := range 2 {
		on[p] = bits.OnesCount32(s.pieces[p])
		if s.inHand[p] < 0 || s.captured[p] < 0 || s.captured[p] > PiecesEach {
			return fmt.Errorf("player %d: in hand %d, captured %d", p, s.inHand[p], s.captured[p])
		}
		if n := on[p] + int(s.inHand[p]) + int(s.captured[1-p]); n != PiecesEach {
			return fmt.Errorf("player %d: %d on the board + %d in hand + %d taken = %d, want %d",
				p, on[p], s.inHand[p], s.captured[1-p], n, PiecesEach)
		}
	}
	if s.Placing() {
		placed := on[0] + on[1]
		switch {
		case s.reason != NotOver:
			return fmt.Errorf("over during placement")
		case s.pieces[0]&centreBit|s.pieces[1]&centreBit != 0:
			return fmt.Errorf("a piece on the centre during placement")
		case s.captured != [2]int8{} || s.quiet != 0 || s.chain || s.blocked != -1 || s.nHist != 0:
			return fmt.Errorf("captures, quiet moves, a chain, a block or a history during placement")
		case int(s.toMove) != placed/2%2 || int(s.placing) != placed%2+1:
			return fmt.Errorf("%d placed, but player %d to place piece %d of 2", placed, s.toMove, s.placing)
		}
		return s.checkLegal()
	}
	if s.placing != 0 {
		return fmt.Errorf("placing %d in the movement phase", s.placing)
	}
	k, seen := s.key(), s.seen()
	for _, h := range s.hist[:s.nHist] {
		if bits.OnesCount64(h&(1<<(2*Squares)-1)) != on[0]+on[1] {
			return fmt.Errorf("a position with other pieces in the history since the last capture")
		}
	}
	if s.reason != NotOver {
		switch {
		case s.nLegal != 0:
			return fmt.Errorf("over with %d legal moves", s.nLegal)
		case s.chain || s.blocked != -1:
			return fmt.Errorf("over in a chain or a block")
		case s.reason == NoPieces && (s.result == draw || on[1-s.result] != 0):
			return fmt.Errorf("won by no pieces, but the loser has %d", on[1-s.result])
		case s.reason == QuietMoves && (s.quiet != QuietLimit || s.result != s.leader()):
			return fmt.Errorf("over by quiet moves after %d, result %d", s.quiet, s.result)
		case s.reason == Repetition && (seen != 3 || s.hist[s.nHist-1] != k || s.result != s.leader()):
			return fmt.Errorf("over by repetition, seen %d, result %d", seen, s.result)
		case s.reason > Repetition:
			return fmt.Errorf("reason %d", s.reason)
		}
		return nil
	}
	p, q := int(s.toMove), 1-int(s.toMove)
	own, opp := s.pieces[p], s.pieces[q]
	switch {
	case on[0] == 0 || on[1] == 0:
		return fmt.Errorf("a player without pieces, yet the game goes on")
	case s.quiet < 0 || s.quiet >= QuietLimit:
		return fmt.Errorf("quiet %d, yet the game goes on", s.quiet)
	case s.nHist < 1 || int(s.nHist) > int(s.quiet)+1 || s.hist[s.nHist-1] != k:
		return fmt.Errorf("history of %d positions after %d quiet moves, not ending on this one", s.nHist, s.quiet)
	case seen > 2:
		return fmt.Errorf("position seen %d times, yet the game goes on", seen)
	case !mobile(own, opp) && !mobile(opp, own):
		return fmt.Errorf("both players are blocked")
	case !mobile(own, opp):
		return fmt.Errorf("player %d is to move but has no move", p)
	case s.chain && (s.blocked != -1 || threatened(own, opp) == 0):
		return fmt.Errorf("a chain without a capture to make (or under the blocked rule)")
	case s.blocked != -1 && (int(s.blocked) != q || mobile(opp, own)):
		return fmt.Errorf("player %d marked blocked while player %d is to move", s.blocked, p)
	case s.blocked != -1 && threatened(own, opp) != 0:
		return fmt.Errorf("a capture is possible against the blocked player")
	}
	return s.checkLegal()
}

// checkLegal verifies the cached legal moves against a fresh generation.
func (s *State) checkLegal() error {
	c := *s
	c.genLegal()
	if c.nLegal != s.nLegal || c.legal != s.legal {
		return fmt.Errorf("cached legal moves %v, want %v", s.legal[:s.nLegal], c.legal[:c.nLegal])
	}
	if s.nLegal < 1 {
		return fmt.Errorf("no legal move, yet the game goes on")
	}
	return nil
}
