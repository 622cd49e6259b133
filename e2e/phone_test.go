//go:build e2e

package e2e

// The first visit on a phone. TestFirstScreen checks the page's first screen (the game's
// title drawn by the page, the five games, the download's progress in bytes and time left)
// while sig.wasm comes down a slow line to a slowed processor, and reports its first
// contentful paint. TestPhoneProfile is the phone-profile harness: the first contentful
// paint, the first frame on a first visit and on reloads, where the time after the last byte
// of sig.wasm goes, and each game's frame rate, under a processor slowed 4× and two mobile
// networks. Both report timings and never assert them:
//
//	go test -tags e2e -count=1 -v -run 'TestFirstScreen|TestPhoneProfile' ./e2e
//
// (SIG_E2E_SITE=DIR takes a site built before with SIG_DIST=DIR ./build.sh wasm.) The tables
// go to first-screen.md and phone.md in the artifacts. Without a GPU, Chromium draws WebGL
// with SwiftShader on the processor, itself slowed 4×: the frame rates are then the software
// floor, not a phone's.

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// netProfile is a network as DevTools emulates it: a round trip added to every request and
// the line's speed in bytes a second.
type netProfile struct {
	name       string
	latencyMs  float64
	down, up   float64
	shortLabel string
}

// The profiles: Lighthouse's "slow 4G" (its simulated mobile line), and a "4G" of 9 Mbit/s.
var (
	slow4G = netProfile{name: "slow 4G (150 ms, 1.6 Mbit/s down, 0.75 up)", shortLabel: "slow 4G", latencyMs: 150, down: 1.6e6 / 8, up: 750e3 / 8}
	fast4G = netProfile{name: "4G (40 ms, 9 Mbit/s down and up)", shortLabel: "4G", latencyMs: 40, down: 9e6 / 8, up: 9e6 / 8}
)

// cpuSlowdown is the phone's processor against this machine's.
const cpuSlowdown = 4

// firstScreenBudget is the most the page may download before sig.wasm, compressed (issue's
// budget for the first screen: the page, its scripts, the title's picture, the icon).
const firstScreenBudget = 40_000

// emulateNetworkParams are Network.emulateNetworkConditions' (deprecated in the protocol in
// favour of rules by URL, still served by Chromium, and what Lighthouse's profile is given as).
type emulateNetworkParams struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

var emulateNetworkConditions = cdp.Command[emulateNetworkParams, cdp.Empty]{Method: "Network.emulateNetworkConditions"}

// phoneTab sets the browser's tab up as a phone (390×844 at 3 device pixels a point, touch)
// or a 1280×800 window, with the processor slowed and the network np, and returns a page that
// has not loaded anything yet.
func phoneTab(t *testing.T, ctx context.Context, name string, phone bool, np netProfile) *browserPage {
	t.Helper()
	p := &browserPage{t: t, ctx: ctx, name: name, touch: phone, shots: map[string]bool{}}
	w, h, scale := int64(1280), int64(800), 1.0
	if phone {
		w, h, scale = phoneW, phoneH, phoneScale
	}
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	if err == nil {
		_, err = chromedp.Call(ctx, emulateNetworkConditions, emulateNetworkParams{Latency: np.latencyMs, DownloadThroughput: np.down, UploadThroughput: np.up})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpuSlowdown})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: h, DeviceScaleFactor: scale, Mobile: phone})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: phone, MaxTouchPoints: 5})
	}
	if err != nil {
		t.Fatalf("%s: setting the tab up: %v", name, err)
	}
	return p
}

// navigate loads url in the tab without waiting for anything.
func (p *browserPage) open(url string) {
	p.t.Helper()
	if err := chromedp.Do(p.timeout(), chromedp.Navigate(url)); err != nil {
		p.t.Fatalf("%s: loading %s: %v", p.name, url, err)
	}
}

