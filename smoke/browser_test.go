//go:build smoke

package smoke

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// maxDownloadBr and maxDownloadGz are the most the browser game's first download may weigh,
// all files together, as Chromium receives it: with Brotli, and with gzip only (a browser that
// does not take Brotli). .ci/run's wasm step holds the files' sizes to the same.
const (
	maxDownloadBr = 4_000_000
	maxDownloadGz = 5_300_000
)

// TestBrowser runs ./build.sh serve, loads the page in headless Chromium and checks that the
// title scene appears; it measures the download and the time to the first frame, writes both
// to $SIG_SMOKE_OUT/browser.md, and saves screenshots (title, a game's setup, a phone).
func TestBrowser(t *testing.T) {
	root, out := moduleRoot(t), outDir(t)
	url := siteURL(t)

	var report strings.Builder
	fmt.Fprintf(&report, "Measured %s by `go test -tags smoke ./smoke` (TestBrowser).\n\n", time.Now().UTC().Format("2006-01-02"))
	// The report is written even when a check fails: its numbers say by how much.
	defer func() {
		if err := os.WriteFile(filepath.Join(out, "browser.md"), []byte(report.String()), 0o644); err != nil {
			t.Error(err)
		}
		t.Logf("\n%s", report.String())
	}()
	web := filepath.Join(root, "dist", "web")
	totalBr, totalGz := downloadSizes(t, web, &report)
	if totalBr > maxDownloadBr {
		t.Errorf("the browser download's files are %d bytes with Brotli, over the %d-byte budget", totalBr, maxDownloadBr)
	}
	if totalGz > maxDownloadGz {
		t.Errorf("the browser download's files are %d bytes gzipped, over the %d-byte budget", totalGz, maxDownloadGz)
	}

	const w, h = 1280, 800
	b := startBrowser(t, w, h)
	// A dozen page loads, on a machine that may be shared.
	ctx, cancel := context.WithTimeout(context.Background(), 12*time.Minute)
	defer cancel()
	// The page gets exactly w×h (a headless window keeps some of its height for itself).
	if err := b.emulate(ctx, w, h, 1, false); err != nil {
		t.Fatal(err)
	}

	if _, err := b.onNewDocument(ctx, firstPaintProbe); err != nil {
		t.Fatal(err)
	}
	cold := load(t, ctx, b, url)
	settle(ctx, b)
	shoot(t, ctx, b, filepath.Join(out, "browser-title.png"), w, h)

	received(t, ctx, b, url, web, ".br", maxDownloadBr, &report)

	waitCached(t, ctx, b)
	var warm []timing
	for range 3 {
		warm = append(warm, load(t, ctx, b, url))
	}
	slices.SortFunc(warm, func(a, b timing) int { return int(a.firstPaint - b.firstPaint) })
	fmt.Fprintf(&report, "\nTime to the first frame, headless Chromium on localhost (ms after navigation start; the reloads once the service worker has cached the game):\n\n")
	fmt.Fprintf(&report, "| load | sig.wasm downloaded and compiled | first frame (game's report) | first frame (WebGL probe) | CPU s, all Chromium | CPU s, renderer |\n| --- | ---: | ---: | ---: | ---: | ---: |\n")
	row := func(name string, tm timing) {
		fmt.Fprintf(&report, "| %s | %.0f | %.0f | %.0f | %.2f | %.2f |\n", name, tm.loaded, tm.firstFrame, tm.firstPaint, tm.cpu, tm.rendererCPU)
	}
	row("first visit (fresh profile)", cold)
	for i, w := range warm {
		row(fmt.Sprintf("reload %d", i+1), w)
	}
	fmt.Fprintf(&report, "\nMachine load while measuring: %s\n", loadAverage())

	// The same first download for a browser without Brotli: no cache, the page's requests
	// saying they take gzip only.
	if err := b.call(ctx, b.session, "Network.enable", nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		method string
		params map[string]any
	}{
		{"Network.setCacheDisabled", map[string]any{"cacheDisabled": true}},
		{"Network.setBypassServiceWorker", map[string]any{"bypass": true}},
		{"Network.setExtraHTTPHeaders", map[string]any{"headers": map[string]string{"Accept-Encoding": "gzip, deflate"}}},
	} {
		if err := b.call(ctx, b.session, c.method, c.params, nil); err != nil {
			t.Fatalf("%s: %v", c.method, err)
		}
	}
	load(t, ctx, b, url)
	received(t, ctx, b, url, web, ".gz", maxDownloadGz, &report)
	for _, c := range []struct {
		method string
		params map[string]any
	}{
		{"Network.setCacheDisabled", map[string]any{"cacheDisabled": false}},
		{"Network.setBypassServiceWorker", map[string]any{"bypass": false}},
		{"Network.setExtraHTTPHeaders", map[string]any{"headers": map[string]string{}}},
	} {
		if err := b.call(ctx, b.session, c.method, c.params, nil); err != nil {
			t.Fatalf("%s: %v", c.method, err)
		}
	}

	load(t, ctx, b, url+"?game=seega")
	settle(ctx, b)
	shoot(t, ctx, b, filepath.Join(out, "browser-setup-seega.png"), w, h)

	if err := b.emulate(ctx, 390, 844, 3, true); err != nil {
		t.Fatal(err)
	}
	load(t, ctx, b, url)
	settle(ctx, b)
	shoot(t, ctx, b, filepath.Join(out, "browser-phone-title.png"), 390*3, 844*3)

	if err := b.emulate(ctx, w, h, 1, false); err != nil {
		t.Fatal(err)
	}
	// The loading bar counts real bytes: on a slow line (1 MB/s, no cache) it is part-way
	// along while sig.wasm downloads.
	loadingScreen(t, ctx, b, url, filepath.Join(out, "browser-loading.png"))
	// A download that fails, at once or part-way, says so and offers to try again.
	failedDownloads(t, ctx, b, url, out)

	// Bad input and a browser without what Sig needs: a clear message, never a blank page.
	for _, c := range []struct{ name, query, without, want string }{
		{"bad-game", "?game=nope", "", "unknown game"},
		{"no-webgl2", "", "WebGL2RenderingContext", "needs WebGL 2"},
		{"no-wasm", "", "WebAssembly", "needs WebAssembly"},
	} {
		var script string
		if c.without != "" {
			id, err := b.onNewDocument(ctx, "delete window."+c.without+";")
			if err != nil {
				t.Fatal(err)
			}
			script = id
		}
		text := loadProblem(t, ctx, b, url+c.query)
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: the page says %q, want it to mention %q", c.name, text, c.want)
		}
		data, err := b.screenshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(out, "browser-"+c.name+".png")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", path, text)
		if script != "" {
			if err := b.forgetScript(ctx, script); err != nil {
				t.Fatal(err)
			}
		}
	}

}

