package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/bidi"

	"sig/scenes/lang"
)

// TestArabicCatalogueOrderMatchesBidi draws every Arabic catalogue line, its blanks filled with
// seat names and numbers, and checks where its numbers and Latin words land against an
// independent reading of the Unicode bidirectional algorithm (golang.org/x/text/unicode/bidi,
// a port of the algorithm's reference implementation): left to right on screen, the same
// numbers and words in the same order. The lines are filled twice, with Arabic seat names
// ("الحاسوب 1", numbers after Arabic) and with Latin ones ("Amira 1", numbers after Latin).
func TestArabicCatalogueOrderMatchesBidi(t *testing.T) {
	m := NewMetrics(1280, 800, 1)
	verb := regexp.MustCompile(`%(\[(\d+)\])?[sdvq]`)
	checked := 0
	for _, names := range [][]string{{"الحاسوب", "الغولة"}, {"Amira", "Kofi"}} {
		for _, key := range lang.Keys(lang.Arabic) {
			tmpl := lang.In(lang.Arabic, key)
			next := 0
			line := verb.ReplaceAllStringFunc(tmpl, func(v string) string {
				sub := verb.FindStringSubmatch(v)
				i := next
				if sub[2] != "" {
					i, _ = strconv.Atoi(sub[2])
					i--
				}
				next = i + 1
				if strings.HasSuffix(v, "d") {
					return strconv.Itoa(24 - 6*i) // 24, 18, 12…: distinct, two digits
				}
				return names[i%2] + " " + strconv.Itoa(i+1)
			})
			line = strings.ReplaceAll(line, "%%", "%")
			if !hasArabic(line) {
				continue // drawn left to right as it is
			}
			got, want := tokens(screenOrder(m.runs(Body, line))), tokens(bidiOrder(t, line))
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: %q\n  drawn, left to right: %q\n  the algorithm:        %q", key, line, got, want)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d lines checked", checked)
	}
}

// screenOrder is the line's text left to right as runs draws it. A right-to-left run holds no
// digits or Latin letters, so its own order does not matter here.
func screenOrder(runs []run) string {
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(r.s)
	}
	return b.String()
}

// bidiOrder is the line's text left to right as the algorithm lays out a right-to-left
// paragraph: its runs in reverse, each left-to-right run in its own order.
func bidiOrder(t *testing.T, line string) string {
	t.Helper()
	var p bidi.Paragraph
	if _, err := p.SetString(line, bidi.DefaultDirection(bidi.RightToLeft)); err != nil {
		t.Fatal(err)
	}
	o, err := p.Order()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := o.NumRuns() - 1; i >= 0; i-- {
		r := o.Run(i)
		s := r.String()
		if r.Direction() == bidi.RightToLeft {
			rs := []rune(s)
			for a, z := 0, len(rs)-1; a < z; a, z = a+1, z-1 {
				rs[a], rs[z] = rs[z], rs[a]
			}
			s = string(rs)
		}
		b.WriteString(s)
	}
	return b.String()
}

// tokens are the numbers and Latin words of s, in order.
func tokens(s string) []string {
	var out []string
	cur, kind := []rune{}, 0
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
		}
		cur, kind = cur[:0], 0
	}
	for _, r := range s {
		k := 0
		switch {
		case unicode.IsDigit(r):
			k = 1
		case unicode.Is(unicode.Latin, r):
			k = 2
		}
		if k != kind {
			flush()
		}
		if k != 0 {
			cur, kind = append(cur, r), k
		}
	}
	flush()
	return out
}
