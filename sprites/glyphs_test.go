package sprites

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/go-text/typesetting/font"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"sig/rules/games"
	"sig/scenes/lang"
)

// has reports whether the font src has a glyph of its own for r.
func has(src *text.GoTextFaceSource, r rune) bool {
	f, ok := src.UnsafeInternal().(*font.Face)
	if !ok {
		panic("sprites: the font is not a go-text face")
	}
	_, ok = f.NominalGlyph(r)
	return ok
}

// missing lists the characters of s that the faces drawing it lack: a text without Arabic
// characters is drawn in Noto Sans, regular or bold; one with Arabic characters in Naskh where
// it has the glyph and Noto Sans elsewhere (scenes/ui's runs). An Arabic text with no Arabic
// letter of its own ("%s، %s") is taken as Arabic: its arguments are Arabic words. A character
// neither face has draws as a blank: a gap in the middle of a sentence.
func missing(l lang.Lang, s string) []rune {
	arabic := l == lang.Arabic || strings.ContainsFunc(s, func(r rune) bool { return r >= 0x0600 && unicode.Is(unicode.Arabic, r) })
	var out []rune
	for _, r := range s {
		if r == '\n' || r == '\t' {
			continue
		}
		if arabic && has(arabicSrc(), r) {
			continue
		}
		if !has(regularSrc(), r) || !has(boldSrc(), r) {
			if !strings.ContainsRune(string(out), r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// TestEveryWordHasItsGlyphs walks every text of the catalogue and every rules page, in every
// language, and checks each character has a glyph in the face that draws it, since the fonts
// are cut down to the characters Sig uses (fonts/README.md): an arrow in a French log line
// once drew as a gap.
func TestEveryWordHasItsGlyphs(t *testing.T) {
	for _, l := range lang.All {
		for _, k := range lang.Keys(l.Code) {
			if m := missing(l.Code, lang.In(l.Code, k)); len(m) > 0 {
				t.Errorf("%s %s: no glyph for %s in %q", l.Code, k, runes(m), lang.In(l.Code, k))
			}
		}
		for _, g := range games.All() {
			page := g.Rules[string(l.Code)]
			if page == "" {
				t.Errorf("%s: no %s rules page", g.ID, l.Code)
			}
			for i, line := range strings.Split(page, "\n") {
				if m := missing(l.Code, line); len(m) > 0 {
					t.Errorf("%s rules.%s.md line %d: no glyph for %s in %q", g.ID, l.Code, i+1, runes(m), line)
				}
			}
		}
	}
}

// TestGlyphCheckCatches: the check sees a character the fonts lack, in Latin and Arabic text.
func TestGlyphCheckCatches(t *testing.T) {
	for _, s := range []string{"avance : A → B", "تنتقل من A → B", "☃", "A، B"} {
		if len(missing(lang.French, s)) == 0 {
			t.Errorf("missing(%q) found nothing", s)
		}
	}
	if m := missing(lang.Arabic, "Vous avancez : de la sortie à N3 « œ » — 1 200 €; تنتقل من ج1 إلى ش2، 30%"); len(m) > 0 {
		t.Errorf("missing found %s in text the fonts draw", runes(m))
	}
}

func runes(rs []rune) string {
	var b []string
	for _, r := range rs {
		b = append(b, fmt.Sprintf("%q (U+%04X)", r, r))
	}
	return strings.Join(b, ", ")
}
