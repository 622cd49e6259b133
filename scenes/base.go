package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// base is what the menu scenes share: the manager, the screen, a menu of buttons and the hit
// areas built from it.
type base struct {
	m    *Manager
	mt   ui.Metrics
	menu ui.Menu
	hits ui.HitMap
}

func (b *base) Hits() *ui.HitMap { return &b.hits }

// rehit rebuilds the hit areas from the menu's buttons.
func (b *base) rehit() {
	b.hits.Reset()
	b.menu.AddHits(&b.hits)
}

// header lays out the top bar (a back button at the reading start: the left, or the right
// in a right-to-left layout; drawHeader writes the title in the middle) and returns it and
// the rest of the screen.
func (b *base) header() (bar, rest ui.Rect) {
	mt := b.mt
	scr := mt.Screen().Inset(mt.Pt(16))
	bar, rest = scr.CutTop(mt.Pt(56))
	back := b.menu.Get("back")
	if back == nil {
		back = b.menu.Add(&ui.Button{ID: "back", Icon: ui.IconBack, Look: ui.Quiet})
	}
	back.Label = lang.T("back")
	w := mt.Pt(44) + mt.Measure(ui.BodyBold, back.Label) + mt.Pt(16)
	back.Rect = mt.Flip(ui.Rect{X: bar.X, Y: bar.Y + mt.Pt(6), W: w, H: mt.Pt(44)}, bar)
	return bar, rest
}

// drawHeader draws the title of a header bar.
func (b *base) drawHeader(dst *ebiten.Image, bar ui.Rect, title, sub string) {
	mt := b.mt
	back := b.menu.Get("back")
	inset := 0.0 // the back button's side of the bar, taken
	if back != nil {
		inset = back.Rect.W + mt.Pt(12)
	}
	room := bar.W - 2*inset
	st := ui.Title
	if mt.Measure(st, title) > room || (sub != "" && mt.LineHeight(st)+mt.LineHeight(ui.Small) > bar.H+mt.Pt(12)) {
		st = ui.Heading // a phone, or large text: the smaller title before cutting it
	}
	x, align := bar.CX(), ui.Center
	if mt.Measure(st, title) > room {
		// Still too wide to centre: it starts after the back button and takes the rest.
		room = bar.W - inset
		x, align = bar.X+inset, ui.Start
		if mt.RTL {
			x, align = bar.Right()-inset, ui.End
		}
	}
	t := mt.Ellipsize(title, st, room)
	y := bar.Y + bar.H/2 - mt.LineHeight(st)/2
	if sub != "" {
		y = bar.Y + bar.H/2 - (mt.LineHeight(st)+mt.LineHeight(ui.Small))/2 + mt.Pt(4)
	}
	mt.Text(dst, t, st, x, y, align, sprites.Ink)
	if sub != "" {
		tuck := mt.Pt(6) // the line under the title tucked up to it
		if mt.RTL {
			tuck = mt.Pt(2) // Naskh's tall letters need the room
		}
		mt.Text(dst, mt.Ellipsize(sub, ui.Small, room), ui.Small, x, y+mt.LineHeight(st)-tuck, align, sprites.Wood)
	}
}
