//go:build screens

package boards

import (
	"math/rand/v2"
	"testing"

	"sig/rules"
	"sig/rules/seega"
	"sig/scenes/ui"
)

// playUntil plays random legal moves (animations drained) until done says stop.
func playUntil(t *testing.T, hst *boardHost, seed uint64, done func(st rules.State) bool) *rand.Rand {
	rng := rand.New(rand.NewPCG(seed, 9))
	for i := 0; i < 5000 && hst.st.Phase() != rules.PhaseOver && !done(hst.st); i++ {
		hst.apply(hst.pick(rng))
		hst.drain(100000, nil)
	}
	return rng
}

// advance runs the queue for d seconds.
func (hst *boardHost) advance(d float64) {
	for i := 0; i < int(d*60+0.5) && hst.q.Busy(); i++ {
		hst.q.Advance(1.0 / 60)
	}
}

// seegaCapturing is a legal step that captures, if there is one.
func seegaCapturing(hst *boardHost) (rules.Move, bool) {
	st := hst.st.(*seega.State)
	for _, mv := range hst.legal {
		if st.Captures(mv) != 0 {
			return mv, true
		}
	}
	return 0, false
}

func init() {
	hints := func(hst *boardHost) {
		if h, ok := hst.b.(interface {
			ShowHints(rules.State, []rules.Move)
		}); ok {
			h.ShowHints(hst.st, hst.legal)
		}
	}
	placing := func(t *testing.T, hst *boardHost) {
		playUntil(t, hst, 1, func(st rules.State) bool { return st.(*seega.State).InHand(1) <= 7 })
		hints(hst)
		hst.apply(hst.legal[3])
		hst.advance(0.15)
	}
	picked := func(t *testing.T, hst *boardHost) {
		playUntil(t, hst, 2, func(st rules.State) bool {
			_, ok := seegaCapturing(hst)
			return ok && st.ToMove() == 0
		})
		mv, _ := seegaCapturing(hst)
		sqs := seegaSquares(t, hst.st, mv)
		hst.tap(ui.Target{Kind: "cell", N: sqs[0]})
		hst.send(ui.Intent{Kind: ui.Point, Target: ui.Target{Kind: "cell", N: sqs[1]}})
	}
	capture := func(t *testing.T, hst *boardHost) {
		playUntil(t, hst, 2, func(st rules.State) bool {
			_, ok := seegaCapturing(hst)
			return ok && st.ToMove() == 0
		})
		mv, _ := seegaCapturing(hst)
		hst.apply(mv)
		hst.advance(0.12 + 0.17)
	}
	chain := func(t *testing.T, hst *boardHost) {
		for seed := uint64(1); seed < 200; seed++ {
			hst.st = hst.env.Game.NewState(2)
			hst.b.Sync(hst.st)
			hst.legal = hst.st.Legal(nil)
			playUntil(t, hst, seed, func(st rules.State) bool { return st.(*seega.State).Chain() })
			if hst.st.(*seega.State).Chain() {
				return
			}
		}
	}
	blocked := func(t *testing.T, hst *boardHost) {
		for seed := uint64(1); seed < 400; seed++ {
			hst.st = hst.env.Game.NewState(2)
			hst.b.Sync(hst.st)
			hst.legal = hst.st.Legal(nil)
			playUntil(t, hst, seed, func(st rules.State) bool { return st.(*seega.State).Blocked() >= 0 })
			if hst.st.(*seega.State).Blocked() >= 0 {
				hints(hst)
				return
			}
		}
	}
	over := func(t *testing.T, hst *boardHost) {
		playUntil(t, hst, 3, func(st rules.State) bool { return false })
	}
	boardShots = append(boardShots,
		boardShot{"seega-start", 1280, 800, func(t *testing.T, hst *boardHost) { hints(hst) }, 0},
		boardShot{"seega-placing", 1280, 800, placing, 0},
		boardShot{"seega-picked", 1280, 800, picked, 0},
		boardShot{"seega-capture", 1280, 800, capture, 0},
		boardShot{"seega-chain", 1280, 800, chain, 0},
		boardShot{"seega-blocked", 1280, 800, blocked, 0},
		boardShot{"seega-over", 1280, 800, over, 0},
		boardShot{"seega-portrait-picked", 420, 860, picked, 0},
		boardShot{"seega-portrait-placing", 420, 860, placing, 0},
		boardShot{"seega-bench-rest", 1280, 800, picked, 200},
	)
}
