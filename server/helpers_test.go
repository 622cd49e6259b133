package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"sig/rules"
	"sig/rules/games"
	"sig/wire"
)

// openServer starts a server over an embedded NATS on dir (a fresh temporary folder if empty)
// and stops both when the test ends.
func openServer(t testing.TB, cfg Config, dir string) *Server {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	st, err := OpenStore(context.Background(), StoreConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	if cfg.Rate == 0 {
		cfg.Rate, cfg.Burst = 1000, 1000 // scripted players move far faster than people
	}
	if cfg.AddrCreates == 0 {
		cfg.AddrCreates = 1000 // a test's hosts all share a name, the address of its sessions
	}
	srv := New(cfg)
	t.Cleanup(func() { srv.Close(); st.Close() })
	return srv
}

// link is a client's connection: a Session in these tests, a WebSocket in the transport's.
type link interface {
	sendRaw(b []byte)
	recv(d time.Duration) ([]byte, bool)
	close()
}

// sessionLink talks to a Session directly, as the WebSocket transport does.
type sessionLink struct {
	s   *Session
	buf [][]byte
}

func (l *sessionLink) sendRaw(b []byte) { l.s.Handle(context.Background(), b) }
func (l *sessionLink) close()           { l.s.Close() }
func (l *sessionLink) recv(d time.Duration) ([]byte, bool) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for len(l.buf) == 0 {
		l.buf = l.s.Take()
		if len(l.buf) > 0 {
			break
		}
		select {
		case <-l.s.Ready():
		case <-timer.C:
			return nil, false
		}
	}
	b := l.buf[0]
	l.buf = l.buf[1:]
	return b, true
}

// player is a scripted client: it keeps what it received, checks that events come in order
// without gaps or repeats, and follows the game on its own copy of the rules, as the app will.
type player struct {
	t       testing.TB
	name    string
	l       link
	match   string
	seat    int
	key     string
	events  []wire.Event
	state   rules.State
	game    *rules.Info
	others  []wire.ServerMsg // everything but events, in order
	sent    int64            // the turn (moves seen) at which this player last moved
	turns   int64            // start and move events seen: the game's progress
	moveReq int64            // the req of the last move sent
	rng     *rand.Rand
}

func newPlayer(t testing.TB, name string, l link) *player {
	p := &player{t: t, name: name, l: l, seat: -1, rng: rand.New(rand.NewPCG(uint64(len(name)), 7))}
	if m := p.expect(wire.THello); m.Version != wire.Version {
		t.Fatalf("%s: hello with version %d", name, m.Version)
	}
	return p
}

func sessionPlayer(t testing.TB, srv *Server, name string) *player {
	return newPlayer(t, name, &sessionLink{s: srv.NewSession(name)})
}

func (p *player) send(m wire.ClientMsg) { p.l.sendRaw(wire.EncodeClient(m)) }

func (p *player) last() int64 { return int64(len(p.events)) }

// pump reads one message, if one comes within d, and takes it in.
func (p *player) pump(d time.Duration) (wire.ServerMsg, bool) {
	p.t.Helper()
	b, ok := p.l.recv(d)
	if !ok {
		return wire.ServerMsg{}, false
	}
	var m wire.ServerMsg
	if err := json.Unmarshal(b, &m); err != nil {
		p.t.Fatalf("%s: undecodable message %s: %v", p.name, b, err)
	}
	if m.V != wire.Version {
		p.t.Errorf("%s: message with version %d", p.name, m.V)
	}
	if m.T != wire.TEvent {
		p.others = append(p.others, m)
		if m.T == wire.TRefused && m.Reason == wire.ReasonBusy && m.Req == p.moveReq {
			p.sent = -1 // "try again": a client sends its move once more
		}
		switch m.T {
		case wire.TJoined, wire.TCreated:
			p.match, p.seat = m.Match, m.Seat
			if m.Key != "" {
				p.key = m.Key
			}
		case wire.TWatching:
			p.match = m.Match
		}
		return m, true
	}
	ev := *m.Event
	if ev.Seq != p.last()+1 {
		p.t.Fatalf("%s: event %d after %d (lost or repeated): %+v", p.name, ev.Seq, p.last(), ev)
	}
	p.events = append(p.events, ev)
	switch ev.Kind {
	case wire.EvOpen:
		g, ok := games.Lookup(ev.Game)
		if !ok {
			p.t.Fatalf("%s: open of unknown game %q", p.name, ev.Game)
		}
		p.game = g
	case wire.EvStart:
		p.turns++
		s, err := p.game.New(p.events[0].Players)
		if err != nil {
			p.t.Fatal(err)
		}
		p.state = s
	case wire.EvMove:
		p.turns++
		mv, err := p.state.ParseMove(ev.Move)
		if err == nil {
			err = p.state.Apply(mv, nil)
		}
		if err != nil {
			p.t.Fatalf("%s: event %d, move %q by seat %d: %v", p.name, ev.Seq, ev.Move, ev.Seat, err)
		}
	}
	return m, true
}

// expect reads until a message of type typ (events on the way are taken in).
func (p *player) expect(typ wire.Type) wire.ServerMsg {
	p.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		m, ok := p.pump(time.Until(deadline))
		if ok && m.T == typ {
			return m
		}
	}
	p.t.Fatalf("%s: no %s within 20s; last messages %+v", p.name, typ, tail(p.others))
	return wire.ServerMsg{}
}

