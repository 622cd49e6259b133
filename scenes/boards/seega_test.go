package boards

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/seega"
	"sig/scenes/stage"
	"sig/scenes/ui"
)

// seegaSame reports how the picture differs from st (nil: it shows st exactly).
func seegaSame(b *seegaBoard, st *seega.State) error {
	for sq := 0; sq < seega.Squares; sq++ {
		if int(b.sq[sq]) != st.At(sq) {
			return fmt.Errorf("square %s shows %d, the rules have %d", seega.SquareName(sq), b.sq[sq], st.At(sq))
		}
	}
	for p := 0; p < 2; p++ {
		if b.hand[p] != st.InHand(p) || b.taken[p] != st.Captured(p) {
			return fmt.Errorf("player %d: %d in hand and %d captured shown, the rules have %d and %d", p, b.hand[p], b.taken[p], st.InHand(p), st.Captured(p))
		}
	}
	if len(b.actors) != 0 {
		return fmt.Errorf("%d pieces still in flight", len(b.actors))
	}
	return nil
}

// seegaSquares are the squares to tap for mv: the square placed on, or the piece and where it
// steps (read from the protocol's spelling of the move).
func seegaSquares(t *testing.T, st rules.State, mv rules.Move) []int {
	t.Helper()
	var out []int
	for _, name := range strings.Split(st.FormatMove(mv), "-") {
		sq, err := seega.ParseSquare(name)
		if err != nil {
			t.Fatalf("move %s: %v", st.FormatMove(mv), err)
		}
		out = append(out, sq)
	}
	return out
}

// keyTo moves the keyboard cursor to sq with arrow intents and presses enter there.
func (hst *boardHost) keyTo(b *seegaBoard, sq int) (rules.Move, bool) {
	if !b.keys {
		hst.send(ui.Intent{Kind: ui.Move, DX: 1}) // the first arrow only shows the cursor
	}
	// Where the squares lie is the rules' to say (seega.FileRank); up the screen is up the
	// ranks.
	f, r := seega.FileRank(sq)
	for n := 0; b.cursor != sq; n++ {
		if n > 2*seega.Size {
			hst.t.Fatalf("the arrows never reach %s (the cursor is on %s)", seega.SquareName(sq), seega.SquareName(b.cursor))
		}
		cf, cr := seega.FileRank(b.cursor)
		switch {
		case cf < f:
			hst.send(ui.Intent{Kind: ui.Move, DX: 1})
		case cf > f:
			hst.send(ui.Intent{Kind: ui.Move, DX: -1})
		case cr < r:
			hst.send(ui.Intent{Kind: ui.Move, DY: -1})
		default:
			hst.send(ui.Intent{Kind: ui.Move, DY: 1})
		}
	}
	return hst.send(ui.Intent{Kind: ui.Activate})
}

// TestSeegaGamesByTaps plays whole games through the board's own targets, by taps and by the
// keyboard, checking after every move that the board chose the intended move and that the
// picture, once the animation has drained (or been skipped partway), shows the rules' state.
func TestSeegaGamesByTaps(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			hst := newBoardHost(t, seega.Info, 1280, 800)
			b := hst.b.(*seegaBoard)
			rng := rand.New(rand.NewPCG(seed, 5))
			for n := 0; hst.st.Phase() != rules.PhaseOver; n++ {
				if n > 3000 {
					t.Fatalf("no end after %d moves", n)
				}
				mv := hst.pick(rng)
				sqs := seegaSquares(t, hst.st, mv)
				byKeys := n%5 == 4
				for i, sq := range sqs {
					var got rules.Move
					var ok bool
					if byKeys {
						got, ok = hst.keyTo(b, sq)
					} else {
						got, ok = hst.tap(ui.Target{Kind: "cell", N: sq})
					}
					switch {
					case i < len(sqs)-1 && ok:
						t.Fatalf("move %d: the board chose %s after %d of %d taps", n, hst.st.FormatMove(got), i+1, len(sqs))
					case i == len(sqs)-1 && !ok:
						t.Fatalf("move %d: tapping %v did not choose %s (note %q)", n, sqs, hst.st.FormatMove(mv), b.note)
					case i == len(sqs)-1 && got != mv:
						t.Fatalf("move %d: the board chose move %d, want %d", n, got, mv)
					}
				}
				if !hst.q.Busy() {
					t.Fatalf("move %d: nothing to animate", n)
				}
				check := func() {
					if err := seegaSame(b, hst.st.(*seega.State)); err != nil {
						t.Fatalf("move %d (%s), after the animation: %v\n%v", n, hst.st.FormatMove(mv), err, hst.st)
					}
				}
				if n%4 == 1 {
					hst.skipAfter(rng.IntN(30), check)
				} else {
					hst.drain(2000, check)
				}
			}
			if b.caption != b.result(hst.st.(*seega.State)) {
				t.Errorf("caption at the end %q", b.caption)
			}

			t.Logf("%d moves: %s", hst.moves, b.caption)
		})
	}
}

