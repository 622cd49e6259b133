//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// root is the module's folder (the tests run in e2e/).
func root(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "build.sh")); err != nil {
		t.Fatalf("no build.sh in %s: run the tests from the module (go test -tags e2e ./e2e)", dir)
	}
	return dir
}

// artifacts is the folder for screenshots and reports: $SIG_ARTIFACTS or e2e/artifacts.
func artifacts(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("SIG_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(root(t), "e2e", "artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

var (
	siteOnce sync.Once
	siteURL  string
	siteDir  string // the build's folder: web/ (the site) and sigserve
	siteErr  error
	server   *exec.Cmd
)

// TestMain stops the server the tests started.
func TestMain(m *testing.M) {
	code := m.Run()
	if server != nil && server.Process != nil {
		server.Process.Signal(syscall.SIGTERM)
		server.Wait()
	}
	os.Exit(code)
}

// site builds the browser game into a folder of its own (./build.sh wasm with SIG_DIST, so a
// build in dist/ by someone else cannot pull files from under the server; or takes the one
// $SIG_E2E_SITE names, built so before), serves it with
// cmd/sigserve on a free loopback port, and returns its address. Once per test binary; the
// server ends with the binary's process group.
func site(t testing.TB) string {
	t.Helper()
	siteOnce.Do(func() { siteURL, siteErr = buildAndServe(root(t)) })
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteURL
}

func buildAndServe(dir string) (string, error) {
	start := time.Now()
	out := os.Getenv("SIG_E2E_SITE")
	if out != "" {
		// A site built before (SIG_DIST=DIR ./build.sh wasm): several runs of the tests, one
		// build. It must be this checkout's: a stale one tests yesterday's game.
		if _, err := os.Stat(filepath.Join(out, "web", "index.html")); err != nil {
			return "", fmt.Errorf("SIG_E2E_SITE=%s holds no browser build (web/index.html): build it with SIG_DIST=%s ./build.sh wasm", out, out)
		}
	} else {
		var err error
		if out, err = os.MkdirTemp("", "sig-e2e-"); err != nil {
			return "", err
		}
		build := exec.Command("bash", "build.sh", "wasm")
		build.Dir = dir
		// gzip -9 rather than zopfli: the same files, a few percent bigger, seconds not a minute.
		build.Env = append(os.Environ(), "SIG_DIST="+out, "SIG_GZIP=fast")
		if msg, err := build.CombinedOutput(); err != nil {
			return "", fmt.Errorf("./build.sh wasm: %v\n%s", err, msg)
		}
	}
	siteDir = out
	serve := filepath.Join(out, "sigserve")
	if msg, err := exec.Command("go", "build", "-C", dir, "-o", serve, "./cmd/sigserve").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/sigserve: %v\n%s", err, msg)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(serve, "-addr", addr, "-dir", filepath.Join(out, "web"), "-quiet")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	// The server dies with the test binary, even if it is killed.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	server = cmd
	url := "http://" + addr + "/"
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				fmt.Fprintf(os.Stderr, "e2e: built and serving %s at %s (%.0f s)\n", filepath.Join(out, "web"), url, time.Since(start).Seconds())
				return url, nil
			}
		}
	}
	return "", fmt.Errorf("sigserve did not answer on %s", url)
}

// chromium finds the browser: a missing one fails the test, it does not skip it.
func chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no Chromium: the e2e tests need it (apt-get install chromium)")
	return ""
}

// newBrowser starts headless Chromium with a fresh profile (software WebGL) and returns a
// context for its first tab; it ends with the test, or when timeout (the run's whole budget,
// times SIG_E2E_SLOW if set: e.g. 3 on a machine shared by many) has passed.
func newBrowser(t testing.TB, timeout time.Duration) context.Context {
	t.Helper()
	if v := os.Getenv("SIG_E2E_SLOW"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 1 || f > 20 {
			t.Fatalf("SIG_E2E_SLOW=%q: give a factor from 1 to 20 for the runs' time budgets", v)
		}
		timeout = time.Duration(float64(timeout) * f)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1280, 800),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// loadAverage is /proc/loadavg's first three numbers and the processor count.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return fmt.Sprintf("%s %s %s on %d processors", f[0], f[1], f[2], runtime.NumCPU())
}

// processCPU sums the processor seconds (user+system) of the browser's processes by kind:
// "renderer" (the page: Go, JavaScript, WebGL calls), "gpu-process" (software WebGL draws
// there), "browser" and the rest, read from /proc.
func processCPU(ctx context.Context) map[string]float64 {
	out := map[string]float64{}
	c := chromedp.FromContext(ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return out
	}
	top := c.Browser.Process().Pid
	tick := 100.0 // USER_HZ on Linux
	ents, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	kind := map[int]string{}
	cpu := map[int]float64{}
	for _, e := range ents {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		s := string(stat)
		k := strings.LastIndexByte(s, ')')
		if k < 0 {
			continue
		}
		f := strings.Fields(s[k+1:])
		if len(f) < 13 {
			continue
		}
		var ppid int
		var ut, st float64
		fmt.Sscanf(f[1], "%d", &ppid)
		fmt.Sscanf(f[11], "%g", &ut)
		fmt.Sscanf(f[12], "%g", &st)
		parent[pid] = ppid
		cpu[pid] = (ut + st) / tick
		cmd, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		kind[pid] = "other"
		// Chromium rewrites its own command line (one string, spaces between the switches),
		// so split on spaces as well as the NULs the kernel puts between arguments.
		for _, a := range strings.FieldsFunc(string(cmd), func(r rune) bool { return r == 0 || r == ' ' }) {
			if v, ok := strings.CutPrefix(a, "--type="); ok {
				kind[pid] = v
			}
		}
	}
	for pid := range cpu {
		for p, hops := pid, 0; p > 1 && hops < 6; p, hops = parent[p], hops+1 {
			if p == top {
				k := kind[pid]
				if pid == top {
					k = "browser"
				}
				out[k] += cpu[pid]
				break
			}
		}
	}
	return out
}

// lines reads a file's lines (for logs in failure messages).
func lines(path string, last int) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	var all []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		all = append(all, sc.Text())
	}
	if len(all) > last {
		all = all[len(all)-last:]
	}
	return strings.Join(all, "\n")
}
