package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"sig/ai"
	driver "sig/match" // the app's computer seats: one place turns a level into a search
	"sig/rules"
	"sig/rules/games"
	"sig/wire"
)

// cmd is something for a match's goroutine to do: a client's message, a session gone, a
// computer's move found, an event another writer stored.
type cmd struct {
	s        *Session
	msg      wire.ClientMsg
	held     bool     // sent after load: releases the hold against unloading
	create   *created // the match was just created for s (seat 0)
	quick    bool     // ... by quick match: start the game once the other joins
	quickKey string   // s joins seat 1 of a quick match with this key
	detach   bool     // s is gone
	thought  *thought // a computer seat's search finished
	beacon   *beacon  // another process said which seats are connected to it
	gone     string   // another process stopped (its seats are no longer connected)
	remote   bool     // events were stored by another writer: catch up
	stored   *wire.Event
	storedAt uint64 // stream sequence of stored
	at       time.Time
}

// thought is a computer's move, found for the position after event seq.
type thought struct {
	seq  int64
	move rules.Move
	err  error
}

// seatState is what the match knows of a seat beyond the events.
type seatState struct {
	kind     wire.SeatKind
	level    string
	seated   bool // a person took it
	left     bool
	computer bool // taken over by the computer
	sessions map[*Session]struct{}
	// elsewhere holds the other server processes that said the seat's player is connected to
	// them (their beacons; a process that stops is forgotten: presence.go).
	elsewhere map[string]bool
	since     time.Time // when its player was last seen connected (or the match loaded)
	// limit is the seat's messages, whatever connection they come on (Config.Rate).
	limit bucket
}

// local reports whether the seat's player is connected to this process.
func (ss *seatState) local() bool { return len(ss.sessions) > 0 }

// here reports whether the seat's player is connected to any process.
func (ss *seatState) here() bool { return ss.local() || len(ss.elsewhere) > 0 }

// match is one match in memory, owned by its goroutine (run): nothing here is touched from
// elsewhere, except pending (under the server's lock) and the inbox.
type match struct {
	srv     *Server
	id      string
	log     *slog.Logger
	ctx     context.Context // the server's, for this match's goroutine alone
	inbox   chan *cmd
	wake    atomic.Bool        // another writer stored events: catch up
	sub     *nats.Subscription // events stored by any process (shared stores only)
	beacons *nats.Subscription // other processes' word on their seats (shared stores only)

	pending int // commands on their way from load (guarded by srv.mu)

	meta    *meta
	metaRev uint64

	events    []wire.Event
	streamSeq uint64 // stream sequence of the last event stored

	game     *rules.Info
	seats    []seatState
	watchers map[*Session]struct{}
	emotes   []int        // each seat's emotes in the current game (or before the first)
	round    int          // the current or last game; 0 before the first start
	rm       *rules.Match // the current game, nil before the first start
	over     bool         // the current game is over
	thinking int64        // the event after which a computer search runs (0: none)
	openCmd  *wire.ClientMsg
	// unstarted is the number of the round's start event whose secret could not be read yet
	// (0: none); until it is, the round has no rules' match and refuses moves as not started.
	unstarted int
	// owner: this process holds the lease to play the computer seats (owner.go), at revision
	// ownerRev; leaseCheck fires when a lease held elsewhere is to be looked at again.
	owner      bool
	ownerRev   uint64
	leaseCheck <-chan time.Time
}

func newMatch(srv *Server, id string, md *meta, rev uint64) *match {
	return &match{srv: srv, id: id, meta: md, metaRev: rev, inbox: make(chan *cmd, 256),
		log: srv.log.With("match", id), watchers: map[*Session]struct{}{}}
}

// open reads the match's events from the stream and listens for those other writers store.
// A fresh match has none yet; its first event (open) is written when its creator arrives.
func (m *match) open(ctx context.Context, fresh bool) error {
	g, ok := games.Lookup(m.meta.Game)
	if !ok {
		return fmt.Errorf("match %s is of unknown game %q", m.id, m.meta.Game)
	}
	m.game = g
	m.emotes = make([]int, len(m.meta.Seats))
	for _, sm := range m.meta.Seats {
		m.seats = append(m.seats, seatState{kind: sm.Kind, level: sm.Level, sessions: map[*Session]struct{}{},
			elsewhere: map[string]bool{}, since: time.Now(), limit: newBucket(m.srv.cfg.Burst)})
	}
	if err := m.srv.listen(m); err != nil {
		return err
	}
	if !fresh {
		return m.catchUp(ctx)
	}
	return nil
}

func (m *match) close() { m.srv.unlisten(m) }

