package scenes

import (
	"fmt"

	"sig/rules"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
)

// logLine is one line of the play scene's short log: what happened, and to whom. It keeps the
// catalogue key and its arguments, not the words, so that it is said in the current language
// each time it is shown (changing the language mid-game says the whole log again).
type logLine struct {
	Player int // -1: nobody in particular
	key    string
	// about: the line is about Player (sayAbout), named as env names them when it is said
	// (a default name follows the language), or name without env; n >= 0 is the count that
	// picks the words' plural form.
	about bool
	env   *stage.Env
	name  string
	n     int
	// args may hold words of their own (a place, the Ghoula, what a throw is worth) as
	// fmt.Stringers, said in the language of the moment the line is.
	args []any
}

// logKey is a line that says key with args, about nobody in particular when p is -1.
func logKey(p int, key string, args ...any) logLine {
	return logLine{Player: p, key: key, n: -1, args: args}
}

// Text is the line in the current language.
func (l logLine) Text() string {
	switch {
	case l.about && l.n >= 0:
		you, name := l.who()
		return sayAboutN(you, name, l.key, l.n, l.args...)
	case l.about:
		you, name := l.who()
		return sayAbout(you, name, l.key, l.args...)
	case l.n >= 0:
		return lang.N(l.key, l.n, l.args...)
	}
	return lang.T(l.key, l.args...)
}

func (l logLine) String() string { return l.Text() }

// who is whether the line's player is "you", and their name, as the line is said.
func (l logLine) who() (you bool, name string) {
	if l.env != nil && l.Player >= 0 && l.Player < len(l.env.Names) {
		return l.env.IsYou(l.Player), l.env.Names[l.Player]
	}
	if l.name == "" {
		return false, lang.T("log.player", l.Player+1)
	}
	return false, l.name
}

// words are words said when a line is: in the language of that moment.
type words func() string

func (w words) String() string { return w() }

// placeArg is a place the rules name, said when a line is (placeWords).
type placeArg rules.Place

func (p placeArg) String() string { return placeWords(rules.Place(p)) }

// describe turns a move's events into a few log lines. Runs of steps (a piece moving several
// spaces, the Ghoula walking, seeds sown) become one line each.
//
// The players' names and which of them is "you" come from env, as the board has them, and are
// looked up each time a line is said: env is kept, not copied.
func describe(g *rules.Info, env *stage.Env, ev rules.Events) []logLine {
	var out []logLine
	// say adds the line key says of player p: key+".you" (without the name) when p is the person
	// at the screen, so each language can conjugate for "you"; else key with the name first.
	say := func(p int, key string, args ...any) {
		out = append(out, logLine{Player: p, key: key, about: true, env: env, n: -1, args: args})
	}
	// sayN is say for a line about the count n, which picks the words' form (lang.N).
	sayN := func(p int, key string, n int, args ...any) {
		out = append(out, logLine{Player: p, key: key, about: true, env: env, n: n, args: args})
	}
	add := func(p int, key string, args ...any) { out = append(out, logKey(p, key, args...)) }
	placeWords := func(pl rules.Place) placeArg { return placeArg(pl) }
	ghoula := func(g *rules.Info) words { return func() string { return ghoula(g) } }
	for i := 0; i < len(ev); i++ {
		e := ev[i]
		// The places the rules name for e (never worked out here: see rules.WhereFunc).
		from, to := g.Where(e)
		// The last of a run of the same kind for the same piece.
		runEnd := func() rules.Event {
			j := i
			for j+1 < len(ev) && ev[j+1].Kind == e.Kind && ev[j+1].Player == e.Player && ev[j+1].Piece == e.Piece {
				j++
			}
			i = j
			return ev[j]
		}
		switch e.Kind {
		case rules.EvThrow:
			e := e
			sayN(e.Player, "log.throw."+faceKey(g), e.Count, e.Count, words(func() string { return throwWorth(g, rules.Events{e}, 0) }))
		case rules.EvExtraThrow:
			say(e.Player, "log.extra")
		case rules.EvNoMove:
			if e.Value == 0 {
				break // the throw's own line already says it moves nothing
			}
			say(e.Player, "log.nomove", e.Value)
		case rules.EvStep:
			_, last := g.Where(runEnd())
			say(e.Player, "log.step", placeWords(from), placeWords(last))
		case rules.EvTrapped:
			sayN(e.Player, "log.trapped", e.Value, placeWords(to), e.Value)
		case rules.EvSigCounted:
			// Sig wa Duqqan's sources say "sig" and count them at the gate; Es-Sîg's say "sîg"
			// and count them on a trap square. The rules name the place, so its kind picks the word.
			if from.Kind == rules.Gate {
				say(e.Player, "log.gatesig", e.Count, e.Value)
			} else {
				say(e.Player, "log.sig", e.Count, e.Value)
			}
		case rules.EvFinished:
			if to.Kind == rules.Exit {
				say(e.Player, "log.escaped", e.Count)
			} else {
				say(e.Player, "log.centre")
			}
		case rules.EvLost:
			say(e.Player, "log.lost")
		case rules.EvGhoulaAppears:
			add(-1, "log.appears", ghoula(g), placeWords(to))
		case rules.EvGhoulaStep:
			_, last := g.Where(runEnd())
			say(e.Player, "log.ghoulastep", ghoula(g), placeWords(last))
		case rules.EvGhoulaReturns:
			add(-1, "log.returns", ghoula(g))
		case rules.EvRide:
			say(e.Player, "log.ride", ghoula(g))
		case rules.EvSeized:
			say(e.Player, "log.seized", ghoula(g))
		case rules.EvDragged:
			_, last := g.Where(runEnd())
			switch {
			case last.N > from.N:
				say(e.Player, "log.carried", placeWords(last))
			case last == from:
				say(e.Player, "log.putdown", placeWords(last))
			default:
				say(e.Player, "log.dragged", placeWords(last))
			}
		case rules.EvFreed:
			say(e.Player, "log.freed")
		case rules.EvBigThrow:
			say(e.Player, "log.bigthrow", e.Value)
		case rules.EvFreeAll:
			sayN(e.Player, "log.freeall", e.Count, e.Count)
		case rules.EvPlaced:
			say(e.Player, "log.placed", placeWords(to))
		case rules.EvCaptured:
			if e.Count > 0 { // seeds out of a warana, not a piece
				sayN(e.Player, "log.captured.seeds", e.Count, e.Count, placeWords(from))
			} else {
				say(e.Player, "log.captured", placeWords(from))
			}
		case rules.EvChain:
			say(e.Player, "log.chain")
		case rules.EvBlocked:
			say(e.Player, "log.blocked")
		case rules.EvLift:
			sows := 0
			for j := i + 1; j < len(ev) && ev[j].Kind == rules.EvSow; j++ {
				sows++
			}
			i += sows
			if e.Value > 1 {
				sayN(e.Player, "log.sow.lap", e.Count, e.Count, placeWords(from), e.Value)
			} else {
				sayN(e.Player, "log.sow", e.Count, e.Count, placeWords(from))
			}
		case rules.EvWarana:
			say(e.Player, "log.warana", placeWords(to))
		case rules.EvBonus:
			say(e.Player, "log.bonus")
		case rules.EvPass:
			say(e.Player, "log.pass")
		case rules.EvGameOver:
			add(-1, "log.over")
		}
	}
	return out
}

