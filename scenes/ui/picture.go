package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Picture is a part of a screen that changes far less often than it is drawn (the play
// scene's log, whose turn it is): it is painted once into an image of its own and copied
// every frame until its key (what it shows, and where) changes. Painting it afresh meant a
// few antialiased paths and lines of text per frame, and each text drawn between two paths
// makes Ebitengine's vector package flush its batch: on a software renderer (a browser
// without a GPU) those flushes are most of a frame.
//
// The picture keeps the fraction of a pixel of its rectangle, so what is painted into it has
// the antialiasing it would have on the screen, and is copied at whole pixels.
type Picture[K comparable] struct {
	img    *ebiten.Image
	key    K
	ox, oy float64 // where the image's (0, 0) lies on the screen
	valid  bool
	op     ebiten.DrawImageOptions
}

// Draw draws the picture for key over r, calling paint to paint it first when the key or r
// changed since the last frame. paint draws into img as if it were the screen, with the
// rectangle at local (r as it lies in img).
func (p *Picture[K]) Draw(dst *ebiten.Image, r Rect, key K, paint func(img *ebiten.Image, local Rect)) {
	p.DrawFaded(dst, r, key, 1, paint)
}

// DrawFaded is Draw at opacity alpha.
func (p *Picture[K]) DrawFaded(dst *ebiten.Image, r Rect, key K, alpha float64, paint func(img *ebiten.Image, local Rect)) {
	if r.W <= 0 || r.H <= 0 || alpha <= 0 {
		return
	}
	ox, oy := math.Floor(r.X), math.Floor(r.Y)
	w, h := int(math.Ceil(r.X+r.W-ox)), int(math.Ceil(r.Y+r.H-oy))
	if !p.valid || p.key != key || p.ox != ox || p.oy != oy || p.img.Bounds().Dx() != w || p.img.Bounds().Dy() != h {
		if p.img == nil || p.img.Bounds().Dx() != w || p.img.Bounds().Dy() != h {
			p.Release()
			p.img = ebiten.NewImage(w, h)
		} else {
			p.img.Clear()
		}
		paint(p.img, Rect{X: r.X - ox, Y: r.Y - oy, W: r.W, H: r.H})
		p.key, p.ox, p.oy, p.valid = key, ox, oy, true
	}
	p.op.GeoM.Reset()
	p.op.GeoM.Translate(ox, oy)
	p.op.ColorScale.Reset()
	p.op.ColorScale.ScaleAlpha(float32(alpha))
	dst.DrawImage(p.img, &p.op)
}

// Release frees the picture's image; the next Draw paints it again.
func (p *Picture[K]) Release() {
	if p.img != nil {
		p.img.Deallocate()
		p.img = nil
	}
	p.valid = false
}
