package server

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"sig/wire"
)

// A connection that goes on sending far over its rate (Config.Rate) is closed.
const (
	floodRefusals = 50
	// maxPending is how many bytes may wait for a slow client before it is dropped (it can
	// resume from the last event it saw).
	maxPending = 1 << 20
)

// Session is one client connection, whatever carries it. The transport hands it each message
// (Handle, from one goroutine) and writes out what Take returns whenever Ready fires.
type Session struct {
	srv    *Server
	Remote string

	limit   bucket // this connection's messages
	refused int

	// writing is when the write under way began (Unix nanoseconds), 0 when none is: a write
	// waiting too long is cut off (Server.sweep) by hangUp, which closes the connection.
	writing atomic.Int64
	// heard is when the client's last message arrived (Unix nanoseconds; 0: none yet).
	heard atomic.Int64

	mu     sync.Mutex
	hangUp func()
	match  *match // the match this session is in, nil if none
	seat   int    // its seat, -1 for a spectator
	// A connection is in one place at a time: a match (match), the quick-match queue of one
	// game (queued), or on its way to a match (claimed: a create, join, resume, watch or a
	// quick pairing the match has not answered yet).
	queued  string
	claimed bool
	out     [][]byte
	// replaying is a history being sent (replay): its events go out a page at a time as the
	// client reads, after out and before later (what was sent meanwhile).
	replaying *replay
	later     [][]byte
	pending   int
	ready     chan struct{}
	done      chan struct{}
	closed    bool
	why       string
	name      string // the name given with quick, while waiting for a stranger
}

// replay is the part of a match's history a session has yet to be sent. The events are a
// slice of the match's own (appended to, never changed), so a replay costs no copy.
type replay struct {
	match  string
	events []wire.Event
}

// replayPage is how many bytes of a history one Take encodes at most.
const replayPage = 64 << 10

// NewSession starts a session and greets the client.
func (srv *Server) NewSession(remote string) *Session {
	s := &Session{srv: srv, Remote: remote, limit: newBucket(srv.cfg.Burst), seat: -1,
		ready: make(chan struct{}, 1), done: make(chan struct{})}
	srv.met.connections.Inc()
	s.sendMsg(wire.ServerMsg{T: wire.THello, Version: wire.Version, Emotes: wire.Emotes})
	return s
}

// Ready fires when there is something to Take.
func (s *Session) Ready() <-chan struct{} { return s.ready }

// Done is closed when the session ends (closed by the server: too slow, flooding, replaced).
func (s *Session) Done() <-chan struct{} { return s.done }

// Why is why the server ended the session.
func (s *Session) Why() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.why
}

// Take returns the encoded messages waiting to be written, in order. A history being replayed
// comes a page at a time: Ready fires again while some of it is left.
func (s *Session) Take() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.out
	s.out, s.pending = nil, 0
	r := s.replaying
	if r == nil {
		return out
	}
	for size := 0; size < replayPage && len(r.events) > 0; r.events = r.events[1:] {
		b := wire.Encode(wire.ServerMsg{T: wire.TEvent, Match: r.match, Event: &r.events[0]})
		out = append(out, b)
		size += len(b)
	}
	if len(r.events) > 0 {
		for _, b := range s.later {
			s.pending += len(b)
		}
		s.signal()
		return out
	}
	s.replaying = nil
	out = append(out, s.later...)
	s.later = nil
	return out
}

// replay queues a match's events to be sent a page at a time as the client reads (Take).
func (s *Session) replay(match string, events []wire.Event) {
	if len(events) == 0 {
		return
	}
	s.mu.Lock()
	if s.closed || s.replaying != nil {
		s.mu.Unlock()
		return
	}
	s.replaying = &replay{match: match, events: events}
	s.mu.Unlock()
	s.signal()
}

func (s *Session) signal() {
	select {
	case s.ready <- struct{}{}:
	default:
	}
}

func (s *Session) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// send queues an encoded message; a client that lets too much pile up is dropped.
func (s *Session) send(b []byte) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	if s.pending+len(b) > maxPending {
		s.mu.Unlock()
		s.srv.met.refusals.WithLabelValues("slow").Inc()
		// Its match's goroutine may be the one sending: it must never wait on its own inbox,
		// so the match hears of the session's end from another goroutine.
		s.endThen("too slow: too many messages waiting", func() { go s.detach() })
		return
	}
	if s.replaying != nil {
		s.later = append(s.later, b)
	} else {
		s.out = append(s.out, b)
	}
	s.pending += len(b)
	s.mu.Unlock()
	s.signal()
}

func (s *Session) sendMsg(m wire.ServerMsg) { s.send(wire.Encode(m)) }

func (s *Session) refuse(req int64, r *wire.Refusal) {
	s.srv.met.refusals.WithLabelValues(string(r.Reason)).Inc()
	if r.Reason == wire.ReasonWrongSecret || r.Reason == wire.ReasonNoMatch {
		// A failed guess at an invite, a code or a key: the address has fewer left.
		cfg := &s.srv.cfg
		s.srv.addrs.allow(s.srv.limited(s.Remote), "guesses", cfg.AddrGuesses/60, cfg.AddrGuesses)
	}
	s.sendMsg(wire.ServerMsg{T: wire.TRefused, Req: req, Reason: r.Reason, Text: r.Text, Retry: r.Retry})
}

// end closes the session from the server's side.
func (s *Session) end(why string) { s.endThen(why, s.detach) }

