package sigeloued

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/rulestest"
)

var update = flag.Bool("update", false, "rewrite testdata/sig-el-oued.golden")

const (
	home    = "3 N5 N4 N3 N2 N1 N0\n"
	noMid   = "2 .  .  .  .  .  .\n"
	southS  = "1 S0 S1 S2 S3 S4 S5\n"
	start   = home + noMid + southS
	freedF2 = home + "2 .  .  .  .  .  s5\n1 S0 S1 S2 S3 S4 .\n" // S5 freed onto f2
)

// who spells players in the test's event notation.
var who = [2]string{"S", "N"}

// evText spells an event tersely: "throw S 5=1", "step S5 6-7", "captured S N5@5 a3" (captor,
// captured piece @ its circuit index, square), "freed S5", "free-all S 6", "big-throw S 7",
// "no-move S 4", "extra-throw S", "turn N", "game-over".
func evText(e rules.Event) string {
	p := who[e.Player]
	switch e.Kind {
	case rules.EvThrow:
		return fmt.Sprintf("throw %s %d=%d", p, e.Count, e.Value)
	case rules.EvNoMove, rules.EvBigThrow:
		return fmt.Sprintf("%s %s %d", e.Kind, p, e.Value)
	case rules.EvFreed:
		return fmt.Sprintf("freed %s%d", p, e.Piece)
	case rules.EvFreeAll:
		return fmt.Sprintf("free-all %s %d", p, e.Count)
	case rules.EvStep:
		return fmt.Sprintf("step %s%d %d-%d", p, e.Piece, e.From, e.To)
	case rules.EvCaptured:
		return fmt.Sprintf("captured %s %s%d@%d %s", p, who[1-e.Player], e.Piece, e.From, SquareName(e.To))
	case rules.EvExtraThrow, rules.EvTurn:
		return fmt.Sprintf("%s %s", e.Kind, p)
	case rules.EvGameOver:
		return "game-over"
	}
	return e.String()
}

// expand turns the shorthand "steps S5 6..12" into the single steps 6-7; …; 11-12 (wrapping
// from 23 to 0); every other item is kept.
func expand(events string) []string {
	var out []string
	for _, item := range strings.Split(events, "; ") {
		f := strings.Fields(item)
		if len(f) == 3 && f[0] == "steps" {
			a, b, _ := strings.Cut(f[2], "..")
			from, _ := strconv.Atoi(a)
			to, _ := strconv.Atoi(b)
			for i := from; i != to; i = (i + 1) % CircuitLen {
				out = append(out, fmt.Sprintf("step %s %d-%d", f[1], i, (i+1)%CircuitLen))
			}
			continue
		}
		out = append(out, item)
	}
	return out
}

func mustParse(t *testing.T, text string) *State {
	t.Helper()
	s, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, text)
	}
	return s
}

func legalText(s *State) string {
	var words []string
	for _, m := range s.Legal(nil) {
		words = append(words, s.FormatMove(m))
	}
	return strings.Join(words, ", ")
}

