package sprites

import (
	"math"

	"sig/rules/sadeqa"
)

// Cell is one space of a board in screen pixels: where a piece stands, the outline to draw, and
// a convex outline for picking it (hit areas must be convex polygons).
type Cell struct {
	Center Pt
	Poly   []Pt    // outline for drawing (may be concave, e.g. a curved band)
	Hit    []Pt    // convex outline for picking
	Size   float64 // the diameter of the largest piece that fits
}

// Rect is a screen rectangle in pixels.
type Rect struct{ X, Y, W, H float64 }

// Fit returns the largest rectangle of aspect w:h centred in r.
func (r Rect) Fit(w, h float64) Rect {
	s := math.Min(r.W/w, r.H/h)
	return Rect{r.X + (r.W-w*s)/2, r.Y + (r.H-h*s)/2, w * s, h * s}
}

// Inset is r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// SpiralCells lays the n spaces of the Sig wa Duqqan spiral in the square sq (see LayoutSpiral):
// space 1 (index 0) is the yard in the bottom-left corner, and the track winds clockwise inward
// to the centre, the last space, a disc in the middle. Band cells are of equal length.
func SpiralCells(n int, sq Rect) []Cell { return LayoutSpiral(n, 0, 0, sq).Cells }

// GridCells lays out a cols×rows grid of square cells in r, row 0 at the top; index is
// row*cols+col. gap is the gutter between cells as a fraction of a cell.
func GridCells(cols, rows int, r Rect, gap float64) []Cell {
	f := r.Fit(float64(cols), float64(rows))
	c := f.W / float64(cols)
	cells := make([]Cell, cols*rows)
	for row := 0; row < rows; row++ {
		for col := 0; col < cols; col++ {
			x, y := f.X+float64(col)*c+c*gap/2, f.Y+float64(row)*c+c*gap/2
			s := c * (1 - gap)
			sq := []Pt{{x, y}, {x + s, y}, {x + s, y + s}, {x, y + s}}
			cells[row*cols+col] = Cell{Center: Pt{x + s/2, y + s/2}, Poly: sq, Hit: sq, Size: s * 0.78}
		}
	}
	return cells
}

// HoleCellsTall lays out Sadeqa's 2×10 holes turned a quarter to the left, for a phone held
// upright: South's row (0..9, S1..S10) up the right column from the bottom, North's (10..19,
// N1..N10) down the left column from the top, the sowing order still anticlockwise. Each
// column is wide enough for a hole and its count beside it.
func HoleCellsTall(r Rect) []Cell {
	g := sadeqa.Grid()
	f := r.Fit(SadeqaTallW, float64(g.Cols))
	c := f.H / float64(g.Cols)
	cells := make([]Cell, len(g.Spots))
	for i, s := range g.Spots {
		// Turned a quarter to the left: the board's columns become rows (its left end at the
		// bottom), its bottom row (South's) the right column.
		x, row := f.X+f.W*0.3, g.Cols-1-s.Col
		if s.Row == g.Rows-1 {
			x = f.X + f.W*0.7
		}
		y := f.Y + (float64(row)+0.5)*c
		var disc []Pt
		for j := 0; j < 12; j++ {
			a := 2 * math.Pi * float64(j) / 12
			disc = append(disc, Pt{x + c*0.44*math.Cos(a), y + c*0.44*math.Sin(a)})
		}
		cells[i] = Cell{Center: Pt{x, y}, Poly: disc, Hit: disc, Size: c * 0.88}
	}
	return cells
}

// SadeqaTallW is the width of HoleCellsTall's columns, in holes: two holes, each with room for
// its count beside it.
const SadeqaTallW = 3.3

// LayoutSadeqaTall lays out Sadeqa's board turned for a phone held upright (HoleCellsTall) to
// fit r.
func LayoutSadeqaTall(r Rect) *Board {
	f := r.Fit(SadeqaTallBoardW, SadeqaTallBoardH)
	return &Board{ID: sadeqa.Info.ID, look: looks[sadeqa.Info.ID], Rect: f, Cells: HoleCellsTall(f.Inset(f.W * SadeqaTallFrame))}
}

// The board turned upright: its shape, in holes, and its frame, in parts of its width.
const (
	SadeqaTallBoardW = SadeqaTallW + 0.4
	SadeqaTallBoardH = sadeqa.RowHoles + 0.3
	SadeqaTallFrame  = 0.05
)

// HoleCells lays out Sadeqa's 2×10 holes in r where the rules' Grid puts them: index 0..9 the
// bottom row left to right (South S1..S10), 10..19 the top row right to left (North N1..N10),
// the sowing order.
func HoleCells(r Rect) []Cell {
	g := sadeqa.Grid()
	f := r.Fit(float64(g.Cols), float64(g.Rows)+0.6)
	c := f.W / float64(g.Cols)
	cells := make([]Cell, len(g.Spots))
	for i, s := range g.Spots {
		col, row := s.Col, s.Row
		x := f.X + (float64(col)+0.5)*c
		y := f.Y + c*0.3 + (float64(row)+0.5)*c
		if row == g.Rows-1 {
			y = f.Y + f.H - c*0.3 - c*0.5
		}
		var disc []Pt
		for j := 0; j < 12; j++ {
			a := 2 * math.Pi * float64(j) / 12
			disc = append(disc, Pt{x + c*0.44*math.Cos(a), y + c*0.44*math.Sin(a)})
		}
		cells[i] = Cell{Center: Pt{x, y}, Poly: disc, Hit: disc, Size: c * 0.88}
	}
	return cells
}
