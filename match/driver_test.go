package match_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
)

func init() { match.Nodes = 64 } // whole games between computers stay fast

// elsewhere is a seat whose moves come from outside the driver, as a player on another device's
// would: a queue the test fills, read one decision a turn. It is written outside package match,
// as a remote seat will be.
type elsewhere struct{ inbox *[]match.Decision }

func (elsewhere) Here() bool { return false }

func (e elsewhere) Turn(rules.State, int64) match.Turn { return &waiting{e.inbox} }

type waiting struct{ inbox *[]match.Decision }

func (w *waiting) Step(time.Duration) (match.Decision, bool) {
	if len(*w.inbox) == 0 {
		return match.Decision{}, false
	}
	d := (*w.inbox)[0]
	*w.inbox = (*w.inbox)[1:]
	return d, true
}

func (w *waiting) Close() {}

// finish plays d to its end: people here take a random legal move (or throw), the others
// decide through Think. It fails past limit moves. It returns how many decisions (not throws)
// the seats not here made.
func finish(t *testing.T, d *match.Driver, rng *rand.Rand, limit int) (decided int) {
	t.Helper()
	for n := 0; !d.Over(); n++ {
		if n > limit {
			t.Fatalf("%s: not over after %d moves", d.Game().ID, limit)
		}
		before := d.Match().Moves()
		switch {
		case !d.Here():
			if d.State().Phase() == rules.PhaseMove {
				decided++
			}
			for d.Match().Moves() == before {
				if _, _, err := d.Think(time.Millisecond); err != nil {
					t.Fatal(err)
				}
			}
		case d.State().Phase() == rules.PhaseThrow:
			if _, err := d.Throw(); err != nil {
				t.Fatal(err)
			}
		default:
			legal := d.State().Legal(nil)
			if _, err := d.Play(legal[rng.IntN(len(legal))], 0); err != nil {
				t.Fatal(err)
			}
		}
	}
	return decided
}

// Every game plays to its end between a person here and the computer, through the driver; the
// record it keeps replays, through the rules alone, to the same final position.
func TestEveryGameThroughTheDriver(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.ID, func(t *testing.T) {
			d, err := match.New(g, []match.Seat{match.Person{}, match.Computer{Level: ai.Easy}}, 5)
			if err != nil {
				t.Fatal(err)
			}
			saves := 0
			d.Changed = func() { saves++ }
			decided := finish(t, d, rand.New(rand.NewPCG(5, 5)), 5000)
			if saves != d.Match().Moves() {
				t.Errorf("Changed called %d times for %d moves", saves, d.Match().Moves())
			}
			again, err := rules.Replay(g, d.Match().Record())
			if err != nil || !again.State.Equal(d.State()) {
				t.Fatalf("the record does not replay to the end: %v", err)
			}
			if d.Thinks() != decided {
				t.Errorf("the computer searched %d times for %d decisions", d.Thinks(), decided)
			}
		})
	}
}

// Undo goes back to before the last decision of a person here, taking the computer's replies
// with it; a game between computers has nothing to undo.
func TestUndoTakesBackToThePerson(t *testing.T) {
	g, _ := games.Lookup("seega")
	d, _ := match.New(g, []match.Seat{match.Person{}, match.Computer{Level: ai.Easy}}, 3)
	if d.CanUndo() || d.Undo() == nil {
		t.Fatal("undo offered before any move")
	}
	legal := d.State().Legal(nil)
	if _, err := d.Play(legal[0], 0); err != nil {
		t.Fatal(err)
	}
	mine := d.State().Clone()
	// Seega places two pieces a turn: the person's second placement, then the computer's two.
	legal = d.State().Legal(nil)
	d.Play(legal[0], 0)
	for !d.Here() {
		d.Think(time.Millisecond)
	}
	if d.Match().Moves() != 4 {
		t.Fatalf("%d moves, want 4 (two placements each)", d.Match().Moves())
	}
	if err := d.Undo(); err != nil {
		t.Fatal(err)
	}
	if d.Match().Moves() != 1 || !d.State().Equal(mine) {
		t.Fatalf("undo left %d moves, want 1 (before the person's second placement)", d.Match().Moves())
	}
	c, _ := match.New(g, []match.Seat{match.Computer{Level: ai.Easy}, match.Computer{Level: ai.Easy}}, 3)
	for i := 0; i < 6; i++ {
		for n := c.Match().Moves(); c.Match().Moves() == n; {
			c.Think(time.Millisecond)
		}
	}
	if c.CanUndo() {
		t.Fatal("a game between computers offers undo")
	}
}

