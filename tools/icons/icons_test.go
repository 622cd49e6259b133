package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedIconsAreDrawn checks that wasm/'s icons are this program's drawing, pixel for
// pixel (PNG bytes may differ between Go versions' encoders): an edit to the art must come
// with `go run ./tools/icons`.
func TestCommittedIconsAreDrawn(t *testing.T) {
	for _, ic := range icons {
		data, err := os.ReadFile(filepath.Join("..", "..", "wasm", ic.name))
		if err != nil {
			t.Fatalf("%v (run go run ./tools/icons)", err)
		}
		got, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", ic.name, err)
		}
		want := render(ic)
		if got.Bounds() != want.Bounds() {
			t.Fatalf("%s is %v, want %v", ic.name, got.Bounds(), want.Bounds())
		}
		if !same(got, want) {
			t.Errorf("%s differs from what tools/icons draws: run go run ./tools/icons", ic.name)
		}
	}
}

func same(a, b image.Image) bool {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// TestMaskableIconsKeepTheSafeZone checks the rule every launcher's mask relies on: in a
// maskable icon, everything but the sand lies inside the middle circle of radius 40%.
func TestMaskableIconsKeepTheSafeZone(t *testing.T) {
	for _, ic := range icons {
		if !ic.maskable {
			continue
		}
		img := draw1(ic)
		n := float64(ic.size)
		drawn := 0
		for y := range ic.size {
			for x := range ic.size {
				if img.NRGBAAt(x, y) == sand {
					continue
				}
				drawn++
				dx, dy := float64(x)+0.5-n/2, float64(y)+0.5-n/2
				if dx*dx+dy*dy > (0.4*n)*(0.4*n) {
					t.Fatalf("%s: pixel %d,%d is drawn outside the safe circle", ic.name, x, y)
				}
			}
		}
		if drawn < ic.size*ic.size/10 {
			t.Errorf("%s: only %d pixels drawn: no sticks?", ic.name, drawn)
		}
	}
}
