//go:build smoke

package smoke

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkFirstFrame measures the time from navigation to the game's first frame in headless
// Chromium on localhost, over first visits (each with a fresh profile: empty cache, nothing
// compiled) and reloads (once the service worker has cached the game), and where that time
// goes. Each of its iterations is one first visit and three reloads; -benchtime sets how many:
//
//	go test -tags smoke -run '^$' -bench FirstFrame -benchtime 5x -v ./smoke
//
// It reports the medians as first-visit-ms and reload-ms, and writes a table of every stage's
// median and range to $SIG_SMOKE_OUT/firstframe.md. The checks a load passes through (no
// problem shown, a first frame within 90 s, the service worker caching the game) are
// TestBrowser's too; this only measures.
func BenchmarkFirstFrame(b *testing.B) {
	const reloads = 3
	out := outDir(b)
	url := siteURL(b) // the same build as TestBrowser's when both run: building it again is minutes

	var cold, warm []stages
	loads := []string{loadAverage()}
	for b.Loop() {
		visit(b, url, reloads, &cold, &warm)
		loads = append(loads, loadAverage())
	}
	last := len(stageNames) - 1
	b.ReportMetric(median(cold, last), "first-visit-ms")
	b.ReportMetric(median(warm, last), "reload-ms")

	var report strings.Builder
	fmt.Fprintf(&report, "Measured %s by `go test -tags smoke -run '^$' -bench FirstFrame -benchtime %dx ./smoke`: %d first visits (fresh profile each) and %d reloads; headless Chromium, 1280×800, localhost.\n\n", time.Now().UTC().Format("2006-01-02 15:04"), len(cold), len(cold), len(warm))
	report.WriteString("Milliseconds after navigation start: median (lowest–highest); then what the first frame asked of WebGL (the same on every load of a build: it does not depend on the machine's load).\n\n| stage | first visit | reload, the service worker's cache warm |\n| --- | ---: | ---: |\n")
	for i, name := range stageNames {
		fmt.Fprintf(&report, "| %s | %s | %s |\n", name, spread(cold, i), spread(warm, i))
	}
	for i, name := range glNames {
		i += len(stageNames)
		fmt.Fprintf(&report, "| %s | %s | %s |\n", name, spread(cold, i), spread(warm, i))
	}
	fmt.Fprintf(&report, "\nMachine load (before, and after each visit): %s\n", strings.Join(loads, "; "))
	path := filepath.Join(out, "firstframe.md")
	if err := os.WriteFile(path, []byte(report.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("%s\n%s", path, report.String())
}

// visit is one first visit to url in a fresh browser, then reloads once the service worker has
// cached the game; it adds each load's marks to cold and warm. The browser ends with the visit.
func visit(b *testing.B, url string, reloads int, cold, warm *[]stages) {
	br := startBrowser(b, 1280, 800)
	defer br.close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := br.emulate(ctx, 1280, 800, 1, false); err != nil {
		b.Fatal(err)
	}
	if _, err := br.onNewDocument(ctx, glCounter); err != nil {
		b.Fatal(err)
	}
	*cold = append(*cold, loadStages(b, ctx, br, url))
	waitCached(b, ctx, br)
	for range reloads {
		*warm = append(*warm, loadStages(b, ctx, br, url))
	}
}

// waitCached waits until the page's service worker is active with the game in its cache, so
// that the next load starts from it.
func waitCached(t testing.TB, ctx context.Context, b *browser) {
	t.Helper()
	const ready = `(async () => {
		const reg = await navigator.serviceWorker.getRegistration();
		return !!(reg && reg.active && reg.active.state === 'activated') && (await caches.keys()).length === 1;
	})()`
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		var ok bool
		if err := b.eval(ctx, ready, &ok); err != nil {
			t.Fatal(err)
		}
		if ok {
			return
		}
	}
	t.Fatal("the service worker did not cache the game within 2 minutes")
}

// stageNames are the start-up's stages in order, as wasm/loader.js and the game mark them.
var stageNames = []string{
	"response to sig.wasm begins",
	"sig.wasm downloaded",
	"compiled and instantiated",
	"Go program started",
	"package initialisation done",
	"first Update begins (window and GL ready)",
	"first Draw begins",
	"first Draw ends",
	"**first frame on screen**",
}

var stageKeys = []string{"sigFetchMs", "sigDownloadedMs", "sigLoadedMs", "sigRunMs", "sigMarkInit", "sigMarkUpdate", "sigMarkDraw", "sigFirstDrawMs", "sigFirstFrameMs"}

// glNames are the first frame's counts of WebGL work, kept by glCounter: the draws queued
// before the first frame and the shader programs linked for them are what a software renderer
// (SwiftShader, headless Chromium without a GPU) spends most of the first frame's time on.
var glNames = []string{
	"draw calls before the first frame",
	"indices drawn before the first frame",
	"shader programs linked before the first frame",
	"pixels read back before the first frame (each waits for the GPU)",
}

var glKeys = []string{"sigGlDraws", "sigGlIndices", "sigGlPrograms", "sigGlReads"}

// glCounter runs before the page's own scripts: it counts WebGL 2's draw calls, indices,
// program links and pixel reads (readPixels: the page waits there until the GPU has done
// everything queued before it; SwiftShader does it on the processor), and when the game
// reports its first frame (sigFirstFrame, set by the loader) keeps the counts at the start of
// the next animation frame, when that frame's commands have all been issued, in the page's
// data-sig-gl-* attributes.
const glCounter = `(() => {
  const P = WebGL2RenderingContext.prototype;
  const n = {draws: 0, indices: 0, programs: 0, reads: 0};
  const drawElements = P.drawElements, drawArrays = P.drawArrays, linkProgram = P.linkProgram, readPixels = P.readPixels;
  P.drawElements = function(mode, count, ...rest) { n.draws++; n.indices += count; return drawElements.call(this, mode, count, ...rest); };
  P.drawArrays = function(mode, first, count) { n.draws++; n.indices += count; return drawArrays.call(this, mode, first, count); };
  P.linkProgram = function(p) { n.programs++; return linkProgram.call(this, p); };
  P.readPixels = function(...args) { n.reads++; return readPixels.apply(this, args); };
  let first;
  Object.defineProperty(globalThis, 'sigFirstFrame', {configurable: true, get() { return first; }, set(f) {
    first = function(...args) {
      requestAnimationFrame(() => {
        const d = document.documentElement.dataset;
        if (!d.sigGlDraws) { d.sigGlDraws = n.draws; d.sigGlIndices = n.indices; d.sigGlPrograms = n.programs; d.sigGlReads = n.reads; }
      });
      return f.apply(this, args);
    };
  }});
})();`

// stages is one load's marks, in stageNames' order, then the counts in glNames' (−1: not
// marked; a count may be 0).
type stages []float64

// loadStages loads url (from about:blank) and waits for the first frame; it returns the marks.
func loadStages(t testing.TB, ctx context.Context, b *browser, url string) stages {
	t.Helper()
	load(t, ctx, b, url)
	keys := append(slices.Clone(stageKeys), glKeys...)
	expr := "(() => { const d = document.documentElement.dataset; return [" + "d." + strings.Join(keys, " || '', d.") + " || '']; })()"
	var marks []string
	if err := b.eval(ctx, expr, &marks); err != nil {
		t.Fatal(err)
	}
	s := make(stages, len(keys))
	for i, m := range marks {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil {
			v = -1
		}
		s[i] = v
	}
	return s
}

// spread is the median of stage i over loads, with the lowest and highest.
func spread(loads []stages, i int) string {
	v := marked(loads, i)
	if len(v) == 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f (%.0f–%.0f)", median(loads, i), v[0], v[len(v)-1])
}

// median is the median of stage i over the loads that marked it (0 when none did).
func median(loads []stages, i int) float64 {
	v := marked(loads, i)
	if len(v) == 0 {
		return 0
	}
	if len(v)%2 == 0 {
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return v[len(v)/2]
}

// marked is stage i of the loads that marked it, in increasing order.
func marked(loads []stages, i int) []float64 {
	var v []float64
	for _, s := range loads {
		if i < len(s) && s[i] >= 0 {
			v = append(v, s[i])
		}
	}
	slices.Sort(v)
	return v
}