// freeAddr returns a loopback address with a port nobody is listening on.
func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// site is the browser game built once and served for every browser test of the run (the build
// is minutes of the run): siteURL starts it on first use, TestMain stops it at the end.
var site struct {
	once sync.Once
	url  string
	err  error
	stop func()
}

// siteURL is the address of the served browser game, built and started on first use.
// SIG_SMOKE_SITE=URL uses a game already built and served there instead (a developer's loop
// on a slow machine: the build is the longest part of the run).
func siteURL(t testing.TB) string {
	t.Helper()
	if u := os.Getenv("SIG_SMOKE_SITE"); u != "" {
		return strings.TrimSuffix(u, "/") + "/"
	}
	site.once.Do(func() {
		root, out := moduleRoot(t), outDir(t)
		addr := freeAddr(t)
		site.url = "http://" + addr + "/"
		site.stop, site.err = serve(root, addr, filepath.Join(out, "browser-serve.log"))
	})
	if site.err != nil {
		t.Fatal(site.err)
	}
	return site.url
}

func TestMain(m *testing.M) {
	code := m.Run()
	if site.stop != nil {
		site.stop()
	}
	os.Exit(code)
}

// serve runs ./build.sh serve ADDR in the background and waits until the page answers; stop
// ends it.
func serve(root, addr, logPath string) (stop func(), err error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("bash", "build.sh", "serve", addr)
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, err
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop = func() {
		// build.sh's process group: the build or the server it became, started here.
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
		logFile.Close()
	}
	deadline := time.Now().Add(15 * time.Minute) // the first wasm build of Ebitengine is slow
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			msg, _ := os.ReadFile(logPath)
			stop()
			return nil, fmt.Errorf("./build.sh serve %s stopped:\n%s", addr, msg)
		case <-time.After(500 * time.Millisecond):
		}
		resp, err := http.Get("http://" + addr + "/")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return stop, nil
			}
		}
	}
	stop()
	return nil, fmt.Errorf("./build.sh serve %s did not answer within 15 minutes", addr)
}

