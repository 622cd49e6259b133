//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// view is what the app's test hook reports (scenes.HookView, read here as JSON so that the
// tests depend on the hook's format, not on the app's code).
type view struct {
	Scene    string          `json:"scene"`
	Fading   bool            `json:"fading"`
	Width    float64         `json:"width"`
	Height   float64         `json:"height"`
	Scale    float64         `json:"scale"`
	Speed    string          `json:"speed"`
	Game     string          `json:"game"`
	Seed     int64           `json:"seed"`
	State    json.RawMessage `json:"state"`
	Moves    []string        `json:"moves"`
	Legal    []string        `json:"legal"`
	Human    bool            `json:"human"`
	Busy     bool            `json:"busy"`
	Thinking bool            `json:"thinking"`
	Online   *onlineView     `json:"online"`
	Hits     []hit           `json:"hits"`
	Work     struct {
		Updates  int     `json:"updates"`
		UpdateMs float64 `json:"update_ms"`
		Draws    int     `json:"draws"`
		Painted  int     `json:"painted"`
		DrawMs   float64 `json:"draw_ms"`
	} `json:"work"`
}

type hit struct {
	ID        string  `json:"id"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	W         float64 `json:"w"`
	H         float64 `json:"h"`
	CX        float64 `json:"cx"`
	CY        float64 `json:"cy"`
	Reachable bool    `json:"reachable"`
}

// common is the part of STATE every game has.
type common struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	ToMove  int    `json:"to_move"`
	Phase   string `json:"phase"`
	Ranks   []int  `json:"ranks"`
}

func (v view) common() common {
	var c common
	json.Unmarshal(v.State, &c)
	return c
}

// hit is the area with this id a tap reaches (the topmost, where several share an id).
func (v view) hit(id string) (hit, bool) {
	var found *hit
	for i := range v.Hits {
		if v.Hits[i].ID == id && (found == nil || v.Hits[i].Reachable) {
			found = &v.Hits[i]
		}
	}
	if found == nil {
		return hit{}, false
	}
	return *found, true
}

func (v view) ids() string {
	var s []string
	for _, h := range v.Hits {
		s = append(s, h.ID)
	}
	return strings.Join(s, " ")
}

// settled reports whether the app waits for a person: a menu scene after its transition, or
// the play scene at rest with a person to act.
func (v view) settled() bool {
	if v.Fading {
		return false
	}
	if v.Scene != "play" {
		return true
	}
	return !v.Busy && v.Human && v.common().Phase != "over"
}

// browserPage drives one tab of the game: it reads the hook and acts through DevTools input
// events at the hit areas' centres (mouse, or touch on a phone), and keeps screenshots.
type browserPage struct {
	t       *testing.T
	ctx     context.Context
	name    string // the run's name, for artifacts
	touch   bool   // touch events only (a phone)
	left    float64
	top     float64
	shots   map[string]bool
	nshots  int
	actions int

	trail     []string // the last actions, for failure messages
	lastMoves []string // the record as last seen

	mu     sync.Mutex
	errors []string // console errors, uncaught exceptions, and Go's panic and fatal lines
	logs   []string // the console's last other lines (a panic's stack), for failure messages
}

// isCrash reports a console line that says the Go program died.
func isCrash(line string) bool {
	for _, s := range []string{"panic:", "Go program has already exited", "fatal error:"} {
		if strings.Contains(line, s) {
			return true
		}
	}
	return false
}

// frameCounter keeps every animation frame's time in window.sigFrames, for frame rates.
const frameCounter = `(() => {
  const frames = window.sigFrames = [];
  const tick = (t) => { frames.push(t); if (frames.length > 40000) frames.splice(0, 20000); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})();`

// phone is the viewport of a portrait phone (an iPhone 12-14's CSS size).
const phoneW, phoneH, phoneScale = 390, 844, 3

// openPage loads url in the browser's tab, as a desktop window (1280×800, mouse) or a phone
// (390×844 at 3 device pixels per point, touch), with settings (a JSON object) put in
// localStorage first when not empty, and waits for the game's first frame and its hook.
func openPage(t *testing.T, ctx context.Context, name, url string, phone bool, settings string) *browserPage {
	t.Helper()
	p := &browserPage{t: t, ctx: ctx, name: name, touch: phone, shots: map[string]bool{}}
	listen := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *cdpruntime.EventExceptionThrown:
			msg = e.ExceptionDetails.Text
			if x := e.ExceptionDetails.Exception; x != nil && x.Description != "" {
				msg += " " + x.Description
			}
		case *cdpruntime.EventConsoleAPICalled:
			for _, a := range e.Args {
				msg += " " + strings.Trim(string(a.Value), `"`)
			}
			if e.Type != cdpruntime.ConsoleAPICalledTypeError {
				// Go's standard error reaches the console as log lines (wasm_exec.js writes
				// both streams with console.log): a panic's message and stack are among them.
				p.mu.Lock()
				p.logs = append(p.logs, strings.TrimSpace(msg))
				if len(p.logs) > 40 {
					p.logs = p.logs[len(p.logs)-40:]
				}
				if isCrash(msg) {
					p.errors = append(p.errors, strings.TrimSpace(msg))
				}
				p.mu.Unlock()
				return
			}
		default:
			return
		}
		p.mu.Lock()
		p.errors = append(p.errors, strings.TrimSpace(msg))
		p.mu.Unlock()
	})
	if listen != nil {
		t.Fatalf("%s: %v", name, listen)
	}
	script := frameCounter
	if settings != "" {
		script += fmt.Sprintf("\nlocalStorage.setItem('sig.settings', %q);", settings)
	}
	w, h, scale := int64(1280), int64(800), 1.0
	if phone {
		w, h, scale = phoneW, phoneH, phoneScale
	}
	_, err := chromedp.Call(ctx, cdpruntime.Enable, cdp.Empty{})
	if err == nil {
		_, err = chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: h, DeviceScaleFactor: scale, Mobile: phone})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: phone, MaxTouchPoints: 5})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
	}
	if err == nil {
		err = chromedp.Do(ctx, chromedp.Navigate(url))
	}
	if err != nil {
		t.Fatalf("%s: loading %s: %v", name, url, err)
	}
	p.waitJS("the game's first frame and its hook", `document.documentElement.dataset.sigState === 'running' && typeof sig === 'function' && sig() !== null && document.getElementById('sig-loader').hidden`, 240*time.Second)
	rect := eval[[]float64](p, `(() => { const r = document.querySelector('canvas').getBoundingClientRect(); return [r.left, r.top]; })()`)
	if len(rect) == 2 {
		p.left, p.top = rect[0], rect[1]
	}
	return p
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](p *browserPage, expr string) T {
	p.t.Helper()
	// A page that stops answering (a Go busy loop, a deadlock) fails within stall.
	ctx, cancel := context.WithTimeout(p.ctx, stall)
	defer cancel()
	began := time.Now()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		if over := p.outOfTime(); over != "" {
			p.t.Fatalf("%s: %s: %s was cut off after %v (%v), not a frozen page (last actions: %s; last moves: %v)%s", p.name, over, expr, time.Since(began).Round(time.Millisecond), err, strings.Join(p.trail, ", "), p.lastMoves, p.problems())
		}
		p.t.Fatalf("%s: the page does not answer %s within %v: %v after %v (%s; last actions: %s; last moves: %v)%s", p.name, expr, stall, err, time.Since(began).Round(time.Second), busyness(p), strings.Join(p.trail, ", "), p.lastMoves, p.problems())
	}
	return v
}

