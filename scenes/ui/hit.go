package ui

import (
	"github.com/solarlune/resolv"

	"sig/sprites"
)

// HitMap holds the hit areas of one scene: resolv shapes, each standing for a Target. Areas
// added later lie on top.
type HitMap struct {
	areas []area
}

type area struct {
	shape  resolv.IShape
	target Target
}

// Reset empties the map, to be filled again at the next layout.
func (h *HitMap) Reset() { h.areas = h.areas[:0] }

// Len is the number of areas.
func (h *HitMap) Len() int { return len(h.areas) }

// AddRect adds a rectangle.
func (h *HitMap) AddRect(r Rect, t Target) {
	h.areas = append(h.areas, area{resolv.NewRectangleFromTopLeft(r.X, r.Y, r.W, r.H), t})
}

// AddCircle adds a disc.
func (h *HitMap) AddCircle(cx, cy, radius float64, t Target) {
	h.areas = append(h.areas, area{resolv.NewCircle(cx, cy, radius), t})
}

// AddPolygon adds a convex polygon (a spiral cell, a hole's outline). Fewer than three points
// add nothing.
func (h *HitMap) AddPolygon(pts []sprites.Pt, t Target) {
	if len(pts) < 3 {
		return
	}
	flat := make([]float64, 0, 2*len(pts))
	for _, p := range pts {
		flat = append(flat, p.X, p.Y)
	}
	h.areas = append(h.areas, area{resolv.NewConvexPolygon(0, 0, flat), t})
}

// At is the topmost target under (x, y), if any.
func (h *HitMap) At(x, y float64) (Target, bool) {
	p := resolv.NewVector(x, y)
	for i := len(h.areas) - 1; i >= 0; i-- {
		if p.IsInside(h.areas[i].shape) {
			return h.areas[i].target, true
		}
	}
	return Target{}, false
}

// Find is the centre of t's area, for scripted taps in tests and for placing hints.
func (h *HitMap) Find(t Target) (x, y float64, ok bool) {
	for _, a := range h.areas {
		if a.target == t {
			// The mean of a convex polygon's corners lies inside it, unlike its bounds' centre
			// (a curved spiral cell).
			if cp, ok := a.shape.(*resolv.ConvexPolygon); ok {
				pts := cp.Transformed()
				for _, p := range pts {
					x, y = x+p.X, y+p.Y
				}
				n := float64(len(pts))
				return x / n, y / n, true
			}
			c := a.shape.Position()
			return c.X, c.Y, true
		}
	}
	return 0, 0, false
}

// Targets lists every target, bottom to top.
func (h *HitMap) Targets() []Target {
	out := make([]Target, len(h.areas))
	for i, a := range h.areas {
		out[i] = a.target
	}
	return out
}