// downloadSizes tabulates every file of the built site, plain and as its twins, into report
// and returns the download's total with Brotli and with gzip (a file without a twin counts
// plain, one without a .br twin counts its .gz).
func downloadSizes(t *testing.T, web string, report *strings.Builder) (br, gz int64) {
	t.Helper()
	files, err := os.ReadDir(web)
	if err != nil {
		t.Fatal(err)
	}
	report.WriteString("Download size (`./build.sh wasm`, dist/web):\n\n| file | bytes | gzipped | Brotli |\n| --- | ---: | ---: | ---: |\n")
	var plainTotal int64
	for _, f := range files {
		if f.IsDir() || strings.HasSuffix(f.Name(), ".gz") || strings.HasSuffix(f.Name(), ".br") {
			continue
		}
		info, err := f.Info()
		if err != nil {
			t.Fatal(err)
		}
		g := info.Size()
		if gi, err := os.Stat(filepath.Join(web, f.Name()+".gz")); err == nil {
			g = gi.Size()
		}
		b := g
		if bi, err := os.Stat(filepath.Join(web, f.Name()+".br")); err == nil {
			b = bi.Size()
		}
		br += b
		gz += g
		plainTotal += info.Size()
		fmt.Fprintf(report, "| %s | %d | %d | %d |\n", f.Name(), info.Size(), g, b)
	}
	fmt.Fprintf(report, "| **total** | **%d** | **%d** (budget %d) | **%d** (budget %d) |\n", plainTotal, gz, maxDownloadGz, br, maxDownloadBr)
	return br, gz
}

// received checks what Chromium reports receiving for the page just loaded (Resource Timing's
// encodedBodySize of the page and every file it fetched): the game came as its twins named by
// suffix (.br or .gz), and the whole is within budget. It adds the table to report.
func received(t *testing.T, ctx context.Context, b *browser, url, web, suffix string, budget int64, report *strings.Builder) {
	t.Helper()
	var entries []struct {
		Name    string  `json:"name"`
		Encoded float64 `json:"encoded"`
		Decoded float64 `json:"decoded"`
	}
	if err := b.eval(ctx, `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).map(e => ({name: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize}))`, &entries); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(report, "\nWhat Chromium received on a first visit (Resource Timing), taking %s:\n\n| file | on the wire (body) | unpacked |\n| --- | ---: | ---: |\n",
		map[string]string{".br": "Brotli", ".gz": "gzip only"}[suffix])
	var total float64
	wasm := false
	for _, e := range entries {
		name := strings.TrimPrefix(e.Name, url)
		fmt.Fprintf(report, "| %s | %.0f | %.0f |\n", name, e.Encoded, e.Decoded)
		total += e.Encoded
		if file, _, _ := strings.Cut(name, "?"); strings.HasSuffix(file, ".wasm") {
			wasm = true
			info, err := os.Stat(filepath.Join(web, file+suffix))
			if err != nil {
				t.Fatal(err)
			}
			if int64(e.Encoded) != info.Size() {
				t.Errorf("%s came as %.0f bytes, not as its %d-byte %s twin", file, e.Encoded, info.Size(), suffix)
			}
		}
	}
	fmt.Fprintf(report, "| **total** | **%.0f** (budget %d) | |\n", total, budget)
	if !wasm {
		t.Errorf("Chromium reports no .wasm among the files it fetched: %v", entries)
	}
	if total > float64(budget) {
		t.Errorf("Chromium received %.0f bytes on a first visit (taking %s), over the %d-byte budget", total, suffix, budget)
	}
}