// outOfTime says, once the run's whole time budget (newBrowser's timeout) has passed, that it
// has: every later command then fails at once with "context deadline exceeded" while the page
// sits idle waiting for input (renderer and GPU process near 0%), which looks like a frozen
// page and is not one. "" while the budget lasts.
func (p *browserPage) outOfTime() string {
	if p.ctx.Err() == nil {
		return ""
	}
	if d, ok := p.ctx.Deadline(); ok {
		return fmt.Sprintf("the run's time budget ran out %v ago (load average %s; SIG_E2E_SLOW=3 triples it)", time.Since(d).Round(time.Second), loadAverage())
	}
	return "the run's context ended"
}

// problems lists the page's console errors, for failure messages.
func (p *browserPage) problems() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var s string
	if len(p.errors) > 0 {
		s = "\nthe page's console errors:\n  " + strings.Join(p.errors, "\n  ")
	}
	if len(p.errors) > 0 && len(p.logs) > 0 {
		s += "\nthe console's last lines:\n  " + strings.Join(p.logs, "\n  ")
	}
	return s
}

// console is the console's last lines (Go's standard output and error among them), for
// failure messages where the page did not crash but said something went wrong.
func (p *browserPage) console() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.logs) == 0 {
		return ""
	}
	return "\nthe console's last lines:\n  " + strings.Join(p.logs, "\n  ")
}

// crashed reports a Go panic or exit in the page.
func (p *browserPage) crashed() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		if isCrash(e) {
			return e
		}
	}
	return ""
}

func (p *browserPage) waitJS(what, cond string, timeout time.Duration) {
	p.t.Helper()
	for deadline := time.Now().Add(timeout); ; time.Sleep(50 * time.Millisecond) {
		if eval[bool](p, "!!("+cond+")") {
			return
		}
		if c := p.crashed(); c != "" {
			time.Sleep(time.Second) // the panic's stack trace follows its first line
			p.t.Fatalf("%s: the game crashed waiting for %s: %s%s", p.name, what, c, p.problems())
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: no %s within %v%s", p.name, what, timeout, p.problems())
		}
	}
}

