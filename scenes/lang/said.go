package lang

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A seat's name is shown alone on labels ("Ordinateur 2") but said inside a sentence with the
// article the language wants there ("À l’ordinateur 2 de jouer"). The catalogue gives both:
// player.computer.one and player.computer are the labels, player.computer.one.said and
// player.computer.said the words in running text. A name a person typed is said as typed.

// Said is name as said inside a sentence in the current language.
func Said(name string) string { return SaidIn(Current(), name) }

// SaidIn is Said in the language l.
func SaidIn(l Lang, name string) string {
	if name == In(l, "player.computer.one") {
		return In(l, "player.computer.one.said")
	}
	var n int
	if label := In(l, "player.computer", 0); strings.HasSuffix(label, " 0") {
		prefix := strings.TrimSuffix(label, "0")
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			if _, err := fmt.Sscan(rest, &n); err == nil && fmt.Sprint(n) == rest {
				return In(l, "player.computer.said", n)
			}
		}
	}
	return name
}

// Sentence is text, a sentence said about name, with its first letter in capitals where the
// said name (an article, "l’ordinateur") opens it: "L’ordinateur quitte la case 7…".
func Sentence(text, name string) string {
	said := Said(name)
	if said == name || !strings.HasPrefix(text, said) {
		return text
	}
	r, n := utf8.DecodeRuneInString(text)
	return string(unicode.ToUpper(r)) + text[n:]
}
