package sigeloued

import (
	"fmt"
	"testing"
)

// TestMeaningOf reads throws against docs/rulings.md's Sig El Oued: a sig is worth 1 and throws
// again; six polished throws again; a first six rough gives three extra throws, a later one
// ends the turn; after a six polished a sig makes 7; among the extra throws the first sig makes
// 13; a value no piece can use is lost.
func TestMeaningOf(t *testing.T) {
	const home = "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\n"
	const freed = "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  s4 .  s5\n1 S0 S1 S2 S3 .  .\n"
	for _, c := range []struct {
		pos   string
		throw int
		want  Meaning
	}{
		{freed + "thrown=11", 1, Meaning{Kind: SigThrow, Value: 1, Again: true}},
		{freed + "thrown=11", 6, Meaning{Kind: SixPolished, Value: 6, Again: true}},
		{home + "thrown=00", 0, Meaning{Kind: SixRough, GivesExtra: true, Again: true}},
		{freed + "thrown=11", 0, Meaning{Kind: SixRough}},
		{freed + "thrown=11", 3, Meaning{Kind: PlainThrow, Value: 3}},
		{home + "thrown=11", 3, Meaning{Kind: PlainThrow, Value: 3, Lost: []int{3}}},
		{freed + "six thrown=11", 1, Meaning{Kind: SigThrow, Value: 1, Big: 7, AfterSix: true, Again: true}},
		{freed + "bonus=2 thrown=10", 5, Meaning{Kind: SigThrow, Value: 1, Big: 13, ExtraThrow: 2, Again: true}},
		{freed + "bonus=1 thrown=10", 4, Meaning{Kind: PlainThrow, Value: 4, ExtraThrow: 3}},
	} {
		s := mustParse(t, c.pos)
		before := s.Clone()
		got := MeaningOf(s, c.throw)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("throw %d at\n%s\nmeans %+v, want %+v", c.throw, s, got, c.want)
		}
		if !s.Equal(before) {
			t.Errorf("MeaningOf changed the position")
		}
	}
}

// TestDue reads what is due at rest: the value in play and those after it, a big throw's
// choice, a sig's freeing, the extra throws left.
func TestDue(t *testing.T) {
	const home = "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\n"
	for _, c := range []struct {
		pos  string
		want Due
	}{
		{home + "phase=move value=7 then=throw", Due{Value: 7, FreeAll: true, Frees: true}},
		{home + "bonus=2 thrown=10", Due{ExtraThrows: 2, Thirteen: true}},
		{home + "six thrown=11", Due{AfterSix: true}},
	} {
		s := mustParse(t, c.pos)
		if got := s.Due(); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("at\n%s\ndue %+v, want %+v", s, got, c.want)
		}
	}
	if d := (Due{ExtraThrows: 2}); d.ExtraThrow() != 2 {
		t.Errorf("with 2 extra throws left the next is number %d, want 2", d.ExtraThrow())
	}
}
