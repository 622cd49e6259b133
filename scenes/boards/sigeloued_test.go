package boards

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/sigeloued"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
)

// elOuedHost is a board host for Sig El Oued with its board at hand.
func elOuedHost(t *testing.T, w, h float64) (*boardHost, *elOuedBoard) {
	t.Helper()
	hst := newBoardHost(t, sigeloued.Info, w, h)
	b, ok := hst.b.(*elOuedBoard)
	if !ok {
		t.Fatalf("the sig-el-oued board is a %T", hst.b)
	}
	return hst, b
}

// elOuedThrow throws six sticks with rng, as the play scene's match does.
func elOuedThrow(rng *rand.Rand) rules.Move {
	return rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 6)))
}

// elOuedSquareOf is the square (the board's cell) the rules call name ("c2").
func elOuedSquareOf(name string) int {
	return sigeloued.SquareOf(rules.Place{Kind: rules.Square, Name: name})
}

// elOuedCheckPicture fails unless the board's picture shows exactly the pieces of st, as the
// rules place them: every piece on its square with its freed look, the captured ones in their
// captor's tray.
func elOuedCheckPicture(t *testing.T, b *elOuedBoard, st rules.State, when string) {
	t.Helper()
	s := st.(*sigeloued.State)
	for p := 0; p < 2; p++ {
		for id := 0; id < sigeloued.Pieces; id++ {
			v := b.pieces[p][id]
			at := s.Locate(p, id)
			if at.Kind == rules.NoPlace {
				if !v.gone && (!v.from.tray || v.from != v.to || v.from.captor != 1-p) {
					t.Fatalf("%s: player %d's captured piece %d is drawn at %+v, not in the captor's tray", when, p, id, v)
				}
				continue
			}
			if v.gone || v.from.tray || v.from != v.to || v.from.sq != elOuedSquareOf(at.Name) || v.t != 0 {
				t.Fatalf("%s: player %d's piece %d is drawn at %+v, the rules have it on %s\n%s", when, p, id, v, at, st)
			}
			if (v.freed == 1) != s.Freed(p, id) || (v.freed != 0 && v.freed != 1) {
				t.Fatalf("%s: player %d's piece %d looks freed %.2f, the rules say %v", when, p, id, v.freed, s.Freed(p, id))
			}
			if v.alpha != 1 {
				t.Fatalf("%s: player %d's piece %d is faded to %.2f", when, p, id, v.alpha)
			}
		}
	}
	if want := [2]int{s.Captured(0), s.Captured(1)}; b.taken != want {
		t.Fatalf("%s: the trays say %v taken, the rules %v", when, b.taken, want)
	}
}

// elOuedTapMove plays mv through taps on the board: the piece's square, then, where a choice
// opens, the button for mv. It fails unless the board chose exactly mv.
func elOuedTapMove(t *testing.T, hst *boardHost, b *elOuedBoard, mv rules.Move) {
	t.Helper()
	text := hst.st.FormatMove(mv)
	name := strings.TrimPrefix(text, "free-all ")
	sq := elOuedSquareOf(name)
	before := hst.moves
	got, ok := hst.tap(ui.Target{Kind: "cell", N: sq})
	if !ok {
		if b.picked != sq {
			t.Fatalf("tapping %s for %q chose nothing and opened no choice (note %q)", name, text, b.note)
		}
		i := 0
		if name != text {
			i = 1
		}
		hst.hits.Reset()
		hst.b.Hits(&hst.hits)
		got, ok = hst.tap(ui.Target{Kind: "choice", ID: []string{"move", "free"}[i], N: i})
		if !ok {
			t.Fatalf("the %q button chose nothing (note %q)", text, b.note)
		}
	}
	if got != mv {
		t.Fatalf("the board chose %q, want %q", hst.st.FormatMove(got), text)
	}
	if hst.moves != before+1 {
		t.Fatalf("one pick played %d moves", hst.moves-before)
	}
}

