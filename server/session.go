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

	tokens   float64
	lastFill time.Time
	refused  int

	// writing is when the write under way began (Unix nanoseconds), 0 when none is: a write
	// waiting too long is cut off (Server.sweep) by hangUp, which closes the connection.
	writing atomic.Int64
	// heard is when the client's last message arrived (Unix nanoseconds; 0: none yet).
	heard atomic.Int64

	mu      sync.Mutex
	hangUp  func()
	match   *match // the match this session is in, nil if none
	seat    int    // its seat, -1 for a spectator
	out     [][]byte
	pending int
	ready   chan struct{}
	done    chan struct{}
	closed  bool
	why     string
	name    string // the name given with quick, while waiting for a stranger
}

// NewSession starts a session and greets the client.
func (srv *Server) NewSession(remote string) *Session {
	s := &Session{srv: srv, Remote: remote, tokens: srv.cfg.Burst, lastFill: time.Now(), seat: -1,
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

// Take returns the encoded messages waiting to be written, in order.
func (s *Session) Take() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.out
	s.out, s.pending = nil, 0
	return out
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
		s.end("too slow: too many messages waiting")
		return
	}
	s.out = append(s.out, b)
	s.pending += len(b)
	s.mu.Unlock()
	select {
	case s.ready <- struct{}{}:
	default:
	}
}

func (s *Session) sendMsg(m wire.ServerMsg) { s.send(wire.Encode(m)) }

func (s *Session) refuse(req int64, r *wire.Refusal) {
	s.srv.met.refusals.WithLabelValues(string(r.Reason)).Inc()
	s.sendMsg(wire.ServerMsg{T: wire.TRefused, Req: req, Reason: r.Reason, Text: r.Text, Retry: r.Retry})
}

// end closes the session from the server's side.
func (s *Session) end(why string) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed, s.why = true, why
	close(s.done)
	s.mu.Unlock()
	s.detach()
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

// allow takes a token from the bucket.
func (s *Session) allow() bool {
	now := time.Now()
	s.tokens += now.Sub(s.lastFill).Seconds() * s.srv.cfg.Rate
	s.lastFill = now
	if s.tokens > s.srv.cfg.Burst {
		s.tokens = s.srv.cfg.Burst
	}
	if s.tokens < 1 {
		return false
	}
	s.tokens--
	return true
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
		if m != nil {
			s.refuse(msg.Req, wire.Refuse(wire.ReasonSeated, "this connection is in a match already; open another to join another"))
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
	switch msg.T {
	case wire.TCreate:
		if _, r := s.srv.create(ctx, s, msg); r != nil {
			s.refuse(msg.Req, r)
		}
	case wire.TQuick:
		if r := s.srv.quick(ctx, s, msg); r != nil {
			s.refuse(msg.Req, r)
		}
	default: // join, resume, watch
		if r := s.srv.resolve(ctx, &msg); r != nil {
			s.refuse(msg.Req, r)
			return
		}
		m, r := s.srv.load(ctx, msg.Match)
		if r != nil {
			s.refuse(msg.Req, r)
			return
		}
		m.send(cmd{s: s, msg: msg, held: true})
	}
}
