// Package lang is the app's message catalogue: every word the scenes put on screen comes from
// here, in English, French or Arabic. It knows nothing of Ebitengine, so its tests run anywhere.
//
// The catalogue is a folder of small text files, catalogue/AREA.LANG.txt, one per area of the
// app (menus, saves, boards...) and language, so that the people working on different scenes
// never edit the same file. Each line is `key = text`; blank lines and lines starting with #
// are skipped; `\n` in a text is a line break. Texts are fmt formats: arguments may be
// reordered with %[2]s where a language needs it.
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
		return key
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// Has reports whether key has a text in l itself (no fallback).
func Has(l Lang, key string) bool {
	_, ok := texts[l][key]
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
		if _, dup := into[key]; dup {
			return fmt.Errorf("line %d: key %q given twice", n, key)
		}
		into[key] = strings.ReplaceAll(strings.TrimSpace(text), `\n`, "\n")
	}
	return sc.Err()
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
