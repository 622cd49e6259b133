package scenes

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"sig/match"
	"sig/online"
	"sig/rules"
	"sig/scenes/lang"
	"sig/server"
	"sig/wire"
)

// matchServer runs a real match server for the test (embedded NATS in a temporary folder,
// WebSockets on 127.0.0.1) and gives its WebSocket address.
func matchServer(t *testing.T) string {
	t.Helper()
	return matchServerWith(t, server.Config{})
}

// matchServerWith is matchServer with cfg (its store and rates set here).
func matchServerWith(t *testing.T, cfg server.Config) string {
	t.Helper()
	st, err := server.OpenStore(context.Background(), server.StoreConfig{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.Rate, cfg.Burst = st, 1000, 1000
	srv := server.New(cfg)
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
}

// spoiler is a network that spoils the next move sent when armed (the server then refuses a
// move the screen thought legal).
type spoiler struct {
	mu    sync.Mutex
	armed bool
}

func (sp *spoiler) dial(ctx context.Context, url string) (online.Conn, error) {
	c, err := online.Dial(ctx, url)
	if err != nil {
		return nil, err
	}
	return &spoilConn{Conn: c, sp: sp}, nil
}

type spoilConn struct {
	online.Conn
	sp *spoiler
}

func (c *spoilConn) Write(ctx context.Context, b []byte) error {
	var m wire.ClientMsg
	c.sp.mu.Lock()
	if c.sp.armed && json.Unmarshal(b, &m) == nil && m.T == wire.TMove && m.Move != "throw" {
		c.sp.armed = false
		m.Move = "a1-a1"
		b = wire.EncodeClient(m)
	}
	c.sp.mu.Unlock()
	return c.Conn.Write(ctx, b)
}

// onlinePair opens a match of game for two people, each at a screen of their own: the host's
// session creates it, the guest's joins with the invite, the host starts it, and each screen
// shows it in the play scene.
func onlinePair(t *testing.T, url, game string, guestDial online.Dialer) (host, guest *Manager) {
	t.Helper()
	hs := online.New(online.Config{URL: url})
	gs := online.New(online.Config{URL: url, Dial: guestDial})
	t.Cleanup(hs.Close)
	t.Cleanup(gs.Close)
	hs.Create(game, []wire.SeatSpec{{Kind: wire.Person}, {Kind: wire.Person}})
	waitFor(t, "the invite", func() bool { hs.Poll(); return len(hs.Invites()) > 0 })
	iv := hs.Invites()[0]
	gs.Join(hs.Ticket().Match, iv.Seat, iv.Secret)
	waitFor(t, "the guest's seat", func() bool { gs.Poll(); return gs.Seat() == 1 })
	hs.Start()
	started := func(s *online.Session) bool {
		s.Poll()
		for _, ev := range s.Events() {
			if ev.Kind == wire.EvStart {
				return true
			}
		}
		return false
	}
	waitFor(t, "the start", func() bool { return started(hs) && started(gs) })
	host, guest = newTest(t, Config{}), newTest(t, Config{})
	host.Goto(newOnlinePlay(host, hs))
	guest.Goto(newOnlinePlay(guest, gs))
	want(t, host, "play")
	want(t, guest, "play")
	return host, guest
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within 15 s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// frames runs both screens, a person at each tapping the first thing offered on their turn,
// until cond holds.
func frames(t *testing.T, ms []*Manager, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			for _, m := range ms {
				if p, ok := m.Current().(*play); ok {
					t.Logf("%s: %d moves, turn %d, note %q", m.Current().Name(), p.d.Match().Moves(), p.d.State().ToMove(), p.note)
				}
			}
			t.Fatalf("%s: not within %s", what, limit)
		}
		for _, m := range ms {
			p, ok := m.Current().(*play)
			if ok && p.human() && !p.Busy() {
				act(t, m, p)
				continue
			}
			step(m)
		}
		time.Sleep(time.Millisecond)
	}
}

func onlineScene(m *Manager) *play {
	switch s := m.Current().(type) {
	case *play:
		return s
	case *results:
		return s.under
	}
	return nil
}

// TestOnlinePlayToTheEnd: two screens play a whole Es-Sîg through the server, each tapping
// the throw button and the moves on its turn: both reach the results with the same position,
// the results say the throws were checked against the revealed seed, each seat shows as
// connected, and Rematch on one screen starts the next game on both.
func TestOnlinePlayToTheEnd(t *testing.T) {
	url := matchServer(t)
	host, guest := onlinePair(t, url, "es-sig", nil)
	ms := []*Manager{host, guest}
	hp, gp := onlineScene(host), onlineScene(guest)
	if hp.net.stateWord(1) != hp.net.stateWord(0) || gp.net.state(0) != "here" {
		t.Fatalf("presence: the host sees the guest %q, the guest sees the host %q", hp.net.state(1), gp.net.state(0))
	}
	frames(t, ms, 120*time.Second, "the results", func() bool {
		return host.Current().Name() == "results" && guest.Current().Name() == "results"
	})
	a, b := onlineScene(host).d.State(), onlineScene(guest).d.State()
	if !a.Equal(b) || a.Phase() != rules.PhaseOver {
		t.Fatalf("the screens end apart:\n%s\n%s", a, b)
	}
	for _, m := range ms {
		r := m.Current().(*results)
		if r.unfair || !strings.Contains(r.fair, "secret key") {
			t.Fatalf("the results say of the throws: %q (unfair %v)", r.fair, r.unfair)
		}
	}
	rec := onlineScene(guest).record()
	done, err := rules.Replay(onlineScene(guest).g, rec)
	if err != nil || !done.State.Equal(a) || rec.Seed == 0 {
		t.Fatalf("the record (seed %d, %v) does not replay to the end shown", rec.Seed, err)
	}
	tap(t, guest, "again")
	frames(t, ms, 20*time.Second, "the rematch", func() bool {
		h, g := onlineScene(host), onlineScene(guest)
		return host.Current().Name() == "play" && guest.Current().Name() == "play" && h.net.tb.Round() == 2 && g.net.tb.Round() == 2
	})
}

// TestOnlineRefusedMoveTakenBack: the server refuses a move the screen thought legal (the
// guest's network spoils it on the way): the move, shown at once, is taken back, the turn card
// says why, and the game goes on.
func TestOnlineRefusedMoveTakenBack(t *testing.T) {
	url := matchServer(t)
	sp := &spoiler{}
	host, guest := onlinePair(t, url, "seega", sp.dial)
	ms := []*Manager{host, guest}
	gp := onlineScene(guest)
	frames(t, ms, 30*time.Second, "the guest's turn", func() bool { return gp.human() && !gp.Busy() })
	before := gp.d.State().Clone()
	sp.mu.Lock()
	sp.armed = true
	sp.mu.Unlock()
	made := before.FormatMove(gp.legal[0])
	gp.apply(gp.legal[0], 0) // as the board's picker does with a tap (the refusal comes on a later frame)
	if gp.d.State().Equal(before) {
		t.Fatal("the move was not shown at once")
	}
	waitFor(t, "the refusal", func() bool { step(guest); return gp.note != "" && gp.d.State().Equal(before) })
	if w := lang.T("net.refused.move", made, lang.T("net.reason.illegal")); gp.note != w {
		t.Fatalf("the turn card says %q, want %q", gp.note, w)
	}
	moves := gp.d.Match().Moves()
	frames(t, ms, 30*time.Second, "the game going on", func() bool { return onlineScene(host).d.Match().Moves() > moves+2 })
}

// TestOnlineGonePlayer: the guest's screen goes away (its session closed, as a phone asleep);
// the host's seats show it away, and once it has been gone long enough the host is asked what
// becomes of its seat; "the computer plays for them" hands the seat to the server's computer,
// the seat shows the computer, and the game goes on to its end.
func TestOnlineGonePlayer(t *testing.T) {
	defer func(d time.Duration) { awayAfter = d }(awayAfter)
	awayAfter = 300 * time.Millisecond
	url := matchServerWith(t, server.Config{Away: 300 * time.Millisecond})
	host, guest := onlinePair(t, url, "seega", nil)
	hp := onlineScene(host)
	frames(t, []*Manager{host, guest}, 30*time.Second, "a few moves", func() bool { return hp.d.Match().Moves() >= 4 })
	onlineScene(guest).leave() // the guest's screen is gone; its seat stays its own
	frames(t, []*Manager{host}, 20*time.Second, "the choice", func() bool {
		return hp.net.state(1) == "away" && hp.menu.Get("choose-computer") != nil
	})
	if w := lang.T("net.state.away"); hp.net.stateWord(1) != w {
		t.Fatalf("the guest's seat says %q, want %q", hp.net.stateWord(1), w)
	}
	time.Sleep(400 * time.Millisecond) // past the server's -away too
	tap(t, host, "choose-computer")
	frames(t, []*Manager{host}, 20*time.Second, "the computer in the seat", func() bool { return hp.net.state(1) == "computer" })
	if _, ok := hp.players[1].Who.(match.Computer); !ok {
		t.Fatalf("the seat is played by %v", hp.players[1].Who)
	}
	frames(t, []*Manager{host}, 120*time.Second, "the results", func() bool { return host.Current().Name() == "results" })
}

// TestOnlineReloadTellsTheMoves: a friend's page is reloaded mid-game (the same invite link
// opened again, with what the page stored): it takes its seat back and shows the position,
// and its log tells the moves played before the reload, as the log of the page before the
// reload told them, not only that the game began.
func TestOnlineReloadTellsTheMoves(t *testing.T) {
	addr := startMatchServer(t)
	host := newTest(t, Config{Server: addr})
	tap(t, host, "online")
	tap(t, host, "create")
	tap(t, host, "es-sig")
	tap(t, host, "start")
	hl := lobbyOf(t, host)
	until(t, "the match to be created", func() bool { return len(hl.invites) == 1 }, host)
	link := hl.link()

	st := &memStore{} // the page's storage, kept across the reload
	open := func() *Manager {
		m, err := newManager(Config{Seed: 1, Server: addr, Join: link}, st)
		if err != nil {
			t.Fatal(err)
		}
		m.LayoutF(1280, 800)
		return m
	}
	guest := open()
	until(t, "the guest's lobby", func() bool { _, ok := guest.Current().(*lobby); return ok }, guest, host)
	gl := lobbyOf(t, guest)
	until(t, "the guest's seat", func() bool { return gl.seat == 1 && hl.ready() }, guest, host)
	tap(t, host, "start")
	until(t, "the game on both screens", func() bool {
		return host.Current().Name() == "play" && guest.Current().Name() == "play"
	}, host, guest)
	ms := []*Manager{host, guest}
	hp, gp := onlineScene(host), onlineScene(guest)
	frames(t, ms, 60*time.Second, "ten moves shown on both screens", func() bool {
		return hp.d.Match().Moves() >= 10 && gp.d.Match().Moves() == hp.d.Match().Moves() &&
			!hp.Busy() && !gp.Busy() && gp.net.tb.Behind() == 0 && !gp.dirty
	})
	var before []string
	for _, l := range gp.log {
		before = append(before, l.Text())
	}
	moves := gp.d.Match().Moves()
	gp.net.tb.Session().Close() // the page goes, its seat kept

	// The reload: the page opens the same link; it has kept the seat's ticket. Its session is
	// let to receive the whole history before the screen moves on, as a page whose first frame
	// takes a while does.
	again := open()
	al := lobbyOf(t, again)
	waitFor(t, "the replay", func() bool { return len(al.sess.Events()) >= len(hp.net.tb.Session().Events()) })
	until(t, "the reloaded page in play", func() bool {
		p, ok := again.Current().(*play)
		return ok && p.d.Match().Moves() == moves && !p.Busy()
	}, again)
	ap := onlineScene(again)
	if ap.net.tb.Mine() != 1 {
		t.Fatalf("the reloaded page holds seat %d, not 2", ap.net.tb.Mine()+1)
	}
	if !ap.d.State().Equal(gp.d.State()) {
		t.Fatalf("the reloaded page shows\n%s\nnot\n%s", ap.d.State(), gp.d.State())
	}
	var after []string
	for _, l := range ap.log {
		after = append(after, l.Text())
	}
	if len(before) < 4 || strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Fatalf("the log before the reload:\n  %s\nafter it:\n  %s", strings.Join(before, "\n  "), strings.Join(after, "\n  "))
	}
}

