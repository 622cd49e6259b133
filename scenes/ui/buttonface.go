package ui

import (
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/sprites"
)

// faceKey is everything a button's face (shadow, fill, outline and icon) depends on. The
// position enters only as its fraction of a pixel, so the face is painted with the same
// antialiasing it would have on the screen and then copied at whole pixels: a button that
// stays put, or moves by whole pixels (a scrolled list), is painted once. Sizes, colours and
// the icon's place are in the key, so a resize, a language (label width, reading direction) or
// text-size change makes new keys and the old faces age out of the cache.
type faceKey struct {
	w, h, rad   float64
	fx, fy      float64 // the button's top-left corner's fraction of a pixel
	lift, edgeW float64 // the shadow's drop and the outline's width
	press       float64 // how far a pressed face sinks
	fill, edge  color.RGBA
	shadow      bool
	icon        Icon
	ink         color.RGBA
	ix, iy, ir  float64 // the icon's centre from the corner's whole pixel, and its radius
	rtl         bool
	ring        bool // the focus ring: the edge stroked edgeW wide, nothing else
}

// faceEntry is one painted face: its image, and where its (0, 0) lies from the button's
// corner's whole pixel.
type faceEntry struct {
	img    *ebiten.Image
	ox, oy int
	used   uint64
}

// maxFaces bounds the cache: a screen shows a few dozen buttons in a few states each.
const maxFaces = 64

var faces = struct {
	sync.Mutex
	m    map[faceKey]*faceEntry
	tick uint64
}{m: map[faceKey]*faceEntry{}}

// drawFace draws the face k of a button whose top-left corner is at (x, y), painting it into
// the cache first if it is not there.
func drawFace(dst *ebiten.Image, k faceKey, x, y float64) {
	if k.fill.A == 0 && k.edge.A == 0 && !k.shadow && k.icon == NoIcon {
		return
	}
	faces.Lock()
	defer faces.Unlock()
	faces.tick++
	e := faces.m[k]
	if e == nil {
		e = paintFace(k)
		if len(faces.m) >= maxFaces {
			evictFace()
		}
		faces.m[k] = e
	}
	e.used = faces.tick
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Floor(x)+float64(e.ox), math.Floor(y)+float64(e.oy))
	dst.DrawImage(e.img, op)
}

// evictFace drops the face used longest ago.
func evictFace() {
	var oldest faceKey
	var at uint64 = math.MaxUint64
	for k, e := range faces.m {
		if e.used < at {
			oldest, at = k, e.used
		}
	}
	if e := faces.m[oldest]; e != nil {
		sprites.Release(e.img)
		delete(faces.m, oldest)
	}
}

// paintFace paints face k into a new image just large enough for it.
func paintFace(k faceKey) *faceEntry {
	// The bounds, from the corner's whole pixel: the face with its outline, shadow and sinking,
	// and the icon's circle with its strokes.
	grow := k.edgeW + 2
	x0, y0 := k.fx-grow, k.fy-grow
	x1, y1 := k.fx+k.w+grow, k.fy+k.h+k.lift+k.press+grow
	if k.icon != NoIcon {
		ir := k.ir*1.3 + 2
		x0, y0 = math.Min(x0, k.ix-ir), math.Min(y0, k.iy-ir)
		x1, y1 = math.Max(x1, k.ix+ir), math.Max(y1, k.iy+ir)
	}
	ox, oy := int(math.Floor(x0)), int(math.Floor(y0))
	// A texture of its own and painted in bands, as the pictures (sprites.NewUnmanagedImage,
	// sprites.PaintInBands): the picker's cards are faces 288×354 pixels and more.
	img := sprites.NewUnmanagedImage("button face", int(math.Ceil(x1))-ox, int(math.Ceil(y1))-oy)
	// Painted with (0, 0) at the corner's whole pixel, as it will be drawn.
	px, py := -float64(ox), -float64(oy)
	sprites.PaintInBands(img, func(img *ebiten.Image) {
		x, y := px+k.fx, py+k.fy
		if k.shadow {
			sprites.Fill(img, sprites.RoundRect(x, y+k.lift, k.w, k.h, k.rad), color.RGBA{0, 0, 0, 40})
		}
		y += k.press
		if k.fill.A > 0 {
			sprites.Fill(img, sprites.RoundRect(x, y, k.w, k.h, k.rad), k.fill)
		}
		// The focus ring too is the even-odd fill of two rounded rectangles, the same shape
		// as a stroke with round joins: stroked, a ring painted band by band queued some
		// 30 MB of Ebitengine's draws in the replay (sprites/paths.go, queueWork).
		if k.ring || k.edge.A > 0 {
			sprites.FrameRoundRect(img, x, y, k.w, k.h, k.rad, k.edgeW, k.edge)
		}
		if k.icon != NoIcon {
			drawIcon(img, k.icon, px+k.ix, py+k.iy, k.ir, k.ink, k.rtl)
		}
	})
	return &faceEntry{img: img, ox: ox, oy: oy}
}
