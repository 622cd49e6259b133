package online

import (
	"errors"
	"fmt"
	"time"

	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/wire"
)

// Table is an online match as a screen plays it: the session's events turned into a
// match.Driver per round, whose seats are Remote but for this session's own (a match.Person:
// its decisions come from the screen). The play scene calls Pump every frame, then Next while it
// is at rest to play the server's moves one at a time (each animated like any other), and Play or
// Throw for the person here. Nothing in it blocks.
type Table struct {
	s       *Session
	game    *rules.Info
	players int
	seats   []wire.SeatSpec
	round   int
	d       *match.Driver
	commit  string
	queue   []wire.Event // moves of this round the server has played and the driver not yet
	sent    string       // the move shown here at once, waiting for the server's word
	throw   bool         // a throw asked of the server, not yet thrown
	over    *wire.Event  // the round's end, once the server said it
	fair    error        // the check of the round's throws against the revealed secret
	checked bool
	present []wire.Presence
	notes   []Note
	seq     int64 // the last event taken: one both in the history and in a Poll is taken once
}

// NoteKind is what a Note tells the screen.
type NoteKind int

const (
	// NStatus: the connection's Status changed (Err when lost or closed).
	NStatus NoteKind = iota
	// NRound: a round began (the first game, or a rematch): Driver is new; the screen starts
	// showing it.
	NRound
	// NRefused: the server refused the person's Move (Refusal says why); a move shown at once
	// was taken back (the driver is back where it was): the screen syncs its board.
	NRefused
	// NPresence: who is connected changed (Table.Presence).
	NPresence
	// NEmote: Seat showed Emote.
	NEmote
	// NTakeover: the computer plays Seat from now on.
	NTakeover
	// NLeft: Seat's player left for good.
	NLeft
	// NSeated: a person took Seat (before the game starts).
	NSeated
)

// Note is one thing the screen should show.
type Note struct {
	Kind    NoteKind
	Seat    int
	Emote   string
	Move    string
	Refusal *wire.Refusal
	Status  Status
	Err     error
}

// NewTable follows s's match. Whatever the session delivered before (the lobby polled it) is
// taken from its history at once: the events so far, who is connected. Pump takes the rest.
func NewTable(s *Session) *Table {
	t := &Table{s: s, present: s.Presence()}
	for _, ev := range s.Events() {
		t.event(ev)
	}
	t.notes = nil // what came before the table is the history, not news
	return t
}

// Session is the table's session.
func (t *Table) Session() *Session { return t.s }

// Driver is the round being played (nil before the first start).
func (t *Table) Driver() *match.Driver { return t.d }

// Game is the match's game (nil before its first event).
func (t *Table) Game() *rules.Info { return t.game }

// Seats are the match's seats as created (a person's or the computer's at a level).
func (t *Table) Seats() []wire.SeatSpec { return t.seats }

// Mine is the seat this screen plays (-1: a spectator).
func (t *Table) Mine() int { return t.s.Seat() }

// Round is the game of the match being played (1, then one per rematch; 0 before the start).
func (t *Table) Round() int { return t.round }

// Presence is who is connected, one entry a seat (nil until the server said).
func (t *Table) Presence() []wire.Presence { return t.present }

// Pump takes what the session delivered and returns what the screen should show, in order.
func (t *Table) Pump() []Note {
	for _, u := range t.s.Poll() {
		t.take(u)
	}
	n := t.notes
	t.notes = nil
	return n
}

func (t *Table) take(u Update) {
	switch u.Kind {
	case KStatus:
		t.notes = append(t.notes, Note{Kind: NStatus, Status: u.Status, Err: u.Err})
	case KPresence:
		t.present = u.Presence
		t.notes = append(t.notes, Note{Kind: NPresence})
	case KRefused:
		if u.For != wire.TMove {
			t.notes = append(t.notes, Note{Kind: NRefused, Refusal: u.Refusal})
			return
		}
		if t.sent != "" && t.d != nil && t.d.CanUndo() {
			t.d.Undo() // the person's move, shown at once, is taken back
		}
		t.sent, t.throw = "", false
		t.notes = append(t.notes, Note{Kind: NRefused, Move: u.Move, Refusal: u.Refusal})
	case KEvent:
		t.event(u.Event)
	}
}

