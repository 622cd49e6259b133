package sprites

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Every path this package fills or strokes goes through fillPath, strokePath or
// fillTriangles, so that a test can count the paths drawn straight onto one image.
//
// Why it matters: a path is not drawn like a picture. Ebitengine fills it through a stencil
// image of its own and then copies the result, so every frame that fills paths onto the screen
// switches the GPU between render targets, and in software rendering (Mesa's llvmpipe, the
// browser's SwiftShader) each switch costs milliseconds; the processor spends more on the
// paths' triangles than on the rest of the frame. Measured on the Ghoula's drag (BENCHMARKS.md, "Frame rates, desktop and browser"):
// 7 frames a second under llvmpipe with the few paths each frame drew on the screen (the
// halo, the last move's marks, the trail, the tray), 38 with those frames skipping them. So a
// frame copies pictures; paths are painted into pictures, once.

func fillPath(dst *ebiten.Image, p *vector.Path, fo *vector.FillOptions, op *vector.DrawPathOptions) {
	noticePath(dst)
	inBands(dst, p.Bounds(), op.AntiAlias, 1, func(dst *ebiten.Image) { vector.FillPath(dst, p, fo, op) })
}

func strokePath(dst *ebiten.Image, p *vector.Path, so *vector.StrokeOptions, op *vector.DrawPathOptions) {
	noticePath(dst)
	grow := int(math.Ceil(float64(so.Width)*max(1, float64(so.MiterLimit))/2)) + 1
	inBands(dst, p.Bounds().Inset(-grow), op.AntiAlias, strokeWork, func(dst *ebiten.Image) { vector.StrokePath(dst, p, so, op) })
}

// inBands fills a path with bounds b onto dst with fill: at once if it is at most bandRows
// high, or else band by band, each onto a sub-image of dst bandRows high, so that the vector
// package's stencil holds one band of it (below). The bands give the same pixels: the path is
// the same, only cut. work is what the path weighs in Ebitengine's queue (queueStencil).
func inBands(dst *ebiten.Image, b image.Rectangle, antialias bool, work int, fill func(dst *ebiten.Image)) {
	b = b.Intersect(dst.Bounds())
	if b.Empty() {
		// Nothing of it falls on dst (a band of PaintInBands it does not reach): the vector
		// package would still turn it into triangles and queue them.
		return
	}
	if b.Dy() <= bandRows {
		queueStencil(dst, b, antialias, work)
		fill(dst)
		return
	}
	for y := b.Min.Y; y < b.Max.Y; y += bandRows {
		band := image.Rect(b.Min.X, y, b.Max.X, min(y+bandRows, b.Max.Y))
		sub := dst.SubImage(band).(*ebiten.Image)
		queueStencil(sub, band, antialias, work)
		fill(sub)
	}
}

// fillAll fills the paths ps onto dst as one path in each band of inBands, made of only the
// paths that reach into that band: a path of them all would be turned into triangles whole
// in every band (eight antialiasing passes each), and Ebitengine keeps the vertices queued for
// the busiest frame's sake for the rest of the run. Filled one by one, they would be nine draws
// each (FillAll). The paths must not overlap: where they do, one path fills them once.
func fillAll(dst *ebiten.Image, ps []*vector.Path, op *vector.DrawPathOptions) {
	noticePath(dst)
	bounds := make([]image.Rectangle, len(ps))
	var all image.Rectangle
	for i, p := range ps {
		bounds[i] = p.Bounds()
		all = all.Union(bounds[i])
	}
	all = all.Intersect(dst.Bounds())
	for y := all.Min.Y; y < all.Max.Y; y += bandRows {
		band := image.Rect(all.Min.X, y, all.Max.X, min(y+bandRows, all.Max.Y))
		var p vector.Path
		n := 0
		for i, q := range ps {
			if bounds[i].Overlaps(band) {
				p.AddPath(q, &vector.AddPathOptions{})
				n++
			}
		}
		if n == 0 {
			continue
		}
		sub := dst
		if band != dst.Bounds() {
			sub = dst.SubImage(band).(*ebiten.Image)
		}
		// Its weight in Ebitengine's queue is its shapes', each a fill's: counted as one fill,
		// a board's squares queued 52 MB of vertices between two carryings out, kept as live
		// heap (the soak's heap profile).
		queueStencil(sub, band, op.AntiAlias, n)
		vector.FillPath(sub, &p, nil, op)
	}
}

