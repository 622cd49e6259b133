package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/sprites"
)

// FillRound fills r with corners of radius rad in c, from a picture of Pictures painted once
// and copied at whole pixels: the menus' shapes (a card, a scroll bar, a highlighted row, the
// replay's scrubber) filled onto the screen every frame cost each frame their stencil passes,
// and Ebitengine keeps the vertices of the busiest frame's paths queued for as long as the app
// runs (sprites/paths.go; BENCHMARKS.md, "Memory over a long session").
func FillRound(dst *ebiten.Image, r Rect, rad float64, c color.RGBA) { fill(dst, r, rad, 0, c) }

// FillArrow fills the triangle of r whose point is the middle of r's right side (dir 1) or
// left side (dir -1) in c, from a picture as FillRound.
func FillArrow(dst *ebiten.Image, r Rect, dir float64, c color.RGBA) { fill(dst, r, 0, dir, c) }

// fill is FillRound, or FillArrow when dir is not 0. The picture keeps r's place within a
// pixel to a quarter pixel: a shape that moves smoothly (a scroll bar's thumb) comes back to a
// few pictures rather than one a frame, drawn at most an eighth of a pixel off.
func fill(dst *ebiten.Image, r Rect, rad, dir float64, c color.RGBA) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	// A pixel of room around r for the antialiased edge.
	ox, oy := math.Floor(r.X)-1, math.Floor(r.Y)-1
	k := fillKey{rad, dir, c, Rect{math.Round((r.X-ox)*4) / 4, math.Round((r.Y-oy)*4) / 4, r.W, r.H}}
	img := Pictures.Get(k, int(math.Ceil(k.r.X+r.W))+1, int(math.Ceil(k.r.Y+r.H))+1, func(img *ebiten.Image) {
		l := k.r
		if dir == 0 {
			sprites.Fill(img, sprites.RoundRect(l.X, l.Y, l.W, l.H, rad), c)
			return
		}
		x0, x1 := l.X, l.Right()
		if dir < 0 {
			x0, x1 = x1, x0
		}
		sprites.Fill(img, sprites.Polygon([]sprites.Pt{{X: x0, Y: l.Y}, {X: x1, Y: l.CY()}, {X: x0, Y: l.Bottom()}}), c)
	})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(ox, oy)
	dst.DrawImage(img, op)
}

// fillKey names a shape's picture (fill): its corners' radius or its point's side, its colour,
// and its place within a pixel and size.
type fillKey struct {
	rad, dir float64
	c        color.RGBA
	r        Rect
}
