package scenes

import (
	"fmt"
	"iter"
	"math"

	"sig/ai"
	"sig/rules/games"
	"sig/scenes/ui"
)

// The memory soak (issue 13): a player's long session, played by the computers at instant
// speed through the scenes a player uses. soakScript is the session, one tick at a time; the
// short form below runs it without a window, soak_screens_test.go runs it for half an hour in
// a real one and samples the memory.

// soakScript is one session, repeated rounds times (forever when rounds is 0): for each of the
// five games, in turn, it sets the language and the text size in Settings (English, French,
// Arabic; normal and large, so every pairing comes round), starts the game from the title
// through the picker and Setup with every seat a computer (Sig wa Duqqan at its eight seats:
// the spiral's heaviest screen), visits Pause and the rules mid-game, plays to the results,
// opens the replay and plays it a while, visits the game records, and goes back to the title.
// Each step of the sequence yields once per tick, after running the Manager's Update; it stops
// with a message on whatever a player could not have done (a button missing).
func soakScript(m *Manager, rounds int, fail func(error)) iter.Seq[string] {
	return func(yield func(string) bool) {
		stopped := false
		tick := func(in ...ui.Intent) bool {
			if stopped {
				return false
			}
			m.inject(in...)
			if err := m.Update(); err != nil {
				fail(err)
				stopped = true
				return false
			}
			if !yield(m.Current().Name()) {
				stopped = true
			}
			return !stopped
		}
		// settle lets a transition finish (a few ticks) and the new scene lay out.
		settle := func() bool {
			for i := 0; i < 20; i++ {
				if !tick() {
					return false
				}
			}
			return true
		}
		tapID := func(scene, id string) bool {
			if got := m.Current().Name(); got != scene {
				fail(fmt.Errorf("soak: wanted the %s scene to tap %q, on %s", scene, id, got))
				stopped = true
				return false
			}
			x, y, ok := m.Current().Hits().Find(ui.Target{Kind: "button", ID: id})
			// A button scrolled out of view (Setup's eighth seat, with large text): scroll to
			// the top, then down a little at a time until it shows, as a player would.
			for i := 0; !ok && i < 60; i++ {
				dy := 60.0
				if i == 0 {
					dy = math.Inf(-1)
				}
				if !tick(ui.Intent{Kind: ui.Scroll, Scroll: dy}) {
					return false
				}
				x, y, ok = m.Current().Hits().Find(ui.Target{Kind: "button", ID: id})
			}
			if !ok {
				fail(fmt.Errorf("soak: no button %q on %s; targets %v", id, scene, m.Current().Hits().Targets()))
				stopped = true
				return false
			}
			return tick(ui.Intent{Kind: ui.Tap, X: x, Y: y}) && settle()
		}
		back := func() bool { return tick(ui.Intent{Kind: ui.Back}) && settle() }
		langs := []string{"en", "fr", "ar"}
		k := 0
		for round := 0; rounds == 0 || round < rounds; round++ {
			for _, g := range games.All() {
				// Settings: instant speed, this turn's language and text size.
				l, large := langs[k%len(langs)], k%2 == 1
				k++
				size := "text-normal"
				if large {
					size = "text-large"
				}
				if !tapID("title", "settings") || !tapID("settings", "speed-"+Instant.String()) ||
					!tapID("settings", "lang-"+l) || !tapID("settings", size) || !tapID("settings", "back") {
					return
				}
				// The game records (none saved in the soak's store: the empty list).
				if !tapID("title", "records") || !back() {
					return
				}
				// Picker, Setup: every seat a computer, the most seats the game allows.
				if !tapID("title", "play") || !tapID("picker", g.ID) {
					return
				}
				if s, ok := m.Current().(*setup); ok {
					for s.n < g.MaxPlayers {
						if !tapID("setup", "more") {
							return
						}
					}
					for i := 0; i < s.n; i++ {
						if !tapID("setup", ai.Levels[i%2].String()+"-"+fmt.Sprint(i)) {
							return
						}
					}
				}
				if !tapID("setup", "start") {
					return
				}
				// Play until the results, with a visit to Pause and the rules on the way.
				visited := false
				for i := 0; m.Current().Name() != "results"; i++ {
					if i > 2_000_000 {
						fail(fmt.Errorf("soak: %s did not end in 2,000,000 ticks", g.ID))
						return
					}
					if p, ok := m.Current().(*play); ok && !visited && p.d.Match().Moves() >= 20 {
						visited = true
						if !back() || !tapID("pause", "rules") || !back() || !tapID("pause", "resume") {
							return
						}
						continue
					}
					if !tick() {
						return
					}
				}
				if !settle() {
					return
				}
				// The replay: play it a while, jump to the end, back to the results, and home.
				if !tapID("results", "replay") || !tapID("replay", "play") {
					return
				}
				for i := 0; i < 600; i++ {
					if !tick() {
						return
					}
				}
				if !tapID("replay", "last") || !tapID("replay", "back") || !tapID("results", "menu") {
					return
				}
			}
		}
	}
}
