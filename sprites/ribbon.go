package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// A ribbon is a wide line along a polyline drawn as one strip of triangles from a small
// picture, not as a path: a trail that grows every frame (the Ghoula's soot) costs a copy, not
// a stencil fill (paths.go says why that matters). The strip is mitred at the joints, so a
// translucent ribbon does not darken where its pieces meet, and its edges are antialiased by
// the picture's own soft border, whatever the width.

// ribbonRows is the picture's height across the ribbon: a transparent row at each edge and
// opaque rows between, so linear filtering ramps the edge over one row.
const ribbonRows = 16

var ribbonTex *ebiten.Image

func ribbonPicture() *ebiten.Image {
	if ribbonTex == nil {
		pix := make([]byte, 4*4*ribbonRows)
		for y := 1; y < ribbonRows-1; y++ {
			for x := 0; x < 4; x++ {
				copy(pix[4*(y*4+x):], []byte{255, 255, 255, 255})
			}
		}
		ribbonTex = NewImage("texture", 4, ribbonRows)
		ribbonTex.WritePixels(pix)
	}
	return ribbonTex
}

var (
	ribbonVerts []ebiten.Vertex
	ribbonIdx   []uint16
)

// Ribbon draws a ribbon along pts whose width and colour (premultiplied) go from tailW and
// tail at pts[0] to headW and head at the last point.
func Ribbon(dst *ebiten.Image, pts []Pt, tailW, headW float64, tail, head color.RGBA) {
	n := len(pts)
	if n < 2 || n > 16000 {
		return
	}
	// Each point's share of the length, for the width and colour along the ribbon.
	total := 0.0
	for i := 1; i < n; i++ {
		total += math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
	}
	if total <= 0 {
		return
	}
	// The rows' ramp lies outside the ribbon's width: the strip is a row wider on each side.
	grow := float64(ribbonRows) / float64(ribbonRows-2)
	vs, is := ribbonVerts[:0], ribbonIdx[:0]
	along := 0.0
	for i := 0; i < n; i++ {
		if i > 0 {
			along += math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
		}
		t := along / total
		// The mitre: the average of the two segments' normals, lengthened so the ribbon keeps
		// its width through the bend (bounded at sharp turns).
		nx, ny := segmentNormal(pts, i-1)
		mx, my := segmentNormal(pts, i)
		switch {
		case i == 0:
			nx, ny = mx, my
		case i < n-1:
			nx, ny = nx+mx, ny+my
		}
		l := math.Hypot(nx, ny)
		if l < 1e-9 {
			nx, ny, l = mx, my, math.Hypot(mx, my)
		}
		nx, ny = nx/l, ny/l
		if i > 0 && i < n-1 {
			if ox, oy := segmentNormal(pts, i); ox != 0 || oy != 0 {
				k := 1 / math.Max(0.5, nx*ox+ny*oy)
				nx, ny = nx*k, ny*k
			}
		}
		half := (tailW + (headW-tailW)*t) / 2 * grow
		c := Mix(tail, head, t)
		cr, cg, cb, ca := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
		for side, v := range [2]float32{0.5, ribbonRows - 0.5} {
			s := -1.0
			if side == 1 {
				s = 1
			}
			vs = append(vs, ebiten.Vertex{
				DstX: float32(pts[i].X + s*nx*half), DstY: float32(pts[i].Y + s*ny*half),
				SrcX: 2, SrcY: v,
				ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca,
			})
		}
		if i > 0 {
			b := uint16(2 * i)
			is = append(is, b-2, b-1, b, b-1, b+1, b)
		}
	}
	op := &ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	dst.DrawTriangles(vs, is, ribbonPicture(), op)
	ribbonVerts, ribbonIdx = vs, is
}

// segmentNormal is the unit normal of segment i (pts[i] to pts[i+1]), or (0, 0) where there
// is no such segment or it has no length.
func segmentNormal(pts []Pt, i int) (float64, float64) {
	if i < 0 || i+1 >= len(pts) {
		return 0, 0
	}
	dx, dy := pts[i+1].X-pts[i].X, pts[i+1].Y-pts[i].Y
	l := math.Hypot(dx, dy)
	if l < 1e-9 {
		return 0, 0
	}
	return -dy / l, dx / l
}