// strokeLines strokes the polylines lines onto dst as one path, as strokePath does, but cut
// into strips of dst, each holding only the lines that reach into it, and with Ebitengine's
// queue drawn out (drawNow) between strips once linePoints points of lines are queued. The
// vector package turns a path into triangles a dozen times over (one pass per antialiasing
// sample, arcs at every round join and cap), about 40 KB of vertices a point of a line, and
// Ebitengine keeps the vertices queued until the frame's end, then keeps their memory for the
// rest of the run: the spiral's three board-wide strokes, whole in each band of the board,
// held 390 MB of Go heap at the eight-seat spiral; whole once, 75 MB (BENCHMARKS.md, "Memory
// over a long session"). The pixels in a strip are the same: a line that does not reach into
// it adds nothing there, and strips do not overlap. For pictures painted once (drawNow waits
// for the GPU).
func strokeLines(dst *ebiten.Image, lines [][]Pt, so *vector.StrokeOptions, op *vector.DrawPathOptions) {
	noticePath(dst)
	grow := int(math.Ceil(float64(so.Width)*max(1, float64(so.MiterLimit))/2)) + 1
	boxes := make([]image.Rectangle, len(lines))
	var all image.Rectangle
	for i, l := range lines {
		if len(l) < 2 {
			continue
		}
		x0, y0, x1, y1 := l[0].X, l[0].Y, l[0].X, l[0].Y
		for _, q := range l[1:] {
			x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
		}
		boxes[i] = image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Inset(-grow)
		all = all.Union(boxes[i])
	}
	all = all.Intersect(dst.Bounds())
	queued := 0 // points of lines queued since the last drawing out
	var strip func(r image.Rectangle)
	strip = func(r image.Rectangle) {
		var in []int
		points := 0
		for i, l := range lines {
			if len(l) >= 2 && boxes[i].Overlaps(r) {
				in = append(in, i)
				points += len(l)
			}
		}
		if points == 0 {
			return
		}
		if points > linePoints && r.Dy() >= 2*minStripRows {
			mid := r.Min.Y + r.Dy()/2
			strip(image.Rect(r.Min.X, r.Min.Y, r.Max.X, mid))
			strip(image.Rect(r.Min.X, mid, r.Max.X, r.Max.Y))
			return
		}
		if queued > 0 && queued+points > linePoints {
			drawNow(dst)
			queued = 0
		}
		queued += points
		var p vector.Path
		for _, i := range in {
			l := lines[i]
			p.MoveTo(float32(l[0].X), float32(l[0].Y))
			for _, q := range l[1:] {
				p.LineTo(float32(q.X), float32(q.Y))
			}
		}
		sub := dst
		if r != dst.Bounds() {
			sub = dst.SubImage(r).(*ebiten.Image)
		}
		queueStencil(sub, r, op.AntiAlias, 0) // its own drawing out, by points
		vector.StrokePath(sub, &p, so, op)
	}
	// Bands first, for the stencil's sake (eachBand), then strips within them, for the queue's.
	if all.Dy() <= bandRows {
		strip(all)
	} else {
		for y := all.Min.Y; y < all.Max.Y; y += bandRows {
			strip(image.Rect(all.Min.X, y, all.Max.X, min(y+bandRows, all.Max.Y)))
		}
	}
	if queued > 0 {
		drawNow(dst)
	}
}

// linePoints is how many points of lines strokeLines queues before it has Ebitengine draw
// them out (about 40 KB of queued vertices a point), and minStripRows the thinnest strip it
// cuts to get there.
const (
	linePoints   = 256
	minStripRows = 8
)

// The vector package queues the paths filled onto an image and fills them together when the
// image is next used, through one stencil image of its own, for the app's life, that only ever
// grows. It packs the queued paths' bounds (rounded up to 16 pixels, twice as wide when
// antialiased) into rows 4,093 pixels wide, tallest first, and every row is as tall as the
// tallest path of the batch, not of the row. So one tall path among wide ones makes every row
// tall: the rules page's scroll bar (627 pixels) queued with its eight edge fades (890 wide)
// took four rows of 640, a stencil of 3776×1936, grown to 4093×2217 (35 MB) on an atlas page
// of 8192×4096 (128 MB) that stayed for the app's life (BENCHMARKS.md, "Memory over a long
// session"; measured with a debug copy of Ebitengine that lists every batch). Four
// card-sized panels in one batch had grown it to 4093×1478 (23 MB) on a 64 MB page.
//
// So a path taller than bandRows is filled in bands (inBands), and the paths queued are drawn
// out before the stencil they need could pass stencilRows rows: at most 4093×292 pixels
// (4.6 MB; the vector package rounds sizes up to a power of 1.5).
const (
	stencilWidth = 4093
	stencilRows  = 256
)

// stencilBatch is what the paths queued since the last drawing out ask of the stencil: the sum
// of their widths there, how many of them are over half its width, and the tallest.
type stencilBatch struct{ width, wide, tallest int }

// with is the batch with a path of bounds b (within its destination) added.
func (s stencilBatch) with(b image.Rectangle, antialias bool) stencilBatch {
	w := (b.Dx() + 15) &^ 15
	if antialias {
		w *= 2
	}
	s.width += w
	if w > stencilWidth/2 {
		s.wide++
	}
	s.tallest = max(s.tallest, (b.Dy()+15)&^15)
	return s
}

