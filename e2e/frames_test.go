//go:build e2e

package e2e

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"sig/rules"
	"sig/rules/games"
)

// TestBrowserFrames measures the browser game for BENCHMARKS.md: the time to the first frame
// (a first visit with a fresh profile, and reloads), and the frame rate counted with
// requestAnimationFrame in the page during a stick throw, a Ghoula drag, a long Sadeqa sowing
// and the computer thinking a hard move, with how much of each frame is the app's own Update
// and Draw and how the processor time splits between the page's renderer process and the GPU
// process (where software WebGL draws). It writes the tables to frames.md in the artifacts.
// It asserts what the game did, never how fast.
func TestBrowserFrames(t *testing.T) {
	url := site(t)
	var rep strings.Builder
	fmt.Fprintf(&rep, "Measured %s by `go test -tags e2e -run TestBrowserFrames ./e2e` (headless Chromium, software WebGL, 1280×800).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"))

	// What was measured is written even when a later part fails.
	defer func() {
		path := filepath.Join(artifacts(t), "frames.md")
		if err := os.WriteFile(path, []byte(rep.String()), 0o644); err != nil {
			t.Error(err)
		}
		t.Logf("%s:\n%s", path, rep.String())
	}()
	t.Run("first-frame", func(t *testing.T) { firstFrames(t, url, &rep) })
	rep.WriteString("\n| what | window s | frames | of them painted | FPS | longest frame ms | 95th pct frame ms | app Update+Draw ms per frame | renderer CPU % | GPU process CPU % | load average |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
	t.Run("hard-thinking", func(t *testing.T) { hardThinking(t, url, &rep) })
	t.Run("long-sowing", func(t *testing.T) { longSowing(t, url, &rep) })
	t.Run("throw-and-drag", func(t *testing.T) { throwAndDrag(t, url, &rep) })
}

// firstFrames loads the page in a fresh profile, then reloads it three times, and tabulates
// the loader's times (ms after navigation): sig.wasm compiled, first frame drawn.
func firstFrames(t *testing.T, url string, rep *strings.Builder) {
	ctx := newBrowser(t, 3*time.Minute)
	p := openPage(t, ctx, "first-frame", url, false, "")
	type row struct {
		name          string
		loaded, first float64
	}
	read := func(name string) row {
		v := eval[[]string](p, `[document.documentElement.dataset.sigLoadedMs || '', document.documentElement.dataset.sigFirstFrameMs || '']`)
		var r row
		r.name = name
		fmt.Sscan(v[0], &r.loaded)
		fmt.Sscan(v[1], &r.first)
		if r.first <= 0 {
			t.Errorf("%s: the loader recorded no first frame (%q)", name, v)
		}
		return r
	}
	rows := []row{read("first visit (fresh profile)")}
	for i := range 3 {
		p = openPage(t, ctx, "first-frame", url, false, "")
		rows = append(rows, read(fmt.Sprintf("reload %d", i+1)))
	}
	fmt.Fprintf(rep, "Time to the first frame on 127.0.0.1 (ms after navigation start; load average %s):\n\n| load | sig.wasm downloaded and compiled | first frame |\n| --- | ---: | ---: |\n", loadAverage())
	for _, r := range rows {
		fmt.Fprintf(rep, "| %s | %.0f | %.0f |\n", r.name, r.loaded, r.first)
	}
}

// window is one measurement: what the page drew between two moments.
type window struct {
	t0, t1  float64 // performance.now() ms
	w0, w1  view
	cpu0    map[string]float64
	cpu1    map[string]float64
	started time.Time
}

func begin(p *browserPage) window {
	return window{t0: eval[float64](p, `performance.now()`), w0: p.hook(), cpu0: processCPU(p.ctx), started: time.Now()}
}

