package boards

import (
	"errors"
	"fmt"
	"strings"

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
	for _, pc := range b.w.Pieces[me&1] {
		if elOuedSquareOf(pc.Square) == sq {
			return b.refusalOf(pc.Square)
		}
	}
	return say(b.env, me, "oued.tapone")
}

// refusalOf asks the rules why the plain move of the piece on square name is illegal, and says
// it in the player's language from the rules' typed reason.
func (b *elOuedBoard) refusalOf(name string) string {
	mv, err := b.st.ParseMove(name)
	if err != nil {
		return lang.T("oued.no")
	}
	err = b.st.Clone().Apply(mv, nil)
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

// elOuedMeaning says what the throw ev[i] means, from the state before it and the events
// after it.
func elOuedMeaning(bw elOuedWire, ev rules.Events, i int) string {
	e := ev[i]
	p, pl := e.Count, e.Player&1
	for _, f := range ev[i+1:] {
		if f.Kind == rules.EvThrow {
			break
		}
		if f.Kind == rules.EvBigThrow {
			if f.Value == 13 {
				return lang.T("oued.m.13")
			}
			return lang.T("oued.m.bigsix", f.Value)
		}
	}
	sig := sigeloued.IsSig(p)
	if n := bw.Pending.BonusThrows; n > 0 {
		k := 4 - n
		switch {
		case sig:
			return lang.T("oued.m.bonus.sig", k)
		case p == 6:
			return lang.T("oued.m.bonus.six", k)
		case p == 0:
			return lang.T("oued.m.bonus.rough", k)
		}
		return lang.T("oued.m.bonus.move", p, k)
	}
	if bw.Pending.Six {
		switch {
		case p == 6:
			return lang.T("oued.m.six.again")
		case p == 0:
			return lang.T("oued.m.six.rough")
		}
		return lang.T("oued.m.six.then", p)
	}
	switch {
	case sig:
		return lang.T("oued.m.sig")
	case p == 6:
		return lang.T("oued.m.six")
	case p == 0 && !bw.Thrown[pl]:
		return lang.T("oued.m.rough3")
	case p == 0:
		return lang.T("oued.m.rough0")
	}
	return lang.T("oued.m.move", p)
}

// restLines are the banner's two lines at rest: what is due now, and what just happened.
func (b *elOuedBoard) restLines() (string, string) {
	if b.st == nil {
		return "", ""
	}
	w := b.w
	p := w.ToMove & 1
	last := ""
	if b.meaning != "" && b.meantBy >= 0 {
		last = say(b.env, b.meantBy, "oued.last", lowerFirst(b.meaning))
	}
	switch b.st.Phase() {
	case rules.PhaseOver:
		if out := b.st.(rules.Ender).Outcome(); len(out.Winners) == 1 {
			return say(b.env, out.Winners[0], "oued.won"), last
		}
		return lang.N("oued.drawn", sigeloued.QuietLimit, sigeloued.QuietLimit), last
	case rules.PhaseMove:
		v := 0
		if w.Value != nil {
			v = *w.Value
		}
		var now string
		switch {
		case v == 7 || v == 13:
			now = lang.T("oued.now.big", v)
		case v == 1:
			now = lang.T("oued.now.sig")
		case v == 6:
			now = lang.T("oued.now.six")
		default:
			now = lang.T("oued.now.play", v)
		}
		if len(w.Pending.Values) > 0 {
			rest := ""
			for i, x := range w.Pending.Values {
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
	case w.Pending.BonusThrows > 0:
		k := 4 - w.Pending.BonusThrows
		if w.Pending.Thirteen {
			return lang.T("oued.bonus.13", k), last
		}
		return lang.T("oued.bonus", k), last
	case w.Pending.Six:
		return lang.T("oued.six7"), last
	case b.meantBy == p:
		return say(b.env, p, "oued.again"), last
	}
	return say(b.env, p, "oued.next"), last
}

// lowerFirst puts an English meaning after "threw" ("Amira threw six polished: …"); other
// languages set it off with a dash and keep it as it is.
func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "Sig") || lang.Current() != lang.English {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
