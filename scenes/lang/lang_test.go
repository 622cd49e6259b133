package lang

import (
	"fmt"
	"strings"
	"testing"
)

// TestCatalogueComplete: every key has a text in every language, so no French or Arabic
// player meets an English word that slipped through.
func TestCatalogueComplete(t *testing.T) {
	for _, l := range All {
		for _, k := range Keys(English) {
			if !Has(l.Code, k) {
				t.Errorf("%s: key %q has no text", l.Code, k)
			}
		}
		for _, k := range Keys(l.Code) {
			if !Has(English, k) {
				t.Errorf("%s: key %q is not in English (a typo, or a text left behind)", l.Code, k)
			}
		}
	}
}

// TestFormatsAgree: a translation takes the same arguments as the English text, so a format
// verb lost or added in translation cannot print %!s(MISSING) on screen.
func TestFormatsAgree(t *testing.T) {
	for _, k := range Keys(English) {
		want := verbs(In(English, k))
		for _, l := range All[1:] {
			if got := verbs(In(l.Code, k)); got != want {
				t.Errorf("%s %q: arguments %q, English has %q", l.Code, k, got, want)
			}
		}
	}
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