// The scenarios: one per ruling of docs/rulings.md ("Sig (El Oued Capture)") and per decision of this
// package. Each builds a position, plays the moves, and compares the whole resulting state, the
// events and (where given) the options offered next. Circuit indices used below — South: a1..f1
// 0..5, f2..a2 6..11, a3..f3 12..17, f2..a2 18..23; North: f3..a3 0..5, a2..f2 6..11, f1..a1
// 12..17, a2..f2 18..23.
var scenarios = []struct {
	name, before, moves, after, events, legal string
}{
	{
		name:   "start: a sig frees the one unfreed piece that can step, and the player throws again",
		before: start, moves: "throw 1",
		after:  freedF2,
		events: "throw S 1=1; freed S5; step S5 5-6; extra-throw S",
	},
	{
		name:   "a sig can free an unfreed piece or move a freed one: a choice",
		before: freedF2, moves: "throw 5",
		after:  freedF2 + "phase=move value=1 then=throw",
		events: "throw S 5=1",
		legal:  "e1, f2",
	},
	{
		name:   "a sig moves a freed piece one step, then the extra throw follows",
		before: freedF2 + "phase=move value=1 then=throw", moves: "f2",
		after:  home + "2 .  .  .  .  s5 .\n1 S0 S1 S2 S3 S4 .\n",
		events: "step S5 6-7; extra-throw S",
	},
	{
		name:   "2, 3, 4 move only freed pieces; then the turn ends",
		before: freedF2 + "quiet=4 turn=7", moves: "throw 3",
		after:  home + "2 .  .  s5 .  .  .\n1 S0 S1 S2 S3 S4 .\nto_move=1 quiet=5 turn=8",
		events: "throw S 3=3; steps S5 6..9; turn N",
	},
	{
		name:   "a throw no piece can use is lost",
		before: start, moves: "throw 4",
		after:  start + "to_move=1 turn=2 quiet=1",
		events: "throw S 4=4; no-move S 4; turn N",
	},
	{
		name:   "six rough after the first throw is worth 0 and ends the turn, though an extra throw was due",
		before: start, moves: "throw 1, throw 0",
		after:  freedF2 + "to_move=1 turn=2 quiet=1",
		events: "throw S 1=1; freed S5; step S5 5-6; extra-throw S; throw S 0=0; turn N",
	},
	{
		name:   "six polished: the player throws again at once",
		before: start, moves: "throw 6",
		after:  start + "six",
		events: "throw S 6=6; extra-throw S",
	},
	{
		name:   "six polished then a sig make a 7: one piece or free all, where the rest is not blocked",
		before: start + "six", moves: "throw 1",
		after:  start + "phase=move value=7 then=throw",
		events: "throw S 1=1; big-throw S 7",
		legal:  "a1, b1, c1, d1, e1, f1, free-all f1",
	},
	{
		name:   "a 7 frees a piece and moves it the whole value, capturing where it ends; the sig's throw follows",
		before: start + "phase=move value=7 then=throw", moves: "f1",
		after:  "3 s5 N4 N3 N2 N1 N0\n" + noMid + "1 S0 S1 S2 S3 S4 .\ntook captured=1,0",
		events: "freed S5; steps S5 5..12; captured S N5@5 a3; extra-throw S",
	},
	{
		name:   "free all: every unfreed piece steps, front pieces first, then the chosen one moves the rest",
		before: start + "phase=move value=7 then=throw", moves: "free-all f1",
		after: home + "2 .  .  .  .  s5 .\n1 .  s0 s1 s2 s3 s4\n",
		events: "free-all S 6; freed S5; step S5 5-6; freed S4; step S4 4-5; freed S3; step S3 3-4; " +
			"freed S2; step S2 2-3; freed S1; step S1 1-2; freed S0; step S0 0-1; step S5 6-7; extra-throw S",
	},
	{
		name:   "six polished then a 3: the 6 is played first, then the 3; a capture resets the quiet count",
		before: freedF2 + "six quiet=7 turn=9", moves: "throw 3",
		after:  "3 .  N4 N3 s5 N1 N0\n" + noMid + "1 S0 S1 S2 S3 S4 .\nto_move=1 quiet=0 turn=10 captured=2,0",
		events: "throw S 3=3; steps S5 6..12; captured S N5@5 a3; steps S5 12..15; captured S N2@2 d3; turn N",
	},
	{
		name:   "six polished twice: the first 6 is played (passing over a piece), the second waits for the next throw",
		before: "3 .  N4 N3 N2 N1 N0\n2 .  n5 .  .  .  s5\n1 S0 S1 S2 S3 S4 .\nsix", moves: "throw 6",
		after:  "3 s5 N4 N3 N2 N1 N0\n2 .  n5 .  .  .  .\n1 S0 S1 S2 S3 S4 .\nsix",
		events: "throw S 6=6; steps S5 6..12; extra-throw S",
	},
	{
		name:   "six polished then six rough: the 6 is played and the turn ends",
		before: "3 .  N4 N3 N2 N1 N0\n2 .  n5 .  .  .  s5\n1 S0 S1 S2 S3 S4 .\nsix", moves: "throw 0",
		after:  "3 s5 N4 N3 N2 N1 N0\n2 .  n5 .  .  .  .\n1 S0 S1 S2 S3 S4 .\nto_move=1 turn=2 quiet=1",
		events: "throw S 0=0; steps S5 6..12; turn N",
	},
	{
		name:   "a 6 no freed piece can use is lost, and the throw due still follows",
		before: start + "six", moves: "throw 6",
		after:  start + "six",
		events: "throw S 6=6; no-move S 6; extra-throw S",
	},
	{
		name:   "six rough as the very first throw gives three extra throws",
		before: start + "thrown=00", moves: "throw 0",
		after:  start + "thrown=10 bonus=3",
		events: "throw S 0=0; extra-throw S",
	},
	{
		name:   "a throw among the three that no piece can use is lost; the next still follows",
		before: start + "thrown=10 bonus=3", moves: "throw 3",
		after:  start + "thrown=10 bonus=2",
		events: "throw S 3=3; no-move S 3; extra-throw S",
	},
	{
		name:   "the first sig among the three makes a 13",
		before: start + "thrown=10 bonus=2", moves: "throw 5",
		after:  start + "thrown=10 bonus=1 used13 phase=move value=13 then=throw",
		events: "throw S 5=1; big-throw S 13",
		legal: "a1, b1, c1, d1, e1, f1, free-all a1, free-all b1, free-all c1, free-all d1, " +
			"free-all e1, free-all f1",
	},
	{
		name:   "free all with a 13: six pieces step, the chosen one moves the rest of 7",
		before: start + "thrown=10 bonus=1 used13 phase=move value=13 then=throw", moves: "free-all c1",
		after: home + "2 .  s2 .  .  .  s5\n1 .  s0 s1 .  s3 s4\nthrown=10 bonus=1 used13",
		events: "free-all S 6; freed S5; step S5 5-6; freed S4; step S4 4-5; freed S3; step S3 3-4; " +
			"freed S2; step S2 2-3; freed S1; step S1 1-2; freed S0; step S0 0-1; steps S2 3..10; extra-throw S",
	},
	{
		name:   "a later sig among the three is a plain 1",
		before: home + "2 .  s2 .  .  .  s5\n1 .  s0 s1 .  s3 s4\nthrown=10 bonus=1 used13", moves: "throw 1",
		after:  home + "2 .  s2 .  .  .  s5\n1 .  s0 s1 .  s3 s4\nthrown=10 used13 phase=move value=1 then=end",
		events: "throw S 1=1",
		legal:  "c1, b2, f2",
	},
	{
		name:   "after the third of the three the turn ends: a sig among them grants nothing further",
		before: home + "2 .  s2 .  .  .  s5\n1 .  s0 s1 .  s3 s4\nthrown=10 used13 phase=move value=1 then=end", moves: "b2",
		after:  home + "2 s2 .  .  .  .  s5\n1 .  s0 s1 .  s3 s4\nthrown=10 to_move=1 turn=2 quiet=1",
		events: "step S2 10-11; turn N",
	},
	{
		name:   "a six rough among the three is worth 0, and the rest are still thrown",
		before: freedF2 + "thrown=10 bonus=2", moves: "throw 0",
		after:  freedF2 + "thrown=10 bonus=1",
		events: "throw S 0=0; extra-throw S",
	},
	{
		name:   "a six polished among the three is a plain 6 and gives no throw",
		before: freedF2 + "thrown=10 bonus=1", moves: "throw 6",
		after:  "3 s5 N4 N3 N2 N1 N0\n" + noMid + "1 S0 S1 S2 S3 S4 .\nthrown=10 to_move=1 turn=2 quiet=0 captured=1,0",
		events: "throw S 6=6; steps S5 6..12; captured S N5@5 a3; turn N",
	},
	{
		name:   "a 13 made on the third of the three grants no extra throw (lead's decision)",
		before: freedF2 + "thrown=10 bonus=1", moves: "throw 1, f2",
		after:  home + "2 .  .  .  .  s5' .\n1 S0 S1 S2 S3 S4 .\nthrown=10 to_move=1 turn=2 quiet=1",
		events: "throw S 1=1; big-throw S 13; steps S5 6..19; turn N",
	},
	{
		name:   "free all is not offered when a freeing step would end on an own piece (central squares compare as squares)",
		before: home + "2 .  .  .  .  .  s0'\n1 .  S1 S2 S3 S4 S5\nsix", moves: "throw 1",
		after:  home + "2 .  .  .  .  .  s0'\n1 .  S1 S2 S3 S4 S5\nphase=move value=7 then=throw",
		events: "throw S 1=1; big-throw S 7",
		legal:  "b1, c1, d1, e1, f1",
	},
	{
		name:   "the rest of a free-all may end where the chosen piece stands: it cannot block itself",
		before: home + "2 .  .  .  s0 .  .\n1 .  .  .  .  .  S5\nbonus=2", moves: "throw 1",
		after:  home + "2 .  .  .  s0 .  .\n1 .  .  .  .  .  S5\nbonus=1 used13 phase=move value=13 then=throw",
		events: "throw S 1=1; big-throw S 13",
		legal:  "f1, d2, free-all f1",
	},
	{
		name:   "a rest of 12 brings the freed piece round to the same central square, passing over pieces",
		before: home + "2 .  .  .  s0 .  .\n1 .  .  .  .  .  S5\nbonus=1 used13 phase=move value=13 then=throw", moves: "free-all f1",
		after:  home + "2 .  .  .  s0 .  s5'\n1 .  .  .  .  .  .\nbonus=1 used13",
		events: "free-all S 1; freed S5; step S5 5-6; steps S5 6..18; extra-throw S",
	},
	{
		name:   "no move may end on an own piece, though it stands on another circuit index of that square",
		before: "3 N5 N4 N3 N2 N1 s0\n2 .  .  .  .  .  s1\n1 .  .  .  .  .  .\n", moves: "throw 5",
		after:  "3 N5 N4 N3 N2 N1 s0\n2 .  .  .  .  s1 .\n1 .  .  .  .  .  .\n",
		events: "throw S 5=1; step S1 6-7; extra-throw S",
	},
	{
		name:   "South's circuit runs on from a2 to a1; ending on an opposing piece captures it",
		before: "3 N5 N4 N3 N2 .  N0\n2 s0' .  .  .  .  .\n1 .  n1 S2 S3 S4 S5\nquiet=5", moves: "throw 2",
		after:  "3 N5 N4 N3 N2 .  N0\n" + noMid + "1 .  s0 S2 S3 S4 S5\nto_move=1 turn=2 quiet=0",
		events: "throw S 2=2; step S0 23-0; step S0 0-1; captured S N1@16 b1; turn N",
	},
	{
		name:   "North's circuit leaves its home row at a3 for a2",
		before: home + "2 s0 .  .  .  .  .\n1 .  S1 S2 S3 S4 S5\nto_move=1 turn=2 quiet=3", moves: "throw 1",
		after:  "3 .  N4 N3 N2 N1 N0\n2 n5 .  .  .  .  .\n1 .  S1 S2 S3 S4 S5\nto_move=1 turn=2 quiet=3 took",
		events: "throw N 1=1; freed N5; step N5 5-6; captured N S0@11 a2; extra-throw N",
	},
	{
		name:   "capturing the sixth piece wins at once: the sig's throw is not made",
		before: "3 .  .  .  .  .  .\n2 .  .  .  n0 s0 .\n1 .  .  .  .  .  .\n", moves: "throw 1",
		after:  "3 .  .  .  .  .  .\n2 .  .  .  s0 .  .\n1 .  .  .  .  .  .\nphase=over result=south",
		events: "throw S 1=1; step S0 7-8; captured S N0@9 d2; game-over",
	},
	{
		name:   "a free-all whose freeing step takes the last piece is finished, then the game ends",
		before: "3 .  .  .  .  .  .\n2 .  .  .  .  .  n0\n" + southS + "phase=move value=7 then=throw", moves: "free-all f1",
		after: "3 .  .  .  .  .  .\n2 .  .  .  .  s5 .\n1 .  s0 s1 s2 s3 s4\nphase=over result=south",
		events: "free-all S 6; freed S5; step S5 5-6; captured S N0@11 f2; freed S4; step S4 4-5; freed S3; step S3 3-4; " +
			"freed S2; step S2 2-3; freed S1; step S1 1-2; freed S0; step S0 0-1; step S5 6-7; game-over",
	},
	{
		name:   "after 200 turns in a row without a capture the game is a draw",
		before: start + "quiet=199 turn=250", moves: "throw 4",
		after:  start + "phase=over result=draw quiet=200 turn=250",
		events: "throw S 4=4; no-move S 4; game-over",
	},
	{
		name:   "a piece's own move and free-all are both listed where they lead to the same position",
		before: home + "2 .  .  s0 .  .  .\n1 .  .  .  .  S4 .\nsix", moves: "throw 5",
		after:  home + "2 .  .  s0 .  .  .\n1 .  .  .  .  S4 .\nphase=move value=7 then=throw",
		events: "throw S 5=1; big-throw S 7",
		legal:  "e1, c2, free-all e1",
	},
	{
		name:   "the piece's own move of 7",
		before: home + "2 .  .  s0 .  .  .\n1 .  .  .  .  S4 .\nphase=move value=7 then=throw", moves: "e1",
		after:  home + "2 s4 .  s0 .  .  .\n1 .  .  .  .  .  .\n",
		events: "freed S4; steps S4 4..11; extra-throw S",
	},
	{
		name:   "free all with one unfreed piece: one step, then the rest of 6",
		before: home + "2 .  .  s0 .  .  .\n1 .  .  .  .  S4 .\nphase=move value=7 then=throw", moves: "free-all e1",
		after:  home + "2 s4 .  s0 .  .  .\n1 .  .  .  .  .  .\n",
		events: "free-all S 1; freed S4; step S4 4-5; steps S4 5..11; extra-throw S",
	},
}

