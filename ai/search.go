package ai

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"sig/rules"
)

const (
	// maxPly is the deepest a search goes (decisions and throws both count).
	maxPly = 64
	// checkEvery is how many nodes pass between two looks at the clock.
	checkEvery = 128
	// evalScale keeps heuristic values inside (-1, 1), below every won game.
	evalScale = 0.9
	// plyPenalty makes a nearer win worth a little more than a farther one.
	plyPenalty = 1e-4
	// proven is the least value of a game won whatever happens within maxPly.
	proven = 1 - plyPenalty*(maxPly+2)
	// lo and hi bound every value; inf lies beyond them, for open windows.
	lo, hi = -1.0, 1.0
	inf    = 2.0
	// histBits is the log2 size of the history table.
	histBits = 12
)

// rootMove is one move at the root with what the last completed iteration found.
type rootMove struct {
	move  rules.Move
	value float64   // value for the mover (two players), or vec[mover] (max-n)
	vec   []float64 // max-n: the value of every player
	noise float64   // Easy's noise, drawn once per move
}

// searcher is one search from one root position. It is single-use and not safe for
// concurrent use.
type searcher struct {
	players int
	method  Method
	budget  int64
	nodes   int64
	p       levelParams
	rng     *rand.Rand
	// tick is called every checkEvery nodes; false stops the search (a time cap, a closed
	// Thinker). It may block: a Thinker pauses inside it between slices.
	tick  func() bool
	abort bool

	// Per ply: the position, its legal moves, their chances, ordering keys and (max-n) values.
	states  []rules.State
	moves   [][]rules.Move
	chances [][]float64
	keys    [][]int32
	vals    [][]float64
	killers [][2]rules.Move
	history [2][1 << histBits]int32
	tt      *table

	root    []rootMove
	scratch []float64  // one value per root move
	best    rules.Move // the move to play so far
	score   float64    // its value
	depth   int        // deepest completed iteration
}

func newSearcher(s rules.State, o Options) *searcher {
	budget := o.Nodes
	if budget <= 0 {
		budget = Budget(s.Info().ID, o.Level)
	}
	sr := &searcher{
		players: s.Players(),
		method:  o.Method,
		budget:  budget,
		p:       params[o.Level],
		rng:     rand.New(rand.NewPCG(uint64(o.Seed), 0x5369_6761_692d_6169)),
		states:  []rules.State{s.Clone()},
		best:    NoMove,
	}
	sr.grow(0)
	if legal := s.Legal(nil); len(legal) > 0 {
		sr.best = legal[0]
	}
	return sr
}

// grow makes sure ply has its state and buffers.
func (s *searcher) grow(ply int) {
	for len(s.moves) <= ply {
		if len(s.states) <= len(s.moves) {
			root := s.states[0]
			s.states = append(s.states, root.Info().NewState(root.Players()))
		}
		s.moves = append(s.moves, make([]rules.Move, 0, 32))
		s.chances = append(s.chances, make([]float64, 0, 8))
		s.keys = append(s.keys, make([]int32, 0, 32))
		s.vals = append(s.vals, make([]float64, s.players))
		s.killers = append(s.killers, [2]rules.Move{NoMove, NoMove})
	}
}

// stats reports the search so far.
func (s *searcher) stats() Stats {
	return Stats{Nodes: s.nodes, Budget: s.budget, Depth: s.depth, Score: s.score}
}

// count records one node and decides whether the search must stop.
func (s *searcher) count() {
	s.nodes++
	if s.nodes >= s.budget {
		s.abort = true
	} else if s.nodes%checkEvery == 0 && s.tick != nil && !s.tick() {
		s.abort = true
	}
}

// apply sets the position at ply+1 to the one at ply after m.
func (s *searcher) apply(ply int, m rules.Move) {
	s.grow(ply + 1)
	c := s.states[ply+1]
	c.CopyFrom(s.states[ply])
	if err := c.Apply(m, nil); err != nil {
		panic(fmt.Sprintf("ai: the rules refused their own legal move %q: %v\n%s", s.states[ply].FormatMove(m), err, s.states[ply]))
	}
	s.count()
}

