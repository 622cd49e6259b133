package sadeqa

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/rulestest"
)

var update = flag.Bool("update", false, "rewrite testdata/sadeqa.golden")

func TestRandomGames(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	rulestest.RandomGames(t, Info, 2, n, 3000)
}

func TestInfo(t *testing.T) {
	if Info.ID != "sadeqa" || Info.MinPlayers != 2 || Info.MaxPlayers != 2 || Info.DefaultPlayers != 2 || Info.Sticks != rules.NoSticks {
		t.Errorf("Info = %+v", Info)
	}
	if !strings.Contains(Info.Rules["en"], "warana") {
		t.Errorf("the rules page is missing")
	}
	if _, err := Info.New(3); err == nil {
		t.Errorf("three players accepted")
	}
}

// The opening, drawn exactly: four seeds in every hole, South to move with all ten holes.
func TestOpening(t *testing.T) {
	want := `       N10  N9  N8  N7  N6  N5  N4  N3  N2  N1
north:   4   4   4   4   4   4   4   4   4   4
south:   4   4   4   4   4   4   4   4   4   4
        S1  S2  S3  S4  S5  S6  S7  S8  S9 S10
to move: south
legal: 1 2 3 4 5 6 7 8 9 10
captured: 0 0
scores: 0 0
quiet: 0
turn: 0
repeats: 1
`
	s := New()
	if got := s.String(); got != want {
		t.Errorf("opening:\n%s\nwant\n%s", got, want)
	}
	data, err := json.Marshal(s.Wire())
	if err != nil {
		t.Fatal(err)
	}
	wire := `{"game":"sadeqa","players":2,"to_move":0,"phase":"move","ranks":null,"turn":0,` +
		`"holes":[[4,4,4,4,4,4,4,4,4,4],[4,4,4,4,4,4,4,4,4,4]],` +
		`"warana":[[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1]],` +
		`"captured":[0,0],"scores":[0,0],"bonus":false,"quiet":0}`
	if string(data) != wire {
		t.Errorf("wire:\n%s\nwant\n%s", data, wire)
	}
}

// The wire layout: holes [[S1…S10],[N1…N10]], each player's own numbering.
func TestWireLayout(t *testing.T) {
	s := mustParse(t, `
north: 1 2 3 4 5 6 7 8 9 10w
south: 11 0 0 0 0 0 0 0 0 3w
to move: south
captured: 10 1`)
	w := s.Wire().(Wire)
	if w.Holes != [2][10]int{{11, 0, 0, 0, 0, 0, 0, 0, 0, 3}, {10, 9, 8, 7, 6, 5, 4, 3, 2, 1}} {
		t.Errorf("holes %v", w.Holes)
	}
	if w.Warana[0][9] != North || w.Warana[1][0] != South || w.Warana[0][0] != -1 {
		t.Errorf("warana %v", w.Warana)
	}
	if w.Scores != [2]int{20, 4} || w.Captured != [2]int{10, 1} {
		t.Errorf("scores %v captured %v", w.Scores, w.Captured)
	}
}

// scenario: a position drawn as text, one move, the whole resulting position and the events.
type scenario struct {
	name    string
	start   string
	prepare func(t *testing.T, s *State) // optional: history of repetitions
	move    rules.Move
	want    string
	events  string
}