// end closes the window and writes its row.
func (w window) end(p *browserPage, what string, rep *strings.Builder) {
	p.t.Helper()
	w.t1 = eval[float64](p, `performance.now()`)
	w.cpu1 = processCPU(p.ctx)
	w.w1 = p.hook()
	frames := eval[[]float64](p, fmt.Sprintf(`sigFrames.filter(t => t >= %f && t <= %f)`, w.t0, w.t1))
	secs := (w.t1 - w.t0) / 1000
	if len(frames) < 2 || secs <= 0 {
		p.t.Errorf("%s: %d frames in %.2f s", what, len(frames), secs)
		return
	}
	var gaps []float64
	for i := 1; i < len(frames); i++ {
		gaps = append(gaps, frames[i]-frames[i-1])
	}
	slices.Sort(gaps)
	fps := float64(len(gaps)) / ((frames[len(frames)-1] - frames[0]) / 1000)
	p95 := gaps[int(math.Ceil(0.95*float64(len(gaps))))-1]
	work := (w.w1.Work.UpdateMs + w.w1.Work.DrawMs) - (w.w0.Work.UpdateMs + w.w0.Work.DrawMs)
	perFrame := work / float64(len(frames))
	wall := time.Since(w.started).Seconds()
	cpu := func(k string) float64 { return 100 * (w.cpu1[k] - w.cpu0[k]) / wall }
	// Painted: the frames the app drew anew (the rest only show the last picture again).
	painted := w.w1.Work.Painted - w.w0.Work.Painted
	fmt.Fprintf(rep, "| %s | %.2f | %d | %d | %.1f | %.1f | %.1f | %.2f | %.0f | %.0f | %s |\n",
		what, secs, len(frames), painted, fps, gaps[len(gaps)-1], p95, perFrame, cpu("renderer"), cpu("gpu-process"), loadAverage())
}

// setSpeed changes the animation speed in the middle of a game through the pause menu and
// the settings scene, and comes back to the game.
func setSpeed(p *browserPage, speed string) {
	p.t.Helper()
	p.key("Escape")
	p.waitScene("pause")
	p.tap("button:settings")
	p.waitScene("settings")
	p.tap("button:speed-" + speed)
	if v := p.hook(); v.Speed != speed {
		p.t.Fatalf("%s: tapped speed-%s; the speed is %q", p.name, speed, v.Speed)
	}
	p.tap("button:back")
	p.waitScene("pause")
	p.tap("button:resume")
	p.waitFor("the game again", func(v view) bool { return v.Scene == "play" && v.settled() }, 90*time.Second)
}

// act taps for one action and waits until the app is at rest again with it in the record.
func act(p *browserPage, v view, mv string) view {
	p.t.Helper()
	before := len(v.Moves)
	if mv == "throw" {
		p.tap("button:throw")
	} else {
		playMove(p, v, mv)
	}
	p.waitFor("the action in the record", func(v view) bool { return len(v.Moves) > before }, 90*time.Second)
	return p.waitFor("rest", view.settled, 180*time.Second)
}

// throwAndDrag plays Sig wa Duqqan, two people at one screen, on the seed whose Ghoula drags a
// piece home soonest: the throws before at Instant, then at Normal speed a plain throw and the
// throw that ends in the drag, each measured from the tap until the animation has played.
func throwAndDrag(t *testing.T, url string, rep *strings.Builder) {
	g, _ := games.Lookup("sig-wa-duqqan")
	seed, drag := int64(0), 0
	for s := int64(1); s <= 400; s++ {
		m, _ := rules.NewMatch(g, 2, s)
		for k := 0; k < 400 && m.State.Phase() == rules.PhaseThrow; k++ {
			mv, _, _ := m.Throw()
			var ev rules.Events
			m.PlayMove(mv, &ev)
			if slices.ContainsFunc(ev, func(e rules.Event) bool { return e.Kind == rules.EvDragged }) {
				if k >= 2 && (seed == 0 || k < drag) {
					seed, drag = s, k
				}
				break
			}
		}
	}
	if seed == 0 {
		t.Fatal("no seed of 1..400 has a Ghoula drag in Sig wa Duqqan for two")
	}
	ctx := newBrowser(t, 4*time.Minute)
	p := openPage(t, ctx, "frames-duqqan", fmt.Sprintf("%s?game=sig-wa-duqqan&seats=human,human&seed=%d", url, seed), false, instant)
	v := p.waitFor("the game", func(v view) bool { return v.Scene == "play" && v.settled() }, 90*time.Second)
	for len(v.Moves) < drag-1 {
		v = act(p, v, "throw")
	}
	setSpeed(p, "Normal")
	v = p.hook()
	w := begin(p)
	v = act(p, v, "throw")
	w.end(p, "a stick throw (Sig wa Duqqan, Normal speed)", rep)
	w = begin(p)
	v = act(p, v, "throw")
	w.end(p, "a throw ending in a Ghoula drag (Sig wa Duqqan)", rep)
	p.shot("after-drag")
	var lost struct {
		Lost []bool `json:"lost"`
	}
	jsonUnmarshal(v.State, &lost)
	if !slices.Contains(lost.Lost, true) {
		t.Errorf("seed %d, throw %d: the Ghoula was to drag a piece home; STATE %s", seed, drag, v.State)
	}
}

