package boards

import (
	"unicode"
	"unicode/utf8"

	"sig/scenes/lang"
	"sig/scenes/stage"
)

// The boards' words all come from the catalogue (scenes/lang/catalogue/boards.*.txt, and the
// log's lines, log.*.txt, where a board says the same thing). A key ending in .you is the text
// said to the person at the screen: it takes no name, so each language conjugates for "you".

// playerName is player p's name as the play scene gave it, or "Player n".
func playerName(env *stage.Env, p int) string {
	if env != nil && p >= 0 && p < len(env.Names) && env.Names[p] != "" {
		return env.Names[p]
	}
	return lang.T("log.player", p+1)
}

// say is the text of key about player p: key+".you" without the name when p is the person at
// the screen (and the catalogue has that form), else key with p's name as its first argument.
func say(env *stage.Env, p int, key string, args ...any) string {
	if env.IsYou(p) && lang.Has(lang.English, key+".you") {
		return lang.T(key+".you", args...)
	}
	name := playerName(env, p)
	return lang.Sentence(lang.T(key, append([]any{lang.Said(name)}, args...)...), name)
}

// sayN is say for a text about the count n, which picks the words' form (lang.N).
func sayN(env *stage.Env, p int, key string, n int, args ...any) string {
	if env.IsYou(p) && lang.Has(lang.English, key+".you") {
		return lang.N(key+".you", n, args...)
	}
	name := playerName(env, p)
	return lang.Sentence(lang.N(key, n, append([]any{lang.Said(name)}, args...)...), name)
}

// tell addresses the instruction key to player p: as it is to the person at the screen,
// prefixed by the name ("Amira: pick a piece…") for another person here. A seat nobody here
// decides for (the computer) is not told what to do: its turn is only named.
func tell(env *stage.Env, p int, key string, args ...any) string {
	switch {
	case !env.IsHere(p):
		return lang.Sentence(lang.T("boards.turn", lang.Said(playerName(env, p))), playerName(env, p))
	case env.IsYou(p):
		return lang.T(key, args...)
	}
	return lang.T("boards.tell", playerName(env, p), lowerFirst(lang.T(key, args...)))
}

// lowerFirst sets an instruction or a throw's meaning inside a sentence, after a name and a
// colon or a dash ("Amira : choisissez un pion", "Amira threw six polished: …"): its first
// letter goes to lower case, in every language that has cases. A word in capitals (an
// abbreviation) keeps them.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsUpper(r) {
		return s
	}
	if r2, _ := utf8.DecodeRuneInString(s[n:]); unicode.IsUpper(r2) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// winsText is "Amira wins" or "You win".
func winsText(env *stage.Env, p int) string { return say(env, p, "boards.wins") }
