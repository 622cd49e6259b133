//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// lobbyHook is the app's hook's "lobby" (scenes.HookLobby), read on its own so that these tests
// depend only on it.
type lobbyHook struct {
	Match string   `json:"match"`
	Seat  int      `json:"seat"`
	Game  string   `json:"game"`
	Link  string   `json:"link"`
	Code  string   `json:"code"`
	Seats []string `json:"seats"`
	Begun bool     `json:"begun"`
	Error string   `json:"error"`
}

// matchSite runs cmd/sigserver serving the built browser game and the matches on a free
// loopback port, its store in a folder of the test's; it returns the site's address. It stops
// with the test.
func matchSite(t *testing.T) string {
	t.Helper()
	site(t) // the browser game, built once
	bin := filepath.Join(t.TempDir(), "sigserver")
	if msg, err := exec.Command("go", "build", "-C", root(t), "-o", bin, "./cmd/sigserver").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/sigserver: %v\n%s", err, msg)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "-addr", addr, "-dir", filepath.Join(siteDir, "web"), "-data", t.TempDir(), "-log", "warn")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	url := "http://" + addr + "/"
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(url + "healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url
			}
		}
	}
	t.Fatalf("sigserver did not answer on %s", url)
	return ""
}

// lobbyOn is page p's lobby now (nil off the lobby).
func lobbyOn(p *browserPage) *lobbyHook {
	p.t.Helper()
	s := eval[string](p, `JSON.stringify(sig().lobby || null)`)
	var l *lobbyHook
	if err := json.Unmarshal([]byte(s), &l); err != nil {
		p.t.Fatalf("%s: the hook's lobby does not decode: %v: %.300s", p.name, err, s)
	}
	return l
}