// screenshot saves the tab as NAME-LABEL.png in the artifacts and returns the path.
func (p *browserPage) screenshot(label string) string {
	p.t.Helper()
	buf, err := chromedp.Run(p.timeout(), chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("%s: screenshot: %v", p.name, err)
	}
	path := filepath.Join(artifacts(p.t), p.name+"-"+label+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
	return path
}

// fcp is the page's first contentful paint in ms after navigation, or -1 if none yet.
func fcp(p *browserPage) float64 {
	return eval[float64](p, `(() => { const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : -1; })()`)
}

// firstScreen is what the first screen shows, read from the page.
type firstScreen struct {
	Lang     string   `json:"lang"`
	Visible  bool     `json:"visible"`
	Name     string   `json:"name"`
	Tagline  string   `json:"tagline"`
	Games    []string `json:"games"`
	Status   string   `json:"status"`
	Left     string   `json:"left"`
	Art      []int    `json:"art"` // the title picture's natural size, once decoded
	ArtRect  []float64
	NameRect []float64 `json:"nameRect"`
	Before   int       `json:"before"` // bytes downloaded before sig.wasm (encoded)
	Files    []string  `json:"files"`
}

const readFirstScreen = `(() => {
  const $ = (id) => document.getElementById(id);
  const loader = $('sig-loader');
  const art = $('sig-art');
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const nav = performance.getEntriesByType('navigation')[0];
  let before = nav ? nav.encodedBodySize : 0;
  const files = [];
  for (const e of performance.getEntriesByType('resource')) {
    if (!/\.wasm$/.test(e.name)) {
      before += e.encodedBodySize;
      files.push(e.name.replace(/^.*\//, '') + ' ' + e.encodedBodySize);
    }
  }
  return JSON.stringify({
    lang: document.documentElement.dataset.sigLang || '',
    visible: !loader.hidden && getComputedStyle(loader).opacity === '1',
    name: $('sig-name').textContent,
    tagline: $('sig-tagline').textContent,
    games: Array.from($('sig-games').children, (li) => li.textContent.trim()),
    status: $('sig-status').textContent,
    left: document.documentElement.dataset.sigLeft || '',
    art: art.complete ? [art.naturalWidth, art.naturalHeight] : [],
    ArtRect: rect(art),
    nameRect: rect($('sig-name')),
    before, files,
  });
})()`

// TestFirstScreen loads the page on a phone and in a 1280×800 window over slow 4G with the
// processor slowed 4×, and checks the first screen while sig.wasm downloads: the title (its
// name, tagline and picture), the five games a line each, the progress in megabytes with the
// time left, and at most firstScreenBudget bytes before the game. It reports the first
// contentful paint and keeps screenshots of the first screen and of the game's first frame
// after it (first-screen-*.png), to be looked at side by side: the title stays in place.
func TestFirstScreen(t *testing.T) {
	url := site(t)
	var rep strings.Builder
	fmt.Fprintf(&rep, "Measured %s by `go test -tags e2e -run TestFirstScreen ./e2e` (headless Chromium; processor slowed %d×; %s; load average %s).\n\n| screen | first contentful paint ms | bytes before sig.wasm | first frame ms |\n| --- | ---: | ---: | ---: |\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), cpuSlowdown, slow4G.name, loadAverage())
	defer func() {
		path := filepath.Join(artifacts(t), "first-screen.md")
		os.WriteFile(path, []byte(rep.String()), 0o644)
		t.Logf("%s:\n%s", path, rep.String())
	}()
	for _, phone := range []bool{true, false} {
		name := "first-screen-1280x800"
		if phone {
			name = "first-screen-390x844"
		}
		t.Run(name, func(t *testing.T) {
			ctx := newBrowser(t, 4*time.Minute)
			p := phoneTab(t, ctx, name, phone, slow4G)
			p.open(url)
			// Well into the download, with a pace to say the time left by.
			p.waitJS("the download's progress with the time left", `document.documentElement.dataset.sigLeft && Number(document.getElementById('sig-bar').getAttribute('aria-valuenow')) >= 5`, 120*time.Second)
			var fs firstScreen
			jsonUnmarshal([]byte(eval[string](p, readFirstScreen)), &fs)
			shot := p.screenshot("loading")
			t.Logf("%s: %+v", shot, fs)
			if !fs.Visible {
				t.Errorf("the first screen is not shown while sig.wasm downloads")
			}
			if fs.Lang != "en" || fs.Name != "Sig" || !strings.Contains(fs.Tagline, "board games") {
				t.Errorf("the title reads %q, %q (language %q), not Sig's", fs.Name, fs.Tagline, fs.Lang)
			}
			want := []string{"Sig wa Duqqan", "Es-Sîg", "Sig (El Oued Capture)", "Seega", "Sadeqa"}
			if len(fs.Games) != len(want) {
				t.Errorf("the first screen lists %d games, not five: %q", len(fs.Games), fs.Games)
			}
			for i := range min(len(fs.Games), len(want)) {
				if !strings.HasPrefix(fs.Games[i], want[i]+" — ") {
					t.Errorf("game line %d reads %q, not %s and what it is", i+1, fs.Games[i], want[i])
				}
			}
			if !strings.Contains(fs.Status, " of ") || !strings.Contains(fs.Status, " MB") || !strings.Contains(fs.Status, "left") {
				t.Errorf("the progress line %q does not say the megabytes and the time left", fs.Status)
			}
			if len(fs.Art) != 2 || fs.Art[0] != 616 || len(fs.ArtRect) != 4 || fs.ArtRect[2] < 100 {
				t.Errorf("the title's picture is not shown: natural size %v, on the page %v", fs.Art, fs.ArtRect)
			}
			if fs.Before > firstScreenBudget {
				t.Errorf("%d bytes come before sig.wasm, over the first screen's %d: %v", fs.Before, firstScreenBudget, fs.Files)
			}
			paint := fcp(p)
			if paint <= 0 {
				t.Errorf("no first contentful paint recorded")
			}
			// The game's first frame, and the screen just after it for the comparison.
			p.waitJS("the game's first frame", `document.documentElement.dataset.sigFirstFrameMs`, 180*time.Second)
			first := eval[string](p, `document.documentElement.dataset.sigFirstFrameMs`)
			p.waitJS("the first screen gone", `document.getElementById('sig-loader').hidden`, 30*time.Second)
			time.Sleep(time.Second) // the still life comes a frame after the first
			p.screenshot("game")
			fmt.Fprintf(&rep, "| %s | %.0f | %d (%s) | %s |\n", strings.TrimPrefix(name, "first-screen-"), paint, fs.Before, strings.Join(fs.Files, ", "), first)
		})
	}
}

// TestFirstScreenContinue: with a game saved, the title's first frame has Continue above its
// buttons, and the first screen lays itself out for one button more. A Seega game between
// computers is played until saved, then the page is opened again with the processor slowed 4×
// (the build now comes from the service worker's cache): the first screen, then the title's
// first frame, are kept to be looked at side by side, and the hook must show Continue.
func TestFirstScreenContinue(t *testing.T) {
	url := site(t)
	ctx := newBrowser(t, 6*time.Minute)
	p := openPage(t, ctx, "first-screen-390x844-continue", url+"?game=seega&seats=ai:easy,ai:easy", true, "")
	p.waitFor("a few moves played (and saved)", func(v view) bool { return len(v.Moves) >= 4 }, 120*time.Second)
	p.waitJS("the service worker", `document.documentElement.dataset.sigOffline`, 60*time.Second)
	time.Sleep(3 * time.Second)
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpuSlowdown}); err != nil {
		t.Fatal(err)
	}
	p.open(url)
	if eval[bool](p, `!!document.documentElement.dataset.sigFirstFrameMs`) {
		t.Log("the game's first frame came before the first screen could be taken")
	} else {
		p.screenshot("loading")
	}
	p.waitJS("the title's first frame", `document.documentElement.dataset.sigFirstFrameMs && typeof sig === 'function' && sig() !== null`, 120*time.Second)
	p.waitJS("the first screen gone", `document.getElementById('sig-loader').hidden`, 30*time.Second)
	time.Sleep(time.Second)
	p.screenshot("game")
	if v := p.hook(); v.Scene != "title" {
		t.Fatalf("the page opened on %q, not the title", v.Scene)
	} else if _, ok := v.hit("button:continue"); !ok {
		t.Errorf("the title shows no Continue after a saved game (its hit areas: %s)", v.ids())
	}
}