// The expected results below were worked out by hand from the rulings (and the legal-move
// lists checked against a separate little simulator written for the purpose).
var scenarios = []scenario{
	{
		name: "sowing order: S10 is followed by N1; a last seed in an empty hole ends the move",
		start: `
north: 2 2 2 2 2 2 2 0 1 1
south: 1 0 0 0 0 0 0 0 2 3
to move: south
captured: 29 29`,
		move: 10,
		want: `
north: 2 2 2 2 2 2 2 1 2 2
south: 1 0 0 0 0 0 0 0 2 0
to move: north
legal: 1 2 3 4 5 6 7 8 9 10
captured: 29 29
scores: 29 29
quiet: 1
turn: 1
repeats: 1`,
		events: `
lift S10 3 lap 1
sow N1=2 N2=2 N3=1
turn north`,
	},
	{
		name: "sowing order for North: N10 is followed by S1; North's holes count from North's left",
		start: `
north: 0 2 0 0 0 0 0 0 0 1
south: 1 0 0 0 0 0 0 0 0 0
to move: north
captured: 38 38`,
		move: 9,
		want: `
north: 1 0 0 0 0 0 0 0 0 1
south: 0 1 1 0 0 0 0 0 0 0
to move: south
legal: 2 3
captured: 38 38
scores: 38 38
quiet: 1
turn: 1
repeats: 1`,
		events: `
lift N9 2 lap 1
sow N10=1 S1=2
lift S1 2 lap 2
sow S2=1 S3=1
turn south`,
	},
	{
		name: "another lap: a last seed in an occupied hole is lifted with it; a hole of one's own row reaching four is no warana",
		start: `
north: 0 0 0 0 0 0 2 2 2 2
south: 3 1 0 3 0 0 0 0 0 0
to move: south
captured: 33 32`,
		move: 1,
		want: `
north: 0 0 0 0 0 0 2 2 2 2
south: 0 2 1 0 1 1 1 1 0 0
to move: north
legal: 1 2 3 4
captured: 33 32
scores: 33 32
quiet: 1
turn: 1
repeats: 1`,
		events: `
lift S1 3 lap 1
sow S2=2 S3=1 S4=4
lift S4 4 lap 2
sow S5=1 S6=1 S7=1 S8=1
turn north`,
	},
	{
		name: "the origin hole is not skipped: twenty seeds go all the way round; then a forced pass, a forced move, a capture without bonus, and the natural end",
		start: `
north: 1w 1w 1w 1w 1w 1w 1w 1w 1w 1w
south: 20 1w 1w 1w 1w 1w 1w 1w 1w 1w
to move: south
captured: 21 20`,
		move: 1,
		want: `
north: 2w 2w 2w 2w 2w 2w 2w 2w 2w 2w
south: 0 1w 2w 2w 2w 2w 2w 2w 2w 2w
over: no moves (ranks 1 2)
captured: 23 20
scores: 43 37
quiet: 0
turn: 3`,
		events: `
lift S1 20 lap 1
sow S2=2 S3=2 S4=2 S5=2 S6=2 S7=2 S8=2 S9=2 S10=2 N1=2 N2=2 N3=2 N4=2 N5=2 N6=2 N7=2 N8=2 N9=2 N10=2 S1=1
turn north
pass north
turn south
lift S1 1 lap 1
sow S2=3
capture 2 from S2 by south
game over`,
	},
	{
		name: "warana: a last seed making four in an opponent's hole spears it; the quiet count starts again",
		start: `
north: 0 0 0 0 0 2 0 1 2 3
south: 0 0 0 0 0 0 0 1 2 0
to move: south
captured: 35 34
quiet: 5`,
		move: 9,
		want: `
north: 0 0 0 0 0 2 0 1 2 4w
south: 0 0 0 0 0 0 0 1 0 1
to move: north
legal: 2 3 5
captured: 35 34
scores: 39 34
quiet: 0
turn: 1
repeats: 1`,
		events: `
lift S9 2 lap 1
sow S10=1 N1=4
warana N1 by south
turn north`,
	},
	{
		name: "warana for North, in South's row",
		start: `
north: 2 0 0 0 0 0 0 0 0 1
south: 0 3 0 0 0 0 0 0 0 1
to move: north
captured: 37 36`,
		move: 10,
		want: `
north: 0 0 0 0 0 0 0 0 0 1
south: 1 4w 0 0 0 0 0 0 0 1
to move: south
legal: 1 10
captured: 37 36
scores: 37 40
quiet: 0
turn: 1
repeats: 1`,
		events: `
lift N10 2 lap 1
sow S1=1 S2=4
warana S2 by north
turn south`,
	},
	{
		name: "capture: a last seed in the opponent's warana takes it and one more, then a bonus move",
		start: `
north: 0 0 0 0 0 0 0 0 1 1
south: 1 0 2 0 3w 0 0 2 0 0
to move: south
captured: 35 35
quiet: 7`,
		move: 3,
		want: `
north: 0 0 0 0 0 0 0 0 1 1
south: 1 0 0 1 2w 0 0 2 0 0
to move: south
bonus: yes
legal: 1 4 8
captured: 37 35
scores: 37 37
quiet: 0
turn: 0
repeats: 1`,
		events: `
lift S3 2 lap 1
sow S4=1 S5=4
capture 2 from S5 by south
bonus south`,
	},
	{
		name: "a bonus move that captures earns another bonus move",
		start: `
north: 0 0 0 0 0 0 0 0 1 1
south: 1 0 0 1 2w 0 0 2 0 0
to move: south
bonus: yes
captured: 37 35`,
		move: 4,
		want: `
north: 0 0 0 0 0 0 0 0 1 1
south: 1 0 0 0 1w 0 0 2 0 0
to move: south
bonus: yes
legal: 1 8
captured: 39 35
scores: 39 36
quiet: 0
turn: 0
repeats: 1`,
		events: `
lift S4 1 lap 1
sow S5=3
capture 2 from S5 by south
bonus south`,
	},
	{
		name: "an empty warana gives up only the last seed; a single bonus move is played at once",
		start: `
north: 0 0 0 0 0 0 0 2 0 1
south: 0 0 1 0w 0 0 0 0 0 2
to move: south
captured: 37 37`,
		move: 3,
		want: `
north: 0 0 0 0 0 0 0 2 1 2
south: 0 0 0 0w 0 0 0 0 0 0
to move: north
legal: 1 2 3
captured: 38 37
scores: 38 37
quiet: 0
turn: 1
repeats: 1`,
		events: `
lift S3 1 lap 1
sow S4=1
capture 1 from S4 by south
bonus south
lift S10 2 lap 1
sow N1=2 N2=1
turn north`,
	},
	{
		name: "a capture with no bonus move possible ends the turn",
		start: `
north: 0 0 0 0 0 0 0 0 3 1
south: 0 0 0 0 0 0 0 0 1 2w
to move: south
captured: 37 36`,
		move: 9,
		want: `
north: 0 0 0 0 0 0 0 0 3 1
south: 0 0 0 0 0 0 0 0 0 1w
to move: north
legal: 1 2
captured: 39 36
scores: 39 37
quiet: 0
turn: 1
repeats: 1`,
		events: `
lift S9 1 lap 1
sow S10=3
capture 2 from S10 by south
turn north`,
	},
	{
		name: "a last seed in one's own warana ends the move; seeds sown into any warana stay there",
		start: `
north: 0 0 0 0 0 0 0 2 1 5w
south: 0 0 0 0 0 0 1 3 2w 0
to move: south
captured: 33 33`,
		move: 8,
		want: `
north: 0 0 0 0 0 0 0 2 1 6w
south: 0 0 0 0 0 0 1 0 3w 1
to move: north
legal: 2 3
captured: 33 33
scores: 39 36
quiet: 1
turn: 1
repeats: 1`,
		events: `
lift S8 3 lap 1
sow S9=3 S10=1 N1=6
turn north`,
	},
	{
		name: "passing: a player without a legal move passes, and the pass is a turn",
		start: `
north: 0w 0w 0w 0w 0w 0w 0w 0w 0w 0w
south: 0 0 0 0 1 0 0 2 0 0
to move: south
captured: 40 37`,
		move: 5,
		want: `
north: 0w 0w 0w 0w 0w 0w 0w 0w 0w 0w
south: 0 0 0 0 0 1 0 2 0 0
to move: south
legal: 6 8
captured: 40 37
scores: 40 37
quiet: 2
turn: 2
repeats: 1`,
		events: `
lift S5 1 lap 1
sow S6=1
turn north
pass north
turn south`,
	},
	{
		name: "a single legal move is played at once",
		start: `
north: 0 0 0 0 0 0 0 0 0 1
south: 0 0 0 0 0 0 0 1 0 3
to move: south
captured: 38 37`,
		move: 8,
		want: `
north: 0 0 0 0 0 0 0 0 1 0
south: 0 0 0 0 0 0 0 0 1 3
to move: south
legal: 9 10
captured: 38 37
scores: 38 37
quiet: 2
turn: 2
repeats: 1`,
		events: `
lift S8 1 lap 1
sow S9=1
turn north
lift N1 1 lap 1
sow N2=1
turn south`,
	},
	{
		name: "guard: the 300th turn without a capture or a new warana ends the game; each row counts for its owner",
		start: `
north: 2 2 2 2 2 2 2 0 1 1
south: 1 0 0 0 0 0 0 0 2 3
to move: south
captured: 29 29
quiet: 299`,
		move: 10,
		want: `
north: 2 2 2 2 2 2 2 1 2 2
south: 1 0 0 0 0 0 0 0 2 0
over: quiet (ranks 2 1)
captured: 29 29
scores: 32 48
quiet: 300
turn: 1`,
		events: `
lift S10 3 lap 1
sow N1=2 N2=2 N3=1
game over`,
	},
	{
		name: "guard: equal scores are a draw",
		start: `
north: 2 2 2 2 2 2 2 0 1 1
south: 1 0 0 0 0 0 0 0 2 3
to move: south
captured: 37 21
quiet: 299`,
		move: 10,
		want: `
north: 2 2 2 2 2 2 2 1 2 2
south: 1 0 0 0 0 0 0 0 2 0
over: quiet (ranks 1 1)
captured: 37 21
scores: 40 40
quiet: 300
turn: 1`,
		events: `
lift S10 3 lap 1
sow N1=2 N2=2 N3=1
game over`,
	},
	{
		name: "guard: a position occurring for the third time ends the game",
		start: `
north: 2 2 2 2 2 2 2 0 1 1
south: 1 0 0 0 0 0 0 0 2 3
to move: south
captured: 29 29`,
		prepare: seen(`
north: 2 2 2 2 2 2 2 1 2 2
south: 1 0 0 0 0 0 0 0 2 0
to move: north
captured: 29 29`, 2),
		move: 10,
		want: `
north: 2 2 2 2 2 2 2 1 2 2
south: 1 0 0 0 0 0 0 0 2 0
over: repetition (ranks 2 1)
captured: 29 29
scores: 32 48
quiet: 1
turn: 1`,
		events: `
lift S10 3 lap 1
sow N1=2 N2=2 N3=1
game over`,
	},
	{
		name: "guard: a position where the player to act can only pass counts",
		start: `
north: 0w 0w 0w 0w 0w 0w 0w 0w 0w 0w
south: 0 0 0 0 1 0 0 2 0 0
to move: south
captured: 40 37`,
		prepare: seen(`
north: 0w 0w 0w 0w 0w 0w 0w 0w 0w 0w
south: 0 0 0 0 0 1 0 2 0 0
to move: north
captured: 40 37`, 2),
		move: 5,
		want: `
north: 0w 0w 0w 0w 0w 0w 0w 0w 0w 0w
south: 0 0 0 0 0 1 0 2 0 0
over: repetition (ranks 1 2)
captured: 40 37
scores: 43 37
quiet: 1
turn: 1`,
		events: `
lift S5 1 lap 1
sow S6=1
game over`,
	},
}

