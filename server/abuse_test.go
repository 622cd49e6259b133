package server

import (
	"context"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"

	"sig/wire"
)

// gauge reads a gauge's value.
func gauge(t *testing.T, g prometheus.Gauge) float64 {
	t.Helper()
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(g)
	fs, err := reg.Gather()
	if err != nil || len(fs) != 1 {
		t.Fatalf("gathering a gauge: %v", err)
	}
	return fs[0].GetMetric()[0].GetGauge().GetValue()
}

// refusals is sig_refusals_total of reason.
func refusals(t *testing.T, srv *Server, reason wire.Reason) float64 {
	t.Helper()
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(srv.met.refusals)
	fs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "reason" && l.GetValue() == string(reason) {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

// answersWithin reads p's messages until one of type typ arrives or d passes.
func answersWithin(p *player, typ wire.Type, d time.Duration) (wire.ServerMsg, bool) {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		m, ok := p.pump(time.Until(deadline))
		if ok && m.T == typ {
			return m, true
		}
	}
	return wire.ServerMsg{}, false
}

// longHistory has the first of a match's players send n emotes, every player reading as it
// goes, so that the match holds n more events.
func longHistory(t *testing.T, ps []*player, n int) {
	t.Helper()
	host := ps[0]
	for sent := 0; sent < n; {
		want := host.last()
		for i := 0; i < 200 && sent < n; i++ {
			host.send(wire.ClientMsg{T: wire.TEmote, Emote: "wow"})
			sent++
			want++
		}
		for _, p := range ps {
			p.waitSeq(want)
		}
	}
	for _, p := range ps {
		p.drain(50 * time.Millisecond)
	}
}

// TestNeverReadingWatchers has hundreds of connections watch a match with a long history at
// once and never read what they are sent. The match goes on answering its players, and when the
// watchers go, the goroutines and sig_connections come back to where they were.
func TestNeverReadingWatchers(t *testing.T) {
	srv := openServer(t, Config{Rate: 1e6, Burst: 1e6, Emotes: 1 << 20}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "seega", 2, mk)
	host, guest := ps[0], ps[1]
	longHistory(t, ps, 12000)
	guest.waitSeq(host.last())
	time.Sleep(50 * time.Millisecond)
	goroutines := runtime.NumGoroutine()
	conns := gauge(t, srv.met.connections)

	const watchers = 400
	sessions := make([]*Session, watchers)
	var wg sync.WaitGroup
	for i := range sessions {
		sessions[i] = srv.NewSession("watcher")
		wg.Add(1)
		go func(s *Session) {
			defer wg.Done()
			s.Handle(t.Context(), wire.EncodeClient(wire.ClientMsg{T: wire.TWatch, Match: host.match}))
		}(sessions[i])
	}

	// The guest comes back on a new connection, and then shows an emote: both answered at once.
	back := mk("guest again")
	guest.carryOver(back, guest.sent)
	back.send(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: guest.seat, Key: guest.key, Last: guest.last()})
	if _, ok := answersWithin(back, wire.TJoined, 5*time.Second); !ok {
		t.Fatalf("resume not answered within 5 s while %d watchers do not read", watchers)
	}
	back.send(wire.ClientMsg{T: wire.TEmote, Emote: "hello"})
	if _, ok := answersWithin(back, wire.TEvent, 5*time.Second); !ok {
		t.Fatalf("emote not answered within 5 s while %d watchers do not read", watchers)
	}
	wg.Wait()
	for _, s := range sessions {
		s.Close()
	}
	back.l.close()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && (runtime.NumGoroutine() > goroutines+5 || gauge(t, srv.met.connections) > conns) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > goroutines+5 {
		t.Errorf("%d goroutines after the watchers went, %d before", n, goroutines)
	}
	if n := gauge(t, srv.met.connections); n > conns {
		t.Errorf("sig_connections %g after the watchers went, %g before", n, conns)
	}
}

