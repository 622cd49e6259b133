package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// DrawMark draws mark m centred on (cx, cy), fitting a circle of radius r.
func DrawMark(dst *ebiten.Image, m Mark, cx, cy, r float64, c color.Color) {
	w := math.Max(1.5, r*0.32)
	switch m {
	case MarkDot:
		Disc(dst, cx, cy, r*0.5, c)
	case MarkRing:
		Ring(dst, cx, cy, r*0.62, w, c)
	case MarkBar:
		Fill(dst, RoundRect(cx-r*0.8, cy-w*0.6, r*1.6, w*1.2, w*0.4), c)
	case MarkCross:
		d := r * 0.6
		Line(dst, Pt{cx - d, cy - d}, Pt{cx + d, cy + d}, w, c)
		Line(dst, Pt{cx - d, cy + d}, Pt{cx + d, cy - d}, w, c)
	case MarkTriangle:
		Fill(dst, Polygon(regular(cx, cy+r*0.12, r*0.85, 3, -math.Pi/2)), c)
	case MarkDiamond:
		Fill(dst, Polygon(regular(cx, cy, r*0.85, 4, -math.Pi/2)), c)
	case MarkSquare:
		d := r * 0.58
		Fill(dst, RoundRect(cx-d, cy-d, 2*d, 2*d, r*0.08), c)
	case MarkStar:
		Fill(dst, Polygon(star(cx, cy+r*0.05, r*0.9, r*0.4, 5)), c)
	}
}

