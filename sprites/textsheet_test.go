package sprites

import (
	"testing"

	"github.com/go-text/typesetting/font"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// TestTextSheetDrawsEachGlyphOnce: a text drawn from the glyph sheet draws each of its glyphs
// onto the sheet once (a repeated letter at the same fraction of a pixel is one glyph), and
// nothing when drawn again; glyphs outside the image drawn on are not drawn; a full sheet
// starts again and holds no more than fits. (TestDrawTextMatchesTextDraw, under a display,
// compares the pixels with text.Draw's.)
func TestTextSheetDrawsEachGlyphOnce(t *testing.T) {
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
	first := TextSheetStats().Drawn - before.Drawn
	glyphs := len(text.AppendGlyphs(nil, s, Face(false, 17), nil))
	if first == 0 || first >= glyphs-1 {
		t.Fatalf("%q: %d glyphs drawn onto the sheet for %d glyphs, want at least one and fewer than the glyphs (the letter repeats)", s, first, glyphs)
	}
	DrawText(dst, s, Face(false, 17), op(10, 10))
	if again := TextSheetStats().Drawn - before.Drawn - first; again != 0 {
		t.Errorf("the same text again drew %d glyphs onto the sheet, want none", again)
	}
	// Below the image: nothing to draw on it, nothing onto the sheet.
	DrawText(dst, "zqxj", Face(true, 22), op(10, 400))
	if got := TextSheetStats().Drawn - before.Drawn - first; got != 0 {
		t.Errorf("a text outside the image drew %d glyphs onto the sheet, want none", got)
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

// BenchmarkGlyphRasterize: the processor's time to draw one glyph onto the sheet from its
// outline, what a sheet that starts again pays for each glyph it is next asked for (text/v2
// paid the same once per image it made). Latin at 17 px and Arabic at 22 px, a line each.
func BenchmarkGlyphRasterize(b *testing.B) {
	for _, c := range []struct {
		name string
		s    string
		face text.Face
	}{
		{"latin17", "Sig wa Duqqan: the Ghoula drags a piece back", Face(false, 17)},
		{"arabic22", "السيق في الواد: الغولة تسحب قطعة إلى الوراء", ArabicFace(22)},
	} {
		b.Run(c.name, func(b *testing.B) {
			sf, ok := sheetFaceOf(c.face)
			if !ok {
				b.Fatal("not a face the sheet draws")
			}
			var sh glyphSheet
			var keys []glyphKey
			var outlines []font.GlyphOutline
			for _, g := range text.AppendLazyGlyphs(nil, c.s, c.face, nil) {
				if g.ImageBounds.Empty() {
					continue
				}
				k := sf.key(g)
				o, ok := sf.font.GlyphData(font.GID(g.GID)).(font.GlyphOutline)
				if !ok {
					b.Fatalf("glyph %d has no outline", g.GID)
				}
				keys, outlines = append(keys, k), append(outlines, o)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				j := i % len(keys)
				sh.rasterize(keys[j], outlines[j], sf.scale)
			}
		})
	}
}

// BenchmarkParseOutlines: what the sheet's own parse of a font costs, once per font, the first
// time the sheet draws one of its glyphs (in the browser, inside a frame).
func BenchmarkParseOutlines(b *testing.B) {
	for _, c := range []struct {
		name string
		ttf  []byte
	}{{"regular", regularTTF}, {"bold", boldTTF}, {"arabic", arabicTTF}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				mustOutlines(c.ttf)
			}
		})
	}
}
