package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/sprites"
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
	owner sprites.Owner
	key   pictureKey[K] // what is painted now (valid)
	valid bool
	op    ebiten.DrawImageOptions
}

// pictureKey names a Picture's image in the picture cache: its owner, what it shows, and
// where (the fraction of a pixel) at what size.
type pictureKey[K comparable] struct {
	owner  uint64
	key    K
	ox, oy float64
	w, h   int
}

// Draw draws the picture for key over r, calling paint to paint it first when the key or r
// changed since the last frame (or the cache let the picture go). paint draws into img as if
// it were the screen, with the rectangle at local (r as it lies in img).
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
	k := pictureKey[K]{owner: p.owner.ID(), key: key, ox: ox, oy: oy, w: w, h: h}
	paintLocal := func(img *ebiten.Image) {
		paint(img, Rect{X: r.X - ox, Y: r.Y - oy, W: r.W, H: r.H})
	}
	var img *ebiten.Image
	if p.valid && p.key != k {
		// The old picture will not be shown again: its image is painted over (the cache's
		// Repaint), or its room goes back to the cache now.
		img = Pictures.Repaint(p.key, k, w, h, paintLocal)
	} else {
		img = Pictures.Get(k, w, h, paintLocal)
	}
	p.key, p.valid = k, true
	p.op.GeoM.Reset()
	p.op.GeoM.Translate(ox, oy)
	p.op.ColorScale.Reset()
	p.op.ColorScale.ScaleAlpha(float32(alpha))
	dst.DrawImage(img, &p.op)
}

// Release frees the picture's image; the next Draw paints it again.
func (p *Picture[K]) Release() {
	if p.valid {
		Pictures.Forget(p.key)
	}
	p.valid = false
}
