// Package online is the app's side of a match on the match server (cmd/sigserver): a Session
// holds one connection's worth of conversation in the protocol of package wire (create, join,
// resume, watch, quick match, start, move, emote, leave, choose, rematch), applies the match's
// events exactly once and in order, reconnects by itself with a backoff and resumes from the
// last event it delivered, and tells the game what happened through Poll, which never blocks.
// Table follows a match's round on a match.Driver, whose seats for the players elsewhere are
// Remote seats.
//
// The browser build imports it, so it stays small: the standard library, sig/wire, sig/match and
// the rules; in the browser its WebSocket is the page's own (syscall/js), never a library that
// links net/http. It never imports Ebitengine or the server.
package online

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"time"

	"encoding/json"

	"sig/wire"
)

// Status is where a session's connection stands.
type Status int

const (
	// Idle: nothing asked yet (Create, Join, Resume, Watch or Quick opens the session).
	Idle Status = iota
	// Connecting: the first connection is being opened.
	Connecting
	// Connected: the server answered; the session holds a seat, watches, or waits in a queue.
	Connected
	// Reconnecting: the connection was lost; the session tries again by itself, with a growing
	// pause, and resumes from the last event it delivered. Nothing is lost meanwhile.
	Reconnecting
	// Closed: the session is over: it left, Close was called, or it cannot go on (Err says why:
	// no server could be reached at first, the seat was refused, or taken by a newer connection).
	Closed
)

func (s Status) String() string {
	switch s {
	case Idle:
		return "idle"
	case Connecting:
		return "connecting"
	case Connected:
		return "connected"
	case Reconnecting:
		return "reconnecting"
	case Closed:
		return "closed"
	}
	return "unknown"
}

// Ticket is what a page keeps to take its seat back after a reload: the server, the match,
// the seat (-1 for a spectator), the seat's key (secret: it opens the seat), the last event
// delivered, and whether the match's last game is over (until a rematch starts another). It
// is plain JSON, for the app's storage.
type Ticket struct {
	Server string `json:"server"`
	Match  string `json:"match"`
	Seat   int    `json:"seat"`
	Key    string `json:"key,omitempty"`
	Last   int64  `json:"last"`
	Over   bool   `json:"over,omitempty"`
}

// Valid reports whether t names a match (and, for a player, holds a key).
func (t Ticket) Valid() bool { return t.Match != "" && (t.Seat < 0 || t.Key != "") }

// Config sets up a Session.
type Config struct {
	// URL is the server's WebSocket address (ws://host:8090/ws); in the browser, PageServer().
	URL string
	// Dial opens connections; nil: the platform's (the page's WebSocket in the browser,
	// github.com/coder/websocket elsewhere). Tests put a proxy in between.
	Dial Dialer
	// Keep, when set, is told the ticket each time it changes (a seat taken, each event
	// delivered): the app stores it so that a reload can Resume. It runs inside Poll, on the
	// caller's goroutine.
	Keep func(Ticket)
	// Backoff is the first pause before reconnecting (default 250 ms); each failure doubles it,
	// up to MaxBackoff (default 5 s), with a little randomness so that a room of players does
	// not knock at the same instant.
	Backoff, MaxBackoff time.Duration
	// GiveUp: a session that never reached the server stops after this long (default 8 s, and
	// not before a second attempt) and says so (Closed, Err). It is time awake (awake.go): time
	// the program could not run (a page busy drawing) does not count. Once it holds a seat it
	// never gives up by itself.
	GiveUp time.Duration
	// Name is what this player is called at the table, sent with create, join and quick
	// ("": the seat's number).
	Name string
}

// Kind is what an Update reports.
type Kind int

const (
	// KStatus: the connection's Status changed (Err says why, when it was lost or closed).
	KStatus Kind = iota
	// KCreated: the match is open and its seat 0 is ours: Match, Seat, Invites.
	KCreated
	// KJoined: the session holds Seat of Match (after Join, a quick pairing, and each resume,
	// with Resumed set).
	KJoined
	// KWatching: the session follows Match as a spectator.
	KWatching
	// KQueued: waiting for a stranger to play Quick's game.
	KQueued
	// KEvent: Event, the next of the match's history (Seq is one more than the last one's).
	KEvent
	// KPresence: Presence, who is connected now (one entry a seat).
	KPresence
	// KRefused: the server refused a message of ours (For, Refusal, and Move for a move); it
	// changed nothing.
	KRefused
)