func TestScenarios(t *testing.T) {
	for _, tc := range scenarios {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.before)
			var ev rules.Events
			for _, mv := range strings.Split(tc.moves, ", ") {
				m, err := s.ParseMove(mv)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Apply(m, &ev); err != nil {
					t.Fatalf("%s: %v", mv, err)
				}
			}
			if want := mustParse(t, tc.after); !s.Equal(want) {
				t.Errorf("after %s:\n%s\nwant\n%s", tc.moves, s, want)
			}
			var got []string
			for _, e := range ev {
				got = append(got, evText(e))
			}
			if want := expand(tc.events); strings.Join(got, "; ") != strings.Join(want, "; ") {
				t.Errorf("events:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if tc.legal != "" {
				if got := legalText(s); got != tc.legal {
					t.Errorf("legal: %s, want %s", got, tc.legal)
				}
			}
			if err := s.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}

// The written-out circuits of docs/rulings.md, square by square, and the places the game names for them.
func TestCircuits(t *testing.T) {
	want := [2]string{
		"a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2 a3 b3 c3 d3 e3 f3 f2 e2 d2 c2 b2 a2",
		"f3 e3 d3 c3 b3 a3 a2 b2 c2 d2 e2 f2 f1 e1 d1 c1 b1 a1 a2 b2 c2 d2 e2 f2",
	}
	for pl := 0; pl < 2; pl++ {
		var got []string
		for i := 0; i < CircuitLen; i++ {
			file, row := Square(pl, i)
			got = append(got, SquareName(row*Files+file))
			if named := Place(pl, i).String(); named != got[i] {
				t.Errorf("%s's circuit index %d is named %s, but lies on %s", playerNames[pl], i, named, got[i])
			}
		}
		if strings.Join(got, " ") != want[pl] {
			t.Errorf("%s circuit:\n%s\nwant\n%s", playerNames[pl], strings.Join(got, " "), want[pl])
		}
	}
}

func TestStart(t *testing.T) {
	want := mustParse(t, start+"thrown=00")
	if s := New(); !s.Equal(want) {
		t.Errorf("New:\n%s\nwant\n%s", s, want)
	}
}

func TestIllegalMoves(t *testing.T) {
	// A 3 to play: s1 (c2) and s2 (a2) can, s0 (f2) would end on s1, S3..S5 are unfreed.
	decision := "3 N5 N4 N3 N2 N1 N0\n2 s2 .  s1 .  .  s0\n1 .  .  .  S3 S4 S5\n"
	cases := []struct {
		before, move, want string
		reason             Reason // 0: not a piece's move, no Refusal
		square             string
	}{
		{start, "e1", `"e1" is not legal now: South must throw the sticks`, 0, ""},
		{start + "phase=move value=7 then=throw", "throw 2", `"throw 2" is not legal now: South must choose how to play the 7`, 0, ""},
		{start + "phase=move value=7 then=throw", "a2", `illegal move "a2": South has no piece on a2`, NoPiece, "a2"},
		{start + "phase=move value=7 then=throw", "free-all a1", `illegal move "free-all a1": the rest of 1 would end on c1, held by South's own piece`, FreeAllHeld, "a1"},
		{decision + "phase=move value=3", "d1", `illegal move "d1": the piece on d1 has never moved and only a sig, 7 or 13 frees it`, NeverMoved, "d1"},
		{decision + "phase=move value=3", "free-all d1", `illegal move "free-all d1": only a 7 or a 13 can free all, the value is 3`, FreeAllNeeds, "d1"},
		{decision + "phase=move value=3", "f2", `illegal move "f2": it would end on c2, where South already has a piece`, OwnPiece, "c2"},
		{home + "2 .  .  .  .  .  s0'\n1 .  S1 S2 S3 S4 S5\nphase=move value=7", "free-all b1", `illegal move "free-all b1": the piece on f1 cannot step to f2, held by South's own piece`, FreeAllHeld, "b1"},
		{home + "2 .  .  .  .  .  s0'\n1 .  S1 S2 S3 S4 S5\nphase=move value=7", "f2", `illegal move "f2": it would end on b1, where South already has a piece`, OwnPiece, "b1"},
		{home + "2 .  .  s0 .  .  .\n1 .  .  .  .  S4 .\nphase=move value=7", "free-all d2", `illegal move "free-all d2": South has no piece on d2`, NoPiece, "d2"},
		{home + "2 .  .  s0 .  .  .\n1 .  .  .  .  S4 .\nphase=move value=7", "free-all c2", `illegal move "free-all c2": the piece on c2 has already been freed`, AlreadyFreed, "c2"},
	}
	for _, tc := range cases {
		s := mustParse(t, tc.before)
		before := s.Clone()
		m, err := s.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		err = s.Apply(m, nil)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s at\n%s: got %v, want %s", tc.move, s, err, tc.want)
		}
		var r *Refusal
		if got := errors.As(err, &r); got != (tc.reason != 0) || got && (r.Reason != tc.reason || r.Square != tc.square) {
			t.Errorf("%s: refusal %+v, want reason %d on %q", tc.move, r, tc.reason, tc.square)
		}
		if !s.Equal(before) {
			t.Errorf("%s: a refused move changed the state", tc.move)
		}
	}
	over := mustParse(t, start+"phase=over result=draw quiet=200")
	if err := over.Apply(rules.ThrowMove(1), nil); !errors.Is(err, rules.ErrOver) {
		t.Errorf("after the end: %v", err)
	}
}