// TestElOuedGamesByTaps plays whole games through taps on the board's hit areas, checking the
// picture against the rules after every move, and skipping some animations half way.
func TestElOuedGamesByTaps(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			w, h := 1280.0, 800.0
			if seed%2 == 0 {
				w, h = 420, 860
			}
			hst, b := elOuedHost(t, w, h)
			hst.env.Reduced = seed%3 == 0 // reduced motion fades instead of moving
			rng := rand.New(rand.NewPCG(seed, 99))
			choices, frees := 0, 0
			for n := 0; hst.st.Phase() != rules.PhaseOver; n++ {
				if n > 20000 {
					t.Fatal("the game does not end")
				}
				if hst.st.Phase() == rules.PhaseThrow {
					hst.apply(elOuedThrow(rng))
				} else {
					mv := hst.pick(rng)
					if strings.HasPrefix(hst.st.FormatMove(mv), "free-all") {
						frees++
					}
					if v := hst.st.(*sigeloued.State).Value(); v == 7 || v == 13 {
						choices++
					}
					elOuedTapMove(t, hst, b, mv)
				}
				// The picture the animation leaves must be the rules' position, and Sync (which
				// follows) must not have to move anything: a jump at the end of an animation.
				var shown [2][sigeloued.Pieces]elOuedPiece
				var taken [2]int
				check := func() {
					elOuedCheckPicture(t, b, hst.st, fmt.Sprintf("move %d", hst.moves))
					shown, taken = b.pieces, b.taken
				}
				if rng.IntN(4) == 0 {
					hst.skipAfter(rng.IntN(20), check)
				} else {
					hst.drain(2000, check)
				}
				if b.taken != taken {
					t.Fatalf("move %d: Sync changed the trays' counts from %v to %v", hst.moves, taken, b.taken)
				}
				for p := range shown {
					for id, was := range shown[p] {
						now := b.pieces[p][id]
						inTray := was.from.tray && was.from == was.to && now.gone // Sync draws captures by count
						if was.t == 0 {
							was.hop = 0 // a piece at rest is drawn without its hop
						}
						if now != was && !inTray {
							t.Fatalf("move %d: Sync moved player %d's piece %d from %+v to %+v", hst.moves, p, id, was, now)
						}
					}
				}
			}
			t.Logf("seed %d: %d moves, %d big-throw decisions, %d free-alls; ranks %v", seed, hst.moves, choices, frees, hst.st.Ranks())
		})
	}
}

// TestElOuedGameByKeys plays a game with the arrows, tab and enter only.
func TestElOuedGameByKeys(t *testing.T) {
	hst, b := elOuedHost(t, 1280, 800)
	rng := rand.New(rand.NewPCG(5, 5))
	for n := 0; hst.st.Phase() != rules.PhaseOver && n < 3000; n++ {
		if hst.st.Phase() == rules.PhaseThrow {
			hst.apply(elOuedThrow(rng))
			hst.drain(2000, nil)
			continue
		}
		mv := hst.pick(rng)
		text := hst.st.FormatMove(mv)
		name := strings.TrimPrefix(text, "free-all ")
		sq := elOuedSquareOf(name)
		// Walk the cursor to the square.
		for guard := 0; b.cursor != sq; guard++ {
			if guard > 20 {
				t.Fatalf("the cursor does not reach %s", name)
			}
			// Where the squares lie is the rules' to say; up the screen is up the rows.
			f, r := sigeloued.FileRow(sq)
			cf, cr := sigeloued.FileRow(b.cursor)
			df, dr := f-cf, r-cr
			in := ui.Intent{Kind: ui.Move}
			switch {
			case df > 0:
				in.DX = 1
			case df < 0:
				in.DX = -1
			case dr > 0:
				in.DY = -1
			default:
				in.DY = 1
			}
			if _, ok := hst.send(in); ok {
				t.Fatal("an arrow played a move")
			}
		}
		got, ok := hst.send(ui.Intent{Kind: ui.Activate})
		if !ok {
			if b.picked != sq || !b.inChoice {
				t.Fatalf("enter on %s for %q did nothing", name, text)
			}
			want := 0
			if name != text {
				want = 1
			}
			if b.choice != want {
				hst.send(ui.Intent{Kind: ui.Move, DX: 1})
			}
			got, ok = hst.send(ui.Intent{Kind: ui.Activate})
			if !ok {
				t.Fatalf("enter on the choice for %q did nothing (note %q)", text, b.note)
			}
		}
		if got != mv {
			t.Fatalf("the keys chose %q, want %q", hst.st.FormatMove(got), text)
		}
		hst.drain(2000, func() { elOuedCheckPicture(t, b, hst.st, "by keys") })
	}
}

