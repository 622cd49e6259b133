package scenes

import (
	"fmt"
	"iter"
	"maps"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/ui"
	"sig/sprites"
)

// The memory soak (issue 13): a player's long session, played by the computers at instant
// speed through the scenes a player uses. soakScript is the session, one tick at a time; the
// short form below runs it without a window, soak_screens_test.go runs it for half an hour in
// a real one and samples the memory.

// soakPlan says how long soakScript plays: rounds (0: forever), whether each round makes the
// same choices as the first (same), and which games (nil: all five).
type soakPlan struct {
	rounds int
	same   bool
	games  []*rules.Info
}

// soakScript is one session, repeated rounds times (forever when rounds is 0): for each of the
// five games, in turn, it sets the language and the text size in Settings (English, French,
// Arabic; normal and large: every pairing comes round over the rounds, or, when same is true,
// each round makes the same choices as the first, so that rounds can be compared), starts the game from the title
// through the picker and Setup with every seat a computer (Sig wa Duqqan at its eight seats:
// the spiral's heaviest screen), visits Pause and the rules mid-game, plays to the results,
// opens the replay and plays it a while, visits the game records, and goes back to the title.
// Each step of the sequence yields once per tick, after running the Manager's Update; it stops
// with a message on whatever a player could not have done (a button missing).
func soakScript(m *Manager, plan soakPlan, fail func(error)) iter.Seq[string] {
	rounds, same := plan.rounds, plan.same
	if plan.games == nil {
		plan.games = games.All()
	}
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
			x, y, ok := reach(m.Current().Hits(), ui.Target{Kind: "button", ID: id})
			// A button scrolled out of view, or half out of it (Setup's eighth seat, with large
			// text): scroll to the top, then down a little at a time until a tap reaches it, as
			// a player would. (Tapping where the scene says the button is, whatever lies on top,
			// once pressed Start instead.)
			for i := 0; !ok && i < 60; i++ {
				dy := 60.0
				if i == 0 {
					dy = math.Inf(-1)
				}
				if !tick(ui.Intent{Kind: ui.Scroll, Scroll: dy}) {
					return false
				}
				x, y, ok = reach(m.Current().Hits(), ui.Target{Kind: "button", ID: id})
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
			if same {
				k = 0
			}
			for _, g := range plan.games {
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

// reach is a point where a tap lands on t: the middle of its area, if no area lies on top of it
// there.
func reach(h *ui.HitMap, t ui.Target) (x, y float64, ok bool) {
	h.Each(func(got ui.Target, _ ui.Rect, cx, cy float64, reachable bool) {
		if !ok && got == t && reachable {
			x, y, ok = cx, cy, true
		}
	})
	return x, y, ok
}

// TestSoakShort is the soak's short form: one round of two games (every scene, three
// languages, both text sizes, the replays) drawn offscreen now and then, and then the same
// round again by the same app, its random source set back so that the games are the same. The
// second round must end holding no more images and pictures than the first: whatever a round
// leaves alive would otherwise pile up for as long as the app stays open. And every image the
// app dropped must have been deallocated first, not left for Go's collector to find (until it
// runs, the image's room in Ebitengine's atlas pages stays taken).
func TestSoakShort(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a couple of rounds of play: run without -race or -short (.ci/run does)")
	}
	dst := ebiten.NewImage(1280, 800)
	defer dst.Deallocate()
	type mark struct {
		ticks    int
		images   map[string]sprites.ImageCount
		pictures ui.CacheStats
	}
	// Two of the five games: the other three's boards are the heaviest to paint (the long
	// form plays all five). Sadeqa's
	// seeds and Seega's stones are pictures of their own.
	var short []*rules.Info
	for _, id := range []string{"sadeqa", "seega"} {
		g, ok := games.Lookup(id)
		if !ok {
			t.Fatalf("no game %q", id)
		}
		short = append(short, g)
	}
	var marks [2]mark
	m := newTest(t, Config{Seed: 5})
	// The picture cache lets pictures go by time: here a tick is a sixtieth of a second, as
	// in the app at 60 frames a second, whatever the speed of the machine running the test
	// (the two rounds must let the same pictures go).
	// The session starts from an empty cache, as the app does: in .ci/run's scenes step other
	// tests run first in the same process, and a frame of theirs that needed more than the
	// bound (the cache allows it) leaves it holding more than the bound.
	ui.Pictures.Clear()
	var clock time.Time
	ui.Pictures.SetClock(func() time.Time { return clock })
	defer ui.Pictures.SetClock(nil)
	for r := range marks {
		m.rng = rand.New(rand.NewPCG(5, 0x5349_47)) // as newManager seeds it
		var err error
		n := 0
		scenes := map[string]bool{}
		shown := 0
		last := ""
		for name := range soakScript(m, soakPlan{rounds: 1, same: true, games: short}, func(e error) { err = e }) {
			clock = clock.Add(time.Second / 60)
			scenes[name] = true
			// Every tick is a frame for the picture cache, but only some are painted: each
			// scene as it comes and settles, and one tick in 64 (painting costs time; what
			// Ebitengine queues for a frame offscreen is let go by forgetDraws).
			if n++; name != last || shown == 20 || n%64 == 0 {
				m.Draw(dst)
			} else {
				ui.Pictures.NextFrame()
			}
			forgetDraws()
			if name != last {
				shown = 0
			}
			last = name
			shown++
		}
		if err != nil {
			t.Fatalf("round %d: %v", r+1, err)
		}
		for _, want := range []string{"title", "settings", "records", "picker", "setup", "play", "pause", "rules", "results", "replay"} {
			if !scenes[want] {
				t.Errorf("round %d never showed the %s scene", r+1, want)
			}
		}
		// Images dropped without being deallocated are found only when the collector runs,
		// and their cleanups run after it.
		for range 3 {
			runtime.GC()
			time.Sleep(20 * time.Millisecond)
		}
		marks[r] = mark{n, sprites.ImageCounts(), ui.Pictures.Stats()}
		t.Logf("round %d: %d ticks; pictures %+v; images %+v", r+1, n, marks[r].pictures, marks[r].images)
		if p := marks[r].pictures; p.PeakBytes > ui.Pictures.Limit() {
			t.Errorf("round %d: the pictures reached %d bytes, over the cache's bound of %d", r+1, p.PeakBytes, ui.Pictures.Limit())
		}
	}
	a, b := marks[0], marks[1]
	if a.ticks != b.ticks {
		t.Fatalf("the two rounds were not the same session (%d and %d ticks): nothing to compare", a.ticks, b.ticks)
	}
	if b.pictures.Count > a.pictures.Count || b.pictures.Bytes > a.pictures.Bytes {
		t.Errorf("the pictures held grew over a second, identical round: %d → %d pictures, %d → %d bytes", a.pictures.Count, b.pictures.Count, a.pictures.Bytes, b.pictures.Bytes)
	}
	for _, k := range slices.Sorted(maps.Keys(b.images)) {
		if b.images[k].Live > a.images[k].Live {
			t.Errorf("%s images alive grew over a second, identical round: %d → %d", k, a.images[k].Live, b.images[k].Live)
		}
		if c := b.images[k].Collected; c > 0 {
			t.Errorf("%d %s images were dropped without being deallocated (found by the collector)", c, k)
		}
	}
}
