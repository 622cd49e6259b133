package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func filled(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

// TestComparePictures counts the pixels that changed, frames them, and leaves a change within
// the tolerance out.
func TestComparePictures(t *testing.T) {
	grey := color.NRGBA{100, 100, 100, 255}
	a, b := filled(20, 10, grey), filled(20, 10, grey)
	if d := comparePictures(a, b, 0); d.Changed != 0 || !d.Box.Empty() || d.Total != 200 {
		t.Fatalf("two equal pictures differ: %+v", d)
	}
	b.SetNRGBA(3, 4, color.NRGBA{100, 100, 103, 255}) // a faint change
	b.SetNRGBA(12, 7, color.NRGBA{0, 100, 100, 255})  // a strong one
	d := comparePictures(a, b, 0)
	if d.Changed != 2 || d.MaxDelta != 100 || d.Box != image.Rect(3, 4, 13, 8) {
		t.Errorf("two changed pixels: got %d changed, largest %d, box %v", d.Changed, d.MaxDelta, d.Box)
	}
	if d := comparePictures(a, b, 3); d.Changed != 1 || d.Box != image.Rect(12, 7, 13, 8) {
		t.Errorf("with tolerance 3 only the strong change counts: got %d, box %v", d.Changed, d.Box)
	}
	// A picture that grew: the new strip counts as changed.
	c := filled(20, 12, grey)
	if d := comparePictures(a, c, 0); d.Changed != 40 || d.Total != 240 || d.AfterSize != image.Pt(20, 12) {
		t.Errorf("a picture two rows taller: %d of %d changed, size %v", d.Changed, d.Total, d.AfterSize)
	}
}

// TestCompareDirs writes a report naming the changed, the same, and the pictures only one side
// has, with a diff picture for the changed one.
func TestCompareDirs(t *testing.T) {
	dir := t.TempDir()
	before, after, out := filepath.Join(dir, "b"), filepath.Join(dir, "a"), filepath.Join(dir, "out")
	grey := color.NRGBA{100, 100, 100, 255}
	changed := filled(8, 8, grey)
	changed.SetNRGBA(1, 1, color.NRGBA{255, 0, 0, 255})
	for _, f := range []struct {
		path string
		img  image.Image
	}{
		{"b/T/same.png", filled(8, 8, grey)}, {"a/T/same.png", filled(8, 8, grey)},
		{"b/T/moved.png", filled(8, 8, grey)}, {"a/T/moved.png", changed},
		{"b/T/gone.png", filled(8, 8, grey)}, {"a/U/new.png", filled(8, 8, grey)},
	} {
		p := filepath.Join(dir, f.path)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := writePNG(p, f.img); err != nil {
			t.Fatal(err)
		}
	}
	if err := compareDirs(before, after, out, 0); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	r := string(b)
	for _, want := range []string{"2 pictures compared: 1 changed, 1 the same; 1 only before, 1 only after",
		"| [T/moved.png](diff/T/moved.png) | 1 | 1.562% | 155 | 1, 1, 1×1 | 8×8 |",
		"Only before (1): T/gone.png", "Only after (1): U/new.png"} {
		if !strings.Contains(r, want) {
			t.Errorf("the report lacks %q:\n%s", want, r)
		}
	}
	d, err := readPNG(filepath.Join(out, "diff", "T", "moved.png"))
	if err != nil {
		t.Fatal(err)
	}
	// before | after | difference, 8 pixels apart; the changed pixel magenta in the third.
	// (Red 255 against grey 100: the largest channel difference above is 255 − 100.)
	if got := d.Bounds().Size(); got != image.Pt(3*8+2*8, 8) {
		t.Errorf("the diff picture is %v", got)
	}
	if c := color.NRGBAModel.Convert(d.At(2*(8+8)+1, 1)).(color.NRGBA); c != (color.NRGBA{255, 0, 255, 255}) {
		t.Errorf("the changed pixel is drawn %v in the difference, want magenta", c)
	}
}
