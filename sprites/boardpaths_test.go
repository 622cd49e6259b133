package sprites

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules/games"
)

// TestBoardPathsDoNotGrowWithSquares: painting a game's board fills and strokes fewer paths
// than it has squares (or holes, or spaces). The vector package fills every path in nine
// draws whatever its size, and Ebitengine keeps the buffers of the busiest frame's draws for
// the rest of the run: a path for each square, hole, hollow and mark put 18,000 draws in the
// frame that painted the picker's boards. Shapes alike are filled or stroked together
// (FillAll, StrokeLines), so the count stays with the kinds of shapes, not their number.
func TestBoardPathsDoNotGrowWithSquares(t *testing.T) {
	for _, g := range games.All() {
		b := LayoutBoard(g.ID, Rect{X: 0, Y: 0, W: 900, H: 700})
		if len(b.Cells) == 0 {
			t.Fatalf("%s: no board laid out", g.ID)
		}
		img := ebiten.NewImage(920, 720)
		w := &PathWatch{Dst: img}
		stop := Watch(w)
		switch {
		case b.spiral != nil:
			b.spiral.paint(img, 0, 0)
		case b.essig != nil:
			b.essig.paint(img, 0, 0)
		default:
			b.paint(img)
		}
		stop()
		img.Deallocate()
		t.Logf("%s: %d paths for %d squares: %s", g.ID, w.Count, len(b.Cells), w)
		if w.Count == 0 {
			t.Errorf("%s: the board was painted without a path", g.ID)
		}
		if w.Count >= len(b.Cells) {
			t.Errorf("%s: %d paths for a board of %d squares: %s", g.ID, w.Count, len(b.Cells), w)
		}
	}
}
