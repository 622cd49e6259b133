// Package lang is the app's message catalogue: every word the scenes put on screen comes from
// here, in English, French or Arabic. It knows nothing of Ebitengine, so its tests run anywhere.
//
// The catalogue is a folder of small text files, catalogue/AREA.LANG.txt, one per area of the
// app (menus, saves, boards...) and language, so that the people working on different scenes
// never edit the same file. Each line is `key = text`; blank lines and lines starting with #
// are skipped; `\n` in a text is a line break. Texts are fmt formats: arguments may be
// reordered with %[2]s where a language needs it.
//
// # Counts
//
// A text about a count ("3 seeds", "1 move played") needs the noun's form for that number,
// and languages draw the line in different places: English says "1 seed" but "0 seeds",
// French "0 graine" and "1 graine", Arabic has six forms (0, 1, 2, 3–10, 11–99, 100…). Such
// a text is written once per CLDR plural category of the language, as `key:CATEGORY`:
//
//	sadeqa.seeds:one   = %d seed
//	sadeqa.seeds:other = %d seeds
//
// English and French have one and other; Arabic zero, one, two, few, many and other
// (Categories lists them). A caller formats it with N (or InN), naming the count that picks
// the form and then the format's arguments as for T, the count among them wherever the text
// shows it:
//
//	lang.N("log.sow", n, who, n, hole)
//
// The category comes from the CLDR rules that golang.org/x/text carries, not from rules of
// our own. A form may leave the number out (Arabic says بذرة واحدة, "one seed", with no
// figure): it then names its arguments by index, %[1]s, so that fmt does not complain of
// the argument it skips, or, using none at all, is shown as it is. A missing form falls back to the language's other form, then to
// English. T of a plural key (without the count) gives the other form.
package lang

import (
	"bufio"
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync/atomic"
)

// Lang is a language code: "en", "fr" or "ar".
type Lang string

// The languages the app speaks, English first: it is the fallback for a missing text.
const (
	English Lang = "en"
	French  Lang = "fr"
	Arabic  Lang = "ar"
)

// All lists the languages in the order the settings offer them, each with its own name for
// itself.
var All = []struct {
	Code Lang
	Name string
}{
	{English, "English"},
	{French, "Français"},
	{Arabic, "العربية"},
}

// RTL reports whether l is written right to left.
func (l Lang) RTL() bool { return l == Arabic }

// Known reports whether code is one of the app's languages.
func Known(code string) bool {
	for _, l := range All {
		if string(l.Code) == code {
			return true
		}
	}
	return false
}

//go:embed catalogue/*.txt
var files embed.FS

// texts holds every language's key → text, loaded once at start.
var texts = load()

var current atomic.Value // Lang

func init() { current.Store(English) }

// Set makes l the language of T; an unknown code leaves the language as it was.
func Set(l Lang) {
	if Known(string(l)) {
		current.Store(l)
	}
}

// Current is the language T speaks now.
func Current() Lang { return current.Load().(Lang) }

// T is the text for key in the current language, formatted with args. A key missing from the
// language falls back to English, and one missing from English shows the key itself, so a
// slip is visible on screen rather than a blank (TestCatalogueComplete keeps both from
// shipping).
func T(key string, args ...any) string { return In(Current(), key, args...) }

