//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"sig/rules/games"
	"sig/tools/growth"
)

// wasmMemory keeps the game's WebAssembly memory in window.sigWasmMemory, from whichever of
// WebAssembly's instantiate functions the loader uses: Go's wasm module exports it as "mem".
// It runs before the page's own scripts.
const wasmMemory = `(() => {
  const keep = (r) => {
    const inst = r && r.instance ? r.instance : r;
    if (inst && inst.exports && inst.exports.mem) { window.sigWasmMemory = inst.exports.mem; }
    return r;
  };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const f = WebAssembly[name];
    if (typeof f === 'function') {
      WebAssembly[name] = function (...args) { return f.apply(this, args).then(keep); };
    }
  }
})();`

// memorySample is one reading of the page's memory.
type memorySample struct {
	at       time.Duration
	scene    string
	game     string
	wasm     float64 // the WebAssembly memory's size (what Go's heap and runtime hold)
	jsUsed   float64 // the JavaScript heap in use
	jsTotal  float64 // and allocated
	backing  float64 // array buffers' and external strings' backing store (the wasm memory among them)
	renderer float64 // resident memory of the page's renderer process
	gpu      float64 // and of the GPU process (software WebGL's textures live there)
}

// TestBrowserMemory is issue 13's memory run in the browser, for BENCHMARKS.md: computer-only
// games of all five games back to back (each started from the title through the picker and
// Setup, with the most seats the game allows: Sig wa Duqqan at eight), at instant speed, a new
// language for each game, for SIG_MEMORY (a duration, default 15m), sampling every five
// seconds the WebAssembly memory, the JavaScript heap and the resident memory of the renderer
// and GPU processes. It writes memory.md to the artifacts. It asserts what the game did (games
// reached their results, the memory could be read), never how much memory: a measurement.
// Not in .ci/run's e2e step.
func TestBrowserMemory(t *testing.T) {
	length := 15 * time.Minute
	if v := os.Getenv("SIG_MEMORY"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			t.Fatalf("SIG_MEMORY=%q: give a duration (10m)", v)
		}
		length = d
	}
	url := site(t)
	ctx := newBrowser(t, length+15*time.Minute)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: wasmMemory}); err != nil {
		t.Fatal(err)
	}
	p := openPage(t, ctx, "memory", url, false, instant)
	start := time.Now()
	var s []memorySample
	sample := func() {
		v := p.hook()
		m := memorySample{at: time.Since(start), scene: v.Scene, wasm: eval[float64](p, `window.sigWasmMemory ? sigWasmMemory.buffer.byteLength : 0`)}
		if v.Scene == "play" {
			m.game = v.common().Game
		}
		if h, err := chromedp.Call(ctx, cdpruntime.GetHeapUsage, cdp.Empty{}); err == nil {
			m.jsUsed, m.jsTotal, m.backing = h.UsedSize, h.TotalSize, h.BackingStorageSize
		}
		rss := processRSS(ctx)
		m.renderer, m.gpu = rss["renderer"], rss["gpu-process"]
		s = append(s, m)
		t.Logf("%6.0fs %-8s %-14s wasm %6.1f MB  JS heap %5.1f/%5.1f MB  backing %6.1f MB  renderer %6.1f MB  GPU process %6.1f MB",
			m.at.Seconds(), m.scene, m.game, m.wasm/(1<<20), m.jsUsed/(1<<20), m.jsTotal/(1<<20), m.backing/(1<<20), m.renderer/(1<<20), m.gpu/(1<<20))
	}
	sample()
	if s[0].wasm == 0 {
		t.Fatal("the page's WebAssembly memory could not be read (window.sigWasmMemory unset)")
	}
	order := []string{"sig-wa-duqqan", "es-sig", "sadeqa", "seega", "sig-el-oued"}
	langs := []string{"fr", "ar", "en"}
	finished := 0
	last := time.Now()
	for k := 0; time.Since(start) < length; k++ {
		g, ok := games.Lookup(order[k%len(order)])
		if !ok {
			t.Fatalf("no game %q", order[k%len(order)])
		}
		p.waitScene("title")
		p.tap("button:settings")
		p.waitScene("settings")
		p.tap("button:lang-" + langs[k%len(langs)])
		p.tap("button:back")
		p.waitScene("title")
		p.tap("button:play")
		p.waitScene("picker")
		p.tap("button:" + g.ID)
		p.waitScene("setup")
		for n := g.DefaultPlayers; n < g.MaxPlayers; n++ {
			p.tap("button:more")
		}
		for i := 0; i < g.MaxPlayers; i++ {
			p.tap(fmt.Sprintf("button:%s-%d", []string{"easy", "medium"}[i%2], i))
		}
		p.tap("button:start")
		p.waitFor("the play scene", func(v view) bool { return v.Scene == "play" && !v.Fading }, 90*time.Second)
		// The computers play; sample every five seconds until the results (or the run's end).
		for {
			v := p.hook()
			if v.Scene == "results" && !v.Fading {
				finished++
				break
			}
			if c := p.crashed(); c != "" {
				t.Fatalf("the game crashed in %s: %s%s", g.ID, c, p.problems())
			}
			if time.Since(start) >= length {
				break
			}
			if time.Since(last) >= 5*time.Second {
				last = time.Now()
				sample()
			}
			time.Sleep(200 * time.Millisecond)
		}
		if time.Since(start) >= length {
			break
		}
		p.tap("button:menu")
	}
	sample()
	if finished == 0 {
		t.Errorf("no game reached its results in %v", length)
	}
	report := memoryReport(s, length, finished)
	path := filepath.Join(artifacts(t), "memory.md")
	if err := os.WriteFile(path, []byte(report), 0o644); err != nil {
		t.Error(err)
	}
	t.Logf("%s:\n%s", path, report)
}

