package ui

import "github.com/solarlune/resolv"

// Each calls fn for every hit area, bottom to top, with its bounds and a point inside it (the
// point HitMap.Find gives), and whether a tap there reaches it (no area on top covers it). The
// test hooks (scenes/hook.go) report the areas this way, so end-to-end tests can tap them.
func (h *HitMap) Each(fn func(t Target, bounds Rect, cx, cy float64, reachable bool)) {
	for _, a := range h.areas {
		b := a.shape.Bounds()
		r := Rect{X: b.Min.X, Y: b.Min.Y, W: b.Max.X - b.Min.X, H: b.Max.Y - b.Min.Y}
		cx, cy := a.centre()
		top, _ := h.At(cx, cy)
		fn(a.target, r, cx, cy, top == a.target)
	}
}

// centre is a point inside the area: a convex polygon's mean corner (inside it, unlike its
// bounds' centre for a curved spiral cell), a circle's centre.
func (a area) centre() (x, y float64) {
	if cp, ok := a.shape.(*resolv.ConvexPolygon); ok {
		pts := cp.Transformed()
		for _, p := range pts {
			x, y = x+p.X, y+p.Y
		}
		n := float64(len(pts))
		return x / n, y / n
	}
	c := a.shape.Position()
	return c.X, c.Y
}
