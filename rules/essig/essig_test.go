package essig

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/rulestest"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// evText spells an event compactly, leaving out zero fields: "step p0 from=5 to=6".
func evText(e rules.Event) string {
	t := fmt.Sprintf("%s p%d", e.Kind, e.Player)
	if e.From != 0 {
		t += fmt.Sprintf(" from=%d", e.From)
	}
	if e.To != 0 {
		t += fmt.Sprintf(" to=%d", e.To)
	}
	if e.Count != 0 {
		t += fmt.Sprintf(" count=%d", e.Count)
	}
	if e.Value != 0 {
		t += fmt.Sprintf(" value=%d", e.Value)
	}
	if e.Ghoula {
		t += " ghula"
	}
	return t
}

func mustParse(t *testing.T, text string) *State {
	t.Helper()
	s, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return s
}

func steps(p, from, to int) []string {
	var out []string
	d := 1
	if to < from {
		d = -1
	}
	for x := from; x != to; x += d {
		out = append(out, evText(rules.Event{Kind: rules.EvStep, Player: p, From: x, To: x + d}))
	}
	return out
}

func ghulaSteps(p, from, to int) []string {
	var out []string
	d := 1
	if to < from {
		d = -1
	}
	for x := from; x != to; x += d {
		out = append(out, evText(rules.Event{Kind: rules.EvGhoulaStep, Player: p, From: x, To: x + d}))
	}
	return out
}

func join(parts ...any) []string {
	var out []string
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			out = append(out, p)
		case []string:
			out = append(out, p...)
		}
	}
	return out
}

