package games

import (
	"strings"
	"testing"
	"unicode"
)

// outline counts the parts of a rules page a reader steers by: headings, list items and table
// rows (the divider row not counted). It reads lines the way scenes/ui.ParseDoc does, so a
// wrapped line that ParseDoc would take for a list item counts as one here too; lines inside a
// ``` fence are skipped.
type outline struct {
	headings, items, rows int
}

func outlineOf(md string) outline {
	var o outline
	fenced := false
	for _, raw := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n") {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		switch {
		case fenced || line == "":
		case strings.HasPrefix(line, "#"):
			o.headings++
		case strings.HasPrefix(line, "|"):
			if strings.Trim(line, "|-: ") != "" {
				o.rows++
			}
		case isListItem(line):
			o.items++
		}
	}
	return o
}

// isListItem: "- ", "* ", "+ " or a number followed by ". " or ") ".
func isListItem(l string) bool {
	if strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "* ") || strings.HasPrefix(l, "+ ") {
		return true
	}
	k := 0
	for k < len(l) && l[k] >= '0' && l[k] <= '9' {
		k++
	}
	return k > 0 && k+1 < len(l) && (l[k] == '.' || l[k] == ')') && l[k+1] == ' '
}

// TestRulesPagesTranslated: every game has a rules page in English, French and Arabic, and each
// translation has the English page's headings, list items and table rows, so no section, rule
// or table line can be dropped (or a wrapped line turned into a stray list item) unnoticed.
func TestRulesPagesTranslated(t *testing.T) {
	for _, g := range All() {
		en := g.Rules["en"]
		want := outlineOf(en)
		if want.headings == 0 || want.items == 0 {
			t.Errorf("%s: the English page has %d headings and %d list items", g.ID, want.headings, want.items)
		}
		for _, code := range []string{"fr", "ar"} {
			page := g.Rules[code]
			if strings.TrimSpace(page) == "" {
				t.Errorf("%s: no rules page in %q", g.ID, code)
				continue
			}
			if !strings.HasPrefix(page, "# ") {
				t.Errorf("%s/%s: the page does not open with a title", g.ID, code)
			}
			if page == en {
				t.Errorf("%s/%s: the page is the English page", g.ID, code)
			}
			if got := outlineOf(page); got != want {
				t.Errorf("%s/%s: %d headings, %d list items, %d table rows; English has %d, %d, %d",
					g.ID, code, got.headings, got.items, got.rows, want.headings, want.items, want.rows)
			}
		}
		if ar := g.Rules["ar"]; !strings.ContainsFunc(ar, func(r rune) bool { return unicode.Is(unicode.Arabic, r) }) {
			t.Errorf("%s/ar: the page has no Arabic script", g.ID)
		}
	}
}

// TestOutlineCounts: the counter sees what it must, so the test above can fail.
func TestOutlineCounts(t *testing.T) {
	md := "# T\n\nText\n1990. a wrapped line that ParseDoc reads as an item\n\n## A\n\n- a\n  b\n2. c\n\n| x | y |\n| --- | --- |\n| 1 | 2 |\n\n```\n# not a heading\n- not an item\n```\n"
	got := outlineOf(md)
	want := outline{headings: 2, items: 3, rows: 2}
	if got != want {
		t.Fatalf("outline %+v, want %+v", got, want)
	}
}

// developerWords are words about how Sig is built, not how a game is played: a rules page is
// for players (the rulings Sig follows and the engine's numbering belong in the code).
var developerWords = map[string][]string{
	"en": {"ruling", "rulings", "engine", "pathological"},
	"fr": {"arbitrage", "arbitrages", "moteur", "pathologiques"},
	"ar": {"الأحكام", "المحرّك", "المحرك"},
}

// TestRulesPagesForPlayers: no rules page speaks of the rulings, the engine or positions built
// to break it.
func TestRulesPagesForPlayers(t *testing.T) {
	for _, g := range All() {
		for code, words := range developerWords {
			page := strings.ToLower(g.Rules[code])
			for _, w := range words {
				for i := strings.Index(page, w); i >= 0; i = nextIndex(page, w, i) {
					if wholeWord(page, i, len(w)) {
						t.Errorf("%s/%s: %q on a player's page", g.ID, code, w)
						break
					}
				}
			}
		}
	}
}

func nextIndex(s, w string, i int) int {
	j := strings.Index(s[i+1:], w)
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// wholeWord reports whether s[i:i+n] stands as a word: no letter right after it, and, for a
// Latin word, none right before.
func wholeWord(s string, i, n int) bool {
	after, before := []rune(s[i+n:]), []rune(s[:i])
	if len(after) > 0 && unicode.IsLetter(after[0]) {
		return false
	}
	if len(before) > 0 && unicode.IsLetter(before[len(before)-1]) && !unicode.Is(unicode.Arabic, before[len(before)-1]) {
		return false
	}
	return true
}