// A seat of a kind the driver has never heard of (moves from elsewhere) plays through the same
// driver: its throws with the outcome it brings (faces for the animation), its moves checked by
// the rules; a move the rules refuse changes nothing and says why.
//
// The game is Sig of El Oued, built so that it cannot end before the refusal: the person here
// (South) throws only 2s, 3s and 4s, which never free a piece, so South's six pieces stay
// unfreed on a1–f1 and North never loses one; the seat from elsewhere (North) throws a sig and
// then a 3 each turn, four steps, and taking all six of South's pieces needs twelve steps at
// least (from a3, North's nearest piece, to a1). Two turns of North's are eight steps, and
// six turns in all are far from 200 quiet ones.
func TestASeatFromElsewhere(t *testing.T) {
	g, _ := games.Lookup("sig-el-oued")
	var inbox []match.Decision
	d, err := match.New(g, []match.Seat{match.Person{}, elsewhere{&inbox}}, 9)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	sig, three := uint8(0b000100), uint8(0b010101) // one polished face; three
	throws, decisions := 0, 0
	for turns := 0; turns < 2; {
		if d.Over() {
			t.Fatal("the game ended though neither side can take six pieces yet")
		}
		if d.Here() {
			if d.State().Phase() != rules.PhaseThrow {
				t.Fatalf("the person here has a move to make after throws that free nothing: %v", d.State().Legal(nil))
			}
			n := 2 + rng.IntN(3)
			if _, err := d.Play(rules.ThrowMove(n), uint8(1<<n-1)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, ok, _ := d.Think(time.Millisecond); ok {
			t.Fatal("the seat from elsewhere played with nothing in its inbox")
		}
		n := d.Match().Moves()
		var want match.Decision
		if d.State().Phase() == rules.PhaseThrow {
			// A sig first in each turn (it earns the next throw), then a 3 (it ends the turn).
			faces := sig
			if throws%2 == 1 {
				faces = three
			}
			want = match.Decision{Move: rules.ThrowMove(rules.ThrowCount(faces)), Faces: faces}
			throws++
		} else {
			want = match.Decision{Move: d.State().Legal(nil)[0]}
			decisions++
		}
		inbox = append(inbox, want)
		p, ok, err := d.Think(time.Millisecond)
		if err != nil || !ok || d.Match().Moves() != n+1 || p.Player != 1 || p.Move != want.Move {
			t.Fatalf("the seat's decision was not played: ok %v, err %v, player %d, move %v (want %v)", ok, err, p.Player, p.Move, want.Move)
		}
		if p.Move.IsThrow() && p.Faces != want.Faces {
			t.Fatalf("the throw from elsewhere played as %v with faces %b, want %b", p.Move, p.Faces, want.Faces)
		}
		if d.Here() {
			turns++
		}
	}
	if throws != 4 || decisions == 0 {
		t.Fatalf("the seat from elsewhere threw %d times and decided %d times in two turns, want 4 throws and a decision", throws, decisions)
	}
	// A refused move from elsewhere: nothing changes, the reason comes back.
	for d.Here() {
		n := 2 + rng.IntN(3)
		d.Play(rules.ThrowMove(n), uint8(1<<n-1))
	}
	if d.Over() {
		t.Fatal("the game ended though neither side can take six pieces yet")
	}
	before := d.State().Clone()
	inbox = append(inbox, match.Decision{Move: rules.Move(1 << 20)})
	if _, ok, err := d.Think(time.Millisecond); ok || err == nil {
		t.Fatalf("an illegal move from elsewhere: ok %v, err %v", ok, err)
	}
	if !d.State().Equal(before) {
		t.Fatal("a refused move changed the position")
	}
}

// Resume rebuilds a match from its record with the same undo marks, search count and throws to
// come, and tells each move as it was played (the faces the generator gave each throw).
func TestResumeIsTheSameMatch(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.ID, func(t *testing.T) {
			seats := []match.Seat{match.Person{}, match.Computer{Level: ai.Easy}}
			a, _ := match.New(g, seats, 21)
			var faces []uint8
			rng := rand.New(rand.NewPCG(2, 2))
			for i := 0; i < 40 && !a.Over(); i++ {
				var p match.Played
				var err error
				switch {
				case !a.Here():
					ok := false
					for !ok && err == nil {
						p, ok, err = a.Think(time.Millisecond)
					}
				case a.State().Phase() == rules.PhaseThrow:
					p, err = a.Throw()
				default:
					legal := a.State().Legal(nil)
					p, err = a.Play(legal[rng.IntN(len(legal))], 0)
				}
				if err != nil {
					t.Fatal(err)
				}
				if p.Move.IsThrow() {
					faces = append(faces, p.Faces)
				}
			}
			var told []uint8
			b, err := match.Resume(g, seats, a.Thinks(), a.Match().Record(), func(p match.Played, _ rules.State) {
				if p.Move.IsThrow() {
					told = append(told, p.Faces)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if !b.State().Equal(a.State()) || !slices.Equal(b.Marks(), a.Marks()) || b.Thinks() != a.Thinks() {
				t.Fatalf("resumed: marks %v thinks %d, want %v %d", b.Marks(), b.Thinks(), a.Marks(), a.Thinks())
			}
			if !slices.Equal(told, faces) {
				t.Fatalf("resumed throws' faces %v, played %v", told, faces)
			}
			if lt, ok := a.LastThrow(); len(faces) > 0 && (!ok || lt.Faces != faces[len(faces)-1]) {
				t.Fatalf("LastThrow faces %b, the last throw landed %b", lt.Faces, faces[len(faces)-1])
			}
		})
	}
}

// Bad input is refused with a reason and makes nothing.
func TestDriverRefuses(t *testing.T) {
	g, _ := games.Lookup("seega")
	if _, err := match.New(g, []match.Seat{match.Person{}}, 1); err == nil {
		t.Error("one seat for Seega accepted")
	}
	if _, err := match.New(g, []match.Seat{match.Person{}, nil}, 1); err == nil {
		t.Error("an empty seat accepted")
	}
	d, _ := match.New(g, []match.Seat{match.Person{}, match.Person{}}, 1)
	if _, err := d.Throw(); err == nil {
		t.Error("a throw in Seega accepted")
	}
	if _, err := d.Play(rules.Move(-99), 0); err == nil || d.Match().Moves() != 0 {
		t.Errorf("a bad move: err %v, %d moves", err, d.Match().Moves())
	}
	r := d.Match().Record()
	r.Moves = []string{"zz9"}
	if _, err := match.Resume(g, []match.Seat{match.Person{}, match.Person{}}, 0, r, nil); err == nil {
		t.Error("a bad record resumed")
	}
	for _, s := range []string{"", "robot", "human:hard", "ai:godlike"} {
		if _, err := match.ParseSeat(s); err == nil {
			t.Errorf("ParseSeat(%q) accepted", s)
		}
	}
}