func (k Kind) String() string {
	return [...]string{"status", "created", "joined", "watching", "queued", "event", "presence", "refused"}[k]
}

// Update is one thing that happened, delivered by Poll; Kind says which fields count.
type Update struct {
	Kind     Kind
	Status   Status
	Err      error
	Match    string
	Seat     int
	Invites  []wire.Invite
	Resumed  bool
	Event    wire.Event
	Presence []wire.Presence
	For      wire.Type
	Move     string
	Refusal  *wire.Refusal
}

// ErrReplaced: a newer connection (a reload, another tab or device) took this session's seat.
var ErrReplaced = errors.New("this seat is played from another window now")

// Session is one player's (or spectator's) conversation with the match server about one
// match. Its methods never block: what they send waits in an outbox for the connection, and
// what comes back waits for Poll. Safe for use by several goroutines.
type Session struct {
	cfg Config

	ctx    context.Context
	cancel context.CancelFunc
	wake   chan struct{}

	mu      sync.Mutex
	status  Status
	err     error
	opening *wire.ClientMsg // what opens the session on the first connection
	ticket  Ticket          // once a seat is held or a match watched
	watch   bool
	events  []wire.Event
	present []wire.Presence
	invites []wire.Invite
	updates []Update
	outbox  []wire.ClientMsg
	asked   map[int64]wire.ClientMsg // requests sent and not yet answered
	retry   time.Duration            // a busy server's word on when to resume again (its Retry)
	req     int64
	move    *pendingMove
	// replaying is set between a resume's answer and the presence that follows its replay:
	// a move held across the lost connection waits for it, to learn whether it was played.
	replaying bool
	// upto is the seq of the match's latest event when the server last answered a create,
	// join, resume or watch (its Last): the replay brings every event up to it before the
	// presence, so fewer by then means one was lost on the way.
	upto    int64
	kept    Ticket
	started bool
}

// pendingMove is a move of ours sent (or waiting to be) and not yet seen in the events.
type pendingMove struct {
	msg  wire.ClientMsg
	at   int64 // the last event seq when it was made: a move of our seat after it answers it
	sent bool
}

