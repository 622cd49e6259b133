//go:build screens

package sprites

import (
	"image/color"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// strokeCompare strokes the same lines twice onto pictures of a board's size, once by
// StrokeLines (each band its own lines) and once by Stroke of one path of them all (the whole
// path in every band), and reads both back (pixels can only be read while the game runs). It
// also notes the Go memory each way allocated, for the log.
type strokeCompare struct {
	lines        [][]Pt
	w, h         int
	split, whole []byte
	allocSplit   uint64
	allocWhole   uint64
	timeSplit    time.Duration
	timeWhole    time.Duration
	done         bool
}

func (s *strokeCompare) Update() error {
	if s.done {
		return ebiten.Termination
	}
	return nil
}

func allocated() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}

func (s *strokeCompare) Draw(screen *ebiten.Image) {
	if s.done {
		return
	}
	a := ebiten.NewImage(s.w, s.h)
	b := ebiten.NewImage(s.w, s.h)
	defer a.Deallocate()
	defer b.Deallocate()
	ink := color.RGBA{120, 80, 40, 230}
	const width = 5.5
	t0 := allocated()
	c0 := time.Now()
	StrokeLines(a, s.lines, width, ink)
	drawNow(a)
	t1 := allocated()
	c1 := time.Now()
	var p vector.Path
	for _, l := range s.lines {
		p.MoveTo(float32(l[0].X), float32(l[0].Y))
		for _, q := range l[1:] {
			p.LineTo(float32(q.X), float32(q.Y))
		}
	}
	Stroke(b, &p, width, ink)
	drawNow(b)
	t2 := allocated()
	s.allocSplit, s.allocWhole = t1-t0, t2-t1
	s.timeSplit, s.timeWhole = c1.Sub(c0), time.Since(c1)
	s.split = make([]byte, 4*s.w*s.h)
	s.whole = make([]byte, 4*s.w*s.h)
	a.ReadPixels(s.split)
	b.ReadPixels(s.whole)
	s.done = true
}

func (s *strokeCompare) Layout(int, int) (int, int) { return 64, 64 }

// TestStrokeLinesMatchesStroke: the spiral's furrows stroked band by band with only the lines
// reaching into each band give the pixels of the same lines stroked as one path, whole in every
// band (what the boards did before), on a board big enough to be painted in bands.
func TestStrokeLinesMatchesStroke(t *testing.T) {
	const side = 900
	sp := LayoutSpiral(86, 30, 80, Rect{0, 0, side, side})
	s := &strokeCompare{w: side, h: side}
	for i := 1; i < len(sp.Cells)-1; i++ {
		poly := sp.Cells[i].Poly
		k := len(poly) / 2
		s.lines = append(s.lines, poly[:k], poly[k:], []Pt{poly[k-1], poly[k]})
	}
	if err := ebiten.RunGame(s); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	if len(s.split) == 0 {
		t.Fatal("nothing was drawn")
	}
	// The two ways place each path at a different spot of the vector package's stencil image
	// (its bounds differ), so the float32 sums that place the antialiasing samples round a
	// little differently, and a sample lying on an edge may fall on the other side of it: a
	// pixel may differ by one sample of the eight, an eighth of the ink's alpha (230/8 ≈ 29).
	// Measured: 4 pixels of 810,000. More than one sample, or more than a few pixels in a
	// thousand inked, is a different picture.
	const oneSample = 230/8 + 2
	inked, differ, worst := 0, 0, 0
	for i := 0; i < len(s.split); i += 4 {
		d := 0
		for c := range 4 {
			d = max(d, abs(int(s.split[i+c])-int(s.whole[i+c])))
		}
		if d > 2 {
			differ++
		}
		worst = max(worst, d)
		if s.whole[i+3] > 0 {
			inked++
		}
	}
	// The furrows cover a good part of the board: a blank picture would compare equal.
	if inked < side*side/20 {
		t.Fatalf("only %d of %d pixels inked: the lines were not drawn", inked, side*side)
	}
	if worst > oneSample || differ > inked/1000 {
		t.Errorf("%d pixels differ by more than 2 (worst %d; allowed: %d pixels by one antialiasing sample, %d)", differ, worst, inked/1000, oneSample)
	}
	t.Logf("%d lines, %d pixels inked, %d differ (worst by %d); Go memory allocated: %.1f MB in strips (%v), %.1f MB whole in each band (%v)",
		len(s.lines), inked, differ, worst, float64(s.allocSplit)/(1<<20), s.timeSplit.Round(time.Millisecond), float64(s.allocWhole)/(1<<20), s.timeWhole.Round(time.Millisecond))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
