package ai

import (
	"math"

	"sig/rules"
)

// Method is a way of searching. AlphaBeta is what every level plays; MCTS is kept so that the
// two can be measured against each other (BENCHMARKS.md, "Computer levels"), on the same node budgets.
type Method uint8

const (
	// AlphaBeta is negamax alpha-beta (max-n beyond two players) with chance nodes.
	AlphaBeta Method = iota
	// MCTS is Monte Carlo tree search (UCT) whose leaves are scored by the game's Evaluator
	// instead of random playouts; a throw's outcomes are visited in proportion to their chances.
	MCTS
)

func (m Method) String() string {
	if m == MCTS {
		return "mcts"
	}
	return "alphabeta"
}

// mnode is one node of the MCTS tree: a move from its parent and the statistics of the games
// that went through it.
type mnode struct {
	move   rules.Move
	first  int32   // index of the first child, -1 until expanded
	kids   int32   // number of children
	visits int32   // iterations through this node
	value  float32 // sum of the rewards, for the player who made move (or threw)
	prob   float32 // chance of the outcome, for a throw's child
	by     int8    // the player who made move
}

const (
	// uctC is the exploration constant (rewards are in [0, 1]).
	uctC = 0.7
	// maxTree caps the tree's size; beyond it leaves are no longer expanded.
	maxTree = 1 << 22
)

// runMCTS searches by MCTS until the budget is spent; it is resumable through tick like the
// alpha-beta search and just as reproducible.
func (s *searcher) runMCTS() {
	root := s.states[0]
	tree := make([]mnode, 1, 1024)
	tree[0] = mnode{first: -1, by: int8(root.ToMove())}
	// The root's children in the seeded order.
	tree[0].first, tree[0].kids = 1, int32(len(s.root))
	for _, r := range s.root {
		tree = append(tree, mnode{move: r.move, first: -1, by: int8(root.ToMove())})
	}
	reward := make([]float64, s.players)
	path := make([]int32, 0, 64)
	s.grow(1)
	st := s.states[1]
	var buf []rules.Move
	var ch []float64
	for !s.abort {
		st.CopyFrom(root)
		path = path[:0]
		cur := int32(0)
		for st.Phase() != rules.PhaseOver && len(path) < 4*maxPly {
			nd := &tree[cur]
			if nd.first < 0 {
				if nd.visits == 0 || len(tree) >= maxTree {
					break // a new leaf: score it now, expand it on the next visit
				}
				buf = st.Legal(buf)
				nd.first, nd.kids = int32(len(tree)), int32(len(buf))
				by := int8(st.ToMove())
				if st.Phase() == rules.PhaseThrow {
					ch = st.Chances(ch)
					for i, m := range buf {
						tree = append(tree, mnode{move: m, first: -1, by: by, prob: float32(ch[i])})
					}
				} else {
					for _, m := range buf {
						tree = append(tree, mnode{move: m, first: -1, by: by})
					}
				}
				nd = &tree[cur]
			}
			cur = s.selectChild(tree, nd, st.Phase() == rules.PhaseThrow)
			if err := st.Apply(tree[cur].move, nil); err != nil {
				panic("ai: the rules refused their own legal move: " + err.Error())
			}
			s.count()
			path = append(path, cur)
			if s.abort {
				break
			}
		}
		if s.abort {
			break // the iteration is cut off: it leaves no trace
		}
		s.depth = max(s.depth, len(path))
		s.rewards(st, reward)
		tree[0].visits++
		for _, i := range path {
			tree[i].visits++
			tree[i].value += float32(reward[tree[i].by])
		}
	}
	// The most visited first move; between equals, the better scored, then the first tried.
	best := int32(-1)
	for i := tree[0].first; i < tree[0].first+tree[0].kids; i++ {
		if best < 0 || tree[i].visits > tree[best].visits ||
			(tree[i].visits == tree[best].visits && tree[i].value > tree[best].value) {
			best = i
		}
	}
	s.best = tree[best].move
	if v := tree[best].visits; v > 0 {
		s.score = 2*float64(tree[best].value)/float64(v) - 1
	}
}

// selectChild picks the child to follow: at a throw the outcome furthest behind its share of
// the visits, at a decision the best by UCB1 (an unvisited child first).
func (s *searcher) selectChild(tree []mnode, nd *mnode, throw bool) int32 {
	first, end := nd.first, nd.first+nd.kids
	best, bestScore := first, math.Inf(-1)
	n := float64(nd.visits) + 1
	logN := math.Log(n)
	for i := first; i < end; i++ {
		c := &tree[i]
		var score float64
		if throw {
			score = float64(c.prob)*n - float64(c.visits)
		} else {
			if c.visits == 0 {
				return i
			}
			v := float64(c.visits)
			score = float64(c.value)/v + uctC*math.Sqrt(logN/v)
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// rewards sets r to every player's reward in [0, 1] for the position st: by rank once the game
// is over, else by the Evaluator.
func (s *searcher) rewards(st rules.State, r []float64) {
	if st.Phase() == rules.PhaseOver {
		rk := st.Ranks()
		n := float64(len(rk) - 1)
		for p := range r {
			r[p] = 1 - float64(rk[p]-1)/n
		}
		return
	}
	if s.players == 2 {
		v := evaluate(st) // for the player to move
		if st.ToMove() != 0 {
			v = -v
		}
		r[0], r[1] = (1+v)/2, (1-v)/2
		return
	}
	ev, ok := st.(rules.Evaluator)
	for p := range r {
		r[p] = 0.5
		if ok {
			r[p] = (1 + evalScale*max(lo, min(hi, ev.Evaluate(p)))) / 2
		}
	}
}
