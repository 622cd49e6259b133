//go:build screens

package scenes

// The frame-time measurement of issue 4: the real app (the Manager, its play scene, board and
// animation queue) in a real window, driven through the longest animations, with the time of
// every frame's Update and Draw taken on the game's own thread. Run it under a display:
//
//	SIG_FRAMETIMES=/tmp/frametimes.md go test -tags screens -run TestFrameTimes -timeout 30m -v ./scenes
//
// BENCHMARKS.md ("Frame rates, desktop and browser") has the method and
// the numbers.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/sprites"
)

// frameRun is one measured animation: how to reach its start, and how long to measure.
type frameRun struct {
	name      string
	w, h      int
	cfg       Config
	setup     func(t *testing.T, m *Manager) string // leaves the animation queued; says what it is
	frames    int                                   // at most this many frames…
	untilIdle bool                                  // …or until the animation queue drains
	empty     bool                                  // no game: the renderer's own ceiling
}

func frameRuns() []frameRun {
	return []frameRun{
		{
			// The baseline: what this renderer does with a window of this size when the
			// program draws nothing but a fill, so the rows below can be read against it.
			name: "An empty window (the screen filled once a frame, no game)", w: 1280, h: 800,
			empty: true, frames: 300,
		},
		{
			name: "Sadeqa, a sowing of 90 or more seeds", w: 1280, h: 800,
			cfg: Config{Game: "sadeqa", Seats: []Seat{{Who: match.Person{}, Name: "Amira"}, {Who: match.Person{}, Name: "Tesfaye"}}},
			setup: func(t *testing.T, m *Manager) string {
				return longSowing(t, m, 90)
			},
			frames: 1500, untilIdle: true,
		},
		{
			name: "Sig wa Duqqan, eight players (computer seats), 300 frames of play", w: 1280, h: 800,
			cfg: Config{Game: "sig-wa-duqqan", Seats: []Seat{{Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}},
				{Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}}},
			setup: func(t *testing.T, m *Manager) string {
				return playInto(t, m, 80) // until pieces are spread over the spiral
			},
			frames: 300,
		},
		{
			// The six-stick game: in the browser's software WebGL its frames in motion were the
			// slowest of the five (e2e/frames_test.go), so it is timed here too.
			name: "Sig (El Oued), two computer seats, 300 frames of play", w: 1280, h: 800,
			cfg: Config{Game: "sig-el-oued", Seats: []Seat{{Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}}},
			setup: func(t *testing.T, m *Manager) string {
				return playInto(t, m, 30)
			},
			frames: 300,
		},
		{
			name: "Sig wa Duqqan, eight players (computer seats), the Ghoula dragging pieces home", w: 1280, h: 800,
			cfg: Config{Game: "sig-wa-duqqan", Seats: []Seat{{Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}},
				{Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}}},
			setup: func(t *testing.T, m *Manager) string {
				return ghoulaDrag(t, m, 3)
			},
			frames: 300,
		},
	}
}

// playInto plays the computer seats' game at instant speed until moves moves are played, and
// sets the speed back to normal for the measured frames.
func playInto(t *testing.T, m *Manager, moves int) string {
	m.settings.Speed = Instant
	m.settings.apply()
	for i := 0; i < 20000; i++ {
		if p, ok := m.Current().(*play); !ok || p.d.Match().Moves() >= moves {
			break
		}
		step(m)
	}
	if _, ok := m.Current().(*play); !ok {
		t.Fatalf("the game ended within %d moves", moves)
	}
	m.settings.Speed = Normal
	m.settings.apply()
	return fmt.Sprintf("from move %d, at normal speed", m.Current().(*play).d.Match().Moves())
}

// eventsOf is what the rules report for mv in s, tried on a copy; false if mv is refused.
func eventsOf(s rules.State, mv rules.Move) (rules.Events, bool) {
	var ev rules.Events
	return ev, s.Clone().Apply(mv, &ev) == nil
}

