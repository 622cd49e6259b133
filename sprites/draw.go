package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Pt is a point in screen pixels.
type Pt struct{ X, Y float64 }

// Add is p moved by q.
func (p Pt) Add(q Pt) Pt { return Pt{p.X + q.X, p.Y + q.Y} }

// Lerp is the point a fraction t of the way from p to q.
func (p Pt) Lerp(q Pt, t float64) Pt { return Pt{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t} }

// FillAll fills the paths ps with c, antialiased, as one path (a band of them at a time, in a
// big picture): for many shapes of one colour that do not overlap, a board's squares or holes.
func FillAll(dst *ebiten.Image, ps []*vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	fillAll(dst, ps, op)
}

// Fill fills path with c, antialiased.
func Fill(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	fillPath(dst, p, nil, op)
}

// FillRect fills the rectangle (x, y, w, h) with c as two triangles of one colour: no path,
// so nothing of the vector package's stencil (paths.go), and one draw batched with the
// others. Its edges are not antialiased: for rectangles on whole pixels (a veil over the
// screen).
func FillRect(dst *ebiten.Image, x, y, w, h float64, c color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	if white == nil {
		white = NewImage("pixel", 3, 3)
		white.Fill(color.White)
	}
	r, g, b, a := c.RGBA()
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	v := func(x, y float32) ebiten.Vertex {
		// The middle of the white image, away from its edges.
		return ebiten.Vertex{DstX: x, DstY: y, SrcX: 1.5, SrcY: 1.5,
			ColorR: float32(r) / 0xffff, ColorG: float32(g) / 0xffff, ColorB: float32(b) / 0xffff, ColorA: float32(a) / 0xffff}
	}
	rectVerts = append(rectVerts[:0], v(x0, y0), v(x1, y0), v(x0, y1), v(x1, y1))
	rectIdx = append(rectIdx[:0], 0, 1, 2, 1, 3, 2)
	// c's components are premultiplied by its alpha (Go's color.Color), as the vertices are
	// then told.
	dst.DrawTriangles(rectVerts, rectIdx, white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
}

var (
	white     *ebiten.Image
	rectVerts []ebiten.Vertex
	rectIdx   []uint16
)

// Stroke strokes path with c at width w, antialiased, with round joins.
func Stroke(dst *ebiten.Image, p *vector.Path, w float64, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	strokePath(dst, p, &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
}

// StrokeLines strokes the polylines lines as one path, w wide, in c: as Stroke would a path of
// them all, for lines spread over a big picture (a board's furrows), whose path would be
// turned into triangles whole in each band the picture is painted in (paths.go, strokeLines).
func StrokeLines(dst *ebiten.Image, lines [][]Pt, w float64, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	strokeLines(dst, lines, &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
}

// RoundRect is the path of a rectangle with corners of radius r.
func RoundRect(x, y, w, h, r float64) *vector.Path {
	var p vector.Path
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	rr := float32(r)
	p.MoveTo(x0+rr, y0)
	p.LineTo(x1-rr, y0)
	p.ArcTo(x1, y0, x1, y0+rr, rr)
	p.LineTo(x1, y1-rr)
	p.ArcTo(x1, y1, x1-rr, y1, rr)
	p.LineTo(x0+rr, y1)
	p.ArcTo(x0, y1, x0, y1-rr, rr)
	p.LineTo(x0, y0+rr)
	p.ArcTo(x0, y0, x0+rr, y0, rr)
	p.Close()
	return &p
}

// Shapes that repeat across a board (its squares, holes, the marks along its track) are filled
// or stroked together, FillAll and StrokeLines, not one path each: the vector package fills
// every path through its stencil in nine draws (eight antialiasing passes and the copy),
// whatever its size, and Ebitengine keeps the buffers of the busiest frame's draws for the rest
// of the run. Painting the picker's five boards took 18,000 draws in one frame, twice an
// ordinary frame's, most of them single squares and strokes of a few pixels (BENCHMARKS.md,
// "Memory over a long session"). Both take, in each band of a big picture, only
// the shapes that reach into it: one path of them all, turned into triangles whole in every
// band, held 134 MB of Go heap after the first Es-Sîg board.

// Polylines is one path of the open polylines lines, for a small picture (a gate, a grin);
// across a board, StrokeLines.
func Polylines(lines ...[]Pt) *vector.Path { return linesPath(lines, false) }

// linesPath is one path through the points of each of lines, each closed when closed is set.
func linesPath(lines [][]Pt, closed bool) *vector.Path {
	var p vector.Path
	for _, l := range lines {
		for i, q := range l {
			if i == 0 {
				p.MoveTo(float32(q.X), float32(q.Y))
			} else {
				p.LineTo(float32(q.X), float32(q.Y))
			}
		}
		if closed {
			p.Close()
		}
	}
	return &p
}

// Circle is the path of a circle.
func Circle(cx, cy, r float64) *vector.Path {
	var p vector.Path
	p.Arc(float32(cx), float32(cy), float32(r), 0, 2*math.Pi, vector.Clockwise)
	return &p
}

// Ellipse is the path of an ellipse with radii rx, ry, turned by angle.
func Ellipse(cx, cy, rx, ry, angle float64) *vector.Path {
	var p vector.Path
	s, c := math.Sincos(angle)
	const n = 40
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		x, y := rx*math.Cos(a), ry*math.Sin(a)
		px, py := float32(cx+x*c-y*s), float32(cy+x*s+y*c)
		if i == 0 {
			p.MoveTo(px, py)
		} else {
			p.LineTo(px, py)
		}
	}
	p.Close()
	return &p
}

// Polygon is the closed path through pts.
func Polygon(pts []Pt) *vector.Path { return Polygons(pts) }

// Polygons is one path of several closed polygons: filled at once, one stencil pass for all
// (the backdrop's band of diamonds: 4 fills, not 120, in the game's first frame).
func Polygons(polys ...[]Pt) *vector.Path { return linesPath(polys, true) }

// Line strokes a segment.
func Line(dst *ebiten.Image, a, b Pt, w float64, c color.Color) {
	var p vector.Path
	p.MoveTo(float32(a.X), float32(a.Y))
	p.LineTo(float32(b.X), float32(b.Y))
	Stroke(dst, &p, w, c)
}

// Disc fills a circle.
func Disc(dst *ebiten.Image, cx, cy, r float64, c color.Color) {
	var p vector.Path
	p.Arc(float32(cx), float32(cy), float32(r), 0, 2*math.Pi, vector.Clockwise)
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	fillPath(dst, &p, nil, op)
}

// Ring strokes a circle: an annulus of width w centred on radius r. It is filled as two
// polygons (Ebitengine's stroked arcs cost hundreds of thousands of vertices when wide).
func Ring(dst *ebiten.Image, cx, cy, r, w float64, c color.Color) {
	ro, ri := r+w/2, math.Max(0, r-w/2)
	n := int(math.Max(24, math.Min(96, ro/2)))
	var p vector.Path
	for k, rad := range []float64{ro, ri} {
		for i := 0; i < n; i++ {
			a := 2 * math.Pi * float64(i) / float64(n)
			if k == 1 {
				a = -a
			}
			x, y := float32(cx+rad*math.Cos(a)), float32(cy+rad*math.Sin(a))
			if i == 0 {
				p.MoveTo(x, y)
			} else {
				p.LineTo(x, y)
			}
		}
		p.Close()
	}
	// The inner circle is wound the other way round: a hole under the non-zero rule, as
	// FrameRoundRect's (it says why not the even-odd rule).
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	fillPath(dst, &p, nil, op)
}

// Shadow draws a soft shadow under a rounded rectangle, in a few translucent layers.
func Shadow(dst *ebiten.Image, x, y, w, h, r, depth float64) {
	for i := 3; i >= 1; i-- {
		d := depth * float64(i) / 3
		Fill(dst, RoundRect(x-d*0.3, y+d*0.5, w+d*0.6, h+d*0.6, r+d*0.5), color.RGBA{0, 0, 0, uint8(22)})
	}
}

var texVerts []ebiten.Vertex
var texIdx []uint16

// FillTextured fills path with the texture tex, repeated, scaled by scale and tinted by tint.
// The edge is not antialiased: stroke an outline over it where it shows.
func FillTextured(dst *ebiten.Image, p *vector.Path, tex *ebiten.Image, scale float64, tint color.Color) {
	FillTexturedAt(dst, p, tex, scale, tint, 0, 0)
}

// FillTexturedAt is FillTextured into an image whose (0, 0) lies at (ox, oy) of the screen: the
// texture stays put where the image is drawn, so a picture painted once and copied there looks
// as if painted in place.
func FillTexturedAt(dst *ebiten.Image, p *vector.Path, tex *ebiten.Image, scale float64, tint color.Color, ox, oy float64) {
	texVerts, texIdx = p.AppendVerticesAndIndicesForFilling(texVerts[:0], texIdx[:0])
	r, g, b, a := tint.RGBA()
	for i := range texVerts {
		v := &texVerts[i]
		v.SrcX = (v.DstX + float32(ox)) / float32(scale)
		v.SrcY = (v.DstY + float32(oy)) / float32(scale)
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff
	}
	op := &ebiten.DrawTrianglesOptions{Address: ebiten.AddressRepeat, Filter: ebiten.FilterLinear, FillRule: texFillRule(texVerts, texIdx)}
	fillTriangles(dst, texVerts, texIdx, tex, op)
}

// texFillRule is the fill rule a path's fan of triangles (the vector package's: every triangle
// from its outline's first point) needs. A fan whose triangles all turn the same way, and
// together sweep less than a full turn, covers the outline's inside exactly once (each ray
// from the first point crosses the outline once): every convex outline (the boards' rounded
// rectangles, the spiral's sand discs), and any other seen whole from its first point. It is
// drawn as it is (FillRuleFillAll). Any other (a concave outline, a hole, two outlines) needs
// the non-zero rule, and Ebitengine fills that through a stencil image and two offscreens of
// its own, managed images sized by every fill's bounds so far, kept for the app's life on
// atlas pages: at the eight-seat spiral three of 763×764 held pages of 8 and 32 MB
// (BENCHMARKS.md, "Memory over a long session").
func texFillRule(vs []ebiten.Vertex, is []uint16) ebiten.FillRule {
	if len(is) == 0 {
		return ebiten.FillRuleFillAll
	}
	base := is[0]
	sign := 0.0
	swept := 0.0
	for t := 0; t+2 < len(is); t += 3 {
		if is[t] != base {
			return ebiten.FillRuleNonZero // a second outline
		}
		a, b, c := vs[is[t]], vs[is[t+1]], vs[is[t+2]]
		bx, by := float64(b.DstX-a.DstX), float64(b.DstY-a.DstY)
		cx, cy := float64(c.DstX-a.DstX), float64(c.DstY-a.DstY)
		cross := bx*cy - by*cx
		if math.Abs(cross) < 1e-3 {
			// A sliver under a thousandth of a pixel (the outline's end rounded back onto its
			// start, a point on a straight edge): it covers no pixel's middle either way.
			continue
		}
		if sign == 0 {
			sign = math.Copysign(1, cross)
		} else if math.Copysign(1, cross) != sign {
			return ebiten.FillRuleNonZero
		}
		swept += math.Abs(math.Atan2(cross, bx*cx+by*cy))
	}
	if swept > 2*math.Pi-1e-6 {
		// An outline that winds round its first point again (it crosses itself).
		return ebiten.FillRuleNonZero
	}
	return ebiten.FillRuleFillAll
}

// FillTexturedRect fills the rectangle (x, y, w, h) with tex as FillTextured lays it (repeated,
// scale pixels to a texel, tinted), as two triangles straight away, without a path to build
// and check. A textured path through the fill rule's coverage pass has the GPU link two more
// shader programs, and a software renderer holds the frame that first needs them while it
// links (the menus' backdrop is drawn on the browser game's first frame; BENCHMARKS.md, "The
// browser download and the first frame"). FillTextured draws a rectangle the same way
// (texFillRule), and TestFillTexturedRectMatchesPath holds the two to the same pixels.
func FillTexturedRect(dst *ebiten.Image, x, y, w, h float64, tex *ebiten.Image, scale float64, tint color.Color) {
	if w <= 0 || h <= 0 || scale <= 0 {
		return
	}
	r, g, b, a := tint.RGBA()
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	texVerts = append(texVerts[:0],
		ebiten.Vertex{DstX: x0, DstY: y0},
		ebiten.Vertex{DstX: x1, DstY: y0},
		ebiten.Vertex{DstX: x0, DstY: y1},
		ebiten.Vertex{DstX: x1, DstY: y1},
	)
	for i := range texVerts {
		v := &texVerts[i]
		v.SrcX, v.SrcY = v.DstX/float32(scale), v.DstY/float32(scale)
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff
	}
	texIdx = append(texIdx[:0], 0, 1, 2, 1, 3, 2)
	fillTriangles(dst, texVerts, texIdx, tex, &ebiten.DrawTrianglesOptions{Address: ebiten.AddressRepeat, Filter: ebiten.FilterLinear})
}

// FrameRoundRect draws the outline of a rounded rectangle, width w centred on its edge, as the
// fill of two rounded rectangles, the inner one wound the other way round (far cheaper than
// stroking the arcs). Under the non-zero rule, as every other fill: the even-odd rule is a
// shader program of its own, linked in the game's first frame for these edges and Ring's,
// and a software renderer holds that frame while it links (BENCHMARKS.md, "The browser download and the
// first frame").
func FrameRoundRect(dst *ebiten.Image, x, y, wd, ht, r, w float64, c color.Color) {
	h := w / 2
	var p vector.Path
	p.AddPath(RoundRect(x-h, y-h, wd+w, ht+w, r+h), nil)
	p.AddPath(roundRectBackward(x+h, y+h, math.Max(0, wd-w), math.Max(0, ht-w), math.Max(0, r-h)), nil)
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	fillPath(dst, &p, nil, op)
}

// roundRectBackward is RoundRect traced the other way round (counter-clockwise on screen): a
// hole in a RoundRect around it under the non-zero rule. Its arcs, traced backwards, are
// flattened at other points than RoundRect's: a pixel on a curve may differ a little from the
// even-odd fill of two RoundRects (TestOutlinesWithoutEvenOdd).
func roundRectBackward(x, y, w, h, r float64) *vector.Path {
	var p vector.Path
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	rr := float32(r)
	p.MoveTo(x0+rr, y0)
	p.ArcTo(x0, y0, x0, y0+rr, rr)
	p.LineTo(x0, y1-rr)
	p.ArcTo(x0, y1, x0+rr, y1, rr)
	p.LineTo(x1-rr, y1)
	p.ArcTo(x1, y1, x1, y1-rr, rr)
	p.LineTo(x1, y0+rr)
	p.ArcTo(x1, y0, x1-rr, y0, rr)
	p.Close()
	return &p
}
