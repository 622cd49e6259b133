package scenes

import (
	"fmt"
	"strings"

	"sig/rules"
	"sig/rules/essig"
)

// logLine is one line of the play scene's short log: what happened, and to whom.
type logLine struct {
	Text   string
	Player int // -1: nobody in particular
}

// describe turns a move's events into a few readable lines. Runs of steps (a piece moving
// several spaces, the Ghoula walking, seeds sown) become one line each.
func describe(g *rules.Info, names []string, ev rules.Events) []logLine {
	name := func(p int) string {
		if p >= 0 && p < len(names) {
			return names[p]
		}
		return fmt.Sprintf("Player %d", p+1)
	}
	// who is a player and the verb agreeing with them ("You throw", "Amira throws").
	who := func(p int, third string) string {
		n := name(p)
		if n != "You" {
			return n + " " + third
		}
		verb, rest, _ := strings.Cut(third, " ")
		if rest != "" {
			rest = " " + rest
		}
		return "You " + secondPerson(verb) + rest
	}
	var out []logLine
	add := func(p int, format string, args ...any) {
		out = append(out, logLine{fmt.Sprintf(format, args...), p})
	}
	for i := 0; i < len(ev); i++ {
		e := ev[i]
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
			add(e.Player, "%s threw %d %s up: %s", name(e.Player), e.Count, faceWord(g), throwWorth(g, ev, i))
		case rules.EvExtraThrow:
			add(e.Player, "%s again", who(e.Player, "throws"))
		case rules.EvNoMove:
			if e.Value == 0 {
				break // the throw's own line already says it moves nothing
			}
			add(e.Player, "%s cannot use the %d", name(e.Player), e.Value)
		case rules.EvStep:
			last := runEnd()
			add(e.Player, "%s %s to %s", who(e.Player, "moves from"), place(g, e.Player, e.From), place(g, e.Player, last.To))
		case rules.EvTrapped:
			add(e.Player, "%s caught on %s: %d sigs to go on", who(e.Player, "is"), place(g, e.Player, e.To), e.Value)
		case rules.EvSigCounted:
			add(e.Player, "%s a sig: %d of %d", who(e.Player, "counts"), e.Count, e.Value)
		case rules.EvFinished:
			if g.ID == "es-sig" {
				add(e.Player, "%s, %s", who(e.Player, "escapes"), ordinal(e.Count))
			} else {
				add(e.Player, "%s the centre!", who(e.Player, "reaches"))
			}
		case rules.EvLost:
			add(e.Player, "%s out of the game", who(e.Player, "is"))
		case rules.EvGhoulaAppears:
			add(-1, "The %s appears on %s", ghoula(g), place(g, -1, e.To))
		case rules.EvGhoulaStep:
			last := runEnd()
			add(e.Player, "%s the %s to %s", who(e.Player, "sends"), ghoula(g), place(g, -1, last.To))
		case rules.EvGhoulaReturns:
			add(-1, "The %s goes back to the start", ghoula(g))
		case rules.EvRide:
			add(e.Player, "%s along with the %s", who(e.Player, "rides"), ghoula(g))
		case rules.EvSeized:
			add(e.Player, "The %s seizes %s!", ghoula(g), name(e.Player))
		case rules.EvDragged:
			last := runEnd()
			switch {
			case last.To > e.From:
				add(e.Player, "%s carried forward to %s", who(e.Player, "is"), place(g, e.Player, last.To))
			case last.To == e.From:
				add(e.Player, "%s picked up and put down on %s", who(e.Player, "is"), place(g, e.Player, last.To))
			default:
				add(e.Player, "%s dragged back to %s", who(e.Player, "is"), place(g, e.Player, last.To))
			}
		case rules.EvFreed:
			add(e.Player, "%s a piece", who(e.Player, "frees"))
		case rules.EvBigThrow:
			add(e.Player, "%s a big throw: %d", who(e.Player, "has"), e.Value)
		case rules.EvFreeAll:
			add(e.Player, "%s all %d pieces", who(e.Player, "frees"), e.Count)
		case rules.EvPlaced:
			add(e.Player, "%s on %s", who(e.Player, "places"), place(g, e.Player, e.To))
		case rules.EvCaptured:
			if g.ID == "sadeqa" {
				add(e.Player, "%s %d from %s", who(e.Player, "captures"), e.Count, place(g, e.Player, e.From))
			} else {
				add(e.Player, "%s on %s", who(e.Player, "captures"), place(g, e.Player, e.From))
			}
		case rules.EvChain:
			add(e.Player, "%s must capture again", name(e.Player))
		case rules.EvBlocked:
			add(e.Player, "%s blocked: the other player goes again", who(e.Player, "is"))
		case rules.EvLift:
			sows := 0
			for j := i + 1; j < len(ev) && ev[j].Kind == rules.EvSow; j++ {
				sows++
			}
			i += sows
			lap := ""
			if e.Value > 1 {
				lap = fmt.Sprintf(" (lap %d)", e.Value)
			}
			add(e.Player, "%s %d from %s%s", who(e.Player, "sows"), e.Count, place(g, e.Player, e.From), lap)
		case rules.EvWarana:
			add(e.Player, "%s a warana on %s", who(e.Player, "makes"), place(g, e.Player, e.To))
		case rules.EvBonus:
			add(e.Player, "%s a bonus move", who(e.Player, "earns"))
		case rules.EvPass:
			add(e.Player, "%s", who(e.Player, "passes"))
		case rules.EvGameOver:
			add(-1, "The game is over")
		}
	}
	return out
}

