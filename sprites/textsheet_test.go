package sprites

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// TestTextSheetCopiesEachGlyphOnce: a text drawn from the glyph sheet copies each of its glyph
// images once (a repeated letter at the same fraction of a pixel is one copy), and nothing when
// drawn again; glyphs outside the image drawn on are not copied; a full sheet starts again and
// holds no more than fits. (TestDrawTextMatchesTextDraw, under a display, compares the pixels
// with text.Draw's.)
func TestTextSheetCopiesEachGlyphOnce(t *testing.T) {
	dst := ebiten.NewImage(2400, 200)
	defer dst.Deallocate()
	op := func(x, y float64) *text.DrawOptions {
		o := &text.DrawOptions{}
		o.GeoM.Translate(x, y)
		return o
	}
	s := "aaaa aaaa"
	before := TextSheetStats()
	DrawText(dst, s, Face(false, 17), op(10, 10))
	first := TextSheetStats().Copied - before.Copied
	glyphs := len(text.AppendGlyphs(nil, s, Face(false, 17), nil))
	if first == 0 || first >= glyphs-1 {
		t.Fatalf("%q: %d glyph images copied for %d glyphs, want at least one and fewer than the glyphs (the letter repeats)", s, first, glyphs)
	}
	DrawText(dst, s, Face(false, 17), op(10, 10))
	if again := TextSheetStats().Copied - before.Copied - first; again != 0 {
		t.Errorf("the same text again copied %d glyph images, want none", again)
	}
	// Below the image: nothing to draw, nothing to copy.
	DrawText(dst, "zqxj", Face(true, 22), op(10, 400))
	if got := TextSheetStats().Copied - before.Copied - first; got != 0 {
		t.Errorf("a text outside the image copied %d glyph images, want none", got)
	}
	// Large glyphs, at one size after another, until the sheet is full.
	for i := 0; TextSheetStats().Resets == before.Resets; i++ {
		if i > 400 {
			t.Fatalf("the sheet never filled: %+v", TextSheetStats())
		}
		DrawText(dst, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", Face(true, float64(60+i)), op(0, 0))
	}
	// Each of these glyphs takes some 40×50 pixels or more: the sheet holds a few hundred.
	if st := TextSheetStats(); st.Glyphs == 0 || st.Glyphs > sheetW*sheetH/(40*40) {
		t.Errorf("after starting again the sheet holds %d glyphs", st.Glyphs)
	}
}