// hook is the app's view now.
func (p *browserPage) hook() view {
	p.t.Helper()
	s := eval[string](p, `JSON.stringify(sig())`)
	var v view
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		p.t.Fatalf("%s: the hook's answer does not decode: %v: %.300s", p.name, err, s)
	}
	if len(v.Moves) > 0 {
		p.lastMoves = v.Moves
	}
	return v
}

// waitFor polls the hook until ok, failing after timeout with what it last saw.
func (p *browserPage) waitFor(what string, ok func(view) bool, timeout time.Duration) view {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		v := p.hook()
		if ok(v) {
			return v
		}
		if c := p.crashed(); c != "" {
			time.Sleep(time.Second) // the panic's stack trace follows its first line
			p.t.Fatalf("%s: the game crashed waiting for %s: %s%s", p.name, what, c, p.problems())
		}
		if time.Now().After(deadline) {
			c := v.common()
			p.t.Fatalf("%s: waited %v for %s; the app shows scene %q (fading %v, busy %v, human %v, thinking %v, phase %q, %d moves, last %q); hit areas: %s%s",
				p.name, timeout, what, v.Scene, v.Fading, v.Busy, v.Human, v.Thinking, c.Phase, len(v.Moves), last(v.Moves), v.ids(), p.problems())
		}
		time.Sleep(30 * time.Millisecond)
	}
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}

// waitScene waits for scene name, at rest.
func (p *browserPage) waitScene(name string) view {
	p.t.Helper()
	return p.waitFor("the "+name+" scene", func(v view) bool { return v.Scene == name && v.settled() }, 90*time.Second)
}

// ticks waits until the app has run n more updates: Ebitengine reads the input state once a
// tick, so a press and its release must not fall into the same one.
func (p *browserPage) ticks(n int) {
	p.t.Helper()
	start := eval[int](p, `sig().work.updates`)
	p.waitJS(fmt.Sprintf("%d ticks", n), fmt.Sprintf("sig().work.updates >= %d", start+n), 20*time.Second)
}

// tap taps (clicks, or touches on a phone) the hit area id, scrolling it into view first.
func (p *browserPage) tap(id string) {
	p.t.Helper()
	var h hit
	for try := 0; ; try++ {
		v := p.hook()
		var ok bool
		h, ok = v.hit(id)
		if !ok {
			p.t.Fatalf("%s: scene %q has no hit area %q; it has: %s", p.name, v.Scene, id, v.ids())
		}
		if h.CY >= 1 && h.CY <= v.Height-1 && h.CX >= 1 && h.CX <= v.Width-1 {
			if !h.Reachable {
				p.t.Fatalf("%s: scene %q: the centre of %q is covered by another area", p.name, v.Scene, id)
			}
			break
		}
		if try == 12 {
			p.t.Fatalf("%s: scene %q: %q stays out of view at %.0f,%.0f (screen %.0fx%.0f)", p.name, v.Scene, id, h.CX, h.CY, v.Width, v.Height)
		}
		p.scroll(v, h.CY > v.Height)
	}
	p.note("tap " + id)
	p.pointAt(h.CX, h.CY)
	p.actions++
}

// pointAt presses and releases at x, y (canvas CSS pixels) with a tick or two between.
func (p *browserPage) pointAt(x, y float64) {
	p.t.Helper()
	x, y = x+p.left, y+p.top
	if p.touch {
		id := 1.0
		pt := []*input.TouchPoint{{X: x, Y: y, ID: &id}}
		p.touchEvent(input.DispatchTouchEventTypeTouchStart, pt)
		p.ticks(2)
		p.touchEvent(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
	} else {
		p.mouse(input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y})
		p.mouse(input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMousePressed, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: 1, ClickCount: 1})
		p.ticks(2)
		p.mouse(input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseReleased, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1})
	}
	p.ticks(1)
}

// scroll shows more of a scrolled scene: further down (down) or further up, by a wheel turn or
// a finger's drag.
func (p *browserPage) scroll(v view, down bool) {
	p.t.Helper()
	cx, cy := v.Width/2+p.left, v.Height/2+p.top
	if p.touch {
		id := 1.0
		dir := -1.0
		if !down {
			dir = 1
		}
		p.touchEvent(input.DispatchTouchEventTypeTouchStart, []*input.TouchPoint{{X: cx, Y: cy, ID: &id}})
		for k := 1; k <= 6; k++ {
			p.ticks(1)
			p.touchEvent(input.DispatchTouchEventTypeTouchMove, []*input.TouchPoint{{X: cx, Y: cy + dir*float64(k)*v.Height/20, ID: &id}})
		}
		p.ticks(1)
		p.touchEvent(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
	} else {
		dy := 240.0
		if !down {
			dy = -dy
		}
		p.mouse(input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseWheel, X: cx, Y: cy, DeltaY: dy})
	}
	p.ticks(3)
}

