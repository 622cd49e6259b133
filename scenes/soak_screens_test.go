//go:build screens

package scenes

// The memory soak of issue 13, long form: soakScript (soak_test.go) in a real window for as
// long as SIG_SOAK says, sampling the Go heap, the images' memory and the process's resident
// memory every five seconds. Run it under a display:
//
//	SIG_SOAK=30m SIG_SOAK_OUT=/tmp/soak.md nice -n 10 go test -tags screens -run TestSoak -timeout 60m -v ./scenes
//
// BENCHMARKS.md ("Memory over a long session") has the method and the numbers.

import (
	"fmt"
	"iter"
	"maps"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/match"
	"sig/rules/games"
	"sig/scenes/ui"
	"sig/sprites"
	"sig/tools/growth"
)

// soakSample is one reading of the memory.
type soakSample struct {
	at       time.Duration
	scene    string
	game     string
	seats    int
	heap     uint64 // Go heap in use (HeapAlloc)
	liveHeap uint64 // the Go heap found live by the last collection (/gc/heap/live:bytes)
	sys      uint64 // memory the Go runtime holds from the system
	released uint64 // of which it gave back (HeapReleased): sys − released is what stays resident
	gpu      int64  // Ebitengine's images (TotalGPUImageMemoryUsageInBytes)
	rss      int64  // resident memory (VmRSS)
	pictures ui.CacheStats
	gcs      uint32  // Go's collections so far
	gcCPU    float64 // the share of the processor time Go's collector took so far
	live     int     // images the app made and still holds (sprites.ImageCounts)
	liveB    int64   // their pixels' bytes
	// The frames since the last sample: how many, and the median and 95th percentile of the
	// time between two frames' Draws (what a player sees) and of Draw itself.
	frames           int
	gapMed, gapP95   time.Duration
	drawMed, drawP95 time.Duration
}

type soakDriver struct {
	m        *Manager
	next     func() (string, bool)
	stop     func()
	err      error
	start    time.Time
	last     time.Time
	every    time.Duration
	length   time.Duration
	s        []soakSample
	heapNext time.Duration // the next profile SIG_SOAK_HEAP_EVERY asks for
	heapAt   uint64        // the Go heap at the last profile written
	// The frames since the last sample (soakSample's frame times).
	lastDraw    time.Time
	gaps, draws []time.Duration
}

func (d *soakDriver) Update() error {
	if d.err != nil {
		return d.err
	}
	// Several ticks of the session a frame, within about 12 ms: the computers' games at
	// instant speed, drawn as the app draws them.
	t0 := time.Now()
	for i := 0; i < 8 && time.Since(t0) < 12*time.Millisecond; i++ {
		if _, ok := d.next(); !ok {
			if d.err == nil {
				d.err = fmt.Errorf("soak: the session ended early")
			}
			return d.err
		}
	}
	now := time.Now()
	if now.Sub(d.last) >= d.every {
		d.last = now
		d.sample(now.Sub(d.start))
	}
	if now.Sub(d.start) >= d.length {
		return ebiten.Termination
	}
	return nil
}