// heard takes in another process's beacon: the seats connected to it now.
func (m *match) heard(b *beacon) {
	before := m.hereSet()
	for i := range m.seats {
		delete(m.seats[i].elsewhere, b.Proc)
	}
	for _, n := range b.Seats {
		if n >= 0 && n < len(m.seats) {
			m.seats[n].elsewhere[b.Proc] = true
		}
	}
	m.presenceChanged(before)
	if b.Ask {
		m.sendBeacon(false) // it has just loaded the match: tell it who is here
	}
}

// forgetProc drops what a process that stopped had said.
func (m *match) forgetProc(proc string) {
	before := m.hereSet()
	for i := range m.seats {
		delete(m.seats[i].elsewhere, proc)
	}
	m.presenceChanged(before)
}

// hereSet is which seats are connected anywhere.
func (m *match) hereSet() []bool {
	h := make([]bool, len(m.seats))
	for i := range m.seats {
		h[i] = m.seats[i].here()
	}
	return h
}

// presenceChanged marks the seats whose players went away since before and tells everyone.
func (m *match) presenceChanged(before []bool) {
	changed := false
	for i, was := range before {
		if now := m.seats[i].here(); now != was {
			changed = true
			if !now {
				m.seats[i].since = time.Now()
			}
		}
	}
	if changed {
		m.broadcast(m.presence())
	}
}

// hold keeps the match in memory until one more held command arrives.
func (m *match) hold() {
	m.srv.mu.Lock()
	m.pending++
	m.srv.mu.Unlock()
}

// send gives the match something to do. Commands after load carry held.
func (m *match) send(c cmd) {
	c.at = time.Now()
	select {
	case m.inbox <- &c:
	case <-m.srv.ctx.Done():
	}
}

// run is the match's goroutine: it does one command at a time, and unloads the match when
// nobody has been connected for a while and no computer is thinking.
func (m *match) run() {
	defer m.srv.wg.Done()
	ctx, cancel := context.WithCancel(m.srv.ctx)
	defer cancel()
	m.ctx = ctx
	idle := time.NewTimer(m.srv.cfg.Idle)
	defer idle.Stop()
	// On a shared store, tell the other processes who is connected here and ask them the same;
	// after that, beacons go on every change, and again now and then in case one was lost.
	var refresh <-chan time.Time
	if m.srv.st.shared() {
		m.sendBeacon(true)
		tick := time.NewTicker(beaconRefresh)
		defer tick.Stop()
		refresh = tick.C
	}
	for {
		select {
		case <-m.srv.ctx.Done():
			m.close()
			return
		case <-refresh:
			m.sendBeacon(false)
			continue
		case c := <-m.inbox:
			m.do(c)
		case <-m.leaseCheck:
			m.leaseCheck = nil
			m.do(&cmd{remote: true, at: time.Now()})
		case <-idle.C:
			if m.unload() {
				return
			}
		}
		idle.Reset(m.srv.cfg.Idle)
	}
}

// unload removes the match from memory if nothing needs it.
func (m *match) unload() bool {
	if m.thinking != 0 || len(m.watchers) > 0 {
		return false
	}
	for _, ss := range m.seats {
		// The lease's holder stays while a game goes on with players elsewhere: it plays the
		// computer seats for them.
		if ss.local() || m.owner && m.playing() && ss.here() {
			return false
		}
	}
	m.srv.mu.Lock()
	if m.pending > 0 || len(m.inbox) > 0 {
		m.srv.mu.Unlock()
		return false
	}
	delete(m.srv.matches, m.id)
	m.srv.met.loaded.Dec()
	m.srv.mu.Unlock()
	m.close()
	m.release()
	return true
}

