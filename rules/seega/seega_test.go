package seega

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"sig/rules"
)

// eventText spells an event with square names and player marks, for comparing with a table.
func eventText(e rules.Event) string {
	who := func(p int) string {
		if p == 0 || p == 1 {
			return string(mark[p])
		}
		return fmt.Sprintf("player(%d)", p)
	}
	switch e.Kind {
	case rules.EvPlaced:
		return fmt.Sprintf("placed %s %s %d", who(e.Player), SquareName(e.To), e.Count)
	case rules.EvStep:
		return fmt.Sprintf("step %s %s-%s", who(e.Player), SquareName(e.From), SquareName(e.To))
	case rules.EvCaptured:
		return fmt.Sprintf("captured %s %s %s", who(e.Player), SquareName(e.From), who(e.Piece))
	case rules.EvChain, rules.EvBlocked, rules.EvTurn:
		return fmt.Sprintf("%s %s", e.Kind, who(e.Player))
	case rules.EvGameOver:
		w := "draw"
		if e.Player >= 0 {
			w = who(e.Player)
		}
		return fmt.Sprintf("game-over %s %s", w, Reason(e.Value))
	}
	return e.String()
}

func eventsText(ev rules.Events) string {
	var b []string
	for _, e := range ev {
		b = append(b, eventText(e))
	}
	return strings.Join(b, "; ")
}

func legalText(s *State) string {
	var b []string
	for _, m := range s.Legal(nil) {
		b = append(b, s.FormatMove(m))
	}
	return strings.Join(b, " ")
}

// literal trims the indentation (tabs) of a position written in a test table.
func literal(text string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(strings.Trim(text, "\n\t"), "\n") {
		b.WriteString(strings.TrimLeft(line, "\t"))
		b.WriteByte('\n')
	}
	return b.String()
}

func mustParse(t *testing.T, text string) *State {
	t.Helper()
	s, err := Parse(fillRanks(text))
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, text)
	}
	return s
}

// play applies moves spelled as the protocol does and returns the events of the last one.
func play(t *testing.T, s *State, moves ...string) rules.Events {
	t.Helper()
	var ev rules.Events
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		ev = ev[:0]
		if err := s.Apply(m, &ev); err != nil {
			t.Fatalf("%s: %v\n%s", text, err, s)
		}
	}
	return ev
}

