package boards

import (
	"sig/scenes/board"
	"sig/scenes/lang"
)

// The boards' words all come from the catalogue (scenes/lang/catalogue/boards.*.txt, and the
// log's lines, log.*.txt, where a board says the same thing). A key ending in .you is the text
// said to the person at the screen: it takes no name, so each language conjugates for "you".

// playerName is player p's name as the play scene gave it, or "Player n".
func playerName(env *board.Env, p int) string {
	if env != nil && p >= 0 && p < len(env.Names) && env.Names[p] != "" {
		return env.Names[p]
	}
	return lang.T("log.player", p+1)
}

// isYou reports whether a seat's name is the word for the person at the screen ("You", "Vous",
// "أنت"), in whichever language the name was given.
func isYou(name string) bool {
	for _, l := range lang.All {
		if name == lang.In(l.Code, "log.you") {
			return true
		}
	}
	return false
}

// say is the text of key about player p: key+".you" without the name when p is the person at
// the screen (and the catalogue has that form), else key with p's name as its first argument.
func say(env *board.Env, p int, key string, args ...any) string {
	n := playerName(env, p)
	if isYou(n) && lang.Has(lang.English, key+".you") {
		return lang.T(key+".you", args...)
	}
	return lang.T(key, append([]any{n}, args...)...)
}

// tell addresses the instruction key to player p: as it is to the person at the screen,
// prefixed by the name ("Amira: pick a piece…") for anyone else.
func tell(env *board.Env, p int, key string, args ...any) string {
	what := lang.T(key, args...)
	if n := playerName(env, p); !isYou(n) {
		return lang.T("boards.tell", n, what)
	}
	return what
}

// winsText is "Amira wins" or "You win".
func winsText(env *board.Env, p int) string { return say(env, p, "boards.wins") }