// phoneMarks are the loader's and the game's start-up times (ms after navigation).
var phoneMarks = []struct{ key, label string }{
	{"sigFetchMs", "response began"},
	{"", "last byte"},
	{"sigLoadedMs", "compiled"},
	{"sigRunMs", "Go started"},
	{"sigMarkInit", "packages initialised"},
	{"sigMarkUpdate", "first Update"},
	{"sigMarkDraw", "first Draw began"},
	{"sigFirstDrawMs", "first Draw ended"},
	{"sigFirstFrameMs", "first frame"},
}

// startup waits for the first frame and reads the first contentful paint and the marks.
func startup(p *browserPage) (paint float64, marks []float64) {
	p.t.Helper()
	p.waitJS("the game's first frame", `document.documentElement.dataset.sigFirstFrameMs`, 240*time.Second)
	paint = fcp(p)
	for _, m := range phoneMarks {
		var v float64
		if m.key == "" {
			// The last byte of sig.wasm as the network saw it (the loader's own count reads a
			// copy of the stream, which a slowed processor reads late).
			v = eval[float64](p, `(() => { const e = performance.getEntriesByType('resource').find((e) => /\.wasm$/.test(e.name)); return e ? e.responseEnd : 0; })()`)
		} else {
			fmt.Sscan(eval[string](p, `document.documentElement.dataset.`+m.key+` || ''`), &v)
		}
		marks = append(marks, v)
	}
	return paint, marks
}

