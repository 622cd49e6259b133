package ai

import (
	"math"
	"testing"

	"sig/rules"
)

// reference is plain expectiminimax without pruning, tables or ordering: the value for player
// me of s searched depth plies, scored exactly as the searcher scores (ply is s's distance from
// the root).
func reference(s rules.State, me, depth, ply int) float64 {
	if s.Phase() == rules.PhaseOver {
		return (&searcher{}).terminal(s, me, ply)
	}
	if depth == 0 {
		v := evaluate(s)
		if s.ToMove() != me {
			v = -v
		}
		return v
	}
	legal := s.Legal(nil)
	c := s.Clone()
	if s.Phase() == rules.PhaseThrow {
		ch := s.Chances(nil)
		sum := 0.0
		for i, m := range legal {
			c.CopyFrom(s)
			c.Apply(m, nil)
			sum += ch[i] * reference(c, me, depth-1, ply+1)
		}
		return sum
	}
	best := math.Inf(-1)
	if s.ToMove() != me {
		best = math.Inf(1)
	}
	for _, m := range legal {
		c.CopyFrom(s)
		c.Apply(m, nil)
		v := reference(c, me, depth-1, ply+1)
		if s.ToMove() == me {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// TestPruningIsExact: alpha-beta with Star1 cuts at the throws finds exactly the value of
// plain expectiminimax, at every depth, in every two-player game.
func TestPruningIsExact(t *testing.T) {
	for _, g := range everyGame() {
		if g.players[0] != 2 {
			continue
		}
		for i, s := range mustDecisions(t, g.info, 2, 8, 17) {
			sr := newSearcher(s, Options{Level: Hard, Nodes: 1 << 40})
			sr.root = nil
			for _, m := range s.Legal(nil) {
				sr.root = append(sr.root, rootMove{move: m, vec: make([]float64, 2)})
			}
			for depth := 1; depth <= 4; depth++ {
				want := reference(s, s.ToMove(), depth, 0)
				if !sr.iterate(depth) {
					t.Fatal("iteration did not finish")
				}
				if math.Abs(sr.score-want) > 1e-9 {
					t.Fatalf("%s position %d depth %d: search %.6f, expectiminimax %.6f\n%s", g.info.ID, i, depth, sr.score, want, s)
				}
			}
		}
	}
}
