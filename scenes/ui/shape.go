package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/sprites"
)

// Shape draws what paint draws inside r (its antialiased edges included) from a picture of
// Pictures painted once, copied at whole pixels: the menus' shapes (a card, a scroll bar, a
// highlighted row, the replay's scrubber) filled onto the screen every frame cost each frame
// their stencil passes, and Ebitengine keeps the vertices of the busiest frame's paths queued
// for as long as the app runs (sprites/paths.go; BENCHMARKS.md, "Memory over a long session").
//
// key says everything paint depends on but r's size and its place within a pixel, which is
// kept to a quarter pixel: a shape that moves smoothly (a scroll bar's thumb) comes back to a
// few pictures rather than one a frame, drawn at most an eighth of a pixel off. paint draws
// into img with r where it lies in img.
func Shape(dst *ebiten.Image, key any, r Rect, paint func(img *ebiten.Image, r Rect)) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	ox, oy := math.Floor(r.X), math.Floor(r.Y)
	l := Rect{math.Round((r.X-ox)*4) / 4, math.Round((r.Y-oy)*4) / 4, r.W, r.H}
	img := Pictures.Get(shapeKey{key, l}, int(math.Ceil(l.X+l.W)), int(math.Ceil(l.Y+l.H)), func(img *ebiten.Image) { paint(img, l) })
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(ox, oy)
	dst.DrawImage(img, op)
}

type shapeKey struct {
	key any
	r   Rect // in the picture: the shape's place within a pixel, and its size
}

// FillRound fills r with corners of radius rad in c, from a picture (Shape).
func FillRound(dst *ebiten.Image, r Rect, rad float64, c color.RGBA) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	// A pixel of room around r for the antialiased edge.
	Shape(dst, roundKey{rad, c}, r.Inset(-1), func(img *ebiten.Image, l Rect) {
		sprites.Fill(img, sprites.RoundRect(l.X+1, l.Y+1, l.W-2, l.H-2, rad), c)
	})
}

type roundKey struct {
	rad float64
	c   color.RGBA
}
