package boards

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/ui"
	"sig/sprites"
)

// stampCache keeps the small pictures of the Seega and Sadeqa boards (count badges, labels,
// captions, spears, rings) drawn once and copied every frame, so that a frame of a busy board
// (a long sowing) fills no vector paths and lays out no text: it allocates next to nothing.
// The pictures live in ui.Pictures (bounded, shared by the whole app); the stamps here are
// where each is anchored. It is emptied at every layout, and when it grows past a bound
// (captions and the hand's tag change as a game goes on).
type stampCache struct {
	m    map[stampKey]*stamp
	op   ebiten.DrawImageOptions
	pics ui.Owner
}

// stampPicture names a stamp's picture in ui.Pictures.
type stampPicture struct {
	owner uint64
	k     stampKey
}

// stampKind says what a stamp shows; with the key's other fields it names one picture.
type stampKind uint8

const (
	stampText stampKind = iota + 1
	stampBadge
	stampBanner
	stampToast
	stampTag
	stampRing
	stampDisc
	stampSpear
	stampPiece
	stampCell
	stampDoomed
	stampDest
	stampTray
	stampOutline
)

type stampKey struct {
	kind stampKind
	text string
	st   ui.Style
	c    color.RGBA
	w, h int // the size the picture was made for (in pixels)
}

// stamp is a cached picture (as of the frame it was asked for in) and the point of it that is
// placed at the drawing position.
type stamp struct {
	img    *ebiten.Image
	ax, ay float64
}

// maxStamps bounds the cache; past it, everything is drawn afresh.
const maxStamps = 400

func (c *stampCache) reset() {
	for k := range c.m {
		ui.Pictures.Forget(stampPicture{c.pics.ID(), k})
	}
	c.m = nil
}

// get returns the stamp k, painting it into a w×h image with its anchor at (ax, ay) on first
// use.
func (c *stampCache) get(k stampKey, w, h int, ax, ay float64, paint func(img *ebiten.Image)) *stamp {
	s, ok := c.m[k]
	if !ok {
		if c.m == nil || len(c.m) >= maxStamps {
			c.reset()
			c.m = map[stampKey]*stamp{}
		}
		s = &stamp{ax: ax, ay: ay}
		c.m[k] = s
	}
	// Asked for every time: the cache may have let the picture go since (it paints it again;
	// paint may be nil only when the picture is held).
	s.img = ui.Pictures.Get(stampPicture{c.pics.ID(), k}, w, h, paint)
	return s
}

// draw copies s with its anchor at (x, y), scaled by scale about the anchor, at opacity alpha
// and tinted by tint (white: as painted).
func (c *stampCache) draw(dst *ebiten.Image, s *stamp, x, y, scale, alpha float64, tint color.RGBA) {
	if s == nil || alpha <= 0.001 || scale <= 0 {
		return
	}
	op := &c.op
	op.GeoM.Reset()
	op.GeoM.Translate(-s.ax, -s.ay)
	op.GeoM.Scale(scale, scale)
	op.GeoM.Translate(x, y)
	op.ColorScale.Reset()
	if tint != white {
		// Premultiplied, as color.RGBA is; spelled out so that nothing is boxed.
		op.ColorScale.Scale(float32(tint.R)/255, float32(tint.G)/255, float32(tint.B)/255, float32(tint.A)/255)
	}
	op.ColorScale.ScaleAlpha(float32(alpha))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.img, op)
}

var white = color.RGBA{255, 255, 255, 255}

// text draws s in style st and colour col with its line's top at y and its anchor at x
// (ui.Start: left edge, ui.Center: middle, ui.End: right edge), as ui.Metrics.Text does.
func (c *stampCache) text(dst *ebiten.Image, m ui.Metrics, s string, st ui.Style, x, y float64, a ui.Align, col color.RGBA) {
	if s == "" {
		return
	}
	sp := c.textStamp(m, stampKey{kind: stampText, text: s, st: st, c: col})
	w := float64(sp.img.Bounds().Dx()) - 4
	ax := 0.0
	switch a {
	case ui.Center:
		ax = w / 2
	case ui.End:
		ax = w
	}
	c.draw(dst, sp, x-ax, y+m.LineHeight(st)/2, 1, 1, white)
}

// textStamp makes (or finds) the picture of a text: its anchor is the left end of the line's
// middle, 2 pixels in.
func (c *stampCache) textStamp(m ui.Metrics, k stampKey) *stamp {
	if s, ok := c.held(k); ok {
		return s
	}
	w := m.Measure(k.st, k.text)
	lh := m.LineHeight(k.st)
	above, below := m.InkMargins(k.st, k.text)
	return c.get(k, int(math.Ceil(w))+4, int(math.Ceil(lh+above+below))+2, 2, above+lh/2+1, func(img *ebiten.Image) {
		m.Text(img, k.text, k.st, 2, above+1, ui.Start, k.c)
	})
}

