package sprites

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// EsSigSpec is what the Es-Sîg board is drawn from: the track, the traps, the final spaces and
// the number of players (the game's rules give them; this package knows only the geometry).
type EsSigSpec struct {
	// Track holds the column (0..6 from the left) and row (0..6 from the top, -1 above the
	// grid) of spaces 1, 2, … in order.
	Track [][2]int
	// Traps are the spaces where a piece waits for sîgs, with how many it needs.
	Traps map[int]int
	// Final are the spaces left only by a sîg, one space at a time.
	Final []int
	// Players is how many rings there are.
	Players int
	// Words are the board's labels in the player's language: Start over the start groove, Sig
	// on the final spaces, TrapWords on each trap (how many sîgs it asks, by space), Places
	// under the escape order's places. An empty word is left off (the picker's small picture).
	Start, Sig string
	TrapWords  map[int]string
	Places     []string
}

// EsSigTable is Es-Sîg's board laid out in a rectangle: a plank of carved wood with the 7×7
// squares and the extra square above the top-left one, a groove below the grid where the rings
// wait to enter (the start) and one beside the extra square where escaped rings line up in
// escape order. It is painted once into a cached image and copied every frame.
type EsSigTable struct {
	Rect    Rect      // the plank
	Unit    float64   // the pitch of the squares
	Cells   []Cell    // space s at index s-1
	Heading []float64 // the direction of travel at each space, radians on screen
	Start   Rect      // the start groove
	Slots   []Pt      // each player's place in the start groove
	SlotR   float64   // the radius of a place there
	Home    Pt        // where the Ghula stands when it is dragged to the start
	Exit    Rect      // the escape groove
	Places  []Pt      // the escape order's places: 1st, 2nd, …
	PlaceR  float64   // the radius of a place there
	spec    EsSigSpec

	orig Pt
	pics Owner // names its empty picture in Pictures
}

// The plank in squares: margins, the row above the grid, the grid, and the start groove to
// the right of the grid.
const (
	esMargin = 0.35
	esGapCol = 0.25
	esGroove = 0.9
	esWide   = esMargin + 7 + esGapCol + esGroove + esMargin
	esHigh   = esMargin + 1 + 7 + esMargin
)

// LayoutEsSig lays out the board for spec in r.
func LayoutEsSig(r Rect, spec EsSigSpec) *EsSigTable {
	f := r.Fit(esWide, esHigh)
	u := f.W / esWide
	t := &EsSigTable{Rect: f, Unit: u, spec: spec}
	x0, y0 := f.X+esMargin*u, f.Y+esMargin*u // the top-left of the row above the grid
	s := u * 0.92
	for _, cr := range spec.Track {
		x := x0 + float64(cr[0])*u + (u-s)/2
		y := y0 + float64(cr[1]+1)*u + (u-s)/2
		sq := []Pt{{x, y}, {x + s, y}, {x + s, y + s}, {x, y + s}}
		t.Cells = append(t.Cells, Cell{Center: Pt{x + s/2, y + s/2}, Poly: sq, Hit: sq, Size: s * 0.8})
	}
	n := len(t.Cells)
	t.Heading = make([]float64, n)
	for i := range t.Cells {
		switch {
		case i+1 < n:
			a, b := t.Cells[i].Center, t.Cells[i+1].Center
			t.Heading[i] = math.Atan2(b.Y-a.Y, b.X-a.X)
		case i > 0:
			t.Heading[i] = 0 // the last space leads out to the right, into the escape groove
		}
	}
	players := max(1, spec.Players)
	// The start groove, right of the grid: the Ghula's place at its foot beside space 1, the
	// rings waiting above it under the word START.
	gx := x0 + 7*u + esGapCol*u
	t.Start = Rect{gx, y0 + u + 0.04*u, esGroove * u, 7*u - 0.08*u}
	cx := gx + esGroove*u/2
	t.Home = Pt{cx, y0 + 7.5*u}
	top, bottom := y0+1.55*u, y0+6.95*u
	pitch := math.Min(0.85*u, (bottom-top)/float64(players))
	t.SlotR = math.Min(0.36*u, pitch*0.47)
	for p := 0; p < players; p++ {
		t.Slots = append(t.Slots, Pt{cx, top + pitch*(float64(p)+0.5)})
	}
	// The escape groove, beside the extra square: first place nearest it.
	t.Exit = Rect{x0 + 1.15*u, y0 + 0.06*u, gx + esGroove*u - x0 - 1.15*u, 0.88 * u}
	places := max(1, players-1)
	pw := math.Min(0.95*u, (t.Exit.W-0.3*u)/float64(places))
	t.PlaceR = math.Min(0.27*u, pw*0.45)
	for k := 0; k < places; k++ {
		t.Places = append(t.Places, Pt{t.Exit.X + 0.15*u + pw*(float64(k)+0.5), t.Exit.Y + t.Exit.H*0.4})
	}
	return t
}

