//go:build screens

package boards

// The El Oued shots render Sig El Oued's board and the sticks arena at chosen moments (a throw
// in the air, a decision with its preview, the 7's choice, a capture in flight) in a real
// window and write PNGs; run them under a display (Xvfb) with
//
//	SIG_SHOTS=/tmp/shots go test -tags screens -run TestElOuedShots ./scenes/boards
//
// SIG_SHOT=name keeps the shots whose name contains it.

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/rules"
	"sig/rules/sigeloued"
	"sig/scenes/stage"
	"sig/scenes/ui"
)

func init() { runtime.LockOSThread() }

// elOuedShot is one picture: a screen size and how to reach the moment.
type elOuedShot struct {
	name  string
	w, h  int
	setup func(t *testing.T, s *elOuedScene)
}

// elOuedScene is a stand-in for the play scene: the board on the left (or top), a wood panel
// with the sticks arena, and a host that plays moves and queues their animation.
type elOuedScene struct {
	hst   *boardHost
	b     *elOuedBoard
	arena *stage.Arena
	q     *stage.Queue // the host's queue
	rng   *rand.Rand
	panel ui.Rect
}

// throw throws with the scene's sticks: the arena tumbles, then the board animates.
func (s *elOuedScene) throw(t *testing.T, count int) {
	faces := uint8(0)
	perm := s.rng.Perm(6)
	for i := 0; i < count; i++ {
		faces |= 1 << perm[i]
	}
	st := s.hst.st
	before := st.Clone()
	var ev rules.Events
	if err := st.Apply(rules.ThrowMove(count), &ev); err != nil {
		t.Fatal(err)
	}
	s.hst.moves++
	s.arena.Throw(s.q, faces, 1, func() { audio.Play(audio.Clatter6) })
	s.hst.b.Animate(s.q, before, st, ev)
}

// play plays moves at random (throws with the scene's sticks) until done reports true at rest.
func (s *elOuedScene) play(t *testing.T, done func() bool) {
	for n := 0; n < 5000 && s.hst.st.Phase() != rules.PhaseOver; n++ {
		if done() {
			return
		}
		if s.hst.st.Phase() == rules.PhaseThrow {
			s.throw(t, rules.ThrowCount(rules.Faces(s.rng, 6)))
		} else {
			s.hst.apply(s.hst.pick(s.rng))
		}
		s.hst.drain(5000, nil)
	}
}

func (s *elOuedScene) state() *sigeloued.State { return s.hst.st.(*sigeloued.State) }

// at puts the game in the position text (the rules' text form) at rest.
func (s *elOuedScene) at(t *testing.T, text string) {
	st := elOuedAt(t, text)
	s.hst.st = st
	s.hst.legal = st.Legal(nil)
	s.hst.b.Sync(st)
	s.hst.hits.Reset()
	s.hst.b.Hits(&s.hst.hits)
}

func (s *elOuedScene) point(sq int) {
	s.hst.send(ui.Intent{Kind: ui.Point, Target: ui.Target{Kind: "cell", N: sq}})
}

var elOuedShots = []elOuedShot{
	{"eloued-start", 1280, 800, func(t *testing.T, s *elOuedScene) {}},
	{"eloued-throw-air", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.throw(t, 1)
		s.q.Advance(0.3)
	}},
	{"eloued-throw-bounce", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.throw(t, 4)
		s.q.Advance(0.62)
	}},
	{"eloued-sig", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.throw(t, 5)
		s.q.Advance(1.45)
	}},
	{"eloued-midgame-hints", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.play(t, func() bool {
			st := s.state()
			return st.Phase() == rules.PhaseMove && st.Value() >= 2 && st.Value() <= 4 && s.hst.moves > 40
		})
		s.b.ShowHints(s.hst.st, s.hst.legal)
		s.point(s.b.opts[len(s.b.opts)-1].sq)
	}},
	{"eloued-seven-choice", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.at(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\nphase=move value=7 then=throw")
		s.b.meaning, s.b.meantBy = "Sig after six polished: 7: move one piece 7 or free all", 0
		s.hst.tap(ui.Target{Kind: "cell", N: 5})
		s.hst.send(ui.Intent{Kind: ui.Point, Target: ui.Target{Kind: "choice", ID: "free", N: 1}})
	}},
	{"eloued-seven-move", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.at(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\nphase=move value=7 then=throw")
		s.hst.tap(ui.Target{Kind: "cell", N: 5})
		s.hst.send(ui.Intent{Kind: ui.Point, Target: ui.Target{Kind: "choice", ID: "move", N: 0}})
	}},
	{"eloued-capture-flight", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.at(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  s5\n1 S0 S1 S2 S3 S4 .\nsix quiet=7 turn=9 captured=0,0")
		s.throw(t, 3)
		s.q.Advance(1.3 + elOuedPopTime + 6*elOuedStepTime + 0.15)
	}},
	{"eloued-keys-portrait", 420, 860, func(t *testing.T, s *elOuedScene) {
		s.play(t, func() bool {
			st := s.state()
			return st.Phase() == rules.PhaseMove && s.hst.moves > 25
		})
		s.hst.send(ui.Intent{Kind: ui.Next})
	}},
	// The keyboard cursor where it first stands: on South's first piece (a1), both it and b1
	// free to move 2; shown by a down arrow, which from the bottom row moves it nowhere.
	{"eloued-keys-first", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.at(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 s0 s1 .  .  S4 S5\nphase=move value=2 then=throw")
		s.hst.send(ui.Intent{Kind: ui.Move, DY: 1})
	}},
	{"eloued-seven-portrait", 420, 860, func(t *testing.T, s *elOuedScene) {
		s.at(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\nphase=move value=7 then=throw")
		s.hst.tap(ui.Target{Kind: "cell", N: 5})
	}},
	{"arena-four-air", 1280, 800, func(t *testing.T, s *elOuedScene) {
		r := s.arena.Rect
		s.arena = stage.NewArena(rules.FourGreenWhite, 4)
		s.arena.Rect = r
		s.arena.Throw(s.q, 0b0101, 1, nil)
		s.q.Advance(0.42)
	}},
	{"arena-four-rest", 420, 860, func(t *testing.T, s *elOuedScene) {
		r := s.arena.Rect
		s.arena = stage.NewArena(rules.FourGreenWhite, 9)
		s.arena.Rect = r
		s.arena.Throw(s.q, 0b1101, 1, nil)
		s.q.Advance(2)
	}},
	{"eloued-end", 1280, 800, func(t *testing.T, s *elOuedScene) {
		s.play(t, func() bool { return false })
	}},
}