// disc is a white disc of radius r (tinted when drawn); anchor at its centre.
func (c *stampCache) disc(r float64) *stamp {
	n := int(math.Ceil(r*2)) + 4
	return c.get(discStampKey(r), n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		sprites.Disc(img, float64(n)/2, float64(n)/2, r, white)
	})
}

// discStampKey names the picture of disc(r).
func discStampKey(r float64) stampKey { return stampKey{kind: stampDisc, w: int(math.Round(r * 4))} }

// ring is a white ring of radius r and width w (tinted when drawn); anchor at its centre.
func (c *stampCache) ring(r, w float64) *stamp {
	n := int(math.Ceil(r*2+w)) + 4
	return c.get(stampKey{kind: stampRing, w: int(math.Round(r * 4)), h: int(math.Round(w * 4))}, n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		sprites.Ring(img, float64(n)/2, float64(n)/2, r, w, white)
	})
}

// spaceOutline draws the outline of the polygon poly, w wide, in colour col (premultiplied), from
// a white picture of it kept under id (a space of the board: its shape is the same until the
// next layout empties the cache).
func (c *stampCache) spaceOutline(dst *ebiten.Image, id int, poly []sprites.Pt, w float64, col color.RGBA) {
	if s, ox, oy := c.spaceOutlineStamp(id, poly, w); s != nil {
		c.draw(dst, s, ox, oy, 1, 1, col)
	}
}

// spaceOutlineStamp is the picture spaceOutline copies and where its top left goes.
func (c *stampCache) spaceOutlineStamp(id int, poly []sprites.Pt, w float64) (*stamp, float64, float64) {
	k, ox, oy, W, H := outlineStampKey(id, poly, w)
	if W <= 0 {
		return nil, 0, 0
	}
	return c.get(k, W, H, 0, 0, func(img *ebiten.Image) {
		moved := make([]sprites.Pt, len(poly))
		for i, p := range poly {
			moved[i] = sprites.Pt{X: p.X - ox, Y: p.Y - oy}
		}
		sprites.Stroke(img, sprites.Polygon(moved), w, white)
	}), ox, oy
}

