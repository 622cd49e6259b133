package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// SadeqaTable is Sadeqa's board on its table: the carved 2×10 board (LayoutBoard's geometry and
// picture) and a carved dish for each player's captured seeds, North's above the board and
// South's below. The dishes are painted once with the board into a cached image.
type SadeqaTable struct {
	Board  *Board
	Stores [2]Rect // South's dish (below the board) and North's (above it)

	orig Pt
	pics Owner // names its empty picture in Pictures
}

// Draw copies the cached picture to dst, painting it first if needed.
func (t *SadeqaTable) Draw(dst *ebiten.Image) {
	if t.Board == nil {
		return
	}
	const m = 8
	x0, y0 := t.Board.Rect.X, t.Board.Rect.Y
	x1, y1 := x0+t.Board.Rect.W, y0+t.Board.Rect.H
	for _, s := range t.Stores {
		x0, y0 = math.Min(x0, s.X), math.Min(y0, s.Y)
		x1, y1 = math.Max(x1, s.X+s.W), math.Max(y1, s.Y+s.H)
	}
	t.orig = Pt{math.Floor(x0) - m, math.Floor(y0) - m}
	w, h := int(math.Ceil(x1-t.orig.X))+m, int(math.Ceil(y1-t.orig.Y))+m
	if w <= 2*m || h <= 2*m {
		return
	}
	bg := Pictures.Get(emptyBoard{t.pics.ID()}, w, h, func(img *ebiten.Image) {
		paintBoard(img, func(img *ebiten.Image) {
			for _, s := range t.Stores {
				dish(img, Rect{s.X - t.orig.X, s.Y - t.orig.Y, s.W, s.H})
			}
			shifted := *t.Board
			dx, dy := -t.orig.X, -t.orig.Y
			shifted.Rect.X += dx
			shifted.Rect.Y += dy
			shifted.Cells = make([]Cell, len(t.Board.Cells))
			for i, c := range t.Board.Cells {
				shifted.Cells[i] = c.moved(dx, dy)
			}
			shifted.paint(img)
		})
	})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(t.orig.X, t.orig.Y)
	dst.DrawImage(bg, op)
}

// Dispose frees the cached picture (after a relayout).
func (t *SadeqaTable) Dispose() {
	Pictures.Forget(emptyBoard{t.pics.ID()})
}

// dish draws a long carved wooden dish: a rounded rim of dark wood and a hollow floor, lit
// along its lower inner edge.
func dish(dst *ebiten.Image, r Rect) {
	rad := r.H * 0.45
	Shadow(dst, r.X, r.Y, r.W, r.H, rad, r.H*0.08)
	FillTextured(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), DarkWoodTexture(), 1, color.White)
	Stroke(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), 1.2, DarkWood)
	in := r.Inset(r.H * 0.1)
	FillTextured(dst, RoundRect(in.X, in.Y, in.W, in.H, rad*0.8), WoodTexture(), 1, color.RGBA{150, 132, 118, 255})
	Fill(dst, RoundRect(in.X, in.Y, in.W, in.H*0.35, rad*0.8), Fade(Ink, 0.22))
	Stroke(dst, RoundRect(in.X, in.Y, in.W, in.H, rad*0.8), math.Max(1, r.H*0.02), Fade(Chalk, 0.18))
}

