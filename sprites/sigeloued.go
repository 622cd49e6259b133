package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// DrawOuedPiece draws a Sig El Oued piece on (cx, cy), radius r. freed in [0, 1] is how far it
// has been freed: a piece that has never moved (0) lies flat and dull with a small lock on its
// rim; a freed one (1) stands up bright, a turned counter with the player's mark. lift raises
// it (a hop, a capture's flight), alpha fades it (reduced motion). It is the shadow
// (OuedPieceShadow) under the piece itself (DrawOuedPieceBody) raised by OuedPieceRise.
func DrawOuedPiece(dst *ebiten.Image, pc PlayerColor, cx, cy, r, freed, lift, alpha float64) {
	if alpha <= 0 || r <= 0 {
		return
	}
	dx, dy, sr, a := OuedPieceShadow(r, freed, lift)
	Disc(dst, cx+dx, cy+dy, sr, Fade(color.RGBA{0, 0, 0, a}, alpha))
	DrawOuedPieceBody(dst, pc, cx, cy-OuedPieceRise(r, lift), r, freed, alpha)
}

// OuedPieceShadow is where the shadow of a piece of radius r on (0, 0) lies, its radius and its
// opacity (black, premultiplied): further away and larger the higher the piece is lifted.
func OuedPieceShadow(r, freed, lift float64) (dx, dy, radius float64, alpha uint8) {
	freed = math.Max(0, math.Min(1, freed))
	thick := r * (0.08 + 0.2*freed)
	sh := r * (0.1 + 0.12*freed + 0.3*lift)
	return sh * 0.45, sh + thick*0.5, r * (1 + 0.05*lift), uint8(50 + 20*freed)
}

// OuedPieceRise is how far a piece of radius r lifted by lift is drawn above its place.
func OuedPieceRise(r, lift float64) float64 { return r * 0.35 * lift }

// DrawOuedPieceBody draws a piece as DrawOuedPiece does, without its shadow and unlifted: what
// a picture of the piece holds, copied as it hops.
func DrawOuedPieceBody(dst *ebiten.Image, pc PlayerColor, cx, cy, r, freed, alpha float64) {
	if alpha <= 0 || r <= 0 {
		return
	}
	freed = math.Max(0, math.Min(1, freed))
	fade := func(c color.RGBA) color.RGBA { return Fade(c, alpha) }
	body := pc.Color
	if pc.Color == (color.RGBA{0, 0, 0, 255}) {
		body = rgb(0x2E2A28)
	}
	dull := Mix(Mix(body, DeepSand, 0.45), Wood, 0.12)
	face := Mix(dull, body, freed)
	edge := Mix(face, Ink, 0.45)
	// A standing piece is a thick counter: its side shows below its top.
	thick := r * (0.08 + 0.2*freed)
	cy -= thick * 0.5
	Disc(dst, cx, cy+thick, r, fade(edge))
	Fill(dst, RoundRect(cx-r, cy, 2*r, thick, 0), fade(edge))
	Disc(dst, cx, cy, r*0.97, fade(face))
	Ring(dst, cx, cy, r*0.78, math.Max(1, r*0.05), fade(Mix(face, Ink, 0.2+0.1*freed)))
	if freed > 0 {
		Disc(dst, cx-r*0.3, cy-r*0.35, r*0.28, Fade(color.RGBA{255, 255, 255, 60}, freed*alpha))
	}
	DrawMark(dst, pc.Mark, cx, cy, r*0.5, fade(Mix(Mix(OnColor(body), face, 0.35), OnColor(body), freed)))
	if freed < 1 {
		// The lock: a small padlock sitting on the rim, lower right.
		a := alpha * (1 - freed)
		lx, ly, s := cx+r*0.62, cy+r*0.55, r*0.38
		Fill(dst, RoundRect(lx-s*0.62, ly-s*0.62, s*1.24, s*1.24, s*0.3), Fade(Mix(Chalk, Sand, 0.3), a))
		Ring(dst, lx, ly-s*0.18, s*0.26, math.Max(1, s*0.13), Fade(Ink, a))
		Fill(dst, RoundRect(lx-s*0.38, ly-s*0.12, s*0.76, s*0.5, s*0.1), Fade(Ink, a))
	}
}

// CircuitArrow is a faint chevron on the way from a to b (its tip at b), for a stroke w wide:
// lines to stroke with the rest of a circuit at once (Polylines).
func CircuitArrow(a, b Pt, w float64) [][]Pt {
	dx, dy := b.X-a.X, b.Y-a.Y
	d := math.Hypot(dx, dy)
	if d == 0 {
		return nil
	}
	ux, uy := dx/d, dy/d
	s := w * 2.6
	back := Pt{b.X - ux*s, b.Y - uy*s}
	return [][]Pt{{{back.X - uy*s*0.8, back.Y + ux*s*0.8}, b, {back.X + uy*s*0.8, back.Y - ux*s*0.8}}}
}

// CircuitTurn is a curved arrow from a to b bulging out by bulge pixels (toward the side
// (nx, ny)), for the turns of a circuit at the ends of the rows, as CircuitArrow's lines.
func CircuitTurn(a, b Pt, nx, ny, bulge, w float64) [][]Pt {
	const k = 10
	pts := make([]Pt, 0, k+1)
	for i := 0; i <= k; i++ {
		t := float64(i) / k
		o := math.Sin(t*math.Pi) * bulge
		pts = append(pts, Pt{a.X + (b.X-a.X)*t + nx*o, a.Y + (b.Y-a.Y)*t + ny*o})
	}
	return append([][]Pt{pts[:len(pts)-1]}, CircuitArrow(pts[len(pts)-3], pts[len(pts)-1], w)...)
}

// DrawOuedTray draws the groove beside the board where a player's captures lie.
func DrawOuedTray(dst *ebiten.Image, r Rect, hot bool) {
	rad := r.H * 0.45
	Fill(dst, RoundRect(r.X, r.Y+r.H*0.06, r.W, r.H, rad), color.RGBA{0, 0, 0, 40})
	FillTextured(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), DarkWoodTexture(), 1, color.RGBA{215, 200, 185, 255})
	in := r.Inset(r.H * 0.12)
	Fill(dst, RoundRect(in.X, in.Y, in.W, in.H, rad*0.75), Mix(DarkWood, Ink, 0.3))
	Fill(dst, RoundRect(in.X, in.Y+in.H*0.1, in.W, in.H*0.9, rad*0.7), Mix(Wood, DarkWood, 0.55))
	edge := Mix(DarkWood, Ink, 0.5)
	w := math.Max(1, r.H*0.03)
	if hot {
		edge, w = Saffron, math.Max(2, r.H*0.06)
	}
	Stroke(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), w, edge)
}
