package sprites

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Vector drawing is costly per path (every antialiased path is rendered several times into a
// stencil), so the things drawn over and over (pieces, seeds, the Ghoula, sticks) are painted
// once per size into a small image and then copied. The cache is dropped whole when it grows
// past a bound (after many window resizes).

type spriteKey struct {
	kind  uint8
	a, b  int // kind-specific: colour, mark, face…
	size  int // in half pixels
	extra int
}

const (
	kindPiece uint8 = iota
	kindRing
	kindSeed
	kindGhoula
	kindStick
)

const maxSprites = 600

var spriteCache = map[spriteKey]*ebiten.Image{}

// sprite returns the cached image for key, painting it with paint (centred in a square of
// side span pixels) the first time.
func sprite(key spriteKey, span float64, paint func(dst *ebiten.Image, c float64)) *ebiten.Image {
	if img, ok := spriteCache[key]; ok {
		return img
	}
	if len(spriteCache) >= maxSprites {
		for k, img := range spriteCache {
			img.Deallocate()
			delete(spriteCache, k)
		}
	}
	n := int(math.Ceil(span))
	if n < 2 {
		n = 2
	}
	img := ebiten.NewImage(n, n)
	paint(img, float64(n)/2)
	spriteCache[key] = img
	return img
}

// blit draws img centred on (cx, cy), turned by angle and scaled by sx, sy.
func blit(dst, img *ebiten.Image, cx, cy, angle, sx, sy float64) {
	w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-w/2, -h/2)
	op.GeoM.Scale(sx, sy)
	op.GeoM.Rotate(angle)
	op.GeoM.Translate(cx, cy)
	dst.DrawImage(img, op)
}

// halfPx quantises a size to half pixels, the cache's key.
func halfPx(v float64) int { return int(math.Round(v * 2)) }