// waitLobby polls p's lobby until ok.
func waitLobby(p *browserPage, what string, ok func(*lobbyHook) bool) *lobbyHook {
	p.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		if l := lobbyOn(p); l != nil && ok(l) {
			return l
		} else if l != nil && l.Error != "" {
			p.t.Fatalf("%s: waiting for %s, the lobby says: %s (load average %s)%s", p.name, what, l.Error, loadAverage(), p.console())
		}
		if c := p.crashed(); c != "" {
			p.t.Fatalf("%s: the game crashed waiting for %s: %s%s", p.name, what, c, p.problems())
		}
		if time.Now().After(deadline) {
			v := p.hook()
			p.t.Fatalf("%s: waited for %s; scene %q, lobby %+v%s", p.name, what, v.Scene, lobbyOn(p), p.problems())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// createMatch goes, on p, from the title through Play online and Seega's setup to the lobby
// of a new match, and returns the lobby once the server made the match.
func createMatch(p *browserPage) *lobbyHook {
	p.t.Helper()
	p.waitScene("title")
	p.tap("button:online")
	p.waitScene("online")
	p.tap("button:create")
	p.waitScene("picker")
	p.tap("button:seega")
	p.waitScene("setup")
	p.tap("button:start")
	p.waitScene("lobby")
	return waitLobby(p, "the match's invitation", func(l *lobbyHook) bool { return l.Match != "" && l.Code != "" && l.Link != "" })
}

// TestBrowserInviteLink: one Chromium creates a Seega match on a real sigserver (which also
// serves the page); a second Chromium opens the invite link from the first one's lobby (the
// link the QR code holds) and takes the seat; the host sees the friend arrive and starts, and
// the game begins on both.
func TestBrowserInviteLink(t *testing.T) {
	url := matchSite(t)
	host := openPage(t, newBrowser(t, 6*time.Minute), "host", url, false, instant)
	hl := createMatch(host)
	if !strings.HasPrefix(hl.Link, url+"?join="+hl.Match+".1.") {
		t.Fatalf("the invite link %q does not lead to this site's match %s, seat 2", hl.Link, hl.Match)
	}
	if len(hl.Seats) != 2 || hl.Seats[1] != "empty" {
		t.Fatalf("the host's lobby before anyone joined: %+v", hl)
	}
	host.shot("lobby-host")

	friend := openPage(t, newBrowser(t, 6*time.Minute), "friend", hl.Link, true, instant)
	fl := waitLobby(friend, "the friend's seat", func(l *lobbyHook) bool { return l.Seat == 1 && l.Game == "seega" })
	if fl.Match != hl.Match {
		t.Fatalf("the friend is in match %s, the host made %s", fl.Match, hl.Match)
	}
	friend.shot("lobby-friend")
	waitLobby(host, "the friend to show as here", func(l *lobbyHook) bool { return len(l.Seats) == 2 && l.Seats[1] == "here" })
	host.tap("button:start")
	begun := func(p *browserPage) {
		p.t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			v := p.hook()
			if l := lobbyOn(p); v.Scene == "play" || l != nil && l.Begun {
				return
			}
			if time.Now().After(deadline) {
				p.t.Fatalf("%s: the game did not begin; scene %q, lobby %+v%s", p.name, v.Scene, lobbyOn(p), p.problems())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	begun(host)
	begun(friend)

	// A spectator's link names the match alone; a second use of the friend's link is refused
	// plainly (in a browser that never held the seat).
	other := openPage(t, newBrowser(t, 3*time.Minute), "late", hl.Link, false, instant)
	waitLobbyError(other, "a used invitation")
}

// waitLobbyError waits for p's lobby, or its join screen (which stays when the server
// refuses the seat), to show an error, and returns it.
func waitLobbyError(p *browserPage, what string) string {
	p.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if l := lobbyOn(p); l != nil && l.Error != "" {
			return l.Error
		}
		if e := eval[string](p, `(sig().entry && sig().entry.error) || ""`); e != "" {
			return e
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: no error shown for %s; lobby %+v%s", p.name, what, lobbyOn(p), p.problems())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestDesktopJoinsBrowserMatch: a browser creates a match; the desktop build, under Xvfb,
// started with -server and -join CODE, takes the seat; the browser sees it arrive.
// (TestBrowserOnline does the same at its end.)
func TestDesktopJoinsBrowserMatch(t *testing.T) {
	bin := buildDesktop(t)
	url := matchSite(t)
	host := openPage(t, newBrowser(t, 6*time.Minute), "host", url, false, instant)
	hl := createMatch(host)
	desktopJoins(t, <-bin, url, hl)
}

// buildDesktop builds the desktop game in the background, while the browsers start: its path
// comes on the channel, or "FAIL:" and why the build failed.
func buildDesktop(t *testing.T) <-chan string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "sig")
	dir := root(t)
	out := make(chan string, 1)
	go func() {
		if msg, err := exec.Command("go", "build", "-C", dir, "-o", bin, ".").CombinedOutput(); err != nil {
			out <- fmt.Sprintf("FAIL:go build: %v\n%s", err, msg)
			return
		}
		out <- bin
	}()
	return out
}

// desktopJoins starts the desktop build under Xvfb with -server (the site at url's match
// server) and -join with the lobby's code typed as a person would (lower case, no dash), and
// waits until it holds seat 2 of the match and the browser's lobby shows it here. The desktop
// keeps running until the test ends.
func desktopJoins(t *testing.T, bin, url string, hl *lobbyHook) {
	t.Helper()
	if msg, ok := strings.CutPrefix(bin, "FAIL:"); ok {
		t.Fatal(msg)
	}
	dir := t.TempDir()
	display := os.Getenv("DISPLAY")
	if display == "" {
		display = startXvfb(t)
	}
	cfgDir := filepath.Join(dir, "config")
	os.MkdirAll(filepath.Join(cfgDir, "sig"), 0o755)
	if err := os.WriteFile(filepath.Join(cfgDir, "sig", "settings.json"), []byte(instant), 0o644); err != nil {
		t.Fatal(err)
	}
	hookPath := filepath.Join(dir, "hook.json")
	server := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	code := strings.ToLower(strings.ReplaceAll(hl.Code, "-", ""))
	cmd := exec.Command(bin, "-server", server, "-join", code, "-width", "1100", "-height", "720")
	cmd.Env = append(os.Environ(), "DISPLAY="+display, "SIG_HOOK="+hookPath, "XDG_CONFIG_HOME="+cfgDir)
	logPath := filepath.Join(dir, "sig.log")
	logFile, _ := os.Create(logPath)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	d := &desktop{t: t, display: display, hook: hookPath, exited: exited, log: logPath}
	d.waitFor("the desktop's seat", func(v view) bool {
		l := desktopLobby(t, hookPath)
		return v.Scene == "lobby" && l != nil && l.Seat == 1 && l.Match == hl.Match
	}, 180*time.Second)
	out, err := d.xdotool("search", "--sync", "--onlyvisible", "--name", "^Sig$")
	if err != nil || len(strings.Fields(out)) == 0 {
		t.Fatalf("xdotool search: %v: %s", err, out)
	}
	d.window = strings.Fields(out)[0]
	d.shoot(filepath.Join(artifacts(t), "desktop-lobby-joined.png"))
	// Settings kept the server given with -server.
	b, err := os.ReadFile(filepath.Join(cfgDir, "sig", "settings.json"))
	if err != nil || !strings.Contains(string(b), `"server":"ws://`+server+`/ws"`) {
		t.Errorf("the desktop's settings do not keep the server: %s (%v)", b, err)
	}
}

// desktopLobby is the lobby in the desktop's SIG_HOOK file (nil off the lobby).
func desktopLobby(t *testing.T, path string) *lobbyHook {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var v struct {
		Lobby *lobbyHook `json:"lobby"`
	}
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	return v.Lobby
}