// TestOnePlaceAtATime has one connection ask for quick matches of two games and then create a
// match: each request takes the place of the one before, so the strangers who ask next for
// those games wait rather than find it in their matches; and once it closes, its match shows
// its seat away. A connection that waits for a quick match and then watches a match likewise
// leaves the queue.
func TestOnePlaceAtATime(t *testing.T) {
	srv := openServer(t, Config{}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	a := mk("a")
	a.send(wire.ClientMsg{T: wire.TQuick, Game: "seega"})
	a.expect(wire.TQueued)
	a.send(wire.ClientMsg{T: wire.TQuick, Game: "sadeqa"})
	a.expect(wire.TQueued)
	a.send(wire.ClientMsg{T: wire.TCreate, Game: "seega", Players: 2, Seats: people(2)})
	c := a.expect(wire.TCreated)
	a.refused(wire.ClientMsg{T: wire.TQuick, Game: "seega"}, wire.ReasonSeated)

	for _, game := range []string{"seega", "sadeqa"} {
		b := mk("b " + game)
		b.send(wire.ClientMsg{T: wire.TQuick, Game: game})
		b.expect(wire.TQueued)
		b.drain(50 * time.Millisecond)
		if b.match != "" {
			t.Errorf("quick %s after a left its queue: %+v, want queued alone", game, b.others)
		}
		b.l.close()
	}

	a.l.close()
	w := mk("watcher")
	w.send(wire.ClientMsg{T: wire.TWatch, Match: c.Match})
	w.expect(wire.TWatching)
	if p := w.expect(wire.TPresence); p.Presence[0].State != "away" {
		t.Errorf("seat 0 after its connection closed: %+v, want away", p.Presence[0])
	}

	// Quick match, then a watch: the watcher leaves the queue.
	q := mk("queued then watching")
	q.send(wire.ClientMsg{T: wire.TQuick, Game: "seega"})
	q.expect(wire.TQueued)
	q.send(wire.ClientMsg{T: wire.TWatch, Match: c.Match})
	q.expect(wire.TWatching)
	d := mk("d")
	d.send(wire.ClientMsg{T: wire.TQuick, Game: "seega"})
	d.expect(wire.TQueued)
	d.drain(50 * time.Millisecond)
	if d.match != "" {
		t.Errorf("quick seega paired with a connection that went on to watch: %+v", d.others)
	}
}

// TestLeftSeatDecided has a player leave on its turn and come back with its key: the seat is
// refused by name, and the other player decides the game at once (no waiting for Away).
func TestLeftSeatDecided(t *testing.T) {
	srv := openServer(t, Config{}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "seega", 2, mk)
	host, guest := ps[0], ps[1]
	for !guest.myTurn() {
		host.act()
		host.pump(20 * time.Millisecond)
		guest.pump(20 * time.Millisecond)
	}
	guest.send(wire.ClientMsg{T: wire.TLeave})
	host.drain(50 * time.Millisecond)
	guest.drain(50 * time.Millisecond)
	if ev := host.events[len(host.events)-1]; ev.Kind != wire.EvLeft || ev.Seat != 1 {
		t.Fatalf("after leave the last event is %+v", ev)
	}
	guest.refused(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: 1, Key: guest.key, Last: guest.last()}, wire.ReasonLeft)
	back := mk("guest again")
	back.refused(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: 1, Key: guest.key}, wire.ReasonLeft)
	host.send(wire.ClientMsg{T: wire.TChoose, Seat: 1, Choice: wire.ChoiceEnd})
	for !host.over() {
		if m := host.expect(wire.TEvent); m.Event.Kind == wire.EvOver && m.Event.Why != "abandoned" {
			t.Fatalf("over %+v", m.Event)
		}
	}
}