func (m *match) do(c *cmd) {
	if c.held {
		m.srv.mu.Lock()
		m.pending--
		m.srv.mu.Unlock()
	}
	// Each command's deadline hangs off the match's own context, not the server's: thousands
	// of matches registering with one parent context queued on its lock under load.
	ctx, cancel := context.WithTimeout(m.ctx, 10*time.Second)
	defer cancel()
	if c.stored != nil {
		// An event stored by this or another process: the next one is applied as it comes, a
		// gap is filled from the stream, one already known is ignored.
		switch next := int64(len(m.events)) + 1; {
		case c.stored.Seq == next && c.storedAt > m.streamSeq:
			if ev := c.stored; m.owner && ev.Kind == wire.EvMove && m.playing() && m.isComputer(ev.Seat) {
				// Another process played a computer seat: it took the lease (this one was
				// taken as gone). Look at who holds it before playing again.
				m.owner = false
			}
			m.streamSeq = c.storedAt
			m.apply(*c.stored)
		case c.stored.Seq > next:
			m.wake.Store(true)
		}
	}
	if m.unstarted > 0 {
		m.retryRound()
	}
	if m.wake.Swap(false) {
		if err := m.catchUp(ctx); err != nil {
			m.log.Warn("catching up", "err", err)
		}
	}
	switch {
	case c.remote:
	case c.detach:
		m.detach(c.s)
	case c.beacon != nil:
		m.heard(c.beacon)
	case c.gone != "":
		m.forgetProc(c.gone)
	case c.thought != nil:
		m.played(ctx, c.thought)
	default:
		// A write that loses the race to another writer catches up and tries again: the
		// command is judged against the state that includes what the other wrote.
		for try := 0; ; try++ {
			r := m.handle(ctx, *c)
			if r != nil && r != errConflictRefusal && try == 0 && m.srv.st.shared() {
				// Another process may have stored what would change the answer (a seat taken
				// there) without its copy having arrived yet: look before refusing.
				if n, err := m.catchUpCount(ctx); err == nil && n > 0 {
					continue
				}
			}
			if r == errConflictRefusal && try < 10 {
				if err := m.catchUp(ctx); err != nil {
					r = m.srv.busy(err)
				} else {
					continue
				}
			}
			if r == errConflictRefusal {
				r = wire.Refuse(wire.ReasonBusy, "the match changed while this was decided; try again")
			}
			if r != nil {
				c.s.refuse(c.msg.Req, r)
			}
			if c.msg.T == wire.TMove && r == nil {
				m.srv.met.moveSeconds.Observe(time.Since(c.at).Seconds())
			}
			break
		}
		if c.held {
			// A create, join, resume, watch or quick pairing has its answer: the session is in
			// this match now, or free to ask again.
			c.s.unclaim()
		}
	}
	m.drive(ctx)
}

// errConflictRefusal marks a command that lost a write race (handled by do).
var errConflictRefusal = &wire.Refusal{Reason: wire.ReasonBusy, Text: "conflict"}

// write stores ev as the next event and applies it. errConflict: another writer was first.
func (m *match) write(ctx context.Context, ev wire.Event) *wire.Refusal {
	ev.Seq = int64(len(m.events)) + 1
	seq, err := m.srv.st.appendEvent(ctx, m.id, ev, m.streamSeq)
	if errors.Is(err, errConflict) {
		return errConflictRefusal
	}
	if err != nil {
		// No answer (a timeout, a lost connection) does not mean nothing was stored: look.
		if m.catchUp(ctx) == nil && int64(len(m.events)) >= ev.Seq {
			if sameEvent(m.events[ev.Seq-1], ev) {
				return nil
			}
			return errConflictRefusal
		}
		return m.srv.busy(err)
	}
	m.streamSeq = seq
	m.apply(ev)
	return nil
}

// sameEvent reports whether two events say the same thing.
func sameEvent(a, b wire.Event) bool {
	return a.Seq == b.Seq && a.Kind == b.Kind && a.Round == b.Round && a.Seat == b.Seat && a.Move == b.Move &&
		a.Emote == b.Emote && a.Commit == b.Commit && a.Level == b.Level && a.Why == b.Why
}

// catchUp applies the events other writers stored since the last one this match knows.
func (m *match) catchUp(ctx context.Context) error {
	_, err := m.catchUpCount(ctx)
	return err
}

// catchUpCount is catchUp, counting the events it applied.
func (m *match) catchUpCount(ctx context.Context) (int, error) {
	evs, last, err := m.srv.st.loadEvents(ctx, m.id, m.streamSeq)
	for i, ev := range evs {
		if ev.Seq != int64(len(m.events))+1 {
			return i, fmt.Errorf("event %d found where %d was due", ev.Seq, len(m.events)+1)
		}
		m.apply(ev)
	}
	m.streamSeq = last
	return len(evs), err
}