// TestRulings plays one move from a position drawn as text and compares the whole resulting
// state and every event with what the rulings say, worked out by hand.
func TestRulings(t *testing.T) {
	tests := []struct {
		name   string
		before string
		move   string
		after  string
		events []string
	}{
		{
			name:   "a sîg enters a piece on space 1",
			before: "es-sig players=3 turn=0 to_move=0\npieces: 0 0 0\nghula: none",
			move:   "throw 1",
			after:  "es-sig players=3 turn=1 to_move=1\npieces: 1 0 0\nghula: none",
			events: []string{"throw p0 count=1 value=1", "step p0 to=1", "turn p1"},
		},
		{
			name:   "nothing but a sîg enters",
			before: "es-sig players=3 turn=0 to_move=0\npieces: 0 0 0\nghula: none",
			move:   "throw 0",
			after:  "es-sig players=3 turn=1 to_move=1\npieces: 0 0 0\nghula: none",
			events: []string{"throw p0 value=6", "no-move p0 value=6", "turn p1"},
		},
		{
			name:   "a piece on the board moves forward by the value; there are no extra throws",
			before: "es-sig players=3 turn=5 to_move=2\npieces: 0 3 10\nghula: none",
			move:   "throw 4",
			after:  "es-sig players=3 turn=6 to_move=0\npieces: 0 3 14\nghula: none",
			events: join("throw p2 count=4 value=4", steps(2, 10, 14), "turn p0"),
		},
		{
			name:   "two white faces are worth 0",
			before: "es-sig players=3 turn=5 to_move=2\npieces: 0 3 10\nghula: none",
			move:   "throw 2",
			after:  "es-sig players=3 turn=6 to_move=0\npieces: 0 3 10\nghula: none",
			events: []string{"throw p2 count=2", "no-move p2", "turn p0"},
		},
		{
			name:   "a move never passes 48",
			before: "es-sig players=2 turn=5 to_move=0\npieces: 45 3\nghula: none",
			move:   "throw 0",
			after:  "es-sig players=2 turn=6 to_move=1\npieces: 48 3\nghula: none",
			events: join("throw p0 value=6", steps(0, 45, 48), "turn p1"),
		},
		{
			name:   "a move ending on 7 is trapped there: five sîgs",
			before: "es-sig players=2 turn=5 to_move=0\npieces: 4 3\nghula: none",
			move:   "throw 3",
			after:  "es-sig players=2 turn=6 to_move=1\npieces: 7 3\nghula: none",
			events: join("throw p0 count=3 value=3", steps(0, 4, 7), "trapped p0 to=7 value=5", "turn p1"),
		},
		{
			name:   "a move ending on 25 is trapped there: ten sîgs",
			before: "es-sig players=2 turn=5 to_move=1\npieces: 4 21\nghula: none",
			move:   "throw 4",
			after:  "es-sig players=2 turn=6 to_move=0\npieces: 4 25\nghula: none",
			events: join("throw p1 count=4 value=4", steps(1, 21, 25), "trapped p1 to=25 value=10", "turn p0"),
		},
		{
			name:   "passing over a trap does not trap",
			before: "es-sig players=2 turn=5 to_move=0\npieces: 5 21\nghula: none",
			move:   "throw 4",
			after:  "es-sig players=2 turn=6 to_move=1\npieces: 9 21\nghula: none",
			events: join("throw p0 count=4 value=4", steps(0, 5, 9), "turn p1"),
		},
		{
			name:   "a sîg on 7 is counted",
			before: "es-sig players=2 turn=5 to_move=0\npieces: 7/2 21\nghula: none",
			move:   "throw 1",
			after:  "es-sig players=2 turn=6 to_move=1\npieces: 7/3 21\nghula: none",
			events: []string{"throw p0 count=1 value=1", "sig-counted p0 from=7 count=3 value=5", "turn p1"},
		},
		{
			name:   "the fifth sîg on 7 moves the piece one space on and the count goes",
			before: "es-sig players=2 turn=5 to_move=0\npieces: 7/4 21\nghula: none",
			move:   "throw 1",
			after:  "es-sig players=2 turn=6 to_move=1\npieces: 8 21\nghula: none",
			events: []string{"throw p0 count=1 value=1", "sig-counted p0 from=7 count=5 value=5", "step p0 from=7 to=8", "turn p1"},
		},
		{
			name:   "the tenth sîg on 25 moves the piece one space on",
			before: "es-sig players=2 turn=5 to_move=1\npieces: 7/4 25/9\nghula: none",
			move:   "throw 1",
			after:  "es-sig players=2 turn=6 to_move=0\npieces: 7/4 26\nghula: none",
			events: []string{"throw p1 count=1 value=1", "sig-counted p1 from=25 count=10 value=10", "step p1 from=25 to=26", "turn p0"},
		},
		{
			name:   "other throws do nothing to a trapped piece",
			before: "es-sig players=2 turn=5 to_move=1\npieces: 7/4 25/3\nghula: none",
			move:   "throw 0",
			after:  "es-sig players=2 turn=6 to_move=0\npieces: 7/4 25/3\nghula: none",
			events: []string{"throw p1 value=6", "no-move p1 value=6", "turn p0"},
		},
		{
			name:   "on the final three only a sîg moves",
			before: "es-sig players=2 turn=5 to_move=0\npieces: 48 25/3\nghula: none",
			move:   "throw 4",
			after:  "es-sig players=2 turn=6 to_move=1\npieces: 48 25/3\nghula: none",
			events: []string{"throw p0 count=4 value=4", "no-move p0 value=4", "turn p1"},
		},
		{
			name:   "a sîg on the final three moves one space",
			before: "es-sig players=2 turn=5 to_move=0\npieces: 49 25/3\nghula: none",
			move:   "throw 1",
			after:  "es-sig players=2 turn=6 to_move=1\npieces: 50 25/3\nghula: none",
			events: []string{"throw p0 count=1 value=1", "step p0 from=49 to=50", "turn p1"},
		},
		{
			name:   "the first escape brings the Ghula onto 50",
			before: "es-sig players=3 turn=30 to_move=0\npieces: 50 10 20\nghula: none",
			move:   "throw 1",
			after:  "es-sig players=3 turn=31 to_move=1\npieces: 51 10 20\nghula: 50\nescaped: 0",
			events: []string{"throw p0 count=1 value=1", "step p0 from=50 to=51", "finished p0 count=1", "ghoula-appears p0 to=50", "turn p1"},
		},
		{
			name:   "in a game of two the first escape ends it and the Ghula never appears",
			before: "es-sig players=2 turn=30 to_move=1\npieces: 10 50\nghula: none",
			move:   "throw 1",
			after:  "es-sig players=2 turn=30 to_move=1 phase=over\npieces: 10 51\nghula: none\nescaped: 1",
			events: []string{"throw p1 count=1 value=1", "step p1 from=50 to=51", "finished p1 count=1", "game-over p0"},
		},
		{
			name:   "the game ends when one player is left on the track",
			before: "es-sig players=3 turn=40 to_move=1\npieces: 51 50 20\nghula: 30\nescaped: 0",
			move:   "throw 1",
			after:  "es-sig players=3 turn=40 to_move=1 phase=over\npieces: 51 51 20\nghula: 30\nescaped: 0 1",
			events: []string{"throw p1 count=1 value=1", "step p1 from=50 to=51", "finished p1 count=2", "game-over p0"},
		},
		{
			name:   "an escaped player throws for the Ghula and chooses its direction",
			before: "es-sig players=3 turn=40 to_move=0\npieces: 51 10 20\nghula: 30\nescaped: 0",
			move:   "throw 2",
			after:  "es-sig players=3 turn=40 to_move=0 phase=move\npieces: 51 10 20\nghula: 30\nescaped: 0\nvalue: 5",
			events: []string{"throw p0 count=2 value=5 ghula"},
		},
		{
			name:   "a Ghula value of 0 is no move",
			before: "es-sig players=3 turn=40 to_move=0\npieces: 51 10 20\nghula: 30\nescaped: 0",
			move:   "throw 3",
			after:  "es-sig players=3 turn=41 to_move=1\npieces: 51 10 20\nghula: 30\nescaped: 0",
			events: []string{"throw p0 count=3 ghula", "no-move p0", "turn p1"},
		},
		{
			name:   "going back the Ghula drags every piece it sets off from, passes and lands on; their counts are reset",
			before: "es-sig players=5 turn=40 to_move=0\npieces: 51 27 30 25/4 24\nghula: 30\nescaped: 0\nvalue: 5",
			move:   "ghula back",
			after:  "es-sig players=5 turn=41 to_move=1\npieces: 51 25 25 25 24\nghula: 25\nescaped: 0",
			events: join(ghulaSteps(0, 30, 25),
				"dragged p1 from=27 to=25", "trapped p1 to=25 value=10",
				"dragged p2 from=30 to=25", "trapped p2 to=25 value=10",
				"dragged p3 from=25 to=25", "trapped p3 to=25 value=10", "turn p1"),
		},
		{
			name:   "going forward the Ghula drags the pieces along toward 50",
			before: "es-sig players=4 turn=40 to_move=0\npieces: 51 33 36 40\nghula: 32\nescaped: 0\nvalue: 4",
			move:   "ghula forward",
			after:  "es-sig players=4 turn=41 to_move=1\npieces: 51 36 36 40\nghula: 36\nescaped: 0",
			events: join(ghulaSteps(0, 32, 36), "dragged p1 from=33 to=36", "dragged p2 from=36 to=36", "turn p1"),
		},
		{
			name:   "going back the Ghula stops at the start: dragged pieces must enter again, pieces at the start are not dragged",
			before: "es-sig players=4 turn=40 to_move=0\npieces: 51 3 0 6\nghula: 4\nescaped: 0\nvalue: 6",
			move:   "ghula back",
			after:  "es-sig players=4 turn=41 to_move=1\npieces: 51 0 0 6\nghula: 0\nescaped: 0",
			events: join(ghulaSteps(0, 4, 0), "dragged p1 from=3", "turn p1"),
		},
		{
			name:   "going forward the Ghula stops at 50",
			before: "es-sig players=4 turn=40 to_move=0\npieces: 51 48 49 20\nghula: 47\nescaped: 0\nvalue: 6",
			move:   "ghula forward",
			after:  "es-sig players=4 turn=41 to_move=1\npieces: 51 50 50 20\nghula: 50\nescaped: 0",
			events: join(ghulaSteps(0, 47, 50), "dragged p1 from=48 to=50", "dragged p2 from=49 to=50", "turn p1"),
		},
		{
			name:   "a piece put down on 7 by the Ghula is trapped there",
			before: "es-sig players=3 turn=40 to_move=0\npieces: 51 10 12\nghula: 12\nescaped: 0\nvalue: 5",
			move:   "ghula back",
			after:  "es-sig players=3 turn=41 to_move=1\npieces: 51 7 7\nghula: 7\nescaped: 0",
			events: join(ghulaSteps(0, 12, 7), "dragged p1 from=10 to=7", "trapped p1 to=7 value=5", "dragged p2 from=12 to=7", "trapped p2 to=7 value=5", "turn p1"),
		},
		{
			name:   "on 50 the Ghula can only go back: the move is forced",
			before: "es-sig players=3 turn=31 to_move=0\npieces: 51 47 49\nghula: 50\nescaped: 0",
			move:   "throw 4",
			after:  "es-sig players=3 turn=32 to_move=1\npieces: 51 46 46\nghula: 46\nescaped: 0",
			events: join("throw p0 count=4 value=4 ghula", ghulaSteps(0, 50, 46), "dragged p1 from=47 to=46", "dragged p2 from=49 to=46", "turn p1"),
		},
		{
			name:   "at the start the Ghula can only go forward: the move is forced",
			before: "es-sig players=4 turn=50 to_move=2\npieces: 51 0 51 1\nghula: 0\nescaped: 2 0",
			move:   "throw 1",
			after:  "es-sig players=4 turn=51 to_move=3\npieces: 51 0 51 2\nghula: 2\nescaped: 2 0",
			events: join("throw p2 count=1 value=2 ghula", ghulaSteps(2, 0, 2), "dragged p3 from=1 to=2", "turn p3"),
		},
		{
			name:   "a piece put down on the final three needs a sîg there",
			before: "es-sig players=4 turn=41 to_move=1\npieces: 51 50 50 20\nghula: 50\nescaped: 0",
			move:   "throw 0",
			after:  "es-sig players=4 turn=42 to_move=2\npieces: 51 50 50 20\nghula: 50\nescaped: 0",
			events: []string{"throw p1 value=6", "no-move p1 value=6", "turn p2"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.before)
			want := mustParse(t, tc.after)
			m, err := s.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			var ev rules.Events
			if err := s.Apply(m, &ev); err != nil {
				t.Fatalf("%s: %v", tc.move, err)
			}
			if !s.Equal(want) {
				t.Errorf("after %s:\n%s\nwant:\n%s", tc.move, s, want)
			}
			var got []string
			for _, e := range ev {
				got = append(got, evText(e))
			}
			if !reflect.DeepEqual(got, tc.events) {
				t.Errorf("events:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.events, "\n  "))
			}
		})
	}
}