// DrawSpear draws the mark of a warana ("speared"): a spear laid across the hole at (cx, cy) of
// radius r, its leaf-shaped blade in the owner's colour past the upper right of the rim, and the
// owner's mark on the butt so it does not rest on colour alone.
func DrawSpear(dst *ebiten.Image, pc PlayerColor, cx, cy, r, grow float64) {
	if grow <= 0 {
		return
	}
	a := -math.Pi / 5 // up to the right
	s, c := math.Sincos(a)
	along := func(d, across float64) Pt {
		return Pt{cx + (d*c-across*s)*grow, cy + (d*s+across*c)*grow}
	}
	edge := Mix(pc.Color, Ink, 0.55)
	w := math.Max(1.5, r*0.09)
	butt, neck := along(-r*1.0, 0), along(r*0.72, 0)
	Line(dst, Pt{butt.X + w*0.5, butt.Y + w*0.8}, Pt{neck.X + w*0.5, neck.Y + w*0.8}, w*1.2, Fade(Ink, 0.3))
	Line(dst, butt, neck, w*1.5, edge)
	Line(dst, butt, neck, w*0.8, Mix(Honey, Wood, 0.3))
	// The blade: a leaf from the neck to the point.
	var leaf []Pt
	const n = 10
	for i := 0; i <= n; i++ {
		t := float64(i) / n
		leaf = append(leaf, along(r*0.72+t*r*0.62, math.Sin(t*math.Pi)*r*0.17*(1-0.35*t)))
	}
	for i := n; i >= 0; i-- {
		t := float64(i) / n
		leaf = append(leaf, along(r*0.72+t*r*0.62, -math.Sin(t*math.Pi)*r*0.17*(1-0.35*t)))
	}
	Fill(dst, Polygon(leaf), pc.Color)
	Stroke(dst, Polygon(leaf), math.Max(1, r*0.04), edge)
	Line(dst, along(r*0.75, 0), along(r*1.3, 0), math.Max(1, r*0.03), Fade(Chalk, 0.5))
	// The butt: a small disc with the owner's mark.
	Disc(dst, butt.X, butt.Y, r*0.24*grow, edge)
	Disc(dst, butt.X, butt.Y, r*0.2*grow, pc.Color)
	DrawMark(dst, pc.Mark, butt.X, butt.Y, r*0.14*grow, OnColor(pc.Color))
}

// SeedSprite is a picture of one seed, drawn once at radius r (its half length) and then copied
// (turned, scaled, tinted) for every seed on the board: a board of 80 seeds costs 80 image
// copies, batched, instead of hundreds of vector fills. The picture lives in Pictures, like
// every other: a board left behind without Dispose keeps no image of its own alive.
type SeedSprite struct {
	R float64 // the half length the picture is drawn at
}

type seedSpriteKey struct{ halfR int }

// NewSeedSprite is the seed picture for seeds of half length r.
func NewSeedSprite(r float64) *SeedSprite {
	return &SeedSprite{R: math.Max(2, r)}
}

// Dispose lets the picture go.
func (s *SeedSprite) Dispose() {
	if s != nil {
		Pictures.Forget(seedSpriteKey{halfPx(s.R)})
	}
}

// img is the seed's picture, painted the first time it is asked for.
func (s *SeedSprite) img() *ebiten.Image {
	n := int(math.Ceil(s.R*2.8)) + 4
	return Pictures.Get(seedSpriteKey{halfPx(s.R)}, n, n, func(img *ebiten.Image) {
		DrawSeed(img, float64(n)/2, float64(n)/2, s.R, 0, 0)
	})
}

// Draw copies a seed of half length r to (cx, cy), turned by angle and darkened by shade
// (0 none, 1 dark), with opacity alpha. op is reused by the caller so that nothing is allocated.
func (s *SeedSprite) Draw(dst *ebiten.Image, op *ebiten.DrawImageOptions, cx, cy, r, angle, shade, alpha float64) {
	if s == nil || r <= 0 || alpha <= 0 {
		return
	}
	img := s.img()
	n := float64(img.Bounds().Dx())
	k := r / s.R
	op.GeoM.Reset()
	op.GeoM.Translate(-n/2, -n/2)
	op.GeoM.Scale(k, k)
	op.GeoM.Rotate(angle)
	op.GeoM.Translate(cx, cy)
	op.ColorScale.Reset()
	v := float32(1 - 0.35*shade)
	op.ColorScale.Scale(v, v*0.97, v*0.94, 1)
	op.ColorScale.ScaleAlpha(float32(alpha))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, op)
}