// apply changes the state by one stored event and shows it to everyone connected.
func (m *match) apply(ev wire.Event) {
	m.events = append(m.events, ev)
	switch ev.Kind {
	case wire.EvSeated:
		m.seats[ev.Seat].seated = true
	case wire.EvEmote:
		if ev.Seat >= 0 && ev.Seat < len(m.emotes) {
			m.emotes[ev.Seat]++
		}
	case wire.EvStart:
		m.round, m.over = ev.Round, false
		clear(m.emotes)
		m.rm, m.unstarted = nil, 0
		if err := m.startRound(ev); err != nil {
			// The round's secret could not be read (a store too slow to answer): its moves are
			// kept in the events and played once it is read (retryRound, at the next command).
			m.log.Warn("starting a round from the stream", "err", err)
			m.unstarted = len(m.events)
		}
	case wire.EvMove:
		if m.rm == nil {
			if m.unstarted == 0 {
				m.log.Error("a move before the start", "seq", ev.Seq)
			}
			break
		}
		if _, err := m.rm.Play(ev.Move); err != nil {
			m.log.Error("a stored move the rules refuse", "seq", ev.Seq, "move", ev.Move, "err", err)
		}
		m.srv.met.moves.Inc()
	case wire.EvLeft:
		m.seats[ev.Seat].left = true
	case wire.EvTakeover:
		m.seats[ev.Seat].computer, m.seats[ev.Seat].level = true, ev.Level
	case wire.EvOver:
		m.over = true
	}
	b := wire.Encode(wire.ServerMsg{T: wire.TEvent, Match: m.id, Event: &ev})
	for _, ss := range m.seats {
		for s := range ss.sessions {
			s.send(b)
		}
	}
	for s := range m.watchers {
		s.send(b)
	}
}

// retryRound reads again the secret of a round whose start could not be set up, and plays the
// moves stored since.
func (m *match) retryRound() {
	start := m.events[m.unstarted-1]
	if err := m.startRound(start); err != nil {
		m.log.Warn("starting a round from the stream, again", "err", err)
		return
	}
	for _, ev := range m.events[m.unstarted:] {
		if ev.Kind == wire.EvMove && ev.Round == start.Round {
			if _, err := m.rm.Play(ev.Move); err != nil {
				m.log.Error("a stored move the rules refuse", "seq", ev.Seq, "move", ev.Move, "err", err)
			}
		}
	}
	m.unstarted = 0
}

// startRound sets up the rules' match of a round from the secret committed at its start.
func (m *match) startRound(ev wire.Event) error {
	if len(m.meta.Rounds) < ev.Round {
		if err := m.reloadMeta(); err != nil {
			return err
		}
	}
	if len(m.meta.Rounds) < ev.Round {
		return fmt.Errorf("no throw secret for round %d", ev.Round)
	}
	secret, err := hex.DecodeString(m.meta.Rounds[ev.Round-1])
	if err != nil || wire.Commit(secret) != ev.Commit {
		return fmt.Errorf("round %d's secret does not match its commitment", ev.Round)
	}
	m.rm, err = rules.NewMatch(m.game, m.meta.Players, wire.SeedOf(secret))
	return err
}

func (m *match) reloadMeta() error {
	ctx, cancel := context.WithTimeout(m.srv.ctx, 30*time.Second)
	defer cancel()
	md, rev, err := m.srv.st.getMeta(ctx, m.id)
	if err != nil {
		return err
	}
	m.meta, m.metaRev = md, rev
	return nil
}

// saveMeta writes the secrets back; a conflict reloads them and asks the caller to try again.
func (m *match) saveMeta(ctx context.Context) *wire.Refusal {
	rev, err := m.srv.st.putMeta(ctx, m.id, m.meta, m.metaRev)
	if err != nil {
		if rerr := m.reloadMeta(); rerr != nil {
			return m.srv.busy(rerr)
		}
		return errConflictRefusal
	}
	m.metaRev = rev
	return nil
}

// playing reports whether a game is under way.
func (m *match) playing() bool { return m.rm != nil && !m.over }

