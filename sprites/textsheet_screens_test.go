//go:build screens

package sprites

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// sheetCase is one text drawn both ways.
type sheetCase struct {
	s     string
	face  text.Face
	x, y  float64
	c     color.Color
	align text.Align
	clip  image.Rectangle // drawn into this part of the image only, when not empty
	reset bool            // the sheet starts again from empty before this case
}

// sheetCompare draws every case with text.Draw and with DrawText, each into an image of its
// own, and reads both back (pixels can only be read while the game runs).
type sheetCompare struct {
	cases       []sheetCase
	want, got   [][]byte
	drawn, more int // glyphs drawn onto the sheet by the first drawing of every case, and by a second
	direct      int // glyphs drawn from text/v2's images instead
	done        bool
}

const sheetTestW, sheetTestH = 640, 160

func (f *sheetCompare) Update() error {
	if f.done {
		return ebiten.Termination
	}
	return nil
}

func (f *sheetCompare) Draw(*ebiten.Image) {
	if f.done {
		return
	}
	draw := func(c sheetCase, with func(dst *ebiten.Image, s string, face text.Face, op *text.DrawOptions)) []byte {
		img := ebiten.NewImage(sheetTestW, sheetTestH)
		defer img.Deallocate()
		img.Fill(color.RGBA{40, 30, 20, 255})
		dst := img
		if !c.clip.Empty() {
			dst = img.SubImage(c.clip).(*ebiten.Image)
		}
		op := &text.DrawOptions{}
		op.PrimaryAlign = c.align
		op.GeoM.Translate(c.x, c.y)
		op.ColorScale.ScaleWithColor(c.c)
		with(dst, c.s, c.face, op)
		px := make([]byte, 4*sheetTestW*sheetTestH)
		img.ReadPixels(px)
		return px
	}
	before := TextSheetStats().Drawn
	directBefore := TextSheetStats().Direct
	for _, c := range f.cases {
		if c.reset {
			theSheet.Lock()
			theSheet.reset()
			theSheet.Unlock()
		}
		f.want = append(f.want, draw(c, text.Draw))
		f.got = append(f.got, draw(c, DrawText))
	}
	f.drawn = TextSheetStats().Drawn - before
	// Again, what was drawn since the sheet last started again.
	from := 0
	for i, c := range f.cases {
		if c.reset {
			from = i
		}
	}
	for _, c := range f.cases[from:] {
		draw(c, DrawText)
	}
	f.more = TextSheetStats().Drawn - before - f.drawn
	f.direct = TextSheetStats().Direct - directBefore
	f.done = true
}

func (f *sheetCompare) Layout(int, int) (int, int) { return 64, 64 }

// TestDrawTextMatchesTextDraw: a text drawn from the glyph sheet has text.Draw's pixels, to the
// last one, in both faces and several sizes, at fractions of a pixel (not at exactly half a
// pixel, where text.Draw's nearest pixel depends on how the coordinates round on the texture
// the glyph happens to lie on), in colours with and
// without transparency, aligned, clipped, and after the sheet started again; and a text drawn
// again draws no glyph onto the sheet.
func TestDrawTextMatchesTextDraw(t *testing.T) {
	ink := color.RGBA{250, 240, 220, 255}
	half := color.RGBA{100, 60, 20, 128} // premultiplied: a translucent terracotta
	cases := []sheetCase{
		{s: "Sig wa Duqqan — the Ghoula moves 6", face: Face(false, 17), x: 10.25, y: 12.6, c: ink},
		{s: "Seega: place two by two", face: Face(true, 17), x: 3.7, y: 40.1, c: half},
		{s: "Sadeqa 12 · 3", face: Face(true, 64), x: 20.45, y: 30.55, c: ink},
		{s: "Ordinateur 2 avance : le départ → 5", face: Face(false, 14), x: 600.3, y: 80.45, c: ink, align: text.AlignEnd},
		{s: "السيق في الواد", face: ArabicFace(22), x: 320.1, y: 60.9, c: ink, align: text.AlignCenter},
		// Marks placed by shaping, above and below their letters (offsets of their own).
		{s: "السِّيقُ يُلْعَبُ بِالعِصِيّ", face: ArabicFace(19), x: 630.8, y: 90.3, c: ink, align: text.AlignEnd},
		{s: "(75%)…", face: FaceRTL(true, 15), x: 200.35, y: 20.2, c: half, align: text.AlignEnd},
		{s: "tiny print: 1 2 3 à é ç", face: Face(false, 9), x: 40.15, y: 130.7, c: ink},
		{s: "clipped at the edge of a scrolled list", face: Face(false, 22), x: 5.6, y: 50.2, c: ink, clip: image.Rect(0, 58, sheetTestW, 70)},
		{s: "after the sheet started again", face: Face(false, 17), x: 7.3, y: 100.8, c: half, reset: true},
	}
	f := &sheetCompare{cases: cases}
	if err := ebiten.RunGame(f); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	if len(f.got) != len(cases) {
		t.Fatal("nothing was drawn")
	}
	for i, c := range cases {
		differ, inked := 0, 0
		for j := 0; j < len(f.want[i]); j += 4 {
			if f.want[i][j] != 40 || f.want[i][j+1] != 30 || f.want[i][j+2] != 20 {
				inked++
			}
			for k := 0; k < 4; k++ {
				if f.want[i][j+k] != f.got[i][j+k] {
					differ++
					break
				}
			}
		}
		name := fmt.Sprintf("case %d (%q)", i, c.s)
		if inked == 0 {
			t.Errorf("%s: text.Draw drew nothing", name)
		}
		if differ != 0 {
			t.Errorf("%s: %d pixels differ from text.Draw's (%d inked)", name, differ, inked)
		}
	}
	if f.drawn == 0 {
		t.Error("no glyph was drawn onto the sheet")
	}
	// Sig's fonts are outlines only: every glyph comes from the sheet, none from text/v2's
	// images (whose release in batches the sheet exists to avoid).
	if f.direct != 0 {
		t.Errorf("%d glyphs were drawn from text/v2's images, want none", f.direct)
	}
	if f.more != 0 {
		t.Errorf("drawing the same texts again drew %d glyphs onto the sheet, want none", f.more)
	}
}