// TestRulings plays one move from a position built by hand and compares the whole resulting
// state (board and status line, legal moves) and the events with results worked out by hand
// from docs/rulings.md.
func TestRulings(t *testing.T) {
	tests := []struct {
		name   string
		before string
		setup  []string // moves played before the one under test (repetition)
		move   string
		after  string
		events string
		legal  string
	}{
		{
			name: "placement: player 0 begins and places two pieces",
			before: `
				5 . . . . .
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 . . . . .
				placement: x to place 1 of 2, in hand x 12 o 12, turn 1`,
			move: "a1",
			after: `
				  a b c d e
				5 . . . . .
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 x . . . .
				placement: x to place 2 of 2, in hand x 11 o 12, turn 1`,
			events: "placed x a1 11",
			legal:  "b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5",
		},
		{
			name: "placement: the second piece ends the turn",
			before: `
				1 x . . . .
				placement: x to place 2 of 2`,
			move: "e5",
			after: `
				  a b c d e
				5 . . . . x
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 x . . . .
				placement: o to place 1 of 2, in hand x 10 o 12, turn 2`,
			events: "placed x e5 10; turn o",
			legal:  "b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5",
		},
		{
			name: "placement: nothing is captured",
			before: `
				5 . . . . x
				1 x o . . o
				placement: x to place 1 of 2`,
			move: "c1",
			after: `
				  a b c d e
				5 . . . . x
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 x o x . o
				placement: x to place 2 of 2, in hand x 9 o 10, turn 3`,
			events: "placed x c1 9",
			legal:  "d1 a2 b2 c2 d2 e2 a3 b3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5",
		},
		{
			name: "placement: the last piece goes down by itself and player 1 moves first",
			before: `
				5 x o x o x
				4 o x o x o
				3 x o . x x
				2 o x o x o
				1 x o x . .
				placement: o to place 1 of 2, in hand x 0 o 2, turn 12`,
			move: "d1",
			after: `
				  a b c d e
				5 x o x o x
				4 o x o x o
				3 x o . x x
				2 o x o x o
				1 x o x o o
				movement: o to move, captured x 0 o 0, quiet 0, seen 1, turn 13`,
			events: "placed o d1 1; placed o e1 0; turn o",
			legal:  "c2-c3 b3-c3 c4-c3",
		},
		{
			name: "placement: player 1 blocked when movement begins, so player 0 opens a way",
			before: `
				5 o x o x o
				4 x o x o x
				3 o x . x o
				2 x o x o x
				1 x o x . .
				placement: o to place 1 of 2`,
			move: "e1",
			after: `
				  a b c d e
				5 o x o x o
				4 x o x o x
				3 o x . x o
				2 x o x o x
				1 x o x o o
				movement: x to move, o blocked, captured x 0 o 0, quiet 0, seen 1, turn 13`,
			events: "placed o e1 1; placed o d1 0; blocked o; turn x",
			legal:  "c2-c3 b3-c3 d3-c3 c4-c3",
		},
		{
			name: "capture: every direction at once, only by the piece that moved",
			before: `
				5 . . . . .
				4 . x x o x
				3 . o . . .
				2 x . o x .
				1 . x . . o
				movement: x to move, captured x 8 o 6, quiet 7`,
			move: "a2-b2",
			after: `
				  a b c d e
				5 . . . . .
				4 . x x o x
				3 . . . . .
				2 . x . x .
				1 . x . . o
				movement: o to move, captured x 10 o 6, quiet 0, seen 1, turn 14`,
			events: "step x a2-b2; captured x c2 o; captured x b3 o; turn o",
			legal:  "e1-d1 e1-e2 d4-d3 d4-d5",
		},
		{
			name: "capture: a piece that steps between two enemies is safe",
			before: `
				5 o . . . x
				4 . . . . .
				3 . . . . .
				2 . x . x .
				1 . . o . .
				movement: o to move, captured x 10 o 9, quiet 3`,
			move: "c1-c2",
			after: `
				  a b c d e
				5 o . . . x
				4 . . . . .
				3 . . . . .
				2 . x o x .
				1 . . . . .
				movement: x to move, captured x 10 o 9, quiet 4, seen 1, turn 14`,
			events: "step o c1-c2; turn x",
			legal:  "b2-b1 b2-a2 b2-b3 d2-d1 d2-e2 d2-d3 e5-e4 e5-d5",
		},
		{
			name: "capture: one of them moves away and comes back",
			before: `
				5 o . . . x
				4 . . . . .
				3 . . . . .
				2 x . o x .
				1 . x . . .
				movement: x to move, captured x 10 o 8, quiet 5`,
			move: "a2-b2",
			after: `
				  a b c d e
				5 o . . . x
				4 . . . . .
				3 . . . . .
				2 . x . x .
				1 . x . . .
				movement: o to move, captured x 11 o 8, quiet 0, seen 1, turn 14`,
			events: "step x a2-b2; captured x c2 o; turn o",
			legal:  "a5-a4 a5-b5",
		},
		{
			name: "capture: a piece on the centre cannot be captured",
			before: `
				5 . . . . .
				4 . . . x .
				3 . . o . .
				2 . . x . .
				1 o . . . .
				movement: x to move, captured x 10 o 10`,
			move: "d4-c4",
			after: `
				  a b c d e
				5 . . . . .
				4 . . x . .
				3 . . o . .
				2 . . x . .
				1 o . . . .
				movement: o to move, captured x 10 o 10, quiet 1, seen 1, turn 14`,
			events: "step x d4-c4; turn o",
			legal:  "a1-b1 a1-a2 c3-b3 c3-d3",
		},
		{
			name: "chain: a capture that leaves another makes the same player capture again",
			before: `
				5 o . . . o
				4 . x . x .
				3 . o . o .
				2 x . . . x
				1 . . . x .
				movement: x to move, captured x 8 o 7, quiet 2`,
			move: "a2-b2",
			after: `
				  a b c d e
				5 o . . . o
				4 . x . x .
				3 . . . o .
				2 . x . . x
				1 . . . x .
				movement: x to move, chain, captured x 9 o 7, quiet 0, seen 1, turn 13`,
			events: "step x a2-b2; captured x b3 o; chain x",
			legal:  "d1-d2 e2-d2",
		},
		{
			name: "chain: it ends when no capture is left",
			before: `
				5 o . . . o
				4 . x . x .
				3 . . . o .
				2 . x . . x
				1 . . . x .
				movement: x to move, chain, captured x 9 o 7, quiet 0`,
			move: "d1-d2",
			after: `
				  a b c d e
				5 o . . . o
				4 . x . x .
				3 . . . . .
				2 . x . x x
				1 . . . . .
				movement: o to move, captured x 10 o 7, quiet 0, seen 1, turn 14`,
			events: "step x d1-d2; captured x d3 o; turn o",
			legal:  "a5-a4 a5-b5 e5-e4 e5-d5",
		},
		{
			name: "a single legal move is played at once and counts",
			before: `
				5 . . . . x
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 o x . . .
				movement: x to move, captured x 11 o 10, quiet 4`,
			move: "e5-e4",
			after: `
				  a b c d e
				5 . . . . .
				4 . . . . x
				3 . . . . .
				2 o . . . .
				1 . x . . .
				movement: x to move, captured x 11 o 10, quiet 6, seen 1, turn 15`,
			events: "step x e5-e4; turn o; step o a1-a2; turn x",
			legal:  "b1-a1 b1-c1 b1-b2 e4-e3 e4-d4 e4-e5",
		},
		{
			name: "blocked: a player left without a move makes the opponent play again",
			before: `
				5 . . . . .
				4 . . . . .
				3 x . . . .
				2 . . . . .
				1 o x . . .
				movement: x to move, captured x 11 o 10`,
			move: "a3-a2",
			after: `
				  a b c d e
				5 . . . . .
				4 . . . . .
				3 . . . . .
				2 x . . . .
				1 o x . . .
				movement: x to move, o blocked, captured x 11 o 10, quiet 1, seen 1, turn 14`,
			events: "step x a3-a2; blocked o; turn x",
			legal:  "b1-c1 b1-b2 a2-b2 a2-a3",
		},
		{
			name: "blocked: the opponent must give the blocked player a move",
			before: `
				5 . . . . x
				4 . . . . .
				3 x . . . .
				2 o x . . .
				1 o o x . .
				movement: x to move, o blocked`,
			move: "b2-c2",
			after: `
				  a b c d e
				5 . . . . x
				4 . . . . .
				3 x . . . .
				2 o . x . .
				1 o o x . .
				movement: o to move, captured x 9 o 8, quiet 1, seen 1, turn 14`,
			events: "step x b2-c2; turn o",
			legal:  "b1-b2 a2-b2",
		},
		{
			name: "blocked: no move can open a way, so any move, and the opponent plays again",
			before: `
				5 . . . . .
				4 . . . . .
				3 x . . . .
				2 x x . . .
				1 o x x . .
				movement: x to move, o blocked, quiet 5`,
			move: "b2-b3",
			after: `
				  a b c d e
				5 . . . . .
				4 . . . . .
				3 x x . . .
				2 x . . . .
				1 o x x . .
				movement: x to move, o blocked, captured x 11 o 7, quiet 6, seen 1, turn 14`,
			events: "step x b2-b3; blocked o; turn x",
			legal:  "b1-b2 a2-b2",
		},
		{
			name: "end: a player with no pieces loses at once",
			before: `
				5 . . . . .
				4 . x . . .
				3 . o . . .
				2 x . x . .
				1 . . . . .
				movement: x to move, captured x 11 o 9`,
			move: "a2-b2",
			after: `
				  a b c d e
				5 . . . . .
				4 . x . . .
				3 . . . . .
				2 . x x . .
				1 . . . . .
				over: x wins by no pieces, x to move, captured x 12 o 9, quiet 0, seen 0, turn 13`,
			events: "step x a2-b2; captured x b3 o; game-over x no pieces",
		},
		{
			name: "end: 40 quiet moves, the player with more captures wins",
			before: `
				5 . . . . o
				4 . . . . o
				3 . . . . .
				2 . . . . .
				1 x . . . .
				movement: x to move, captured x 10 o 11, quiet 39`,
			move: "a1-a2",
			after: `
				  a b c d e
				5 . . . . o
				4 . . . . o
				3 . . . . .
				2 x . . . .
				1 . . . . .
				over: o wins by 40 quiet moves, x to move, captured x 10 o 11, quiet 40, seen 0, turn 13`,
			events: "step x a1-a2; game-over o 40 quiet moves",
		},
		{
			name: "end: 40 quiet moves with equal captures is a draw",
			before: `
				5 . . . . o
				4 . . . . o
				3 . . . . .
				2 . . . . .
				1 x x . . .
				movement: x to move, quiet 39`,
			move: "b1-c1",
			after: `
				  a b c d e
				5 . . . . o
				4 . . . . o
				3 . . . . .
				2 . . . . .
				1 x . x . .
				over: draw by 40 quiet moves, x to move, captured x 10 o 10, quiet 40, seen 0, turn 13`,
			events: "step x b1-c1; game-over draw 40 quiet moves",
		},
		{
			name: "end: the third occurrence of a position, equal captures is a draw",
			before: `
				5 . . . . o
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 x . . . .
				movement: x to move`,
			setup: []string{"a1-a2", "e5-e4", "a2-a1", "e4-e5", "a1-a2", "e5-e4", "a2-a1"},
			move:  "e4-e5",
			after: `
				  a b c d e
				5 . . . . o
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 x . . . .
				over: draw by repetition, x to move, captured x 11 o 11, quiet 8, seen 3, turn 21`,
			events: "step o e4-e5; turn x; game-over draw repetition",
		},
		{
			name: "end: the third occurrence of a position, more captures wins",
			before: `
				5 . . . . o
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 x . . . x
				movement: x to move`,
			setup: []string{"a1-a2", "e5-e4", "a2-a1", "e4-e5", "a1-a2", "e5-e4", "a2-a1"},
			move:  "e4-e5",
			after: `
				  a b c d e
				5 . . . . o
				4 . . . . .
				3 . . . . .
				2 . . . . .
				1 x . . . x
				over: x wins by repetition, x to move, captured x 11 o 10, quiet 8, seen 3, turn 21`,
			events: "step o e4-e5; turn x; game-over x repetition",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, literal(tc.before))
			play(t, s, tc.setup...)
			ev := play(t, s, tc.move)
			if got, want := s.String(), literal(tc.after); got != want {
				t.Errorf("after %s:\n%s\nwant\n%s", tc.move, got, want)
			}
			if got := eventsText(ev); got != tc.events {
				t.Errorf("events:\n got %s\nwant %s", got, tc.events)
			}
			if got := legalText(s); got != tc.legal {
				t.Errorf("legal:\n got %s\nwant %s", got, tc.legal)
			}
			if err := s.Check(); err != nil {
				t.Errorf("Check: %v", err)
			}
		})
	}
}

