package lang

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCatalogueComplete: every key has a text in every language, so no French or Arabic
// player meets an English word that slipped through.
// A plural key has exactly one form per plural category of the language, and no plain text
// under the same name.
func TestCatalogueComplete(t *testing.T) {
	for _, l := range All {
		for _, k := range Keys(English) {
			if !strings.Contains(k, ":") && !Has(l.Code, k) {
				t.Errorf("%s: key %q has no text", l.Code, k)
			}
		}
		for _, k := range Keys(l.Code) {
			if !strings.Contains(k, ":") && !Has(English, k) {
				t.Errorf("%s: key %q is not in English (a typo, or a text left behind)", l.Code, k)
			}
		}
		plurals := Plurals(l.Code)
		if got, want := fmt.Sprint(plurals), fmt.Sprint(Plurals(English)); got != want {
			t.Errorf("%s: plural keys %s, English has %s", l.Code, got, want)
		}
		for _, base := range plurals {
			if _, plain := texts[l.Code][base]; plain {
				t.Errorf("%s: %q is both a plain text and a plural one", l.Code, base)
			}
			for _, c := range Categories(l.Code) {
				if !Has(l.Code, base+":"+string(c)) {
					t.Errorf("%s: plural key %q has no %s form", l.Code, base, c)
				}
			}
		}
		for _, k := range Keys(l.Code) {
			if _, c, ok := strings.Cut(k, ":"); ok && !slices.Contains(Categories(l.Code), Plural(c)) {
				t.Errorf("%s: %q: the language has no %s category", l.Code, k, c)
			}
		}
	}
}

// TestFormatsAgree: a translation takes the same arguments as the English text, so a format
// verb lost or added in translation cannot print %!s(MISSING) on screen.
//
// Each form of a plural text takes the English other form's arguments; it may leave some out
// (Arabic writes "one seed" with no figure) only if it names its arguments by index, so that
// fmt does not print %!(EXTRA …) for the one it skips, or uses none at all.
func TestFormatsAgree(t *testing.T) {
	for _, k := range Keys(English) {
		if strings.Contains(k, ":") {
			continue
		}
		want := verbs(In(English, k))
		for _, l := range All[1:] {
			if got := verbs(In(l.Code, k)); got != want {
				t.Errorf("%s %q: arguments %q, English has %q", l.Code, k, got, want)
			}
		}
	}
	for _, base := range Plurals(English) {
		want, _ := args(texts[English][base+":other"])
		for _, l := range All {
			for _, c := range Categories(l.Code) {
				k := base + ":" + string(c)
				got, indexed := args(texts[l.Code][k])
				for i, v := range got {
					if want[i] != v {
						t.Errorf("%s %q: argument %d is %%%c, the English other form has %s", l.Code, k, i+1, v, show(want))
					}
				}
				if len(got) < len(want) && len(got) > 0 && !indexed {
					t.Errorf("%s %q: leaves out arguments (%s of %s) without naming the ones it uses by index", l.Code, k, show(got), show(want))
				}
			}
		}
	}
}

// show writes args' map as %[1]d %[2]s…
func show(m map[int]byte) string {
	var b strings.Builder
	for i := 0; i < 10; i++ {
		if v, ok := m[i]; ok {
			fmt.Fprintf(&b, "%%[%d]%c ", i+1, v)
		}
	}
	return strings.TrimSpace(b.String())
}

// args maps each argument a format uses (0 for the first) to its verb, numbering them as fmt
// does, and reports whether any is named by index.
func args(s string) (map[int]byte, bool) {
	out := map[int]byte{}
	next, indexed := 0, false
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == '%' {
			i = j
			continue
		}
		for j < len(s) && strings.IndexByte("+-# 0", s[j]) >= 0 {
			j++
		}
		for j < len(s) && strings.IndexByte("0123456789.", s[j]) >= 0 {
			j++
		}
		if j < len(s) && s[j] == '[' {
			end := strings.IndexByte(s[j:], ']')
			if end < 0 {
				break
			}
			n, _ := strconv.Atoi(s[j+1 : j+end])
			next, indexed = n-1, true
			j += end + 1
		}
		if j < len(s) {
			out[next] = s[j]
			next++
		}
		i = j
	}
	return out, indexed
}

// verbs counts the arguments a format uses, by kind, whatever their order.
func verbs(s string) string {
	count := map[byte]int{}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == '%' {
			i = j
			continue
		}
		explicit := false
		if j < len(s) && s[j] == '[' {
			explicit = true
			for j < len(s) && s[j] != ']' {
				j++
			}
			j++
		}
		for j < len(s) && strings.IndexByte("+-# 0123456789.", s[j]) >= 0 {
			j++
		}
		if j < len(s) {
			count[s[j]]++
			if !explicit {
				n++
			}
		}
		i = j
	}
	return fmt.Sprint(count)
}

func TestParseRejects(t *testing.T) {
	for _, src := range []string{"no equals sign", "= text without key", "two words = x", "a = 1\na = 2"} {
		if err := parse(src, map[string]string{}); err == nil {
			t.Errorf("parse(%q) accepted it", src)
		}
	}
	m := map[string]string{}
	if err := parse("# comment\n\nkey = one\\ntwo = three\n", m); err != nil || m["key"] != "one\ntwo = three" {
		t.Errorf("parse: %v %q", err, m)
	}
}

func TestFallbacks(t *testing.T) {
	if got := In(French, "back"); got != "Retour" {
		t.Errorf("fr back = %q", got)
	}
	if got := In(French, "no.such.key"); got != "no.such.key" {
		t.Errorf("missing key shows %q, want the key", got)
	}
	for in, want := range map[string]Lang{"fr-FR": French, "ar_EG.UTF-8": Arabic, "en-US": English, "de": English, "": English, "FR": French} {
		if got := FromLocale(in); got != want {
			t.Errorf("FromLocale(%q) = %q, want %q", in, got, want)
		}
	}
	Set("xx")
	if Current() != English {
		t.Errorf("Set of an unknown language changed it to %q", Current())
	}
}

// TestSaidWithArticle: a computer's name said inside a French sentence takes its article, from
// the catalogue, and opens a sentence in capitals; a typed name is said as typed.
func TestSaidWithArticle(t *testing.T) {
	for _, c := range []struct {
		l          Lang
		name, said string
	}{
		{French, "Ordinateur", "l’ordinateur"},
		{French, "Ordinateur 2", "l’ordinateur 2"},
		{French, "Ordinateur 2b", "Ordinateur 2b"},
		{French, "Amira", "Amira"},
		{English, "Computer 3", "Computer 3"},
		{Arabic, "الحاسوب", "الحاسوب"},
	} {
		if got := SaidIn(c.l, c.name); got != c.said {
			t.Errorf("%s: %q said %q, want %q", c.l, c.name, got, c.said)
		}
	}
	defer Set(Current())
	Set(French)
	if got := Sentence(T("log.step", Said("Ordinateur 2"), "la case 7", "la case 10"), "Ordinateur 2"); got != "L’ordinateur 2 quitte la case 7 pour la case 10" {
		t.Errorf("log.step: %q", got)
	}
	if got := Sentence(T("boards.turn", Said("Ordinateur")), "Ordinateur"); got != "À l’ordinateur de jouer" {
		t.Errorf("boards.turn: %q", got)
	}
}
