// Package match drives a game being played: the rules' match, who sits in each seat (a person
// at this screen, the computer at a level, later a player on another device), whose turn it is,
// undo, the computer's thinking in slices, and a hook after every change (the autosave). It
// says what each move did, for a screen to animate, and decides nothing a seat should.
//
// The play scene, the replay viewer and the board tests all drive their games through it, so a
// new kind of seat changes no scene. It imports the rules and the AI, never Ebitengine: a
// server or a test can drive a match with no screen.
package match

import (
	"errors"
	"fmt"
	"time"

	"sig/rules"
)

// Driver is one match being played.
type Driver struct {
	game  *rules.Info
	seats []Seat
	seed  int64
	m     *rules.Match
	// marks are the number of moves played before each decision of a person at this screen:
	// undo goes back to the last one (against the computer, its replies are undone too).
	marks []int
	// thinks counts the computer's searches so far: it seeds the next one, so a continued game
	// goes on exactly as it would have.
	thinks int
	turn   Turn // the decision under way of a seat not decided here, or nil
	// start is the position a match made by FromPosition starts at (nil: the game's start).
	start rules.State

	// Changed, when set, is called after every move played and every undo (the autosave).
	Changed func()
}

// Played is what one move did: who played it, the move (a throw with the sticks' faces), the
// position before it, and the events the rules reported.
type Played struct {
	Player int
	Move   rules.Move
	Faces  uint8 // for a throw: the sticks as they landed, one bit a stick
	Before rules.State
	Events rules.Events
}

// ErrNotDue is a throw asked for when none is due, or a decision asked of a seat decided here.
var ErrNotDue = errors.New("not due now")

// New starts a match of g between seats (one per player), seeded by seed: the same seed and
// the same decisions give the same game, throws included.
func New(g *rules.Info, seats []Seat, seed int64) (*Driver, error) {
	m, err := rules.NewMatch(g, len(seats), seed)
	if err != nil {
		return nil, err
	}
	for i, s := range seats {
		if s == nil {
			return nil, fmt.Errorf("seat %d: nobody sits there", i+1)
		}
	}
	return &Driver{game: g, seats: append([]Seat(nil), seats...), seed: seed, m: m}, nil
}

// FromPosition is a match that starts at st, a position built by hand (a rules scenario, a
// board's test), between seats. st becomes the match's position: the caller may read it as
// it changes, and changes it only through the driver. The record starts there, so it does not
// replay from the game's start; undo goes back no further than st.
func FromPosition(g *rules.Info, seats []Seat, seed int64, st rules.State) (*Driver, error) {
	if st == nil || st.Players() != len(seats) {
		return nil, fmt.Errorf("a position for %d seats is needed", len(seats))
	}
	d, err := New(g, seats, seed)
	if err != nil {
		return nil, err
	}
	d.m.State = st
	d.start = st.Clone()
	return d, nil
}

// Resume rebuilds a match from its record, played again move by move through the rules (the
// undo marks come back from who played each move); each, when not nil, is told every move as
// it is played again (a throw with the faces the match's generator gave it, or for a throw
// forced from elsewhere any faces with its count) and the position after it, which it must
// clone to keep. thinks is the number of searches the computer had started.
func Resume(g *rules.Info, seats []Seat, thinks int, r rules.Record, each func(p Played, after rules.State)) (*Driver, error) {
	if g == nil || r.Game != g.ID {
		return nil, fmt.Errorf("record is for game %q", r.Game)
	}
	if r.Players != len(seats) {
		return nil, fmt.Errorf("record for %d players, %d seats", r.Players, len(seats))
	}
	if thinks < 0 {
		return nil, fmt.Errorf("%d searches", thinks)
	}
	done, err := rules.Replay(g, r)
	if err != nil {
		return nil, err
	}
	d, err := New(g, seats, r.Seed)
	if err != nil {
		return nil, err
	}
	for i := 0; i < done.Moves(); i++ {
		mover := d.m.State.ToMove()
		if d.HereAt(mover) {
			d.marks = append(d.marks, i)
		}
		p := Played{Player: mover, Move: done.MoveAt(i)}
		if p.Move.IsThrow() {
			p.Faces = facesOf(d.m, p.Move)
		}
		if err := d.m.PlayMove(p.Move, &p.Events); err != nil {
			// Replay took the same moves a moment ago: the rules are not deterministic.
			return nil, fmt.Errorf("move %d replays differently: %v", i+1, err)
		}
		if each != nil {
			each(p, d.m.State)
		}
	}
	d.thinks = thinks
	return d, nil
}

// Game is the game played.
func (d *Driver) Game() *rules.Info { return d.game }

// Seed is the match's seed.
func (d *Driver) Seed() int64 { return d.seed }

// Seats are the seats, one per player (not to be changed).
func (d *Driver) Seats() []Seat { return d.seats }

// State is the position now (not to be changed: play through the driver).
func (d *Driver) State() rules.State { return d.m.State }

// Match is the rules' match (for its record and its moves; not to be played on directly).
func (d *Driver) Match() *rules.Match { return d.m }

// Thinks is the number of searches the computer seats have started.
func (d *Driver) Thinks() int { return d.thinks }

// Marks are the undo marks: the number of moves played before each decision made here.
func (d *Driver) Marks() []int { return d.marks }