// firstPaintProbe watches WebGL from outside the game: it notes the first draw call into the
// page's visible canvas (the default framebuffer of a canvas Ebitengine has sized), and the
// start of the next animation frame, when that draw has reached the screen. It checks the
// game's own report (sigFirstFrame) and measures even where that report is missing.
const firstPaintProbe = `(() => {
  if (typeof WebGL2RenderingContext === 'undefined') return;
  const proto = WebGL2RenderingContext.prototype;
  const bound = new WeakMap();
  const bind = proto.bindFramebuffer;
  proto.bindFramebuffer = function (target, fb) {
    if (target === this.FRAMEBUFFER || target === this.DRAW_FRAMEBUFFER) bound.set(this, fb == null); // Ebitengine passes undefined for the canvas's own
    return bind.call(this, target, fb);
  };
  let seen = false;
  for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
    const draw = proto[name];
    proto[name] = function (...args) {
      if (!seen && bound.get(this) !== false && this.canvas && this.canvas.isConnected && this.canvas.width > 16) {
        seen = true;
        requestAnimationFrame(() => {
          document.documentElement.dataset.sigFirstPaintMs = performance.now().toFixed(0);
        });
      }
      return draw.apply(this, args);
    };
  }
})();`

// timing is what one page load took, in ms after navigation start: the wasm downloaded and
// compiled, the first frame as the game reported it (0: not reported), the first frame as
// WebGL saw it.
type timing struct {
	loaded, firstFrame, firstPaint float64
	// cpu and rendererCPU are the processor seconds Chromium spent from navigation to the
	// first frame, all processes and the page's renderer.
	cpu, rendererCPU float64
}

