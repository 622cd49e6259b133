package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// overlay is a card of buttons over the dimmed play scene (pause, results).
type overlay struct {
	base
	under  *play
	bg     Scene // drawn dimmed under the card instead of under (a card over another scene)
	card   ui.Rect
	title  string
	body   []string
	notice string // what an action reported (a record exported: where to)
}

// behind is the scene the card dims: bg where it is set, else the match.
func (o *overlay) behind() Scene {
	if o.bg != nil {
		return o.bg
	}
	return o.under
}

// setNotice shows n at the foot of the screen, over the dimmed game.
func (o *overlay) setNotice(n string) { o.notice = n }

// layoutCard sizes the card for its buttons and the extra height of content above them
// (returned as a rectangle). The buttons stack in one column, or in two on a short screen.
func (o *overlay) layoutCard(mt ui.Metrics, extra float64) ui.Rect {
	o.mt = mt
	o.behind().Layout(mt)
	n := len(o.menu.Buttons)
	bh, gap := mt.Pt(52), mt.Pt(12)
	w := math.Min(mt.W-mt.Pt(32), mt.Pt(420))
	head := o.headH(mt, w)
	cols := 1
	if head+extra+float64(n)*(bh+gap)+mt.Pt(12) > mt.H-mt.Pt(24) && n > 1 {
		cols = 2
		w = math.Min(mt.W-mt.Pt(32), mt.Pt(420)*float64(cols))
		head = o.headH(mt, w)
	}
	rows := (n + cols - 1) / cols
	h := head + extra + float64(rows)*(bh+gap) + mt.Pt(12)
	h = math.Min(h, mt.H-mt.Pt(16))
	o.card = mt.Screen().Centered(w, h)
	area := ui.Rect{X: o.card.X + mt.Pt(28), Y: o.card.Bottom() - mt.Pt(24) - float64(rows)*bh - float64(rows-1)*gap, W: o.card.W - mt.Pt(56)}
	colW := (area.W - float64(cols-1)*gap) / float64(cols)
	for i, b := range o.menu.Buttons {
		r, c := i/cols, i%cols
		b.Rect = mt.Flip(ui.Rect{X: area.X + float64(c)*(colW+gap), Y: area.Y + float64(r)*(bh+gap), W: colW, H: bh}, area)
	}
	o.menu.Fix()
	o.rehit()
	return ui.Rect{X: o.card.X + mt.Pt(28), Y: o.card.Y + head - mt.Pt(12), W: o.card.W - mt.Pt(56), H: math.Max(0, area.Y-gap-(o.card.Y+head-mt.Pt(12)))}
}

// titleLines is the card's title in a card w wide: in the title's type, or a smaller one, or
// on as many lines of the body's bold type as it takes (a long result in Arabic on a phone);
// never cut.
func (o *overlay) titleLines(mt ui.Metrics, w float64) ([]string, ui.Style) {
	room := w - mt.Pt(40)
	for _, st := range []ui.Style{ui.Title, ui.Heading, ui.BodyBold} {
		if mt.Measure(st, o.title) <= room {
			return []string{o.title}, st
		}
	}
	return mt.Wrap(o.title, ui.BodyBold, room), ui.BodyBold
}

// headH is the height of the card's head, w wide: its margins and its title's lines.
func (o *overlay) headH(mt ui.Metrics, w float64) float64 {
	lines, st := o.titleLines(mt, w)
	return mt.Pt(24) + math.Max(mt.LineHeight(ui.Title), float64(len(lines))*mt.LineHeight(st)) + mt.Pt(12)
}

// drawCard draws the dimmed play scene, the card and its title.
func (o *overlay) drawCard(dst *ebiten.Image) {
	mt := o.mt
	o.behind().Draw(dst)
	ui.Veil(dst, mt)
	ui.Panel(dst, mt, o.card)
	lines, st := o.titleLines(mt, o.card.W)
	h := float64(len(lines)) * mt.LineHeight(st)
	y := o.card.Y + mt.Pt(18) + (math.Max(mt.LineHeight(ui.Title), h)-h)/2
	for _, l := range lines {
		mt.Text(dst, l, st, o.card.CX(), y, ui.Center, sprites.Ink)
		y += mt.LineHeight(st)
	}
	o.menu.Draw(dst, mt)
	drawNotice(dst, mt, noticeRect(mt, mt.Screen().Inset(mt.Pt(12)), o.notice), o.notice)
}

// pause stops the match: resume, read the rules, change settings, start again, or leave.
type pause struct {
	overlay
}

func newPause(m *Manager, p *play) *pause {
	s := &pause{overlay{base: base{m: m}, under: p, title: lang.T("pause.title")}}
	s.menu.Add(&ui.Button{ID: "resume", Label: lang.T("pause.resume"), Icon: ui.IconPlay, Look: ui.Primary})
	s.menu.Add(&ui.Button{ID: "rules", Label: lang.T("menu.rules"), Icon: ui.IconBook})
	s.menu.Add(&ui.Button{ID: "settings", Label: lang.T("menu.settings"), Icon: ui.IconGear})
	s.menu.Add(&ui.Button{ID: "export", Label: lang.T("saves.export")})
	if p.net == nil { // an online match is not restarted from one screen: Rematch, at its end
		s.menu.Add(&ui.Button{ID: "restart", Label: lang.T("pause.restart")})
	}
	s.menu.Add(&ui.Button{ID: "menu", Label: lang.T("menu.menu"), Icon: ui.IconBack})
	return s
}

func (s *pause) Name() string { return "pause" }

func (s *pause) Layout(mt ui.Metrics) { s.layoutCard(mt, 0) }

func (s *pause) Update(in []ui.Intent) {
	for _, it := range in {
		if it.Kind == ui.Back {
			s.m.Goto(s.under)
			return
		}
		id := s.menu.Handle(it)
		if id == "" {
			continue
		}
		click()
		switch id {
		case "resume":
			s.m.Goto(s.under)
		case "rules":
			s.m.Goto(newRulesPage(s.m, s.under.g, s))
		case "settings":
			s.m.Goto(newSettingsScene(s.m, s))
		case "export":
			s.setNotice(exportRecord(s.under.record()))
		case "restart":
			s.m.Goto(askRestart(s.m, s))
		case "menu":
			s.under.leave()
			s.m.Goto(newTitle(s.m))
		}
		return
	}
}

func (s *pause) Draw(dst *ebiten.Image) { s.drawCard(dst) }