// seen prepares a history in which the position drawn by text (to move included) has already
// occurred n times.
func seen(text string, n int) func(*testing.T, *State) {
	return func(t *testing.T, s *State) {
		q, err := parse(text, false)
		if err != nil {
			t.Fatal(err)
		}
		if q.freeSeeds() != s.free {
			t.Fatalf("the seen position has %d free seeds, the start %d: the history would be cleared", q.freeSeeds(), s.free)
		}
		for range n {
			s.history = append(s.history, q.key())
		}
	}
}

func TestScenarios(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			s := mustParse(t, sc.start)
			if sc.prepare != nil {
				sc.prepare(t, s)
			}
			var ev rules.Events
			if err := s.Apply(sc.move, &ev); err != nil {
				t.Fatalf("move %d: %v", sc.move, err)
			}
			if got, want := normal(s.String()), normal(sc.want); got != want {
				t.Errorf("position after %d:\n%s\nwant\n%s", sc.move, got, want)
			}
			if got, want := eventText(ev), strings.TrimSpace(sc.events); got != want {
				t.Errorf("events:\n%s\nwant\n%s", got, want)
			}
			if err := s.Check(); err != nil {
				t.Errorf("invariant: %v", err)
			}
			// The same move without events gives the same position.
			q := mustParse(t, sc.start)
			if sc.prepare != nil {
				sc.prepare(t, q)
			}
			if err := q.Apply(sc.move, nil); err != nil || !q.Equal(s) {
				t.Errorf("without events: %v\n%s", err, q)
			}
		})
	}
}

