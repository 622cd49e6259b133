package boards

import (
	"math/rand/v2"
	"testing"

	"sig/rules"
	"sig/rules/essig"
	"sig/rules/sadeqa"
	"sig/rules/sigeloued"
	"sig/rules/sigwaduqqan"
	"sig/scenes/ui"
)

// TestWholeGamesByTabAndEnter plays whole games of every board with the keyboard's focus keys
// alone, Tab, shift-Tab and Enter, as someone who cannot use a pointer would: at each decision
// the player presses Tab a few times and Enter, until the board has a move. The throws are the
// play scene's space bar. Every decision must be reachable this way, and every move the keys
// choose must be legal (apply fails the test otherwise).
func TestWholeGamesByTabAndEnter(t *testing.T) {
	for _, g := range []*rules.Info{seegaInfo(), sadeqa.Info, sigeloued.Info, essig.Info} {
		t.Run(g.ID, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				hst := newBoardHost(t, g, 1280, 800)
				hst.env.Reduced = seed == 2
				rng := rand.New(rand.NewPCG(seed, 31))
				decisions, presses := 0, 0
				for ply := 0; hst.st.Phase() != rules.PhaseOver; ply++ {
					if ply > 20000 {
						t.Fatalf("seed %d: the game does not end", seed)
					}
					if hst.st.Phase() == rules.PhaseThrow {
						hst.apply(hst.pick(rng)) // the space bar
					} else {
						decisions++
						chosen := false
						for tries := 0; !chosen; tries++ {
							if tries > 300 {
								t.Fatalf("seed %d: %d presses of Tab and Enter found no move at\n%v", seed, tries, hst.st)
							}
							kind := ui.Next
							if rng.IntN(5) == 0 {
								kind = ui.Prev
							}
							for k := rng.IntN(4); k > 0; k-- {
								if _, ok := hst.send(ui.Intent{Kind: kind}); ok {
									t.Fatal("Tab played a move")
								}
								presses++
							}
							_, chosen = hst.send(ui.Intent{Kind: ui.Activate})
							presses++
						}
					}
					hst.q.Finish()
					hst.b.Sync(hst.st)
					hst.legal = hst.st.Legal(hst.legal)
				}
				if decisions == 0 {
					t.Fatalf("seed %d: a whole game without a decision", seed)
				}
				t.Logf("seed %d: %d decisions by %d key presses; ranks %v", seed, decisions, presses, hst.st.Ranks())
			}
		})
	}
	// Sig wa Duqqan is throws only: the space bar plays it all, and the board never waits for
	// a choice.
	t.Run(sigwaduqqan.Info.ID, func(t *testing.T) {
		h := newRaceHost(t, sigwaduqqan.Info, 3, 1, true)
		for ply := 0; h.st.Phase() != rules.PhaseOver; ply++ {
			if ply > 20000 || h.st.Phase() != rules.PhaseThrow {
				t.Fatalf("ply %d: phase %v", ply, h.st.Phase())
			}
			h.apply(h.throw())
			h.settle(0, nil)
		}
	})
}