func (t *Table) event(ev wire.Event) {
	if ev.Seq <= t.seq {
		return
	}
	t.seq = ev.Seq
	switch ev.Kind {
	case wire.EvOpen:
		t.game, _ = games.Lookup(ev.Game)
		t.players, t.seats = ev.Players, ev.Seats
	case wire.EvSeated:
		t.notes = append(t.notes, Note{Kind: NSeated, Seat: ev.Seat})
	case wire.EvStart:
		if t.game == nil {
			return
		}
		seats := make([]match.Seat, t.players)
		for i := range seats {
			seats[i] = Remote{t: t}
			if i == t.s.Seat() {
				seats[i] = match.Person{}
			}
		}
		d, err := match.New(t.game, seats, 0)
		if err != nil {
			return // the server opened it with the same rules: not reached
		}
		if t.d != nil {
			t.d.Close()
		}
		t.d, t.round, t.commit = d, ev.Round, ev.Commit
		t.queue, t.sent, t.throw, t.over, t.fair, t.checked = nil, "", false, nil, nil, false
		t.notes = append(t.notes, Note{Kind: NRound})
	case wire.EvMove:
		if ev.Round == t.round && t.d != nil {
			t.queue = append(t.queue, ev)
		}
	case wire.EvEmote:
		t.notes = append(t.notes, Note{Kind: NEmote, Seat: ev.Seat, Emote: ev.Emote})
	case wire.EvTakeover:
		t.notes = append(t.notes, Note{Kind: NTakeover, Seat: ev.Seat})
	case wire.EvLeft:
		t.notes = append(t.notes, Note{Kind: NLeft, Seat: ev.Seat})
	case wire.EvOver:
		if ev.Round == t.round {
			e := ev
			t.over = &e
		}
	}
}

// Behind is how many of the server's moves the driver has still to play.
func (t *Table) Behind() int { return len(t.queue) }

// Ready reports whether the person here may decide now: the round is on, it is their turn, the
// driver has played everything the server said, and no move or throw of theirs is on its way.
func (t *Table) Ready() bool {
	return t.d != nil && t.over == nil && len(t.queue) == 0 && t.sent == "" && !t.throw && t.d.Here()
}

// Throwing reports whether a throw asked of the server has not come back yet.
func (t *Table) Throwing() bool { return t.throw }

// ErrOutOfStep: the server's move does not fit the position here (a defect, or a tampered
// stream): the screen says so; the match cannot go on on this screen.
var ErrOutOfStep = errors.New("this screen is out of step with the match")

// Next plays the server's next move on the driver and returns it for the screen to animate
// (ok), or nothing when there is none (or it was the person's own move, already shown). A
// remote seat's move comes through the driver's Think, as a computer's would; the person's own
// throw comes back with the sticks' faces as the server threw them.
func (t *Table) Next() (p match.Played, ok bool, err error) {
	if t.d == nil || len(t.queue) == 0 {
		return match.Played{}, false, nil
	}
	ev := t.queue[0]
	if t.sent != "" && ev.Seat == t.s.Seat() {
		// The person's move, shown when it was made: the server agrees.
		t.queue = t.queue[1:]
		if t.sent != ev.Move {
			return match.Played{}, false, fmt.Errorf("%w: sent %q, the server played %q", ErrOutOfStep, t.sent, ev.Move)
		}
		t.sent = ""
		return match.Played{}, false, nil
	}
	st := t.d.State()
	mv, perr := st.ParseMove(ev.Move)
	if perr != nil || st.Phase() == rules.PhaseOver || st.ToMove() != ev.Seat {
		return match.Played{}, false, fmt.Errorf("%w: event %d (%q by seat %d)", ErrOutOfStep, ev.Seq, ev.Move, ev.Seat)
	}
	if t.d.HereAt(ev.Seat) {
		t.queue = t.queue[1:]
		// The person's throw, thrown by the server (or a move made from another window).
		t.throw = false
		p, err := t.d.Play(mv, ev.Faces)
		return p, err == nil, err
	}
	p, ok, err = t.d.Think(time.Millisecond)
	if ok {
		t.queue = t.queue[1:]
	}
	return p, ok, err
}

