//go:build screens

package sprites

import (
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// windingCompare paints each outline twice, as FrameRoundRect and Ring paint it (a hole wound
// the other way, the non-zero rule) and as they did before (the even-odd rule), and reads both
// back (pixels can only be read while the game runs).
type windingCompare struct {
	nonZero, evenOdd []byte
	done             bool
}

func (f *windingCompare) Update() error {
	if f.done {
		return ebiten.Termination
	}
	return nil
}

const windingW, windingH = 240, 200

func (f *windingCompare) Draw(screen *ebiten.Image) {
	if f.done {
		return
	}
	a := ebiten.NewImage(windingW, windingH)
	b := ebiten.NewImage(windingW, windingH)
	defer a.Deallocate()
	defer b.Deallocate()
	ink := color.RGBA{40, 70, 120, 255}
	evenOdd := func(p *vector.Path) {
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(ink)
		vector.FillPath(b, p, &vector.FillOptions{FillRule: vector.FillRuleEvenOdd}, op)
	}
	// Frames of several sizes, radii and widths, at whole and fractional places; one with a
	// radius larger than its inner rectangle allows, one whose inside is gone.
	frames := [][6]float64{{10, 10, 100, 40, 12, 3}, {20.3, 70.6, 180.2, 52.5, 26, 4.5}, {130.5, 10.25, 90, 50, 0, 1.5}, {8, 140, 60, 44, 40, 6}, {90, 140, 20, 20, 4, 12}}
	for _, r := range frames {
		x, y, wd, ht, rad, w := r[0], r[1], r[2], r[3], r[4], r[5]
		FrameRoundRect(a, x, y, wd, ht, rad, w, ink)
		h := w / 2
		var p vector.Path
		p.AddPath(RoundRect(x-h, y-h, wd+w, ht+w, rad+h), nil)
		p.AddPath(RoundRect(x+h, y+h, math.Max(0, wd-w), math.Max(0, ht-w), math.Max(0, rad-h)), nil)
		evenOdd(&p)
	}
	// Rings: Ring's own path under the even-odd rule.
	for _, c := range [][4]float64{{180, 160, 24, 5}, {200.4, 120.7, 11, 2.5}} {
		Ring(a, c[0], c[1], c[2], c[3], ink)
		ro, ri := c[2]+c[3]/2, math.Max(0, c[2]-c[3]/2)
		n := int(math.Max(24, math.Min(96, ro/2)))
		var p vector.Path
		for k, rad := range []float64{ro, ri} {
			for i := 0; i < n; i++ {
				t := 2 * math.Pi * float64(i) / float64(n)
				if k == 1 {
					t = -t
				}
				px, py := float32(c[0]+rad*math.Cos(t)), float32(c[1]+rad*math.Sin(t))
				if i == 0 {
					p.MoveTo(px, py)
				} else {
					p.LineTo(px, py)
				}
			}
			p.Close()
		}
		evenOdd(&p)
	}
	f.nonZero = make([]byte, 4*windingW*windingH)
	f.evenOdd = make([]byte, 4*windingW*windingH)
	a.ReadPixels(f.nonZero)
	b.ReadPixels(f.evenOdd)
	f.done = true
}

func (f *windingCompare) Layout(int, int) (int, int) { return 64, 64 }

// TestOutlinesWithoutEvenOdd: FrameRoundRect and Ring, filled under the non-zero rule with
// their holes wound the other way (so that the game's first frame links no even-odd shader
// program), cover the same pixels as the even-odd fills they were.
func TestOutlinesWithoutEvenOdd(t *testing.T) {
	f := &windingCompare{}
	if err := ebiten.RunGame(f); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	if len(f.nonZero) == 0 {
		t.Fatal("nothing was drawn")
	}
	// A pixel on a curve may differ: an arc traced backwards is flattened at other points. A
	// hole filled in, or an edge moved, differs by the whole ink along its length.
	differ, worst, inked := 0, 0, 0
	for i := range f.nonZero {
		d := int(f.nonZero[i]) - int(f.evenOdd[i])
		if d < 0 {
			d = -d
		}
		if d > 1 {
			differ++
			t.Logf("(%d, %d) channel %d: %d, even-odd %d", i/4%windingW, i/4/windingW, i%4, f.nonZero[i], f.evenOdd[i])
		}
		worst = max(worst, d)
		if i%4 == 3 && f.evenOdd[i] > 0 {
			inked++
		}
	}
	if inked < 2000 {
		t.Fatalf("only %d pixels inked: the outlines were not drawn", inked)
	}
	if differ > 4*4 || worst > 64 {
		t.Errorf("%d of %d channel values differ from the even-odd fill by more than 1 (worst %d): more than a few pixels of a curve", differ, len(f.nonZero), worst)
	}
}
