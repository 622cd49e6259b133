package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/ui"
	"sig/sprites"
)

// A notice is a short message in a chalk card at the foot of a screen: a save set aside, a
// record exported or refused. It never blocks anything; the next action replaces it.

// noticeLines is how many lines of a notice are shown at most.
const noticeLines = 4

// noticeRect is where a notice of text sits at the foot of scr (the zero Rect for none).
func noticeRect(mt ui.Metrics, scr ui.Rect, text string) ui.Rect {
	if text == "" {
		return ui.Rect{}
	}
	w := math.Min(scr.W, mt.Pt(720))
	lines := min(noticeLines, len(mt.Wrap(text, ui.Small, w-mt.Pt(32))))
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
	if len(lines) > noticeLines {
		lines = lines[:noticeLines]
		lines[noticeLines-1] = mt.Ellipsize(lines[noticeLines-1]+"…", ui.Small, r.W-mt.Pt(32))
	}
	y := r.Y + mt.Pt(10)
	for _, l := range lines {
		mt.Text(dst, l, ui.Small, r.X+mt.Pt(16), y, ui.Start, sprites.Ink)
		y += mt.LineHeight(ui.Small)
	}
}