func regular(cx, cy, r float64, n int, start float64) []Pt {
	pts := make([]Pt, n)
	for i := range pts {
		a := start + 2*math.Pi*float64(i)/float64(n)
		pts[i] = Pt{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return pts
}

func star(cx, cy, r1, r2 float64, n int) []Pt {
	pts := make([]Pt, 2*n)
	for i := range pts {
		r := r1
		if i%2 == 1 {
			r = r2
		}
		a := -math.Pi/2 + math.Pi*float64(i)/float64(n)
		pts[i] = Pt{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return pts
}

// DrawPiece draws a player's playing piece: a turned wooden counter in the player's colour with
// the player's mark on top, casting a small shadow. lift raises it (0 at rest, 1 picked up).
func DrawPiece(dst *ebiten.Image, pc PlayerColor, cx, cy, r, lift float64) {
	if r <= 0 {
		return
	}
	lq := int(math.Round(lift * 4))
	key := spriteKey{kind: kindPiece, a: int(colorKey(pc.Color)), b: int(pc.Mark), size: halfPx(r), extra: lq}
	span := r*2.8 + 4
	img := sprite(key, span, func(d *ebiten.Image, c float64) { paintPiece(d, pc, c, c, r, float64(lq)/4) })
	blit(dst, img, cx, cy, 0, 1, 1)
}

func paintPiece(dst *ebiten.Image, pc PlayerColor, cx, cy, r, lift float64) {
	sh := r * (0.12 + 0.25*lift)
	Disc(dst, cx+sh*0.4, cy+sh, r*(1+0.05*lift), color.RGBA{0, 0, 0, 60})
	cy -= r * 0.2 * lift
	body := pc.Color
	edge := Mix(body, Ink, 0.45)
	if pc.Color == (color.RGBA{0, 0, 0, 255}) {
		body = rgb(0x2E2A28)
		edge = rgb(0x111010)
	}
	Disc(dst, cx, cy+r*0.1, r, edge)
	Disc(dst, cx, cy, r*0.96, body)
	Ring(dst, cx, cy, r*0.78, math.Max(1, r*0.06), Mix(body, Ink, 0.2))
	Disc(dst, cx-r*0.3, cy-r*0.35, r*0.28, color.RGBA{50, 50, 50, 50}) // premultiplied: white at 20%
	DrawMark(dst, pc.Mark, cx, cy, r*0.5, OnColor(body))
}

// DrawRingPiece draws an Es-Sîg piece: a ring in the player's colour, the mark inside it.
func DrawRingPiece(dst *ebiten.Image, pc PlayerColor, cx, cy, r float64) {
	if r <= 0 {
		return
	}
	key := spriteKey{kind: kindRing, a: int(colorKey(pc.Color)), b: int(pc.Mark), size: halfPx(r)}
	img := sprite(key, r*2.8+4, func(d *ebiten.Image, c float64) { paintRingPiece(d, pc, c, c, r) })
	blit(dst, img, cx, cy, 0, 1, 1)
}

func paintRingPiece(dst *ebiten.Image, pc PlayerColor, cx, cy, r float64) {
	Ring(dst, cx+r*0.08, cy+r*0.14, r*0.8, r*0.38, color.RGBA{0, 0, 0, 60})
	edge := Mix(pc.Color, Ink, 0.4)
	Ring(dst, cx, cy, r*0.8, r*0.42, edge)
	Ring(dst, cx, cy-r*0.03, r*0.8, r*0.32, pc.Color)
	Ring(dst, cx-r*0.1, cy-r*0.12, r*0.78, r*0.07, color.RGBA{255, 255, 255, 70})
	DrawMark(dst, pc.Mark, cx, cy, r*0.38, Mix(pc.Color, Ink, 0.55))
}

// DrawSeed draws one Sadeqa seed (a small bean) at (cx, cy), length 2r, turned by angle; shade
// in [0, 1] darkens it (seeds are not all alike).
func DrawSeed(dst *ebiten.Image, cx, cy, r, angle float64, shade float64) {
	if r <= 0 {
		return
	}
	sq := int(math.Round(shade * 4))
	key := spriteKey{kind: kindSeed, a: sq, size: halfPx(r)}
	img := sprite(key, r*2.8+4, func(d *ebiten.Image, c float64) { paintSeed(d, c, c, r, 0, float64(sq)/4) })
	blit(dst, img, cx, cy, angle, 1, 1)
}

func paintSeed(dst *ebiten.Image, cx, cy, r, angle float64, shade float64) {
	c := Mix(Seed, DarkWood, shade)
	Fill(dst, Ellipse(cx+r*0.15, cy+r*0.25, r, r*0.68, angle), color.RGBA{0, 0, 0, 50})
	Fill(dst, Ellipse(cx, cy, r, r*0.68, angle), Mix(c, Ink, 0.3))
	Fill(dst, Ellipse(cx-r*0.05, cy-r*0.07, r*0.88, r*0.56, angle), c)
	s, co := math.Sincos(angle)
	Fill(dst, Ellipse(cx-r*0.3*co, cy-r*0.3*s-r*0.15, r*0.35, r*0.18, angle), color.RGBA{255, 240, 210, 90})
}

// DrawSeeds draws n seeds piled in a hole of radius r, in a sunflower spiral so any count looks
// natural and stays inside the hole.
func DrawSeeds(dst *ebiten.Image, cx, cy, r float64, n int) {
	if n <= 0 {
		return
	}
	shown := n
	if shown > 40 {
		shown = 40
	}
	sr := r * 0.2
	if shown > 12 {
		sr = r * 0.2 * math.Sqrt(12/float64(shown))
	}
	spread := (r - sr*1.2) / math.Sqrt(float64(shown))
	for i := shown - 1; i >= 0; i-- {
		a := float64(i) * 2.39996
		d := spread * math.Sqrt(float64(i)+0.4)
		if shown == 1 {
			d = 0
		}
		DrawSeed(dst, cx+d*math.Cos(a), cy+d*math.Sin(a), sr, a*1.7, hash2(i, n, 3)*0.5)
	}
}

// DrawGhoula draws the Ghoula: a lump of charcoal with ember eyes and a crooked grin, a little
// menacing and a little funny. glow in [0, 1] brightens the embers (when it moves).
func DrawGhoula(dst *ebiten.Image, cx, cy, r, glow float64) {
	if r <= 0 {
		return
	}
	gq := int(math.Round(math.Max(0, math.Min(1, glow)) * 4))
	key := spriteKey{kind: kindGhoula, a: gq, size: halfPx(r)}
	img := sprite(key, r*3+4, func(d *ebiten.Image, c float64) { paintGhoula(d, c, c, r, float64(gq)/4) })
	blit(dst, img, cx, cy, 0, 1, 1)
}

func paintGhoula(dst *ebiten.Image, cx, cy, r, glow float64) {
	Fill(dst, Ellipse(cx+r*0.1, cy+r*0.55, r*1.05, r*0.45, 0), color.RGBA{0, 0, 0, 70})
	// An irregular lump: a polygon whose radius wobbles.
	pts := make([]Pt, 11)
	for i := range pts {
		a := 2*math.Pi*float64(i)/float64(len(pts)) - math.Pi/2
		k := 0.82 + 0.22*hash2(i, 7, 1)
		pts[i] = Pt{cx + r*k*math.Cos(a)*1.05, cy + r*k*math.Sin(a)*0.95}
	}
	Fill(dst, Polygon(pts), Charcoal)
	// Facets catching the light.
	Fill(dst, Polygon([]Pt{pts[8], pts[9], pts[10], {cx - r*0.05, cy - r*0.3}}), rgb(0x4A4440))
	Fill(dst, Polygon([]Pt{pts[10], pts[0], pts[1], {cx + r*0.1, cy - r*0.35}}), rgb(0x3C3633))
	Stroke(dst, Polygon(pts), math.Max(1, r*0.06), rgb(0x171412))
	eye := Mix(Ember, Saffron, 0.3+0.5*glow)
	for _, dx := range []float64{-0.34, 0.3} {
		ex, ey := cx+r*dx, cy-r*0.08
		Disc(dst, ex, ey, r*0.2, color.RGBA{228, 87, 46, uint8(60 + 80*glow)})
		Fill(dst, Ellipse(ex, ey, r*0.13, r*0.09, dx*0.8), eye)
		Disc(dst, ex+r*0.03, ey, r*0.04, Charcoal)
	}
	// A crooked grin with one tooth.
	var m []Pt
	for i := 0; i <= 8; i++ {
		t := float64(i) / 8
		m = append(m, Pt{cx - r*0.38 + t*r*0.72, cy + r*0.3 + math.Sin(t*math.Pi)*r*0.14 - t*r*0.06})
	}
	Stroke(dst, Polylines(m), math.Max(1, r*0.07), eye)
	Fill(dst, Polygon([]Pt{{cx - r*0.05, cy + r*0.39}, {cx + r*0.07, cy + r*0.38}, {cx + r*0.01, cy + r*0.5}}), Bone)
}

// colorKey packs a colour for the sprite cache.
func colorKey(c color.RGBA) uint32 {
	return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A)
}
