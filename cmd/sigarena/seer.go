package main

import (
	"math/rand/v2"

	"sig/rules"
)

// The seer is a measuring instrument, not a player anyone could be: it knows every throw the
// match will make (the seed decides them all) and plays, against an opponent it takes to be
// uniformly random, the move that does best over the throws to come. Against the random agent it
// is therefore better informed than any fair policy can be, and its win rate bounds from above
// (up to its own search horizon) what any computer player can achieve against random in that
// game (BENCHMARKS.md, "Computer levels"). It plays two-player games with throws.

// matchStream is the key rules.NewMatch gives its throwing generator; futureThrows must draw
// exactly what the match draws (TestFutureThrows checks it against rules.Match).
const matchStream = 0x5369_6720_7761_2044

// futureThrows lists the first n throws (counts of marked faces) a match of g with this seed
// makes, in order: every throw played draws once, whoever makes it and whatever was decided.
func futureThrows(g *rules.Info, seed int64, n int) []int {
	rng := rand.New(rand.NewPCG(uint64(seed), matchStream))
	out := make([]int, n)
	for i := range out {
		out[i] = rules.ThrowCount(rules.Faces(rng, g.Sticks.Count()))
	}
	return out
}

// seerBudget is the seer's default number of decision nodes a move.
const seerBudget = 100_000

// seer searches one decision with the throws known.
type seer struct {
	throws []int
	me     int
	budget int64
	nodes  int64
	abort  bool
	states []rules.State
	moves  [][]rules.Move
}

func newSeer(g *rules.Info, players int, throws []int, budget int64) *seer {
	if budget <= 0 {
		budget = seerBudget
	}
	return &seer{throws: throws, budget: budget, states: []rules.State{g.NewState(players)}}
}

// at is the scratch position of ply.
func (o *seer) at(ply int) rules.State {
	for len(o.states) <= ply {
		o.states = append(o.states, o.states[0].Clone())
		o.moves = append(o.moves, nil)
	}
	for len(o.moves) <= ply {
		o.moves = append(o.moves, nil)
	}
	return o.states[ply]
}

// choose picks the move at s, a decision of player me, k throws into the match: iterative
// deepening in decisions until the budget runs out or the outcome is certain.
func (o *seer) choose(s rules.State, me, k int) rules.Move {
	o.me, o.nodes, o.abort = me, 0, false
	legal := s.Legal(nil)
	best := legal[0]
	for depth := 1; depth <= 200; depth++ {
		bestV, bestM := -1.0, legal[0]
		for _, m := range legal {
			c := o.at(1)
			c.CopyFrom(s)
			if err := c.Apply(m, nil); err != nil {
				panic(err)
			}
			v := o.value(1, k, depth-1)
			if o.abort {
				return best
			}
			if v > bestV {
				bestV, bestM = v, m
			}
		}
		best = bestM
		if bestV >= 1 || bestV <= 0 {
			return best
		}
	}
	return best
}

// value is me's chance of winning from the position at ply (k throws made), looking depth
// decisions ahead; beyond them the game's Evaluator guesses it.
func (o *seer) value(ply, k, depth int) float64 {
	s := o.states[ply]
	for s.Phase() == rules.PhaseThrow && k < len(o.throws) {
		if err := s.Apply(rules.ThrowMove(o.throws[k]), nil); err != nil {
			panic(err)
		}
		k++
	}
	switch s.Phase() {
	case rules.PhaseOver:
		r := s.Ranks()
		switch {
		case r[o.me] < r[1-o.me]:
			return 1
		case r[o.me] > r[1-o.me]:
			return 0
		}
		return 0.5
	case rules.PhaseThrow: // beyond the throws listed
		depth = 0
	}
	if depth == 0 {
		if ev, ok := s.(rules.Evaluator); ok {
			return (max(-1, min(1, ev.Evaluate(o.me))) + 1) / 2
		}
		return 0.5
	}
	if o.nodes++; o.nodes >= o.budget {
		o.abort = true
		return 0
	}
	o.at(ply + 1)
	o.moves[ply] = s.Legal(o.moves[ply])
	mine := s.ToMove() == o.me
	best, sum := -1.0, 0.0
	for _, m := range o.moves[ply] {
		c := o.states[ply+1]
		c.CopyFrom(s)
		if err := c.Apply(m, nil); err != nil {
			panic(err)
		}
		v := o.value(ply+1, k, depth-1)
		if o.abort {
			return 0
		}
		if mine {
			if v > best {
				best = v
			}
			if best >= 1 {
				return 1
			}
		} else {
			sum += v
		}
	}
	if mine {
		return best
	}
	return sum / float64(len(o.moves[ply]))
}