// TestElOuedCursorStartsOnAPiece: the keyboard cursor first stands on the first piece of the
// player to move, where the rules put it (a1 at the start, as docs/rulings.md sets the board out; e3
// for North to move with its piece 0 taken), not on a square the board writes out.
func TestElOuedCursorStartsOnAPiece(t *testing.T) {
	hst, b := elOuedHost(t, 1280, 800)
	if want := elOuedSquareOf("a1"); b.cursor != want {
		t.Errorf("at the start the cursor is on square %d, want a1 (%d): South's first piece", b.cursor, want)
	}
	pos := elOuedAt(t, "3 N5 N4 N3 N2 N1 .\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\nto_move=1")
	nb := newElOuedBoard(&hst.env)
	hst.b = nb
	hst.layout(1280, 800)
	nb.Sync(pos)
	if want := elOuedSquareOf("e3"); nb.cursor != want {
		t.Errorf("North to move without its piece 0: the cursor is on square %d, want e3 (%d)", nb.cursor, want)
	}
	// Once shown, the cursor stays where the player left it when the position changes.
	nb.cursor = elOuedSquareOf("b2")
	nb.Sync(elOuedAt(t, "3 N5 N4 N3 N2 N1 .\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\nto_move=0"))
	if want := elOuedSquareOf("b2"); nb.cursor != want {
		t.Errorf("after a new position at a throw the cursor moved to square %d, want it left on b2 (%d)", nb.cursor, want)
	}
}

// elOuedAt builds a position from the rules' text form.
func elOuedAt(t *testing.T, text string) *sigeloued.State {
	t.Helper()
	s, err := sigeloued.Parse(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return s
}

func TestElOuedBigThrowChoice(t *testing.T) {
	hst, b := elOuedHost(t, 1280, 800)
	st := elOuedAt(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\nphase=move value=7 then=throw")
	hst.st = st
	hst.b.Sync(st)
	hst.legal = st.Legal(nil)
	hst.layout(1280, 800)
	// Every piece can move 7; only f1 can also free all.
	if len(b.opts) != 7 {
		t.Fatalf("%d options, want 7", len(b.opts))
	}
	plain, free := b.optionsOf(elOuedSquareOf("f1"))
	if plain == nil || free == nil {
		t.Fatal("f1 should offer both a move of 7 and free all")
	}
	if plain.land != elOuedSquareOf("a3") || len(plain.takes) != 1 || plain.takes[0] != elOuedSquareOf("a3") {
		t.Fatalf("f1's 7 lands on %d taking %v, want a3 taking a3", plain.land, plain.takes)
	}
	if free.freedN != 6 || len(free.paths) != 6 || free.land != elOuedSquareOf("e2") {
		t.Fatalf("free all: %d freed, %d paths, lands on %d; want 6, 6, e2", free.freedN, len(free.paths), free.land)
	}
	// Hover previews f1's 7; a tap opens the choice; hovering "free all" previews it.
	hst.send(ui.Intent{Kind: ui.Point, Target: ui.Target{Kind: "cell", N: 5}})
	if o := b.focusOption(); o == nil || o.move != plain.move {
		t.Fatal("hovering f1 does not preview its 7")
	}
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: 5}); ok || b.picked != 5 {
		t.Fatal("tapping f1 at a 7 should open the choice")
	}
	hst.send(ui.Intent{Kind: ui.Point, Target: ui.Target{Kind: "choice", ID: "free", N: 1}})
	if o := b.focusOption(); o == nil || !o.free {
		t.Fatal("hovering Free all does not preview it")
	}
	// A plain piece at a 7 plays at once.
	if mv, ok := hst.tap(ui.Target{Kind: "cell", N: 0}); !ok || mv != rules.Move(0) {
		t.Fatalf("tapping a1 at a 7 chose %v %v, want a1", mv, ok)
	}
	hst.drain(2000, func() { elOuedCheckPicture(t, b, hst.st, "after a1's 7") })
}