// In is T in the language l.
func In(l Lang, key string, args ...any) string {
	s, ok := texts[l][key]
	if !ok {
		s, ok = texts[English][key]
	}
	if !ok {
		// A plural key asked without its count: its other form reads right for most counts.
		if s, ok = form(l, key, Other); !ok {
			s, ok = form(English, key, Other)
		}
	}
	if !ok {
		return key
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// N is T for a text about the count n: it picks the text's form for n's CLDR plural category
// in the current language (see the package doc) and formats it with args, which are the
// format's arguments, n among them where the text shows it.
func N(key string, n int, args ...any) string { return InN(Current(), key, n, args...) }

// InN is N in the language l.
func InN(l Lang, key string, n int, args ...any) string {
	s, ok := form(l, key, Category(l, n))
	if !ok {
		s, ok = form(English, key, Category(English, n))
	}
	if !ok {
		return key
	}
	if len(args) == 0 || !hasVerb(s) {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// hasVerb reports whether the format s uses any argument: a plural form with none ("no
// seeds") is shown as it is, where fmt would complain of every argument left over.
func hasVerb(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if i+1 < len(s) && s[i+1] == '%' {
				i++
				continue
			}
			return true
		}
	}
	return false
}

// form is the text of key's form cat in l, or of its other form when l has no text for cat.
func form(l Lang, key string, cat Plural) (string, bool) {
	if s, ok := texts[l][key+":"+string(cat)]; ok {
		return s, true
	}
	s, ok := texts[l][key+":"+string(Other)]
	return s, ok
}

// Plural is a CLDR plural category: the class of numbers that take the same form of a noun
// in a language.
type Plural string

// The CLDR plural categories.
const (
	Zero  Plural = "zero"
	One   Plural = "one"
	Two   Plural = "two"
	Few   Plural = "few"
	Many  Plural = "many"
	Other Plural = "other"
)

// Category is the CLDR plural category of the whole number n in l (negative numbers take
// their size's). It reads a table made from golang.org/x/text's CLDR rules (plurals_table.go,
// written by TestPluralTable -update): the library itself would add 24 KB to the browser
// download for three languages' rules, and TestPluralTable checks the table against it for
// every number up to a hundred thousand.
func Category(l Lang, n int) Plural {
	if n < 0 {
		n = -n
	}
	table := pluralTable[l]
	if table == "" {
		table = pluralTable[English]
	}
	// The rules of English, French and Arabic look at most at n's last two digits once n is
	// 100 or more, so 100–199 stand for every larger number.
	if n >= len(table) {
		n = 100 + n%100
	}
	return pluralLetters[table[n]]
}

// pluralLetters decodes pluralTable: one letter a category.
var pluralLetters = map[byte]Plural{'z': Zero, 'o': One, 't': Two, 'f': Few, 'm': Many, '.': Other}

// Categories lists the plural categories l tells apart among whole numbers, in CLDR's order:
// the forms a plural text has in l's catalogue.
func Categories(l Lang) []Plural {
	return categories[l]
}

// categories is each language's Categories, found by asking CLDR about the numbers 0 to 1000
// (every rule of English, French and Arabic repeats within a hundred, save Arabic's 0).
var categories = func() map[Lang][]Plural {
	out := map[Lang][]Plural{}
	for _, l := range All {
		seen := map[Plural]bool{}
		for n := 0; n <= 1000; n++ {
			seen[Category(l.Code, n)] = true
		}
		for _, c := range []Plural{Zero, One, Two, Few, Many, Other} {
			if seen[c] {
				out[l.Code] = append(out[l.Code], c)
			}
		}
	}
	return out
}()

// Plurals lists the plural keys of l (without their :category), sorted.
func Plurals(l Lang) []string {
	seen := map[string]bool{}
	for k := range texts[l] {
		if base, _, ok := strings.Cut(k, ":"); ok {
			seen[base] = true
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Has reports whether key has a text in l itself (no fallback): a plain text, or the other
// form of a plural one.
func Has(l Lang, key string) bool {
	_, ok := texts[l][key]
	if !ok {
		_, ok = texts[l][key+":"+string(Other)]
	}
	return ok
}

// Keys lists l's keys in sorted order.
func Keys(l Lang) []string {
	keys := make([]string, 0, len(texts[l]))
	for k := range texts[l] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// FromLocale picks the app's language for a system or browser locale such as "fr-FR",
// "ar_EG.UTF-8" or "en-US"; anything else is English.
func FromLocale(locale string) Lang {
	code := strings.ToLower(locale)
	if i := strings.IndexAny(code, "-_.@"); i >= 0 {
		code = code[:i]
	}
	if Known(code) {
		return Lang(code)
	}
	return English
}

// load reads the embedded catalogue. A malformed line is a build defect (the files are ours
// and TestCatalogueParses reads them all), so it panics with the file and line.
func load() map[Lang]map[string]string {
	out := map[Lang]map[string]string{}
	for _, l := range All {
		out[l.Code] = map[string]string{}
	}
	entries, err := files.ReadDir("catalogue")
	if err != nil {
		panic("lang: " + err.Error())
	}
	for _, e := range entries {
		name := e.Name()
		base := strings.TrimSuffix(name, ".txt")
		l := Lang(path.Ext(base)[1:])
		if _, ok := out[l]; !ok {
			panic("lang: catalogue/" + name + ": unknown language " + string(l))
		}
		b, err := files.ReadFile("catalogue/" + name)
		if err != nil {
			panic("lang: " + err.Error())
		}
		if err := parse(string(b), out[l]); err != nil {
			panic("lang: catalogue/" + name + ": " + err.Error())
		}
	}
	return out
}

// parse adds the `key = text` lines of src to into.
func parse(src string, into map[string]string) error {
	sc := bufio.NewScanner(strings.NewReader(src))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, text, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.ContainsAny(key, " \t") {
			return fmt.Errorf("line %d: want `key = text`, got %q", n, line)
		}
		if base, cat, plural := strings.Cut(key, ":"); plural && (base == "" || !knownPlural(Plural(cat))) {
			return fmt.Errorf("line %d: %q: a plural key is key:zero, one, two, few, many or other", n, key)
		}
		if _, dup := into[key]; dup {
			return fmt.Errorf("line %d: key %q given twice", n, key)
		}
		into[key] = strings.ReplaceAll(strings.TrimSpace(text), `\n`, "\n")
	}
	return sc.Err()
}

func knownPlural(c Plural) bool {
	switch c {
	case Zero, One, Two, Few, Many, Other:
		return true
	}
	return false
}

// Ordinal spells the place n in a ranking in the current language: 1st, 2nd… in English, 1er,
// 2e… in French, الأول، الثاني… in Arabic (figures past the tenth).
func Ordinal(n int) string {
	switch Current() {
	case French:
		if n == 1 {
			return "1er"
		}
		return fmt.Sprintf("%de", n)
	case Arabic:
		if n >= 1 && n <= len(arabicOrdinals) {
			return arabicOrdinals[n-1]
		}
		return fmt.Sprint(n)
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

var arabicOrdinals = [...]string{"الأول", "الثاني", "الثالث", "الرابع", "الخامس", "السادس", "السابع", "الثامن", "التاسع", "العاشر"}
