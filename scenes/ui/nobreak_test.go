package ui_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/ui"
)

// highMarks are the marks French sets off with a no-break space: no line may start with one.
const highMarks = ":;!?»"

// startsWithMark reports whether a line (or a laid-out word) starts with a high mark, no-break
// spaces before it aside.
func startsWithMark(s string) bool {
	s = strings.TrimLeft(s, "\u00a0\u202f")
	r, _ := utf8.DecodeRuneInString(s)
	return s != "" && strings.ContainsRune(highMarks, r)
}

// TestWordsGlueNoBreakSpaces: a no-break space joins the words on each side of it.
func TestWordsGlueNoBreakSpaces(t *testing.T) {
	got := ui.Words("Règles\u00a0: lancez «\u00a0Sig\u00a0» ! 131\u202f072")
	want := []string{"Règles\u00a0:", "lancez", "«\u00a0Sig\u00a0»", "!", "131\u202f072"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Words: %q, want %q", got, want)
	}
}

// frenchTexts are the French catalogue texts that hold a no-break space.
func frenchTexts() []string {
	var out []string
	for _, k := range lang.Keys(lang.French) {
		if s := lang.In(lang.French, k); strings.ContainsAny(s, "\u00a0\u202f") {
			out = append(out, s)
		}
	}
	return out
}

// TestWrapKeepsFrenchMarks: a French text wrapped at every width never starts a line with
// : ; ! ? or ». Failed while Wrap split with strings.Fields, which breaks at U+00A0.
func TestWrapKeepsFrenchMarks(t *testing.T) {
	m := ui.NewMetrics(1280, 800, 1)
	texts := frenchTexts()
	if len(texts) < 50 {
		t.Fatalf("only %d French texts with a no-break space", len(texts))
	}
	for _, s := range texts {
		full := m.Measure(ui.Body, s)
		for w := 1.0; w <= full+1; w++ {
			for i, line := range m.Wrap(s, ui.Body, w) {
				if i > 0 && startsWithMark(line) {
					t.Fatalf("%q wrapped at %.0f: line %d starts with a mark: %q", s, w, i+1, line)
				}
			}
		}
	}
}

// TestDocKeepsFrenchMarks: the French rules pages laid out at every width from a phone's to a
// desktop's never start a line with : ; ! ? or », even after bold text ("**Règles** :").
func TestDocKeepsFrenchMarks(t *testing.T) {
	m := ui.NewMetrics(1280, 800, 1)
	for _, g := range games.All() {
		d := ui.ParseDoc(g.Rules["fr"])
		for w := 120.0; w <= 900; w += 3 {
			d.Layout(m, w)
			for _, word := range d.LineStarts() {
				if startsWithMark(word) {
					t.Fatalf("%s at width %.0f: a line starts with %q", g.ID, w, word)
				}
			}
		}
	}
}
