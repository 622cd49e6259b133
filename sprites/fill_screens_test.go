//go:build screens

package sprites

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// fillCompare paints the same rectangle of sand texture twice, once as FillTextured's path
// and once by FillTexturedRect, and reads both back (pixels can only be read while the game runs).
type fillCompare struct {
	path, rect []byte
	done       bool
}

func (f *fillCompare) Update() error {
	if f.done {
		return ebiten.Termination
	}
	return nil
}

func (f *fillCompare) Draw(screen *ebiten.Image) {
	if f.done {
		return
	}
	const w, h = 173, 91
	tint := color.RGBA{235, 225, 205, 255}
	a := ebiten.NewImage(w, h)
	b := ebiten.NewImage(w, h)
	defer a.Deallocate()
	defer b.Deallocate()
	FillTextured(a, RoundRect(0, 0, w, h, 0), SandTexture(), 1.5*7.3, tint)
	FillTexturedRect(b, 0, 0, w, h, SandTexture(), 1.5*7.3, tint)
	f.path = make([]byte, 4*w*h)
	f.rect = make([]byte, 4*w*h)
	a.ReadPixels(f.path)
	b.ReadPixels(f.rect)
	f.done = true
}

func (f *fillCompare) Layout(int, int) (int, int) { return 64, 64 }

// TestFillTexturedRectMatchesPath: the backdrop's rectangle fill lays the texture exactly where
// FillTextured's path fill does, texel for texel (it only skips the fill rule's pass).
func TestFillTexturedRectMatchesPath(t *testing.T) {
	f := &fillCompare{}
	if err := ebiten.RunGame(f); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	if len(f.path) == 0 {
		t.Fatal("nothing was drawn")
	}
	differ, worst := 0, 0
	for i := range f.path {
		d := int(f.path[i]) - int(f.rect[i])
		if d < 0 {
			d = -d
		}
		if d > 1 {
			differ++
		}
		worst = max(worst, d)
	}
	opaque := 0
	for i := 3; i < len(f.rect); i += 4 {
		if f.rect[i] == 255 {
			opaque++
		}
	}
	if opaque != len(f.rect)/4 {
		t.Errorf("the rectangle fill left %d of %d pixels not opaque", len(f.rect)/4-opaque, len(f.rect)/4)
	}
	if differ > 0 {
		t.Errorf("%d of %d channel values differ from the path fill by more than 1 (worst %d)", differ, len(f.path), worst)
	}
}