// sayAbout is the text of key about the player called name: key+".you" (which leaves the name
// out) when the words call that player "you", else key with name as its first argument.
func sayAbout(you bool, name, key string, args ...any) string {
	if you && lang.Has(lang.English, key+".you") {
		return lang.T(key+".you", args...)
	}
	return lang.Sentence(lang.T(key, append([]any{lang.Said(name)}, args...)...), name)
}

// sayAboutN is sayAbout for a text about the count n, which picks its form (lang.N).
func sayAboutN(you bool, name, key string, n int, args ...any) string {
	if you && lang.Has(lang.English, key+".you") {
		return lang.N(key+".you", n, args...)
	}
	return lang.Sentence(lang.N(key, n, append([]any{lang.Said(name)}, args...)...), name)
}

// faceKey is what the counted faces are called in game g: the catalogue's suffix.
func faceKey(g *rules.Info) string {
	if g.Sticks == rules.SixPolishedRough {
		return "polished"
	}
	return "white"
}

// ghoula is the name of the race games' charcoal as the game's sources spell it (the Ghula in
// Es-Sîg, the Ghoula in Sig wa Duqqan), in the current language.
func ghoula(g *rules.Info) string {
	if g.Ghoula == "Ghula" {
		return lang.T("log.ghula")
	}
	return lang.T("log.ghoula")
}

// throwWorth says what the throw ev[i] is worth: the Ghoula's move when the throw moves it,
// else the count a piece may move.
func throwWorth(g *rules.Info, ev rules.Events, i int) string {
	if ev[i].Ghoula {
		return lang.T("log.worth.ghoula", ghoula(g), ev[i].Value)
	}
	return worth(ev[i].Value)
}

func worth(v int) string {
	if v == 0 {
		return lang.T("log.worth.none")
	}
	return lang.T("log.worth", v)
}

// ordinal spells a place in a ranking in the current language (1st, 1er, الأول).
func ordinal(n int) string { return lang.Ordinal(n) }

// placeWords says a place the rules name in the current language: a square as it is spelled,
// a hole by its row and number, a space by its number, the start, the gate, the centre, the
// exit.
func placeWords(pl rules.Place) string {
	switch pl.Kind {
	case rules.Square:
		return pl.Name
	case rules.Hole:
		if pl.Row == 1 {
			return lang.T("log.hole.north", pl.N)
		}
		return lang.T("log.hole.south", pl.N)
	case rules.Start:
		return lang.T("log.place.start")
	case rules.Gate:
		return lang.T("log.place.gate")
	case rules.Centre:
		return lang.T("log.place.centre")
	case rules.Exit:
		return lang.T("log.place.exit")
	case rules.Space:
		return lang.T("log.place.space", pl.N)
	}
	return fmt.Sprint(pl.N)
}

// logRow is one line of the log as shown: a log entry's text, wrapped to the log's width, takes
// one row or more (a line is never cut short: "nothing to mo…" could not be read).
type logRow struct {
	text  string
	entry int  // the entry's index in the log
	first bool // the entry's first row: its player's piece stands beside it
}

// logRows are the rows of the last entries of log that fit n rows of width w in style Small,
// oldest first: only whole entries, wrapped at spaces.
func logRows(mt ui.Metrics, log []logLine, w float64, n int) []logRow {
	var rows []logRow
	for i := len(log) - 1; i >= 0; i-- {
		lines := mt.Wrap(log[i].Text(), ui.Small, w)
		if len(rows)+len(lines) > n {
			break
		}
		for j := len(lines) - 1; j >= 0; j-- {
			rows = append(rows, logRow{text: lines[j], entry: i, first: j == 0})
		}
	}
	for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
		rows[i], rows[j] = rows[j], rows[i]
	}
	return rows
}