func TestDecisionAndRanks(t *testing.T) {
	s := mustParse(t, "es-sig players=3 turn=40 to_move=0\npieces: 51 10 20\nghula: 30\nescaped: 0\nvalue: 5")
	if s.Phase() != rules.PhaseMove {
		t.Fatalf("phase %s", s.Phase())
	}
	if got := s.Legal(nil); !reflect.DeepEqual(got, []rules.Move{GhulaBack, GhulaForward}) {
		t.Errorf("legal %v", got)
	}
	before := *s
	err := s.Apply(rules.ThrowMove(2), nil)
	if err == nil || !strings.Contains(err.Error(), "ghula back") || *s != before {
		t.Errorf("a throw at the decision: %v", err)
	}
	s = mustParse(t, "es-sig players=3 turn=40 to_move=0\npieces: 51 10 20\nghula: 30\nescaped: 0")
	before = *s
	if err := s.Apply(GhulaBack, nil); err == nil || !strings.Contains(err.Error(), "throw") || *s != before {
		t.Errorf("steering at a throw: %v", err)
	}
	for n := 2; n <= 8; n++ {
		s := New(n)
		want := mustParse(t, fmt.Sprintf("es-sig players=%d\npieces: %s\nghula: none", n, strings.TrimSpace(strings.Repeat("0 ", n))))
		if !s.Equal(want) || s.Phase() != rules.PhaseThrow || s.Ranks() != nil {
			t.Errorf("%d players: start\n%s", n, s)
		}
	}
	over := mustParse(t, "es-sig players=4 phase=over\npieces: 51 30 51 51\nghula: 12\nescaped: 3 0 2")
	if got := over.Ranks(); !reflect.DeepEqual(got, []int{2, 4, 3, 1}) {
		t.Errorf("ranks %v, want [2 4 3 1]", got)
	}
	if err := over.Apply(rules.ThrowMove(1), nil); !errors.Is(err, rules.ErrOver) {
		t.Errorf("throw after the end: %v", err)
	}
	for _, bad := range []string{"throw 5", "ghula", "ghula left", "throw", "c2-c3"} {
		if _, err := over.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, text := range []string{
		"pieces: 0 0",
		"es-sig players=3\npieces: 0 0\nghula: none",
		"es-sig players=2\npieces: 52 0\nghula: none",
		"es-sig players=2\npieces: 8/1 0\nghula: none",                                // sîgs counted off a trap
		"es-sig players=2\npieces: 7/5 0\nghula: none",                                // too many
		"es-sig players=3\npieces: 51 0 0\nghula: none",                               // escaped but no Ghula
		"es-sig players=3\npieces: 51 51 0\nghula: 4",                                 // order unknown
		"es-sig players=3\npieces: 51 0 0\nghula: 50\nescaped: 1",                     // wrong order
		"es-sig players=3\npieces: 51 0 0\nghula: 50\nescaped: 0\nvalue: 5",           // no choice on 50
		"es-sig players=3 to_move=1\npieces: 51 0 0\nghula: 20\nescaped: 0\nvalue: 5", // a runner cannot steer
	} {
		if _, err := Parse(text); err == nil {
			t.Errorf("Parse accepted %q", text)
		}
	}
}

func TestCell(t *testing.T) {
	want := map[int][2]int{1: {6, 6}, 7: {6, 0}, 8: {5, 0}, 14: {5, 6}, 15: {4, 6}, 25: {3, 3}, 43: {0, 6}, 49: {0, 0}, 50: {0, -1}}
	for x, cr := range want {
		c, r, ok := Cell(x)
		if !ok || c != cr[0] || r != cr[1] {
			t.Errorf("Cell(%d) = %d,%d,%v; want %d,%d", x, c, r, ok, cr[0], cr[1])
		}
	}
	seen := map[[2]int]bool{}
	for x := 1; x <= 50; x++ {
		c, r, _ := Cell(x)
		if seen[[2]int{c, r}] {
			t.Errorf("Cell(%d) repeats %d,%d", x, c, r)
		}
		seen[[2]int{c, r}] = true
		if x > 1 {
			// The track is a walk: consecutive spaces are neighbours.
			pc, pr, _ := Cell(x - 1)
			if d := abs(float64(c-pc)) + abs(float64(r-pr)); d != 1 {
				t.Errorf("spaces %d and %d are not neighbours", x-1, x)
			}
		}
	}
	for _, x := range []int{0, 51} {
		if _, _, ok := Cell(x); ok {
			t.Errorf("Cell(%d) is on the board", x)
		}
	}
}

func TestWire(t *testing.T) {
	for _, tc := range []struct {
		text string
		want map[string]any
	}{
		{"es-sig players=3 turn=7 to_move=1\npieces: 0 7/3 48\nghula: none", map[string]any{
			"game": "es-sig", "players": 3.0, "to_move": 1.0, "phase": "throw", "ranks": nil, "turn": 7.0,
			"pieces": []any{0.0, 7.0, 48.0}, "waiting": []any{0.0, 3.0, 0.0}, "ghula": nil, "escaped": []any{}, "value": nil,
		}},
		{"es-sig players=4 turn=9 to_move=2\npieces: 51 25/7 51 0\nghula: 12\nescaped: 2 0\nvalue: 6", map[string]any{
			"game": "es-sig", "players": 4.0, "to_move": 2.0, "phase": "move", "ranks": nil, "turn": 9.0,
			"pieces": []any{51.0, 25.0, 51.0, 0.0}, "waiting": []any{0.0, 7.0, 0.0, 0.0}, "ghula": 12.0, "escaped": []any{2.0, 0.0}, "value": 6.0,
		}},
	} {
		s := mustParse(t, tc.text)
		data, err := json.Marshal(s.Wire())
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("wire %s\nwant %v", data, tc.want)
		}
	}
}