// Draw copies the cached picture of the empty board to dst, painting it first if needed.
func (t *EsSigTable) Draw(dst *ebiten.Image) {
	if t.Rect.W <= 2 || len(t.Cells) == 0 {
		return
	}
	const m = 8 // room for the shadow
	t.orig = Pt{math.Floor(t.Rect.X) - m, math.Floor(t.Rect.Y) - m}
	w := int(math.Ceil(t.Rect.X+t.Rect.W-t.orig.X)) + m
	h := int(math.Ceil(t.Rect.Y+t.Rect.H-t.orig.Y)) + m
	bg := Pictures.Get(emptyBoard{t.pics.ID()}, w, h, func(img *ebiten.Image) {
		paintBoard(img, func(dst *ebiten.Image) { t.paint(dst, -t.orig.X, -t.orig.Y) })
	})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(t.orig.X, t.orig.Y)
	dst.DrawImage(bg, op)
}

// Dispose frees the cached picture (after a relayout).
func (t *EsSigTable) Dispose() {
	Pictures.Forget(emptyBoard{t.pics.ID()})
}

// paint draws the empty board with every coordinate moved by (dx, dy).
func (t *EsSigTable) paint(dst *ebiten.Image, dx, dy float64) {
	u := t.Unit
	mv := func(p Pt) Pt { return Pt{p.X + dx, p.Y + dy} }
	mr := func(r Rect) Rect { return Rect{r.X + dx, r.Y + dy, r.W, r.H} }
	plank(dst, mr(t.Rect))

	final := map[int]bool{}
	for _, s := range t.spec.Final {
		final[s] = true
	}
	chalk := func(a float64) color.RGBA { return Fade(Chalk, a) }
	cells := make([]Cell, len(t.Cells))
	for i, c := range t.Cells {
		cells[i] = c.moved(dx, dy)
	}
	carve(dst, cells, func(i int) color.RGBA {
		switch s := i + 1; {
		case t.spec.Traps[s] > 0:
			return Mix(Terracotta, Wood, 0.2)
		case final[s]:
			return Mix(Olive, Wood, 0.15)
		}
		return Mix(Wood, Sand, 0.25)
	})

	// The path: a chalk line from the start through every square to the escape groove, with an
	// arrowhead in every gutter, and a larger one into space 1 and out of the last; each kind
	// stroked at once (StrokeLines: one path a strip of the picture, so the segments' round ends
	// meeting at a square's centre are filled once, not twice over).
	first, last := mv(t.Cells[0].Center), mv(t.Cells[len(t.Cells)-1].Center)
	home := mv(t.Home)
	exit := mr(t.Exit)
	path := [][]Pt{{{home.X - u*0.3, home.Y}, first}, {last, {exit.X + u*0.1, last.Y}}}
	var arrows [][]Pt
	for i := 1; i < len(t.Cells); i++ {
		a, b := mv(t.Cells[i-1].Center), mv(t.Cells[i].Center)
		path = append(path, []Pt{a, b})
		arrows = append(arrows, chevronLines(a.Lerp(b, 0.5), t.Heading[i-1], u*0.09, 0)...)
	}
	StrokeLines(dst, path, math.Max(1, u*0.045), chalk(0.22))
	StrokeLines(dst, arrows, math.Max(1.2, u*0.035), chalk(0.55))
	ends := append(chevronLines(Pt{first.X + u*0.6, first.Y}, math.Pi, u*0.12, 0), chevronLines(Pt{last.X + u*0.55, last.Y}, 0, u*0.12, 0)...)
	StrokeLines(dst, ends, math.Max(1.2, u*0.04), chalk(0.7))

	// Numbers in the corners, and what the special squares ask for.
	for i, c := range t.Cells {
		s := i + 1
		p := c.Poly
		x, y := p[0].X+dx, p[0].Y+dy
		side := p[1].X - p[0].X
		BoardText(dst, strconv.Itoa(s), x+side*0.17, y+side*0.16, u*0.19, true, chalk(0.55))
		label := ""
		switch {
		case t.spec.Traps[s] > 0 && t.spec.TrapWords[s] != "":
			label = t.spec.TrapWords[s]
		case final[s]:
			label = t.spec.Sig
		}
		if label != "" {
			BoardText(dst, label, x+side/2, y+side*0.84, u*0.17, true, chalk(0.8))
		}
	}

	// The grooves.
	start := mr(t.Start)
	groove(dst, start, u)
	BoardText(dst, t.spec.Start, start.X+start.W/2, start.Y+0.3*u, u*0.17, true, chalk(0.6))
	groove(dst, exit, u)
	// The slots, the Ghula's seat and the places: hollows, each layer of all of them at once.
	var rim, floor []*vector.Path
	dimple := func(p Pt, r float64) {
		rim = append(rim, Circle(p.X, p.Y, r))
		floor = append(floor, Circle(p.X, p.Y+r*0.1, r*0.85))
	}
	for _, s := range t.Slots {
		dimple(mv(s), t.SlotR)
	}
	dimple(home, u*0.36)
	for _, p := range t.Places {
		dimple(mv(p), t.PlaceR)
	}
	FillAll(dst, rim, Mix(Wood, DarkWood, 0.6))
	FillAll(dst, floor, Mix(Wood, DarkWood, 0.4))
	// The Ghula's seat, for when it drags someone home: a ring of soot.
	Ring(dst, home.X, home.Y+u*0.03, u*0.22, math.Max(1, u*0.05), color.RGBA{30, 26, 24, 150})
	for k, p := range t.Places {
		p = mv(p)
		if k < len(t.spec.Places) {
			BoardText(dst, t.spec.Places[k], p.X, exit.Y+exit.H*0.84, u*0.15, true, chalk(0.6))
		}
	}
}

