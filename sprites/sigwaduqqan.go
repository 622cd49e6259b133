package sprites

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Spiral is Sig wa Duqqan's board laid out in a square: a round patch of smoothed sand with the
// track furrowed into it. Space 1 is the yard, a round pad in the bottom-left corner where every
// piece and the Ghoula start; from its neck the band winds clockwise inward, space by space, to
// the centre. It is painted once into a cached image and copied every frame.
type Spiral struct {
	Rect Rect // the square
	// Cells holds space s at index s-1: 0 the yard, 1..n-2 the band, n-1 the centre disc.
	Cells []Cell
	// Heading is the direction of travel at each cell, in radians on screen (the yard's points
	// into the neck, the centre's is that of the last band cell).
	Heading []float64
	Band    float64 // the band's width
	Yard    Pt      // the yard's centre
	YardR   float64 // the yard's radius
	Neck    []Pt    // the spine of the neck joining the band's outer end (first) to the yard (last)
	Centre  Pt      // the patch's centre
	Radius  float64 // the patch's radius (the yard's bulge lies outside it)
	Gate    int     // the gate's space (drawn as an arch), 0 for none
	Final   int     // the first space of the final stretch
	// Start is the word written along the neck (START, in the player's language); empty: none
	// (the picker's small picture). Set it before the first Draw.
	Start string

	neckPoly  []Pt
	neckSides [2][]Pt

	orig Pt
	pics Owner // names its empty picture in Pictures
}

// Spiral geometry, as fractions of the square or of the band.
const (
	spiralBand  = 0.0845              // the band's width over the square's side
	spiralEnd   = 168 * math.Pi / 180 // screen angle of the band's outer end
	spiralYardA = 135 * math.Pi / 180 // screen angle of the yard (the bottom-left corner)
	spiralYardD = 6.22                // the yard's distance from the centre, in bands
	spiralYardR = 1.2                 // the yard's radius, in bands
)