func (d *soakDriver) sample(at time.Duration) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	var di ebiten.DebugInfo
	ebiten.ReadDebugInfo(&di)
	s := soakSample{at: at, scene: d.m.Current().Name(), heap: ms.HeapAlloc, sys: ms.Sys, released: ms.HeapReleased, gpu: di.TotalGPUImageMemoryUsageInBytes, rss: residentBytes(), pictures: ui.Pictures.Stats(), gcs: ms.NumGC, gcCPU: ms.GCCPUFraction}
	if p, ok := d.m.Current().(*play); ok {
		s.game, s.seats = p.g.ID, len(p.players)
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	if live[0].Value.Kind() == metrics.KindUint64 {
		s.liveHeap = live[0].Value.Uint64()
	}
	for _, c := range sprites.ImageCounts() {
		s.live += c.Live
		s.liveB += c.Bytes
	}
	s.frames = len(d.draws)
	s.gapMed, s.gapP95 = percentiles(d.gaps)
	s.drawMed, s.drawP95 = percentiles(d.draws)
	d.gaps, d.draws = d.gaps[:0], d.draws[:0]
	d.s = append(d.s, s)
	if out := os.Getenv("SIG_SOAK_HEAP"); out != "" {
		// The Go heap's profile at its highest so far (what holds the memory), or, with
		// SIG_SOAK_HEAP_EVERY, one every so often, each in a file of its own named by the
		// second it was taken (what the heap gained between two).
		every, _ := time.ParseDuration(os.Getenv("SIG_SOAK_HEAP_EVERY"))
		name := ""
		switch {
		case every > 0 && at >= d.heapNext:
			d.heapNext = at + every
			name = fmt.Sprintf("%s.%04.0f", out, at.Seconds())
		case every <= 0 && s.heap > d.heapAt:
			d.heapAt = s.heap
			name = out
		}
		if name != "" {
			if f, err := os.Create(name); err == nil {
				pprof.Lookup("heap").WriteTo(f, 0)
				f.Close()
			}
		}
	}
	if os.Getenv("SIG_SOAK_CENSUS") != "" {
		// What the pictures' cache holds, by the type of its keys, largest first.
		c := ui.Pictures.Census()
		keys := slices.SortedFunc(maps.Keys(c), func(a, b string) int { return int(c[b].Bytes - c[a].Bytes) })
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, "  %s %d (%.1f MB, %d painted)", k, c[k].Count, mb(c[k].Bytes), c[k].Painted)
		}
		fmt.Printf("census %6.0fs  (the most a frame asked for so far: %.1f MB)%s\n", at.Seconds(), mb(s.pictures.PeakFrame), b.String())
		listing, _ := atlasListing()
		fmt.Printf("atlas  %6.0fs %s (Ebitengine's count: %.1f MB)\n", at.Seconds(), listing, mb(s.gpu))
		fmt.Printf("rss    %6.0fs %s MB\n", at.Seconds(), residentParts())
		fmt.Printf("malloc %6.0fs %s MB\n", at.Seconds(), mallocParts())
		// The glyph sheet: each time it starts again, the glyphs drawn next are rasterised
		// onto it again; a glyph drawn from text/v2's images (none for Sig's fonts) would bring
		// back the atlas clears of session 17 (BENCHMARKS.md, "Memory over a long session",
		// sessions 17 and 18).
		ts := sprites.TextSheetStats()
		fmt.Printf("sheet  %6.0fs %d glyphs on the glyph sheet, %d drawn onto it, %d resets, %d drawn from text/v2's images\n", at.Seconds(), ts.Glyphs, ts.Drawn, ts.Resets, ts.Direct)
	}
	if out := os.Getenv("SIG_SOAK_ATLAS"); out != "" && atlasDump != nil {
		if f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintf(f, "=== %.0fs %s %s\n%s", at.Seconds(), s.scene, s.game, atlasDump())
			f.Close()
		}
	}
	fmt.Printf("soak %6.0fs %-8s %-14s seats %d  heap %6.1f MB (live %6.1f)  sys %6.1f MB (kept %6.1f)  images %6.1f MB  RSS %6.1f MB  pictures %d (%0.1f MB)  app images %d (%0.1f MB)  GCs %d (%.1f%%)  frames %d: between %.1f/%.1f ms, draw %.1f/%.1f ms\n",
		at.Seconds(), s.scene, s.game, s.seats, mb(s.heap), mb(s.liveHeap), mb(s.sys), mb(s.sys-s.released), mb(s.gpu), mb(s.rss), s.pictures.Count, mb(s.pictures.Bytes), s.live, mb(s.liveB), s.gcs, 100*s.gcCPU,
		s.frames, msOf(s.gapMed), msOf(s.gapP95), msOf(s.drawMed), msOf(s.drawP95))
}

// atlasDump, when a debug copy of Ebitengine provides it (a file of the measurement's own, tag
// atlasdebug, not in the repository: BENCHMARKS.md), lists Ebitengine's atlas pages and what
// lies on them; SIG_SOAK_ATLAS names the file each sample's listing is added to.
var atlasDump func() string

