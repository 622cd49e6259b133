package boards

import (
	"errors"
	"fmt"

	"sig/rules"
	"sig/rules/sigeloued"
	"sig/scenes/lang"
)

// refusal says why the piece on sq (or the square itself) cannot be played.
func (b *elOuedBoard) refusal(sq int) string {
	if b.st == nil {
		return ""
	}
	me := b.st.ToMove()
	for _, at := range b.w.sq[me&1] {
		if at == sq {
			return b.refusalOf(sq)
		}
	}
	return say(b.env, me, "oued.tapone")
}

// refusalOf asks the rules why the plain move of the piece on square sq is illegal, and says
// it in the player's language from the rules' typed reason.
func (b *elOuedBoard) refusalOf(sq int) string {
	err := b.st.Clone().Apply(sigeloued.Pick(sq), nil)
	if err == nil {
		return ""
	}
	var r *sigeloued.Refusal
	if !errors.As(err, &r) {
		return lang.T("oued.no")
	}
	switch r.Reason {
	case sigeloued.NoPiece:
		return lang.T("oued.no.piece")
	case sigeloued.FreeAllNeeds:
		return lang.T("oued.no.freeall")
	case sigeloued.FreeAllHeld:
		return lang.T("oued.no.block")
	case sigeloued.AlreadyFreed:
		return lang.T("oued.no.freed", r.Square)
	case sigeloued.NeverMoved:
		return lang.T("oued.no.unfreed", r.Square)
	case sigeloued.OwnPiece:
		return lang.T("oued.no.own", r.Square)
	}
	return lang.T("oued.no")
}

// elOuedMeaning says what a throw means, from the rules' account of it (sigeloued.Meaning).
func elOuedMeaning(m sigeloued.Meaning) string {
	// lost: no piece could use the throw's own value (the log says so too).
	lost := len(m.Lost) > 0 && m.Lost[len(m.Lost)-1] == m.Value && m.Value > 0
	switch {
	case sigeloued.WorthOf(m.Big) == sigeloued.WorthThirteen:
		return lang.T("oued.m.13")
	case sigeloued.WorthOf(m.Big).Big():
		return lang.T("oued.m.bigsix", m.Big)
	case m.ExtraThrow > 0:
		k := m.ExtraThrow
		switch m.Kind {
		case sigeloued.SigThrow:
			return lang.T("oued.m.bonus.sig", k)
		case sigeloued.SixPolished:
			return lang.T("oued.m.bonus.six", k)
		case sigeloued.SixRough:
			return lang.T("oued.m.bonus.rough", k)
		}
		if lost {
			return lang.T("oued.m.bonus.lost", m.Value, k)
		}
		return lang.T("oued.m.bonus.move", m.Value, k)
	case m.AfterSix:
		switch m.Kind {
		case sigeloued.SixPolished:
			return lang.T("oued.m.six.again")
		case sigeloued.SixRough:
			return lang.T("oued.m.six.rough")
		}
		return lang.T("oued.m.six.then", m.Value)
	}
	switch {
	case m.Kind == sigeloued.SigThrow:
		return lang.T("oued.m.sig")
	case m.Kind == sigeloued.SixPolished:
		return lang.T("oued.m.six")
	case m.GivesExtra:
		return lang.T("oued.m.rough3")
	case m.Kind == sigeloued.SixRough:
		return lang.T("oued.m.rough0")
	case lost:
		return lang.T("oued.m.lost", m.Value)
	}
	return lang.T("oued.m.move", m.Value)
}

// elOuedLastKey is the key of the line that says what player threw, after the throw, where the
// throw's meaning is an instruction to the thrower that reads wrong after their name ("Amira
// threw a sig: 1, throws again"); empty where the meaning itself follows the name.
func elOuedLastKey(m sigeloued.Meaning) string {
	if sigeloued.WorthOf(m.Big).Big() || m.ExtraThrow > 0 || m.AfterSix {
		return ""
	}
	switch m.Kind {
	case sigeloued.SigThrow:
		return "oued.last.sig"
	case sigeloued.SixPolished:
		return "oued.last.six"
	}
	return ""
}

// restLines are the banner's two lines at rest: what is due now, and what just happened.
func (b *elOuedBoard) restLines() (string, string) {
	if b.st == nil {
		return "", ""
	}
	due := b.st.(*sigeloued.State).Due()
	p := b.w.toMove & 1
	last := ""
	if b.meaning != "" && b.meantBy >= 0 {
		last = say(b.env, b.meantBy, "oued.last", lowerFirst(b.meaning))
		if b.lastKey != "" {
			last = say(b.env, b.meantBy, b.lastKey)
		}
	}
	switch b.st.Phase() {
	case rules.PhaseOver:
		if out := b.st.(rules.Ender).Outcome(); len(out.Winners) == 1 {
			return say(b.env, out.Winners[0], "oued.won"), last
		}
		return lang.N("oued.drawn", sigeloued.QuietLimit, sigeloued.QuietLimit), last
	case rules.PhaseMove:
		v := due.Value
		var now string
		switch w := due.Worth(); {
		case w.Big():
			now = lang.T("oued.now.big", v)
		case w == sigeloued.WorthSig:
			now = lang.T("oued.now.sig")
		case w == sigeloued.WorthSix: // its own words: Arabic says the six as a word
			now = lang.T("oued.now.six")
		default:
			now = lang.T("oued.now.play", v)
		}
		if len(due.Then) > 0 {
			rest := ""
			for i, x := range due.Then {
				if i == 0 {
					rest = fmt.Sprint(x)
				} else {
					rest = lang.T("oued.and", rest, fmt.Sprint(x))
				}
			}
			now = lang.T("oued.now.then", now, rest)
		}
		return now, last
	}
	switch {
	case due.ExtraThrows > 0:
		if due.Thirteen {
			return lang.T("oued.bonus.13", due.ExtraThrow()), last
		}
		return lang.T("oued.bonus", due.ExtraThrow()), last
	case due.AfterSix:
		return lang.T("oued.six7"), last
	case b.meantBy == p:
		return say(b.env, p, "oued.again"), last
	}
	return say(b.env, p, "oued.next"), last
}