// TestOnlineStatesTrue: an online screen says what it knows. Another person's turn is theirs
// to play (not "throwing" or "thinking", which it cannot see); their connection is not known
// while this screen's own is lost (not a green "connected"); and a game the host ended for a
// player gone says so on the results.
func TestOnlineStatesTrue(t *testing.T) {
	defer func(d time.Duration) { awayAfter = d }(awayAfter)
	awayAfter = 300 * time.Millisecond
	url := matchServerWith(t, server.Config{Away: 300 * time.Millisecond})
	host, guest := onlinePair(t, url, "seega", nil)
	hp, gp := onlineScene(host), onlineScene(guest)
	ms := []*Manager{host, guest}
	frames(t, ms, 30*time.Second, "the guest's screen at rest with the host to play", func() bool {
		p, over := gp.shownTurn()
		return p == 0 && !over && !gp.q.Busy() && !gp.dirty
	})
	if _, sub := gp.turnText(); sub != lang.T("play.sub.theirs") {
		t.Errorf("the guest's turn card for the host's turn says %q, want %q", sub, lang.T("play.sub.theirs"))
	}
	if w := lang.T("net.state.here"); gp.net.stateWord(0) != w {
		t.Errorf("the host, connected, shows %q on the guest's screen, want %q", gp.net.stateWord(0), w)
	}
	gp.net.status = online.Reconnecting
	if w := lang.T("net.state.unknown"); gp.net.stateWord(0) != w {
		t.Errorf("while the guest's screen reconnects, the host shows %q, want %q", gp.net.stateWord(0), w)
	}
	gp.net.status = online.Connected

	frames(t, ms, 30*time.Second, "a few moves", func() bool { return hp.d.Match().Moves() >= 4 })
	gp.leave() // the guest's screen is gone
	frames(t, []*Manager{host}, 20*time.Second, "the choice", func() bool { return hp.menu.Get("choose-end") != nil })
	time.Sleep(400 * time.Millisecond) // past the server's -away too
	tap(t, host, "choose-end")
	frames(t, []*Manager{host}, 60*time.Second, "the results", func() bool { return host.Current().Name() == "results" })
	r := host.Current().(*results)
	if w := lang.T("net.over.gone", hp.env.Names[1]); r.why != w || !strings.Contains(r.foot(), w) {
		t.Fatalf("the results of a game ended for a player gone say %q (title %q), want %q", r.foot(), r.title, w)
	}
}
