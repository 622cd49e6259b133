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

// drawHeader draws the title of a header bar, and the line under it where it fits whole: it
// reports whether it drew that line (a scene whose line did not fit shows it in its body).
// Nothing is cut: a long title takes a smaller type, then the room after the back button,
// then two lines.
func (b *base) drawHeader(dst *ebiten.Image, bar ui.Rect, title, sub string) bool {
	mt := b.mt
	back := b.menu.Get("back")
	inset := 0.0 // the back button's side of the bar, taken
	if back != nil {
		inset = back.Rect.W + mt.Pt(12)
	}
	fits := func(st ui.Style, room float64, lines int) bool {
		h := float64(lines) * mt.LineHeight(st)
		if sub != "" {
			h += mt.LineHeight(ui.Small)
		}
		above, below := mt.LineMargins(st)
		return mt.Measure(st, title) <= room*float64(lines) && h+above+below <= bar.H+mt.Pt(12)
	}
	centred, after := bar.W-2*inset, bar.W-inset
	if !b.subFits(bar, sub) {
		sub = "" // told in the scene's body instead
	}
	if sub != "" && mt.Measure(ui.Small, sub) > centred {
		centred = -1 // the line under the title would reach the back button: both from after it
	}
	st, room, lines := ui.Title, centred, []string{title}
	pick := func() bool {
		for _, c := range []ui.Style{ui.Title, ui.Heading, ui.BodyBold} {
			for _, r := range []float64{centred, after} {
				if fits(c, r, 1) {
					st, room = c, r
					return true
				}
			}
		}
		return false
	}
	if !pick() {
		// Two lines of the body type, from after the back button.
		st, room = ui.BodyBold, after
		lines = mt.Wrap(title, st, room)
		if len(lines) > 2 || sub != "" && !fits(st, room, 2) {
			sub = ""
		}
		if len(lines) > 2 {
			lines = []string{mt.Ellipsize(title, st, room)}
		}
	}
	x, align := bar.CX(), ui.Center
	if room > centred || centred < 0 {
		// Too wide to centre: it starts after the back button and takes the rest.
		x, align = bar.X+inset, ui.Start
		if mt.RTL {
			x, align = bar.Right()-inset, ui.End
		}
	}
	h := float64(len(lines)) * mt.LineHeight(st)
	if sub != "" {
		h += mt.LineHeight(ui.Small) - mt.Pt(4)
	}
	y := bar.Y + bar.H/2 - h/2
	for _, l := range lines {
		mt.Text(dst, l, st, x, y, align, sprites.Ink)
		y += mt.LineHeight(st)
	}
	if sub != "" {
		tuck := mt.Pt(6) // the line under the title tucked up to it
		if mt.RTL {
			tuck = mt.Pt(2) // Naskh's tall letters need the room
		}
		mt.Text(dst, sub, ui.Small, x, y-tuck, align, sprites.Wood)
	}
	return sub != ""
}

// subFits reports whether the line under a header's title fits the bar whole (drawHeader
// leaves it out otherwise).
func (b *base) subFits(bar ui.Rect, sub string) bool {
	inset := 0.0
	if back := b.menu.Get("back"); back != nil {
		inset = back.Rect.W + b.mt.Pt(12)
	}
	return sub != "" && b.mt.Measure(ui.Small, sub) <= bar.W-inset
}
