package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/ui"
	"sig/sprites"
)

// title is the first scene: the name, a still life of the games' materials, and the way in.
type title struct {
	base
	art  ui.Rect
	name ui.Rect
}

func newTitle(m *Manager) *title {
	s := &title{base: base{m: m}}
	s.menu.Add(&ui.Button{ID: "play", Label: "Play", Icon: ui.IconPlay, Look: ui.Primary})
	s.menu.Add(&ui.Button{ID: "settings", Label: "Settings", Icon: ui.IconGear})
	if canQuit() {
		s.menu.Add(&ui.Button{ID: "quit", Label: "Quit"})
	}
	return s
}

func (s *title) Name() string { return "title" }

func (s *title) Layout(mt ui.Metrics) {
	s.mt = mt
	scr := mt.Screen().Inset(mt.Pt(24))
	bw, bh, gap := math.Min(mt.Pt(280), scr.W), mt.Pt(56), mt.Pt(14)
	n := len(s.menu.Buttons)
	buttonsH := float64(n)*bh + float64(n-1)*gap
	nameH := mt.LineHeight(ui.Display) + mt.LineHeight(ui.Body)*1.6
	// Stacked (art, name, buttons) where the screen is tall enough; on a short, wide screen
	// the buttons stand to the right of the art and the name.
	side := scr.H < buttonsH+nameH+mt.Pt(180) && scr.W > mt.Pt(440)
	left, right := scr, scr
	if side {
		left, right = scr.CutLeft(scr.W * 0.55)
		bw = math.Min(bw, right.W-mt.Pt(16))
	}
	room := left.H - nameH - mt.Pt(40)
	if !side {
		room -= buttonsH
	}
	artH := math.Min(math.Min(mt.Pt(300), room), left.W/1.9)
	if artH < mt.Pt(80) {
		artH = 0 // no room for the picture: the name and the buttons matter more
	}
	total := artH + nameH + mt.Pt(16)
	if !side {
		total += buttonsH + mt.Pt(24)
	}
	y := left.Y + math.Max(0, (left.H-total)/2)
	s.art = ui.Rect{X: left.CX() - artH*0.9, Y: y, W: artH * 1.8, H: artH}
	s.name = ui.Rect{X: left.X, Y: y + artH + mt.Pt(10), W: left.W, H: nameH}
	y = s.name.Bottom() + mt.Pt(24)
	if side {
		y = right.Y + math.Max(0, (right.H-buttonsH)/2)
	}
	for _, b := range s.menu.Buttons {
		b.Rect = ui.Rect{X: right.CX() - bw/2, Y: y, W: bw, H: bh}
		y += bh + gap
	}
	s.rehit()
}

func (s *title) Update(in []ui.Intent) {
	for _, it := range in {
		switch s.menu.Handle(it) {
		case "play":
			click()
			s.m.Goto(newPicker(s.m))
			return
		case "settings":
			click()
			s.m.Goto(newSettingsScene(s.m, s))
			return
		case "quit":
			s.m.Quit()
			return
		}
	}
}

func (s *title) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawArt(dst)
	mt.Text(dst, "Sig", ui.Display, s.name.CX(), s.name.Y, ui.Center, sprites.Ink)
	sub := "Five stick and board games of North Africa"
	st := ui.Body
	if mt.Measure(st, sub) > s.name.W {
		st = ui.Small
	}
	mt.Text(dst, mt.Ellipsize(sub, st, s.name.W), st, s.name.CX(), s.name.Y+mt.LineHeight(ui.Display), ui.Center, sprites.Wood)
	s.menu.Draw(dst, mt)
}

// drawArt is a still life on a patch of sand: four sticks fallen across each other, the
// Ghoula, a ring, a few seeds and pieces.
func (s *title) drawArt(dst *ebiten.Image) {
	r := s.art
	if r.H <= 0 {
		return
	}
	u := r.H
	cx, cy := r.CX(), r.CY()
	sprites.Fill(dst, sprites.Ellipse(cx, cy+u*0.08, r.W*0.5, u*0.44, 0), sprites.Fade(sprites.DeepSand, 0.6))
	sprites.Fill(dst, sprites.Ellipse(cx, cy+u*0.06, r.W*0.47, u*0.4, 0), sprites.Fade(sprites.Sand, 0.8))
	sprites.DrawSeeds(dst, cx+u*0.62, cy+u*0.12, u*0.16, 7)
	sprites.DrawRingPiece(dst, sprites.Player(1), cx-u*0.62, cy+u*0.16, u*0.1)
	sprites.DrawPiece(dst, sprites.Player(0), cx-u*0.44, cy+u*0.24, u*0.08, 0)
	sprites.DrawPiece(dst, sprites.Player(2), cx+u*0.42, cy-u*0.1, u*0.08, 0)
	l := u * 0.56
	sprites.DrawStick(dst, sprites.GreenWhite, cx-u*0.1, cy-u*0.02, l, -0.42, true, 0)
	sprites.DrawStick(dst, sprites.GreenWhite, cx+u*0.1, cy+u*0.0, l, 0.38, false, 0)
	sprites.DrawStick(dst, sprites.GreenWhite, cx-u*0.02, cy+u*0.14, l, 0.05, true, 0)
	sprites.DrawStick(dst, sprites.GreenWhite, cx+u*0.02, cy-u*0.14, l, -0.08, false, 0)
	sprites.DrawGhoula(dst, cx+u*0.34, cy+u*0.2, u*0.13, 0.6)
}