func TestMoveSpelling(t *testing.T) {
	s := New()
	for _, text := range []string{"throw 0", "throw 6", "a1", "f3", "c2", "free-all a1", "free-all f3"} {
		m, err := s.ParseMove(text)
		if err != nil || s.FormatMove(m) != text {
			t.Errorf("%q → %d (%v) → %q", text, m, err, s.FormatMove(m))
		}
	}
	if m, _ := s.ParseMove("e1"); m != 4 {
		t.Errorf("e1 is %d, want 4", m)
	}
	if m, _ := s.ParseMove("free-all e3"); m != 64+16 {
		t.Errorf("free-all e3 is %d, want 80", m)
	}
	for _, bad := range []string{"", "throw", "throw 7", "g1", "a4", "free-all", "free-all a0", "e1-e2", "A1"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{
		"",
		home + noMid,                        // a row missing
		home + noMid + "1 S0 S1 S2 S3 S4\n", // a square missing
		home + noMid + "1 S0 S1 S2 S3 S4 S4\n",
		home + "2 S5 .  .  .  .  .\n1 S0 S1 S2 S3 S4 .\n", // unfreed off its start
		home + noMid + "1 s0' S1 S2 S3 S4 S5\n",           // a1 has one index only
		start + "captured=1,0",
		start + "phase=move value=4", // no option: not a decision
		start + "colour=blue",
		start + "phase=over",
	} {
		if s, err := Parse(bad); err == nil {
			t.Errorf("parsed:\n%s\nas\n%s", bad, s)
		}
	}
}

func TestWire(t *testing.T) {
	data, err := json.Marshal(New().Wire())
	if err != nil {
		t.Fatal(err)
	}
	piece := func(sq string, i int) string {
		return fmt.Sprintf(`{"square":%q,"index":%d,"freed":false,"id":%d}`, sq, i, i)
	}
	want := `{"game":"sig-el-oued","players":2,"to_move":0,"phase":"throw","ranks":null,"turn":1,"pieces":[[` +
		strings.Join([]string{piece("a1", 0), piece("b1", 1), piece("c1", 2), piece("d1", 3), piece("e1", 4), piece("f1", 5)}, ",") + `],[` +
		strings.Join([]string{piece("f3", 0), piece("e3", 1), piece("d3", 2), piece("c3", 3), piece("b3", 4), piece("a3", 5)}, ",") +
		`]],"captured":[0,0],"value":null,"pending":{"values":[],"then":"throw","six":false,"bonus_throws":0,"thirteen":false},"quiet":0,"thrown":[false,false]}`
	if string(data) != want {
		t.Errorf("wire:\n%s\nwant\n%s", data, want)
	}

	// A decision: a 6 to play, then a 3; each side lost a piece; South's s4 is on its second pass.
	s := mustParse(t, "3 .  N4 N3 N2 N1 N0\n2 .  .  .  .  s4' s5\n1 S0 .  S2 S3 .  .\nphase=move value=6 queue=3 then=end quiet=2")
	data, _ = json.Marshal(s.Wire())
	var got struct {
		Pieces [2][]struct {
			Square string
			Index  int
			Freed  bool
			ID     int
		}
		Captured [2]int
		Value    *int
		Pending  struct {
			Values []int
			Then   string
			Six    bool
		}
		Quiet int
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Value == nil || *got.Value != 6 || fmt.Sprint(got.Pending.Values) != "[3]" || got.Pending.Then != "end" ||
		got.Captured != [2]int{1, 1} || len(got.Pieces[0]) != 5 || len(got.Pieces[1]) != 5 || got.Quiet != 2 {
		t.Errorf("wire: %s", data)
	}
	if p := got.Pieces[0][3]; p.Square != "e2" || p.Index != 19 || !p.Freed || p.ID != 4 {
		t.Errorf("South's piece 4: %+v", p)
	}
}

// Random games, with every state's own text read back to the same state.
func TestRandomGames(t *testing.T) {
	rulestest.RandomGames(t, Info, 2, 300, 20000)
}

func TestTextRoundTrip(t *testing.T) {
	for seed := int64(1); seed <= 50; seed++ {
		m, _ := rules.NewMatch(Info, 2, seed)
		for m.State.Phase() != rules.PhaseOver {
			s := m.State.(*State)
			back, err := Parse(s.String())
			if err != nil || !back.Equal(s) {
				t.Fatalf("seed %d: %v\n%s\nread back as\n%v", seed, err, s, back)
			}
			mv := s.Legal(nil)[0]
			if s.Phase() == rules.PhaseThrow {
				mv, _, _ = m.Throw()
			}
			if err := m.PlayMove(mv, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestEvaluate(t *testing.T) {
	even := New()
	if a, b := even.Evaluate(0), even.Evaluate(1); a != -b || a < -0.01 || a > 0.01 {
		t.Errorf("start: %v, %v", a, b)
	}
	ahead := mustParse(t, "3 .  N4 N3 N2 N1 N0\n2 .  .  .  .  .  s5\n1 S0 S1 S2 S3 S4 .\n")
	if a, b := ahead.Evaluate(0), ahead.Evaluate(1); a <= 0.1 || b >= -0.1 {
		t.Errorf("a piece up: %v for South, %v for North", a, b)
	}
	// On a3, South's s5 is 3 and 4 steps behind N2 and N1, which (unfreed) cannot reach it;
	// on d2 it threatens nothing.
	threat := mustParse(t, "3 s5 .  .  N2 N1 N0\n"+noMid+"1 S0 S1 S2 S3 S4 .\n")
	quiet := mustParse(t, "3 .  .  .  N2 N1 N0\n2 .  .  .  s5 .  .\n1 S0 S1 S2 S3 S4 .\n")
	if threat.Evaluate(0) <= quiet.Evaluate(0) {
		t.Errorf("a threat is worth nothing: %v <= %v", threat.Evaluate(0), quiet.Evaluate(0))
	}
	won := mustParse(t, "3 .  .  .  .  .  .\n2 .  .  .  s0 .  .\n1 .  .  .  .  .  .\nphase=over result=south")
	if won.Evaluate(0) != 1 || won.Evaluate(1) != -1 {
		t.Errorf("won: %v, %v", won.Evaluate(0), won.Evaluate(1))
	}
	for seed := int64(1); seed <= 50; seed++ {
		m, _ := rules.NewMatch(Info, 2, seed)
		for m.State.Phase() != rules.PhaseOver {
			s := m.State.(*State)
			for p := 0; p < 2; p++ {
				if v := s.Evaluate(p); v < -1 || v > 1 {
					t.Fatalf("Evaluate(%d) = %v", p, v)
				}
			}
			mv := s.Legal(nil)[0]
			if s.Phase() == rules.PhaseThrow {
				mv, _, _ = m.Throw()
			}
			_ = m.PlayMove(mv, nil)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	src := mustParse(t, start+"six")
	s := New()
	buf := make([]rules.Move, 0, 16)
	allocs := testing.AllocsPerRun(200, func() {
		s.CopyFrom(src)
		buf = s.Legal(buf)
		_ = s.Apply(rules.ThrowMove(1), nil)
		buf = s.Legal(buf)
		_ = s.Apply(buf[len(buf)-1], nil)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per copy+legal+apply", allocs)
	}
}

// A whole seeded game, its moves and events and the final state, against testdata.
func TestGolden(t *testing.T) {
	var b strings.Builder
	m, _ := rules.NewMatch(Info, 2, goldenSeed)
	pick := 0
	for m.State.Phase() != rules.PhaseOver {
		s := m.State
		var mv rules.Move
		if s.Phase() == rules.PhaseThrow {
			mv, _, _ = m.Throw()
		} else {
			legal := s.Legal(nil)
			mv = legal[pick%len(legal)]
			pick += 3
		}
		fmt.Fprintf(&b, "> %s\n", s.FormatMove(mv))
		var ev rules.Events
		if err := m.PlayMove(mv, &ev); err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			fmt.Fprintf(&b, "    %s\n", evText(e))
		}
		if m.State.Phase() == rules.PhaseMove {
			fmt.Fprintf(&b, "%s    options: %s\n", indent(m.State.String()), legalText(m.State.(*State)))
		}
	}
	fmt.Fprintf(&b, "final:\n%s", m.State)
	path := filepath.Join("testdata", "sig-el-oued.golden")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("the golden game differs from %s (go test -update rewrites it); got:\n%s", path, b.String())
	}
}

// goldenSeed gives a short game with a big throw (six polished then sig) and a free-all in it.
const goldenSeed = 14

func indent(text string) string {
	return "    | " + strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", "\n    | ") + "\n"
}