// outlineStampKey names the outline's picture; its top left lies at (ox, oy), on a whole pixel,
// so it is copied without resampling and keeps the antialiasing it would have had on the
// screen. W is 0 for no polygon.
func outlineStampKey(id int, poly []sprites.Pt, w float64) (k stampKey, ox, oy float64, W, H int) {
	if len(poly) < 3 {
		return stampKey{}, 0, 0, 0, 0
	}
	x0, y0, x1, y1 := poly[0].X, poly[0].Y, poly[0].X, poly[0].Y
	for _, p := range poly[1:] {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	ox, oy = math.Floor(x0-w-2), math.Floor(y0-w-2)
	W, H = int(math.Ceil(x1+w+2-ox)), int(math.Ceil(y1+w+2-oy))
	return stampKey{kind: stampOutline, w: id, h: int(math.Round(w * 16))}, ox, oy, W, H
}

// has reports whether the picture k is made (and still held by ui.Pictures).
func (c *stampCache) has(k stampKey) bool {
	_, ok := c.m[k]
	return ok && ui.Pictures.Has(stampPicture{c.pics.ID(), k})
}

// held is the stamp k when its picture is made and still held (for the callers that skip
// measuring and painting then): asked for again, as every picture is, each frame.
func (c *stampCache) held(k stampKey) (*stamp, bool) {
	s, ok := c.m[k]
	if !ok || !ui.Pictures.Has(stampPicture{c.pics.ID(), k}) {
		return nil, false
	}
	b := s.img.Bounds()
	return c.get(k, b.Dx(), b.Dy(), s.ax, s.ay, nil), true
}

// bannerStamp is a caption in a w×h strip: msg centred in a chalk pill, one bold line if it fits,
// else up to two lines of the small size, else shortened; anchored at the strip's top left.
func bannerStamp(c *stampCache, m ui.Metrics, w, h float64, msg string, ink color.RGBA) *stamp {
	k := stampKey{kind: stampBanner, text: msg, c: ink, w: int(w), h: int(h)}
	if s, ok := c.held(k); ok {
		return s
	}
	return c.get(k, int(math.Ceil(w)), int(math.Ceil(h)), 0, 0, func(img *ebiten.Image) {
		drawCaptionBanner(img, m, ui.Rect{W: w, H: h}, msg, ink, sprites.Fade(sprites.Chalk, 0.9))
	})
}

// announcementStamp is an announcement ("Capture again!", "Bonus move!") for an area of
// areaW×areaH, anchored at its centre.
func announcementStamp(c *stampCache, m ui.Metrics, areaW, areaH float64, msg string) *stamp {
	k := stampKey{kind: stampToast, text: msg, w: int(areaW)}
	if s, ok := c.held(k); ok {
		return s
	}
	st := ui.Heading
	w := math.Min(areaW*0.9, m.Measure(st, msg)+m.Pt(40))
	h := m.LineHeight(st) + m.Pt(18)
	W, H := int(math.Ceil(w))+8, int(math.Ceil(h))+10
	return c.get(k, W, H, float64(W)/2, float64(H)/2, func(img *ebiten.Image) {
		x, y := 4.0, 3.0
		sprites.Fill(img, sprites.RoundRect(x+2, y+4, w, h, h/2), sprites.Fade(sprites.Ink, 0.3))
		sprites.Fill(img, sprites.RoundRect(x, y, w, h, h/2), sprites.Fade(sprites.Mix(sprites.Ink, sprites.Indigo, 0.35), 0.92))
		sprites.Stroke(img, sprites.RoundRect(x, y, w, h, h/2), math.Max(1.5, m.Pt(2)), sprites.Saffron)
		m.Text(img, m.Ellipsize(msg, st, w-m.Pt(20)), st, x+w/2, y+(h-m.LineHeight(st))/2, ui.Center, sprites.Chalk)
	})
}

// captionTwoLines is the height of a caption strip that holds two lines of drawCaptionBanner's
// small type with their ink (Naskh's dots above and below) once its board insets it by inset
// (a fraction of its height) on each side: on a phone's width a caption takes two lines in a
// longer language or larger text, and is never cut.
func captionTwoLines(m ui.Metrics, inset float64) float64 {
	above, below := m.LineMargins(ui.Small)
	return (m.LineHeight(ui.Small)*1.9 + above + below) / (1 - 2*inset)
}

// captionPad is the room drawCaptionBanner leaves each side of its words in r: a board that
// measures its captions ahead (their strip's height) asks it rather than restate it.
func captionPad(m ui.Metrics, r ui.Rect) float64 { return math.Min(m.Pt(14), r.H*0.5) }

// drawCaptionBanner writes msg centred in a chalk pill in r: one bold line if it fits, else one
// line of the small size, else up to two, else shortened.
func drawCaptionBanner(dst *ebiten.Image, m ui.Metrics, r ui.Rect, msg string, ink, paper color.RGBA) {
	pad := captionPad(m, r)
	w := r.W - 2*pad
	// height is what lines in style st take from the top of the first line's ink to the bottom
	// of the last's (Naskh's dots below included); fits, whether they fit the strip.
	height := func(lines []string, st ui.Style) float64 {
		above, below := m.InkMargins(st, strings.Join(lines, " "))
		return float64(len(lines)-1)*m.LineHeight(st)*0.9 + m.LineHeight(st) + above + below
	}
	fits := func(lines []string, st ui.Style) bool {
		for _, l := range lines {
			if m.Measure(st, l) > w {
				return false
			}
		}
		return height(lines, st) <= r.H*1.05
	}
	lines, st := []string{msg}, ui.BodyBold
	switch {
	case fits(lines, st):
	case fits(lines, ui.SmallBold):
		st = ui.SmallBold
	case fits(lines, ui.Small):
		st = ui.Small // the small type, still one line, before two
	case len(m.Wrap(msg, ui.Small, w)) <= 2 && fits(m.Wrap(msg, ui.Small, w), ui.Small):
		lines, st = m.Wrap(msg, ui.Small, w), ui.Small
	default:
		lines, st = []string{m.Ellipsize(msg, ui.Small, w)}, ui.Small
	}
	lh := m.LineHeight(st) * 0.9
	above, _ := m.InkMargins(st, strings.Join(lines, " "))
	tw := 0.0
	for _, l := range lines {
		tw = math.Max(tw, m.Measure(st, l))
	}
	bw := math.Min(r.W, tw+2*pad)
	bh := math.Max(math.Min(r.H, float64(len(lines))*lh+r.H*0.2), float64(len(lines))*lh)
	bx, by := r.CX()-bw/2, r.CY()-bh/2
	sprites.Fill(dst, sprites.RoundRect(bx, by, bw, bh, math.Min(bh/2, m.Pt(14))), paper)
	// The ink's block centred in the strip.
	y := r.CY() - height(lines, st)/2 + above
	for _, l := range lines {
		m.Text(dst, l, st, r.CX(), y, ui.Center, ink)
		y += lh
	}
}

// outline is a white rounded outline of w×h with corner radius rad and stroke width sw (tinted
// when drawn: the turn's saffron ring around a tray or a dish); anchored at its top left.
func (c *stampCache) outline(w, h, rad, sw float64) *stamp {
	n := int(math.Ceil(sw)) + 2
	k := stampKey{kind: stampRing, text: "outline", w: int(w), h: int(h)}
	return c.get(k, int(math.Ceil(w))+2*n, int(math.Ceil(h))+2*n, float64(n), float64(n), func(img *ebiten.Image) {
		sprites.Stroke(img, sprites.RoundRect(float64(n), float64(n), w, h, rad), sw, white)
	})
}