// TestSeegaRefusedPicks checks that a pick the rules do not allow chooses nothing and says why.
func TestSeegaRefusedPicks(t *testing.T) {
	hst := newBoardHost(t, seega.Info, 1280, 800)
	b := hst.b.(*seegaBoard)
	if !strings.Contains(b.caption, "first of your") {
		t.Errorf("placement caption %q does not say which piece", b.caption)
	}
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: seega.Centre}); ok || !strings.Contains(b.note, "centre") {
		t.Errorf("placing on the centre: chose %v, note %q", ok, b.note)
	}
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: 0}); !ok {
		t.Fatalf("placing on a1 chose nothing (note %q)", b.note)
	}
	hst.drain(600, nil)
	if !strings.Contains(b.caption, "second of your") {
		t.Errorf("second placement caption %q", b.caption)
	}
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: 0}); ok || b.note == "" {
		t.Errorf("placing on a taken square: chose %v, note %q", ok, b.note)
	}

	// Compulsory capture: x can capture with d1-c1 or e2-e3, so a1 and e5 cannot be picked.
	st, err := seega.Parse(`
		5 o . . . x
		4 . . . . o
		3 . . . . .
		2 . . . . x
		1 x o . x .
		movement: x to move`)
	if err != nil {
		t.Fatal(err)
	}
	hst.st = st
	hst.legal = st.Legal(nil)
	b.Sync(st)
	if !strings.Contains(b.caption, "compulsory") {
		t.Errorf("capture caption %q", b.caption)
	}
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: 0}); ok || b.picked >= 0 || !strings.Contains(b.note, "compulsory") {
		t.Errorf("picking a1, which cannot capture: chose %v, picked %d, note %q", ok, b.picked, b.note)
	}
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: 1}); ok || !strings.Contains(b.note, "Computer 2") {
		t.Errorf("picking the opponent's b1: chose %v, note %q", ok, b.note)
	}
	hst.tap(ui.Target{Kind: "cell", N: 3}) // d1
	if b.picked != 3 {
		t.Fatalf("d1 was not picked (note %q)", b.note)
	}
	// Tapping the picked piece again puts it back; escape too.
	hst.tap(ui.Target{Kind: "cell", N: 3})
	if b.picked != -1 {
		t.Errorf("tapping the picked piece again kept it picked")
	}
	hst.tap(ui.Target{Kind: "cell", N: 3})
	hst.send(ui.Intent{Kind: ui.Back})
	if b.picked != -1 {
		t.Errorf("escape kept the piece picked")
	}
	hst.tap(ui.Target{Kind: "cell", N: 3})
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: 8}); ok { // d2: not a step that captures
		t.Errorf("d1-d2 chosen while capture is compulsory")
	}
	mv, ok := hst.tap(ui.Target{Kind: "cell", N: 2}) // c1
	if !ok || mv != seega.StepMove(3, 2) {
		t.Fatalf("d1-c1 not chosen: %v %v (note %q)", mv, ok, b.note)
	}
	hst.drain(600, func() {
		if err := seegaSame(b, st); err != nil {
			t.Fatal(err)
		}
	})
	if b.taken[0] != 12-2+1 {
		t.Errorf("x's captures shown: %d", b.taken[0])
	}
}

