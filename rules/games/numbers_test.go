package games

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sig/rules/essig"
	"sig/rules/sadeqa"
	"sig/rules/seega"
	"sig/rules/sigeloued"
	"sig/rules/sigwaduqqan"
)

// throwRows are the rows of a page's table of throws: the cells of each row whose first cell
// starts with a number (the faces up), keyed by that number; "1 or 5" gives both.
func throwRows(page string) map[int][]string {
	out := map[int][]string{}
	lead := regexp.MustCompile(`^\d+`)
	for _, line := range strings.Split(page, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if !lead.MatchString(cells[0]) {
			continue
		}
		for _, n := range regexp.MustCompile(`\d+`).FindAllString(cells[0], -1) {
			w, _ := strconv.Atoi(n)
			out[w] = cells
		}
	}
	return out
}

// firstNumber is the first whole number in s, or -1.
func firstNumber(s string) int {
	m := regexp.MustCompile(`\d+`).FindString(s)
	if m == "" {
		return -1
	}
	n, _ := strconv.Atoi(m)
	return n
}

// binomial is the number of ways k of n sticks land one side up.
func binomial(n, k int) int {
	r := 1
	for i := 0; i < k; i++ {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// TestPagesStateTheRulesNumbers: the numbers a rules page states about its board and its
// throws are the rules package's own, in every language: each row of the race games' throw
// tables against PieceValue and the Ghoula's or Ghula's value (and Sig wa Duqqan's extra
// throws), each row of El Oued's against ThrowValue and the chance of that many polished faces
// among six sticks; and the counts the prose gives (traps and their sîgs, the gate, the spaces,
// the pieces, the draws' limits) as figures on the page.
func TestPagesStateTheRulesNumbers(t *testing.T) {
	yes := map[string]string{"en": "yes", "fr": "oui", "ar": "نعم"}
	for _, code := range []string{"en", "fr", "ar"} {
		// The race games: faces up → a piece's move, the charcoal's move.
		for _, race := range []struct {
			id            string
			piece, ghoula [5]int
			extra         func(int) bool
		}{
			{"es-sig", essig.PieceValue, essig.GhulaValue, nil},
			{"sig-wa-duqqan", sigwaduqqan.PieceValue, sigwaduqqan.GhoulaValue, sigwaduqqan.ExtraThrow},
		} {
			g, _ := Lookup(race.id)
			rows := throwRows(g.Rules[code])
			if len(rows) != 5 {
				t.Errorf("%s rules.%s.md: %d rows of throws, want 5 (0 to 4 white sides up)", race.id, code, len(rows))
			}
			for w, cells := range rows {
				if w > 4 || len(cells) < 4 {
					t.Errorf("%s rules.%s.md: row %q", race.id, code, cells)
					continue
				}
				if got := firstNumber(cells[2]); got != race.piece[w] {
					t.Errorf("%s rules.%s.md: %d up moves a piece %d, the rules say %d", race.id, code, w, got, race.piece[w])
				}
				if got := firstNumber(cells[3]); got != race.ghoula[w] {
					t.Errorf("%s rules.%s.md: %d up moves the charcoal %d, the rules say %d", race.id, code, w, got, race.ghoula[w])
				}
				if race.extra != nil && len(cells) > 4 && (cells[4] == yes[code]) != race.extra(w) {
					t.Errorf("%s rules.%s.md: %d up, throw again %q, the rules say %v", race.id, code, w, cells[4], race.extra(w))
				}
			}
		}
		// El Oued: polished faces up → chance in 64 and value.
		g, _ := Lookup("sig-el-oued")
		rows := throwRows(g.Rules[code])
		if len(rows) != 7 {
			t.Errorf("sig-el-oued rules.%s.md: the throws cover %d counts of faces, want 0 to 6", code, len(rows))
		}
		for p, cells := range rows {
			if p > 6 || len(cells) < 3 {
				t.Errorf("sig-el-oued rules.%s.md: row %q", code, cells)
				continue
			}
			chance := binomial(6, p)
			if sigeloued.IsSig(p) {
				chance = binomial(6, 1) + binomial(6, 5)
			}
			if got := firstNumber(cells[1]); got != chance || !strings.Contains(cells[1], "64") {
				t.Errorf("sig-el-oued rules.%s.md: %d polished up has the chance %q, want %d in 64", code, p, cells[1], chance)
			}
			if v := firstNumber(cells[2]); v >= 0 && v != int(sigeloued.ThrowValue[p]) {
				t.Errorf("sig-el-oued rules.%s.md: %d polished up is worth %d, the rules say %d", code, p, v, sigeloued.ThrowValue[p])
			}
		}
	}

	// The counts the prose states, as the pages write them in each language.
	for _, c := range []struct {
		id   string
		says map[string][]string
	}{
		{"es-sig", map[string][]string{
			"en": {"**space " + itoa(essig.TopRight) + "** must then throw **" + words["en"][essig.TrapSigs(essig.TopRight)] + " sîgs**", "**space " + itoa(essig.Central) + "**, **" + words["en"][essig.TrapSigs(essig.Central)] + " sîgs**", "space " + itoa(essig.LastRun), "space " + itoa(essig.Last)},
			"fr": {itoa(essig.TopRight) + "**", "**" + words["fr"][essig.TrapSigs(essig.TopRight)] + " sîgs**", "**la case " + itoa(essig.Central) + "**, **" + words["fr"][essig.TrapSigs(essig.Central)] + " sîgs**"},
			"ar": {"**الخانة " + itoa(essig.TopRight) + "**", "**" + words["ar"][essig.TrapSigs(essig.TopRight)] + " سيقات**", "**الخانة " + itoa(essig.Central) + "** **" + words["ar"][essig.TrapSigs(essig.Central)] + " سيقات**"},
		}},
		{"sig-wa-duqqan", map[string][]string{
			"en": {itoa(sigwaduqqan.Centre), itoa(sigwaduqqan.Gate), itoa(sigwaduqqan.Gate + 1)},
			"fr": {itoa(sigwaduqqan.Centre), itoa(sigwaduqqan.Gate), itoa(sigwaduqqan.Gate + 1)},
			"ar": {itoa(sigwaduqqan.Centre), itoa(sigwaduqqan.Gate), itoa(sigwaduqqan.Gate + 1)},
		}},
		{"sig-el-oued", map[string][]string{
			"en": {itoa(sigeloued.QuietLimit) + " turns", itoa(sigeloued.CircuitLen) + " steps", itoa(sigeloued.Rows) + " rows of " + itoa(sigeloued.Files)},
			"fr": {itoa(sigeloued.QuietLimit), itoa(sigeloued.CircuitLen)},
			"ar": {itoa(sigeloued.QuietLimit), itoa(sigeloued.CircuitLen)},
		}},
		{"seega", map[string][]string{
			"en": {itoa(seega.QuietLimit) + " moves"},
			"fr": {itoa(seega.QuietLimit) + " coups"},
			"ar": {itoa(seega.QuietLimit) + " نقلة"},
		}},
		{"sadeqa", map[string][]string{
			"en": {itoa(sadeqa.QuietLimit), itoa(sadeqa.RowHoles)},
			"fr": {itoa(sadeqa.QuietLimit), itoa(sadeqa.RowHoles)},
			"ar": {itoa(sadeqa.QuietLimit), itoa(sadeqa.RowHoles)},
		}},
	} {
		g, _ := Lookup(c.id)
		for code, says := range c.says {
			for _, s := range says {
				if !strings.Contains(g.Rules[code], s) {
					t.Errorf("%s rules.%s.md does not say %q (from the rules' constants)", c.id, code, s)
				}
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// words are the numbers the pages spell out, in each language.
var words = map[string]map[int]string{
	"en": {5: "five", 10: "ten"},
	"fr": {5: "cinq", 10: "dix"},
	"ar": {5: "خمسة", 10: "عشرة"},
}
