package sprites

import (
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// packedHeight is how tall the vector package's stencil is for one batch of paths with these
// bounds, read from its source (ebiten/v2/vector/atlas.go, v2.10.4), not from this package:
// each bounds rounded up to 16 pixels, twice as wide when antialiased; sorted tallest first,
// then narrowest; laid left to right in rows 4,093 pixels wide; a path that does not fit
// starts a new row below the last, whose height is the tallest so far (the first path's).
func packedHeight(bounds []image.Rectangle, antialias bool) int {
	sizes := make([]image.Point, len(bounds))
	for i, b := range bounds {
		sizes[i] = image.Pt((b.Dx()+15)&^15, (b.Dy()+15)&^15)
		if antialias {
			sizes[i].X *= 2
		}
	}
	slices.SortStableFunc(sizes, func(a, b image.Point) int {
		if a.Y != b.Y {
			return b.Y - a.Y
		}
		return a.X - b.X
	})
	h, x, y, row := 0, 0, 0, 0
	for i, s := range sizes {
		if i == 0 {
			row = s.Y
		} else if x+s.X > 4093 {
			x, y = 0, y+row
			row = max(row, s.Y)
		}
		h = max(h, y+s.Y)
		x += s.X
	}
	return h
}

// TestStencilStaysSmall: whatever paths are queued (tall and narrow, wide and short, in any
// mix, each at most a band high as inBands leaves them), the batch the vector package fills
// at once never needs a stencil taller than stencilRows. The rules page's scroll bar queued
// with its eight edge fades needed 1,936 rows under a count of pixels.
func TestStencilStaysSmall(t *testing.T) {
	dst := ebiten.NewImage(2560, 1600)
	defer dst.Deallocate()
	var pending []image.Rectangle
	worst := 0
	drawnOut = func(*ebiten.Image) {
		if h := packedHeight(pending, true); h > stencilRows {
			t.Fatalf("a batch of %d paths drawn out needed a stencil %d rows high, over %d: %v", len(pending), h, stencilRows, pending)
		} else {
			worst = max(worst, h)
		}
		pending = pending[:0]
	}
	defer func() { drawnOut = nil }()
	drawOutPaths()

	// The rules page's frame, the case that grew the stencil.
	rules := []image.Rectangle{image.Rect(0, 0, 2, 58), image.Rect(0, 0, 2, 58), image.Rect(0, 0, 6, 128), image.Rect(0, 0, 6, 128)}
	for range 8 {
		rules = append(rules, image.Rect(0, 0, 890, 6))
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 5000 {
		var r image.Rectangle
		if i < len(rules) {
			r = rules[i]
		} else {
			w, h := 1+rng.IntN(1200), 1+rng.IntN(bandRows)
			switch rng.IntN(3) {
			case 0: // tall and narrow: a scroll bar, a tick
				w = 1 + rng.IntN(24)
			case 1: // wide and short: a fade, a rule
				h = 1 + rng.IntN(12)
			}
			x, y := rng.IntN(2560-w), rng.IntN(1600-h)
			r = image.Rect(x, y, x+w, y+h)
		}
		queueStencil(dst, r, true, 0)
		pending = append(pending, r)
	}
	drawOutPaths()
	if worst == 0 {
		t.Fatal("nothing was drawn out")
	}
	t.Logf("the tallest stencil a batch needed: %d rows", worst)
}

// TestPicturesDrawOutTheScreensPaths: paths filled onto the screen between pictures painted
// mid-frame (a board's pieces between its log lines) are drawn out before the stencil they
// need together passes stencilRows. Painting a picture used to start the count again while the
// screen's queue was left to grow.
func TestPicturesDrawOutTheScreensPaths(t *testing.T) {
	screen := ebiten.NewImage(640, 480)
	defer screen.Deallocate()
	var pending []image.Rectangle // the screen's paths queued since it was last drawn out
	drawnOut = func(img *ebiten.Image) {
		if img == screen {
			pending = pending[:0]
		}
	}
	defer func() { drawnOut = nil }()
	drawOutPaths()

	for i := range 20 {
		Fill(screen, RoundRect(10, 10+float64(i), 100, 100, 20), color.White)
		pending = append(pending, image.Rect(10, 10+i, 110, 110+i))
		if h := packedHeight(pending, true); h > stencilRows {
			t.Fatalf("after %d pieces the screen's paths not drawn out need a stencil %d rows high, over %d", i+1, h, stencilRows)
		}
		pic := NewUnmanagedImage("picture", 200, 40)
		PaintInBands(pic, func(dst *ebiten.Image) {
			Fill(dst, RoundRect(0, 0, 200, 40, 8), color.Black)
		})
		Release(pic)
	}
	if len(queuedOn) != 0 || batch != (stencilBatch{}) {
		t.Errorf("after the last picture %d images are listed as holding queued paths (%+v), want none", len(queuedOn), batch)
	}
}

// TestQueueCarriedOutByWork: Ebitengine is made to carry out its queue of draws once the paths
// queued since it last did weigh queueWork (a stroke weighs strokeWork fills), so that the
// queue's memory, which Ebitengine keeps at its busiest, stays bounded however many paths a
// frame fills.
func TestQueueCarriedOutByWork(t *testing.T) {
	dst := ebiten.NewImage(640, 480)
	defer dst.Deallocate()
	times := 0
	carriedOut = func() { times++ }
	defer func() { carriedOut = nil }()
	drawNow(nil)
	times = 0
	for i := range 1000 {
		Fill(dst, Circle(float64(10+i%600), 100, 6), color.White)
	}
	if want := 1000/queueWork - 1; times < want {
		t.Errorf("1,000 fills carried Ebitengine's queue out %d times, want at least %d", times, want)
	}
	times = 0
	for i := range 1000 {
		Stroke(dst, Circle(float64(10+i%600), 100, 6), 2, color.White)
	}
	if want := 1000*strokeWork/queueWork - 1; times < want {
		t.Errorf("1,000 strokes carried Ebitengine's queue out %d times, want at least %d", times, want)
	}
}