// TestSeegaBlockedIsExplained checks the caption of the blocked rule.
func TestSeegaBlockedIsExplained(t *testing.T) {
	// o on a1 is hemmed in by x; x plays again and must open a way.
	st, err := seega.Parse(`
		5 . . . . .
		4 . . . . .
		3 . . . . .
		2 x . . . .
		1 o x . . .
		movement: x to move, o blocked`)
	if err != nil {
		t.Fatal(err)
	}
	hst := newBoardHost(t, seega.Info, 1280, 800)
	b := hst.b.(*seegaBoard)
	hst.st, hst.legal = st, st.Legal(nil)
	b.Sync(st)
	want := "Computer 2 cannot move: you play again and must open a way"
	if b.caption != want {
		t.Errorf("caption %q, want %q", b.caption, want)
	}
}

// TestSeegaLayouts lays the board out at several sizes: every square stays a target of at
// least 44 points' worth where the screen allows, and nothing leaves the board's square.
func TestSeegaLayouts(t *testing.T) {
	for _, sz := range [][2]float64{{1280, 800}, {420, 860}, {390, 844}, {3840, 2160}, {320, 568}} {
		hst := newBoardHost(t, seega.Info, sz[0], sz[1])
		b := hst.b.(*seegaBoard)
		if len(hst.hits.Targets()) != seega.Squares {
			t.Errorf("%v: %d targets", sz, len(hst.hits.Targets()))
		}
		c := b.court.Court
		side := min(sz[0]*0.62, sz[1]-24)
		if c.X < 12-0.5 || c.Y < 12-0.5 || c.X+c.W > 12+side+0.5 || c.Y+c.H > 12+side+0.5 {
			t.Errorf("%v: the court %+v leaves the board's square (side %.0f)", sz, c, side)
		}
	}
}

// TestSeegaIsACanceler checks that escape's Cancel puts a picked piece back and says so.
func TestSeegaIsACanceler(t *testing.T) {
	hst := newBoardHost(t, seega.Info, 1280, 800)
	c, ok := hst.b.(stage.Canceler)
	if !ok {
		t.Fatal("the Seega board is not a Canceler")
	}
	if c.Cancel() {
		t.Errorf("Cancel with nothing picked reported a pick")
	}
	b := hst.b.(*seegaBoard)
	b.picked = 3
	if !c.Cancel() || b.picked != -1 {
		t.Errorf("Cancel did not put the piece back")
	}
}

func seegaInfo() *rules.Info { return seega.Info }

func seegaState(st rules.State) *seega.State { return st.(*seega.State) }

// TestSeegaGuardEndsSayTheWinnersCountFirst plays random games until the guards (40 quiet
// moves, a third repetition) end some with a winner: docs/rulings.md gives such a game to the player
// with more captures, and the caption gives the captures winner first ("Computer 2 wins
// (captures 2–0)", never "0–2").
func TestSeegaGuardEndsSayTheWinnersCountFirst(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 60 && found < 3; seed++ {
		hst := newBoardHost(t, seega.Info, 1280, 800)
		b := hst.b.(*seegaBoard)
		rng := rand.New(rand.NewPCG(seed, 5))
		for hst.st.Phase() != rules.PhaseOver {
			hst.apply(hst.pick(rng))
			hst.drain(5000, nil)
		}
		st := hst.st.(*seega.State)
		c0, c1 := st.Captured(0), st.Captured(1)
		if st.Reason() == seega.NoPieces || c0 == c1 {
			continue
		}
		found++
		want := fmt.Sprintf("%d–%d", max(c0, c1), min(c0, c1))
		if !strings.Contains(b.caption, want) || !strings.Contains(b.caption, hst.env.Names[map[bool]int{true: 0, false: 1}[c0 > c1]]) {
			t.Errorf("seed %d: %s, captures %d and %d; the caption says %q, want the winner and %s", seed, st.Reason(), c0, c1, b.caption, want)
		}
	}
	if found == 0 {
		t.Fatal("no random game ended by a guard with a winner")
	}
}
