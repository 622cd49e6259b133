//go:build screens

package boards

// The board shots render Seega's and Sadeqa's boards at chosen moments of a game (mid-capture,
// mid-sowing…) in a real window and write PNGs; run them under a display (Xvfb) with
//
//	SIG_SHOTS=/tmp/shots go test -tags screens -run TestBoardShots ./scenes/boards
//
// SIG_SHOT=a,b keeps the shots whose names contain a or b (the measurements, named "-bench-",
// run only when named). They are not part of the ordinary tests, which need no GPU.

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/games"
	"sig/scenes/ui"
)

// gameInfo is the game with id, for the shots.
func gameInfo(id string) *rules.Info {
	g, ok := games.Lookup(id)
	if !ok {
		panic("no game " + id)
	}
	return g
}

func init() { runtime.LockOSThread() } // Ebitengine runs on the main thread

// boardShot is one picture: a screen size, a game, and how to get to the moment.
type boardShot struct {
	name  string
	w, h  int
	setup func(t *testing.T, hst *boardHost) // plays up to the moment
	// frames, if set, makes the shot a measurement: that many frames are drawn while the
	// animation queue advances one tick a frame, and the times of the board's Update-side
	// work (the queue) and of its Draw are reported; the last frame is captured.
	frames int
}

// boardShots is filled by each game's shots file.
var boardShots []boardShot

type boardShotDriver struct {
	t     *testing.T
	dir   string
	shots []boardShot
	i     int
	hst   *boardHost
	frame int
	err   error
	times []time.Duration // Draw times of the board, per shot
	ticks []time.Duration // queue advance times, per shot
	mall  []uint64        // heap allocations per frame (Update and Draw of the board)
}

func (d *boardShotDriver) Update() error {
	if d.err != nil {
		return d.err
	}
	if d.hst == nil && d.i < len(d.shots) {
		s := d.shots[d.i]
		ebiten.SetWindowSize(s.w, s.h)
		d.frame = 0
	}
	return nil
}

func (d *boardShotDriver) start(w, h float64) {
	s := d.shots[d.i]
	id := strings.SplitN(s.name, "-", 2)[0]
	g := gameInfo(id)
	d.hst = newBoardHost(d.t, g, w, h)
	d.layout(w, h)
	s.setup(d.t, d.hst)
}

// layout places the board as the play scene does: the largest square left of a side panel in
// landscape, above a bottom sheet in portrait.
func (d *boardShotDriver) layout(w, h float64) {
	m := ui.NewMetrics(w, h, 1)
	r, _ := d.rects(m)
	d.hst.b.Layout(m, r)
	d.hst.hits.Reset()
	d.hst.b.Hits(&d.hst.hits)
}

func (d *boardShotDriver) rects(m ui.Metrics) (boardR, panel ui.Rect) {
	scr := m.Screen().Inset(m.Pt(12))
	gap := m.Pt(12)
	if m.W >= m.H {
		pw := max(m.Pt(300), min(m.Pt(440), scr.W*0.32))
		var b ui.Rect
		panel, b = scr.CutRight(pw)
		b.W -= gap
		side := max(0, min(b.W, b.H))
		return ui.Rect{X: b.X + (b.W-side)/2, Y: b.Y + (b.H-side)/2, W: side, H: side}, panel
	}
	sheet := max(min(m.Pt(330), scr.H*0.6), scr.H-scr.W-gap)
	var b ui.Rect
	panel, b = scr.CutBottom(sheet)
	b.H -= gap
	side := max(0, min(b.W, b.H))
	return ui.Rect{X: b.X + (b.W-side)/2, Y: b.Y + (b.H-side)/2, W: side, H: side}, panel
}

func (d *boardShotDriver) Draw(screen *ebiten.Image) {
	if d.i >= len(d.shots) {
		return
	}
	s := d.shots[d.i]
	bw, bh := screen.Bounds().Dx(), screen.Bounds().Dy()
	if bw != s.w || bh != s.h {
		return // wait for the window to take the shot's size
	}
	if d.hst == nil {
		d.start(float64(bw), float64(bh))
	}
	m := ui.NewMetrics(float64(bw), float64(bh), 1)
	ui.Backdrop(screen, m)
	_, panel := d.rects(m)
	ui.WoodPanel(screen, m, panel)
	var ms0, ms1 runtime.MemStats
	if s.frames > 0 {
		runtime.ReadMemStats(&ms0)
		t := time.Now()
		d.hst.q.Advance(1.0 / 60)
		d.ticks = append(d.ticks, time.Since(t))
	}
	t0 := time.Now()
	d.hst.b.Draw(screen)
	d.times = append(d.times, time.Since(t0))
	if s.frames > 0 {
		runtime.ReadMemStats(&ms1)
		d.mall = append(d.mall, ms1.Mallocs-ms0.Mallocs)
	}
	d.frame++
	if d.frame < max(4, s.frames) {
		return
	}
	if s.frames > 0 {
		fmt.Printf("%s: %d frames; queue advance %s; board Draw %s; allocations a frame: median %d, max %d\n",
			s.name, len(d.times), spread(d.ticks[2:]), spread(d.times[2:]), medianU(d.mall[2:]), maxU(d.mall[2:]))
		d.ticks, d.mall = d.ticks[:0], d.mall[:0]
	}
	img := image.NewRGBA(image.Rect(0, 0, bw, bh))
	screen.ReadPixels(img.Pix)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		d.err = err
		return
	}
	path := filepath.Join(d.dir, s.name+".png")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		d.err = err
		return
	}
	fmt.Printf("wrote %s (board Draw, last frame: %v)\n", path, d.times[len(d.times)-1])
	d.times = d.times[:0]
	d.i++
	d.hst = nil
	if d.i == len(d.shots) {
		d.err = ebiten.Termination
	}
}

func (d *boardShotDriver) Layout(w, h int) (int, int) { return w, h }

// spread is the median, 95th percentile and maximum of ds.
func spread(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	s := append([]time.Duration(nil), ds...)
	slices.Sort(s)
	return fmt.Sprintf("median %v, p95 %v, max %v", s[len(s)/2], s[len(s)*95/100], s[len(s)-1])
}

func medianU(xs []uint64) uint64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]uint64(nil), xs...)
	slices.Sort(s)
	return s[len(s)/2]
}

func maxU(xs []uint64) uint64 {
	m := uint64(0)
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func TestBoardShots(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var keep []boardShot
	only := os.Getenv("SIG_SHOT")
	for _, s := range boardShots {
		want := only == "" && s.frames == 0 // measurements only when asked for
		for _, o := range strings.Split(only, ",") {
			want = want || o != "" && strings.Contains(s.name, o)
		}
		if want {
			keep = append(keep, s)
		}
	}
	if len(keep) == 0 {
		t.Skip("no shot matches SIG_SHOT")
	}
	ebiten.SetWindowTitle("Sig board shots")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	d := &boardShotDriver{t: t, dir: dir, shots: keep}
	if err := ebiten.RunGame(d); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}
