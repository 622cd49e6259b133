package sprites

import (
	"image"
	"math"
	"sync"
	"weak"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// DrawText draws s in face as text.Draw does, with the same pixels, but as one draw from a
// sheet of glyphs instead of one draw per glyph.
//
// Why: every draw is work for the processor (in the browser, out of the frame's budget), and
// Ebitengine queues each with some 400 bytes of vertices and uniforms until the frame's end. The
// app's text was a third to a half of an ordinary frame's draws: in the soak, the median frame
// drew 731 times in play, 898 in the replay, 1,708 on the rules page glyph by glyph, and 545,
// 504 and 1,160 from the sheet (BENCHMARKS.md, "Memory over a long session", session 14).
//
// The sheet copies each glyph image text/v2 makes (one per glyph, size and fraction of a pixel)
// the first time it is drawn, and draws a whole line from it as triangles of one source image.
// Where each glyph lies and what it looks like stay text/v2's: only the copy is ours.
func DrawText(dst *ebiten.Image, s string, face text.Face, op *text.DrawOptions) {
	if op == nil {
		op = &text.DrawOptions{}
	}
	theSheet.Lock()
	defer theSheet.Unlock()
	theSheet.draw(dst, s, face, op)
}

// The sheet's size, 4 MB: a screen of text in one language and size holds a few hundred
// distinct glyphs of 10–40 pixels; a language or text-size change brings new ones, and when the
// sheet is full it starts again from empty (glyphSheet.reset).
const (
	sheetW, sheetH = 1024, 1024
	sheetGap       = 1 // between glyphs, so that no copy touches its neighbour
)

type glyphSheet struct {
	sync.Mutex
	img   *ebiten.Image
	at    map[weak.Pointer[ebiten.Image]]image.Rectangle
	x, y  int // the next free place on the current shelf
	shelf int // the current shelf's height
	stats SheetStats

	lazy  []text.LazyGlyph
	verts []ebiten.Vertex
	idx   []uint16
}

// SheetStats counts what the glyph sheet has done.
type SheetStats struct {
	Glyphs int // glyphs on the sheet now
	Copied int // glyph images copied onto it
	Resets int // times it was full and started again
	Direct int // glyphs drawn on their own (too large for the sheet, or coloured)
}

var theSheet glyphSheet

// TextSheetStats reports what the glyph sheet holds and has done.
func TextSheetStats() SheetStats {
	theSheet.Lock()
	defer theSheet.Unlock()
	s := theSheet.stats
	s.Glyphs = len(theSheet.at)
	return s
}

func (sh *glyphSheet) draw(dst *ebiten.Image, s string, face text.Face, op *text.DrawOptions) {
	geoM := op.GeoM
	a, b, c, d, tx, ty := geoM.Element(0, 0), geoM.Element(0, 1), geoM.Element(1, 0), geoM.Element(1, 1), geoM.Element(0, 2), geoM.Element(1, 2)
	if a != 1 || b != 0 || c != 0 || d != 1 {
		// Turned or scaled (the spiral's START, painted once into its picture): text.Draw's
		// own sampling of each glyph, which triangles from the sheet would not match.
		text.Draw(dst, s, face, op)
		return
	}
	// A move alone: the glyphs' images lie on whole pixels of the layout, so a copy sampled
	// at the nearest pixel is the image moved by whole pixels, by the nearest whole number of
	// them (half a pixel rounds down, as exact sampling would). Moved by that number, the
	// sheet's triangles sample exactly at the pixels' centres, where the sampling of a copy at
	// a half pixel would depend on the rounding of the coordinates on each texture.
	geoM.Reset()
	geoM.Translate(math.Ceil(tx-0.5), math.Ceil(ty-0.5))
	sh.lazy = text.AppendLazyGlyphs(sh.lazy[:0], s, face, &op.LayoutOptions)
	defer clear(sh.lazy) // the glyphs hold their faces: not kept past the call
	db := dst.Bounds()
	sh.verts, sh.idx = sh.verts[:0], sh.idx[:0]
	cs := op.ColorScale
	for _, g := range sh.lazy {
		b := g.ImageBounds
		if b.Empty() || !overlaps(geoM, b, db) {
			continue
		}
		img := g.Image()
		if img == nil {
			continue
		}
		if g.Colored() || b.Dx()+sheetGap > sheetW || b.Dy()+sheetGap > sheetH {
			// As text.Draw: a coloured glyph takes only the alpha of the colour.
			o := op.DrawImageOptions
			if g.Colored() {
				o.ColorScale.Reset()
				o.ColorScale.ScaleAlpha(cs.A())
			}
			o.GeoM.Reset()
			o.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
			o.GeoM.Concat(geoM)
			dst.DrawImage(img, &o)
			sh.stats.Direct++
			continue
		}
		r := sh.place(img, dst, op)
		if len(sh.verts)+4 > math.MaxUint16 {
			sh.flush(dst, op)
		}
		n := uint16(len(sh.verts))
		corner := func(lx, ly float64, sx, sy int) ebiten.Vertex {
			x, y := geoM.Apply(lx, ly)
			return ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: float32(sx), SrcY: float32(sy),
				ColorR: cs.R(), ColorG: cs.G(), ColorB: cs.B(), ColorA: cs.A()}
		}
		x0, y0, x1, y1 := float64(b.Min.X), float64(b.Min.Y), float64(b.Max.X), float64(b.Max.Y)
		sh.verts = append(sh.verts,
			corner(x0, y0, r.Min.X, r.Min.Y), corner(x1, y0, r.Max.X, r.Min.Y),
			corner(x0, y1, r.Min.X, r.Max.Y), corner(x1, y1, r.Max.X, r.Max.Y))
		sh.idx = append(sh.idx, n, n+1, n+2, n+1, n+3, n+2)
	}
	sh.flush(dst, op)
}