func mb[T int64 | uint64](n T) float64 { return float64(n) / (1 << 20) }

// residentBytes is the process's resident memory, from /proc (0 where there is none).
func residentBytes() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

func (d *soakDriver) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	d.m.Draw(screen)
	d.draws = append(d.draws, time.Since(t0))
	if !d.lastDraw.IsZero() {
		d.gaps = append(d.gaps, t0.Sub(d.lastDraw))
	}
	d.lastDraw = t0
}

// percentiles is the median and the 95th percentile of ds (zeros when empty); it sorts ds.
func percentiles(ds []time.Duration) (med, p95 time.Duration) {
	if len(ds) == 0 {
		return 0, 0
	}
	slices.Sort(ds)
	return ds[len(ds)/2], ds[len(ds)*95/100]
}

func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func (d *soakDriver) Layout(w, h int) (int, int) { panic("LayoutF is used") }

func (d *soakDriver) LayoutF(w, h float64) (float64, float64) { return d.m.LayoutF(w, h) }

func TestSoak(t *testing.T) {
	length, err := time.ParseDuration(os.Getenv("SIG_SOAK"))
	if err != nil {
		t.Skip("SIG_SOAK is not set to a duration (30m)")
	}
	match.Nodes = 0 // the computers think as in the app
	defer func() { match.Nodes = 64 }()
	m, err := newManager(Config{Seed: 11}, &memStore{})
	if err != nil {
		t.Fatal(err)
	}
	limitMemory() // as New does in the app
	soakTrims()
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowTitle("Sig soak")
	ebiten.SetScreenClearedEveryFrame(false)
	d := &soakDriver{m: m, every: 5 * time.Second, length: length}
	var scriptErr error
	plan := soakPlan{}
	// SIG_SOAK_GAMES (ids, comma-separated) plays only those games: a before/after measurement
	// of one screen (the eight-seat spiral) without half an hour of the others.
	if ids := os.Getenv("SIG_SOAK_GAMES"); ids != "" {
		for _, id := range strings.Split(ids, ",") {
			g, ok := games.Lookup(id)
			if !ok {
				t.Fatalf("SIG_SOAK_GAMES: no game %q", id)
			}
			plan.games = append(plan.games, g)
		}
	}
	d.next, d.stop = iter.Pull(soakScript(m, plan, func(e error) { scriptErr = e }))
	defer d.stop()
	d.start = time.Now()
	d.last = d.start
	d.sample(0)
	if err := ebiten.RunGame(d); err != nil && err != ebiten.Termination {
		if scriptErr != nil {
			err = scriptErr
		}
		t.Fatal(err)
	}
	d.sample(time.Since(d.start))
	report := soakReport(d.s, length)
	fmt.Print(report)
	if out := os.Getenv("SIG_SOAK_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(report), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// soakSpan is the span the report's growth is read over (growth.Smoothed): twelve samples and
// six of the app's trims (trimEvery), long enough to even out the spread of single samples
// (which screen, how long since a trim), short enough that growth shows within the run.
const soakSpan = time.Minute

// soakReport sums the samples up: each quantity at five minutes (or a sixth of the run, when
// shorter), its highest after that and the growth between, read from one-minute means
// (growth.Smoothed: the measure) and from single samples (growth.Of: the spread), and the
// resident memory while the eight-seat spiral was on screen.
func soakReport(s []soakSample, length time.Duration) string {
	warm := 5 * time.Minute
	if length < 30*time.Minute {
		warm = (length / 6).Round(time.Second)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Soak of %v, %d samples; load average %s\n\n", length, len(s), loadAverage())
	fmt.Fprintf(&b, "| quantity | start | at %v (a minute's mean) | highest minute's mean after | **growth after %v** | at %v (one sample) | highest sample after | spread: highest sample over the one at %v | end |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n", warm, warm, warm, warm)
	row := func(name string, v func(soakSample) float64) {
		at := func(x soakSample) time.Duration { return x.at }
		g, one := growth.Smoothed(s, at, warm, soakSpan, v), growth.Of(s, at, warm, v)
		fmt.Fprintf(&b, "| %s | %.1f | %.1f | %.1f | **%+.1f%%** | %.1f | %.1f | %+.1f%% | %.1f |\n", name, g.Start, g.Warm, g.Highest, g.Percent, one.Warm, one.Highest, one.Percent, g.End)
	}
	row("Go heap in use, MB", func(x soakSample) float64 { return mb(x.heap) })
	row("Go heap live at the last collection, MB", func(x soakSample) float64 { return mb(x.liveHeap) })
	row("Go runtime from the system, MB", func(x soakSample) float64 { return mb(x.sys) })
	row("Go runtime, kept (from the system, not given back), MB", func(x soakSample) float64 { return mb(x.sys - x.released) })
	row("images (Ebitengine), MB", func(x soakSample) float64 { return mb(x.gpu) })
	row("resident memory, MB", func(x soakSample) float64 { return mb(x.rss) })
	row("pictures cached", func(x soakSample) float64 { return float64(x.pictures.Count) })
	row("pictures cached, MB", func(x soakSample) float64 { return mb(x.pictures.Bytes) })
	row("images the app holds", func(x soakSample) float64 { return float64(x.live) })
	row("images the app holds, MB", func(x soakSample) float64 { return mb(x.liveB) })
	var spiral float64
	games := map[string]int{}
	for _, x := range s {
		if x.game == "sig-wa-duqqan" && x.seats == 8 {
			spiral = max(spiral, mb(x.rss))
		}
		if x.game != "" {
			games[x.game]++
		}
	}
	// The trend besides: the resident memory's mean by five-minute window after the warm-up.
	means, pct := growth.Windows(s, func(x soakSample) time.Duration { return x.at }, warm, 5*time.Minute, func(x soakSample) float64 { return mb(x.rss) })
	fmt.Fprintf(&b, "\nResident memory by five-minute window after %v (means, MB): %.1f; the highest window over the first: %+.1f%%.\n", warm, means, pct)
	fmt.Fprintf(&b, "\nHighest resident memory with the eight-seat spiral on screen: %.1f MB. Samples in play per game: %v.\n", spiral, games)
	// Frame times in play, by game: the median over the samples of each sample's median, and
	// the worst sample's 95th percentile.
	for _, g := range slices.Sorted(maps.Keys(games)) {
		var gaps, draws []time.Duration
		var gapP95, drawP95 time.Duration
		for _, x := range s {
			if x.game == g && x.frames > 0 {
				gaps, draws = append(gaps, x.gapMed), append(draws, x.drawMed)
				gapP95, drawP95 = max(gapP95, x.gapP95), max(drawP95, x.drawP95)
			}
		}
		gm, _ := percentiles(gaps)
		dm, _ := percentiles(draws)
		fmt.Fprintf(&b, "Frames in play, %s: %.1f ms between frames (median; worst 95th percentile %.1f), Draw %.1f ms (worst 95th percentile %.1f).\n", g, msOf(gm), msOf(gapP95), msOf(dm), msOf(drawP95))
	}
	fmt.Fprintf(&b, "Go's collector: %d collections, %.1f%% of the processor time.\n", s[len(s)-1].gcs, 100*s[len(s)-1].gcCPU)
	last := s[len(s)-1].pictures
	fmt.Fprintf(&b, "Pictures: %d painted (%d of them over another's image), %d evicted, %d let go unused, peak %.1f MB; the most one frame asked for, %.1f MB.\n", last.Painted, last.Repainted, last.Evicted, last.Expired, mb(last.PeakBytes), mb(last.PeakFrame))
	for _, k := range slices.Sorted(maps.Keys(sprites.ImageCounts())) {
		c := sprites.ImageCounts()[k]
		fmt.Fprintf(&b, "Images %q: %d held (%.1f MB), %d made, %d released, %d dropped without release.\n", k, c.Live, mb(c.Bytes), c.Made, c.Released, c.Collected)
	}
	return b.String()
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