// faceWord is what the counted faces are called in game g.
func faceWord(g *rules.Info) string {
	if g.Sticks == rules.SixPolishedRough {
		return "polished"
	}
	return "white"
}

// ghoula is the name of the race games' charcoal: the Ghula in Es-Sîg, the Ghoula in Sig wa
// Duqqan (each as its sources spell it).
func ghoula(g *rules.Info) string {
	if g.ID == "es-sig" {
		return "Ghula"
	}
	return "Ghoula"
}

// throwWorth says what the throw ev[i] is worth: the Ghoula's move when the throw moves it,
// else the count a piece may move.
func throwWorth(g *rules.Info, ev rules.Events, i int) string {
	if ghoulaThrow(g, ev, i) {
		return fmt.Sprintf("the %s moves %d", ghoula(g), ev[i].Value)
	}
	return worth(ev[i].Value)
}

// ghoulaThrow reports whether the throw ev[i] moves the Ghoula, as its events tell: the Ghoula
// steps for the thrower before the turn passes; or, in Es-Sîg, where only escaped players' throws
// move it, the throw leaves the steering decision (nothing follows it), or its value is one only
// the Ghula's table gives for that count (three white faces: it moves 0).
func ghoulaThrow(g *rules.Info, ev rules.Events, i int) bool {
	e := ev[i]
	for _, f := range ev[i+1:] {
		if f.Kind == rules.EvTurn || f.Kind == rules.EvThrow {
			break
		}
		if f.Kind == rules.EvGhoulaStep && f.Player == e.Player {
			return true
		}
	}
	if g.ID != "es-sig" {
		return false
	}
	if i == len(ev)-1 {
		return true
	}
	c := e.Count
	return c >= 0 && c < len(essig.GhulaValue) && e.Value == essig.GhulaValue[c] && e.Value != essig.PieceValue[c]
}

func worth(v int) string {
	if v == 0 {
		return "nothing to move"
	}
	return fmt.Sprintf("worth %d", v)
}

// place names a position of game g: a square, a hole or a space on the track.
func place(g *rules.Info, p, pos int) string {
	switch g.ID {
	case "seega":
		if pos >= 0 && pos < 25 {
			return fmt.Sprintf("%c%d", 'a'+pos%5, pos/5+1)
		}
	case "sadeqa":
		if pos >= 0 && pos < 10 {
			return fmt.Sprintf("S%d", pos+1)
		}
		if pos >= 10 && pos < 20 {
			return fmt.Sprintf("N%d", pos-9)
		}
	case "sig-el-oued":
		if sq, ok := ouedSquare(p, pos); ok {
			return sq
		}
	case "es-sig":
		switch {
		case pos <= 0:
			return "the start"
		case pos >= 51:
			return "the exit"
		}
	case "sig-wa-duqqan":
		switch pos {
		case 1:
			return "the start"
		case 81:
			return "the gate"
		case 86:
			return "the centre"
		}
	}
	return fmt.Sprintf("%d", pos)
}

// ordinal spells 1 as "1st" and so on.
func ordinal(n int) string {
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

// ouedCircuits are the two circuits of Sig El Oued, as the rulings give them.
var ouedCircuits = [2][]string{
	strings.Fields("a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2 a3 b3 c3 d3 e3 f3 f2 e2 d2 c2 b2 a2"),
	strings.Fields("f3 e3 d3 c3 b3 a3 a2 b2 c2 d2 e2 f2 f1 e1 d1 c1 b1 a1 a2 b2 c2 d2 e2 f2"),
}

// ouedSquare names the square at index i (0..23) of player p's circuit in Sig El Oued (the
// events number positions along the mover's circuit).
func ouedSquare(p, i int) (string, bool) {
	if p < 0 || p > 1 || i < 0 || i >= len(ouedCircuits[p]) {
		return "", false
	}
	return ouedCircuits[p][i], true
}

// secondPerson turns a third-person verb into the form that goes with "you".
func secondPerson(v string) string {
	switch v {
	case "is":
		return "are"
	case "has":
		return "have"
	}
	for _, end := range []string{"shes", "sses", "ches", "xes"} {
		if strings.HasSuffix(v, end) {
			return strings.TrimSuffix(v, "es")
		}
	}
	return strings.TrimSuffix(v, "s")
}