func TestIllegalMoves(t *testing.T) {
	// North to move; N1 is South's warana, N4 is empty.
	s := mustParse(t, `
north: 0 0 0 0 0 2 0 1 2 4w
south: 0 0 0 0 0 0 0 1 0 1
to move: north
captured: 35 34`)
	for _, c := range []struct {
		move rules.Move
		want string
	}{
		{1, `illegal move "1": North cannot sow from hole 1: it is a warana (South's)`},
		{4, `illegal move "4": North cannot sow from hole 4: it is empty`},
		{0, `"0" is not a Sadeqa move`},
		{11, `"11" is not a Sadeqa move`},
		{rules.ThrowMove(2), `"throw 2" is not a Sadeqa move`},
	} {
		before := s.Clone()
		err := s.Apply(c.move, nil)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("move %d: error %v, want %q", c.move, err, c.want)
		}
		var r *Refusal
		switch errors.As(err, &r); c.move {
		case 1:
			if r == nil || r.Why != IsWarana || r.Hole != 1 || r.Owner != South {
				t.Errorf("move 1: refusal %+v, want South's warana, hole 1", r)
			}
		case 4:
			if r == nil || r.Why != Empty || r.Hole != 4 {
				t.Errorf("move 4: refusal %+v, want an empty hole 4", r)
			}
		default:
			if r != nil {
				t.Errorf("move %d: a refusal %+v for a move that is not a hole", c.move, r)
			}
		}
		if !s.Equal(before) {
			t.Errorf("move %d: a refused move changed the position", c.move)
		}
	}
	over := mustParse(t, scenarios[3].start)
	if err := over.Apply(1, nil); err != nil || over.Phase() != rules.PhaseOver {
		t.Fatalf("the game should be over: %v", err)
	}
	if err := over.Apply(1, nil); !errors.Is(err, rules.ErrOver) {
		t.Errorf("a move after the end: %v", err)
	}
}

