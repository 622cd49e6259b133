package sprites

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestPicturesDrawOutTheScreensPaths: paths filled onto the screen between pictures painted
// mid-frame (a board's pieces between its log lines) are drawn out before the stencil they
// need together passes the budget. Painting a picture used to start the count again while the
// screen's queue was left to grow: 4093×2217 stencil pixels at the eight-seat spiral.
func TestPicturesDrawOutTheScreensPaths(t *testing.T) {
	screen := ebiten.NewImage(640, 480)
	defer screen.Deallocate()
	pending := 0 // stencil pixels queued for the screen since it was last drawn out
	drawnOut = func(img *ebiten.Image) {
		if img == screen {
			pending = 0
		}
	}
	defer func() { drawnOut = nil }()
	drawOutPaths()

	piece := image.Rect(10, 10, 310, 310) // a path big enough that a few fill the budget
	for i := range 20 {
		Fill(screen, RoundRect(10, 10, 300, 300, 20), color.White)
		pending += stencilPixels(piece, true)
		if pending > stencilBudget {
			t.Fatalf("after %d pieces the screen holds %d stencil pixels of paths not drawn out, over the budget of %d", i+1, pending, stencilBudget)
		}
		pic := NewUnmanagedImage("picture", 200, 40)
		PaintInBands(pic, func(dst *ebiten.Image) {
			Fill(dst, RoundRect(0, 0, 200, 40, 8), color.Black)
		})
		Release(pic)
	}
	if len(queuedOn) != 0 || stencilQueued != 0 {
		t.Errorf("after the last picture %d images are listed as holding %d stencil pixels of queued paths, want none", len(queuedOn), stencilQueued)
	}
}