// rows bounds the stencil's height for the batch. A row is closed when the next path does not
// fit beside it: by a path over half the width (one row each at most), or else with more than
// half the width filled (at most twice the sum of widths over the stencil's width); then the
// last row. Every row is as tall as the tallest path.
func (s stencilBatch) rows() int {
	return s.tallest * (1 + s.wide + 2*s.width/stencilWidth)
}

// Every path filled queues its triangles in Ebitengine's queue of draws, a dozen times over
// (one pass per antialiasing sample), and Ebitengine keeps the queue until the frame ends or
// a pixel is read, then keeps its memory, at the size of the busiest stretch, for the app's
// life, as live Go heap. A filled circle queues some 190 KB, a stroked one 600 KB (every
// segment a quad, a round join an arc; measured in a test, with the copies the test's harness
// keeps). One replay frame at the eight-seat spiral, painting its transport buttons' faces,
// queued 80–125 MB, which stayed: the soak's live heap went from 45–66 MB in the first game to
// 90–156 MB after the first replay (BENCHMARKS.md, "Memory over a long session").
// So once queueWork units of work are queued (a fill is one, a stroke strokeWork), Ebitengine
// is made to carry out its queue (drawNow): a stall for the GPU, in a frame that paints that
// much (a board, a screenful of buttons). queueWork is the platform's (queuework.go,
// queuework_js.go): a fill's weight is a guess, and a board's numbers, each glyph a path of
// curves, weigh far more than a square.
const strokeWork = 4

// queuedWork is the work queued since Ebitengine last carried out its queue.
var queuedWork int

// batch is the stencil the paths queued since the last drawing out ask for, and queuedOn the
// images they were queued for. One batch for all images, not one per image: the vector
// package queues per original image, and the scenes fill through many sub-images of one
// (scroll clips, bands), which a pointer does not tell apart. So a drawing out draws out every
// image of queuedOn, not only the one at hand: drawing out only that one and starting the
// count again forgot the paths queued for the others (the screen's, queued between pictures
// painted mid-frame). A batch that runs high (the paths of an image already drawn out by its
// use) only draws out a little early; an image released since (Deallocate drew out its paths
// then) is drawn nothing onto, and not allocated again (drawQueued).
var (
	batch    stencilBatch
	queuedOn []*ebiten.Image
)

// queueStencil counts a path with bounds b about to be queued for dst, first drawing out what
// is queued if the stencil would pass stencilRows, and having Ebitengine carry out its queue
// if the work queued since it last did would pass queueWork.
func queueStencil(dst *ebiten.Image, b image.Rectangle, antialias bool, work int) {
	b = b.Intersect(dst.Bounds())
	if b.Empty() {
		return
	}
	if queuedWork > 0 && queuedWork+work > queueWork {
		drawNow(nil)
	}
	queuedWork += work
	next := batch.with(b, antialias)
	if batch.tallest > 0 && next.rows() > stencilRows {
		drawOutPaths()
		next = batch.with(b, antialias)
	}
	batch = next
	if n := len(queuedOn); n == 0 || queuedOn[n-1] != dst {
		queuedOn = append(queuedOn, dst)
	}
}

// drawOutPaths has the vector package fill every path queued since the last drawing out, onto
// whichever image it was queued for, and starts the count again. Each image's queue is drawn
// out in order with what is drawn onto that image (any use of an image draws out its queue
// first), so drawing out early changes no pixel.
func drawOutPaths() {
	for _, img := range queuedOn {
		drawQueued(img)
	}
	clear(queuedOn)
	queuedOn = queuedOn[:0]
	batch = stencilBatch{}
}

// drawQueued has the vector package fill the paths it queued for dst: any use of dst does.
// Here a copy scaled to nothing, which Ebitengine drops after telling the vector package, and
// which waits for nothing (reading a pixel would wait for the GPU).
func drawQueued(dst *ebiten.Image) {
	if drawnOut != nil {
		drawnOut(dst)
	}
	if nothing == nil {
		nothing = newPixel()
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(0, 0)
	dst.DrawImage(nothing, op)
}

var nothing *ebiten.Image

// newPixel makes a 1×1 image that lives as long as the app (drawQueued's nothing, drawNow's
// probe) with a texture of its own. On an atlas page, an image that never goes keeps the page
// at whatever size it grew to for others since gone: the soak's listing of Ebitengine's
// textures found a 4096×1024 page (16 MB) holding nothing but one 1×1 image (BENCHMARKS.md,
// "Memory over a long session"). Its own texture is 16×16 pixels, 1 KB.
func newPixel() *ebiten.Image { return NewUnmanagedImage("pixel", 1, 1) }

// drawnOut, when a test sets it, is told of every image drawQueued draws out.
var drawnOut func(*ebiten.Image)

func fillTriangles(dst *ebiten.Image, vs []ebiten.Vertex, is []uint16, src *ebiten.Image, op *ebiten.DrawTrianglesOptions) {
	noticePath(dst)
	dst.DrawTriangles(vs, is, src, op)
}