// run searches by iterative deepening until the budget, the depth limit or a proof ends it;
// s.best is a legal move from the first node on.
func (s *searcher) run() {
	root := s.states[0]
	legal := root.Legal(nil)
	if len(legal) == 0 {
		return
	}
	s.best = legal[0]
	if len(legal) == 1 {
		return
	}
	// The seed decides the order in which moves are first tried, and so between equal moves.
	s.rng.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
	s.root = make([]rootMove, len(legal))
	for i, m := range legal {
		s.root[i] = rootMove{move: m, vec: make([]float64, s.players)}
		if s.p.noise > 0 {
			s.root[i].noise = (2*s.rng.Float64() - 1) * s.p.noise
		}
	}
	s.best = s.root[0].move
	if s.method == MCTS {
		s.runMCTS()
		return
	}
	if s.players == 2 {
		s.tt = getTable(tableBits(s.budget))
		defer func() { putTable(s.tt); s.tt = nil }()
	}
	for d := 1; d <= s.p.maxDepth && d <= maxPly; d++ {
		if !s.iterate(d) {
			return
		}
		s.depth = d
		if s.p.noise == 0 && math.Abs(s.score) >= proven {
			return // a proven win or loss: deeper cannot change it
		}
	}
}

// tableBits sizes the transposition table for a budget: about a slot per four nodes, between
// 2^10 and 2^17 slots.
func tableBits(budget int64) uint {
	b := uint(bits.Len64(uint64(budget)))
	return min(max(b, 12)-2, 17)
}

// iterate searches every root move to depth plies and reports whether it finished. An
// unfinished iteration still counts if it proved a move better than the previous best.
func (s *searcher) iterate(depth int) bool {
	root := s.states[0]
	mover := root.ToMove()
	full := s.p.noise > 0 // noisy levels need every move's value, not a bound
	alpha := -inf
	bestI, bestV := -1, -inf
	if cap(s.scratch) < len(s.root) {
		s.scratch = make([]float64, len(s.root))
	}
	values := s.scratch[:len(s.root)]
	for i := range s.root {
		s.apply(0, s.root[i].move)
		var v float64
		if s.players == 2 {
			a := alpha
			if full {
				a = -inf
			}
			v = s.child(1, depth-1, a, inf, mover)
		} else {
			s.childN(1, depth-1)
			if !s.abort {
				copy(s.root[i].vec, s.vals[1])
				v = s.vals[1][mover]
			}
		}
		if s.abort {
			break
		}
		values[i] = v
		if bestI < 0 || s.better(i, bestI, v, bestV, mover) {
			bestI, bestV = i, v
		}
		if v > alpha {
			alpha = v
		}
	}
	if s.abort {
		if bestI > 0 && !full {
			s.best, s.score = s.root[bestI].move, bestV
		}
		return false
	}
	for i := range s.root {
		s.root[i].value = values[i]
	}
	// Best first for the next iteration; ties keep their order.
	if s.players == 2 {
		slices.SortStableFunc(s.root, func(a, b rootMove) int {
			switch {
			case a.value > b.value:
				return -1
			case a.value < b.value:
				return 1
			}
			return 0
		})
	} else {
		slices.SortStableFunc(s.root, func(a, b rootMove) int {
			switch {
			case prefer(a.vec, b.vec, mover):
				return -1
			case prefer(b.vec, a.vec, mover):
				return 1
			}
			return 0
		})
	}
	pick := 0
	if full {
		for i := range s.root {
			if s.root[i].value+s.root[i].noise > s.root[pick].value+s.root[pick].noise {
				pick = i
			}
		}
	}
	s.best, s.score = s.root[pick].move, s.root[pick].value
	return true
}

// better reports whether root move i (value v) beats root move j (value w) for mover.
func (s *searcher) better(i, j int, v, w float64, mover int) bool {
	if s.players == 2 {
		return v > w
	}
	return prefer(s.root[i].vec, s.root[j].vec, mover)
}