// TestBadIDs sends match ids and codes with characters no match id or code has: each is
// refused bad-field before the store is asked, and nothing is logged as a warning.
func TestBadIDs(t *testing.T) {
	var logged warnCounter
	srv := openServer(t, Config{Log: slog.New(&logged)}, "")
	p := sessionPlayer(t, srv, "prober")
	for _, id := range []string{"a b", "*", ">", "....", "a\x01b", "\u202e", "ǅǅǅǅǅǅǅǅ", "AB.C", "sig.m.x"} {
		p.refused(wire.ClientMsg{T: wire.TWatch, Match: id}, wire.ReasonBadField)
		p.refused(wire.ClientMsg{T: wire.TResume, Match: id, Key: "k"}, wire.ReasonBadField)
		p.refused(wire.ClientMsg{T: wire.TJoin, Match: id, Seat: 1, Secret: "s"}, wire.ReasonBadField)
		p.refused(wire.ClientMsg{T: wire.TJoin, Code: id}, wire.ReasonBadField)
		p.refused(wire.ClientMsg{T: wire.TWatch, Code: id}, wire.ReasonBadField)
	}
	// Codes as people type them still reach the store: unknown ones are no-match.
	for _, code := range []string{"zzzz-zzzz", "ZZZZ ZZZZ", "zzzzzzzz"} {
		p.refused(wire.ClientMsg{T: wire.TJoin, Code: code}, wire.ReasonNoMatch)
	}
	if n := logged.n.Load(); n != 0 {
		t.Errorf("%d warnings logged", n)
	}
}

// warnCounter is a log handler that counts warnings and errors.
type warnCounter struct{ n atomic.Int64 }

func (w *warnCounter) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }
func (w *warnCounter) Handle(context.Context, slog.Record) error {
	w.n.Add(1)
	return nil
}
func (w *warnCounter) WithAttrs([]slog.Attr) slog.Handler { return w }
func (w *warnCounter) WithGroup(string) slog.Handler      { return w }

// TestLongHistoryReplay has a reading client watch, and a player resume, a match of a long
// history from its start: each receives every event.
func TestLongHistoryReplay(t *testing.T) {
	srv := openServer(t, Config{Rate: 1e6, Burst: 1e6, Emotes: 1 << 20}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "seega", 2, mk)
	longHistory(t, ps, 15000)
	w := mk("watcher")
	w.send(wire.ClientMsg{T: wire.TWatch, Match: ps[0].match})
	w.waitSeq(ps[0].last())
	back := mk("guest again")
	back.send(wire.ClientMsg{T: wire.TResume, Match: ps[1].match, Seat: 1, Key: ps[1].key})
	back.waitSeq(ps[0].last())
}

// TestReconnectingFlood has a seat come back again and again on new connections from one
// address, each showing emotes as fast as it may: the seat's and the address's rates hold
// across connections, what the match stores stays bounded, and the refusals are counted.
func TestReconnectingFlood(t *testing.T) {
	srv := openServer(t, Config{Rate: 10, Burst: 20, Emotes: 1000}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "seega", 2, mk)
	host, guest := ps[0], ps[1]
	start := host.last()
	for i := 0; i < 30; i++ {
		p := newPlayer(t, "flooder", &sessionLink{s: srv.NewSession("192.0.2.7:4000")})
		p.send(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: 1, Key: guest.key, Last: 0})
		for j := 0; j < 20; j++ {
			p.send(wire.ClientMsg{T: wire.TEmote, Emote: "wow"})
		}
		p.drain(5 * time.Millisecond)
		p.l.close()
		host.drain(0)
	}
	host.drain(100 * time.Millisecond)
	emotes := 0
	for _, ev := range host.events[start:] {
		if ev.Kind == wire.EvEmote {
			emotes++
		}
	}
	// 600 asked for in well under the time 60 would take at 10 a second, a game's cap or not.
	if emotes > 60 {
		t.Errorf("%d emotes stored from 600 sent on 30 connections of one seat", emotes)
	}
	if refusals(t, srv, wire.ReasonRate) == 0 {
		t.Errorf("no rate refusal counted")
	}
}