func TestEvaluate(t *testing.T) {
	s := mustParse(t, "es-sig players=5 turn=7 to_move=2\npieces: 51 0 30 25 40\nghula: 12\nescaped: 0")
	if v := s.Evaluate(0); v != 1 {
		t.Errorf("first to escape: %v", v)
	}
	home, trapped, ahead := s.Evaluate(1), s.Evaluate(3), s.Evaluate(4)
	if !(ahead > trapped && trapped > home) {
		t.Errorf("progress not rewarded: 40 %v, trapped on 25 %v, start %v", ahead, trapped, home)
	}
	if free := s.Evaluate(2); free <= trapped {
		t.Errorf("free on 30 (%v) should beat trapped on 25 (%v)", free, trapped)
	}
	counted := mustParse(t, "es-sig players=5 turn=7 to_move=2\npieces: 51 0 30 25/8 40\nghula: 12\nescaped: 0")
	if counted.Evaluate(3) <= trapped {
		t.Errorf("eight sîgs counted (%v) should beat none (%v)", counted.Evaluate(3), trapped)
	}
	sum := 0.0
	for p := range 5 {
		v := s.Evaluate(p)
		if v < -1 || v > 1 {
			t.Errorf("Evaluate(%d) = %v", p, v)
		}
		sum += v
	}
	// Expected ranks always add up to 1+2+…+n, so the values add up to 0.
	if sum > 1e-9 || sum < -1e-9 {
		t.Errorf("values add up to %v", sum)
	}
	over := mustParse(t, "es-sig players=3 phase=over\npieces: 51 30 51\nghula: 12\nescaped: 2 0")
	if a, b, c := over.Evaluate(0), over.Evaluate(1), over.Evaluate(2); a != 0 || b != -1 || c != 1 {
		t.Errorf("final values %v %v %v", a, b, c)
	}
}