// TestRepetitionCountsEveryPosition checks the history along the repetition scenario: the
// position before the last move has been seen twice.
func TestRepetitionCountsEveryPosition(t *testing.T) {
	s := mustParse(t, "5 . . . . o\n4 . . . . .\n3 . . . . .\n2 . . . . .\n1 x . . . .\nmovement: x to move")
	play(t, s, "a1-a2", "e5-e4", "a2-a1", "e4-e5", "a1-a2", "e5-e4", "a2-a1")
	want := literal(`
		  a b c d e
		5 . . . . .
		4 . . . . o
		3 . . . . .
		2 . . . . .
		1 x . . . .
		movement: o to move, captured x 11 o 11, quiet 7, seen 2, turn 20`)
	if got := s.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestRefused checks that illegal moves are refused with the reason and change nothing.
func TestRefused(t *testing.T) {
	placement := "1 x . . . .\nplacement: x to place 2 of 2"
	movement := `
		5 . . . . .
		4 . x x o x
		3 . o . . .
		2 x . o x .
		1 . x . . o
		movement: x to move`
	chain := `
		5 o . . . o
		4 . x . x .
		3 . . . o .
		2 . x . . x
		1 . . . x .
		movement: x to move, chain`
	blocked := `
		5 . . . . x
		4 . . . . .
		3 x . . . .
		2 o x . . .
		1 o o x . .
		movement: x to move, o blocked`
	tests := []struct {
		position, move, err string
		why                 Why // the typed reason (0: not a Refusal)
		square              string
	}{
		{placement, "c3", `illegal move "c3": the centre stays empty until every piece is placed`, CentreFirst, "c3"},
		{placement, "a1", `illegal move "a1": a1 is not empty`, Occupied, "a1"},
		{placement, "a1-a2", `illegal move "a1-a2": pieces are still being placed (x places next)`, StillPlacing, "a1"},
		{placement, "throw 2", `"throw 2" is not a Seega move: Seega is played without sticks`, 0, ""},
		{movement, "c1", `illegal move "c1": every piece is placed; step a piece instead (like "c2-c3")`, PlacingOver, "c1"},
		{movement, "e1-d1", `illegal move "e1-d1": there is no x piece on e1`, NoPiece, "e1"},
		{movement, "b1-a2", `illegal move "b1-a2": a2 is not next to b1 (a piece steps one square, never diagonally)`, NotAdjacent, "a2"},
		{movement, "b1-c1", `illegal move "b1-c1": capture is compulsory and this move captures nothing`, MustCapture, "b1"},
		{movement, "c4-d4", `illegal move "c4-d4": d4 is not empty`, Occupied, "d4"},
		{chain, "b2-c2", `illegal move "b2-c2": x must capture again and this move captures nothing`, MustChain, "b2"},
		{blocked, "e5-e4", `illegal move "e5-e4": o is blocked, and this move leaves them without a move`, OpensNoWay, "e5"},
	}
	for _, tc := range tests {
		s := mustParse(t, literal(tc.position))
		before := s.Clone()
		m := rules.ThrowMove(2)
		if !strings.HasPrefix(tc.move, "throw") {
			var err error
			if m, err = s.ParseMove(tc.move); err != nil {
				t.Fatal(err)
			}
		}
		err := s.Apply(m, nil)
		if err == nil || err.Error() != tc.err {
			t.Errorf("%s: got error %v, want %s", tc.move, err, tc.err)
		}
		var r *Refusal
		if got := errors.As(err, &r); got != (tc.why != 0) || got && (r.Why != tc.why || r.Square != tc.square) {
			t.Errorf("%s: refusal %+v, want why %d on %q", tc.move, r, tc.why, tc.square)
		}
		if !s.Equal(before) {
			t.Errorf("%s: the refused move changed the state", tc.move)
		}
	}
	over := mustParse(t, "5 . . . . .\n4 . x . . .\n3 . . . . .\n2 . x x . .\n1 . . . . .\nover: x wins by no pieces, captured x 12 o 9, x to move")
	if err := over.Apply(StepMove(6, 1), nil); !errors.Is(err, rules.ErrOver) {
		t.Errorf("move after the end: %v", err)
	}
	if got, want := fmt.Sprint(over.Ranks()), "[1 2]"; got != want {
		t.Errorf("ranks %s, want %s", got, want)
	}
}

func TestParseMove(t *testing.T) {
	s := New()
	for _, tc := range []struct {
		text string
		want rules.Move
	}{{"a1", 0}, {"e1", 4}, {"a2", 5}, {"c3", 12}, {"e5", 24}, {" c2-c3 ", StepMove(7, 12)}, {"e5-a1", StepMove(24, 0)}} {
		m, err := s.ParseMove(tc.text)
		if err != nil || m != tc.want {
			t.Errorf("ParseMove(%q) = %d, %v; want %d", tc.text, m, err, tc.want)
		}
		if back, _ := s.ParseMove(s.FormatMove(m)); back != m {
			t.Errorf("%q does not round-trip", tc.text)
		}
	}
	for _, bad := range []string{"", "f1", "a0", "a6", "c3c4", "a1-a1", "a1-", "-a1", "throw 2", "A1"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for name, text := range map[string]string{
		"no status":              "5 . . . . .\n4 . . . . .\n3 . . . . .\n2 . . . . .\n1 x . . . .",
		"wrong player to place":  "1 x . . . .\nplacement: o to place 2 of 2",
		"centre taken":           "3 . . x . .\nplacement: x to place 2 of 2",
		"pieces do not add up":   "5 . . . . o\n1 x . . . .\nmovement: x to move, captured x 3 o 11",
		"blocked but can move":   "5 . . . . o\n1 x . . . .\nmovement: x to move, o blocked",
		"chain without capture":  "5 . . . . o\n1 x . . . .\nmovement: x to move, chain",
		"only one legal move":    "5 . . . . .\n4 . . . . .\n3 . . . . .\n2 x . . . .\n1 o x . . .\nmovement: o to move",
		"seen three times":       "5 . . . . o\n1 x . . . .\nmovement: x to move, quiet 5, seen 3",
		"win by no pieces wrong": "5 . . . . o\n1 x . . . .\nover: x wins by no pieces",
	} {
		text = fillRanks(text)
		if _, err := Parse(text); err == nil {
			t.Errorf("%s: accepted\n%s", name, text)
		}
	}
	if _, err := Parse("4 . . . . .\n3 . . . . .\n2 . . . . .\n1 x . . . .\nplacement: x to place 2 of 2"); err == nil {
		t.Errorf("four ranks accepted")
	}
	if _, err := Parse("5 . . . . .\n3 . . . . .\n4 . . . . .\n2 . . . . .\n1 x . . . .\nplacement: x to place 2 of 2"); err == nil {
		t.Errorf("ranks out of order accepted")
	}
}

// fillRanks completes a literal that gives only some ranks with empty ones, so positions in
// tables can show only the ranks that matter.
func fillRanks(text string) string {
	lines := strings.Split(text, "\n")
	var rows [6]string
	var rest []string
	n := 0
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l != "" && l[0] >= '1' && l[0] <= '5' {
			rows[l[0]-'0'] = l
			n++
		} else if l != "" {
			rest = append(rest, l)
		}
	}
	if n == 5 {
		return text
	}
	var b strings.Builder
	for r := 5; r >= 1; r-- {
		if rows[r] == "" {
			rows[r] = fmt.Sprintf("%d . . . . .", r)
		}
		b.WriteString(rows[r] + "\n")
	}
	return b.String() + strings.Join(rest, "\n")
}

func TestWire(t *testing.T) {
	s := mustParse(t, literal(`
		5 o . . . o
		4 . x . x .
		3 . . . o .
		2 . x . . x
		1 . . . x .
		movement: x to move, chain, captured x 9 o 7, quiet 0`))
	data, err := json.Marshal(s.Wire())
	if err != nil {
		t.Fatal(err)
	}
	want := `{"game":"seega","players":2,"to_move":0,"phase":"move","ranks":null,"turn":13,` +
		`"board":["o...o",".x.x.","...o.",".x..x","...x."],"in_hand":[0,0],"captured":[9,7],` +
		`"quiet":0,"chain":true,"blocked":-1,"placing":0}`
	if string(data) != want {
		t.Errorf("wire\n got %s\nwant %s", data, want)
	}
	data, _ = json.Marshal(New().Wire())
	want = `{"game":"seega","players":2,"to_move":0,"phase":"move","ranks":null,"turn":1,` +
		`"board":[".....",".....",".....",".....","....."],"in_hand":[12,12],"captured":[0,0],` +
		`"quiet":0,"chain":false,"blocked":-1,"placing":1}`
	if string(data) != want {
		t.Errorf("wire\n got %s\nwant %s", data, want)
	}
}

// TestStringParses checks that every position of random games reads back from its drawing.
func TestStringParses(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var buf []rules.Move
	for range 40 {
		s := New()
		for s.Phase() != rules.PhaseOver {
			back, err := Parse(s.String())
			if err != nil {
				t.Fatalf("%v\n%s", err, s)
			}
			if back.String() != s.String() {
				t.Fatalf("read back as\n%s\nfrom\n%s", back, s)
			}
			if s.nHist <= 1 && !back.Equal(s) {
				t.Fatalf("read back differs:\n%s", s)
			}
			buf = s.Legal(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := Parse(s.String()); err != nil {
			t.Fatalf("game over: %v\n%s", err, s)
		}
	}
}

func TestEvaluate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var buf []rules.Move
	for range 200 {
		s := New()
		for {
			e0, e1 := s.Evaluate(0), s.Evaluate(1)
			if e0 < -1 || e0 > 1 || e0 != -e1 {
				t.Fatalf("Evaluate %v, %v\n%s", e0, e1, s)
			}
			if s.Phase() == rules.PhaseOver {
				want := map[string]float64{"[1 2]": 1, "[2 1]": -1, "[1 1]": 0}[fmt.Sprint(s.Ranks())]
				if e0 != want {
					t.Fatalf("Evaluate(0) = %v at the end, ranks %v", e0, s.Ranks())
				}
				break
			}
			if s.Placing() == false && (e0 == 1 || e0 == -1) {
				t.Fatalf("Evaluate(0) = %v before the end\n%s", e0, s)
			}
			buf = s.Legal(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Material dominates: a piece up outweighs a better position.
	up := mustParse(t, literal(`
		5 . . . . .
		4 . . . . .
		3 . . . . .
		2 . . . . .
		1 x x . . o
		movement: o to move`))
	if v := up.Evaluate(0); v <= 0.05 {
		t.Errorf("a piece up evaluates to %v", v)
	}
	if v := up.Evaluate(1); v >= -0.05 {
		t.Errorf("a piece down evaluates to %v", v)
	}
	// A capture the player to move can make counts.
	threat := mustParse(t, literal(`
		5 o . . . .
		4 . . . . .
		3 . . . . .
		2 x o . x .
		1 . . x . .
		movement: x to move`))
	quiet := mustParse(t, literal(`
		5 o . . . .
		4 . . . . .
		3 . o . . .
		2 x . . x .
		1 . . x . .
		movement: x to move`))
	if threat.Evaluate(0) <= quiet.Evaluate(0) {
		t.Errorf("a capture to make (%v) is worth no more than none (%v)", threat.Evaluate(0), quiet.Evaluate(0))
	}
}

func TestInfo(t *testing.T) {
	s, err := Info.New(2)
	if err != nil {
		t.Fatal(err)
	}
	if s.Info() != Info || s.Players() != 2 || s.ToMove() != 0 || s.Phase() != rules.PhaseMove || s.Turn() != 1 {
		t.Errorf("new game: %v", s)
	}
	if _, err := Info.New(3); err == nil {
		t.Errorf("three players accepted")
	}
	if !strings.Contains(Info.Rules["en"], "How Sig reads the sources") {
		t.Errorf("rules page lacks its rulings section")
	}
}

// TestPieceRefusal asks why a piece cannot move, in positions drawn as text: capture is
// compulsory and it captures nothing, the blocked rule, hemmed in, the opponent's piece, an
// empty square; and a piece that can move has no refusal.
func TestPieceRefusal(t *testing.T) {
	movement := `
		5 . . . . .
		4 . x x o x
		3 . o . . .
		2 x . o x .
		1 . x . . o
		movement: x to move`
	hemmed := `
		5 x o . . .
		4 o . . . .
		3 . . . . .
		2 . . . . x
		1 . . . . o
		movement: x to move`
	blocked := `
		5 . . . . x
		4 . . . . .
		3 x . . . .
		2 o x . . .
		1 o o x . .
		movement: x to move, o blocked`
	for _, tc := range []struct {
		position, square string
		why              Why // 0: the piece can move
	}{
		{movement, "e4", MustCapture},
		{movement, "a2", 0},
		{movement, "e1", TheirPiece},
		{movement, "a1", NoPiece},
		{hemmed, "a5", Stuck},
		{blocked, "e5", OpensNoWay},
		{blocked, "b2", 0},
	} {
		s := mustParse(t, literal(tc.position))
		sq, err := ParseSquare(tc.square)
		if err != nil {
			t.Fatal(err)
		}
		r := s.PieceRefusal(sq)
		switch {
		case tc.why == 0 && r != nil:
			t.Errorf("%s: refused (%v), but it can move", tc.square, r)
		case tc.why != 0 && (r == nil || r.Why != tc.why):
			t.Errorf("%s: refusal %+v, want why %d", tc.square, r, tc.why)
		}
	}
}