// longSowing plays Sadeqa, two people at one screen, to the position (found with the engine)
// where one move sows the most seeds within a few moves of the start, and measures that sowing
// at Normal speed.
func longSowing(t *testing.T, url string, rep *strings.Builder) {
	g, _ := games.Lookup("sadeqa")
	rng := rand.New(rand.NewPCG(5, 5))
	var best []string
	most := 0
	var legal []rules.Move
	for range 3000 {
		m, _ := rules.NewMatch(g, 2, 1)
		var prefix []string
		for n := rng.IntN(7); len(prefix) < n && m.State.Phase() == rules.PhaseMove; {
			legal = m.State.Legal(legal)
			s := m.State.FormatMove(legal[rng.IntN(len(legal))])
			m.Play(s)
			prefix = append(prefix, s)
		}
		if m.State.Phase() != rules.PhaseMove {
			continue
		}
		for _, mv := range m.State.Legal(legal) {
			c := m.State.Clone()
			var ev rules.Events
			c.Apply(mv, &ev)
			sown := 0
			for _, e := range ev {
				if e.Kind == rules.EvSow {
					sown++
				}
			}
			if sown > most || (sown == most && len(prefix)+1 < len(best)) {
				most, best = sown, append(slices.Clone(prefix), m.State.FormatMove(mv))
			}
		}
	}
	ctx := newBrowser(t, 4*time.Minute)
	p := openPage(t, ctx, "frames-sadeqa", url+"?game=sadeqa&seats=human,human&seed=1", false, instant)
	v := p.waitFor("the game", func(v view) bool { return v.Scene == "play" && v.settled() }, 90*time.Second)
	for _, mv := range best[:len(best)-1] {
		v = act(p, v, mv)
	}
	setSpeed(p, "Normal")
	v = p.hook()
	w := begin(p)
	act(p, v, best[len(best)-1])
	w.end(p, fmt.Sprintf("a long sowing (Sadeqa, %d seeds sown, Normal speed)", most), rep)
	p.shot("after-sowing")
}

// hardThinking plays Seega against the hard computer and measures the frames while it thinks
// its first three moves (the browser's hard budget is 2 s a move).
func hardThinking(t *testing.T, url string, rep *strings.Builder) {
	ctx := newBrowser(t, 4*time.Minute)
	p := openPage(t, ctx, "frames-hard", url+"?game=seega&seats=human,ai:hard&seed=3", false, instant)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 3 {
		// Two placements of ours, then the computer's two.
		v := p.waitFor("our turn", func(v view) bool { return v.Scene == "play" && v.settled() }, 180*time.Second)
		for range 2 {
			v = act2(p, v, v.Legal[rng.IntN(len(v.Legal))])
		}
		p.waitFor("the computer thinking", func(v view) bool { return v.Thinking }, 90*time.Second)
		w := begin(p)
		p.waitFor("the computer's move", func(v view) bool { return !v.Thinking }, 90*time.Second)
		w.end(p, fmt.Sprintf("the computer thinking a hard move (Seega placement, move %d)", i+1), rep)
	}
}

// act2 is act without waiting for the person's next turn (the computer may be next).
func act2(p *browserPage, v view, mv string) view {
	p.t.Helper()
	before := len(v.Moves)
	playMove(p, v, mv)
	return p.waitFor("the action in the record", func(v view) bool { return len(v.Moves) > before && !v.Busy }, 90*time.Second)
}
