package lang_test

import (
	"regexp"
	"testing"

	"sig/rules/games"
	"sig/scenes/lang"
)

// frenchSpacing are the slips of French typography the glossary rules out: an ordinary space
// (which a line may break at) before : ; ! ? » or %, after «, or between a number's thousands;
// and no space at all before ; ! ? or a colon that ends a phrase.
var frenchSpacing = []struct {
	what   string
	re     *regexp.Regexp
	quoted bool // the check reads inside « » too (an English title quoted keeps its own marks)
}{
	{"an ordinary space before a high mark", regexp.MustCompile(`[^\s] [:;!?»]`), true},
	{"an ordinary space after «", regexp.MustCompile(`« `), true},
	{"an ordinary space in a number", regexp.MustCompile(`\d \d{3}(?:\D|$)`), true},
	{"an ordinary space before %", regexp.MustCompile(`[^\s] %(?:%|[^a-z\[%]|$)`), true},
	{"no space before a high mark", regexp.MustCompile(`[\p{L}\d)»…][;!?]|[\p{L}\d)»…]:(?:\s|$)`), false},
}

// titles are the titles of works in a rules page's sources, in italics: an English title keeps
// its own colon.
var titles = regexp.MustCompile(`\*[^*\n]+\*`)

// TestFrenchSpacing: every French catalogue text and rules page sets the no-break space
// (U+00A0) that the glossary asks for before : ; ! ? », after « and in numbers.
func TestFrenchSpacing(t *testing.T) {
	texts := map[string]string{}
	for _, k := range lang.Keys(lang.French) {
		texts[k] = lang.In(lang.French, k)
	}
	for _, g := range games.All() {
		texts["rules page "+g.ID] = g.Rules["fr"]
	}
	for name, s := range texts {
		for _, c := range frenchSpacing {
			in := s
			if !c.quoted {
				in = titles.ReplaceAllString(quoted.ReplaceAllString(s, ""), "")
			}
			if m := c.re.FindString(in); m != "" {
				t.Errorf("fr %s: %s: %q", name, c.what, m)
			}
		}
	}
}

// TestFrenchSpacingCatches: the checks find each slip, and only slips.
func TestFrenchSpacingCatches(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"Règles : lancez", true},
		{"Règles\u00a0: lancez", false},
		{"Oups !", true},
		{"Oups!", true},
		{"Oups\u00a0!", false},
		{"« Sig »", true},
		{"«\u00a0Sig\u00a0»", false},
		{"131 072 tours", true},
		{"131\u00a0072 tours", false},
		{"%d %%", true},
		{"%d\u00a0%%", false},
		{"À %s de jouer", false},
		{"wss://example.org", false},
		{"12:30", false},
	} {
		got := false
		for _, r := range frenchSpacing {
			got = got || r.re.MatchString(c.s)
		}
		if got != c.want {
			t.Errorf("%q: slip %v, want %v", c.s, got, c.want)
		}
	}
}