// Endless sowings (found by a search, and confirmed with a separate simulator that remembers
// every lap) are not legal moves. Both come back to their first lap for ever.
func TestEndlessSowing(t *testing.T) {
	for _, c := range []struct {
		name, board string
		endless     rules.Move
		legal       string
		cycle       int // laps until the first lap comes back
	}{
		{"North's 8", `
north: 5 0 5 3 4 5 6 5 0 1
south: 4 5 2 8 7 6 5 4 3 2
to move: north
captured: 0 0`, 8, "1 3 4 5 6 7 10", 4535},
		{"South's 1", `
north: 4 5 1 7 5 9 0 1 4 5
south: 3 1 0 10 6 3 7 3 2 4
to move: south
captured: 0 0`, 1, "2 4 5 6 7 8 9 10", 7105},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := mustParse(t, c.board)
			if got := moves(s.Legal(nil)); got != c.legal {
				t.Errorf("legal %s, want %s", got, c.legal)
			}
			want := fmt.Sprintf(`illegal move "%d": %s cannot sow from hole %d: sowing from it would never end`,
				c.endless, playerName(s.ToMove()), c.endless)
			if err := s.Apply(c.endless, nil); err == nil || err.Error() != want {
				t.Errorf("endless move: %v", err)
			}
			p := s.ToMove()
			r, b, from := s.rule(p), s.holes, Hole(p, int(c.endless))
			start, pos := b, from
			for laps := 1; laps <= c.cycle; laps++ {
				pos = b.lap(pos)
				if r.stops(&b, pos) {
					t.Fatalf("the sowing stopped after %d laps", laps)
				}
				if back := b == start && pos == from; back != (laps == c.cycle) {
					t.Fatalf("after %d laps: back at the start %v", laps, back)
				}
			}
		})
	}
}

