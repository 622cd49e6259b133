package boards

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"sig/rules"
	"sig/rules/essig"
	"sig/rules/sigwaduqqan"
)

// TestReducedMotionRaces plays the same seeded games of the race boards and Sig El Oued twice,
// with full motion and with reduced motion: the moves are the same, every animation drains to
// the picture of the same position (the rules' own), and with reduced motion the animation of
// a move takes on average no more than half a second a step (a short fade rather than the
// walk, drag or tumble), never more in all than full motion. The captions and announcements
// keep their time (nothing is lost), so the totals differ less than the walks do. (Seega and
// Sadeqa: TestReducedMotion.)
func TestReducedMotionRaces(t *testing.T) {
	for _, g := range []*rules.Info{sigwaduqqan.Info, essig.Info} {
		t.Run(g.ID, func(t *testing.T) {
			var ticks [2]int
			for k, reduced := range []bool{false, true} {
				h := newRaceHost(t, g, 4, 9, reduced)
				for h.st.Phase() != rules.PhaseOver && h.moves < 400 {
					var mv rules.Move
					if h.st.Phase() == rules.PhaseThrow {
						mv = h.throw()
					} else {
						legal := h.st.Legal(nil)
						mv = legal[h.rng.IntN(len(legal))]
					}
					h.apply(mv)
					steps := h.q.Len()
					n := 0
					h.settle(-1, func() { n++ })
					ticks[k] += n
					if reduced && steps > 0 && float64(n)/60/float64(steps) > 0.5 {
						t.Fatalf("move %d: %d steps took %d ticks with reduced motion", h.moves, steps, n)
					}
					var err error
					switch b := h.b.(type) {
					case *duqqanBoard:
						err = samePose(b.cur, b.pose(duqModelOf(h.st.(*sigwaduqqan.State))), 4)
					case *esSigBoard:
						err = samePose(b.cur, b.pose(esModelOf(h.st.(*essig.State))), 4)
					}
					if err != nil {
						t.Fatalf("reduced=%v move %d: %v", reduced, h.moves, err)
					}
					h.b.Sync(h.st)
				}
			}
			t.Logf("animation ticks: full motion %d, reduced %d", ticks[0], ticks[1])
			if ticks[1] > ticks[0] {
				t.Errorf("reduced motion takes %d ticks against %d for full motion", ticks[1], ticks[0])
			}
		})
	}
	t.Run("sig-el-oued", func(t *testing.T) {
		var ticks [2]int
		for k, reduced := range []bool{false, true} {
			hst, b := elOuedHost(t, 1280, 800)
			hst.env.Reduced = reduced
			rng := rand.New(rand.NewPCG(11, 11))
			for hst.st.Phase() != rules.PhaseOver && hst.moves < 300 {
				if hst.st.Phase() == rules.PhaseThrow {
					hst.apply(elOuedThrow(rng))
				} else {
					hst.apply(hst.pick(rng))
				}
				ticks[k] += hst.drain(5000, func() { elOuedCheckPicture(t, b, hst.st, fmt.Sprintf("reduced=%v move %d", reduced, hst.moves)) })
			}
		}
		t.Logf("animation ticks: full motion %d, reduced %d", ticks[0], ticks[1])
		if ticks[1] > ticks[0] {
			t.Errorf("reduced motion takes %d ticks against %d for full motion", ticks[1], ticks[0])
		}
	})
}