func TestElOuedFreeAllByTaps(t *testing.T) {
	hst, b := elOuedHost(t, 420, 860)
	st := elOuedAt(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\nphase=move value=7 then=throw")
	hst.st, hst.legal = st, st.Legal(nil)
	hst.b.Sync(st)
	hst.hits.Reset()
	hst.b.Hits(&hst.hits)
	mv, _ := st.ParseMove("free-all f1")
	elOuedTapMove(t, hst, b, mv)
	hst.drain(2000, func() { elOuedCheckPicture(t, b, hst.st, "after free all") })
	if b.lit == nil {
		t.Fatal("the last move is not marked")
	}
}

func TestElOuedRefusalSaysWhy(t *testing.T) {
	hst, b := elOuedHost(t, 1280, 800)
	// A 3, which only the freed pieces (d2, f2) can use.
	st := elOuedAt(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  s4 .  s5\n1 S0 S1 S2 S3 .  .\nphase=move value=3 then=end")
	hst.st, hst.legal = st, st.Legal(nil)
	hst.b.Sync(st)
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: elOuedSquareOf("a1")}); ok {
		t.Fatal("an unfreed piece took a 3")
	}
	if !strings.Contains(b.note, "never moved") || !strings.Contains(b.note, "a1") {
		t.Fatalf("the note says %q, want why the piece cannot move", b.note)
	}
	if _, ok := hst.tap(ui.Target{Kind: "cell", N: elOuedSquareOf("c2")}); ok || !strings.Contains(b.note, "Tap one of") {
		t.Fatalf("tapping an empty square: note %q", b.note)
	}
}

// TestElOuedMeanings throws every count in positions the rules reach (a first throw, a later
// one, after a six polished, among the extra throws of a first six rough, a throw whose value no
// piece can use) and reads what the banner says it means, against docs/rulings.md's throws.
func TestElOuedMeanings(t *testing.T) {
	const board = "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\n"
	const freed = "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  s4 .  s5\n1 S0 S1 S2 S3 .  .\n"
	const stuck = "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\n"
	for _, c := range []struct {
		pos   string
		throw int
		want  string
	}{
		{freed + "thrown=11", 1, "Sig: 1 and throw again"},
		{freed + "thrown=11", 5, "Sig: 1 and throw again"},
		{freed + "thrown=11", 6, "Six polished: throw again"},
		{board + "thrown=00", 0, "Six rough: three extra throws"},
		{freed + "thrown=11", 0, "Six rough: 0, the turn ends"},
		{freed + "thrown=11", 3, "3: move a freed piece 3"},
		{stuck + "thrown=11", 3, "3: no piece can use it"},
		{freed + "six thrown=11", 1, "Sig after six polished: 7: move one piece 7 or free all"},
		{freed + "six thrown=11", 2, "2: play the 6, then the 2"},
		{freed + "bonus=2 thrown=10", 5, "Sig: 13 (the six rough's 12 and 1): move one piece 13 or free all"},
		{freed + "bonus=2 thrown=10", 4, "4: move a freed piece 4 (extra throw 2 of 3)"},
		{stuck + "bonus=2 thrown=10", 4, "4: no piece can use it (extra throw 2 of 3)"},
	} {
		st := elOuedAt(t, c.pos)
		if got := elOuedMeaning(sigeloued.MeaningOf(st, c.throw)); got != c.want {
			t.Errorf("throw %d at\n%s\nmeans %q, want %q", c.throw, st, got, c.want)
		}
	}
}