// endless agrees with a plain detector that remembers every lap, on random boards.
func TestEndlessAgreesWithNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 20000 {
		var h [Holes]uint8
		n := 1 + rng.IntN(Seeds)
		for range n {
			h[rng.IntN(Holes)]++
		}
		var r rule
		for i := range Holes {
			if rng.IntN(8) == 0 {
				r.waranas |= 1 << i
			}
		}
		p := rng.IntN(2)
		r.theirs = 0x3ff << (RowHoles * (1 - p))
		from := p*RowHoles + rng.IntN(RowHoles)
		if h[from] == 0 {
			continue
		}
		want, ok := naiveEndless(h, r, p, from, 100000)
		if !ok {
			continue
		}
		var b board
		for i, c := range h {
			b.set(i, c)
		}
		if got := r.endless(b, from); got != want {
			t.Fatalf("endless %v, naive %v: %v from %d", got, want, h, from)
		}
	}
}

// A lap of the packed board is seed-by-seed sowing, also for 20 seeds and more.
func TestLap(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for range 2000 {
		var h [Holes]uint8
		from := rng.IntN(Holes)
		h[from] = uint8(rng.IntN(Seeds + 1))
		for range rng.IntN(Seeds - int(h[from]) + 1) {
			h[rng.IntN(Holes)]++
		}
		var b board
		for i, c := range h {
			b.set(i, c)
		}
		last := b.lap(from)
		pos := from
		for n := h[from]; n > 0; n-- {
			h[from]--
			pos = (pos + 1) % Holes
			h[pos]++
		}
		for i, c := range h {
			if b.get(i) != c {
				t.Fatalf("hole %d holds %d, want %d", i, b.get(i), c)
			}
		}
		if last != pos || b[2]>>32 != 0 {
			t.Fatalf("last seed in %d, want %d; spare bits %x", last, pos, b[2]>>32)
		}
	}
}

func naiveEndless(h [Holes]uint8, r rule, p, pos, limit int) (endless, decided bool) {
	type lapState struct {
		h   [Holes]uint8
		pos int
	}
	seen := map[lapState]bool{}
	for range limit {
		st := lapState{h, pos}
		if seen[st] {
			return true, true
		}
		seen[st] = true
		n := h[pos]
		h[pos] = 0
		for ; n > 0; n-- {
			pos = (pos + 1) % Holes
			h[pos]++
		}
		if r.waranas>>pos&1 != 0 || h[pos] == 1 || h[pos] == 4 && pos/RowHoles != p {
			return false, true
		}
	}
	return false, false
}

func TestParseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for g := range 50 {
		s := New()
		for s.Phase() != rules.PhaseOver {
			q, err := Parse(s.String())
			if err != nil {
				t.Fatalf("game %d: %v\n%s", g, err, s)
			}
			if q.core != s.core {
				t.Fatalf("game %d: parsed\n%s\nwant\n%s", g, q, s)
			}
			l := s.Legal(nil)
			s.Apply(l[rng.IntN(len(l))], nil)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"north: 4 4 4 4 4 4 4 4 4 4\nsouth: 4 4 4 4 4 4 4 4 4 4\ncaptured: 0 0", "needs the lines"},
		{"north: 4 4 4 4 4 4 4 4 4\nsouth: 4 4 4 4 4 4 4 4 4 4\nto move: south\ncaptured: 0 0", "9 holes"},
		{"north: 4 4 4 4 4 4 4 4 4 4\nsouth: 4 4 4 4 4 4 4 4 4 4\nto move: south\ncaptured: 0 1", "81 seeds"},
		{"north: 4 4 4 4 4 4 4 4 4 4w\nsouth: 4 4 4 4 4 4 4 4 4 4\nto move: east\ncaptured: 0 0", "not south or north"},
		{"north: 4 4 4 4 4 4 4 4 4 x\nsouth: 4 4 4 4 4 4 4 4 4 4\nto move: south\ncaptured: 0 0", "not a seed count"},
		{"north: 4 4 4 4 4 4 4 4 4 4\nsouth: 4 4 4 4 4 4 4 4 4 4\nto move: south\ncaptured: 0 0\nlegal: 1 2", "legal moves are 1 2 3"},
		{"north: 4 4 4 4 4 4 4 4 4 4\nsouth: 4 4 4 4 4 4 4 4 4 4\nto move: south\ncaptured: 0 0\ncolour: red", "unknown name"},
		{"north: 4 4 4 4 4 4 4 4 4 4\nsouth: 0w 0 0 0 0 0 0 0 0 0\nto move: south\ncaptured: 20 20", "no legal move"},
	} {
		if _, err := Parse(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q): %v, want an error containing %q", c.text, err, c.want)
		}
	}
}

func TestCheckFindsBrokenStates(t *testing.T) {
	for name, spoil := range map[string]func(*State){
		"a seed too many":         func(s *State) { s.holes.add(3) },
		"warana in its own row":   func(s *State) { s.waranas[South] |= 1 << 2 },
		"stale legal moves":       func(s *State) { s.legal = 1 },
		"position not remembered": func(s *State) { s.history = s.history[:0] },
		"quiet limit passed":      func(s *State) { s.quiet = QuietLimit },
	} {
		s := New()
		spoil(s)
		if err := s.Check(); err == nil {
			t.Errorf("%s: Check found nothing", name)
		}
	}
}

func TestMoveSpelling(t *testing.T) {
	s := New()
	for k := 1; k <= RowHoles; k++ {
		m, err := s.ParseMove(s.FormatMove(rules.Move(k)))
		if err != nil || m != rules.Move(k) {
			t.Errorf("move %d: %d, %v", k, m, err)
		}
	}
	for _, bad := range []string{"0", "11", "-1", "S3", "throw 2", "", "03", "+3"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestCopyAllocatesNothing(t *testing.T) {
	src := New()
	dst := New()
	buf := make([]rules.Move, 0, RowHoles)
	if n := testing.AllocsPerRun(100, func() {
		dst.CopyFrom(src)
		buf = dst.Legal(buf)
		dst.Apply(buf[0], nil)
	}); n != 0 {
		t.Errorf("%v allocations per copy, legal and apply", n)
	}
}

func TestEvaluate(t *testing.T) {
	s := New()
	if v := s.Evaluate(South); v <= -1 || v >= 1 {
		t.Errorf("opening: %v", v)
	}
	// South owns a warana in North's first hole with seeds in it and has captured more.
	s = mustParse(t, `
north: 2 2 2 2 2 2 2 1 2 6w
south: 1 0 0 0 0 0 0 0 2 0
to move: north
captured: 30 24`)
	if a, b := s.Evaluate(South), s.Evaluate(North); a <= 0 || b >= 0 || a >= 1 || b <= -1 {
		t.Errorf("South ahead: %v for South, %v for North", a, b)
	}
	over := mustParse(t, scenarios[3].start)
	over.Apply(1, nil)
	if over.Evaluate(South) != 1 || over.Evaluate(North) != -1 {
		t.Errorf("over: %v %v", over.Evaluate(South), over.Evaluate(North))
	}
	// A player choosing the move with the best evaluation beats one playing at random.
	wins := 0
	const games = 100
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 3))
		s := New()
		smart := g % 2
		c := New()
		for s.Phase() != rules.PhaseOver {
			l := s.Legal(nil)
			m := l[rng.IntN(len(l))]
			if s.ToMove() == smart {
				best := -2.0
				for _, x := range l {
					c.CopyFrom(s)
					c.Apply(x, nil)
					if v := c.Evaluate(smart); v > best {
						best, m = v, x
					}
				}
			}
			s.Apply(m, nil)
		}
		if r := s.Ranks(); r[smart] == 1 && r[1-smart] == 2 {
			wins++
		}
	}
	if wins < games*3/4 {
		t.Errorf("the evaluation won %d of %d games against random moves", wins, games)
	}
}