// New makes a session; nothing is sent before Create, Join, Resume, Watch or Quick.
func New(cfg Config) *Session {
	if cfg.Dial == nil {
		cfg.Dial = dialPlatform
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 250 * time.Millisecond
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 5 * time.Second
	}
	if cfg.GiveUp <= 0 {
		cfg.GiveUp = 8 * time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Session{cfg: cfg, ctx: ctx, cancel: cancel, wake: make(chan struct{}, 1), asked: map[int64]wire.ClientMsg{}, ticket: Ticket{Seat: -1}}
}

// Create opens a new match of game with one seat a player (seat 0, a person: this session's);
// answered by KCreated with the other person seats' invites.
func (s *Session) Create(game string, seats []wire.SeatSpec) {
	s.open(wire.ClientMsg{T: wire.TCreate, Game: game, Players: len(seats), Seats: seats}, false)
}

// Join takes seat of match with its invite secret (from a link); answered by KJoined.
func (s *Session) Join(match string, seat int, secret string) {
	s.open(wire.ClientMsg{T: wire.TJoin, Match: match, Seat: seat, Secret: secret}, false)
}

// JoinCode takes the seat a short code opens (any case, dash optional); answered by KJoined.
func (s *Session) JoinCode(code string) {
	s.open(wire.ClientMsg{T: wire.TJoin, Code: code}, false)
}

// Resume takes back a seat (or goes on watching) with a kept ticket; the events after t.Last
// follow. A page that kept only the ticket (not the events) passes Last 0 to rebuild the match.
func (s *Session) Resume(t Ticket) {
	s.mu.Lock()
	s.ticket = t
	s.watch = t.Seat < 0
	s.mu.Unlock()
	if t.Seat < 0 {
		s.open(wire.ClientMsg{T: wire.TWatch, Match: t.Match, Last: t.Last}, true)
		return
	}
	s.open(wire.ClientMsg{T: wire.TResume, Match: t.Match, Seat: t.Seat, Key: t.Key, Last: t.Last}, true)
}

// Watch follows a match (its id, or a seat's code) as a spectator; answered by KWatching.
func (s *Session) Watch(matchOrCode string) {
	m := wire.ClientMsg{T: wire.TWatch, Match: matchOrCode}
	if len(matchOrCode) <= 9 { // a code ("ABCD-EFGH"); ids are 26 characters
		m = wire.ClientMsg{T: wire.TWatch, Code: matchOrCode}
	}
	s.mu.Lock()
	s.watch = true
	s.mu.Unlock()
	s.open(m, false)
}

// Quick queues for a two-player game against the next stranger who asks: KQueued, then
// KJoined once paired, and the game starts at once.
func (s *Session) Quick(game string) {
	s.open(wire.ClientMsg{T: wire.TQuick, Game: game}, false)
}

// Start starts the game (seat 0, once every person seat is taken).
func (s *Session) Start() { s.send(wire.ClientMsg{T: wire.TStart}) }

// Move plays move for our seat, spelled as the engine protocol spells it, or "throw": the
// server throws the sticks. The move comes back as an event of our seat, or as KRefused with
// For TMove and Move. One move waits at a time: a second before the first is answered replaces
// it if it was not sent yet, and is refused here otherwise.
func (s *Session) Move(move string) error {
	s.mu.Lock()
	if s.move != nil && s.move.sent {
		s.mu.Unlock()
		return errors.New("a move is already on its way")
	}
	s.req++
	m := wire.ClientMsg{T: wire.TMove, Move: move, Req: s.req}
	s.move = &pendingMove{msg: m, at: int64(len(s.events))}
	s.mu.Unlock()
	s.kick()
	return nil
}

// Moving reports whether a move of ours is on its way and not yet answered.
func (s *Session) Moving() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.move != nil
}

// Emote shows one of wire.Emotes to the table.
func (s *Session) Emote(e string) { s.send(wire.ClientMsg{T: wire.TEmote, Emote: e}) }

// Choose decides what becomes of seat, whose player has been away too long or left:
// wire.ChoiceComputer or wire.ChoiceEnd.
func (s *Session) Choose(seat int, choice string) {
	s.send(wire.ClientMsg{T: wire.TChoose, Seat: seat, Choice: choice})
}

// Rematch asks for the next game with the same seats, once this one is over.
func (s *Session) Rematch() { s.send(wire.ClientMsg{T: wire.TRematch}) }

// Leave gives up the seat for good and ends the session once the server has it (or at once
// when there is no connection).
func (s *Session) Leave() {
	s.mu.Lock()
	if s.status != Connected || s.watch {
		s.mu.Unlock()
		s.Close()
		return
	}
	s.mu.Unlock()
	s.send(wire.ClientMsg{T: wire.TLeave})
}

// Close ends the session now, without leaving the seat: the server shows it away, and a
// ticket can resume it later.
func (s *Session) Close() {
	s.mu.Lock()
	if s.status != Closed {
		s.setStatus(Closed, nil)
	}
	s.mu.Unlock()
	s.cancel()
}

// Poll returns what happened since the last Poll, in order (nil when nothing did), and tells
// Config.Keep of a changed ticket. It never blocks: the game loop calls it every frame.
func (s *Session) Poll() []Update {
	s.mu.Lock()
	u := s.updates
	s.updates = nil
	t, keep := s.ticket, s.cfg.Keep != nil && s.ticket != s.kept && s.ticket.Valid()
	if keep {
		s.kept = t
	}
	s.mu.Unlock()
	if keep {
		s.cfg.Keep(t)
	}
	return u
}