// TestElOuedSaysWhatIsDue throws through the match, as the play scene does, and reads the
// banner's first line at the decision that follows, against docs/rulings.md: a plain throw is played
// by a freed piece; a sig frees a piece or steps a freed one; after a six polished its 6 is
// played first and then the next throw's value, and a sig makes 7; among the extra throws of a
// first six rough the first sig makes 13 (7 and 13 move one piece or free all).
func TestElOuedSaysWhatIsDue(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.English)
	const home = "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  .\n1 S0 S1 S2 S3 S4 S5\n"
	const freed = "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  s4 .  s5\n1 S0 S1 S2 S3 .  .\n"
	for _, c := range []struct {
		pos    string
		throws []int
		want   string
	}{
		{freed + "thrown=11", []int{3}, "Play the 3 with a freed piece"},
		{freed + "thrown=11", []int{5}, "Sig: free a piece, or step a freed one"},
		{freed + "thrown=11", []int{6, 2}, "Play the 6 with a freed piece, then the 2"},
		{freed + "thrown=11", []int{6, 6}, "Play the 6 with a freed piece"}, // and throw again after
		{freed + "thrown=11", []int{6, 1}, "7: move one piece 7, or free all"},
		{home + "thrown=00", []int{0, 1}, "13: move one piece 13, or free all"},
	} {
		hst, b := elOuedHost(t, 1280, 800)
		hst.setState(elOuedAt(t, c.pos))
		hst.b.Sync(hst.st)
		for _, n := range c.throws {
			hst.apply(rules.ThrowMove(n))
			hst.drain(2000, nil)
		}
		if hst.st.Phase() != rules.PhaseMove {
			t.Fatalf("throws %v at\n%s\nleave no decision: %s", c.throws, c.pos, hst.st)
		}
		if got, _ := b.restLines(); got != c.want {
			t.Errorf("throws %v at\n%s\nsay %q, want %q", c.throws, c.pos, got, c.want)
		}
		// Arabic says a six polished's 6 as a word ("the six"), other values as figures: the
		// board tells the six from a plain value by what the rules say it is.
		if strings.HasPrefix(c.want, "Play the 6 ") {
			lang.Set(lang.Arabic)
			if got, _ := b.restLines(); !strings.HasPrefix(got, "العب الستة بقطعة محررة") {
				t.Errorf("throws %v say in Arabic %q, want the six as a word", c.throws, got)
			}
			lang.Set(lang.English)
		}
	}
}

// TestElOuedAnimationTimes checks the steps' lengths: 0.12 s a square, 0.3 s a capture.
func TestElOuedAnimationTimes(t *testing.T) {
	hst, b := elOuedHost(t, 1280, 800)
	_ = b
	st := elOuedAt(t, "3 N5 N4 N3 N2 N1 N0\n2 .  .  .  .  .  s5\n1 S0 S1 S2 S3 S4 .\nsix quiet=7 turn=9")
	hst.st = st
	hst.b.Sync(st)
	var q stage.Queue
	before := st.Clone()
	var ev rules.Events
	if err := st.Apply(rules.ThrowMove(3), &ev); err != nil {
		t.Fatal(err)
	}
	hst.b.Animate(&q, before, st, ev)
	// 6 steps, a capture, 3 steps, a capture (see the rules' scenario), and the banner.
	total := 0.0
	n := 0
	for q.Busy() {
		q.Advance(1.0 / 60)
		total += 1.0 / 60
		n++
		if n > 1000 {
			t.Fatal("no end")
		}
	}
	want := elOuedPopTime + 9*elOuedStepTime + 2*elOuedCaptureTime
	if total < want-0.05 || total > want+0.05 {
		t.Fatalf("the animation took %.2f s, want %.2f", total, want)
	}
	elOuedCheckPicture(t, b, st, "after six polished and 3")
}
