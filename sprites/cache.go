package sprites

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Vector drawing is costly per path (every antialiased path is rendered several times into a
// stencil), so the things drawn over and over (pieces, seeds, the Ghoula, sticks) are painted
// once per size into a small image of the picture cache (Pictures) and then copied.

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
	kindWedding // Es-Sîg's wedding ring
)

// sprite returns the cached image for key, painting it with paint (centred in a square of
// side span pixels) the first time.
func sprite(key spriteKey, span float64, paint func(dst *ebiten.Image, c float64)) *ebiten.Image {
	n := max(2, int(math.Ceil(span)))
	return Pictures.Get(key, n, n, func(img *ebiten.Image) { paint(img, float64(n)/2) })
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