// ghoulaDrag plays the match's own throws (the game has no decisions: the computer seats would
// throw the same) until some throw would make the Ghoula seize and drag at least pieces pieces,
// and plays that throw at normal speed. The rules engine tells which throws drag: each of the
// five counts is tried on a copy of the state.
func ghoulaDrag(t *testing.T, m *Manager, pieces int) string {
	p := m.Current().(*play)
	for i := 0; i < 20000 && p.d.State().Phase() == rules.PhaseThrow; i++ {
		for _, mv := range p.d.State().Legal(nil) {
			ev, ok := eventsOf(p.d.State(), mv)
			if !ok {
				continue
			}
			dragged, steps := 0, 0
			for _, e := range ev {
				switch e.Kind {
				case rules.EvDragged:
					dragged++
				case rules.EvGhoulaStep:
					steps++
				}
			}
			if dragged < pieces {
				continue
			}
			p.brd.Sync(p.d.State())
			p.refresh()
			// Faces with as many marked sticks as the throw counts, for the arena to show.
			p.apply(mv, uint8(1<<mv.ThrowCount()-1))
			return fmt.Sprintf("%s: the Ghoula takes %d steps and drags %d pieces (move %d)", p.d.State().FormatMove(mv), steps, dragged, p.d.Match().Moves())
		}
		if _, err := p.d.Throw(); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("no throw dragged %d pieces before the game ended", pieces)
	return ""
}

// longSowing plays random moves at instant speed (both seats are people, so nothing else
// moves) until one sows at least seeds seeds, and plays that one at normal speed.
func longSowing(t *testing.T, m *Manager, seeds int) string {
	m.settings.Speed = Instant
	defer func() { m.settings.Speed = Normal }()
	for seed := uint64(1); seed < 400; seed++ {
		p := m.Current().(*play)
		r := rand.New(rand.NewPCG(seed, 99))
		for turn := 0; turn < 400 && p.d.State().Phase() != rules.PhaseOver; turn++ {
			for p.q.Busy() || p.dirty {
				step(m)
			}
			legal := p.d.State().Legal(nil)
			for _, mv := range legal {
				ev, ok := eventsOf(p.d.State(), mv)
				if !ok {
					continue
				}
				sown, laps := 0, 0
				for _, e := range ev {
					switch e.Kind {
					case rules.EvSow:
						sown++
					case rules.EvLift:
						laps = max(laps, e.Value)
					}
				}
				if sown >= seeds {
					m.settings.Speed = Normal
					m.settings.apply()
					p.apply(mv, 0)
					return fmt.Sprintf("%s: %d seeds sown over %d laps (move %d)", p.d.State().FormatMove(mv), sown, laps, p.d.Match().Moves())
				}
			}
			p.apply(legal[r.IntN(len(legal))], 0)
		}
		m.cur = p.restart()
		m.cur.Layout(m.mt)
	}
	t.Fatal("no sowing that long found")
	return ""
}

// frameSample is one frame: the Updates since the last Draw and the Draw, as processor time of
// the game's thread and as wall-clock time, and the heap objects allocated.
type frameSample struct {
	updateCPU, drawCPU   time.Duration
	updateWall, drawWall time.Duration
	interval             time.Duration // wall clock since the previous Draw began
	allocs               uint64
	updates              int
	painted              bool // the Manager painted the frame anew (else it showed the last picture)
}

// frameDriver runs one frameRun as an ebiten.Game around the Manager.
type frameDriver struct {
	t       *testing.T
	runs    []frameRun
	i       int
	m       *Manager
	what    string
	pending frameSample
	samples []frameSample
	last    time.Time
	busy    int // frames the animation queue was still busy
	report  strings.Builder
	err     error
	locked  bool
	fps     []float64
	out     string // the report's file
	prof    *os.File
	text    string // the report as last written
	emptyOn bool   // the empty run is under way (there is no manager)
}

// threadCPU is the processor time the calling OS thread has used (Linux:
// CLOCK_THREAD_CPUTIME_ID); the driver locks the game's goroutine to its thread.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

var allocSample = []metrics.Sample{{Name: "/gc/heap/allocs:objects"}}

func heapAllocs() uint64 {
	metrics.Read(allocSample)
	return allocSample[0].Value.Uint64()
}

func (d *frameDriver) start() {
	r := d.runs[d.i]
	ebiten.SetWindowSize(r.w, r.h)
	if r.empty {
		d.what, d.m, d.samples, d.busy, d.fps = "the screen filled once a frame", nil, d.samples[:0], 0, d.fps[:0]
		d.pending, d.last, d.emptyOn = frameSample{}, time.Time{}, true
		d.t.Logf("%s", r.name)
		return
	}
	d.emptyOn = false
	cfg := r.cfg
	cfg.Seed = 11
	m, err := newManager(cfg, &memStore{})
	if err != nil {
		d.err = err
		return
	}
	m.scaleFn = func() float64 { return ebiten.Monitor().DeviceScaleFactor() }
	m.LayoutF(float64(r.w), float64(r.h))
	d.what = r.setup(d.t, m)
	d.t.Logf("%s: %s", r.name, d.what)
	m.fade, m.prev = 0, nil
	d.m, d.samples, d.busy, d.fps = m, d.samples[:0], 0, d.fps[:0]
	d.pending = frameSample{}
	d.last = time.Time{}
	// SIG_FRAMEPROF=FILE: a processor profile of the measured frames, to see where they go.
	if path := os.Getenv("SIG_FRAMEPROF"); path != "" {
		if f, err := os.Create(path); err == nil {
			if pprof.StartCPUProfile(f) == nil {
				d.prof = f
			}
		}
	}
}

func (d *frameDriver) Update() error {
	if !d.locked {
		runtime.LockOSThread() // Ebitengine calls Update and Draw from this goroutine
		d.locked = true
	}
	if d.err != nil {
		return d.err
	}
	if d.m == nil && !d.emptyOn {
		d.start()
		return nil
	}
	a0, c0, w0 := heapAllocs(), threadCPU(), time.Now()
	var err error
	if d.m != nil {
		err = d.m.Update()
	}
	d.pending.updateCPU += threadCPU() - c0
	d.pending.updateWall += time.Since(w0)
	d.pending.allocs += heapAllocs() - a0
	d.pending.updates++
	return err
}

func (d *frameDriver) Draw(screen *ebiten.Image) {
	if d.m == nil && !d.emptyOn {
		return
	}
	r := d.runs[d.i]
	a0, c0, w0 := heapAllocs(), threadCPU(), time.Now()
	s := d.pending
	if d.m != nil {
		painted := d.m.work.painted
		d.m.Draw(screen)
		s.painted = d.m.work.painted != painted
	} else {
		screen.Fill(sprites.Sand)
		s.painted = true
	}
	s.drawCPU = threadCPU() - c0
	s.drawWall = time.Since(w0)
	s.allocs += heapAllocs() - a0
	if !d.last.IsZero() {
		s.interval = w0.Sub(d.last)
	}
	d.last = w0
	d.pending = frameSample{}
	// The first frames build the board's pictures and glyphs once; the window takes its size.
	if s.updates == 0 && len(d.samples) == 0 {
		return
	}
	d.samples = append(d.samples, s)
	if d.m != nil {
		if p, ok := d.m.Current().(*play); ok && (p.q.Busy() || p.dirty) {
			d.busy++
		}
	}
	if len(d.samples)%60 == 0 {
		d.fps = append(d.fps, ebiten.ActualFPS())
	}
	idle := false
	if p, ok := d.current().(*play); ok && r.untilIdle {
		idle = !p.q.Busy() && !p.dirty
	}
	if len(d.samples) < r.frames && !idle {
		return
	}
	if d.prof != nil {
		pprof.StopCPUProfile()
		d.prof.Close()
		d.prof = nil
	}
	d.summarise(r)
	d.flush()
	d.i++
	d.m, d.emptyOn = nil, false
	if d.i == len(d.runs) {
		d.err = ebiten.Termination
	}
}

func (d *frameDriver) Layout(w, h int) (int, int) { panic("LayoutF is used") }

// current is the manager's scene, nil in the empty run.
func (d *frameDriver) current() Scene {
	if d.m == nil {
		return nil
	}
	return d.m.Current()
}

func (d *frameDriver) LayoutF(w, h float64) (float64, float64) {
	if d.m == nil {
		return w, h
	}
	return d.m.LayoutF(w, h)
}

// pct is the p-th percentile (0-100) of sorted v, by nearest rank.
func pct[T any](v []T, p float64) T {
	i := int(p/100*float64(len(v))+0.5) - 1
	return v[max(0, min(len(v)-1, i))]
}

func (d *frameDriver) summarise(r frameRun) {
	n := len(d.samples)
	var work, cpu, wall, intervals []time.Duration
	var allocs []uint64
	over := 0
	for _, s := range d.samples {
		c := s.updateCPU + s.drawCPU
		cpu = append(cpu, c)
		work = append(work, s.updateCPU)
		wall = append(wall, s.updateWall+s.drawWall)
		if s.interval > 0 {
			intervals = append(intervals, s.interval)
		}
		allocs = append(allocs, s.allocs)
		if c > 4*time.Millisecond {
			over++
		}
	}
	draws := make([]time.Duration, n)
	for i, s := range d.samples {
		draws[i] = s.drawCPU
	}
	for _, v := range [][]time.Duration{work, draws, cpu, wall, intervals} {
		slices.Sort(v)
	}
	slices.Sort(allocs)
	var span time.Duration
	for _, iv := range intervals {
		span += iv
	}
	fps := float64(len(intervals)) / span.Seconds()
	f := func(x time.Duration) string { return fmt.Sprintf("%.2f", float64(x.Microseconds())/1000) }
	w := &d.report
	fmt.Fprintf(w, "### %s\n\n%s; %d frames (%d with the animation queue busy), %d×%d.\n\n", r.name, d.what, n, d.busy, r.w, r.h)
	fmt.Fprintf(w, "| per frame | median | p99 | max |\n| --- | ---: | ---: | ---: |\n")
	fmt.Fprintf(w, "| Update, CPU ms | %s | %s | %s |\n", f(pct(work, 50)), f(pct(work, 99)), f(work[n-1]))
	fmt.Fprintf(w, "| Draw, CPU ms | %s | %s | %s |\n", f(pct(draws, 50)), f(pct(draws, 99)), f(draws[n-1]))
	fmt.Fprintf(w, "| **Update + Draw, CPU ms** | **%s** | **%s** | **%s** |\n", f(pct(cpu, 50)), f(pct(cpu, 99)), f(cpu[n-1]))
	// The frames painted anew are the ones that cost: a frame where nothing changed (a
	// computer thinking, a pause between moves) shows the last picture again.
	var paintedCPU []time.Duration
	for _, s := range d.samples {
		if s.painted {
			paintedCPU = append(paintedCPU, s.updateCPU+s.drawCPU)
		}
	}
	slices.Sort(paintedCPU)
	if k := len(paintedCPU); k > 0 {
		fmt.Fprintf(w, "| **the %d frames painted anew: Update + Draw, CPU ms** | **%s** | **%s** | **%s** |\n", k, f(pct(paintedCPU, 50)), f(pct(paintedCPU, 99)), f(paintedCPU[k-1]))
	}
	fmt.Fprintf(w, "| Update + Draw, wall-clock ms | %s | %s | %s |\n", f(pct(wall, 50)), f(pct(wall, 99)), f(wall[n-1]))
	fmt.Fprintf(w, "| heap objects allocated | %d | %d | %d |\n", pct(allocs, 50), pct(allocs, 99), allocs[n-1])
	if len(intervals) > 0 {
		fmt.Fprintf(w, "| frame interval, ms | %s | %s | %s |\n", f(pct(intervals, 50)), f(pct(intervals, 99)), f(intervals[len(intervals)-1]))
	}
	// The first frame measured is a fresh board's first, which paints its pictures: say what
	// the animation's own frames came to without it.
	slowest, at, rest, overRest := time.Duration(0), 0, time.Duration(0), 0
	for i, s := range d.samples {
		c := s.updateCPU + s.drawCPU
		if c > slowest {
			slowest, at = c, i+1
		}
		if i > 0 {
			rest = max(rest, c)
			if c > 4*time.Millisecond {
				overRest++
			}
		}
	}
	fmt.Fprintf(w, "\nFrames over 4 ms of Update + Draw: %d of %d (the slowest is frame %d; after the first frame: %d over 4 ms, the slowest %s ms). Frames per second: %.1f (frames over the wall-clock span)", over, n, at, overRest, f(rest), fps)
	if len(d.fps) > 0 {
		sorted := slices.Clone(d.fps)
		slices.Sort(sorted)
		fmt.Fprintf(w, "; Ebitengine's ActualFPS, sampled each second: median %.1f, lowest %.1f", pct(sorted, 50), sorted[0])
	}
	w.WriteString(".\n")
	if g := d.ghoulaMoves(); g != "" {
		fmt.Fprintf(w, "%s\n", g)
	}
	w.WriteString("\n")
}

// ghoulaMoves replays the match just measured and tells how many moves sent the Ghoula along
// the spiral and the most pieces one of them carried (seized, dragged or riding), or "".
func (d *frameDriver) ghoulaMoves() string {
	p, ok := d.current().(*play)
	if !ok || p.g.ID != "sig-wa-duqqan" {
		return ""
	}
	st := p.g.NewState(len(p.players))
	moves, most, steps := 0, 0, 0
	for i := 0; i < p.d.Match().Moves(); i++ {
		var ev rules.Events
		if st.Apply(p.d.Match().MoveAt(i), &ev) != nil {
			return ""
		}
		g, carried := 0, map[[2]int]bool{}
		for _, e := range ev {
			switch e.Kind {
			case rules.EvGhoulaStep:
				g++
			case rules.EvSeized, rules.EvDragged, rules.EvRide:
				carried[[2]int{e.Player, e.Piece}] = true
			}
		}
		if g > 0 {
			moves++
			steps += g
			most = max(most, len(carried))
		}
	}
	return fmt.Sprintf("The Ghoula moved in %d of the %d moves played (%d steps in all); the most pieces one of its moves carried: %d.", moves, p.d.Match().Moves(), steps, most)
}

// flush writes the report so far to SIG_FRAMETIMES (a slow machine may not finish every run).
func (d *frameDriver) flush() {
	var head strings.Builder
	fmt.Fprintf(&head, "Measured %s by TestFrameTimes (scenes/frametimes_test.go), %s/%s, %d processors", time.Now().UTC().Format("2006-01-02 15:04"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Fprintf(&head, ", load average %s", strings.Join(strings.Fields(string(b))[:3], " "))
	}
	head.WriteString(".\n\n")
	d.text = head.String() + d.report.String()
	if err := os.WriteFile(d.out, []byte(d.text), 0o644); err != nil {
		d.err = err
	}
}

func TestFrameTimes(t *testing.T) {
	out := os.Getenv("SIG_FRAMETIMES")
	if out == "" {
		t.Skip("SIG_FRAMETIMES is not set")
	}
	ebiten.SetWindowTitle("Sig frame times")
	ebiten.SetScreenClearedEveryFrame(false)
	d := &frameDriver{t: t, runs: frameRuns(), out: out}
	if only := os.Getenv("SIG_FRAMERUN"); only != "" {
		d.runs = slices.DeleteFunc(d.runs, func(r frameRun) bool { return !strings.Contains(strings.ToLower(r.name), strings.ToLower(only)) })
	}
	if err := ebiten.RunGame(d); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	t.Log("\n" + d.text)
}