// handle judges one client message against the match.
func (m *match) handle(ctx context.Context, c cmd) *wire.Refusal {
	s, msg := c.s, c.msg
	if s.isClosed() && !c.detach {
		return nil
	}
	_, seat := s.attached()
	mine, _ := s.attached()
	switch {
	case c.create != nil:
		return m.opened(ctx, c)
	case c.quickKey != "":
		if r := m.seat(ctx, s, 1, msg, c.quickKey, true); r != nil {
			return r
		}
		if m.rm == nil {
			return m.start(ctx)
		}
		return nil
	case msg.T == wire.TJoin:
		if mine != nil {
			return wire.Refuse(wire.ReasonSeated, "this connection is in a match already")
		}
		return m.join(ctx, s, msg)
	case msg.T == wire.TResume:
		if mine != nil {
			return wire.Refuse(wire.ReasonSeated, "this connection is in a match already")
		}
		if r := m.personSeat(msg.Seat); r != nil {
			return r
		}
		if !sameSecret(msg.Key, m.meta.Seats[msg.Seat].Key) {
			return wire.Refuse(wire.ReasonWrongSecret, "this key does not open seat %d", msg.Seat)
		}
		return m.seat(ctx, s, msg.Seat, msg, "", false)
	case msg.T == wire.TWatch:
		if mine != nil {
			return wire.Refuse(wire.ReasonSeated, "this connection is in a match already")
		}
		if msg.Last > int64(len(m.events)) {
			return wire.Refuse(wire.ReasonBadField, "last %d: the match has %d events", msg.Last, len(m.events))
		}
		if !s.attach(m, -1) {
			return wire.Refuse(wire.ReasonSeated, "this connection is in a match already")
		}
		m.watchers[s] = struct{}{}
		s.sendMsg(wire.ServerMsg{T: wire.TWatching, Req: msg.Req, Match: m.id, Seat: -1, Last: int64(len(m.events))})
		m.replay(s, msg.Last)
		s.sendMsg(m.presence())
		return nil
	}
	if mine != m || seat < 0 {
		return wire.Refuse(wire.ReasonNotSeated, "%s: spectators only watch", msg.T)
	}
	ss := &m.seats[seat]
	if ss.left {
		return wire.Refuse(wire.ReasonLeft, "seat %d has left this match", seat)
	}
	if !ss.limit.take(m.srv.cfg.Rate, m.srv.cfg.Burst) {
		return wire.Refuse(wire.ReasonRate, "a seat sends at most %g messages a second, on however many connections", m.srv.cfg.Rate)
	}
	switch msg.T {
	case wire.TStart:
		if seat != 0 {
			return wire.Refuse(wire.ReasonNotHost, "only seat 0, who opened the match, starts it")
		}
		if m.rm != nil {
			return wire.Refuse(wire.ReasonStarted, "the game has started already")
		}
		return m.start(ctx)
	case wire.TRematch:
		if m.rm == nil {
			return wire.Refuse(wire.ReasonNotStarted, "no game has been played yet")
		}
		if !m.over {
			return wire.Refuse(wire.ReasonNotOver, "the game is still being played")
		}
		return m.start(ctx)
	case wire.TMove:
		return m.move(ctx, seat, msg.Move)
	case wire.TEmote:
		if m.emotes[seat] >= m.srv.cfg.Emotes {
			return wire.Refuse(wire.ReasonRate, "a seat shows at most %d emotes a game", m.srv.cfg.Emotes)
		}
		return m.write(ctx, wire.Event{Kind: wire.EvEmote, Round: m.round, Seat: seat, Emote: msg.Emote})
	case wire.TLeave:
		if r := m.write(ctx, wire.Event{Kind: wire.EvLeft, Round: m.round, Seat: seat}); r != nil {
			return r
		}
		s.mu.Lock()
		s.match, s.seat = nil, -1
		s.mu.Unlock()
		m.detach(s)
		return nil
	case wire.TChoose:
		return m.choose(ctx, seat, msg)
	}
	return wire.Refuse(wire.ReasonUnknownType, "%s is not for a match", msg.T)
}

// personSeat checks that seat n exists and is a person's.
func (m *match) personSeat(n int) *wire.Refusal {
	if n < 0 || n >= len(m.seats) {
		return wire.Refuse(wire.ReasonNoSeat, "seat %d: this match has seats 0 to %d", n, len(m.seats)-1)
	}
	if m.seats[n].kind != wire.Person {
		return wire.Refuse(wire.ReasonNoSeat, "seat %d is the computer's", n)
	}
	return nil
}

// opened writes a new match's first events and seats its creator.
func (m *match) opened(ctx context.Context, c cmd) *wire.Refusal {
	if len(m.events) == 0 {
		specs := c.msg.Seats
		if r := m.write(ctx, wire.Event{Kind: wire.EvOpen, Game: m.game.ID, Players: m.meta.Players, Seats: specs}); r != nil {
			return r
		}
	}
	greet := wire.ServerMsg{T: wire.TCreated, Req: c.msg.Req, Match: m.id, Seat: 0, Key: c.create.key, Invites: c.create.invites}
	if c.quick {
		greet = wire.ServerMsg{T: wire.TJoined, Match: m.id, Seat: 0, Key: c.create.key}
	}
	return m.seatWith(ctx, c.s, 0, 0, true, c.msg.Name, greet)
}

