package scenes

import (
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
)

// TestLogSpeaksEveryLanguage describes a move of every kind of event in French and Arabic, for
// the person at the screen and for another player: every line is in the language (no English
// text of the catalogue, no key shown), and a throw that moves the Ghoula says so from the
// rules' flag, in each language's own words.
func TestLogSpeaksEveryLanguage(t *testing.T) {
	defer lang.Set(lang.Current())
	var ev rules.Events
	for k := rules.EvThrow; k <= rules.EvGameOver; k++ {
		for p := 0; p < 2; p++ {
			ev = append(ev, rules.Event{Kind: k, Player: p, From: 3, To: 5, Count: 2, Value: 2})
		}
	}
	for _, l := range []lang.Lang{lang.French, lang.Arabic} {
		lang.Set(l)
		en := englishFor(l)
		for _, g := range games.All() {
			names := []string{lang.In(l, "log.you"), "Amira"}
			lines := describe(g, names, ev)
			if len(lines) < 20 {
				t.Fatalf("%s %s: only %d lines for %d events", l, g.ID, len(lines), len(ev))
			}
			for _, line := range lines {
				if k := en.key(line.Text); k != "" || strings.Contains(line.Text, "log.") || strings.Contains(line.Text, "%!") {
					t.Errorf("%s %s: %q is not in %s (key %s)", l, g.ID, line.Text, l, k)
				}
			}
		}
		g, _ := games.Lookup("sig-wa-duqqan")
		throw := describe(g, []string{"Amira"}, rules.Events{{Kind: rules.EvThrow, Count: 3, Value: 3, Ghoula: true}})
		if want := lang.In(l, "log.worth.ghoula", lang.In(l, "log.ghoula"), 3); len(throw) != 1 || !strings.HasSuffix(throw[0].Text, want) {
			t.Errorf("%s: a Ghoula throw reads %v, want it to end %q", l, throw, want)
		}
	}
}