// groove draws a long hollow cut into the plank.
func groove(dst *ebiten.Image, r Rect, u float64) {
	rad := math.Min(r.W, r.H) * 0.42
	Fill(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), Mix(DarkWood, Ink, 0.3))
	Fill(dst, RoundRect(r.X+u*0.03, r.Y+u*0.06, r.W-u*0.06, r.H-u*0.08, rad*0.9), Mix(Wood, DarkWood, 0.45))
	if r.H > r.W {
		return
	}
	// The lit lip along the bottom edge.
	Line(dst, Pt{r.X + rad, r.Y + r.H - u*0.02}, Pt{r.X + math.Max(rad, r.W-rad), r.Y + r.H - u*0.02}, math.Max(1, u*0.025), color.RGBA{255, 235, 200, 40})
}

// DrawWeddingRing draws an Es-Sîg piece, a wedding ring seen from above: a band of the
// player's colour, lit from the top left, edged in gold, with a small stone set at the top, and
// the player's mark in the hole so no ring is told apart by colour alone.
func DrawWeddingRing(dst *ebiten.Image, pc PlayerColor, cx, cy, r float64) {
	band := pc.Color
	if band == (color.RGBA{0, 0, 0, 255}) {
		band = rgb(0x34302D)
	}
	mid, w := r*0.74, r*0.36
	Ring(dst, cx+r*0.08, cy+r*0.14, mid, w*1.05, color.RGBA{0, 0, 0, 60})
	Ring(dst, cx, cy, mid, w+math.Max(1, r*0.1), Mix(Honey, Ink, 0.35)) // the gold edge
	Ring(dst, cx, cy, mid, w, Mix(band, Ink, 0.3))
	// The light: a brighter arc on the top left, a darker one on the bottom right.
	arc(dst, cx, cy, mid+w*0.08, w*0.62, math.Pi*0.8, math.Pi*1.75, Mix(band, Chalk, 0.12))
	arc(dst, cx, cy, mid-w*0.12, w*0.3, math.Pi*1.0, math.Pi*1.5, Mix(band, Chalk, 0.55))
	arc(dst, cx, cy, mid, w*0.5, math.Pi*0.0, math.Pi*0.6, Mix(band, Ink, 0.15))
	// The stone in its setting, at the top of the band.
	sx, sy, sr := cx, cy-mid, w*0.62
	Disc(dst, sx, sy+sr*0.12, sr*1.15, Mix(Honey, Ink, 0.3))
	Fill(dst, Polygon(regular(sx, sy, sr, 4, -math.Pi/2)), Mix(Chalk, band, 0.18))
	Fill(dst, Polygon([]Pt{{sx, sy - sr}, {sx + sr, sy}, {sx, sy}}), Chalk)
	Disc(dst, sx-sr*0.3, sy-sr*0.25, sr*0.16, color.White)
	DrawMark(dst, pc.Mark, cx, cy+r*0.04, r*0.34, Mix(band, Ink, 0.5))
}

// arc strokes the arc of radius r from angle a0 to a1 (radians, clockwise on screen), w wide.
func arc(dst *ebiten.Image, cx, cy, r, w, a0, a1 float64, c color.Color) {
	var p vector.Path
	p.Arc(float32(cx), float32(cy), float32(r), float32(a0), float32(a1), vector.Clockwise)
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	strokePath(dst, &p, &vector.StrokeOptions{Width: float32(w), LineCap: vector.LineCapRound}, op)
}
