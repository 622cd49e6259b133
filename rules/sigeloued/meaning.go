package sigeloued

import (
	"fmt"

	"sig/rules"
)

// ThrowKind is what a throw of the six sticks is called.
type ThrowKind uint8

const (
	// PlainThrow: two, three or four polished faces up, worth as many.
	PlainThrow ThrowKind = iota
	// SigThrow: one or five polished faces up, worth 1.
	SigThrow
	// SixPolished: all six polished faces up, worth 6.
	SixPolished
	// SixRough: no polished face up, worth 0 (but see Meaning.GivesExtra and AfterSix).
	SixRough
)

// KindOf names a throw of p polished faces up.
func KindOf(p int) ThrowKind {
	switch {
	case IsSig(p):
		return SigThrow
	case p == 6:
		return SixPolished
	case p == 0:
		return SixRough
	}
	return PlainThrow
}

// Worth names a value in play by what put it there, for the scenes to say in words: under the
// rules each value has exactly one origin.
type Worth uint8

const (
	// WorthNone: nothing to play (a six rough is worth 0).
	WorthNone Worth = iota
	// WorthPlain: 2, 3 or 4, a plain throw's worth; moves a freed piece.
	WorthPlain
	// WorthSig: 1, a sig's; frees a piece that has never moved, or moves a freed one.
	WorthSig
	// WorthSix: 6, a six polished's, played before whatever the next throw adds.
	WorthSix
	// WorthSeven: 7, a sig thrown after a six polished; a big throw.
	WorthSeven
	// WorthThirteen: 13, the first sig among the extra throws of a first six rough; a big
	// throw.
	WorthThirteen
)

var worthNames = [...]string{"none", "plain", "sig", "six", "seven", "thirteen"}

func (w Worth) String() string {
	if int(w) < len(worthNames) {
		return worthNames[w]
	}
	return fmt.Sprintf("Worth(%d)", uint8(w))
}

// WorthOf names the value v in play.
func WorthOf(v int) Worth {
	switch v {
	case 1:
		return WorthSig
	case 2, 3, 4:
		return WorthPlain
	case 6:
		return WorthSix
	case 7:
		return WorthSeven
	case 13:
		return WorthThirteen
	}
	return WorthNone
}

// Big reports whether w is a big throw (7 or 13): one piece moves it whole, or every unfreed
// piece steps out and the front one plays the rest.
func (w Worth) Big() bool { return w == WorthSeven || w == WorthThirteen }

// Frees reports whether w can free a piece that has never moved (a sig's 1, or a big throw).
func (w Worth) Frees() bool { return w == WorthSig || w.Big() }

// Meaning is what a throw means under the rules, for the scenes to say in words: its name and
// worth, the big throw it makes, where it stands among the extra throws, and which of the
// values it put in play no piece could use.
type Meaning struct {
	Kind  ThrowKind
	Value int // the throw's worth (ThrowValue): 0..4 or 6
	// Big is 7 or 13 when the throw makes a big throw (one piece moves it, or all the unfreed
	// pieces step out), 0 otherwise; WorthOf(Big) names which.
	Big int
	// ExtraThrow is 1..3 when the throw is that one of the three extra throws a first six rough
	// gives, 0 otherwise.
	ExtraThrow int
	// AfterSix: the throw follows a six polished, whose 6 is played first (a sig makes 7).
	AfterSix bool
	// GivesExtra: a first six rough, which gives three extra throws.
	GivesExtra bool
	// Again: the player throws again once the values are played (a sig, a six polished, the
	// extra throws of a first six rough still to come).
	Again bool
	// Lost are the values the throw put in play that no piece could use, in the order they
	// were lost (the rules report them as EvNoMove).
	Lost []int
}

// MeaningOf is what a throw of p polished faces up means for the player to throw in s: s is
// the position at the throw, which it does not change.
func MeaningOf(s *State, p int) Meaning {
	if s.phase != rules.PhaseThrow || p < 0 || p > 6 {
		return Meaning{}
	}
	m := Meaning{Kind: KindOf(p), Value: int(ThrowValue[p]), AfterSix: s.six}
	if s.bonus > 0 {
		m.ExtraThrow = 4 - int(s.bonus)
		m.AfterSix = false
	}
	m.GivesExtra = m.Kind == SixRough && !s.thrown[s.toMove] && s.bonus == 0 && !s.six
	c := *s
	var ev rules.Events
	c.throw(p, &ev)
	for _, e := range ev {
		switch e.Kind {
		case rules.EvBigThrow:
			m.Big = e.Value
		case rules.EvNoMove:
			m.Lost = append(m.Lost, e.Value)
		case rules.EvExtraThrow:
			m.Again = m.Again || e.Player == int(s.toMove)
		}
	}
	// A throw again still due once the values are played (they may wait for a decision).
	m.Again = m.Again || c.then == thenThrow || c.then == thenSix
	return m
}

// Due is what is due at a position at rest, for the scenes to say in words.
type Due struct {
	// Value is the value to play now (at a decision), 0 at a throw or once over.
	Value int
	// Then are the values still to play after it in this turn, in order.
	Then []int
	// FreeAll: Value is a big throw (7 or 13): one piece moves it, or all unfreed pieces step
	// out and the rest is played by the front one.
	FreeAll bool
	// Frees: Value can free a piece that has never moved (a sig's 1, or a big throw); other
	// values move freed pieces only.
	Frees bool
	// ExtraThrows is how many of the three extra throws of a first six rough are still to
	// come; ExtraThrow (1..3) is which one is next at a throw.
	ExtraThrows int
	// Thirteen: among those extra throws a sig would still make 13.
	Thirteen bool
	// AfterSix: at a throw that follows a six polished (a sig now makes 7).
	AfterSix bool
}

// Worth names the value to play now (WorthNone at a throw or once over).
func (d Due) Worth() Worth { return WorthOf(d.Value) }

// ExtraThrow is which of the three extra throws comes next (1..3), 0 if none is due.
func (d Due) ExtraThrow() int {
	if d.ExtraThrows == 0 {
		return 0
	}
	return 4 - d.ExtraThrows
}

// Due is what is due now: the value to play and those after it, or the throw to come.
func (s *State) Due() Due {
	d := Due{ExtraThrows: int(s.bonus), Thirteen: s.bonus > 0 && !s.used13}
	switch s.phase {
	case rules.PhaseMove:
		d.Value = int(s.value)
		d.FreeAll = WorthOf(d.Value).Big()
		d.Frees = WorthOf(d.Value).Frees()
		for _, q := range s.queue[:s.queued] {
			d.Then = append(d.Then, int(q))
		}
	case rules.PhaseThrow:
		d.AfterSix = s.six
	}
	return d
}