// flush draws the triangles gathered so far.
func (sh *glyphSheet) flush(dst *ebiten.Image, op *text.DrawOptions) {
	if len(sh.idx) == 0 {
		return
	}
	// The colour scale's components are premultiplied by its alpha, as the vertices are told.
	dst.DrawTriangles(sh.verts, sh.idx, sh.img, &ebiten.DrawTrianglesOptions{
		ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha,
		Blend:          op.Blend,
		Filter:         op.Filter,
	})
	sh.verts, sh.idx = sh.verts[:0], sh.idx[:0]
}

// place is where glyph image img lies on the sheet, copying it there first if it is not. When
// the sheet is full, what the current line gathered is drawn first (its glyphs are about to be
// painted over), and the sheet starts again.
func (sh *glyphSheet) place(img *ebiten.Image, dst *ebiten.Image, op *text.DrawOptions) image.Rectangle {
	if sh.img == nil {
		sh.img = NewUnmanagedImage("glyph sheet", sheetW, sheetH)
		sh.at = map[weak.Pointer[ebiten.Image]]image.Rectangle{}
	}
	k := weak.Make(img)
	if r, ok := sh.at[k]; ok {
		return r
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if sh.x+w+sheetGap > sheetW {
		sh.x, sh.y, sh.shelf = 0, sh.y+sh.shelf, 0
	}
	if sh.y+h+sheetGap > sheetH {
		sh.flush(dst, op)
		sh.reset()
	}
	r := image.Rect(sh.x, sh.y, sh.x+w, sh.y+h)
	sh.x += w + sheetGap
	sh.shelf = max(sh.shelf, h+sheetGap)
	o := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	o.GeoM.Translate(float64(r.Min.X-img.Bounds().Min.X), float64(r.Min.Y-img.Bounds().Min.Y))
	sh.img.DrawImage(img, o)
	sh.at[k] = r
	sh.stats.Copied++
	return r
}

// reset empties the sheet: its glyphs are copied again as they are next drawn. Draws already
// queued from it keep the pixels they were queued with (Ebitengine carries out its queue in
// order).
func (sh *glyphSheet) reset() {
	clear(sh.at)
	sh.x, sh.y, sh.shelf = 0, 0, 0
	sh.stats.Resets++
}

// overlaps reports whether rect, moved by geoM, reaches into dst: a glyph outside a scrolled
// clip is not drawn, nor copied.
func overlaps(geoM ebiten.GeoM, rect, dst image.Rectangle) bool {
	x0, y0 := geoM.Apply(float64(rect.Min.X), float64(rect.Min.Y))
	x1, y1 := geoM.Apply(float64(rect.Max.X), float64(rect.Min.Y))
	x2, y2 := geoM.Apply(float64(rect.Min.X), float64(rect.Max.Y))
	x3, y3 := geoM.Apply(float64(rect.Max.X), float64(rect.Max.Y))
	t := image.Rect(int(math.Floor(min(x0, x1, x2, x3))), int(math.Floor(min(y0, y1, y2, y3))),
		int(math.Ceil(max(x0, x1, x2, x3))), int(math.Ceil(max(y0, y1, y2, y3))))
	return t.Overlaps(dst)
}
