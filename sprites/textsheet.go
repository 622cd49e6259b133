package sprites

import (
	"image"
	"image/draw"
	"math"
	"sync"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/math/fixed"
	gvector "golang.org/x/image/vector"
)

// DrawText draws s in face as text.Draw does, with the same pixels, but as one draw from a
// sheet of glyphs instead of one draw per glyph.
//
// Why: every draw is work for the processor (in the browser, out of the frame's budget), and
// Ebitengine queues each with some 400 bytes of vertices and uniforms until the frame's end. The
// app's text was a third to a half of an ordinary frame's draws: in the soak, the median frame
// drew 731 times in play, 898 in the replay, 1,708 on the rules page glyph by glyph, and 545,
// 504 and 1,160 from the sheet (BENCHMARKS.md, "Memory over a long session").
//
// Where each glyph lies stays text/v2's (its layout, the glyph's place and its fraction of a
// pixel); the sheet draws the glyph's pixels itself, from the font's outline with the rasteriser
// text/v2 uses, straight onto the sheet, instead of copying the image text/v2 would make for it.
// Why not copy those images: text/v2 keeps them in a cache per face size and lets hundreds go at
// once (when a size holds more than its limit, or more than sixteen sizes are in use), and
// Ebitengine then clears all their places on its atlas in one command, one scissored draw each.
// Under software OpenGL (llvmpipe) such a command is one scene of 200–576 blocks of 64 KiB that
// the driver keeps until it reuses that scene, which is what made resident memory step up late
// in a long session (BENCHMARKS.md, "Memory over a long session"). Glyphs the sheet cannot draw itself (coloured,
// bitmap or too large) are drawn from text/v2's images, as text.Draw draws them.
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
	sheetGap       = 1 // between glyphs, so that no glyph sampled touches its neighbour
)

type glyphSheet struct {
	sync.Mutex
	img   *ebiten.Image
	at    map[glyphKey]image.Rectangle
	x, y  int // the next free place on the current shelf
	shelf int // the current shelf's height
	stats SheetStats

	lazy  []text.LazyGlyph
	verts []ebiten.Vertex
	idx   []uint16
	rast  *gvector.Rasterizer
	pix   *image.RGBA
}

// glyphKey names a glyph's pixels: its outline (font, size and glyph) and where the outline
// lies on its image, the fraction of a pixel text/v2 placed it at (what makes the same letter
// look different at two places on a line).
type glyphKey struct {
	font *font.Face
	size fixed.Int26_6
	gid  uint32
	bias fixed.Point26_6 // the glyph's origin from its image's top-left corner
	w, h int
}

