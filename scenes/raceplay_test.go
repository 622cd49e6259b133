package scenes

import (
	"math/rand/v2"
	"testing"

	"sig/match"
	"sig/rules"
	"sig/rules/essig"
	"sig/rules/games"
	"sig/scenes/ui"
)

// The race games played whole through the play scene by people at one screen: throws by the
// throw button or space, Es-Sîg's steering by taps on the board's own targets (or arrows and
// enter on the board), taps and spaces during animations skipping them; after every move the
// match is checked against the engine replaying the same moves.
func TestRaceGamesInThePlayScene(t *testing.T) {
	for _, id := range []string{"sig-wa-duqqan", "es-sig"} {
		t.Run(id, func(t *testing.T) {
			g, _ := games.Lookup(id)
			m := newTest(t, Config{Game: id, Seed: 21, Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}, {Who: match.Person{}}}})
			p := m.Current().(*play)
			rng := rand.New(rand.NewPCG(5, 6))
			engine := g.NewState(3)
			checked := 0
			check := func() {
				t.Helper()
				for ; checked < p.d.Match().Moves(); checked++ {
					if err := engine.Apply(p.d.Match().MoveAt(checked), nil); err != nil {
						t.Fatalf("move %d: the engine refuses %v: %v", checked, p.d.Match().MoveAt(checked), err)
					}
				}
				if !engine.Equal(p.State()) {
					t.Fatalf("after %d moves the scene has\n%v\nthe engine\n%v", checked, p.State(), engine)
				}
			}
			decisions := 0
			for tick := 0; m.Current().Name() == "play"; tick++ {
				if tick > 400_000 {
					t.Fatalf("no end after %d ticks (%d moves)", tick, p.d.Match().Moves())
				}
				st := p.State()
				switch {
				case p.Busy():
					// Now and then a tap on the board or a space during the animation: it finishes
					// the animation and plays nothing.
					if rng.IntN(6) == 0 {
						moves := p.d.Match().Moves()
						in := ui.Intent{Kind: ui.Activate, Rune: ' '}
						if rng.IntN(2) == 0 {
							x, y, _ := p.Hits().Find(ui.Target{Kind: "cell", N: rng.IntN(40)})
							in = ui.Intent{Kind: ui.Tap, X: x, Y: y}
						}
						step(m, in)
						if p.Busy() {
							t.Fatalf("%v during the animation did not finish it", in)
						}
						if p.d.Match().Moves() != moves {
							t.Fatalf("%v during the animation played a move", in)
						}
						continue
					}
					step(m)
				case st.Phase() == rules.PhaseThrow:
					moves := p.d.Match().Moves()
					if rng.IntN(2) == 0 {
						tap(t, m, "throw")
					} else {
						step(m, ui.Intent{Kind: ui.Activate, Rune: ' '})
					}
					if p.d.Match().Moves() != moves+1 {
						t.Fatalf("one throw played %d moves", p.d.Match().Moves()-moves)
					}
					check()
				case st.Phase() == rules.PhaseMove:
					decisions++
					legal := st.Legal(nil)
					want := legal[rng.IntN(len(legal))]
					id := "back"
					if want == essig.GhulaForward {
						id = "forward"
					}
					moves := p.d.Match().Moves()
					tapTarget(t, m, ui.Target{Kind: "ghula", ID: id})
					if p.d.Match().Moves() != moves+1 || p.d.Match().MoveAt(moves) != want {
						t.Fatalf("tapping %s played %d moves (last %v), want %v", id, p.d.Match().Moves()-moves, p.d.Match().MoveAt(p.d.Match().Moves()-1), want)
					}
					check()
				default:
					step(m)
				}
			}
			want(t, m, "results")
			check()
			if engine.Phase() != rules.PhaseOver {
				t.Fatalf("results before the end")
			}
			if id == "es-sig" && decisions == 0 {
				t.Errorf("no steering decision in the game")
			}
		})
	}
}