// endThen closes the session and lets go of its place with detach.
func (s *Session) endThen(why string, detach func()) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed, s.why = true, why
	s.replaying, s.later = nil, nil
	close(s.done)
	s.mu.Unlock()
	detach()
}

// Close ends the session when its connection is gone: its seat shows as away.
func (s *Session) Close() {
	s.end("closed")
}

func (s *Session) detach() {
	s.srv.forget(s)
	s.mu.Lock()
	m := s.match
	s.match = nil
	wasClosed := s.closed
	s.mu.Unlock()
	if m != nil {
		m.send(cmd{s: s, detach: true})
	}
	if wasClosed {
		s.srv.met.connections.Dec()
	}
}

func (s *Session) attached() (*match, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.match, s.seat
}

// attach puts the session in match m at seat n (-1: a spectator), unless it has closed or is in
// another match: false then, and m must not keep it. Its detach, when it closes, then reaches m.
func (s *Session) attach(m *match, n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.match != nil && s.match != m {
		return false
	}
	s.match, s.seat, s.claimed = m, n, false
	return true
}

// addrLimits refuses a create from an address that created Config.AddrCreates matches in the
// last minute, and a join, resume or watch from one that failed Config.AddrGuesses guesses.
func (s *Session) addrLimits(t wire.Type) *wire.Refusal {
	cfg, addr := &s.srv.cfg, s.srv.limited(s.Remote)
	switch t {
	case wire.TCreate:
		if !s.srv.addrs.allow(addr, "creates", cfg.AddrCreates/60, cfg.AddrCreates) {
			return wire.Refuse(wire.ReasonCreations, "at most %g matches a minute from one address", cfg.AddrCreates)
		}
	case wire.TJoin, wire.TResume, wire.TWatch:
		if !s.srv.addrs.left(addr, "guesses", cfg.AddrGuesses/60, cfg.AddrGuesses) {
			return wire.Refuse(wire.ReasonGuesses, "at most %g wrong invites, codes or keys a minute from one address", cfg.AddrGuesses)
		}
	}
	return nil
}

// claim marks the session as on its way to a match, leaving the quick-match queue if it waits
// in one; it refuses if the session is in a match or on its way to one already.
func (s *Session) claim() *wire.Refusal {
	s.srv.mu.Lock()
	defer s.srv.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.match != nil || s.claimed {
		return wire.Refuse(wire.ReasonSeated, "this connection is in a match already (or on its way to one); open another to join another")
	}
	if g := s.queued; g != "" {
		if s.srv.queue[g] == s {
			delete(s.srv.queue, g)
		}
		s.queued = ""
	}
	s.claimed = true
	return nil
}

// unclaim ends a claim that did not end in a match (refused, or queued for quick match).
func (s *Session) unclaim() {
	s.mu.Lock()
	s.claimed = false
	s.mu.Unlock()
}

// allow takes a token from the connection's bucket and from its address's: an address's many
// connections share one rate (Config.AddrRate).
func (s *Session) allow() bool {
	cfg := &s.srv.cfg
	return s.limit.take(cfg.Rate, cfg.Burst) && s.srv.addrs.allow(s.srv.limited(s.Remote), "messages", cfg.AddrRate, cfg.AddrBurst)
}

// Handle takes one message from the client. Bad input is refused with a reason and changes
// nothing; a flood closes the session.
func (s *Session) Handle(ctx context.Context, b []byte) {
	if s.isClosed() {
		return
	}
	if !s.allow() {
		s.refused++
		if s.refused > floodRefusals {
			s.srv.met.refusals.WithLabelValues("flood").Inc()
			s.end("flooding: far over the message rate")
			return
		}
		s.refuse(0, wire.Refuse(wire.ReasonRate, "at most %g messages a second", s.srv.cfg.Rate))
		return
	}
	s.refused = 0
	msg, r := wire.Decode(b)
	if r != nil {
		s.refuse(msg.Req, r)
		return
	}
	m, _ := s.attached()
	switch msg.T {
	case wire.TCreate, wire.TJoin, wire.TResume, wire.TWatch, wire.TQuick:
		if r := s.addrLimits(msg.T); r != nil {
			s.refuse(msg.Req, r)
			return
		}
		if r := s.claim(); r != nil {
			s.refuse(msg.Req, r)
			return
		}
	default:
		if m == nil {
			s.refuse(msg.Req, wire.Refuse(wire.ReasonNotSeated, "%s needs a seat in a match: join or resume first", msg.T))
			return
		}
		m.send(cmd{s: s, msg: msg})
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	// The claim ends when the match answers (match.do), or here when the answer is a refusal.
	refuse := func(r *wire.Refusal) {
		s.unclaim()
		s.refuse(msg.Req, r)
	}
	switch msg.T {
	case wire.TCreate:
		if _, r := s.srv.create(ctx, s, msg); r != nil {
			refuse(r)
		}
	case wire.TQuick:
		if r := s.srv.quick(ctx, s, msg); r != nil {
			refuse(r)
		}
	default: // join, resume, watch
		if r := checkIDs(msg); r != nil {
			refuse(r)
			return
		}
		if r := s.srv.resolve(ctx, &msg); r != nil {
			refuse(r)
			return
		}
		m, r := s.srv.load(ctx, msg.Match)
		if r != nil {
			refuse(r)
			return
		}
		m.send(cmd{s: s, msg: msg, held: true})
	}
}