func TestRandomGames(t *testing.T) {
	games := 200
	if testing.Short() || raceEnabled {
		games = 15
	}
	for n := 2; n <= 8; n++ {
		t.Run(fmt.Sprint(n, "players"), func(t *testing.T) {
			rulestest.RandomGames(t, Info, n, games, 50000)
		})
	}
}

// TestTextRoundTrip checks that every position of random games reads back from its String.
func TestTextRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var buf []rules.Move
	games := 10
	if raceEnabled {
		games = 2
	}
	for n := 2; n <= 8; n++ {
		for range games {
			s := New(n)
			for s.Phase() != rules.PhaseOver {
				back, err := Parse(s.String())
				if err != nil || !back.Equal(s) {
					t.Fatalf("String does not read back (%v):\n%s", err, s)
				}
				buf = s.Legal(buf)
				m := buf[rng.IntN(len(buf))]
				if s.Phase() == rules.PhaseThrow {
					m = rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 4)))
				}
				if err := s.Apply(m, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestGolden plays a whole seeded game and compares it with testdata/es-sig.golden. The
// steering players go back and forward by turns.
func TestGolden(t *testing.T) {
	m, err := rules.NewMatch(Info, 4, 2024)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s, 4 players, seed 2024; the Ghula goes back and forward by turns\n%s", Info.ID, m.State)
	decisions := 0
	for m.State.Phase() != rules.PhaseOver {
		var mv rules.Move
		if m.State.Phase() == rules.PhaseThrow {
			mv, _, err = m.Throw()
			if err != nil {
				t.Fatal(err)
			}
		} else {
			mv = m.State.Legal(nil)[decisions%2]
			decisions++
		}
		var ev rules.Events
		if err := m.PlayMove(mv, &ev); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\n> %s\n", m.State.FormatMove(mv))
		for _, e := range ev {
			b.WriteString("  " + evText(e) + "\n")
		}
	}
	fmt.Fprintf(&b, "\n%sranks: %v\n", m.State, m.State.Ranks())
	path := filepath.Join("testdata", Info.ID+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if b.String() != string(want) {
		t.Errorf("the game differs from %s (run with -update if the change is intended):\n%s", path, firstDiff(b.String(), string(want)))
	}
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got  %q\n want %q", i+1, gl, wl)
		}
	}
	return ""
}