// Status is where the connection stands, and why it was lost or closed.
func (s *Session) Status() (Status, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status, s.err
}

// Ticket is what resumes this session's seat (Valid once a seat is held or a match watched).
func (s *Session) Ticket() Ticket {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ticket
}

// Events are the match's events delivered so far, in order (a copy).
func (s *Session) Events() []wire.Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]wire.Event(nil), s.events...)
}

// Presence is who is connected, as the server last said (a copy; nil before it said).
func (s *Session) Presence() []wire.Presence {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]wire.Presence(nil), s.present...)
}

// Invites are the invitations of the match this session created (empty otherwise).
func (s *Session) Invites() []wire.Invite {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]wire.Invite(nil), s.invites...)
}

// Seat is the seat this session holds (-1: none yet, or a spectator).
func (s *Session) Seat() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ticket.Seat
}

// open starts the session with its first message (once; later calls are ignored).
func (s *Session) open(m wire.ClientMsg, resuming bool) {
	s.mu.Lock()
	if s.started {
		s.mu.Unlock()
		return
	}
	s.started = true
	if !resuming {
		s.req++
		m.Req = s.req
		if m.T != wire.TWatch {
			m.Name = s.cfg.Name
		}
		s.opening = &m
	}
	s.setStatus(Connecting, nil)
	s.mu.Unlock()
	go s.run()
}

// send queues m for the server.
func (s *Session) send(m wire.ClientMsg) {
	s.mu.Lock()
	s.req++
	m.Req = s.req
	s.outbox = append(s.outbox, m)
	s.mu.Unlock()
	s.kick()
}

func (s *Session) kick() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// setStatus records a new status and reports it (s.mu held).
func (s *Session) setStatus(st Status, err error) {
	if s.status == st && err == nil {
		return
	}
	s.status, s.err = st, err
	s.updates = append(s.updates, Update{Kind: KStatus, Status: st, Err: err})
}

