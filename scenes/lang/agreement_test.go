package lang_test

import (
	"regexp"
	"strings"
	"testing"

	"sig/scenes/lang"
)

// namingAPlayer are the keys (by prefix) whose texts name a player, or speak of one named just
// before: a name says no gender (the glossary), so none of them may agree with one.
var namingAPlayer = []string{
	"boards.", "log.", "net.", "online.state.", "play.begins", "play.turn", "play.sub.",
	"results.wins", "results.winners", "seega.blocked", "seega.nopieces", "seega.toast.",
	"seega.took", "seega.stepped", "seega.captures", "sadeqa.toast.", "sadeqa.captures",
	"sadeqa.sows", "sadeqa.lifts", "sadeqa.spears", "oued.alltaken", "oued.last", "oued.won",
	"oued.again", "oued.next", "oued.throwing",
}

// masculine are the words that give a player a man's gender: French adjectives and participles
// said of a person, Arabic masculine verbs and adjectives next to a name (%s) and pronouns
// ending in ـه that stand for a player.
var masculine = map[lang.Lang]*regexp.Regexp{
	lang.French: regexp.MustCompile(`(?i)(?:^|[^\p{L}])(connecté|absent|parti|bloqué|coincé|éliminé|arrivé|sorti|prêt|seul|gagnant|perdant|lui-même)(?:[^\p{L}]|$)`),
	lang.Arabic: regexp.MustCompile(`(?:(?:^|[^\p{L}\p{M}])(?:رمى|يرمي|يبدأ|يفكّر|يفكر|أسر|فاز|يفوز|غادر|وصل|نجا|متصل|غائب|عالق|محاصر|حاضر)\s+%(?:\[\d\])?s)` +
		`|(?:%(?:\[\d\])?s\s+(?:رمى|يرمي|يبدأ|أسر|فاز|يفوز|غادر|وصل|نجا|متصل|غائب|عالق|محاصر|حاضر)(?:[^\p{L}\p{M}]|$))` +
		`|(?:^|[^\p{L}\p{M}])(?:متصل|غائب|غادر|حاضر|يرمي|يفكّر|يفكر|مكانه|له|منه|عليه|إليه|دوره|قطعه|خصمه|يفوته)(?:[^\p{L}\p{M}]|$)`),
}

// TestNamesAgreeWithNobody: no French or Arabic text that names a player gives the name a
// gender (failed on "%s est absent", "connecté", "رمى %s", "يبدأ %[2]s", "متصل", "مكانه").
func TestNamesAgreeWithNobody(t *testing.T) {
	for l, re := range masculine {
		checked := 0
		for _, k := range lang.Keys(l) {
			if !naming(k) {
				continue
			}
			checked++
			if m := re.FindString(lang.In(l, k)); m != "" {
				t.Errorf("%s %s: %q agrees with a man: a name says no gender", l, k, strings.TrimSpace(m))
			}
		}
		if checked < 100 {
			t.Errorf("%s: only %d texts name a player", l, checked)
		}
	}
}

func naming(key string) bool {
	for _, p := range namingAPlayer {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// TestMasculineCatches: the check finds the slips it was made for, and lets the rephrasings be.
func TestMasculineCatches(t *testing.T) {
	for _, c := range []struct {
		l    lang.Lang
		s    string
		want bool
	}{
		{lang.French, "%s est absent depuis un moment", true},
		{lang.French, "connecté", true},
		{lang.French, "Aucune nouvelle de %s depuis un moment", false},
		{lang.French, "a quitté la partie", false},
		{lang.Arabic, "رمى %s — %s", true},
		{lang.Arabic, "%s أسر القطع الست!", true},
		{lang.Arabic, "%[1]s: يبدأ %[2]s", true},
		{lang.Arabic, "يلعب الحاسوب مكانه", true},
		{lang.Arabic, "متصل", true},
		{lang.Arabic, "رمية %s: %s", false},
		{lang.Arabic, "%[1]s: أول من يلعب: %[2]s", false},
		{lang.Arabic, "على اتصال", false},
		{lang.Arabic, "%s: أسر قطعة", false},
	} {
		if got := masculine[c.l].MatchString(c.s); got != c.want {
			t.Errorf("%s %q: masculine %v, want %v", c.l, c.s, got, c.want)
		}
	}
}