// key presses and releases a key (code as in KeyboardEvent.code: Space, Escape, Enter).
func (p *browserPage) key(code string) {
	p.t.Helper()
	keys := map[string]struct {
		key string
		vk  int64
	}{"Space": {" ", 32}, "Escape": {"Escape", 27}, "Enter": {"Enter", 13}}
	p.note("key " + code)
	k, ok := keys[code]
	if !ok {
		p.t.Fatalf("key %q: not known to the test", code)
	}
	p.keyEvent(input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: k.key, Code: code, WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk})
	p.ticks(2)
	p.keyEvent(input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: k.key, Code: code, WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk})
	p.ticks(1)
	p.actions++
}

func (p *browserPage) mouse(e input.DispatchMouseEventParams) {
	p.t.Helper()
	if _, err := chromedp.Call(p.timeout(), input.DispatchMouseEvent, e); err != nil {
		p.t.Fatalf("%s: %s: %v %s", p.name, e.Type, err, p.outOfTime())
	}
}

func (p *browserPage) touchEvent(kind input.DispatchTouchEventType, pts []*input.TouchPoint) {
	p.t.Helper()
	if _, err := chromedp.Call(p.timeout(), input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: kind, TouchPoints: pts}); err != nil {
		p.t.Fatalf("%s: %s: %v %s", p.name, kind, err, p.outOfTime())
	}
}

func (p *browserPage) keyEvent(e input.DispatchKeyEventParams) {
	p.t.Helper()
	if _, err := chromedp.Call(p.timeout(), input.DispatchKeyEvent, e); err != nil {
		p.t.Fatalf("%s: %s: %v %s", p.name, e.Type, err, p.outOfTime())
	}
}

// shot saves a screenshot as NAME-NN-label.png in the artifacts, once per label, and checks
// the game drew something there: not a blank or single-coloured canvas.
func (p *browserPage) shot(label string) {
	p.t.Helper()
	if p.shots[label] {
		return
	}
	p.shots[label] = true
	p.nshots++
	p.ticks(2) // the scene the hook reports is drawn on the next frame
	buf, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("%s: screenshot: %v", p.name, err)
	}
	path := filepath.Join(artifacts(p.t), fmt.Sprintf("%s-%02d-%s.png", p.name, p.nshots, label))
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
	if n := colours(p.t, buf); n < 16 {
		p.t.Errorf("%s: the %s screen is blank (%d colours): %s", p.name, label, n, path)
	}
}

// colours counts the distinct colours (to 4 bits a channel) on a 48×48 grid of a PNG.
func colours(t testing.TB, data []byte) int {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	b := img.Bounds()
	seen := map[[3]uint32]bool{}
	for i := range 48 {
		for j := range 48 {
			r, g, bl, _ := img.At(b.Min.X+(2*i+1)*b.Dx()/96, b.Min.Y+(2*j+1)*b.Dy()/96).RGBA()
			seen[[3]uint32{r >> 12, g >> 12, bl >> 12}] = true
		}
	}
	return len(seen)
}

func jsonUnmarshal(b []byte, v any) { json.Unmarshal(b, v) }

// note remembers an action for failure messages (the last eight).
func (p *browserPage) note(s string) {
	p.trail = append(p.trail, s)
	if len(p.trail) > 8 {
		p.trail = p.trail[1:]
	}
}

// stall is the longest the page may take to answer a command. Entering the play scene blocks
// the page for seconds of processor time (new shaders for software WebGL, the board's art): on
// a machine shared by many, a minute or more.
const stall = 150 * time.Second

// timeout is the page's context limited to stall: a page that stops answering fails.
func (p *browserPage) timeout() context.Context {
	ctx, cancel := context.WithTimeout(p.ctx, stall)
	time.AfterFunc(stall+time.Second, cancel)
	return ctx
}

// busyness says what Chromium's processes do while the page does not answer: over 5 s, the
// share of a processor its renderer (the page: Go, JavaScript) and its GPU process (software
// WebGL) used. A page busy in a loop keeps its renderer near 100%; one waiting on the GPU
// process, or starved by the machine's load, does not.
func busyness(p *browserPage) string {
	c0 := processCPU(p.ctx)
	time.Sleep(5 * time.Second)
	c1 := processCPU(p.ctx)
	return fmt.Sprintf("over 5 s then: renderer %.0f%% of a processor, GPU process %.0f%%, load average %s",
		100*(c1["renderer"]-c0["renderer"])/5, 100*(c1["gpu-process"]-c0["gpu-process"])/5, loadAverage())
}