// join takes a seat with its invite (its secret or its short code).
//
// It is idempotent: the key follows from the invite used and a salt kept with the secrets, so
// the same invite sent again by a player whose answer never came (a lost connection, a "busy"
// whose write had in fact gone through, a retry within do after a conflict) is answered
// joined with the same key, as long as no connection holds the seat and the seat was taken
// less than Config.JoinRetry ago. Otherwise a taken seat's invite is refused as used.
func (m *match) join(ctx context.Context, s *Session, msg wire.ClientMsg) *wire.Refusal {
	if r := m.personSeat(msg.Seat); r != nil {
		return r
	}
	sm := &m.meta.Seats[msg.Seat]
	ok := msg.Code != "" && sameSecret(msg.Code, sm.Code) || msg.Code == "" && sameSecret(msg.Secret, sm.Invite)
	if !ok {
		return wire.Refuse(wire.ReasonWrongSecret, "this invite does not open seat %d", msg.Seat)
	}
	if m.over && m.rm != nil {
		return wire.Refuse(wire.ReasonFinished, "the match is over")
	}
	// The key follows from the seat's code, whether the code or the link came: both are the
	// same invitation. A seat whose code is not sealed with its secret (a match made before
	// the box) keys a link's join from the secret.
	invites := []string{msg.Code}
	if msg.Code == "" {
		invites = []string{msg.Secret}
		if code := sm.codeOf(msg.Secret); code != "" {
			invites = []string{code, msg.Secret}
		}
	}
	invite := invites[0]
	if sm.Key != "" {
		for _, iv := range invites {
			if key := seatKey(sm.Salt, iv); sm.Salt != "" && sameSecret(key, sm.Key) && !m.seats[msg.Seat].here() &&
				time.Since(time.Unix(sm.Taken, 0)) < m.srv.cfg.JoinRetry {
				m.log.Info("join again with the same invite", "seat", msg.Seat)
				msg.Key = key
				return m.seat(ctx, s, msg.Seat, msg, key, true)
			}
		}
		for i, o := range m.meta.Seats {
			if o.Kind == wire.Person && o.Key == "" && i != msg.Seat {
				return wire.Refuse(wire.ReasonInviteUsed, "seat %d was taken with this invite already (its player resumes with the key they were given)", msg.Seat)
			}
		}
		return wire.Refuse(wire.ReasonFull, "every seat of this match is taken")
	}
	sm.Salt, sm.Taken = newSecret(), time.Now().Unix()
	key := seatKey(sm.Salt, invite)
	sm.Key = hashSecret(key)
	if r := m.saveMeta(ctx); r != nil {
		sm.Key, sm.Salt, sm.Taken = "", "", 0
		return r
	}
	msg.Key = key
	return m.seat(ctx, s, msg.Seat, msg, key, true)
}

// seat attaches s to seat n (taking it if new), answers joined, and sends what it missed.
func (m *match) seat(ctx context.Context, s *Session, n int, msg wire.ClientMsg, key string, take bool) *wire.Refusal {
	return m.seatWith(ctx, s, n, msg.Last, take, msg.Name, wire.ServerMsg{T: wire.TJoined, Req: msg.Req, Match: m.id, Seat: n, Key: key})
}

// seatWith is seat with the answer to send before the events; a seat taken now is seated
// with its player's name.
func (m *match) seatWith(ctx context.Context, s *Session, n int, last int64, take bool, name string, greet wire.ServerMsg) *wire.Refusal {
	ss := &m.seats[n]
	if ss.left {
		return wire.Refuse(wire.ReasonLeft, "seat %d's player left this match for good", n)
	}
	if take && !ss.seated {
		if r := m.write(ctx, wire.Event{Kind: wire.EvSeated, Round: m.round, Seat: n, Name: name}); r != nil {
			return r
		}
	}
	if last > int64(len(m.events)) {
		return wire.Refuse(wire.ReasonBadField, "last %d: the match has %d events", last, len(m.events))
	}
	if !s.attach(m, n) {
		// Closed meanwhile (its seat shows as away), or in another match (claim forbids it).
		return wire.Refuse(wire.ReasonSeated, "this connection is in a match already, or closed")
	}
	// A seat has one connection: a newer one (a reload, another device) replaces the older.
	for old := range ss.sessions {
		delete(ss.sessions, old)
		old.mu.Lock()
		old.match = nil
		old.mu.Unlock()
		old.end("replaced by a newer connection to the same seat")
	}
	ss.sessions[s] = struct{}{}
	m.log.Info("seat connected", "seat", n, "remote", s.Remote)
	greet.Last = int64(len(m.events)) // the replay's end: the client can tell it got all of it
	s.sendMsg(greet)
	m.replay(s, last)
	m.broadcast(m.presence())
	m.sendBeacon(false)
	return nil
}

// replay sends s every event after last, a page at a time as s reads (Session.Take): a long
// history reaches any client that reads, and one that does not costs no copy of it.
func (m *match) replay(s *Session, last int64) {
	n := int64(len(m.events))
	s.replay(m.id, m.events[last:n:n])
}

// detach forgets a session that is gone; its seat shows as away from now.
func (m *match) detach(s *Session) {
	delete(m.watchers, s)
	for i := range m.seats {
		ss := &m.seats[i]
		if _, ok := ss.sessions[s]; ok {
			delete(ss.sessions, s)
			m.sendBeacon(false)
			if !ss.here() {
				ss.since = time.Now()
				m.log.Info("seat away", "seat", i)
				m.broadcast(m.presence())
			}
		}
	}
}