// LayoutSpiral lays out the n spaces of the spiral (86 in the game) in the square sq, with the
// gate on space gate and the final stretch from final up to the centre.
func LayoutSpiral(n, gate, final int, sq Rect) *Spiral {
	size := math.Min(sq.W, sq.H)
	sp := &Spiral{Rect: Rect{sq.X + (sq.W-size)/2, sq.Y + (sq.H-size)/2, size, size}, Gate: gate, Final: final}
	cx, cy := sp.Rect.X+size/2, sp.Rect.Y+size/2
	sp.Centre, sp.Radius = Pt{cx, cy}, size/2
	if n < 3 || size <= 0 {
		return sp
	}
	w := spiralBand * size
	sp.Band = w
	b := w / (2 * math.Pi)
	R := size/2 - w*0.62
	rc := w * 0.95 // the centre disc
	thMax, thIn := R/b, (rc+w*0.5)/b
	// Arc length along r = bθ, by fine steps (this runs at layout only).
	const steps = 4000
	ths := make([]float64, steps+1)
	lens := make([]float64, steps+1)
	for i := 0; i <= steps; i++ {
		ths[i] = thIn + (thMax-thIn)*float64(i)/steps
		if i > 0 {
			dth := ths[i] - ths[i-1]
			r := b * (ths[i] + ths[i-1]) / 2
			lens[i] = lens[i-1] + math.Hypot(r*dth, b*dth)
		}
	}
	total := lens[steps]
	thAt := func(s float64) float64 { // θ at arc length s from the inner end
		lo, hi := 0, steps
		for hi-lo > 1 {
			m := (lo + hi) / 2
			if lens[m] < s {
				lo = m
			} else {
				hi = m
			}
		}
		t := (s - lens[lo]) / math.Max(1e-9, lens[hi]-lens[lo])
		return ths[lo] + (ths[hi]-ths[lo])*t
	}
	// Going inward (θ falling) the screen angle grows: clockwise on a screen whose y points down.
	at := func(th, r float64) Pt {
		a := spiralEnd + (thMax - th)
		return Pt{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	heading := func(th float64) float64 {
		p, q := at(th, b*th), at(th-0.01, b*(th-0.01))
		return math.Atan2(q.Y-p.Y, q.X-p.X)
	}
	sp.Cells = make([]Cell, n)
	sp.Heading = make([]float64, n)
	band := n - 2 // spaces 2..n-1
	for i := 0; i < band; i++ {
		// Space i+2 counts from the outer end: its arc runs from s1 down to s0.
		s1 := total * float64(band-i) / float64(band)
		s0 := total * float64(band-i-1) / float64(band)
		t0, t1 := thAt(s0), thAt(s1)
		var outer, inner []Pt
		const k = 6
		for j := 0; j <= k; j++ {
			th := t0 + (t1-t0)*float64(j)/k
			r := b * th
			outer = append(outer, at(th, r+w/2))
			inner = append(inner, at(th, math.Max(0, r-w/2)))
		}
		poly := append([]Pt{}, outer...)
		for j := len(inner) - 1; j >= 0; j-- {
			poly = append(poly, inner[j])
		}
		hit := append(append([]Pt{}, outer...), inner[k], inner[0])
		tm := (t0 + t1) / 2
		sp.Cells[i+1] = Cell{Center: at(tm, b*tm), Poly: poly, Hit: hit, Size: w * 0.86}
		sp.Heading[i+1] = heading(tm)
	}
	disc := func(c Pt, r float64, k int) []Pt {
		pts := make([]Pt, k)
		for j := range pts {
			a := 2 * math.Pi * float64(j) / float64(k)
			pts[j] = Pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
		}
		return pts
	}
	centre := disc(Pt{cx, cy}, rc, 20)
	sp.Cells[n-1] = Cell{Center: Pt{cx, cy}, Poly: centre, Hit: centre, Size: rc * 1.5}
	sp.Heading[n-1] = sp.Heading[n-2]

	// The yard, in the corner beyond the band's outer end, and the neck that joins them: the band
	// carried on outward along a curve, so it never crosses the turn inside it.
	yr := spiralYardR * w
	y := Pt{cx + spiralYardD*w*math.Cos(spiralYardA), cy + spiralYardD*w*math.Sin(spiralYardA)}
	sp.Yard, sp.YardR = y, yr
	m0 := at(thMax, R)
	back := heading(thMax) + math.Pi
	l := 0.55 * math.Hypot(y.X-m0.X, y.Y-m0.Y)
	c1 := Pt{m0.X + l*math.Cos(back), m0.Y + l*math.Sin(back)}
	var spine, left, right []Pt
	const k = 16
	for j := 0; j <= k; j++ {
		t := float64(j) / k
		u := 1 - t
		p := Pt{u*u*m0.X + 2*u*t*c1.X + t*t*y.X, u*u*m0.Y + 2*u*t*c1.Y + t*t*y.Y}
		dx := 2*u*(c1.X-m0.X) + 2*t*(y.X-c1.X)
		dy := 2*u*(c1.Y-m0.Y) + 2*t*(y.Y-c1.Y)
		d := math.Max(1e-9, math.Hypot(dx, dy))
		nx, ny := -dy/d*w/2, dx/d*w/2
		spine = append(spine, p)
		left = append(left, Pt{p.X + nx, p.Y + ny})
		right = append(right, Pt{p.X - nx, p.Y - ny})
	}
	sp.Neck = spine
	neck := append([]Pt{}, left...)
	for j := len(right) - 1; j >= 0; j-- {
		neck = append(neck, right[j])
	}
	sp.neckPoly, sp.neckSides = neck, [2][]Pt{left, right}
	yard := disc(y, yr, 20)
	sp.Cells[0] = Cell{Center: y, Poly: yard, Hit: yard, Size: yr * 1.6}
	// Out of the yard the track runs up the neck, the way the spine runs backward.
	sp.Heading[0] = math.Atan2(spine[k/2].Y-spine[k/2+1].Y, spine[k/2].X-spine[k/2+1].X)
	return sp
}

// Draw copies the cached picture of the empty board to dst, painting it first if needed.
func (sp *Spiral) Draw(dst *ebiten.Image) {
	if sp.Rect.W <= 2 || len(sp.Cells) == 0 {
		return
	}
	const m = 6 // room for the shadow
	sp.orig = Pt{math.Floor(sp.Rect.X) - m, math.Floor(sp.Rect.Y) - m}
	w := int(math.Ceil(sp.Rect.X+sp.Rect.W-sp.orig.X)) + m
	h := int(math.Ceil(sp.Rect.Y+sp.Rect.H-sp.orig.Y)) + m
	bg := Pictures.Get(emptyBoard{sp.pics.ID()}, w, h, func(img *ebiten.Image) {
		paintBoard(img, func(dst *ebiten.Image) { sp.paint(dst, -sp.orig.X, -sp.orig.Y) })
	})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(sp.orig.X, sp.orig.Y)
	dst.DrawImage(bg, op)
}

// Dispose frees the cached picture (after a relayout).
func (sp *Spiral) Dispose() {
	Pictures.Forget(emptyBoard{sp.pics.ID()})
}

// paint draws the empty board with every coordinate moved by (dx, dy).
func (sp *Spiral) paint(dst *ebiten.Image, dx, dy float64) {
	mv := func(p Pt) Pt { return Pt{p.X + dx, p.Y + dy} }
	mvs := func(ps []Pt) []Pt {
		out := make([]Pt, len(ps))
		for i, p := range ps {
			out[i] = mv(p)
		}
		return out
	}
	w := sp.Band
	c := mv(sp.Centre)
	rad := sp.Radius
	yard := mv(sp.Yard)
	bulge := sp.YardR + w*0.3
	furrow := Mix(DeepSand, Wood, 0.55)

	// The patch of smoothed sand, with a raised rim, bulging out into the corner for the yard.
	Disc(dst, c.X+rad*0.015, c.Y+rad*0.025, rad*0.995, color.RGBA{0, 0, 0, 38})
	Disc(dst, yard.X+rad*0.015, yard.Y+rad*0.025, bulge, color.RGBA{0, 0, 0, 38})
	rim := Mix(DeepSand, Wood, 0.3)
	Disc(dst, c.X, c.Y, rad*0.995, rim)
	Disc(dst, yard.X, yard.Y, bulge, rim)
	in := rad*0.995 - w*0.16
	FillTextured(dst, Circle(c.X, c.Y, in), SandTexture(), 1, color.White)
	FillTextured(dst, Circle(yard.X, yard.Y, bulge-w*0.16), SandTexture(), 1, color.White)
	// The rim's lit edge.
	Ring(dst, c.X, c.Y, in, math.Max(1, w*0.03), color.RGBA{255, 250, 235, 70})

	// The band, space by space: lighter toward the outside, the gate, the final stretch. The
	// shading toward the outside goes in eight steps (two or three levels of a colour each,
	// less than the step between a space and the next), so that the spaces of one tint can be
	// filled at once (FillAll): a path each was 84 paths, three quarters of the board's.
	n := len(sp.Cells)
	byTint := map[color.RGBA][]*vector.Path{}
	var tints []color.RGBA // in the order first met, so that the painting is the same every time
	for i := 1; i < n-1; i++ {
		cell := sp.Cells[i]
		s := i + 1
		t := math.Floor(float64(i)/float64(n)*8) / 8
		tint := Mix(Mix(Sand, DeepSand, 0.28+0.12*float64(i%2)), Mix(DeepSand, Saffron, 0.25), t*0.35)
		switch {
		case s == sp.Gate:
			tint = Mix(Terracotta, Sand, 0.3)
		case sp.Final > 0 && s >= sp.Final:
			tint = Mix(Olive, Sand, 0.42)
		}
		if byTint[tint] == nil {
			tints = append(tints, tint)
		}
		byTint[tint] = append(byTint[tint], Polygon(mvs(cell.Poly)))
	}
	for _, tint := range tints {
		FillAll(dst, byTint[tint], tint)
	}
	// The cuts between spaces, light; then the furrows between the turns, deep.
	// Each kind of line is one path of many pieces: Ebitengine fills every path through a
	// dozen antialiasing passes of its own, and keeps the memory of the busiest frame's passes
	// for as long as the app runs (a spiral painted as 1,200 paths kept 130 MB; BENCHMARKS.md,
	// "Memory over a long session"); and each band of the picture takes only the pieces that
	// reach into it (StrokeLines).
	var cuts, furrows, shade [][]Pt
	for i := 1; i < n-1; i++ {
		poly := mvs(sp.Cells[i].Poly)
		k := len(poly) / 2
		cuts = append(cuts, []Pt{poly[k-1], poly[k]}, []Pt{poly[len(poly)-1], poly[0]})
		furrows = append(furrows, poly[:k], poly[k:])
		// The grooves' shade on their inner side, for depth.
		for j := 1; j < k; j++ {
			shade = append(shade, []Pt{poly[j-1], poly[j]})
		}
	}
	drawNow(dst)
	StrokeLines(dst, cuts, math.Max(1, w*0.045), Mix(DeepSand, Wood, 0.35))
	drawNow(dst)
	StrokeLines(dst, furrows, math.Max(1, w*0.08), furrow)
	drawNow(dst)
	StrokeLines(dst, shade, math.Max(1, w*0.035), color.RGBA{255, 250, 235, 45})
	drawNow(dst)

	// Marks along the band: a chevron in the direction of travel, a number every ten spaces.
	mark := color.RGBA{120, 86, 52, 120}
	var marks, finals [][]Pt // the chevrons, each kind stroked at once
	for i := 1; i < n-1; i++ {
		s := i + 1
		cell := sp.Cells[i]
		p := mv(cell.Center)
		switch {
		case s == sp.Gate:
			drawArch(dst, p, w*0.36, Mix(Terracotta, Ink, 0.45))
		case sp.Final > 0 && s >= sp.Final:
			finals = append(finals, chevronLines(p, sp.Heading[i], w*0.15, w*0.2)...)
		case s%10 == 0:
			spiralNumber(dst, s, p, w)
		default:
			marks = append(marks, chevronLines(p, sp.Heading[i], w*0.15, 0)...)
		}
	}
	StrokeLines(dst, finals, w*0.06, color.RGBA{60, 72, 30, 150})
	StrokeLines(dst, marks, w*0.055, mark)

	drawNow(dst)
	// The centre: a raised disc of saffron sand with a crown drawn in it.
	ctr := sp.Cells[n-1]
	cr := ctr.Size / 1.5
	Disc(dst, c.X, c.Y+cr*0.05, cr, Mix(Saffron, Wood, 0.45))
	Disc(dst, c.X, c.Y, cr*0.96, Mix(Saffron, Sand, 0.35))
	Ring(dst, c.X, c.Y, cr*0.96, math.Max(1, w*0.06), furrow)
	Ring(dst, c.X, c.Y, cr*0.78, math.Max(1, w*0.025), Mix(Saffron, Wood, 0.4))
	drawCrownShape(dst, c.X, c.Y-cr*0.05, cr*0.42, Mix(Saffron, Wood, 0.5), color.RGBA{0, 0, 0, 0})

	// The yard: space 1, where everyone starts, joined to the band by its neck.
	ytint := Mix(Indigo, Chalk, 0.42)
	lw := math.Max(1, w*0.07)
	Disc(dst, yard.X, yard.Y, sp.YardR+lw/2, furrow)
	var sides [][]Pt
	for _, side := range sp.neckSides {
		sides = append(sides, mvs(side))
	}
	Stroke(dst, Polylines(sides...), lw, furrow)
	Fill(dst, Polygon(mvs(sp.neckPoly)), ytint)
	Disc(dst, yard.X, yard.Y, sp.YardR-lw/2, ytint)
	// START along the neck, upright, and an arrow toward the band.
	spine := mvs(sp.Neck)
	k := len(spine) - 1
	ink := Chalk
	a0, a1 := spine[k*3/10], spine[k*6/10]
	ang := math.Atan2(a0.Y-a1.Y, a0.X-a1.X) // the way to the band
	up := ang
	if up > math.Pi/2 || up < -math.Pi/2 {
		up += math.Pi
	}
	tp := spine[k*45/100]
	op := &text.DrawOptions{}
	op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	op.GeoM.Rotate(up)
	op.GeoM.Translate(tp.X, tp.Y)
	op.ColorScale.ScaleWithColor(ink)
	if sp.Start != "" {
		DrawText(dst, sp.Start, FaceFor(sp.Start, true, w*0.3), op)
	}
	chevron(dst, spine[k/10+1], ang, w*0.16, w*0.06, ink, 0)
}

// chevron draws a ">" at p pointing along angle a, half-length l and stroke width lw; with gap
// > 0 a second one follows gap behind.
func chevron(dst *ebiten.Image, p Pt, a, l, lw float64, c color.Color, gap float64) {
	Stroke(dst, Polylines(chevronLines(p, a, l, gap)...), lw, c)
}

// chevronLines is chevron's strokes, to stroke with others of their width and colour at once.
func chevronLines(p Pt, a, l, gap float64) [][]Pt {
	s, co := math.Sincos(a)
	at := func(q Pt) []Pt {
		tip := Pt{q.X + co*l*0.6, q.Y + s*l*0.6}
		back := func(side float64) Pt {
			return Pt{q.X - co*l*0.6 + side*(-s)*l, q.Y - s*l*0.6 + side*co*l}
		}
		return []Pt{back(1), tip, back(-1)}
	}
	if gap > 0 {
		return [][]Pt{at(Pt{p.X - co*gap/2, p.Y - s*gap/2}), at(Pt{p.X + co*gap/2, p.Y + s*gap/2})}
	}
	return [][]Pt{at(p)}
}

// drawArch draws the gate: two posts and a round arch over them.
func drawArch(dst *ebiten.Image, p Pt, r float64, c color.Color) {
	lw := math.Max(1.5, r*0.22)
	var arch []Pt
	for j := 0; j <= 10; j++ {
		a := math.Pi + math.Pi*float64(j)/10
		arch = append(arch, Pt{p.X + r*0.55*math.Cos(a), p.Y - r*0.05 + r*0.6*math.Sin(a)})
	}
	// The posts and the arch, one stroke.
	Stroke(dst, Polylines(
		[]Pt{{p.X - r*0.55, p.Y + r*0.75}, {p.X - r*0.55, p.Y - r*0.05}},
		[]Pt{{p.X + r*0.55, p.Y + r*0.75}, {p.X + r*0.55, p.Y - r*0.05}},
		arch), lw, c)
	Line(dst, Pt{p.X - r*0.85, p.Y + r*0.78}, Pt{p.X + r*0.85, p.Y + r*0.78}, lw*0.8, c)
}

// Numbered reports whether space s carries its number on the band (every tenth space, but
// the gate and the final stretch, which carry marks of their own).
func (sp *Spiral) Numbered(s int) bool {
	return s > 1 && s < len(sp.Cells) && s%10 == 0 && s != sp.Gate && !(sp.Final > 0 && s >= sp.Final)
}

// DrawNumber writes space s's number on its cell as the band carries it: over a mark laid on
// the cell since (the last move's path), so that the mark does not hide it.
func (sp *Spiral) DrawNumber(dst *ebiten.Image, s int) {
	if sp.Numbered(s) {
		spiralNumber(dst, s, sp.Cells[s-1].Center, sp.Band)
	}
}

// spiralNumber writes space s's number centred on p, on a band w wide.
func spiralNumber(dst *ebiten.Image, s int, p Pt, w float64) {
	boardNumber(dst, strconv.Itoa(s), p, w*0.34, color.RGBA{104, 70, 40, 200})
}

// boardNumber writes s centred on p, size pixels high, in the bold face.
func boardNumber(dst *ebiten.Image, s string, p Pt, size float64, c color.Color) {
	BoardText(dst, s, p.X, p.Y, size, true, c)
}

// BoardText writes s centred on (x, y), size pixels high: numbers and labels drawn on boards,
// an Arabic label right to left in the Arabic face.
func BoardText(dst *ebiten.Image, s string, x, y, size float64, bold bool, c color.Color) {
	if size < 4 || s == "" {
		return
	}
	op := &text.DrawOptions{}
	op.PrimaryAlign = text.AlignCenter
	op.SecondaryAlign = text.AlignCenter
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	DrawText(dst, s, FaceFor(s, bold, size), op)
}

// MeasureBoardText is the width of s as BoardText writes it.
func MeasureBoardText(s string, size float64, bold bool) float64 {
	w, _ := text.Measure(s, FaceFor(s, bold, size), 0)
	return w
}

// DrawCrown draws a small gold crown centred on (cx, cy), r its half-width: the mark of a
// piece that reached the end of the race.
func DrawCrown(dst *ebiten.Image, cx, cy, r float64) {
	Fill(dst, Ellipse(cx+r*0.08, cy+r*0.62, r*0.95, r*0.22, 0), color.RGBA{0, 0, 0, 50})
	drawCrownShape(dst, cx, cy, r, Saffron, Mix(Saffron, Ink, 0.5))
}

// drawCrownShape fills a three-pointed crown in c, outlined in edge (none if transparent).
func drawCrownShape(dst *ebiten.Image, cx, cy, r float64, c, edge color.RGBA) {
	pts := []Pt{
		{cx - r, cy + r*0.5}, {cx - r, cy - r*0.35}, {cx - r*0.5, cy + r*0.05},
		{cx, cy - r*0.65}, {cx + r*0.5, cy + r*0.05}, {cx + r, cy - r*0.35}, {cx + r, cy + r*0.5},
	}
	Fill(dst, Polygon(pts), c)
	if edge.A > 0 {
		Stroke(dst, Polygon(pts), math.Max(1, r*0.12), edge)
		Disc(dst, cx, cy-r*0.65, r*0.14, Chalk)
		Disc(dst, cx-r, cy-r*0.35, r*0.11, Chalk)
		Disc(dst, cx+r, cy-r*0.35, r*0.11, Chalk)
		Line(dst, Pt{cx - r*0.8, cy + r*0.28}, Pt{cx + r*0.8, cy + r*0.28}, math.Max(1, r*0.1), color.RGBA{255, 250, 235, 120})
	}
}
