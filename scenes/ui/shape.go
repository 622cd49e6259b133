package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/sprites"
)

// Fill fills r, from a picture of Pictures painted once and copied at whole pixels: with
// corners of radius rad, or when point is 1 or -1 the triangle of r whose point is the middle
// of its right or left side, in c. The menus' shapes (a card, a scroll bar, a highlighted row,
// the replay's scrubber and glyphs) filled onto the screen every frame cost each frame their
// stencil passes, and Ebitengine keeps the vertices of the busiest frame's paths queued for as
// long as the app runs (sprites/paths.go; BENCHMARKS.md, "Memory over a long session").
//
// The picture keeps r's place within a pixel to a quarter pixel: a shape that moves smoothly
// (a scroll bar's thumb) comes back to a few pictures rather than one a frame, drawn at most
// an eighth of a pixel off. One function, one key type: the browser's download pays for each.
func Fill(dst *ebiten.Image, r Rect, rad, point float64, c color.RGBA) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	// A pixel of room around r for the antialiased edge.
	ox, oy := math.Floor(r.X)-1, math.Floor(r.Y)-1
	k := fillKey{rad, point, c, Rect{math.Round((r.X-ox)*4) / 4, math.Round((r.Y-oy)*4) / 4, r.W, r.H}}
	img := Pictures.Get(k, int(math.Ceil(k.r.X+r.W))+1, int(math.Ceil(k.r.Y+r.H))+1, func(img *ebiten.Image) {
		l := k.r
		if point == 0 {
			sprites.Fill(img, sprites.RoundRect(l.X, l.Y, l.W, l.H, rad), c)
			return
		}
		x0, x1 := l.X, l.Right()
		if point < 0 {
			x0, x1 = x1, x0
		}
		sprites.Fill(img, sprites.Polygon([]sprites.Pt{{X: x0, Y: l.Y}, {X: x1, Y: l.CY()}, {X: x0, Y: l.Bottom()}}), c)
	})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(ox, oy)
	dst.DrawImage(img, op)
}

// fillKey names a shape's picture (Fill): its corners' radius or its point's side, its colour,
// and its place within a pixel and size.
type fillKey struct {
	rad, point float64
	c          color.RGBA
	r          Rect
}