// presence says who is connected.
func (m *match) presence() wire.ServerMsg {
	p := make([]wire.Presence, len(m.seats))
	for i, ss := range m.seats {
		p[i].Seat = i
		switch {
		case ss.kind == wire.Computer || ss.computer:
			p[i].State = "computer"
		case ss.left:
			p[i].State = "left"
		case ss.here():
			p[i].State = "here"
		case !ss.seated:
			p[i].State = "empty"
		default:
			p[i].State = "away"
			p[i].Away = int64(time.Since(ss.since).Seconds())
		}
	}
	return wire.ServerMsg{T: wire.TPresence, Match: m.id, Presence: p}
}

func (m *match) broadcast(msg wire.ServerMsg) {
	b := wire.Encode(msg)
	for _, ss := range m.seats {
		for s := range ss.sessions {
			s.send(b)
		}
	}
	for s := range m.watchers {
		s.send(b)
	}
}

// start begins the next round: a new throw secret, kept in the bucket, its hash published.
func (m *match) start(ctx context.Context) *wire.Refusal {
	for i, ss := range m.seats {
		if ss.kind == wire.Person && !ss.computer && (!ss.seated || ss.left) {
			return wire.Refuse(wire.ReasonSeatsEmpty, "seat %d has no player", i)
		}
	}
	round := m.round + 1
	secret := make([]byte, 32)
	rand.Read(secret)
	m.meta.Rounds = append(m.meta.Rounds[:round-1:round-1], hex.EncodeToString(secret))
	if r := m.saveMeta(ctx); r != nil {
		return r
	}
	return m.write(ctx, wire.Event{Kind: wire.EvStart, Round: round, Commit: wire.Commit(secret)})
}

// isComputer reports whether the computer plays seat n.
func (m *match) isComputer(n int) bool {
	return m.seats[n].kind == wire.Computer || m.seats[n].computer
}

// move judges a person's move.
func (m *match) move(ctx context.Context, seat int, text string) *wire.Refusal {
	if !m.playing() {
		if m.rm == nil {
			return wire.Refuse(wire.ReasonNotStarted, "the game has not started")
		}
		return wire.Refuse(wire.ReasonFinished, "the game is over")
	}
	if m.rm.State.Phase() == rules.PhaseOver {
		// The last move came from another server and its end is on its way: over all the same.
		return wire.Refuse(wire.ReasonFinished, "the game is over")
	}
	if to := m.rm.State.ToMove(); to != seat || m.isComputer(seat) {
		return wire.Refuse(wire.ReasonNotYourTurn, "seat %d acts now, not seat %d", to, seat)
	}
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "throw ") {
		return wire.Refuse(wire.ReasonThrowCount, "the server throws the sticks: send \"throw\" alone")
	}
	return m.play(ctx, seat, text)
}

// play writes seat's move (or throws for it) after checking it against the rules, then the
// end of the game if it ended.
func (m *match) play(ctx context.Context, seat int, text string) *wire.Refusal {
	ev := wire.Event{Kind: wire.EvMove, Round: m.round, Seat: seat}
	if text == "throw" {
		mv, faces, err := m.rm.Throw()
		if err != nil {
			return wire.Refuse(wire.ReasonIllegal, "%v", err)
		}
		ev.Move, ev.Faces = m.rm.State.FormatMove(mv), faces
	} else {
		st := m.rm.State.Clone()
		mv, err := st.ParseMove(text)
		if err == nil && mv.IsThrow() {
			return wire.Refuse(wire.ReasonThrowCount, "the server throws the sticks: send \"throw\" alone")
		}
		if err == nil {
			err = st.Apply(mv, nil)
		}
		if err != nil {
			return wire.Refuse(wire.ReasonIllegal, "%v", err)
		}
		ev.Move = m.rm.State.FormatMove(mv)
	}
	if r := m.write(ctx, ev); r != nil {
		return r
	}
	// The move is stored: whatever becomes of the end written after it, the answer is the move
	// taken. (Returning the end's conflict made do judge the same move again against the end
	// another server had written meanwhile, and refuse it "finished": TestCluster.) An end not
	// written here is written or read back by drive.
	if r := m.finish(ctx); r == errConflictRefusal {
		if err := m.catchUp(ctx); err != nil {
			m.log.Warn("catching up after the end was written elsewhere", "err", err)
		}
	} else if r != nil {
		m.log.Warn("writing the end of the game", "reason", r.Reason, "text", r.Text)
	}
	return nil
}