// refused sends m and expects it refused for reason.
func (p *player) refused(m wire.ClientMsg, reason wire.Reason) wire.ServerMsg {
	p.t.Helper()
	m.Req = time.Now().UnixNano()
	p.send(m)
	r := p.expect(wire.TRefused)
	if r.Reason != reason || r.Req != m.Req {
		p.t.Fatalf("%s: %s refused with %q (%s), req %d, want %q, req %d", p.name, m.T, r.Reason, r.Text, r.Req, reason, m.Req)
	}
	return r
}

// waitSeq reads until the player has seen event n.
func (p *player) waitSeq(n int64) {
	p.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for p.last() < n && time.Now().Before(deadline) {
		p.pump(time.Until(deadline))
	}
	if p.last() < n {
		p.t.Fatalf("%s: saw %d events, waited for %d", p.name, p.last(), n)
	}
}

// drain takes in whatever arrives within d.
func (p *player) drain(d time.Duration) {
	for {
		if _, ok := p.pump(d); !ok {
			return
		}
	}
}

func tail(ms []wire.ServerMsg) []wire.ServerMsg {
	if len(ms) > 3 {
		return ms[len(ms)-3:]
	}
	return ms
}

// myTurn reports whether the game waits for this player, and the event it would answer.
func (p *player) myTurn() bool {
	return p.state != nil && p.seat >= 0 && p.state.Phase() != rules.PhaseOver && p.state.ToMove() == p.seat &&
		p.events[len(p.events)-1].Kind != wire.EvOver
}

// act plays a random legal move (or asks for a throw) if it is this player's turn and it has
// not answered the latest move yet (emotes and the like do not change whose turn it is).
func (p *player) act() {
	if !p.myTurn() || p.sent == p.turns {
		return
	}
	p.sent = p.turns
	p.moveReq++
	if p.state.Phase() == rules.PhaseThrow {
		p.send(wire.ClientMsg{T: wire.TMove, Req: p.moveReq, Move: "throw"})
		return
	}
	legal := p.state.Legal(nil)
	p.send(wire.ClientMsg{T: wire.TMove, Req: p.moveReq, Move: p.state.FormatMove(legal[p.rng.IntN(len(legal))])})
}

// over reports whether the player saw its game end.
func (p *player) over() bool {
	return len(p.events) > 0 && p.events[len(p.events)-1].Kind == wire.EvOver
}

// playOut lets the players play until every one of them saw the game end.
func playOut(t testing.TB, ps []*player, limit time.Duration) {
	t.Helper()
	playOutAllowing(t, ps, limit)
}

// playOutAllowing is playOut where the refusals of the reasons given are expected: across two
// servers a move may race the game's end written by the other one (refused "finished": a
// refused message changes nothing, and the end reaches the player next), as TestCluster allows.
func playOutAllowing(t testing.TB, ps []*player, limit time.Duration, allowed ...wire.Reason) {
	t.Helper()
	deadline := time.Now().Add(limit)
	seen := make([]int, len(ps))
	for i, p := range ps {
		seen[i] = len(p.others)
	}
	for time.Now().Before(deadline) {
		done := true
		for i, p := range ps {
			for {
				if _, ok := p.pump(time.Millisecond); !ok {
					break
				}
			}
			for _, m := range p.others[seen[i]:] {
				if m.T == wire.TRefused && !slices.Contains(allowed, m.Reason) {
					t.Fatalf("%s: refused: %s %s", p.name, m.Reason, m.Text)
				}
			}
			seen[i] = len(p.others)
			p.act()
			if !p.over() {
				done = false
			}
		}
		if done {
			return
		}
	}
	t.Fatalf("the game did not end within %s (%d events)", limit, ps[0].last())
}

// people makes n seat specs for people.
func people(n int) []wire.SeatSpec {
	s := make([]wire.SeatSpec, n)
	for i := range s {
		s[i].Kind = wire.Person
	}
	return s
}

// table creates a match of game for n people through the protocol: the first player creates,
// the others join with their invites, and the first starts. It returns the players.
func table(t testing.TB, game string, n int, mk func(name string) *player) []*player {
	t.Helper()
	host := mk("host")
	host.send(wire.ClientMsg{T: wire.TCreate, Game: game, Players: n, Seats: people(n)})
	c := host.expect(wire.TCreated)
	if len(c.Invites) != n-1 || c.Key == "" || c.Match == "" {
		t.Fatalf("created %+v", c)
	}
	ps := []*player{host}
	for _, inv := range c.Invites {
		p := mk("guest" + string(rune('1'+inv.Seat-1)))
		p.send(wire.ClientMsg{T: wire.TJoin, Match: c.Match, Seat: inv.Seat, Secret: inv.Secret})
		if j := p.expect(wire.TJoined); j.Seat != inv.Seat || j.Key == "" {
			t.Fatalf("joined %+v", j)
		}
		ps = append(ps, p)
	}
	host.send(wire.ClientMsg{T: wire.TStart})
	for _, p := range ps {
		for p.state == nil {
			p.expect(wire.TEvent)
		}
	}
	return ps
}

// carryOver gives back, a new connection of the same person, what p knew (as an app keeps it
// across a reconnection); sent < 0 makes it answer the current turn again.
func (p *player) carryOver(back *player, sent int64) {
	back.events, back.state, back.game, back.seat, back.key, back.match = p.events, p.state, p.game, p.seat, p.key, p.match
	back.turns, back.sent = p.turns, sent
}