// SheetStats counts what the glyph sheet has done.
type SheetStats struct {
	Glyphs int // glyphs on the sheet now
	Drawn  int // glyphs drawn onto it
	Resets int // times it was full and started again
	Direct int // glyphs drawn from text/v2's images (coloured, without an outline, too large)
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

// sheetFace is what the sheet needs of a face to draw its glyphs itself.
type sheetFace struct {
	font        *font.Face
	size        fixed.Int26_6
	scale       float32       // pixels per font unit
	granularity fixed.Int26_6 // the fraction of a pixel text/v2 places glyphs to
}

// sheetFaceOf is face's outlines and sizes, or false for a face whose glyphs the sheet leaves
// to text/v2 (not one of Sig's fonts, or laid out top to bottom).
func sheetFaceOf(face text.Face) (sheetFace, bool) {
	f, ok := face.(*text.GoTextFace)
	if !ok || (f.Direction != text.DirectionLeftToRight && f.Direction != text.DirectionRightToLeft) {
		return sheetFace{}, false
	}
	outlines := outlinesOf(f.Source)
	if outlines == nil {
		return sheetFace{}, false
	}
	// As text/v2 does: the size in 64ths of a pixel, and the scale from it; and as many places
	// within a pixel as its glyphVariationCount gives for the face's height.
	size := fixed.Int26_6(f.Size * 64)
	m := f.Metrics()
	variations := fixed.Int26_6(1)
	switch h := m.HAscent + m.HDescent; {
	case h < 20:
		variations = 8
	case h < 40:
		variations = 4
	case h < 80:
		variations = 2
	}
	return sheetFace{
		font:        outlines,
		size:        size,
		scale:       float32(float64(size) / 64 / float64(outlines.Upem())),
		granularity: 64 / variations,
	}, true
}

// key names glyph g's pixels in face sf.
func (sf sheetFace) key(g text.LazyGlyph) glyphKey {
	b := g.ImageBounds
	// The glyph's origin as text/v2 places it: shaped offset included, moved to its fraction
	// of a pixel across the line (Go's division, toward zero, as text/v2's adjustGranularity)
	// and to a whole pixel down it. Its image's corner is b.Min.
	origin := fixed.Point26_6{
		X: fixed.Int26_6(g.OriginX*64) + fixed.Int26_6(g.OriginOffsetX*64),
		Y: fixed.Int26_6(g.OriginY*64) + fixed.Int26_6(g.OriginOffsetY*64),
	}
	origin.X = origin.X / sf.granularity * sf.granularity
	origin.Y &^= 63
	return glyphKey{
		font: sf.font, size: sf.size, gid: g.GID,
		bias: fixed.Point26_6{X: origin.X - fixed.I(b.Min.X), Y: origin.Y - fixed.I(b.Min.Y)},
		w:    b.Dx(), h: b.Dy(),
	}
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
	// A move alone: the glyphs' images lie on whole pixels of the layout, so an image sampled
	// at the nearest pixel is the image moved by whole pixels, by the nearest whole number of
	// them (half a pixel rounds down, as exact sampling would). Moved by that number, the
	// sheet's triangles sample exactly at the pixels' centres, where sampling at a half pixel
	// would depend on the rounding of the coordinates on each texture.
	geoM.Reset()
	geoM.Translate(math.Ceil(tx-0.5), math.Ceil(ty-0.5))
	sf, ownGlyphs := sheetFaceOf(face)
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
		var r image.Rectangle
		ok := ownGlyphs && b.Dx()+sheetGap <= sheetW && b.Dy()+sheetGap <= sheetH
		if ok {
			r, ok = sh.place(sf, g, dst, op)
		}
		if !ok {
			sh.drawDirect(dst, g, geoM, op)
			continue
		}
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

// drawDirect draws glyph g from text/v2's image of it, as text.Draw does.
func (sh *glyphSheet) drawDirect(dst *ebiten.Image, g text.LazyGlyph, geoM ebiten.GeoM, op *text.DrawOptions) {
	img := g.Image()
	if img == nil {
		return
	}
	o := op.DrawImageOptions
	if g.Colored() {
		// As text.Draw: a coloured glyph takes only the alpha of the colour.
		o.ColorScale.Reset()
		o.ColorScale.ScaleAlpha(op.ColorScale.A())
	}
	o.GeoM.Reset()
	o.GeoM.Translate(float64(g.ImageBounds.Min.X), float64(g.ImageBounds.Min.Y))
	o.GeoM.Concat(geoM)
	dst.DrawImage(img, &o)
	sh.stats.Direct++
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

// place is where glyph g lies on the sheet, drawing it there first if it is not; false for a
// glyph without an outline (a coloured or bitmap glyph), which text/v2 draws. When the sheet is
// full, what the current line gathered is drawn first (its glyphs are about to be painted
// over), and the sheet starts again.
func (sh *glyphSheet) place(sf sheetFace, g text.LazyGlyph, dst *ebiten.Image, op *text.DrawOptions) (image.Rectangle, bool) {
	if sh.img == nil {
		sh.img = NewUnmanagedImage("glyph sheet", sheetW, sheetH)
		sh.at = map[glyphKey]image.Rectangle{}
	}
	k := sf.key(g)
	if r, ok := sh.at[k]; ok {
		return r, true
	}
	outline, ok := sf.font.GlyphData(font.GID(g.GID)).(font.GlyphOutline)
	if !ok {
		return image.Rectangle{}, false
	}
	if sh.x+k.w+sheetGap > sheetW {
		sh.x, sh.y, sh.shelf = 0, sh.y+sh.shelf, 0
	}
	if sh.y+k.h+sheetGap > sheetH {
		sh.flush(dst, op)
		sh.reset()
	}
	r := image.Rect(sh.x, sh.y, sh.x+k.w, sh.y+k.h)
	sh.x += k.w + sheetGap
	sh.shelf = max(sh.shelf, k.h+sheetGap)
	sh.img.SubImage(r).(*ebiten.Image).WritePixels(sh.rasterize(k, outline, sf.scale))
	sh.at[k] = r
	sh.stats.Drawn++
	return r, true
}

// rasterize is the glyph's pixels, premultiplied white at its coverage: the outline scaled to
// pixels (y down), moved by the key's bias, filled by golang.org/x/image/vector with the same
// arithmetic, in the same order, as text/v2's segmentsToImage, so the pixels are its pixels.
func (sh *glyphSheet) rasterize(k glyphKey, outline font.GlyphOutline, scale float32) []byte {
	if sh.rast == nil {
		sh.rast = gvector.NewRasterizer(k.w, k.h)
	}
	sh.rast.Reset(k.w, k.h)
	sh.rast.DrawOp = draw.Src
	bx, by := float32(k.bias.X)/64, float32(k.bias.Y)/64
	// Each product rounded to a float32 on its own (the conversion says so), as text/v2 stores
	// the scaled outline before it adds the bias: no fused multiply-add may change a pixel.
	pt := func(p opentype.SegmentPoint) (float32, float32) {
		return float32(p.X*scale) + bx, float32(p.Y*-scale) + by
	}
	for _, seg := range outline.Segments {
		switch seg.Op {
		case opentype.SegmentOpMoveTo:
			sh.rast.MoveTo(pt(seg.Args[0]))
		case opentype.SegmentOpLineTo:
			sh.rast.LineTo(pt(seg.Args[0]))
		case opentype.SegmentOpQuadTo:
			x0, y0 := pt(seg.Args[0])
			x1, y1 := pt(seg.Args[1])
			sh.rast.QuadTo(x0, y0, x1, y1)
		case opentype.SegmentOpCubeTo:
			x0, y0 := pt(seg.Args[0])
			x1, y1 := pt(seg.Args[1])
			x2, y2 := pt(seg.Args[2])
			sh.rast.CubeTo(x0, y0, x1, y1, x2, y2)
		}
	}
	sh.rast.ClosePath()
	if n := 4 * k.w * k.h; sh.pix == nil || cap(sh.pix.Pix) < n {
		sh.pix = image.NewRGBA(image.Rect(0, 0, k.w, k.h))
	} else {
		sh.pix.Pix, sh.pix.Stride, sh.pix.Rect = sh.pix.Pix[:n], 4*k.w, image.Rect(0, 0, k.w, k.h)
	}
	sh.rast.Draw(sh.pix, sh.pix.Rect, image.Opaque, image.Point{})
	return sh.pix.Pix
}

// reset empties the sheet: its glyphs are drawn again as they are next needed. Draws already
// queued from it keep the pixels they were queued with (Ebitengine carries out its queue in
// order).
func (sh *glyphSheet) reset() {
	clear(sh.at)
	sh.x, sh.y, sh.shelf = 0, 0, 0
	sh.stats.Resets++
}

// overlaps reports whether rect, moved by geoM, reaches into dst: a glyph outside a scrolled
// clip is not drawn, nor drawn onto the sheet.
func overlaps(geoM ebiten.GeoM, rect, dst image.Rectangle) bool {
	x0, y0 := geoM.Apply(float64(rect.Min.X), float64(rect.Min.Y))
	x1, y1 := geoM.Apply(float64(rect.Max.X), float64(rect.Min.Y))
	x2, y2 := geoM.Apply(float64(rect.Min.X), float64(rect.Max.Y))
	x3, y3 := geoM.Apply(float64(rect.Max.X), float64(rect.Max.Y))
	t := image.Rect(int(math.Floor(min(x0, x1, x2, x3))), int(math.Floor(min(y0, y1, y2, y3))),
		int(math.Ceil(max(x0, x1, x2, x3))), int(math.Ceil(max(y0, y1, y2, y3))))
	return t.Overlaps(dst)
}