// TestEmoteCap has a player show more emotes in a game than Config.Emotes: the rest are
// refused, and a new game counts afresh.
func TestEmoteCap(t *testing.T) {
	srv := openServer(t, Config{Emotes: 5}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "seega", 2, mk)
	host := ps[0]
	for range 5 {
		host.send(wire.ClientMsg{T: wire.TEmote, Emote: "wow"})
		host.expect(wire.TEvent)
	}
	host.refused(wire.ClientMsg{T: wire.TEmote, Emote: "wow"}, wire.ReasonRate)
	ps[1].send(wire.ClientMsg{T: wire.TEmote, Emote: "thanks"})
	ps[1].expect(wire.TEvent)
}

// TestPlayedMatchVerifies plays a game and a rematch of a game with throws, and checks that
// what the players received replays through wire.VerifyMatch, as sigserver verify does.
func TestPlayedMatchVerifies(t *testing.T) {
	srv := openServer(t, Config{}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "sig-wa-duqqan", 3, mk)
	playOut(t, ps, 60*time.Second)
	ps[0].send(wire.ClientMsg{T: wire.TRematch})
	ps[1].send(wire.ClientMsg{T: wire.TEmote, Emote: "thanks"})
	ps[0].expect(wire.TEvent)
	ps[1].send(wire.ClientMsg{T: wire.TLeave})
	ps[0].send(wire.ClientMsg{T: wire.TChoose, Seat: 1, Choice: wire.ChoiceEnd})
	for !ps[0].over() || ps[0].events[len(ps[0].events)-1].Round != 2 {
		ps[0].expect(wire.TEvent)
	}
	rounds, err := wire.VerifyMatch(ps[0].events)
	if err != nil || len(rounds) != 2 || rounds[1].Why != "abandoned" {
		t.Fatalf("verify: %+v, %v", rounds, err)
	}
}

// TestAddressLimits has one address create matches, guess invites and open connections past
// its limits: each is refused by name, and a code past its time opens nothing.
func TestAddressLimits(t *testing.T) {
	srv := openServer(t, Config{AddrCreates: 3, AddrGuesses: 3, AddrConns: 2, CodeTTL: time.Nanosecond, LimitLoopback: true}, "")
	from := func(name string) *player {
		return newPlayer(t, name, &sessionLink{s: srv.NewSession("198.51.100.9:" + name)})
	}
	var made wire.ServerMsg
	for i := range 3 {
		p := from(string(rune('a' + i)))
		p.send(wire.ClientMsg{T: wire.TCreate, Game: "seega", Players: 2, Seats: people(2)})
		made = p.expect(wire.TCreated)
	}
	from("d").refused(wire.ClientMsg{T: wire.TCreate, Game: "seega", Players: 2, Seats: people(2)}, wire.ReasonCreations)

	g := from("guesser")
	g.refused(wire.ClientMsg{T: wire.TJoin, Code: made.Invites[0].Code}, wire.ReasonNoMatch) // expired
	g.refused(wire.ClientMsg{T: wire.TJoin, Match: made.Match, Seat: 1, Secret: "wrong"}, wire.ReasonWrongSecret)
	g.refused(wire.ClientMsg{T: wire.TResume, Match: made.Match, Seat: 1, Key: "wrong"}, wire.ReasonWrongSecret)
	// Three failed guesses: even the right invite waits now.
	g.refused(wire.ClientMsg{T: wire.TJoin, Match: made.Match, Seat: 1, Secret: made.Invites[0].Secret}, wire.ReasonGuesses)
	if refusals(t, srv, wire.ReasonGuesses) != 1 || refusals(t, srv, wire.ReasonCreations) != 1 {
		t.Errorf("refusals counted: guesses %g, creations %g", refusals(t, srv, wire.ReasonGuesses), refusals(t, srv, wire.ReasonCreations))
	}

	url := startWS(t, srv)
	a, b := dialWS(t, url), dialWS(t, url)
	defer a.close()
	defer b.close()
	_, resp, err := websocket.Dial(t.Context(), url, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a third connection from one address: %v, %+v", err, resp)
	}
}