// terminal is the value of an ended game for player p, reached ply plies from the root.
func (s *searcher) terminal(c rules.State, p, ply int) float64 {
	r := c.Ranks()
	mine, theirs := r[p], r[1-p]
	switch {
	case mine < theirs:
		return hi - plyPenalty*float64(ply)
	case mine > theirs:
		return lo + plyPenalty*float64(ply)
	}
	return 0
}

// evaluate is the heuristic value of c for the player to move, in a zero-sum form.
func evaluate(c rules.State) float64 {
	ev, ok := c.(rules.Evaluator)
	if !ok {
		return 0
	}
	p := c.ToMove()
	v := (ev.Evaluate(p) - ev.Evaluate(1-p)) / 2
	return evalScale * max(lo, min(hi, v))
}

// child is the value for parent's mover of the position at ply (just reached), searched depth
// more plies within (alpha, beta).
func (s *searcher) child(ply, depth int, alpha, beta float64, mover int) float64 {
	c := s.states[ply]
	if c.Phase() == rules.PhaseOver {
		return s.terminal(c, mover, ply)
	}
	if c.ToMove() == mover {
		return s.negamax(ply, depth, alpha, beta)
	}
	return -s.negamax(ply, depth, -beta, -alpha)
}

// negamax is the value of the position at ply for its player to move, fail-soft within
// (alpha, beta).
func (s *searcher) negamax(ply, depth int, alpha, beta float64) float64 {
	st := s.states[ply]
	if s.abort {
		return 0
	}
	if depth <= 0 || ply >= maxPly {
		return evaluate(st)
	}
	key := st.Hash()
	ttMove := NoMove
	if e := s.tt.probe(key); e != nil {
		if int(e.depth) >= depth {
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && e.value >= beta,
				e.bound == boundUpper && e.value <= alpha:
				return e.value
			}
		}
		ttMove = e.move
	}
	alpha0 := alpha
	var best float64
	bestMove := NoMove
	if st.Phase() == rules.PhaseThrow {
		best = s.chance(ply, depth, alpha, beta)
	} else {
		best, bestMove = s.decide(ply, depth, alpha, beta, ttMove)
	}
	if s.abort {
		return 0
	}
	b := boundExact
	if best <= alpha0 {
		b = boundUpper
	} else if best >= beta {
		b = boundLower
	}
	s.tt.store(key, depth, best, b, bestMove)
	return best
}

// decide searches a decision: the best of the moves for the player to move.
func (s *searcher) decide(ply, depth int, alpha, beta float64, ttMove rules.Move) (float64, rules.Move) {
	st := s.states[ply]
	mover := st.ToMove()
	moves := st.Legal(s.moves[ply])
	s.moves[ply] = moves
	s.order(ply, moves, ttMove, mover)
	best, bestMove := -inf, moves[0]
	for _, m := range moves {
		s.apply(ply, m)
		v := s.child(ply+1, depth-1, alpha, beta, mover)
		if s.abort {
			return 0, NoMove
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					s.cutoff(ply, m, mover, depth)
					break
				}
			}
		}
	}
	return best, bestMove
}

