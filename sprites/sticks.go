package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// StickKind is the kind of throwing stick.
type StickKind uint8

const (
	// GreenWhite sticks (Sig wa Duqqan, Es-Sîg): green on one side, bone white on the other.
	GreenWhite StickKind = iota
	// PolishedRough sticks (Sig El Oued): glossy honey wood on one side, matt grey-brown on the other.
	PolishedRough
)

// DrawStick draws one stick centred on (cx, cy), length l, turned by angle; marked is true when
// the counted face (white, or polished) is up. tilt in [-1, 1] shows it rolling (0 lies flat).
func DrawStick(dst *ebiten.Image, kind StickKind, cx, cy, l, angle float64, marked bool, tilt float64) {
	DrawStickLifted(dst, kind, cx, cy, l, angle, marked, tilt, 0)
}

// DrawStickLifted draws a stick as DrawStick does, lift pixels above the point (cx, cy) of the
// floor: it is drawn higher and a little larger, and its shadow stays on the floor, paler the
// higher it flies.
func DrawStickLifted(dst *ebiten.Image, kind StickKind, cx, cy, l, angle float64, marked bool, tilt, lift float64) {
	lift = math.Max(0, lift)
	dx, dy, alpha := StickShadow(l, tilt, lift)
	DrawStickCapsule(dst, cx+dx, cy+dy, l, StickWidth(l, tilt), angle, color.RGBA{0, 0, 0, alpha})
	DrawStickBody(dst, kind, cx, cy-lift, l*StickGrow(l, lift), angle, marked, tilt)
}

// StickWidth is how wide a stick of length l looks rolled by tilt (see DrawStick).
func StickWidth(l, tilt float64) float64 { return l * 0.13 * (1 - 0.35*math.Abs(tilt)) }

// StickGrow is how much larger a stick of length l looks lift pixels up (nearer the eye).
func StickGrow(l, lift float64) float64 { return 1 + 0.5*math.Max(0, lift)/math.Max(1, l) }

// StickShadow is where the shadow of a stick lift pixels up lies from the point under it (it
// falls away from the light, top left) and its opacity, paler the higher the stick.
func StickShadow(l, tilt, lift float64) (dx, dy float64, alpha uint8) {
	lift = math.Max(0, lift)
	w := StickWidth(l, tilt)
	return w*0.25 + lift*0.25, w*0.45 + lift*0.35, uint8(60 / (1 + lift/math.Max(1, l)*3))
}

// DrawStickCapsule fills a stick's outline (length l, width w, turned by angle) in c: its
// shadow.
func DrawStickCapsule(dst *ebiten.Image, cx, cy, l, w, angle float64, c color.RGBA) {
	s, co := math.Sincos(angle)
	hw, hh := l/2, w/2
	var sh []Pt
	for i := 0; i <= 16; i++ {
		a := -math.Pi/2 + math.Pi*float64(i%9)/8
		u := hw - hh + hh*math.Cos(a)
		if i > 8 {
			a = math.Pi/2 + math.Pi*float64(i-9)/8
			u = -hw + hh + hh*math.Cos(a)
		}
		v := hh * math.Sin(a)
		sh = append(sh, Pt{cx + u*co - v*s, cy + u*s + v*co})
	}
	Fill(dst, Polygon(sh), c)
}

// DrawStickBody draws a stick without its shadow, as it looks from above: centred on (cx, cy),
// length l, turned by angle, rolled by tilt.
func DrawStickBody(dst *ebiten.Image, kind StickKind, cx, cy, l, angle float64, marked bool, tilt float64) {
	w := StickWidth(l, tilt)
	s, c := math.Sincos(angle)
	corner := func(u, v float64) Pt { return Pt{cx + u*c - v*s, cy + u*s + v*c} }
	outline := func(hw, hh float64) []Pt {
		var pts []Pt
		// A long body with rounded ends: a capsule built from two half circles.
		for i := 0; i <= 8; i++ {
			a := -math.Pi/2 + math.Pi*float64(i)/8
			pts = append(pts, corner(hw-hh+hh*math.Cos(a), hh*math.Sin(a)))
		}
		for i := 0; i <= 8; i++ {
			a := math.Pi/2 + math.Pi*float64(i)/8
			pts = append(pts, corner(-hw+hh+hh*math.Cos(a), hh*math.Sin(a)))
		}
		return pts
	}
	hw, hh := l/2, w/2
	var face, edge color.RGBA
	switch {
	case kind == GreenWhite && marked:
		face, edge = Bone, Mix(Bone, Ink, 0.35)
	case kind == GreenWhite:
		face, edge = StickGreen, Mix(StickGreen, Ink, 0.45)
	case marked:
		face, edge = Honey, Mix(Honey, Ink, 0.45)
	default:
		face, edge = Rough, Mix(Rough, Ink, 0.4)
	}
	Fill(dst, Polygon(outline(hw, hh)), edge)
	Fill(dst, Polygon(outline(hw-w*0.08, hh*0.8)), face)
	switch {
	case kind == GreenWhite && marked:
		// Carved chevrons on the white face.
		for _, u := range []float64{-0.28, 0, 0.28} {
			Line(dst, corner(u*l-w*0.2, -hh*0.5), corner(u*l, 0), math.Max(1, w*0.09), Mix(Bone, Wood, 0.5))
			Line(dst, corner(u*l, 0), corner(u*l-w*0.2, hh*0.5), math.Max(1, w*0.09), Mix(Bone, Wood, 0.5))
		}
	case kind == GreenWhite:
		Line(dst, corner(-hw*0.8, -hh*0.3), corner(hw*0.8, -hh*0.3), math.Max(1, w*0.12), Mix(StickGreen, Chalk, 0.25))
	case marked:
		// Polished: grain and a long gloss highlight.
		for _, v := range []float64{-0.35, 0.1, 0.45} {
			Line(dst, corner(-hw*0.85, v*hh), corner(hw*0.85, v*hh*0.7), math.Max(0.8, w*0.05), Mix(Honey, Wood, 0.55))
		}
		Line(dst, corner(-hw*0.7, -hh*0.45), corner(hw*0.7, -hh*0.45), math.Max(1, w*0.16), color.RGBA{255, 250, 230, 120})
	default:
		// Rough: open, broken grain on a speckled, matt surface.
		for k, v := range []float64{-0.45, -0.1, 0.25, 0.55} {
			a0 := -0.85 + 0.25*hash2(k, 4, 9)
			a1 := a0 + 0.6 + 0.5*hash2(k, 5, 9)
			Line(dst, corner(a0*hw, v*hh), corner(math.Min(0.85, a1)*hw, v*hh*0.8), math.Max(0.8, w*0.06), Mix(Rough, Ink, 0.35))
			b0 := math.Min(0.85, a1) + 0.12
			if b0 < 0.7 {
				Line(dst, corner(b0*hw, v*hh*0.8), corner(0.85*hw, v*hh*0.7), math.Max(0.8, w*0.06), Mix(Rough, Ink, 0.3))
			}
		}
		for i := 0; i < 14; i++ {
			u := (hash2(i, 1, 9)*2 - 1) * hw * 0.85
			v := (hash2(i, 2, 9)*2 - 1) * hh * 0.6
			p := corner(u, v)
			Disc(dst, p.X, p.Y, math.Max(0.6, w*0.07), Mix(Rough, Ink, 0.4*hash2(i, 3, 9)+0.1))
		}
	}
}
