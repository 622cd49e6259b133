//go:build screens

package ui

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// panelCompare draws panels with Panel (a small card's picture, stretched) and painted whole
// at their size, each onto a ground of its own, and reads both back (pixels can be read only
// while the game runs).
type panelCompare struct {
	cases     []panelCase
	want, got [][]byte
	done      bool
}

type panelCase struct {
	m Metrics
	r Rect
}

const panelTestW, panelTestH = 1400, 900

func (f *panelCompare) Update() error {
	if f.done {
		return ebiten.Termination
	}
	return nil
}

func (f *panelCompare) Draw(*ebiten.Image) {
	if f.done {
		return
	}
	read := func(draw func(img *ebiten.Image)) []byte {
		img := ebiten.NewImage(panelTestW, panelTestH)
		defer img.Deallocate()
		img.Fill(color.RGBA{70, 50, 30, 255})
		draw(img)
		px := make([]byte, 4*panelTestW*panelTestH)
		img.ReadPixels(px)
		return px
	}
	for _, c := range f.cases {
		f.got = append(f.got, read(func(img *ebiten.Image) { Panel(img, c.m, c.r) }))
		f.want = append(f.want, read(func(img *ebiten.Image) {
			// The card painted whole, in a picture the size of its bounds, copied at the
			// same whole pixels: Panel as it was before the stretch.
			p := panelGeometry(c.m, c.r)
			whole := ebiten.NewImage(p.pw+p.kx, p.ph+p.ky)
			defer whole.Deallocate()
			paintPanel(whole, c.m, p.key.x, p.key.y, c.r.W, c.r.H)
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(p.x0, p.y0)
			img.DrawImage(whole, op)
		}))
	}
	f.done = true
}

func (f *panelCompare) Layout(int, int) (int, int) { return 64, 64 }

// TestPanelStretchedIsPaintedWhole: a panel copied from its small card's picture, stretched,
// is the panel painted whole at its size, pixel for pixel (within one level of a channel:
// the two are antialiased at other coordinates, as far apart as the stretch), at fractions
// of a pixel, at the sizes of a phone's card and a desktop's, too small to stretch, and at a
// larger unit.
func TestPanelStretchedIsPaintedWhole(t *testing.T) {
	f := &panelCompare{cases: []panelCase{
		{NewMetrics(1280, 800, 1), Rect{X: 40, Y: 30, W: 1200, H: 740}},
		{NewMetrics(1280, 800, 1), Rect{X: 100.25, Y: 60.5, W: 640.75, H: 420.4}},
		{NewMetrics(1280, 800, 1), Rect{X: 10.6, Y: 12.3, W: 60, H: 50}}, // no stretch
		{NewMetrics(1280, 800, 1), Rect{X: 10.6, Y: 12.3, W: 95.5, H: 300}},
		{NewMetrics(390, 844, 2), Rect{X: 20.5, Y: 40.25, W: 350, H: 700.5}},
		{NewMetrics(1920, 1080, 1), Rect{X: 33.3, Y: 44.4, W: 1300.7, H: 820.9}},
	}}
	ebiten.SetWindowSize(64, 64)
	if err := ebiten.RunGame(f); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	for i, c := range f.cases {
		worst, at := 0, -1
		for j := range f.want[i] {
			d := int(f.want[i][j]) - int(f.got[i][j])
			if d < 0 {
				d = -d
			}
			if d > worst {
				worst, at = d, j
			}
		}
		if worst > 1 {
			t.Errorf("panel %v at unit %v: a channel %d levels off the panel painted whole, at (%d, %d)", c.r, c.m.Unit, worst, at/4%panelTestW, at/4/panelTestW)
		}
	}
}