// run keeps the session connected until it closes: connect, open or resume, converse; when the
// connection is lost, wait a little longer each time and resume.
func (s *Session) run() {
	pause := s.cfg.Backoff
	// The first connection's attempts are timed awake (awake.go): a page too busy to hear its
	// socket is not a server that cannot be reached.
	awake := startAwake(0)
	defer awake.Stop()
	tries := 0
	for s.ctx.Err() == nil {
		err := s.connection()
		tries++
		s.mu.Lock()
		if s.status == Closed || s.ctx.Err() != nil {
			s.mu.Unlock()
			return
		}
		var cl *CloseError
		fatal := errors.As(err, &cl) && cl.Code == StatusPolicy
		if fatal && cl.Reason == "" || fatal && contains(cl.Reason, "replaced") {
			err = ErrReplaced
		}
		held := s.ticket.Valid()
		if held {
			awake.Stop() // a seat once held is never given up
		}
		// A first connection is tried at least twice: on a slow or busy device one attempt can
		// take the whole of GiveUp.
		if fatal || !held && s.opening == nil || !held && tries >= 2 && awake.Spent() > s.cfg.GiveUp {
			s.setStatus(Closed, err)
			s.mu.Unlock()
			s.cancel()
			return
		}
		if held {
			s.setStatus(Reconnecting, err)
			pause = s.cfg.Backoff // a connection that held a seat starts the pauses again
			// The next connection resumes; a first message lost with the connection is
			// answered by the resume.
		}
		hint := s.retry
		s.retry = 0
		s.mu.Unlock()
		wait := pause/2 + time.Duration(rand.Int64N(int64(pause)))
		if hint > 0 {
			wait = hint + time.Duration(rand.Int64N(int64(hint/5)+1)) // a room of players, not at once
		}
		select {
		case <-time.After(wait):
		case <-s.ctx.Done():
			return
		}
		if pause *= 2; pause > s.cfg.MaxBackoff {
			pause = s.cfg.MaxBackoff
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// connection runs one connection until it ends, and says why.
func (s *Session) connection() error {
	dctx, cancel := awakeTimeout(s.ctx, 10*time.Second)
	c, err := s.cfg.Dial(dctx, s.cfg.URL)
	cancel()
	if err != nil {
		return err
	}
	defer c.Close()
	ctx, stop := context.WithCancel(s.ctx)
	defer stop()
	in := make(chan []byte, 64)
	lost := make(chan error, 1)
	go func() {
		for {
			b, err := c.Read(ctx)
			if err != nil {
				lost <- err
				return
			}
			select {
			case in <- b:
			case <-ctx.Done():
				return
			}
		}
	}()

	// The first message: resume what is held, or open the session as asked.
	s.mu.Lock()
	var first wire.ClientMsg
	switch {
	case s.ticket.Valid() && s.watch:
		first = wire.ClientMsg{T: wire.TWatch, Match: s.ticket.Match, Last: int64(len(s.events)) + s.base()}
	case s.ticket.Valid():
		first = wire.ClientMsg{T: wire.TResume, Match: s.ticket.Match, Seat: s.ticket.Seat, Key: s.ticket.Key, Last: s.lastSeq()}
	case s.opening != nil:
		first = *s.opening
	default:
		s.mu.Unlock()
		return errors.New("nothing to open")
	}
	if first.T == wire.TResume || first.T == wire.TWatch && s.ticket.Valid() {
		s.req++
		first.Req = s.req
		s.replaying = true
	}
	s.asked[first.Req] = first
	if s.move != nil {
		s.move.sent = false // sent on a connection now lost: the replay will say if it was played
	}
	s.mu.Unlock()
	if err := c.Write(ctx, wire.EncodeClient(first)); err != nil {
		return err
	}
	for {
		if err := s.flush(ctx, c); err != nil {
			return err
		}
		select {
		case b := <-in:
			if err := s.take(b); err != nil {
				return err
			}
		case err := <-lost:
			return err
		case <-s.wake:
		case <-s.ctx.Done():
			return s.ctx.Err()
		}
	}
}

// base is the seq before the first event kept (a resume from a ticket's Last keeps no earlier
// events); s.mu held.
func (s *Session) base() int64 {
	if len(s.events) > 0 {
		return s.events[0].Seq - 1
	}
	return s.ticket.Last
}

// lastSeq is the seq of the last event delivered; s.mu held.
func (s *Session) lastSeq() int64 { return s.base() + int64(len(s.events)) }

// flush sends what waits, once the session is connected and not replaying.
func (s *Session) flush(ctx context.Context, c Conn) error {
	for {
		s.mu.Lock()
		if s.status != Connected || s.replaying {
			s.mu.Unlock()
			return nil
		}
		var m wire.ClientMsg
		switch {
		case len(s.outbox) > 0:
			m = s.outbox[0]
			s.outbox = s.outbox[1:]
		case s.move != nil && !s.move.sent:
			s.move.sent = true
			m = s.move.msg
		default:
			s.mu.Unlock()
			return nil
		}
		s.asked[m.Req] = m
		s.mu.Unlock()
		if err := c.Write(ctx, wire.EncodeClient(m)); err != nil {
			return err
		}
	}
}

// errBusy: the server was too busy to take the resume back (a restart): resumed again later.
var errBusy = errors.New("the server is busy: resuming again")

// errGap: an event came out of order; the connection is dropped and resumed from the last one.
var errGap = errors.New("an event was missed: resuming from the last one")

// take handles one message from the server.
func (s *Session) take(b []byte) error {
	var m wire.ServerMsg
	if err := json.Unmarshal(b, &m); err != nil || m.V != wire.Version {
		return nil // not for this build: ignore it rather than act on a guess
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	asked, wasAsked := s.asked[m.Req]
	if m.Req != 0 {
		delete(s.asked, m.Req)
	}
	switch m.T {
	case wire.THello:
	case wire.TCreated:
		s.ticket = Ticket{Server: s.cfg.URL, Match: m.Match, Seat: m.Seat, Key: m.Key, Last: s.lastSeq()}
		s.invites = m.Invites
		s.opening = nil
		s.upto = m.Last
		s.setStatus(Connected, nil)
		s.updates = append(s.updates, Update{Kind: KCreated, Match: m.Match, Seat: m.Seat, Invites: m.Invites})
	case wire.TJoined:
		resumed := s.ticket.Valid()
		key := m.Key
		if key == "" {
			key = s.ticket.Key
		}
		s.ticket = Ticket{Server: s.cfg.URL, Match: m.Match, Seat: m.Seat, Key: key, Last: s.lastSeq(), Over: s.ticket.Over}
		s.opening = nil
		s.upto = m.Last
		s.setStatus(Connected, nil)
		s.updates = append(s.updates, Update{Kind: KJoined, Match: m.Match, Seat: m.Seat, Resumed: resumed})
	case wire.TWatching:
		resumed := s.ticket.Valid()
		s.ticket = Ticket{Server: s.cfg.URL, Match: m.Match, Seat: -1, Last: s.lastSeq()}
		s.opening = nil
		s.upto = m.Last
		s.setStatus(Connected, nil)
		s.updates = append(s.updates, Update{Kind: KWatching, Match: m.Match, Seat: -1, Resumed: resumed})
	case wire.TQueued:
		s.setStatus(Connected, nil)
		s.updates = append(s.updates, Update{Kind: KQueued})
	case wire.TEvent:
		if m.Event == nil {
			return nil
		}
		ev := *m.Event
		last := s.lastSeq()
		switch {
		case ev.Seq <= last:
			return nil // seen already (a replay overlapping what arrived live)
		case ev.Seq > last+1:
			return errGap
		}
		s.events = append(s.events, ev)
		s.ticket.Last = ev.Seq
		switch ev.Kind {
		case wire.EvOver:
			s.ticket.Over = true
		case wire.EvStart:
			s.ticket.Over = false
		}
		if s.move != nil && ev.Kind == wire.EvMove && ev.Seat == s.ticket.Seat && ev.Seq > s.move.at {
			s.move = nil // our move, played
		}
		s.updates = append(s.updates, Update{Kind: KEvent, Event: ev})
	case wire.TPresence:
		if s.lastSeq() < s.upto {
			// The presence follows the replay: an event of it was lost (the last one, or
			// several; a gap in the middle shows at the next event). No later event may come
			// for a long while (a friend thinking): resume now rather than wait for one.
			return errGap
		}
		s.present = m.Presence
		s.replaying = false // a seat's presence follows its replay
		s.updates = append(s.updates, Update{Kind: KPresence, Presence: m.Presence})
	case wire.TRefused:
		u := Update{Kind: KRefused, For: asked.T, Refusal: &wire.Refusal{Reason: m.Reason, Text: m.Text}}
		if !wasAsked {
			u.For = ""
		}
		if s.move != nil && m.Req == s.move.msg.Req {
			if m.Reason == wire.ReasonBusy {
				s.move.sent = false // the server asks for it again
				return nil
			}
			u.For, u.Move = wire.TMove, s.move.msg.Move
			s.move = nil
		}
		if m.Reason == wire.ReasonBusy && s.ticket.Valid() && (u.For == wire.TResume || u.For == wire.TWatch) {
			// A server just restarted is reading its matches back: resume again when it says,
			// rather than give the seat up.
			s.retry = time.Duration(m.Retry) * time.Millisecond
			return errBusy
		}
		s.updates = append(s.updates, u)
		switch u.For {
		case wire.TCreate, wire.TJoin, wire.TQuick, wire.TResume:
			s.setStatus(Closed, u.Refusal)
			s.cancel()
		case wire.TWatch:
			s.setStatus(Closed, u.Refusal)
			s.cancel()
		case wire.TLeave:
		}
	}
	if m.T == wire.TEvent && m.Event != nil && m.Event.Kind == wire.EvLeft && m.Event.Seat == s.ticket.Seat && !s.watch {
		// We left: the session ends here.
		s.setStatus(Closed, nil)
		s.cancel()
	}
	return nil
}

// decodeServer reads one server message.
func decodeServer(b []byte, m *wire.ServerMsg) error { return json.Unmarshal(b, m) }
