package lang_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"sig/rules/games"
	"sig/scenes/lang"
)

// term is a line of glossary.txt.
type term struct {
	line         int
	thing        string
	l            lang.Lang
	use          string
	avoid, where []string
}

func readGlossary(t *testing.T) []term {
	b, err := os.ReadFile("glossary.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []term
	for i, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 5 {
			t.Fatalf("glossary.txt line %d: want 5 fields split by |, got %d", i+1, len(f))
		}
		e := term{line: i + 1, thing: strings.TrimSpace(f[0]), l: lang.Lang(strings.TrimSpace(f[1])), use: strings.TrimSpace(f[2])}
		e.avoid, e.where = list(f[3]), list(f[4])
		if !lang.Known(string(e.l)) || e.use == "" {
			t.Fatalf("glossary.txt line %d: language %q, word %q", i+1, e.l, e.use)
		}
		out = append(out, e)
	}
	if len(out) < 20 {
		t.Fatalf("glossary.txt: only %d terms read", len(out))
	}
	return out
}

func list(s string) []string {
	var out []string
	for _, w := range strings.Split(s, ",") {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// pattern matches word as glossary.txt says: a Latin word whole and in any case, an Arabic
// one after any prefix but before no further letter, punctuation anywhere; # is a number.
func pattern(word string) *regexp.Regexp {
	re := strings.ReplaceAll(regexp.QuoteMeta(word), "#", "[0-9]+")
	switch {
	case strings.ContainsFunc(word, func(r rune) bool { return unicode.Is(unicode.Arabic, r) }):
		re += `(?:[^\p{L}\p{M}]|$)`
	case strings.ContainsFunc(word, unicode.IsLetter):
		re = `(?i)(?:^|[^\p{L}])` + re + `(?:[^\p{L}]|$)`
	}
	return regexp.MustCompile(re)
}

var quoted = regexp.MustCompile(`«[^»]*»|"[^"]*"`)

// texts are the catalogue texts and rules pages in l that where names, by name.
func texts(l lang.Lang, where []string) map[string]string {
	out := map[string]string{}
	in := func(name string) bool {
		if len(where) == 0 {
			return true
		}
		for _, w := range where {
			if strings.HasPrefix(name, w) {
				return true
			}
		}
		return false
	}
	for _, k := range lang.Keys(l) {
		if in(k) {
			out[k] = lang.In(l, k)
		}
	}
	for _, g := range games.All() {
		if in("page:" + g.ID) {
			out["rules page "+g.ID] = g.Rules[string(l)]
		}
	}
	return out
}

// TestGlossary: no catalogue text or rules page calls a thing by a word the glossary set
// aside for it, and the glossary's own word is the one in use.
func TestGlossary(t *testing.T) {
	for _, e := range readGlossary(t) {
		ts := texts(e.l, e.where)
		if len(ts) == 0 {
			t.Errorf("glossary.txt line %d (%s): no text is %v", e.line, e.thing, e.where)
		}
		use, avoid := pattern(e.use), make([]*regexp.Regexp, len(e.avoid))
		for i, w := range e.avoid {
			avoid[i] = pattern(w)
		}
		used := false
		for name, s := range ts {
			s = quoted.ReplaceAllString(s, "")
			used = used || use.MatchString(s)
			for _, re := range avoid {
				if m := re.FindString(s); m != "" {
					t.Errorf("%s %s: %q for %s, where the glossary says %q (line %d)", e.l, name, strings.TrimSpace(m), e.thing, e.use, e.line)
				}
			}
		}
		if !used {
			t.Errorf("glossary.txt line %d: %s is %q in %s, but no text %v uses it", e.line, e.thing, e.use, e.l, e.where)
		}
	}
}

// TestGlossaryMatches: the glossary's words are found as it says, and only so.
func TestGlossaryMatches(t *testing.T) {
	for _, c := range []struct {
		word, s string
		want    bool
	}{
		{"pièce", "une pièce libérée", true},
		{"pièce", "Pièce", true},
		{"pièce", "une piècette", false},
		{"bâton", "les bâtonnets", false},
		{"S#", "de S1 à S10", true},
		{"S#", "SA 2.5", false},
		{"وارانا", "الوارانا كبيرة", true},
		{"وارانا", "الوارانات", false},
		{"'", "l'autre", true},
	} {
		if got := pattern(c.word).MatchString(c.s); got != c.want {
			t.Errorf("%q in %q: %v, want %v", c.word, c.s, got, c.want)
		}
	}
}