type elOuedShotDriver struct {
	t     *testing.T
	dir   string
	shots []elOuedShot
	i     int
	sc    *elOuedScene
	frame int
	err   error
}

func (d *elOuedShotDriver) Update() error {
	if d.err != nil {
		return d.err
	}
	if d.sc == nil && d.i < len(d.shots) {
		s := d.shots[d.i]
		ebiten.SetWindowSize(s.w, s.h)
	}
	return nil
}

// rects places the board and the panel as the play scene does.
func (d *elOuedShotDriver) rects(m ui.Metrics) (boardR, panel, arena ui.Rect) {
	scr := m.Screen().Inset(m.Pt(12))
	gap := m.Pt(12)
	if m.W >= m.H {
		pw := max(m.Pt(300), min(m.Pt(440), scr.W*0.32))
		var b ui.Rect
		panel, b = scr.CutRight(pw)
		b.W -= gap
		side := max(0, min(b.W, b.H))
		boardR = ui.Rect{X: b.X + (b.W-side)/2, Y: b.Y + (b.H-side)/2, W: side, H: side}
	} else {
		sheet := max(min(m.Pt(330), scr.H*0.6), scr.H-scr.W-gap)
		var b ui.Rect
		panel, b = scr.CutBottom(sheet)
		b.H -= gap
		side := max(0, min(b.W, b.H))
		boardR = ui.Rect{X: b.X + (b.W-side)/2, Y: b.Y + (b.H-side)/2, W: side, H: side}
	}
	in := panel.Inset(m.Pt(14))
	arena = ui.Rect{X: in.X, Y: in.Y + m.Pt(48+10+64+10), W: in.W, H: m.Pt(96)}
	return boardR, panel, arena
}

func (d *elOuedShotDriver) start(w, h float64) {
	s := d.shots[d.i]
	hst := newBoardHost(d.t, sigeloued.Info, w, h)
	hst.env.Names = []string{"South", "North"}
	sc := &elOuedScene{hst: hst, b: hst.b.(*elOuedBoard), arena: stage.NewArena(rules.SixPolishedRough, 11), q: &hst.q, rng: rand.New(rand.NewPCG(uint64(len(s.name)), 3))}
	m := ui.NewMetrics(w, h, 1)
	br, panel, ar := d.rects(m)
	hst.b.Layout(m, br)
	hst.hits.Reset()
	hst.b.Hits(&hst.hits)
	sc.panel, sc.arena.Rect = panel, ar
	d.sc = sc
	s.setup(d.t, sc)
}

func (d *elOuedShotDriver) Draw(screen *ebiten.Image) {
	if d.i >= len(d.shots) {
		return
	}
	s := d.shots[d.i]
	bw, bh := screen.Bounds().Dx(), screen.Bounds().Dy()
	if bw != s.w || bh != s.h {
		return
	}
	if d.sc == nil {
		d.start(float64(bw), float64(bh))
	}
	m := ui.NewMetrics(float64(bw), float64(bh), 1)
	ui.Backdrop(screen, m)
	ui.WoodPanel(screen, m, d.sc.panel)
	d.sc.arena.Draw(screen, m)
	d.sc.hst.b.Draw(screen)
	d.frame++
	if d.frame < 3 {
		return
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
	fmt.Println("wrote", path)
	d.i++
	d.sc, d.frame = nil, 0
	if d.i == len(d.shots) {
		d.err = ebiten.Termination
	}
}

func (d *elOuedShotDriver) Layout(w, h int) (int, int) { return w, h }

func TestElOuedShots(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var keep []elOuedShot
	for _, s := range elOuedShots {
		if only := os.Getenv("SIG_SHOT"); only == "" || strings.Contains(s.name, only) {
			keep = append(keep, s)
		}
	}
	if len(keep) == 0 {
		t.Skip("no shot matches SIG_SHOT")
	}
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	d := &elOuedShotDriver{t: t, dir: dir, shots: keep}
	if err := ebiten.RunGame(d); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}
