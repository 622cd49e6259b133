//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sig/rules"
	"sig/rules/games"
)

// TestDesktopSeega starts the native game under X (the display in $DISPLAY, or a private Xvfb),
// plays Seega's whole placement and a few moves against the computer with real mouse clicks
// (xdotool) at the hit areas the SIG_HOOK file reports, checks every step against the engine,
// takes a screenshot, and leaves through the pause menu and the title's Quit.
func TestDesktopSeega(t *testing.T) {
	for _, tool := range []string{"xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: the desktop e2e test needs it (apt-get install xdotool imagemagick)", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "sig")
	if msg, err := exec.Command("go", "build", "-C", root(t), "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	display := os.Getenv("DISPLAY")
	if display == "" {
		display = startXvfb(t)
	}
	// Settings of its own: animations at Instant, sound off.
	cfgDir := filepath.Join(dir, "config")
	os.MkdirAll(filepath.Join(cfgDir, "sig"), 0o755)
	if err := os.WriteFile(filepath.Join(cfgDir, "sig", "settings.json"), []byte(instant), 0o644); err != nil {
		t.Fatal(err)
	}
	hookPath := filepath.Join(dir, "hook.json")
	const seed = 23
	cmd := exec.Command(bin, "-game", "seega", "-seats", "human,ai:easy", "-seed", strconv.Itoa(seed), "-width", "1100", "-height", "720")
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
	v := d.waitFor("the play scene", func(v view) bool { return v.Scene == "play" && v.settled() }, 180*time.Second)
	out, err := d.xdotool("search", "--sync", "--onlyvisible", "--name", "^Sig$")
	if err != nil {
		t.Fatalf("xdotool search: %v: %s", err, out)
	}
	d.window = strings.Fields(out)[0]

	g, _ := games.Lookup("seega")
	eng, err := rules.NewMatch(g, 2, v.Seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 6))
	followed, placed, stepped := 0, 0, 0
	for stepped < 3 {
		v = d.waitFor("the person's turn", func(v view) bool { return v.settled() }, 180*time.Second)
		followed = d.follow(eng, v, followed)
		if v.Scene == "results" && placed == 12 {
			break // the computer won within a few moves
		}
		if v.Scene != "play" {
			t.Fatalf("the app left the game early: scene %q", v.Scene)
		}
		if len(v.Legal) == 0 {
			t.Fatalf("a person's move is due and the hook lists no legal decision")
		}
		mv := v.Legal[rng.IntN(len(v.Legal))]
		before := len(v.Moves)
		from, to, step := strings.Cut(mv, "-")
		d.click(v, seegaID(t, from))
		if step {
			d.click(d.read(), seegaID(t, to))
			stepped++
		} else {
			placed++
		}
		d.last = fmt.Sprintf("clicked for %s at move %d", mv, before+1)
		after := d.waitFor("the move in the record", func(v view) bool { return len(v.Moves) > before }, 20*time.Second)
		if got := after.Moves[before]; got != mv {
			t.Fatalf("clicked for %q; the record says %q", mv, got)
		}
		if placed == 6 || stepped == 1 {
			d.shoot(filepath.Join(artifacts(t), fmt.Sprintf("desktop-seega-%02d.png", len(after.Moves))))
		}
	}
	v = d.waitFor("the person's turn", func(v view) bool { return v.settled() }, 180*time.Second)
	d.follow(eng, v, followed)
	d.shoot(filepath.Join(artifacts(t), "desktop-seega-"+v.Scene+".png"))
	t.Logf("desktop: %d placements and %d moves clicked; %d moves in the record, all matching the engine", placed, stepped, len(v.Moves))

	// Out through the pause menu (or the results), the title and its Quit: the program ends
	// by itself.
	if v.Scene == "play" {
		if out, err := d.xdotool("key", "--window", d.window, "Escape"); err != nil {
			t.Fatalf("xdotool key Escape: %v %s", err, out)
		}
		v = d.waitFor("the pause scene", func(v view) bool { return v.Scene == "pause" && !v.Fading }, 20*time.Second)
	}
	d.click(v, "button:menu")
	v = d.waitFor("the title", func(v view) bool { return v.Scene == "title" && !v.Fading }, 20*time.Second)
	d.shoot(filepath.Join(artifacts(t), "desktop-title.png"))
	d.click(v, "button:quit")
	select {
	case err := <-exited:
		exited <- err // for the cleanup
		if err != nil {
			t.Fatalf("the game ended badly after Quit: %v\n%s", err, lines(logPath, 20))
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the game did not end within 20 s of a click on Quit")
	}
}

// desktop drives the native game through xdotool and reads its SIG_HOOK file.
type desktop struct {
	t       *testing.T
	display string
	window  string
	hook    string
	log     string
	exited  chan error
	last    string // the last action, for failure messages
}

func (d *desktop) xdotool(args ...string) (string, error) {
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+d.display)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (d *desktop) read() view {
	d.t.Helper()
	b, err := os.ReadFile(d.hook)
	if err != nil {
		return view{}
	}
	var v view
	if err := json.Unmarshal(b, &v); err != nil {
		d.t.Fatalf("SIG_HOOK file: %v", err)
	}
	return v
}

func (d *desktop) waitFor(what string, ok func(view) bool, timeout time.Duration) view {
	d.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		v := d.read()
		if v.Scene != "" && ok(v) {
			return v
		}
		select {
		case err := <-d.exited:
			d.exited <- err
			d.t.Fatalf("the game ended waiting for %s: %v\n%s", what, err, lines(d.log, 20))
		default:
		}
		if time.Now().After(deadline) {
			shot := filepath.Join(artifacts(d.t), "desktop-failure.png")
			d.shoot(shot)
			d.t.Fatalf("waited %v for %s (%s); the app shows %q (busy %v, human %v, %d moves); screenshot %s\n%s", timeout, what, d.last, v.Scene, v.Busy, v.Human, len(v.Moves), shot, lines(d.log, 20))
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// click moves the pointer to the area's centre in the window and presses and releases the left
// button, a few ticks apart (the game reads the mouse once a tick).
func (d *desktop) click(v view, id string) {
	d.t.Helper()
	h, ok := v.hit(id)
	if !ok || !h.Reachable {
		d.t.Fatalf("scene %q: no reachable hit area %q; it has: %s", v.Scene, id, v.ids())
	}
	x, y := int(h.CX*v.Scale), int(h.CY*v.Scale)
	if out, err := d.xdotool("mousemove", "--window", d.window, "--sync", strconv.Itoa(x), strconv.Itoa(y)); err != nil {
		d.t.Fatalf("xdotool mousemove: %v %s", err, out)
	}
	d.ticks(1)
	d.xdotool("mousedown", "1")
	d.ticks(2)
	d.xdotool("mouseup", "1")
	if id != "button:quit" { // after Quit there is no next tick
		d.ticks(1)
	}
}

// ticks waits until the game has run n more updates (the SIG_HOOK file counts them): it reads
// the mouse once a tick, so a press and its release must not fall into the same one.
func (d *desktop) ticks(n int) {
	d.t.Helper()
	start := d.read().Work.Updates
	d.waitFor(fmt.Sprintf("%d ticks", n), func(v view) bool { return v.Work.Updates >= start+n }, 60*time.Second)
}

func (d *desktop) follow(eng *rules.Match, v view, done int) int {
	d.t.Helper()
	for _, mv := range v.Moves[done:] {
		if _, err := eng.Play(mv); err != nil {
			d.t.Fatalf("the engine refuses the app's move %q: %v", mv, err)
		}
	}
	b, _ := json.Marshal(eng.State.Wire())
	var app, want any
	json.Unmarshal(v.State, &app)
	json.Unmarshal(b, &want)
	if !reflect.DeepEqual(app, want) {
		d.t.Fatalf("after %d moves the app's STATE differs from the engine's replay:\napp:    %s\nengine: %s", len(v.Moves), v.State, b)
	}
	return len(v.Moves)
}

// shoot saves a screenshot of the game's window (ImageMagick's import) and checks it is not
// blank.
func (d *desktop) shoot(path string) {
	d.t.Helper()
	if d.window == "" {
		// import with no window waits for a person to click one: forever, in a test.
		d.t.Fatal("shoot: the game's window is not known yet (xdotool search)")
	}
	d.ticks(2) // the scene the hook reports is drawn on the next frame
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "import", "-window", d.window, path)
	cmd.Env = append(os.Environ(), "DISPLAY="+d.display)
	if out, err := cmd.CombinedOutput(); err != nil {
		d.t.Fatalf("import: %v %s", err, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		d.t.Fatal(err)
	}
	if n := colours(d.t, b); n < 16 {
		d.t.Errorf("the desktop window is blank (%d colours): %s", n, path)
	}
	d.t.Logf("%s", path)
}

func seegaID(t *testing.T, name string) string {
	t.Helper()
	for sq := range 25 {
		if string([]byte{byte('a' + sq%5), byte('1' + sq/5)}) == name {
			return "cell:" + strconv.Itoa(sq)
		}
	}
	t.Fatalf("%q is not a Seega square", name)
	return ""
}

// startXvfb starts a private X server and returns its display; it stops with the test.
func startXvfb(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Fatal("no DISPLAY and no Xvfb: the desktop e2e test needs one (apt-get install xvfb)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	buf := make([]byte, 16)
	r.SetReadDeadline(time.Now().Add(20 * time.Second))
	n, err := r.Read(buf)
	if err != nil && !errors.Is(err, os.ErrDeadlineExceeded) || n == 0 {
		t.Fatalf("Xvfb did not say its display: %v", err)
	}
	return ":" + strings.TrimSpace(string(buf[:n]))
}