// memoryReport sums the samples up: each quantity at the start, after the first five minutes
// (of a run of ten or more), its highest after that and at the end, read from one-minute means
// and from single samples.
func memoryReport(s []memorySample, length time.Duration, finished int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Browser memory run of %v (`SIG_MEMORY=%v go test -tags e2e -run TestBrowserMemory -timeout 60m -v ./e2e`), %d samples, %d games to their results; load average at the end %s.\n\n",
		length, length, len(s), finished, loadAverage())
	// Issue 13's target reads growth after the first five minutes: by then the browser run has
	// played each of the five games once (about 4.5 minutes at instant speed), and a page's
	// memory, which never shrinks, has met the busiest drawing of each (a shorter run: half).
	warm := min(5*time.Minute, length/2)
	fmt.Fprintf(&b, "| MB | start | at %v (a minute's mean) | highest minute's mean after | **growth after %v** | at %v (one sample) | highest sample after | spread: highest sample over the one at %v | end |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n", warm, warm, warm, warm)
	row := func(name string, v func(memorySample) float64) {
		// Growth read from one-minute means, as the desktop soak reads it (growth.Smoothed),
		// and the single samples' spread beside it.
		at := func(x memorySample) time.Duration { return x.at }
		g, one := growth.Smoothed(s, at, warm, time.Minute, v), growth.Of(s, at, warm, v)
		const mb = 1 << 20
		fmt.Fprintf(&b, "| %s | %.1f | %.1f | %.1f | **%+.1f%%** | %.1f | %.1f | %+.1f%% | %.1f |\n", name, g.Start/mb, g.Warm/mb, g.Highest/mb, g.Percent, one.Warm/mb, one.Highest/mb, one.Percent, g.End/mb)
	}
	row("WebAssembly memory", func(x memorySample) float64 { return x.wasm })
	row("JavaScript heap in use", func(x memorySample) float64 { return x.jsUsed })
	row("JavaScript heap allocated", func(x memorySample) float64 { return x.jsTotal })
	row("renderer process, resident", func(x memorySample) float64 { return x.renderer })
	row("GPU process, resident", func(x memorySample) float64 { return x.gpu })
	games := map[string]int{}
	for _, x := range s {
		if x.game != "" {
			games[x.game]++
		}
	}
	fmt.Fprintf(&b, "\nSamples in play per game: %v.\n", games)
	return b.String()
}

// processRSS sums the resident memory (bytes) of the browser's processes by kind, as
// processCPU sums their processor time.
func processRSS(ctx context.Context) map[string]float64 {
	out := map[string]float64{}
	c := chromedp.FromContext(ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return out
	}
	top := c.Browser.Process().Pid
	ents, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	kind := map[int]string{}
	rss := map[int]float64{}
	for _, e := range ents {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
			continue
		}
		status, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(status), "\n") {
			f := strings.Fields(line)
			if len(f) >= 2 && f[0] == "PPid:" {
				var ppid int
				fmt.Sscanf(f[1], "%d", &ppid)
				parent[pid] = ppid
			}
			if len(f) >= 2 && f[0] == "VmRSS:" {
				var kb float64
				fmt.Sscanf(f[1], "%g", &kb)
				rss[pid] = kb * 1024
			}
		}
		cmd, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		kind[pid] = "other"
		for _, a := range strings.FieldsFunc(string(cmd), func(r rune) bool { return r == 0 || r == ' ' }) {
			if v, ok := strings.CutPrefix(a, "--type="); ok {
				kind[pid] = v
			}
		}
	}
	for pid := range rss {
		for p, hops := pid, 0; p > 1 && hops < 6; p, hops = parent[p], hops+1 {
			if p == top {
				k := kind[pid]
				if pid == top {
					k = "browser"
				}
				out[k] += rss[pid]
				break
			}
		}
	}
	return out
}