// The golden playthrough: one whole game between two random players, with every event.
func TestGolden(t *testing.T) {
	var b strings.Builder
	rng := rand.New(rand.NewPCG(2026, 84))
	s := New()
	fmt.Fprintf(&b, "Sadeqa: a whole game of random moves (PCG 2026, 84)\n\n%s", s)
	for n := 1; s.Phase() != rules.PhaseOver; n++ {
		l := s.Legal(nil)
		m := l[rng.IntN(len(l))]
		who := strings.ToLower(playerName(s.ToMove()))
		if s.Bonus() {
			who += " (bonus)"
		}
		var ev rules.Events
		if err := s.Apply(m, &ev); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\n%d. %s plays %s\n%s\n\n%s", n, who, s.FormatMove(m), indent(eventText(ev)), s)
	}
	got := b.String()
	path := filepath.Join("testdata", "sadeqa.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./rules/sadeqa -update)", err)
	}
	if got != string(want) {
		t.Errorf("the game differs from %s (run with -update after checking the change)", path)
	}
}

func mustParse(t *testing.T, text string) *State {
	t.Helper()
	s, err := Parse(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return s
}

// normal drops the column labels and blank lines and collapses spaces, so drawn positions
// compare by content.
func normal(text string) string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] == "N10" || f[0] == "S1" {
			continue
		}
		out = append(out, strings.Join(f, " "))
	}
	return strings.Join(out, "\n")
}

func moves(l []rules.Move) string {
	var f []string
	for _, m := range l {
		f = append(f, fmt.Sprint(int(m)))
	}
	return strings.Join(f, " ")
}

func holeName(i int) string {
	if i < RowHoles {
		return fmt.Sprintf("S%d", i+1)
	}
	return fmt.Sprintf("N%d", i-RowHoles+1)
}

// eventText spells events one a line, runs of seeds sown on one line.
func eventText(ev rules.Events) string {
	var lines []string
	for i, e := range ev {
		who := strings.ToLower(playerName(e.Player))
		var line string
		switch e.Kind {
		case rules.EvTurn, rules.EvBonus, rules.EvPass:
			line = e.Kind.String() + " " + who
		case rules.EvLift:
			line = fmt.Sprintf("lift %s %d lap %d", holeName(e.From), e.Count, e.Value)
		case rules.EvSow:
			sow := fmt.Sprintf("%s=%d", holeName(e.To), e.Count)
			if i > 0 && ev[i-1].Kind == rules.EvSow {
				lines[len(lines)-1] += " " + sow
				continue
			}
			line = "sow " + sow
		case rules.EvWarana:
			line = fmt.Sprintf("warana %s by %s", holeName(e.To), who)
		case rules.EvCaptured:
			line = fmt.Sprintf("capture %d from %s by %s", e.Count, holeName(e.From), who)
		case rules.EvGameOver:
			line = "game over"
		default:
			line = e.String()
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

func indent(text string) string { return "  " + strings.ReplaceAll(text, "\n", "\n  ") }
