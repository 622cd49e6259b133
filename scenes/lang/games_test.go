package lang_test

import (
	"testing"

	"sig/rules/games"
	"sig/scenes/lang"
)

// TestGameTexts: every game in the registry has its name, place and summary in the catalogue,
// the English texts are the registry's own words, and the translations are not left in English.
func TestGameTexts(t *testing.T) {
	for _, g := range games.All() {
		for field, want := range map[string]string{"name": g.Name, "place": g.Place, "summary": g.Summary} {
			key := "game." + g.ID + "." + field
			if got := lang.In(lang.English, key); got != want {
				t.Errorf("%s: English %q, the registry says %q", key, got, want)
			}
			for _, l := range []lang.Lang{lang.French, lang.Arabic} {
				if !lang.Has(l, key) {
					t.Errorf("%s: no %s text", key, l)
				}
			}
			if field != "name" && lang.In(lang.French, key) == want {
				t.Errorf("%s: the French text is the English one", key)
			}
			if lang.In(lang.Arabic, key) == want {
				t.Errorf("%s: the Arabic text is the English one", key)
			}
		}
	}
}
