//go:build e2e

package e2e

import (
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"sig/rules/games"
)

// TestBrowserOffline checks the browser game as a Progressive Web App, in one Chromium profile
// against a copy of the built site served by a sigserve of its own, on a port it keeps:
//
//   - a first visit online: the manifest has no errors and the page is installable (Chromium's
//     own checks over DevTools); the service worker caches the whole build; a game of Seega is
//     started from the title and a move made, which the game saves;
//   - the server stopped, the page reloaded: the title appears, offers the save with Continue,
//     the game continues with its record and takes a move; from the title a new game starts
//     (past the card that asks before the game in progress ends) and takes a move;
//   - the site rebuilt with a changed sig.wasm and served again: the next visit runs the new
//     build (its page and files, none of the old build's), shows the "updated" note, and the
//     service worker replaces the old cache with the new build's, which then starts offline;
//   - a broken rebuild (its sig.wasm missing from the server): the page says so, and the
//     cache still holds the last good build whole, which starts offline.
func TestBrowserOffline(t *testing.T) {
	site(t)
	work := t.TempDir()
	v1 := filepath.Join(work, "v1")
	copyDir(t, filepath.Join(siteDir, "web"), v1)
	addr := freeLoopback(t)
	url := "http://" + addr + "/"
	srv := serveDir(t, v1, addr)

	ctx := newBrowser(t, 15*time.Minute)
	p := openPage(t, ctx, "offline", url, false, instant)
	build1 := builtID(t, v1)
	if got := pageBuild(p); got != build1 {
		t.Fatalf("the page says build %q; the site is %q", got, build1)
	}
	cached := waitCached(p, build1)
	t.Logf("first visit: the service worker cached build %s: %d files", build1, cached)

	// Chromium's own verdicts on the manifest and on installing.
	m, err := chromedp.Call(ctx, page.GetAppManifest, page.GetAppManifestParams{})
	if err != nil {
		t.Fatalf("Page.getAppManifest: %v", err)
	}
	for _, e := range m.Errors {
		t.Errorf("the manifest (%s): %s (line %d, critical %d)", m.URL, e.Message, e.Line, e.Critical)
	}
	if !strings.HasSuffix(m.URL, "/manifest.webmanifest") || !strings.Contains(m.Data, `"short_name": "Sig"`) {
		t.Errorf("Page.getAppManifest found %q: %.200s", m.URL, m.Data)
	}
	installable := func() {
		t.Helper()
		var errs []string
		for range 20 { // the browser may still be fetching the icons
			res, err := chromedp.Call(ctx, page.GetInstallabilityErrors, cdp.Empty{})
			if err != nil {
				t.Fatalf("Page.getInstallabilityErrors: %v", err)
			}
			errs = nil
			for _, e := range res.InstallabilityErrors {
				args := ""
				for _, a := range e.ErrorArguments {
					args += " " + a.Name + "=" + a.Value
				}
				errs = append(errs, e.ErrorID+args)
			}
			if len(errs) == 0 {
				return
			}
			time.Sleep(500 * time.Millisecond)
		}
		t.Errorf("Chromium would not install the page: %s", strings.Join(errs, "; "))
	}
	installable()

	g, ok := games.Lookup("seega")
	if !ok {
		t.Fatal("no Seega")
	}
	seats := []string{"human", "human"}
	v := startGame(p, g, seats, false)
	v = act(p, v, v.Legal[0])
	record := v.Moves
	if save := eval[string](p, `localStorage.getItem('sig.autosave') || ''`); !strings.Contains(save, `"sig-save"`) {
		t.Fatalf("after a move, localStorage has no save: %.200q", save)
	}

	// Online, the page reloaded: the title offers the save.
	reload(p, url)
	if v := p.waitScene("title"); !hasHit(v, "button:continue") {
		t.Fatalf("online, after a move, the title does not offer Continue: %s%s", v.ids(), storage(p))
	}

	// Offline: the server gone, the page reloaded.
	srv.stop()
	if resp, err := http.Get(url); err == nil {
		resp.Body.Close()
		t.Fatal("the server still answers after it was stopped")
	}
	reload(p, url)
	if got := pageBuild(p); got != build1 {
		t.Fatalf("offline, the page says build %q, want %q", got, build1)
	}
	if !eval[bool](p, `navigator.serviceWorker.controller !== null`) {
		t.Fatal("offline, the page is not the service worker's")
	}
	v = p.waitScene("title")
	if !hasHit(v, "button:continue") {
		t.Fatalf("offline, the title does not offer Continue: %s%s", v.ids(), storage(p))
	}
	p.shot("offline-title")
	p.tap("button:continue")
	v = p.waitFor("the saved game", func(v view) bool { return v.Scene == "play" && v.settled() }, 90*time.Second)
	if !slices.Equal(v.Moves, record) {
		t.Fatalf("offline, Continue brought back the moves %v; the game saved %v", v.Moves, record)
	}
	v = act(p, v, v.Legal[0])
	if len(v.Moves) != len(record)+1 {
		t.Fatalf("offline, a move in the continued game left the record %v", v.Moves)
	}
	p.shot("offline-continued")
	p.key("Escape")
	p.waitScene("pause")
	p.tap("button:menu")
	v = startGame(p, g, seats, false)
	v = act(p, v, v.Legal[0])
	if len(v.Moves) != 1 {
		t.Fatalf("offline, a new game's first move left the record %v", v.Moves)
	}
	p.shot("offline-new-game")

	// A new build: the same game with a changed sig.wasm (a custom section added, which the
	// engine ignores), packaged by build.sh as a build of its own.
	v2 := rebuild(t, v1, work, "v2")
	build2 := builtID(t, v2)
	if build2 == build1 {
		t.Fatal("the rebuilt site has the old build's id")
	}
	srv = serveDir(t, v2, addr)
	reload(p, url)
	if got := pageBuild(p); got != build2 {
		t.Fatalf("online after a rebuild, the page says build %q, want the new %q", got, build2)
	}
	checkFiles(p, v1, v2)
	if old := eval[string](p, `document.documentElement.dataset.sigUpdated || ''`); old != build1 {
		t.Errorf("the page noted the update from build %q, want %q", old, build1)
	}
	note := eval[string](p, `(() => { const n = document.getElementById('sig-updated'); return n && !n.hidden ? n.textContent : ''; })()`)
	if note != "Sig has been updated to its newest version." {
		t.Errorf("the updated note says %q", note)
	}
	p.shot("updated")
	waitCached(p, build2)
	reload(p, url) // online again, the same build: no note
	if note := eval[bool](p, `!document.getElementById('sig-updated').hidden`); note {
		t.Error("the updated note shows again on the next visit of the same build")
	}

	// A broken rebuild: the server lost its new sig.wasm.
	v3 := rebuild(t, v1, work, "v3")
	for _, f := range wasmFiles(t, v3) {
		os.Remove(f)
	}
	srv.stop()
	srv = serveDir(t, v3, addr)
	if err := chromedp.Do(p.timeout(), chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the loader's problem screen", `document.documentElement.dataset.sigState === 'problem'`, 90*time.Second)
	time.Sleep(2 * time.Second) // time for the new worker's install to fail
	if keys := cacheNames(p); !slices.Equal(keys, []string{"sig-" + build2}) {
		t.Fatalf("after a broken rebuild the caches are %v, want only the last good build's", keys)
	}
	srv.stop()
	reload(p, url)
	if got := pageBuild(p); got != build2 {
		t.Fatalf("offline after a broken rebuild, the page says build %q, want the last good %q", got, build2)
	}
	p.waitScene("title")
}

func hasHit(v view, id string) bool {
	_, ok := v.hit(id)
	return ok
}

// storage is the page's localStorage, for failure messages.
func storage(p *browserPage) string {
	return "\nlocalStorage: " + eval[string](p, `JSON.stringify(Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k).slice(0, 300)])))`)
}

// siteFiles lists a built site's files (not the twins).
func siteFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		if n := e.Name(); !strings.HasSuffix(n, ".gz") && !strings.HasSuffix(n, ".br") {
			names = append(names, n)
		}
	}
	return names
}

func wasmFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "sig.*.wasm*"))
	if err != nil || len(m) == 0 {
		t.Fatalf("no sig.HASH.wasm in %s", dir)
	}
	return m
}

// builtID reads a built site's build id from its page, as build.sh wrote it.
func builtID(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), `<meta name="sig-build" content="`)
	id, _, _ := strings.Cut(rest, `"`)
	if !ok || id == "" {
		t.Fatalf("%s/index.html has no build id", dir)
	}
	return id
}

func pageBuild(p *browserPage) string {
	return eval[string](p, `document.querySelector('meta[name="sig-build"]').content`)
}

// cacheNames lists the page's origin's caches (the service worker's).
func cacheNames(p *browserPage) []string {
	p.t.Helper()
	s, err := chromedp.Run(p.timeout(), chromedp.Evaluate[string](`caches.keys().then(k => JSON.stringify(k))`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("caches.keys(): %v", err)
	}
	var keys []string
	json.Unmarshal([]byte(s), &keys)
	return keys
}

// waitCached waits until the service worker is active with build's cache, and only that one,
// and returns how many files it holds.
func waitCached(p *browserPage, build string) int {
	p.t.Helper()
	var state string
	for deadline := time.Now().Add(120 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		s, err := chromedp.Run(p.timeout(), chromedp.Evaluate[string](`(async () => {
			const reg = await navigator.serviceWorker.getRegistration();
			const keys = await caches.keys();
			const files = keys.length === 1 ? (await (await caches.open(keys[0])).keys()).length : 0;
			return JSON.stringify({keys, files, active: reg && reg.active ? reg.active.state : ''});
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			p.t.Fatalf("the service worker's state: %v", err)
		}
		state = s
		var st struct {
			Keys   []string `json:"keys"`
			Files  int      `json:"files"`
			Active string   `json:"active"`
		}
		json.Unmarshal([]byte(s), &st)
		if st.Active == "activated" && slices.Equal(st.Keys, []string{"sig-" + build}) {
			return st.Files
		}
	}
	p.t.Fatalf("the service worker did not cache build %s within 120 s: %s%s", build, state, p.problems())
	return 0
}

// checkFiles checks that the page fetched the new build's game and scripts, and none of the
// old build's.
func checkFiles(p *browserPage, oldDir, newDir string) {
	p.t.Helper()
	var fetched []string
	s := eval[string](p, `JSON.stringify(performance.getEntriesByType('resource').map(e => e.name))`)
	json.Unmarshal([]byte(s), &fetched)
	has := func(name string) bool {
		return slices.ContainsFunc(fetched, func(u string) bool { return strings.HasSuffix(u, "/"+name) })
	}
	newFiles, oldFiles := siteFiles(p.t, newDir), siteFiles(p.t, oldDir)
	for _, f := range newFiles {
		if strings.HasPrefix(f, "sig.") || strings.HasPrefix(f, "loader.") || strings.HasPrefix(f, "wasm_exec.") {
			if !has(f) {
				p.t.Errorf("the new page did not fetch its %s (it fetched %v)", f, fetched)
			}
		}
	}
	for _, f := range oldFiles {
		if !slices.Contains(newFiles, f) && has(f) {
			p.t.Errorf("the new page fetched the old build's %s", f)
		}
	}
}

// reload navigates the tab to url and waits for the game's first frame and its hook.
func reload(p *browserPage, url string) {
	p.t.Helper()
	if err := chromedp.Do(p.timeout(), chromedp.Navigate(url)); err != nil {
		p.t.Fatalf("%s: loading %s: %v", p.name, url, err)
	}
	p.waitJS("the game's first frame and its hook", `document.documentElement.dataset.sigState === 'running' && typeof sig === 'function' && sig() !== null && document.getElementById('sig-loader').hidden`, 240*time.Second)
}

// rebuild packages the game of the built site in dir again with build.sh, its sig.wasm changed
// by a custom section (name sig-e2e, content the build's name), into work/name; it returns
// the new site's folder.
func rebuild(t *testing.T, dir, work, name string) string {
	t.Helper()
	wasm, err := os.ReadFile(wasmFiles(t, dir)[0])
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(wasmFiles(t, dir)[0], ".br") || strings.HasSuffix(wasmFiles(t, dir)[0], ".gz") {
		t.Fatal("wasmFiles: the plain file should sort first")
	}
	section := append([]byte{byte(len("sig-e2e"))}, "sig-e2e"+name...)
	wasm = append(wasm, 0, byte(len(section))) // id 0 (custom), size (under 128: one byte)
	wasm = append(wasm, section...)
	changed := filepath.Join(work, name+".wasm")
	if err := os.WriteFile(changed, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(work, name+"-dist")
	build := exec.Command("bash", "build.sh", "wasm")
	build.Dir = root(t)
	build.Env = append(os.Environ(), "SIG_DIST="+out, "SIG_GZIP=fast", "SIG_WASM="+changed)
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("SIG_WASM=… ./build.sh wasm: %v\n%s", err, msg)
	}
	return filepath.Join(out, "web")
}

// copyDir copies a folder's files (not sub-folders).
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func freeLoopback(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// served is a sigserve started by a test.
type served struct {
	cmd  *exec.Cmd
	done chan struct{}
}

// serveDir serves dir at addr with the sigserve the site was built with, until stopped or the
// test ends.
func serveDir(t *testing.T, dir, addr string) *served {
	t.Helper()
	cmd := exec.Command(filepath.Join(siteDir, "sigserve"), "-addr", addr, "-dir", dir, "-quiet")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &served{cmd: cmd, done: make(chan struct{})}
	go func() { cmd.Wait(); close(s.done) }()
	t.Cleanup(s.stop)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		select {
		case <-s.done:
			t.Fatalf("sigserve on %s stopped at once", addr)
		default:
		}
		if resp, err := http.Get("http://" + addr + "/"); err == nil {
			resp.Body.Close()
			return s
		}
	}
	t.Fatalf("sigserve did not answer on %s", addr)
	return nil
}

// stop ends the server and waits until it has.
func (s *served) stop() {
	select {
	case <-s.done:
		return
	default:
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
}