// HereAt reports whether a person at this screen decides for player p.
func (d *Driver) HereAt(p int) bool { return p >= 0 && p < len(d.seats) && d.seats[p].Here() }

// Here reports whether the player to act now is decided at this screen (false once over).
func (d *Driver) Here() bool {
	return d.m.State.Phase() != rules.PhaseOver && d.HereAt(d.m.State.ToMove())
}

// Over reports whether the game has ended.
func (d *Driver) Over() bool { return d.m.State.Phase() == rules.PhaseOver }

// Throw throws the sticks with the match's own generator for the player to act.
func (d *Driver) Throw() (Played, error) {
	mv, faces, err := d.m.Throw()
	if err != nil {
		return Played{}, fmt.Errorf("%w: %v", ErrNotDue, err)
	}
	return d.Play(mv, faces)
}

// Play plays mv for the player to act (a decision, or a throw with the faces it landed on).
// A refused move changes nothing and says why.
func (d *Driver) Play(mv rules.Move, faces uint8) (Played, error) {
	st := d.m.State
	p := Played{Player: st.ToMove(), Move: mv, Faces: faces, Before: st.Clone()}
	mark := d.m.Moves()
	if err := d.m.PlayMove(mv, &p.Events); err != nil {
		return Played{}, err
	}
	if d.HereAt(p.Player) {
		d.marks = append(d.marks, mark)
	}
	d.drop() // whatever was being decided was for the position before
	if d.Changed != nil {
		d.Changed()
	}
	return p, nil
}

// Thinking reports whether a seat not decided here is deciding.
func (d *Driver) Thinking() bool { return d.turn != nil }

// Think lets the seat to act, when it is not decided here, decide for about budget, and plays
// its decision once made (ok). A seat decided here, or a game over, plays nothing.
func (d *Driver) Think(budget time.Duration) (p Played, ok bool, err error) {
	st := d.m.State
	if st.Phase() == rules.PhaseOver || d.Here() {
		return Played{}, false, nil
	}
	if d.turn == nil {
		seed := d.seed
		if st.Phase() == rules.PhaseMove {
			d.thinks++
			seed += int64(d.thinks) * 7919
		}
		d.turn = d.seats[st.ToMove()].Turn(st.Clone(), seed)
		if d.turn == nil {
			return Played{}, false, fmt.Errorf("seat %d decides nothing", st.ToMove()+1)
		}
	}
	dec, ready := d.turn.Step(budget)
	if !ready {
		return Played{}, false, nil
	}
	d.drop()
	if dec.Throw {
		p, err = d.Throw()
	} else {
		p, err = d.Play(dec.Move, dec.Faces)
	}
	return p, err == nil, err
}

// CanUndo reports whether there is a decision made here to take back.
func (d *Driver) CanUndo() bool { return len(d.marks) > 0 }

// Undo goes back to before the last decision made at this screen (with every move played
// since: the computer's replies, and throws).
func (d *Driver) Undo() error {
	if len(d.marks) == 0 {
		return errors.New("nothing to undo")
	}
	n := d.marks[len(d.marks)-1]
	m, err := d.prefix(n)
	if err != nil {
		return err
	}
	d.marks = d.marks[:len(d.marks)-1]
	d.m = m
	d.drop()
	if d.Changed != nil {
		d.Changed()
	}
	return nil
}

// prefix is the match as it was after its first n moves.
func (d *Driver) prefix(n int) (*rules.Match, error) {
	if d.start == nil {
		return d.m.Prefix(n)
	}
	m, err := rules.NewMatch(d.game, len(d.seats), d.seed)
	if err != nil {
		return nil, err
	}
	m.State = d.start.Clone()
	for i := 0; i < n; i++ {
		if err := m.PlayMove(d.m.MoveAt(i), nil); err != nil {
			return nil, fmt.Errorf("replaying move %d: %w", i+1, err)
		}
	}
	return m, nil
}

// facesOf is how the sticks land for the throw mv about to be played in m: as the match's
// generator throws them, or, for a throw forced from elsewhere, any faces with its count.
func facesOf(m *rules.Match, mv rules.Move) uint8 {
	if tm, f, err := m.Throw(); err == nil && tm == mv {
		return f
	}
	return uint8(1)<<mv.ThrowCount() - 1
}

// LastThrow is the last throw played, as it was played (who threw, the faces, what it did), for
// the sticks and their caption to show the throw in play after an undo or in a continued game;
// ok is false before the first throw.
func (d *Driver) LastThrow() (p Played, ok bool) {
	for k := d.m.Moves() - 1; k >= 0; k-- {
		mv := d.m.MoveAt(k)
		if !mv.IsThrow() {
			continue
		}
		pre, err := d.prefix(k)
		if err != nil {
			return Played{}, false // the match replays its own moves: not reached
		}
		p = Played{Player: pre.State.ToMove(), Move: mv, Faces: facesOf(pre, mv), Before: pre.State.Clone()}
		if err := pre.PlayMove(mv, &p.Events); err != nil {
			return Played{}, false
		}
		return p, true
	}
	return Played{}, false
}

// Close drops any decision under way (leaving the match, a restart).
func (d *Driver) Close() { d.drop() }

func (d *Driver) drop() {
	if d.turn != nil {
		d.turn.Close()
		d.turn = nil
	}
}