// roundSecret is the current round's throw secret (hex). The round was set up from it
// (startRound), so it is there; "" rather than a crash should that ever be wrong.
func (m *match) roundSecret() string {
	if m.round < 1 || m.round > len(m.meta.Rounds) {
		m.log.Error("no throw secret for the round", "round", m.round)
		return ""
	}
	return m.meta.Rounds[m.round-1]
}

// finish writes the end of the game, revealing its throw secret, once the rules say it is over.
func (m *match) finish(ctx context.Context) *wire.Refusal {
	if m.over || m.rm == nil || m.rm.State.Phase() != rules.PhaseOver {
		return nil
	}
	return m.write(ctx, wire.Event{Kind: wire.EvOver, Round: m.round, Ranks: m.rm.State.Ranks(), Why: "finished", Secret: m.roundSecret()})
}

// choose decides, for the players still here, what becomes of a seat whose player is gone.
func (m *match) choose(ctx context.Context, seat int, msg wire.ClientMsg) *wire.Refusal {
	if !m.playing() {
		return wire.Refuse(wire.ReasonNotStarted, "no game is being played")
	}
	if r := m.personSeat(msg.Seat); r != nil {
		return r
	}
	gone := &m.seats[msg.Seat]
	// A seat whose player left is decided at once; one whose player is away, after Away.
	if msg.Seat == seat || gone.computer || !gone.left && (gone.here() || time.Since(gone.since) < m.srv.cfg.Away) {
		return wire.Refuse(wire.ReasonNotAway, "seat %d's player has not been away %s", msg.Seat, m.srv.cfg.Away)
	}
	if msg.Choice == wire.ChoiceComputer {
		return m.write(ctx, wire.Event{Kind: wire.EvTakeover, Round: m.round, Seat: msg.Seat, Level: ai.Medium.String()})
	}
	ranks := make([]int, len(m.seats))
	for i := range ranks {
		ranks[i] = 1
	}
	ranks[msg.Seat] = 2
	return m.write(ctx, wire.Event{Kind: wire.EvOver, Round: m.round, Ranks: ranks, Why: "abandoned", Secret: m.roundSecret()})
}

// drive plays for the computer: it throws at once, and starts a search (on its own goroutine,
// at most Thinkers at a time) for a decision.
func (m *match) drive(ctx context.Context) {
	for m.playing() && m.thinking == 0 {
		if m.rm.State.Phase() == rules.PhaseOver {
			// The last move came from another process (or its end was not stored yet): the
			// end is written here, or read back if the other wrote it first; never searched.
			if r := m.finish(ctx); r == errConflictRefusal && m.catchUp(ctx) == nil {
				continue
			}
			return
		}
		seat := m.rm.State.ToMove()
		if !m.isComputer(seat) || !m.drives(ctx) {
			return
		}
		m.srv.computerMoves.Add(1)
		if m.rm.State.Phase() == rules.PhaseThrow {
			if r := m.play(ctx, seat, "throw"); r != nil {
				m.log.Warn("computer throw", "reason", r.Reason)
				if r == errConflictRefusal {
					m.catchUp(ctx)
					continue
				}
				return
			}
			continue
		}
		seq := int64(len(m.events))
		m.thinking = seq
		level, _ := ai.ParseLevel(m.seats[seat].level)
		st := m.rm.State.Clone()
		// The search's own randomness comes from elsewhere than the throw secret: a computer's
		// visible choices must tell nothing of the throws to come.
		// The level searches as it does in the app; the operator's -think caps its time.
		o := driver.Search(level, mrand.Int64())
		o.Limit = min(o.Limit, m.srv.cfg.ThinkLimit)
		go func() {
			select {
			case m.srv.think <- struct{}{}:
			case <-m.srv.ctx.Done():
				return
			}
			mv, _, err := ai.ChooseOptions(st, o)
			<-m.srv.think
			m.send(cmd{thought: &thought{seq: seq, move: mv, err: err}})
		}()
		return
	}
}

// played writes a computer's move if the match has not moved on meanwhile.
func (m *match) played(ctx context.Context, t *thought) {
	if t.seq != m.thinking {
		return
	}
	m.thinking = 0
	if t.seq != int64(len(m.events)) || !m.playing() {
		return // another writer played (or the game ended): think again from here
	}
	if t.err != nil {
		m.log.Error("computer search", "err", t.err)
		return
	}
	seat := m.rm.State.ToMove()
	if r := m.play(ctx, seat, m.rm.State.FormatMove(t.move)); r != nil && r != errConflictRefusal {
		m.log.Error("computer move refused", "reason", r.Reason, "text", r.Text)
	}
}