// CatchUp plays at once every move the server played but the last keep (a resumed page
// rebuilding its position, or a long absence), and returns them in order: the screen syncs
// its board without animating them, tells them in its log, and animates only the last moves.
func (t *Table) CatchUp(keep int) ([]match.Played, error) {
	var done []match.Played
	for len(t.queue) > keep {
		p, ok, err := t.Next()
		if err != nil {
			return done, err
		}
		if ok {
			done = append(done, p)
		}
	}
	return done, nil
}

// Play plays the person's decision mv: shown at once on the driver (returned for the screen
// to animate), and sent; taken back with NRefused if the server refuses it.
func (t *Table) Play(mv rules.Move) (match.Played, error) {
	if !t.Ready() {
		return match.Played{}, match.ErrNotDue
	}
	if mv.IsThrow() {
		return match.Played{}, errors.New("the server throws the sticks")
	}
	text := t.d.State().FormatMove(mv)
	p, err := t.d.Play(mv, 0)
	if err != nil {
		return match.Played{}, err
	}
	if err := t.s.Move(text); err != nil {
		t.d.Undo()
		return match.Played{}, err
	}
	t.sent = text
	return p, nil
}

// Throw asks the server to throw the sticks for the person; the throw comes back through Next.
func (t *Table) Throw() error {
	if !t.Ready() || t.d.State().Phase() != rules.PhaseThrow {
		return match.ErrNotDue
	}
	if err := t.s.Move("throw"); err != nil {
		return err
	}
	t.throw = true
	return nil
}

// Over is the round's end as the server said it (ranks, why, the revealed secret), once the
// driver has played every move before it; nil until then.
func (t *Table) Over() *wire.Event {
	if t.over == nil || len(t.queue) > 0 {
		return nil
	}
	return t.over
}

// Fair checks the finished round's throws against the secret the server committed to at its
// start and revealed at its end (nil: every throw followed from it). Before the end it says
// the round is not over.
func (t *Table) Fair() error {
	if t.over == nil {
		return errors.New("the round is not over")
	}
	if !t.checked {
		t.checked = true
		rec, commit, secret, err := wire.RoundRecord(t.s.Events(), t.round)
		if err == nil {
			err = wire.Verify(rec, commit, secret)
		}
		t.fair = err
	}
	return t.fair
}

// Record is the finished round's record, seed included (for export and replay); before the
// end, the moves so far with no seed.
func (t *Table) Record() rules.Record {
	if t.over != nil {
		if rec, _, _, err := wire.RoundRecord(t.s.Events(), t.round); err == nil {
			return rec
		}
	}
	if t.d == nil {
		return rules.Record{}
	}
	return t.d.Match().Record()
}

// Remote is a seat played elsewhere (another device, or the server's computer): its decisions
// are the moves the server's events say it played, in order.
type Remote struct{ t *Table }

// Here is false: the decisions come from the server.
func (Remote) Here() bool { return false }

// Turn waits for the server's word on the move due in st.
func (r Remote) Turn(st rules.State, _ int64) match.Turn { return &remoteTurn{t: r.t, st: st} }

func (Remote) String() string { return "remote" }

type remoteTurn struct {
	t  *Table
	st rules.State
}

// Step decides once the server's move for this position has come (Table.Next checked it).
func (rt *remoteTurn) Step(time.Duration) (match.Decision, bool) {
	if rt.t == nil || len(rt.t.queue) == 0 {
		return match.Decision{}, false
	}
	ev := rt.t.queue[0]
	mv, err := rt.st.ParseMove(ev.Move)
	if err != nil || rt.st.ToMove() != ev.Seat {
		return match.Decision{}, false
	}
	return match.Decision{Move: mv, Faces: ev.Faces}, true
}

func (rt *remoteTurn) Close() {}