// load navigates to url and waits for the game's first frame; it fails on the loader's
// problem screen.
func load(t testing.TB, ctx context.Context, b *browser, url string) timing {
	t.Helper()
	if err := b.navigate(ctx, "about:blank"); err != nil {
		t.Fatal(err)
	}
	cpu0, rcpu0 := b.cpuSeconds()
	if err := b.navigate(ctx, url); err != nil {
		t.Fatalf("navigate %s: %v", url, err)
	}
	deadline := time.Now().Add(90 * time.Second)
	var state []string
	for time.Now().Before(deadline) {
		state = nil
		err := b.eval(ctx, `(() => { const d = document.documentElement.dataset; const p = document.getElementById('sig-problem-text');
			return [d.sigState || '', d.sigLoadedMs || '', d.sigFirstFrameMs || '', d.sigFirstPaintMs || '', p ? p.textContent : '']; })()`, &state)
		if err == nil && len(state) == 5 {
			if state[0] == "problem" {
				t.Fatalf("%s: the loader shows a problem: %s", url, state[4])
			}
			var tm timing
			tm.loaded, _ = strconv.ParseFloat(state[1], 64)
			tm.firstFrame, _ = strconv.ParseFloat(state[2], 64)
			tm.firstPaint, _ = strconv.ParseFloat(state[3], 64)
			if tm.firstFrame > 0 {
				cpu, rcpu := b.cpuSeconds()
				tm.cpu, tm.rendererCPU = cpu-cpu0, rcpu-rcpu0
				return tm
			}
			if tm.firstPaint > 0 && state[0] == "running" {
				// The loader gave up waiting for the game's report and hid itself.
				t.Errorf("%s: the game drew (at %.0f ms) but never called sigFirstFrame: the scene manager must call firstFrameShown() from its first Draw (scenes/firstframe_js.go), or the loading screen stays up 1.5 s too long", url, tm.firstPaint)
				return tm
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s: no first frame within 90 s (loader state %q)", url, state)
	return timing{}
}

// settle lets the loader's fade and the scene's opening transition finish.
func settle(ctx context.Context, b *browser) {
	select {
	case <-time.After(1500 * time.Millisecond):
	case <-ctx.Done():
	}
}

// shoot saves a screenshot of the page and checks it is the title (or whatever scene) drawn
// by the game, not a blank page or the loading screen.
func shoot(t *testing.T, ctx context.Context, b *browser, path string, w, h int) {
	t.Helper()
	// The loader fades out over 0.25 s and then hides; on a busy machine that takes a while.
	hidden := false
	for deadline := time.Now().Add(20 * time.Second); !hidden && time.Now().Before(deadline); {
		if err := b.eval(ctx, `document.getElementById('sig-loader').hidden`, &hidden); err != nil {
			t.Fatal(err)
		}
		if !hidden {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if !hidden {
		t.Errorf("%s: the loading screen is still up", path)
	}
	data, err := b.screenshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	checkScreenshot(t, path, data, w, h)
	t.Logf("%s", path)
}

// loadAverage is /proc/loadavg's first three numbers and the processor count: a busy machine
// stretches the wall-clock times above.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return fmt.Sprintf("load average %s %s %s on %d processors", f[0], f[1], f[2], runtime.NumCPU())
}

// loadProblem navigates to url and waits for the loader's problem screen; it returns its text.
func loadProblem(t *testing.T, ctx context.Context, b *browser, url string) string {
	t.Helper()
	if err := b.navigate(ctx, "about:blank"); err != nil {
		t.Fatal(err)
	}
	if err := b.navigate(ctx, url); err != nil {
		t.Fatalf("navigate %s: %v", url, err)
	}
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		var state []string
		err := b.eval(ctx, `[document.documentElement.dataset.sigState || '',
			(document.getElementById('sig-problem-title') || {}).textContent || '',
			(document.getElementById('sig-problem-text') || {}).textContent || '']`, &state)
		if err == nil && len(state) == 3 {
			if state[0] == "problem" {
				return state[1] + ": " + state[2]
			}
			if state[0] == "running" {
				t.Errorf("%s: the game started; want the loader's problem screen", url)
				return ""
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("%s: no problem screen within 90 s", url)
	return ""
}

// loadingScreen loads url over a throttled line and checks the loading bar moves with the
// download; it saves a screenshot of it part-way.
func loadingScreen(t *testing.T, ctx context.Context, b *browser, url, path string) {
	t.Helper()
	network := func(throughput float64, noCache bool) {
		if err := b.call(ctx, b.session, "Network.enable", nil, nil); err != nil {
			t.Fatal(err)
		}
		if err := b.call(ctx, b.session, "Network.setCacheDisabled", map[string]any{"cacheDisabled": noCache}, nil); err != nil {
			t.Fatal(err)
		}
		// The service worker would serve the game from its cache, at once.
		if err := b.call(ctx, b.session, "Network.setBypassServiceWorker", map[string]any{"bypass": noCache}, nil); err != nil {
			t.Fatal(err)
		}
		if err := b.call(ctx, b.session, "Network.emulateNetworkConditions", map[string]any{
			"offline": false, "latency": 0, "downloadThroughput": throughput, "uploadThroughput": -1,
		}, nil); err != nil {
			t.Fatal(err)
		}
	}
	network(1_000_000, true)
	defer network(-1, false)
	if err := b.navigate(ctx, "about:blank"); err != nil {
		t.Fatal(err)
	}
	if err := b.navigate(ctx, url); err != nil {
		t.Fatal(err)
	}
	var seen []float64
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		var pct float64
		if err := b.eval(ctx, `(() => { const bar = document.getElementById('sig-bar'); const v = bar && bar.getAttribute('aria-valuenow'); return v === null || v === undefined ? -1 : Number(v); })()`, &pct); err != nil {
			t.Fatal(err)
		}
		if pct >= 0 && (len(seen) == 0 || pct != seen[len(seen)-1]) {
			seen = append(seen, pct)
		}
		if pct >= 30 && pct <= 90 {
			data, err := b.screenshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var line string
			b.eval(ctx, `(document.getElementById('sig-status') || {}).textContent || ''`, &line)
			t.Logf("%s: %q (progress seen: %v)", path, line, seen)
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("the loading bar never stood between 30%% and 90%% on a 1 MB/s line (values seen: %v)", seen)
}

// failedDownloads loads the page with sig.wasm refused by the network, then with the connection
// dropped part-way through its download (no cache, no service worker), and checks that the
// loader says the game could not be downloaded and offers to try again.
func failedDownloads(t *testing.T, ctx context.Context, b *browser, url, out string) {
	t.Helper()
	call := func(method string, params map[string]any) {
		t.Helper()
		if err := b.call(ctx, b.session, method, params, nil); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
	}
	call("Network.enable", nil)
	call("Network.setCacheDisabled", map[string]any{"cacheDisabled": true})
	call("Network.setBypassServiceWorker", map[string]any{"bypass": true})
	defer func() {
		call("Network.setBlockedURLs", map[string]any{"urls": []string{}})
		call("Network.setBypassServiceWorker", map[string]any{"bypass": false})
		call("Network.setCacheDisabled", map[string]any{"cacheDisabled": false})
	}()
	check := func(name, want string) {
		t.Helper()
		var state []string
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			state = nil
			if err := b.eval(ctx, `[document.documentElement.dataset.sigState || '',
				(document.getElementById('sig-problem-title') || {}).textContent || '',
				(document.getElementById('sig-problem-text') || {}).textContent || '',
				String(!(document.getElementById('sig-retry') || {hidden: true}).hidden)]`, &state); err != nil {
				continue // the page between documents
			}
			if len(state) == 4 && state[0] != "loading" && state[0] != "" {
				break
			}
		}
		if len(state) != 4 || state[0] != "problem" {
			t.Errorf("%s: the loader is in state %q, want its problem screen", name, state)
			return
		}
		said := state[1] + ": " + state[2]
		if !strings.Contains(said, want) {
			t.Errorf("%s: the page says %q, want it to mention %q", name, said, want)
		}
		if state[3] != "true" {
			t.Errorf("%s: no button to try again", name)
		}
		data, err := b.screenshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(out, "browser-"+name+".png")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", path, said)
	}

	// Refused outright: the request for sig.wasm fails.
	call("Network.setBlockedURLs", map[string]any{"urls": []string{"*.wasm"}})
	if err := b.navigate(ctx, "about:blank"); err != nil {
		t.Fatal(err)
	}
	if err := b.navigate(ctx, url); err != nil {
		t.Fatal(err)
	}
	check("download-refused", "could not be downloaded")
	call("Network.setBlockedURLs", map[string]any{"urls": []string{}})

	// Cut part-way: a server in front of the site's that sends sig.wasm's headers and the first
	// part of its body, then drops the connection.
	cutURL := cuttingProxy(t, url)
	if err := b.navigate(ctx, "about:blank"); err != nil {
		t.Fatal(err)
	}
	if err := b.navigate(ctx, cutURL); err != nil {
		t.Fatal(err)
	}
	check("download-cut", "stopped part-way")
}

// cuttingProxy serves site (on 127.0.0.1, until the test ends) as it is, but drops the
// connection part-way through the body of any .wasm file; it returns its address.
func cuttingProxy(t *testing.T, site string) string {
	t.Helper()
	upstream, err := neturl.Parse(site)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(upstream)
	proxy.ModifyResponse = func(r *http.Response) error {
		if strings.HasSuffix(r.Request.URL.Path, ".wasm") && r.ContentLength > 0 {
			r.Body = &cutBody{r: r.Body, left: r.ContentLength / 3}
		}
		return nil
	}
	// The copy's error ends the response with the connection closed, as a network cut does.
	proxy.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: proxy, ErrorLog: log.New(io.Discard, "", 0)}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/"
}

// cutBody reads the first left bytes of r, then fails.
type cutBody struct {
	r    io.ReadCloser
	left int64
}

func (c *cutBody) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, errors.New("cut")
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

func (c *cutBody) Close() error { return c.r.Close() }
