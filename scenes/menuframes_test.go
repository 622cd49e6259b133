//go:build !js

package scenes

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/scenes/ui"
	"sig/sprites"
)

// TestMenuFramesCopyPictures: the menus and the replay, walked as a player walks them (the
// title, the settings in large text scrolled, the picker with a card under the pointer, Setup as the seats change, the game with a
// visit to Pause and its rules scrolled through, the results, the replay played, stepped,
// jumped and scrubbed), paint every frame after a scene's first by copying pictures: no path
// filled or stroked straight onto the screen. A path on the screen costs its stencil passes
// every frame, and Ebitengine keeps the busiest frame's queue of vertices for the rest of the
// run: the picker's cards queued 50 MB a frame and the replay's 16–24 MB (BENCHMARKS.md,
// "Memory over a long session"). The play scene's animated frames are TestFramesCopyPictures'.
//
// Every frame is painted as if something had changed (an idle menu is not painted at all). It
// draws a few hundred frames and plays a game at instant speed: not under -race (about ten
// times slower to draw, and no help to a test of what is drawn), in .ci/run's scenes step.
func TestMenuFramesCopyPictures(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("hundreds of frames drawn: run without -race or -short (.ci/run does)")
	}
	dst := ebiten.NewImage(1280, 800)
	m := newTest(t, Config{Seed: 5})
	// The app keeps its manager for its whole run; this one is dropped at the test's end, so
	// its image of the scene fading out is released first (TestSoakShort, after it in
	// .ci/run, fails on any image the collector finds).
	defer func() { sprites.Release(m.prevImg) }()
	type seen struct {
		frames, paths int
		callers       map[string]int
	}
	scenes := map[string]*seen{}
	// frame paints one frame of the scene on screen and counts the paths filled onto it, but
	// for the scene's first frame (the pictures painted then are painted into pictures).
	frame := func() {
		w := &sprites.PathWatch{Dst: dst}
		stop := sprites.Watch(w)
		ui.ClipMade = w.View
		m.redraw = true
		m.Draw(dst)
		stop()
		ui.ClipMade = nil
		forgetDraws()
		s := scenes[m.Current().Name()]
		if s == nil {
			s = &seen{callers: map[string]int{}}
			scenes[m.Current().Name()] = s
		} else {
			s.paths += w.Count
			for k, v := range w.Callers {
				s.callers[k] += v
			}
		}
		s.frames++
	}
	// tick runs one tick with the intents and paints its frame.
	tick := func(in ...ui.Intent) {
		step(m, in...)
		frame()
	}
	// press taps button id and paints the frames of the next twenty ticks (a transition).
	press := func(id string) {
		t.Helper()
		x, y, ok := m.Current().Hits().Find(ui.Target{Kind: "button", ID: id})
		if !ok {
			t.Fatalf("%s: no button %q to tap", m.Current().Name(), id)
		}
		tick(ui.Intent{Kind: ui.Point, X: x, Y: y, Down: true})
		tick(ui.Intent{Kind: ui.Tap, X: x, Y: y})
		for i := 0; i < 20; i++ {
			tick()
		}
	}
	// hover rests the pointer on button id.
	hover := func(id string) {
		t.Helper()
		x, y, ok := m.Current().Hits().Find(ui.Target{Kind: "button", ID: id})
		if !ok {
			t.Fatalf("%s: no button %q to point at", m.Current().Name(), id)
		}
		tick(ui.Intent{Kind: ui.Point, X: x, Y: y})
		tick()
	}

	frame()
	// The settings, their volume bar moved and their rows scrolled in large text.
	press("settings")
	want(t, m, "settings")
	press("volume-down")
	press("volume-up")
	press("text-large")
	for i := 0; i < 8; i++ {
		tick(ui.Intent{Kind: ui.Scroll, Scroll: 120})
	}
	for i := 0; i < 8; i++ {
		tick(ui.Intent{Kind: ui.Scroll, Scroll: -120})
	}
	press("text-normal")
	press("back")
	want(t, m, "title")
	press("play")
	want(t, m, "picker")
	hover("es-sig")
	hover("seega")
	// Es-Sîg's setup (its picture's rings were paths), from two players to four.
	press("es-sig")
	want(t, m, "setup")
	press("more")
	press("more")
	press("back")
	want(t, m, "picker")
	press("seega")
	want(t, m, "setup")
	for i := 0; i < 2; i++ {
		press(fmt.Sprintf("%s-%d", ai.Easy, i))
	}
	press("start")
	want(t, m, "play")
	if n := playInstant(m, 12); n < 12 {
		t.Fatalf("the game ended after %d moves", n)
	}
	tick(ui.Intent{Kind: ui.Back})
	want(t, m, "pause")
	press("rules")
	want(t, m, "rules")
	for i := 0; i < 12; i++ {
		tick(ui.Intent{Kind: ui.Scroll, Scroll: 150})
	}
	tick(ui.Intent{Kind: ui.Back})
	want(t, m, "pause")
	press("resume")
	playInstant(m, 1<<30)
	for i := 0; i < 200 && m.Current().Name() == "play"; i++ {
		step(m) // the last move's animation, then the results
	}
	for i := 0; i < 20; i++ {
		tick()
	}
	want(t, m, "results")
	// The replay at the normal speed: its moves animated as in the game.
	m.settings.Speed = Normal
	m.settings.apply()
	hover("replay")
	press("replay")
	want(t, m, "replay")
	press("play")
	for i := 0; i < 120; i++ {
		tick()
	}
	press("prev")
	press("first")
	press("next")
	press("last")
	// The knob dragged along the track, and let go.
	r := m.Current().(*replay).scrubR
	for i := 0; i <= 10; i++ {
		tick(ui.Intent{Kind: ui.Point, X: r.X + r.W*float64(i)/10, Y: r.CY(), Down: true})
	}
	tick(ui.Intent{Kind: ui.Tap, X: r.X + r.W/3, Y: r.CY()})

	names := make([]string, 0, len(scenes))
	for name := range scenes {
		names = append(names, name)
	}
	sort.Strings(names)
	var report []string
	for _, name := range names {
		s := scenes[name]
		report = append(report, fmt.Sprintf("%s %d frames", name, s.frames))
		if s.paths > 0 {
			w := sprites.PathWatch{Callers: s.callers}
			t.Errorf("%s: %d paths filled onto the screen in %d frames after its first: %s", name, s.paths, s.frames-1, w.String())
		}
	}
	t.Log(strings.Join(report, ", "))
	for _, name := range []string{"picker", "setup", "rules", "results", "replay"} {
		if s := scenes[name]; s == nil || s.frames < 10 {
			t.Errorf("the walk painted too few frames of %s: %v", name, s)
		}
	}
}
