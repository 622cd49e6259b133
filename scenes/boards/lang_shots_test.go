//go:build screens

package boards

// The language shots draw each board mid-game in French and in Arabic, in a real window, and
// write PNGs; run them under a display (Xvfb) with
//
//	SIG_SHOTS=/tmp/shots go test -tags screens -run TestLangShots ./scenes/boards
//
// and look at them, with go run ./tools/cvdsim on them for the colour-blind view.

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/games"
	"sig/rules/sigeloued"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

// langShot is one board, in one language, after some moves, stopped part way through the
// animation of the last one.
type langShot struct {
	game  string
	l     lang.Lang
	moves int // random moves played before the shot
	ticks int // ticks of the last move's animation shown
}

type langShotDriver struct {
	t     *testing.T
	dir   string
	shots []langShot
	i     int
	b     stage.Board
	env   stage.Env
	q     stage.Queue
	frame int
	err   error
}

func (d *langShotDriver) Update() error { return d.err }

func (d *langShotDriver) Layout(w, h int) (int, int) { return w, h }

// start plays shot s's game up to its moment on a fresh board laid out in a w×h window.
func (d *langShotDriver) start(s langShot, w, h float64) {
	lang.Set(s.l)
	g, ok := games.Lookup(s.game)
	if !ok {
		d.err = fmt.Errorf("no game %s", s.game)
		return
	}
	st := g.NewState(g.DefaultPlayers)
	d.env = stage.Env{Game: g, Names: []string{lang.In(s.l, "log.you"), "Amira"}, Here: []bool{true, true}, You: []bool{true, false}}
	for p := 0; p < st.Players(); p++ {
		d.env.Colors = append(d.env.Colors, sprites.Players[p])
		if p >= 2 {
			d.env.Names = append(d.env.Names, lang.In(s.l, "log.player", p+1))
		}
	}
	d.b, _ = stage.New(g.ID, &d.env)
	m := ui.NewMetrics(w, h, 1)
	m.RTL = s.l.RTL()
	r, _ := (&boardShotDriver{}).rects(m)
	d.b.Layout(m, r)
	d.b.Sync(st)
	rng := rand.New(rand.NewPCG(uint64(s.moves), 5))
	d.q.Clear()
	for n := 0; n < s.moves && st.Phase() != rules.PhaseOver; n++ {
		legal := st.Legal(nil)
		before := st.Clone()
		var ev rules.Events
		if err := st.Apply(legal[rng.IntN(len(legal))], &ev); err != nil {
			d.err = err
			return
		}
		d.q.Finish()
		d.b.Sync(before)
		d.b.Animate(&d.q, before, st, ev)
		if n < s.moves-1 {
			d.q.Finish()
			d.b.Sync(st)
		}
	}
	for k := 0; k < s.ticks; k++ {
		d.q.Advance(1.0 / 60)
	}
	if s.game == "sig-el-oued" && st.Phase() == rules.PhaseMove {
		// A refused pick: the board says why, from the rules' reason, in the shot's language.
		d.q.Finish()
		d.b.Sync(st)
		legal := st.Legal(nil)
	squares:
		for _, rank := range "123" {
			for _, file := range "abcdef" {
				name := string(file) + string(rank)
				mv, err := st.ParseMove(name)
				var r *sigeloued.Refusal
				if err == nil && !slices.Contains(legal, mv) && errors.As(st.Clone().Apply(mv, nil), &r) && r.Reason != sigeloued.NoPiece {
					d.b.(stage.Picker).Input(ui.Intent{Kind: ui.Tap, Target: ui.Target{Kind: "cell", N: elOuedSquareOf(name)}}, st, legal)
					break squares
				}
			}
		}
	}
	if pk, ok := d.b.(stage.Picker); ok && !d.q.Busy() && st.Phase() == rules.PhaseMove {
		// The keyboard's focus shown, as a player using the keys sees it.
		pk.Input(ui.Intent{Kind: ui.Next}, st, st.Legal(nil))
	}
}

func (d *langShotDriver) Draw(screen *ebiten.Image) {
	if d.err != nil || d.i >= len(d.shots) {
		return
	}
	s := d.shots[d.i]
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	if d.frame == 0 {
		d.start(s, float64(w), float64(h))
	}
	m := ui.NewMetrics(float64(w), float64(h), 1)
	m.RTL = s.l.RTL()
	ui.Backdrop(screen, m)
	_, panel := (&boardShotDriver{}).rects(m)
	ui.WoodPanel(screen, m, panel)
	d.b.Draw(screen)
	if d.frame++; d.frame < 3 {
		return
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	screen.ReadPixels(img.Pix)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		d.err = err
		return
	}
	path := filepath.Join(d.dir, fmt.Sprintf("board-%s-%s.png", s.game, s.l))
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		d.err = err
		return
	}
	fmt.Println("wrote", path)
	d.i, d.frame = d.i+1, 0
	if d.i == len(d.shots) {
		d.err = ebiten.Termination
	}
}

func TestLangShots(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defer lang.Set(lang.Current())
	var shots []langShot
	for _, l := range []lang.Lang{lang.French, lang.Arabic} {
		shots = append(shots,
			langShot{"seega", l, 40, 20},
			langShot{"sadeqa", l, 13, 50},
			langShot{"sig-el-oued", l, 10, 10}, // a piece that cannot move, tapped
			langShot{"es-sig", l, 230, 0},
			langShot{"sig-wa-duqqan", l, 150, 30},
		)
	}
	if only := os.Getenv("SIG_SHOT"); only != "" {
		// SIG_SHOT=es-sig keeps the shots of the games whose ids contain it.
		var keep []langShot
		for _, s := range shots {
			if strings.Contains(s.game, only) {
				keep = append(keep, s)
			}
		}
		shots = keep
	}
	if len(shots) == 0 {
		t.Skip("no shot matches SIG_SHOT")
	}
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowTitle("Sig language shots")
	d := &langShotDriver{t: t, dir: dir, shots: shots}
	if err := ebiten.RunGame(d); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}
