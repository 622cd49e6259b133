package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/ui"
	"sig/sprites"
)

// A notice is a short message in a chalk card at the foot of a screen: a save set aside, a
// record exported or refused. It never blocks anything; the next action replaces it.

// noticeRect is where a notice of text sits at the foot of scr (the zero Rect for none).
func noticeRect(mt ui.Metrics, scr ui.Rect, text string) ui.Rect {
	if text == "" {
		return ui.Rect{}
	}
	w := math.Min(scr.W, mt.Pt(720))
	lines := len(mt.Wrap(text, ui.Small, w-mt.Pt(32))) // all of it: a notice is never cut
	h := float64(lines)*mt.LineHeight(ui.Small) + mt.Pt(20)
	return ui.Rect{X: scr.CX() - w/2, Y: scr.Bottom() - h, W: w, H: h}
}

// drawNotice draws text in the card r.
func drawNotice(dst *ebiten.Image, mt ui.Metrics, r ui.Rect, text string) {
	if text == "" || r.W <= 0 {
		return
	}
	sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, mt.Pt(12)), sprites.Fade(sprites.Chalk, 0.95))
	sprites.FrameRoundRect(dst, r.X, r.Y, r.W, r.H, mt.Pt(12), mt.Pt(1.5), sprites.Terracotta)
	lines := mt.Wrap(text, ui.Small, r.W-mt.Pt(32))
	y := r.Y + mt.Pt(10)
	for _, l := range lines {
		mt.Text(dst, l, ui.Small, r.X+mt.Pt(16), y, ui.Start, sprites.Ink)
		y += mt.LineHeight(ui.Small)
	}
}

// twoLineFace draws a button whose second line (Sub) may be wider than its label, as
// Continue's "Sig wa Duqqan · 12 moves played": the icon and the two lines are centred as one
// block as wide as the wider line, so the second line stays inside the button.
func twoLineFace(dst *ebiten.Image, mt ui.Metrics, b *ui.Button, hot bool) {
	face := *b
	face.Label, face.Sub, face.Icon, face.Draw = "", "", ui.NoIcon, nil
	ui.DrawButton(dst, mt, &face, hot, false)
	ink, soft := sprites.Ink, sprites.Wood
	if b.Look == ui.Primary || b.Look == ui.Dark || b.Selected {
		ink, soft = sprites.Chalk, sprites.Fade(sprites.Chalk, 0.8)
	}
	iconW := 0.0
	if b.Icon != ui.NoIcon {
		iconW = mt.Pt(30)
	}
	maxW := twoLineRoom(mt, b)
	label := mt.Ellipsize(b.Label, ui.BodyBold, maxW)
	subs := mt.Wrap(b.Sub, ui.Small, maxW) // the second line wraps: the button is made as tall (twoLineH)
	if len(subs) > 1 && mt.LineHeight(ui.BodyBold)+float64(len(subs))*mt.LineHeight(ui.Small) > b.Rect.H {
		subs = []string{mt.Ellipsize(b.Sub, ui.Small, maxW)} // a button not made as tall
	}
	w := mt.Measure(ui.BodyBold, label)
	for _, l := range subs {
		w = math.Max(w, mt.Measure(ui.Small, l))
	}
	w = math.Min(maxW, w)
	x := b.Rect.CX() - (w+iconW)/2
	ix, tx := x+mt.Pt(11), x+iconW
	if mt.RTL {
		ix, tx = x+w+iconW-mt.Pt(11), x
	}
	if b.Icon != ui.NoIcon {
		ui.DrawIcon(dst, b.Icon, ix, b.Rect.CY(), mt.Pt(10), ink)
	}
	top := b.Rect.CY() - (mt.LineHeight(ui.BodyBold)+float64(len(subs))*mt.LineHeight(ui.Small))/2
	mt.Text(dst, label, ui.BodyBold, tx+w/2, top, ui.Center, ink)
	for i, l := range subs {
		mt.Text(dst, l, ui.Small, tx+w/2, top+mt.LineHeight(ui.BodyBold)+float64(i)*mt.LineHeight(ui.Small), ui.Center, soft)
	}
}

// twoLineRoom is the width twoLineFace gives b's words.
func twoLineRoom(mt ui.Metrics, b *ui.Button) float64 {
	iconW := 0.0
	if b.Icon != ui.NoIcon {
		iconW = mt.Pt(30)
	}
	return b.Rect.W - mt.Pt(24) - iconW
}

// twoLineH is the height a twoLineFace button b of width w needs at least: its label and its
// second line, wrapped, with a margin.
func twoLineH(mt ui.Metrics, b *ui.Button, w float64) float64 {
	r := *b
	r.Rect.W = w
	subs := len(mt.Wrap(b.Sub, ui.Small, twoLineRoom(mt, &r)))
	_, below := mt.LineMargins(ui.Small)
	return mt.LineHeight(ui.BodyBold) + float64(subs)*mt.LineHeight(ui.Small) + below + mt.Pt(8)
}
