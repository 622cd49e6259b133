package ui

import (
	"image"
	"math"

	"sig/sprites"
)

// Rect is a rectangle in screen pixels.
type Rect struct{ X, Y, W, H float64 }

// S is r for the sprites package.
func (r Rect) S() sprites.Rect { return sprites.Rect{X: r.X, Y: r.Y, W: r.W, H: r.H} }

// Contains reports whether (x, y) is inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Inset is r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect {
	return Rect{r.X + d, r.Y + d, math.Max(0, r.W-2*d), math.Max(0, r.H-2*d)}
}

// CX and CY are r's centre.
func (r Rect) CX() float64 { return r.X + r.W/2 }
func (r Rect) CY() float64 { return r.Y + r.H/2 }

// Right and Bottom are r's far edges.
func (r Rect) Right() float64  { return r.X + r.W }
func (r Rect) Bottom() float64 { return r.Y + r.H }

// CutTop splits off the top h pixels: the cut and the rest.
func (r Rect) CutTop(h float64) (Rect, Rect) {
	h = math.Min(h, r.H)
	return Rect{r.X, r.Y, r.W, h}, Rect{r.X, r.Y + h, r.W, r.H - h}
}

// CutBottom splits off the bottom h pixels: the cut and the rest.
func (r Rect) CutBottom(h float64) (Rect, Rect) {
	h = math.Min(h, r.H)
	return Rect{r.X, r.Y + r.H - h, r.W, h}, Rect{r.X, r.Y, r.W, r.H - h}
}

// CutLeft splits off the left w pixels: the cut and the rest.
func (r Rect) CutLeft(w float64) (Rect, Rect) {
	w = math.Min(w, r.W)
	return Rect{r.X, r.Y, w, r.H}, Rect{r.X + w, r.Y, r.W - w, r.H}
}

// CutRight splits off the right w pixels: the cut and the rest.
func (r Rect) CutRight(w float64) (Rect, Rect) {
	w = math.Min(w, r.W)
	return Rect{r.X + r.W - w, r.Y, w, r.H}, Rect{r.X, r.Y, r.W - w, r.H}
}

// Centered is a w×h rectangle centred in r.
func (r Rect) Centered(w, h float64) Rect {
	return Rect{r.X + (r.W-w)/2, r.Y + (r.H-h)/2, w, h}
}

// Columns splits r into n equal columns with gap between them.
func (r Rect) Columns(n int, gap float64) []Rect {
	if n <= 0 {
		return nil
	}
	w := (r.W - gap*float64(n-1)) / float64(n)
	out := make([]Rect, n)
	for i := range out {
		out[i] = Rect{r.X + float64(i)*(w+gap), r.Y, w, r.H}
	}
	return out
}

// Rows splits r into n equal rows with gap between them.
func (r Rect) Rows(n int, gap float64) []Rect {
	if n <= 0 {
		return nil
	}
	h := (r.H - gap*float64(n-1)) / float64(n)
	out := make([]Rect, n)
	for i := range out {
		out[i] = Rect{r.X, r.Y + float64(i)*(h+gap), r.W, h}
	}
	return out
}

// Grid lays n cells of w×h in rows that fit r's width, gap apart, centred: for cards and
// buttons that wrap.
func (r Rect) Grid(n int, w, h, gap float64) []Rect {
	perRow := int(math.Max(1, math.Floor((r.W+gap)/(w+gap))))
	if perRow > n {
		perRow = n
	}
	out := make([]Rect, n)
	for i := range out {
		row, col := i/perRow, i%perRow
		inRow := perRow
		if left := n - row*perRow; left < perRow {
			inRow = left
		}
		rowW := float64(inRow)*w + float64(inRow-1)*gap
		x0 := r.X + (r.W-rowW)/2
		out[i] = Rect{x0 + float64(col)*(w+gap), r.Y + float64(row)*(h+gap), w, h}
	}
	return out
}

// Metrics turns points into pixels for the current window: Unit pixels per point, grown on
// large windows so a 4K screen is not a postage stamp, never below the device scale (so touch
// targets stay at least 44 points).
//
// RTL and TextScale come from the settings, not the screen: the manager sets them after
// NewMetrics (a zero TextScale is 1).
type Metrics struct {
	W, H  float64 // the screen in pixels
	Unit  float64 // pixels per point
	Scale float64 // the device scale factor

	RTL       bool    // the language reads right to left: rows and bars are mirrored
	TextScale float64 // the larger-text setting: every style's size is multiplied by it
}

// Flip is r mirrored within in when the layout reads right to left, r itself otherwise: scenes
// lay out left to right and flip what a right-to-left reader expects on the other side.
func (m Metrics) Flip(r, in Rect) Rect {
	if !m.RTL {
		return r
	}
	r.X = in.X + in.Right() - r.Right()
	return r
}

// NewMetrics measures a screen of w×h pixels at device scale dsf.
func NewMetrics(w, h, dsf float64) Metrics {
	if dsf <= 0 {
		dsf = 1
	}
	wp, hp := w/dsf, h/dsf
	grow := math.Min(wp/1100, hp/720)
	grow = math.Max(1, math.Min(grow, 2.2))
	return Metrics{W: w, H: h, Unit: dsf * grow, Scale: dsf}
}

// Pt is n points in pixels.
func (m Metrics) Pt(n float64) float64 { return n * m.Unit }

// Screen is the whole screen.
func (m Metrics) Screen() Rect { return Rect{0, 0, m.W, m.H} }

// Portrait reports whether the screen is taller than wide (or too narrow for a side panel).
func (m Metrics) Portrait() bool { return m.W < m.H*1.1 || m.W/m.Unit < 640 }

// Touch is the smallest touch target: 44 points.
func (m Metrics) Touch() float64 { return m.Pt(44) }

// Image is r as an image.Rectangle (rounded outward), for clipping with SubImage.
func (r Rect) Image() image.Rectangle {
	return image.Rect(int(math.Floor(r.X)), int(math.Floor(r.Y)), int(math.Ceil(r.Right())), int(math.Ceil(r.Bottom())))
}
