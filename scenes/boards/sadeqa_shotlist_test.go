//go:build screens

package boards

import (
	"math/rand/v2"
	"testing"

	"sig/rules"
	"sig/rules/sadeqa"
)

// advanceUntil runs the queue tick by tick until done holds (or the queue drains).
func (hst *boardHost) advanceUntil(done func() bool) {
	for i := 0; i < 100000 && hst.q.Busy() && !done(); i++ {
		hst.q.Advance(1.0 / 60)
	}
}

// playUntilEvent plays random moves until one whose events contain kind (and ok says so), and
// leaves that move's animation queued, not yet run.
func playUntilEvent(t *testing.T, hst *boardHost, seed uint64, ok func(ev rules.Events) bool) {
	for s := seed; s < seed+300; s++ {
		hst.st = hst.env.Game.NewState(2)
		hst.b.Sync(hst.st)
		hst.legal = hst.st.Legal(nil)
		r := rand.New(rand.NewPCG(s, 13))
		for hst.st.Phase() != rules.PhaseOver {
			mv := hst.legal[r.IntN(len(hst.legal))]
			probe := hst.st.Clone()
			var ev rules.Events
			probe.Apply(mv, &ev)
			if ok(ev) {
				hst.apply(mv)
				return
			}
			hst.apply(mv)
			hst.q.Finish()
			hst.b.Sync(hst.st)
			hst.legal = hst.st.Legal(hst.legal)
		}
	}
	t.Fatalf("no such move found")
}

func has(ev rules.Events, k rules.EventKind, min int) bool {
	for _, e := range ev {
		if e.Kind == k && e.Value >= min {
			return true
		}
	}
	return false
}

func init() {
	hints := func(hst *boardHost) {
		if h, ok := hst.b.(interface {
			ShowHints(rules.State, []rules.Move)
		}); ok {
			h.ShowHints(hst.st, hst.legal)
		}
	}
	mid := func(t *testing.T, hst *boardHost) {
		playUntil(t, hst, 4, func(st rules.State) bool { return st.Turn() >= 24 && st.ToMove() == 0 })
		hints(hst)
	}
	sowing := func(t *testing.T, hst *boardHost) {
		playUntilEvent(t, hst, 1, func(ev rules.Events) bool { return has(ev, rules.EvLift, 5) })
		b := hst.b.(*sadeqaBoard)
		hst.advanceUntil(func() bool { return b.lap >= 4 && b.hand > 0 && b.hand < 5 && b.drop.on })
	}
	warana := func(t *testing.T, hst *boardHost) {
		playUntilEvent(t, hst, 2, func(ev rules.Events) bool { return has(ev, rules.EvWarana, 0) && has(ev, rules.EvLift, 2) })
		b := hst.b.(*sadeqaBoard)
		hst.advanceUntil(func() bool {
			for _, s := range b.spear {
				if s > 0.6 && s < 0.95 {
					return true
				}
			}
			return false
		})
	}
	capture := func(t *testing.T, hst *boardHost) {
		playUntilEvent(t, hst, 3, func(ev rules.Events) bool { return has(ev, rules.EvCaptured, 0) })
		b := hst.b.(*sadeqaBoard)
		hst.advanceUntil(func() bool {
			return len(b.fly) > 0 && b.fly[0].x != b.fly[0].from.X && (b.fly[0].to.Y-b.fly[0].y) < (b.fly[0].to.Y-b.fly[0].from.Y)*0.5
		})
	}
	bonus := func(t *testing.T, hst *boardHost) {
		playUntilEvent(t, hst, 5, func(ev rules.Events) bool { return has(ev, rules.EvBonus, 0) })
		b := hst.b.(*sadeqaBoard)
		hst.advanceUntil(func() bool { return b.toast != "" && b.toastA > 0.9 })
	}
	over := func(t *testing.T, hst *boardHost) {
		playUntil(t, hst, 6, func(st rules.State) bool { return false })
	}
	// longest starts a sowing of at least 90 seeds, for the measurement.
	longest := func(t *testing.T, hst *boardHost) {
		playUntilEvent(t, hst, 1, func(ev rules.Events) bool {
			k := 0
			for _, e := range ev {
				if e.Kind == rules.EvSow {
					k++
				}
			}
			return k >= 90
		})
	}
	_ = sadeqa.Holes
	boardShots = append(boardShots,
		boardShot{"sadeqa-start", 1280, 800, func(t *testing.T, hst *boardHost) { hints(hst) }, 0},
		boardShot{"sadeqa-mid", 1280, 800, mid, 0},
		boardShot{"sadeqa-sowing", 1280, 800, sowing, 0},
		boardShot{"sadeqa-warana", 1280, 800, warana, 0},
		boardShot{"sadeqa-capture", 1280, 800, capture, 0},
		boardShot{"sadeqa-bonus", 1280, 800, bonus, 0},
		boardShot{"sadeqa-over", 1280, 800, over, 0},
		boardShot{"sadeqa-portrait-sowing", 420, 860, sowing, 0},
		boardShot{"sadeqa-bench-longsow", 1280, 800, longest, 300},
		boardShot{"sadeqa-bench-rest", 1280, 800, mid, 200},
		boardShot{"sadeqa-portrait-mid", 420, 860, mid, 0},
	)
}