// phoneGames are the games measured in play, with computer seats, normal speed.
var phoneGames = []struct{ game, seats string }{
	{"sig-wa-duqqan", "ai:easy,ai:easy,ai:easy,ai:easy,ai:easy,ai:easy,ai:easy,ai:easy"},
	{"es-sig", "ai:easy,ai:easy,ai:easy,ai:easy"},
	{"sig-el-oued", "ai:easy,ai:easy"},
	{"seega", "ai:hard,ai:hard"},
	{"sadeqa", "ai:hard,ai:hard"},
}

// TestPhoneProfile is the phone-profile harness (see the file's comment). For each network a
// fresh browser makes a first visit and two reloads; then, on the first network, each game is
// opened with computer seats and its frames are counted for phoneWindow. It reports and never
// asserts timings; it fails only when the game does not start or draws nothing.
func TestPhoneProfile(t *testing.T) {
	url := site(t)
	var rep strings.Builder
	fmt.Fprintf(&rep, "Measured %s by `go test -tags e2e -count=1 -v -run TestPhoneProfile ./e2e` (headless Chromium %s, a phone's screen 390×844 at 3 device pixels a point; processor slowed %d×; load average %s before).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), chromiumVersion(t), cpuSlowdown, loadAverage())
	rep.WriteString("Without a GPU Chromium draws WebGL with SwiftShader on the (slowed) processor: the frame rates below are then the software floor, not what a phone's GPU gives.\n\n")
	defer func() {
		path := filepath.Join(artifacts(t), "phone.md")
		os.WriteFile(path, []byte(rep.String()), 0o644)
		t.Logf("%s:\n%s", path, rep.String())
	}()
	rep.WriteString("Start-up, ms after navigation:\n\n| network | visit | first contentful paint |")
	for _, m := range phoneMarks {
		rep.WriteString(" " + m.label + " |")
	}
	rep.WriteString(" first frame − last byte |\n| --- | --- | ---: |" + strings.Repeat(" ---: |", len(phoneMarks)+1) + "\n")
	var played *browserPage
	for i, np := range []netProfile{slow4G, fast4G} {
		ctx := newBrowser(t, 25*time.Minute)
		p := phoneTab(t, ctx, "phone-"+strings.ReplaceAll(np.shortLabel, " ", ""), true, np)
		for visit := range 3 {
			label := "first visit"
			if visit > 0 {
				label = fmt.Sprintf("reload %d", visit)
			}
			p.open(url)
			paint, marks := startup(p)
			fmt.Fprintf(&rep, "| %s | %s | %.0f |", np.shortLabel, label, paint)
			for _, v := range marks {
				fmt.Fprintf(&rep, " %.0f |", v)
			}
			if last := marks[1]; last > 0 {
				fmt.Fprintf(&rep, " %.0f |\n", marks[len(marks)-1]-last)
			} else {
				rep.WriteString(" – |\n")
			}
			if visit == 0 {
				// The service worker keeps the build for the reloads, as on a phone.
				p.waitJS("the service worker", `document.documentElement.dataset.sigOffline`, 60*time.Second)
				time.Sleep(3 * time.Second)
			}
		}
		if i == 0 {
			played = p
		}
	}
	rep.WriteString("\nIn play (computer seats, normal speed), frames counted with requestAnimationFrame over " + phoneWindow.String() + " from 5 s after the game's first frame:\n\n| game | seats | FPS | median frame ms | p99 frame ms | longest frame ms |\n| --- | --- | ---: | ---: | ---: | ---: |\n")
	for _, g := range phoneGames {
		p := played
		p.open(url + "?game=" + g.game + "&seats=" + g.seats)
		p.waitJS("the game's first frame", `document.documentElement.dataset.sigFirstFrameMs`, 240*time.Second)
		time.Sleep(5 * time.Second)
		intervals := frameIntervals(p, phoneWindow)
		if len(intervals) < 2 {
			t.Errorf("%s: fewer than two frames in %v", g.game, phoneWindow)
			continue
		}
		sorted := slices.Clone(intervals)
		slices.Sort(sorted)
		total := 0.0
		for _, v := range intervals {
			total += v
		}
		n := len(sorted)
		fmt.Fprintf(&rep, "| %s | %d computer | %.1f | %.1f | %.1f | %.1f |\n", g.game, strings.Count(g.seats, ",")+1,
			float64(n)/total*1000, sorted[n/2], sorted[int(math.Ceil(0.99*float64(n)))-1], sorted[n-1])
		p.screenshot(g.game)
	}
}

// phoneWindow is how long each game's frames are counted.
const phoneWindow = 10 * time.Second

// frameIntervals counts the page's animation frames for d and returns the time between each
// two in ms.
func frameIntervals(p *browserPage, d time.Duration) []float64 {
	p.t.Helper()
	js := fmt.Sprintf(`new Promise((done) => {
  const times = [];
  const end = performance.now() + %d;
  const tick = (t) => { times.push(t); if (t < end) requestAnimationFrame(tick); else done(JSON.stringify(times.slice(1).map((v, i) => v - times[i]))); };
  requestAnimationFrame(tick);
})`, d.Milliseconds())
	s, err := chromedp.Run(p.timeout(), chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: counting frames: %v", p.name, err)
	}
	var v []float64
	jsonUnmarshal([]byte(s), &v)
	return v
}

// chromiumVersion is the browser's product and version, for the reports.
func chromiumVersion(t *testing.T) string {
	out, err := exec.Command(chromium(t), "--version").Output()
	if err != nil {
		return "(version unknown)"
	}
	return strings.TrimSpace(string(out))
}