// randomMove is a throw drawn with its true odds, or a random direction at a decision.
func randomMove(s *State, rng *rand.Rand, buf []rules.Move) rules.Move {
	if s.phase == rules.PhaseThrow {
		return rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 4)))
	}
	return buf[rng.IntN(len(buf))]
}

func TestHotPathAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	buf := make([]rules.Move, 0, 8)
	var starts []*State
	for len(starts) < 16 {
		s := New(5)
		for k := rng.IntN(400); k > 0 && s.phase != rules.PhaseOver; k-- {
			buf = s.Legal(buf)
			_ = s.Apply(randomMove(s, rng, buf), nil)
		}
		if s.phase != rules.PhaseOver {
			starts = append(starts, s)
		}
	}
	var c State
	i := 0
	allocs := testing.AllocsPerRun(500, func() {
		c.CopyFrom(starts[i%len(starts)])
		buf = c.Legal(buf)
		_ = c.Hash()
		_ = c.Evaluate(0)
		_ = c.Apply(buf[i%len(buf)], nil)
		i++
	})
	if allocs != 0 {
		t.Errorf("CopyFrom+Legal+Hash+Evaluate+Apply allocates %v times", allocs)
	}
}

// BenchmarkPlayout plays whole random four-player games without events.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	start := New(4)
	var s State
	buf := make([]rules.Move, 0, 8)
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		for s.phase != rules.PhaseOver {
			buf = s.Legal(buf)
			_ = s.Apply(randomMove(&s, rng, buf), nil)
			moves++
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "playouts/s")
	b.ReportMetric(float64(moves)/sec, "moves/s")
}

// BenchmarkHotPath is the search's inner loop: copy a position, list its moves, apply one.
func BenchmarkHotPath(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	buf := make([]rules.Move, 0, 8)
	var starts []*State
	for len(starts) < 64 {
		s := New(4)
		for k := rng.IntN(300); k > 0 && s.phase != rules.PhaseOver; k-- {
			buf = s.Legal(buf)
			_ = s.Apply(randomMove(s, rng, buf), nil)
		}
		if s.phase != rules.PhaseOver {
			starts = append(starts, s)
		}
	}
	var c State
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		c.CopyFrom(starts[i&63])
		buf = c.Legal(buf)
		_ = c.Apply(buf[i%len(buf)], nil)
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