// chance searches a throw: the outcomes' values weighted by their chances, cut off (Star1) as
// soon as the bounds of the values left to see settle it outside (alpha, beta).
func (s *searcher) chance(ply, depth int, alpha, beta float64) float64 {
	st := s.states[ply]
	mover := st.ToMove()
	moves := st.Legal(s.moves[ply])
	s.moves[ply] = moves
	ch := st.Chances(s.chances[ply])
	s.chances[ply] = ch
	// The likeliest outcomes first: they settle the bounds soonest, so Star1 cuts sooner.
	var order [16]uint8
	n := len(moves)
	if n > len(order) {
		n = 0 // more outcomes than any game's sticks make: natural order
	}
	for i := range n {
		order[i] = uint8(i)
		for j := i; j > 0 && ch[order[j]] > ch[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	sum, rest := 0.0, 1.0
	for k := range moves {
		i := k
		if n > 0 {
			i = int(order[k])
		}
		m, p := moves[i], ch[i]
		if p <= 0 {
			continue
		}
		rest -= p
		if rest < 1e-12 {
			rest = 0
		}
		// The window this outcome must leave for the whole to stay inside (alpha, beta).
		aRaw := (alpha - sum - rest*hi) / p
		bRaw := (beta - sum - rest*lo) / p
		s.apply(ply, m)
		v := s.child(ply+1, depth-1, max(aRaw, lo), min(bRaw, hi), mover)
		if s.abort {
			return 0
		}
		sum += p * v
		if v >= bRaw {
			return max(sum+rest*lo, beta)
		}
		if v <= aRaw {
			return min(sum+rest*hi, alpha)
		}
	}
	return sum
}

// order sorts moves best first: the table's move, the killers, then by history.
func (s *searcher) order(ply int, moves []rules.Move, ttMove rules.Move, mover int) {
	keys := s.keys[ply][:0]
	k := &s.killers[ply]
	h := &s.history[mover&1]
	for _, m := range moves {
		var key int32
		switch m {
		case ttMove:
			key = 1 << 30
		case k[0]:
			key = 1 << 29
		case k[1]:
			key = 1 << 28
		default:
			key = h[histIndex(m)]
		}
		keys = append(keys, key)
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	s.keys[ply] = keys
}

// cutoff remembers a move that refuted the position at ply.
func (s *searcher) cutoff(ply int, m rules.Move, mover, depth int) {
	k := &s.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	h := &s.history[mover&1]
	i := histIndex(m)
	h[i] += int32(depth * depth)
	if h[i] > 1<<26 {
		for j := range h {
			h[j] /= 2
		}
	}
}

func histIndex(m rules.Move) uint32 {
	return uint32(m) * 0x9E3779B1 >> (32 - histBits)
}

// childN sets s.vals[ply] to every player's value of the position at ply (just reached),
// searched depth more plies by max-n.
func (s *searcher) childN(ply, depth int) {
	c := s.states[ply]
	out := s.vals[ply]
	if s.abort {
		return
	}
	if c.Phase() == rules.PhaseOver {
		r := c.Ranks()
		n := float64(len(r) - 1)
		for p := range out {
			out[p] = hi - (hi-lo)*float64(r[p]-1)/n
		}
		return
	}
	if depth <= 0 || ply >= maxPly {
		ev, ok := c.(rules.Evaluator)
		for p := range out {
			out[p] = 0
			if ok {
				out[p] = evalScale * max(lo, min(hi, ev.Evaluate(p)))
			}
		}
		return
	}
	moves := c.Legal(s.moves[ply])
	s.moves[ply] = moves
	if c.Phase() == rules.PhaseThrow {
		ch := c.Chances(s.chances[ply])
		s.chances[ply] = ch
		clear(out)
		for i, m := range moves {
			s.apply(ply, m)
			s.childN(ply+1, depth-1)
			if s.abort {
				return
			}
			for p, v := range s.vals[ply+1] {
				out[p] += ch[i] * v
			}
		}
		return
	}
	mover := c.ToMove()
	for i, m := range moves {
		s.apply(ply, m)
		s.childN(ply+1, depth-1)
		if s.abort {
			return
		}
		if i == 0 || prefer(s.vals[ply+1], out, mover) {
			copy(out, s.vals[ply+1])
		}
	}
}

// prefer reports whether mover prefers the outcome a to b: a better value for themselves, or,
// between equal ones, a worse one for the best placed of the others (every player plays
// against the leader when it costs them nothing).
func prefer(a, b []float64, mover int) bool {
	const eps = 1e-9
	if a[mover] > b[mover]+eps {
		return true
	}
	if a[mover] < b[mover]-eps {
		return false
	}
	return leader(a, mover) < leader(b, mover)-eps
}

// leader is the best value among the players other than mover.
func leader(v []float64, mover int) float64 {
	best := -inf
	for p, x := range v {
		if p != mover && x > best {
			best = x
		}
	}
	return best
}
