package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// rulesPage shows a game's rules page, scrollable by wheel, drag, arrows and page keys.
type rulesPage struct {
	base
	g      *rules.Info
	back   Scene
	doc    *ui.Doc
	bar    ui.Rect
	paper  ui.Rect
	view   ui.Rect
	scroll float64
}

func newRulesPage(m *Manager, g *rules.Info, back Scene) *rulesPage {
	md := g.Rules[m.settings.Lang]
	if md == "" {
		md = g.Rules["en"]
	}
	if md == "" {
		md = "# " + gameName(g) + "\n\n" + lang.T("rulespage.missing")
	}
	s := &rulesPage{base: base{m: m}, g: g, back: back, doc: ui.ParseDoc(md)}
	return s
}

func (s *rulesPage) Name() string { return "rules" }

func (s *rulesPage) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	w := math.Min(rest.W, mt.Pt(820))
	s.paper = ui.Rect{X: rest.CX() - w/2, Y: rest.Y + mt.Pt(4), W: w, H: rest.H - mt.Pt(4)}
	pad := math.Min(mt.Pt(32), w*0.06)
	s.view = s.paper.Inset(pad)
	s.doc.Layout(mt, s.view.W)
	s.scrollTo(s.scroll)
	s.menu.Fix()
	s.rehit()
}

func (s *rulesPage) scrollTo(v float64) {
	limit := math.Max(0, s.doc.Height-s.view.H)
	s.scroll = math.Max(0, math.Min(limit, v))
}

func (s *rulesPage) Update(in []ui.Intent) {
	line := s.mt.LineHeight(ui.Body)
	for _, it := range in {
		switch it.Kind {
		case ui.Back:
			s.m.Goto(s.back)
			return
		case ui.Scroll:
			switch {
			case math.IsInf(it.Scroll, -1):
				s.scrollTo(0)
			case math.IsInf(it.Scroll, 1):
				s.scrollTo(s.doc.Height)
			case it.DY != 0:
				s.scrollTo(s.scroll + float64(it.DY)*(s.view.H-line*2))
			default:
				s.scrollTo(s.scroll + it.Scroll)
			}
			continue
		case ui.Move:
			// Up and down read the page; there is nothing else to move between.
			s.scrollTo(s.scroll + float64(it.DY)*line*3)
			continue
		case ui.Activate:
			if it.Rune == ' ' {
				s.scrollTo(s.scroll + s.view.H - line*2)
				continue
			}
		}
		if s.menu.Handle(it) == "back" {
			click()
			s.m.Goto(s.back)
			return
		}
	}
}

func (s *rulesPage) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawHeader(dst, s.bar, lang.T("rulespage.title"), gameName(s.g))
	ui.Panel(dst, mt, s.paper)
	clip := ui.ScrollClip(dst, s.paper.Inset(mt.Pt(4)))
	s.doc.Draw(clip, mt, s.view.X, s.view.Y-s.scroll, s.paper)
	if s.doc.Height > s.view.H {
		v := s.view
		h := math.Max(mt.Pt(30), v.H*v.H/s.doc.Height)
		y := v.Y + (v.H-h)*s.scroll/math.Max(1, s.doc.Height-v.H)
		x := s.paper.Right() - mt.Pt(12)
		if mt.RTL {
			x = s.paper.X + mt.Pt(7)
		}
		ui.Fill(dst, ui.Rect{X: x, Y: v.Y, W: mt.Pt(5), H: v.H}, mt.Pt(2.5), 0, sprites.Fade(sprites.DeepSand, 0.4))
		ui.Fill(dst, ui.Rect{X: x, Y: y, W: mt.Pt(5), H: h}, mt.Pt(2.5), 0, sprites.Fade(sprites.Wood, 0.8))
		// Soft fades at the paper's edges show there is more above or below.
		if s.scroll > 0 {
			fadeEdge(dst, s.paper, mt, true)
		}
		if s.scroll < s.doc.Height-s.view.H-1 {
			fadeEdge(dst, s.paper, mt, false)
		}
	}
	s.menu.Draw(dst, mt)
}

// fadeEdge veils the top or bottom edge of a panel with chalk, fading into the text: eight
// strips, each from a picture (ui.Fill).
func fadeEdge(dst *ebiten.Image, r ui.Rect, mt ui.Metrics, top bool) {
	h := mt.Pt(28)
	const n = 8
	for i := 0; i < n; i++ {
		a := 1 - float64(i)/n
		y := r.Y + mt.Pt(6) + float64(i)*h/n
		if !top {
			y = r.Bottom() - mt.Pt(6) - float64(i+1)*h/n
		}
		x := r.X + mt.Pt(4)
		if mt.RTL {
			x = r.X + mt.Pt(16) // the scroll bar is at the left
		}
		ui.Fill(dst, ui.Rect{X: x, Y: y, W: r.W - mt.Pt(20), H: h/n + 1}, 0, 0, sprites.Fade(sprites.Chalk, a*0.85))
	}
}
