package sigwaduqqan

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
		t += " ghoula"
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

// TestRulings plays one throw from a position drawn as text and compares the whole resulting
// state and every event with what the rulings say, worked out by hand.
func TestRulings(t *testing.T) {
	tests := []struct {
		name   string
		before string
		throw  int
		after  string
		events []string
	}{
		{
			name:   "on the open track a piece moves forward by the value",
			before: "sig-wa-duqqan players=3 turn=0 to_move=0\npieces: 5 1 1\nghoula: 1 unmoved",
			throw:  3,
			after:  "sig-wa-duqqan players=3 turn=1 to_move=1\npieces: 8 1 1\nghoula: 1 unmoved",
			events: []string{"throw p0 count=3 value=3", "step p0 from=5 to=6", "step p0 from=6 to=7", "step p0 from=7 to=8", "turn p1"},
		},
		{
			name:   "two white faces are worth 0 and give no extra throw",
			before: "sig-wa-duqqan players=3 turn=0 to_move=0\npieces: 5 1 1\nghoula: 1 unmoved",
			throw:  2,
			after:  "sig-wa-duqqan players=3 turn=1 to_move=1\npieces: 5 1 1\nghoula: 1 unmoved",
			events: []string{"throw p0 count=2", "no-move p0", "turn p1"},
		},
		{
			name:   "a sig moves one space and throws again",
			before: "sig-wa-duqqan players=3 turn=4 to_move=2\npieces: 5 7 9\nghoula: 1 unmoved",
			throw:  1,
			after:  "sig-wa-duqqan players=3 turn=4 to_move=2\npieces: 5 7 10\nghoula: 1 unmoved",
			events: []string{"throw p2 count=1 value=1", "step p2 from=9 to=10", "extra-throw p2"},
		},
		{
			name:   "four white faces move four and throw again",
			before: "sig-wa-duqqan players=2 turn=0 to_move=0\npieces: 5 1\nghoula: 1 unmoved",
			throw:  4,
			after:  "sig-wa-duqqan players=2 turn=0 to_move=0\npieces: 9 1\nghoula: 1 unmoved",
			events: []string{"throw p0 count=4 value=4", "step p0 from=5 to=6", "step p0 from=6 to=7", "step p0 from=7 to=8", "step p0 from=8 to=9", "extra-throw p0"},
		},
		{
			name:   "all green is a 6 and throws again",
			before: "sig-wa-duqqan players=2 turn=0 to_move=1\npieces: 5 1\nghoula: 1 unmoved",
			throw:  0,
			after:  "sig-wa-duqqan players=2 turn=0 to_move=1\npieces: 5 7\nghoula: 1 unmoved",
			events: []string{"throw p1 value=6", "step p1 from=1 to=2", "step p1 from=2 to=3", "step p1 from=3 to=4", "step p1 from=4 to=5", "step p1 from=5 to=6", "step p1 from=6 to=7", "extra-throw p1"},
		},
		{
			name:   "a move never passes the gate: it stops on 81",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 78 40\nghoula: 1 unmoved",
			throw:  0,
			after:  "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 81 40\nghoula: 1 unmoved",
			events: []string{"throw p0 value=6", "step p0 from=78 to=79", "step p0 from=79 to=80", "step p0 from=80 to=81", "trapped p0 to=81 value=7", "extra-throw p0"},
		},
		{
			name:   "landing exactly on the gate",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 78 40\nghoula: 1 unmoved",
			throw:  3,
			after:  "sig-wa-duqqan players=2 turn=10 to_move=1\npieces: 81 40\nghoula: 1 unmoved",
			events: []string{"throw p0 count=3 value=3", "step p0 from=78 to=79", "step p0 from=79 to=80", "step p0 from=80 to=81", "trapped p0 to=81 value=7", "turn p1"},
		},
		{
			name:   "a sig on the gate is counted",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 81/3 40\nghoula: 1 unmoved",
			throw:  1,
			after:  "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 81/4 40\nghoula: 1 unmoved",
			events: []string{"throw p0 count=1 value=1", "sig-counted p0 from=81 count=4 value=7", "extra-throw p0"},
		},
		{
			name:   "the seventh sig moves the piece to 82 and the count stays at 7",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 81/6 40\nghoula: 1 unmoved",
			throw:  1,
			after:  "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 82 40\nghoula: 1 unmoved",
			events: []string{"throw p0 count=1 value=1", "sig-counted p0 from=81 count=7 value=7", "step p0 from=81 to=82", "extra-throw p0"},
		},
		{
			name:   "on the gate a 4 does nothing but still throws again",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 81/2 40\nghoula: 1 unmoved",
			throw:  4,
			after:  "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 81/2 40\nghoula: 1 unmoved",
			events: []string{"throw p0 count=4 value=4", "no-move p0 value=4", "extra-throw p0"},
		},
		{
			name:   "on the gate a 3 does nothing",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 81/2 40\nghoula: 1 unmoved",
			throw:  3,
			after:  "sig-wa-duqqan players=2 turn=10 to_move=1\npieces: 81/2 40\nghoula: 1 unmoved",
			events: []string{"throw p0 count=3 value=3", "no-move p0 value=3", "turn p1"},
		},
		{
			name:   "on the final stretch a sig moves one space",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 83 40\nghoula: 1 unmoved",
			throw:  1,
			after:  "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 84 40\nghoula: 1 unmoved",
			events: []string{"throw p0 count=1 value=1", "step p0 from=83 to=84", "extra-throw p0"},
		},
		{
			name:   "on the final stretch a 6 does nothing but still throws again",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 83 40\nghoula: 1 unmoved",
			throw:  0,
			after:  "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 83 40\nghoula: 1 unmoved",
			events: []string{"throw p0 value=6", "no-move p0 value=6", "extra-throw p0"},
		},
		{
			name:   "on the final stretch a 0 does nothing",
			before: "sig-wa-duqqan players=2 turn=9 to_move=0\npieces: 83 40\nghoula: 1 unmoved",
			throw:  2,
			after:  "sig-wa-duqqan players=2 turn=10 to_move=1\npieces: 83 40\nghoula: 1 unmoved",
			events: []string{"throw p0 count=2", "no-move p0", "turn p1"},
		},
		{
			name:   "on the final stretch a 3 moves the Ghoula three spaces",
			before: "sig-wa-duqqan players=3 turn=9 to_move=0\npieces: 83 20 30\nghoula: 5 moved",
			throw:  3,
			after:  "sig-wa-duqqan players=3 turn=10 to_move=1\npieces: 83 20 30\nghoula: 8 moved",
			events: []string{"throw p0 count=3 value=3 ghoula", "ghoula-step p0 from=5 to=6", "ghoula-step p0 from=6 to=7", "ghoula-step p0 from=7 to=8", "turn p1"},
		},
		{
			name:   "a sig from 85 reaches the centre and earns a throw",
			before: "sig-wa-duqqan players=3 turn=9 to_move=0\npieces: 85 20 30\nghoula: 1 unmoved",
			throw:  1,
			after:  "sig-wa-duqqan players=3 turn=9 to_move=0\npieces: 86 20 30\nghoula: 1 unmoved",
			events: []string{"throw p0 count=1 value=1", "step p0 from=85 to=86", "finished p0 count=1", "extra-throw p0"},
		},
		{
			name:   "a finished player's 0 moves the Ghoula 6",
			before: "sig-wa-duqqan players=3 turn=9 to_move=0\npieces: 86 20 30\nghoula: 5 moved",
			throw:  2,
			after:  "sig-wa-duqqan players=3 turn=10 to_move=1\npieces: 86 20 30\nghoula: 11 moved",
			events: []string{"throw p0 count=2 value=6 ghoula", "ghoula-step p0 from=5 to=6", "ghoula-step p0 from=6 to=7", "ghoula-step p0 from=7 to=8", "ghoula-step p0 from=8 to=9", "ghoula-step p0 from=9 to=10", "ghoula-step p0 from=10 to=11", "turn p1"},
		},
		{
			name:   "a finished player's sig moves the Ghoula 1 and throws again",
			before: "sig-wa-duqqan players=3 turn=9 to_move=0\npieces: 86 20 30\nghoula: 5 moved",
			throw:  1,
			after:  "sig-wa-duqqan players=3 turn=9 to_move=0\npieces: 86 20 30\nghoula: 6 moved",
			events: []string{"throw p0 count=1 value=1 ghoula", "ghoula-step p0 from=5 to=6", "extra-throw p0"},
		},
		{
			name:   "the Ghoula's first move carries the pieces that never moved",
			before: "sig-wa-duqqan players=4 turn=30 to_move=0\npieces: 82 1 10 1\nghoula: 1 unmoved",
			throw:  3,
			after:  "sig-wa-duqqan players=4 turn=31 to_move=1\npieces: 82 4 10 4\nghoula: 4 moved",
			events: []string{"throw p0 count=3 value=3 ghoula", "ghoula-step p0 from=1 to=2", "ghoula-step p0 from=2 to=3", "ghoula-step p0 from=3 to=4", "ride p1 from=1 to=4", "ride p3 from=1 to=4", "turn p1"},
		},
		{
			name:   "on its first move the Ghoula seizes and puts its riders down on the seizing square",
			before: "sig-wa-duqqan players=4 turn=30 to_move=0\npieces: 82 1 3 3\nghoula: 1 unmoved",
			throw:  3,
			after:  "sig-wa-duqqan players=4 turn=31 to_move=1\npieces: 82 3 lost lost\nghoula: 1 moved",
			events: []string{"throw p0 count=3 value=3 ghoula", "ghoula-step p0 from=1 to=2", "ghoula-step p0 from=2 to=3", "ride p1 from=1 to=3",
				"seized p2 from=3", "seized p3 from=3", "dragged p2 from=3 to=1", "dragged p3 from=3 to=1", "ghoula-returns p0 from=3 to=1", "lost p2", "lost p3", "turn p1"},
		},
		{
			name:   "seizing stops the Ghoula, the rest of its move is lost",
			before: "sig-wa-duqqan players=3 turn=40 to_move=0\npieces: 86 12 14\nghoula: 10 moved",
			throw:  0,
			after:  "sig-wa-duqqan players=3 turn=40 to_move=0\npieces: 86 lost 14\nghoula: 1 moved",
			events: []string{"throw p0 value=6 ghoula", "ghoula-step p0 from=10 to=11", "ghoula-step p0 from=11 to=12", "seized p1 from=12", "dragged p1 from=12 to=1", "ghoula-returns p0 from=12 to=1", "lost p1", "extra-throw p0"},
		},
		{
			name:   "a piece on the square the Ghoula sets off from is safe",
			before: "sig-wa-duqqan players=3 turn=40 to_move=0\npieces: 86 10 20\nghoula: 10 moved",
			throw:  3,
			after:  "sig-wa-duqqan players=3 turn=41 to_move=1\npieces: 86 10 20\nghoula: 13 moved",
			events: []string{"throw p0 count=3 value=3 ghoula", "ghoula-step p0 from=10 to=11", "ghoula-step p0 from=11 to=12", "ghoula-step p0 from=12 to=13", "turn p1"},
		},
		{
			name:   "a piece moving onto the Ghoula's square is safe",
			before: "sig-wa-duqqan players=3 turn=40 to_move=1\npieces: 86 8 20\nghoula: 11 moved",
			throw:  3,
			after:  "sig-wa-duqqan players=3 turn=41 to_move=2\npieces: 86 11 20\nghoula: 11 moved",
			events: []string{"throw p1 count=3 value=3", "step p1 from=8 to=9", "step p1 from=9 to=10", "step p1 from=10 to=11", "turn p2"},
		},
		{
			name:   "a move ending on the gate without seizing sends the Ghoula back to 1; pieces past the gate are out of reach",
			before: "sig-wa-duqqan players=3 turn=40 to_move=0\npieces: 86 83 40\nghoula: 78 moved",
			throw:  0,
			after:  "sig-wa-duqqan players=3 turn=40 to_move=0\npieces: 86 83 40\nghoula: 1 moved",
			events: []string{"throw p0 value=6 ghoula", "ghoula-step p0 from=78 to=79", "ghoula-step p0 from=79 to=80", "ghoula-step p0 from=80 to=81", "ghoula-returns p0 from=81 to=1", "extra-throw p0"},
		},
		{
			name:   "a piece waiting on the gate can be seized; it keeps its count",
			before: "sig-wa-duqqan players=3 turn=40 to_move=0\npieces: 86 81/5 40\nghoula: 79 moved",
			throw:  4,
			after:  "sig-wa-duqqan players=3 turn=40 to_move=0\npieces: 86 lost/5 40\nghoula: 1 moved",
			events: []string{"throw p0 count=4 value=4 ghoula", "ghoula-step p0 from=79 to=80", "ghoula-step p0 from=80 to=81", "seized p1 from=81", "dragged p1 from=81 to=1", "ghoula-returns p0 from=81 to=1", "lost p1", "extra-throw p0"},
		},
		{
			name:   "players who have lost are skipped; finished players keep their turns",
			before: "sig-wa-duqqan players=4 turn=50 to_move=2\npieces: 86 lost 10 lost\nghoula: 1 moved",
			throw:  3,
			after:  "sig-wa-duqqan players=4 turn=51 to_move=0\npieces: 86 lost 13 lost\nghoula: 1 moved",
			events: []string{"throw p2 count=3 value=3", "step p2 from=10 to=11", "step p2 from=11 to=12", "step p2 from=12 to=13", "turn p0"},
		},
		{
			name:   "the game ends when the last runner is caught: no extra throw",
			before: "sig-wa-duqqan players=3 turn=60 to_move=0\npieces: 86 lost 12\nghoula: 10 moved",
			throw:  0,
			after:  "sig-wa-duqqan players=3 turn=60 to_move=0 phase=over\npieces: 86 lost lost\nghoula: 1 moved",
			events: []string{"throw p0 value=6 ghoula", "ghoula-step p0 from=10 to=11", "ghoula-step p0 from=11 to=12", "seized p2 from=12", "dragged p2 from=12 to=1", "ghoula-returns p0 from=12 to=1", "lost p2", "game-over p0"},
		},
		{
			name:   "the game ends when the last runner reaches the centre",
			before: "sig-wa-duqqan players=3 turn=60 to_move=1\npieces: 86 85 lost\nghoula: 10 moved",
			throw:  1,
			after:  "sig-wa-duqqan players=3 turn=60 to_move=1 phase=over\npieces: 86 86 lost\nghoula: 10 moved",
			events: []string{"throw p1 count=1 value=1", "step p1 from=85 to=86", "finished p1 count=1", "game-over p0"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.before)
			want := mustParse(t, tc.after)
			var ev rules.Events
			if err := s.Apply(rules.ThrowMove(tc.throw), &ev); err != nil {
				t.Fatalf("throw %d: %v", tc.throw, err)
			}
			if !s.Equal(want) {
				t.Errorf("after throw %d:\n%s\nwant:\n%s", tc.throw, s, want)
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

func TestStartAndRanks(t *testing.T) {
	for n := 2; n <= 8; n++ {
		s := New(n)
		want := mustParse(t, fmt.Sprintf("sig-wa-duqqan players=%d\npieces: %s\nghoula: 1 unmoved", n, strings.TrimSpace(strings.Repeat("1 ", n))))
		if !s.Equal(want) || s.Phase() != rules.PhaseThrow || s.Ranks() != nil {
			t.Errorf("%d players: start\n%s\nwant\n%s", n, s, want)
		}
	}
	over := mustParse(t, "sig-wa-duqqan players=4 phase=over\npieces: 86 lost 86 lost/3\nghoula: 1 moved")
	if got := over.Ranks(); !reflect.DeepEqual(got, []int{1, 2, 1, 2}) {
		t.Errorf("ranks %v, want [1 2 1 2]", got)
	}
	if err := over.Apply(rules.ThrowMove(1), nil); !errors.Is(err, rules.ErrOver) {
		t.Errorf("throw after the end: %v, want ErrOver", err)
	}
}

func TestIllegalMovesChangeNothing(t *testing.T) {
	s := mustParse(t, "sig-wa-duqqan players=3 turn=4 to_move=1\npieces: 5 7 9\nghoula: 1 unmoved")
	before := *s
	for _, m := range []rules.Move{0, 1, rules.ThrowMove(5), rules.ThrowMove(8), -1} {
		err := s.Apply(m, nil)
		if err == nil {
			t.Errorf("move %q accepted", s.FormatMove(m))
		} else if !strings.Contains(err.Error(), "throw") {
			t.Errorf("move %q: unclear error %q", s.FormatMove(m), err)
		}
		if *s != before {
			t.Fatalf("refused move %q changed the state", s.FormatMove(m))
		}
	}
	for _, bad := range []string{"throw 5", "throw", "ghula back", "c2-c3", "throw -1"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, text := range []string{
		"pieces: 1 1", // no header
		"sig-wa-duqqan players=2\nghoula: 1 unmoved",          // no pieces
		"sig-wa-duqqan players=3\npieces: 1 1\nghoula: 1",     // wrong count
		"sig-wa-duqqan players=2\npieces: 87 1\nghoula: 1",    // off the track
		"sig-wa-duqqan players=2\npieces: 81/7 1\nghoula: 1",  // 7 sigs but still on the gate
		"sig-wa-duqqan players=2\npieces: 40 1\nghoula: 81",   // Ghoula resting on the gate
		"sig-wa-duqqan players=2\npieces: 40 lost\nghoula: 1", // lost with an unmoved Ghoula
		"sig-wa-duqqan players=2 phase=over\npieces: 40 1\nghoula: 1",
	} {
		if _, err := Parse(text); err == nil {
			t.Errorf("Parse accepted %q", text)
		}
	}
}

func TestWire(t *testing.T) {
	s := mustParse(t, "sig-wa-duqqan players=3 turn=7 to_move=2\npieces: 86 lost/2 81/4\nghoula: 17 moved")
	data, err := json.Marshal(s.Wire())
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"game": "sig-wa-duqqan", "players": 3.0, "to_move": 2.0, "phase": "throw", "ranks": nil, "turn": 7.0,
		"pieces": []any{86.0, 1.0, 81.0}, "lost": []any{false, true, false}, "gate_sigs": []any{7.0, 2.0, 4.0},
		"ghoula": 17.0, "ghoula_moved": true, "finished": []any{true, false, false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("wire %s\nwant %v", data, want)
	}
}

func TestEvaluate(t *testing.T) {
	s := mustParse(t, "sig-wa-duqqan players=6 turn=7 to_move=2\npieces: 86 lost 81/4 10 40 84\nghoula: 37 moved")
	if v := s.Evaluate(0); v != 1 {
		t.Errorf("finished: %v", v)
	}
	if v := s.Evaluate(1); v != -1 {
		t.Errorf("lost: %v", v)
	}
	gate, early, hunted, stretch := s.Evaluate(2), s.Evaluate(3), s.Evaluate(4), s.Evaluate(5)
	if !(stretch > gate && gate > early) {
		t.Errorf("progress not rewarded: stretch %v gate %v early %v", stretch, gate, early)
	}
	safe := mustParse(t, "sig-wa-duqqan players=6 turn=7 to_move=2\npieces: 86 lost 81/4 10 40 84\nghoula: 20 moved")
	if hunted >= safe.Evaluate(4) {
		t.Errorf("a piece three spaces ahead of the Ghoula (%v) should look worse than one far from it (%v)", hunted, safe.Evaluate(4))
	}
	for p := range 6 {
		if v := s.Evaluate(p); v < -1 || v > 1 {
			t.Errorf("Evaluate(%d) = %v", p, v)
		}
	}
}

func TestRandomGames(t *testing.T) {
	games := 200
	if testing.Short() || raceEnabled {
		games = 15
	}
	for n := 2; n <= 8; n++ {
		t.Run(fmt.Sprint(n, "players"), func(t *testing.T) {
			rulestest.RandomGames(t, Info, n, games, 20000)
		})
	}
}

// TestTextRoundTrip checks that every position of random games reads back from its String.
func TestTextRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
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
				if err := s.Apply(rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 4))), nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestGolden plays a whole seeded game and compares it with testdata/sig-wa-duqqan.golden.
func TestGolden(t *testing.T) {
	m, err := rules.NewMatch(Info, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s, 4 players, seed 4\n%s", Info.ID, m.State)
	for m.State.Phase() != rules.PhaseOver {
		mv, _, err := m.Throw()
		if err != nil {
			t.Fatal(err)
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

func TestHotPathAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := New(4)
	for range 60 {
		_ = s.Apply(rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 4))), nil)
	}
	var c State
	buf := make([]rules.Move, 0, 8)
	allocs := testing.AllocsPerRun(200, func() {
		c.CopyFrom(s)
		buf = c.Legal(buf)
		_ = c.Hash()
		_ = c.Evaluate(0)
		_ = c.Apply(buf[rng.IntN(len(buf))], nil)
	})
	if allocs != 0 {
		t.Errorf("CopyFrom+Legal+Hash+Evaluate+Apply allocates %v times", allocs)
	}
}

// BenchmarkPlayout plays whole random games without events.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	start := New(4)
	var s State
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		for !s.over {
			_ = s.Apply(rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 4))), nil)
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
	var starts []*State
	for len(starts) < 64 {
		s := New(4)
		for k := rng.IntN(300); k > 0 && !s.over; k-- {
			_ = s.Apply(rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 4))), nil)
		}
		if !s.over {
			starts = append(starts, s)
		}
	}
	var c State
	buf := make([]rules.Move, 0, 8)
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
