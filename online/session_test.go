package online

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sig/rules"
	"sig/rules/games"
	"sig/server"
	"sig/wire"
)

// startServer runs a real match server (embedded NATS on a temporary folder, WebSockets on
// 127.0.0.1) for the test, and gives its WebSocket address.
func startServer(t *testing.T, cfg server.Config) string {
	t.Helper()
	st, err := server.OpenStore(context.Background(), server.StoreConfig{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	if cfg.Rate == 0 {
		cfg.Rate, cfg.Burst = 1000, 1000 // scripted players move far faster than people
	}
	srv := server.New(cfg)
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
}

// bot is a scripted player: it drives a Session as the app does (Poll, then act on what came),
// follows the game on its own copy of the rules, and plays random legal moves on its turn.
type bot struct {
	t       *testing.T
	name    string
	s       *Session
	rng     *rand.Rand
	events  []wire.Event
	state   rules.State
	game    *rules.Info
	players int
	refused []Update
	created Update
	joined  Update
	kept    []Ticket
	status  []Status
}

func newBot(t *testing.T, name string, cfg Config) *bot {
	b := &bot{t: t, name: name, rng: rand.New(rand.NewPCG(uint64(len(name)), 11))}
	cfg.Keep = func(tk Ticket) { b.kept = append(b.kept, tk) }
	b.s = New(cfg)
	t.Cleanup(b.s.Close)
	return b
}

// poll takes in what the session delivered.
func (b *bot) poll() {
	b.t.Helper()
	for _, u := range b.s.Poll() {
		switch u.Kind {
		case KStatus:
			b.status = append(b.status, u.Status)
		case KCreated:
			b.created = u
		case KJoined, KWatching:
			b.joined = u
		case KRefused:
			b.refused = append(b.refused, u)
		case KEvent:
			ev := u.Event
			if want := int64(len(b.events)) + 1; ev.Seq != want {
				b.t.Fatalf("%s: event %d delivered where %d was due", b.name, ev.Seq, want)
			}
			b.events = append(b.events, ev)
			switch ev.Kind {
			case wire.EvOpen:
				g, ok := games.Lookup(ev.Game)
				if !ok {
					b.t.Fatalf("%s: unknown game %q", b.name, ev.Game)
				}
				b.game, b.players = g, ev.Players
			case wire.EvStart:
				st, err := b.game.New(b.players)
				if err != nil {
					b.t.Fatal(err)
				}
				b.state = st
			case wire.EvMove:
				mv, err := b.state.ParseMove(ev.Move)
				if err == nil {
					err = b.state.Apply(mv, nil)
				}
				if err != nil {
					b.t.Fatalf("%s: event %d %q: %v", b.name, ev.Seq, ev.Move, err)
				}
			}
		}
	}
}

// act plays on its turn when no move of its is on the way.
func (b *bot) act() {
	if b.state == nil || b.over() || b.state.Phase() == rules.PhaseOver || b.s.Moving() || b.state.ToMove() != b.s.Seat() {
		return
	}
	if b.state.Phase() == rules.PhaseThrow {
		b.s.Move("throw")
		return
	}
	legal := b.state.Legal(nil)
	b.s.Move(b.state.FormatMove(legal[b.rng.IntN(len(legal))]))
}

func (b *bot) over() bool { return len(b.events) > 0 && b.events[len(b.events)-1].Kind == wire.EvOver }

// until polls the bots (letting them act) until cond holds, or fails after limit.
func until(t *testing.T, limit time.Duration, bots []*bot, act bool, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		for _, b := range bots {
			b.poll()
			if act {
				b.act()
			}
		}
		if cond() {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	for _, b := range bots {
		st, err := b.s.Status()
		t.Logf("%s: %d events, status %s (%v), refused %+v", b.name, len(b.events), st, err, b.refused)
	}
	t.Fatalf("%s: not within %s", what, limit)
}

// sit opens a match of game for len(seats) seats: the host creates, a bot joins each invite by
// its link's secret, and the host starts. It returns the host first.
func sit(t *testing.T, cfg Config, game string, seats []wire.SeatSpec) []*bot {
	t.Helper()
	host := newBot(t, "host", cfg)
	host.s.Create(game, seats)
	until(t, 10*time.Second, []*bot{host}, false, "created", func() bool { return host.created.Match != "" })
	bots := []*bot{host}
	for _, inv := range host.created.Invites {
		g := newBot(t, "guest"+string(rune('0'+inv.Seat)), cfg)
		g.s.Join(host.created.Match, inv.Seat, inv.Secret)
		bots = append(bots, g)
	}
	until(t, 10*time.Second, bots, false, "joined", func() bool {
		for _, b := range bots[1:] {
			if b.joined.Match == "" {
				return false
			}
		}
		return true
	})
	host.s.Start()
	until(t, 10*time.Second, bots, false, "started", func() bool {
		for _, b := range bots {
			if b.state == nil {
				return false
			}
		}
		return true
	})
	return bots
}

func people(n int) []wire.SeatSpec {
	s := make([]wire.SeatSpec, n)
	for i := range s {
		s[i].Kind = wire.Person
	}
	return s
}

// sameHistory checks that every bot received the same events and reached the same position.
func sameHistory(t *testing.T, bots []*bot) {
	t.Helper()
	for _, b := range bots[1:] {
		if len(b.events) != len(bots[0].events) {
			t.Fatalf("%s has %d events, %s %d", b.name, len(b.events), bots[0].name, len(bots[0].events))
		}
		for i := range b.events {
			if a, c := bots[0].events[i], b.events[i]; a.Seq != c.Seq || a.Kind != c.Kind || a.Move != c.Move || a.Seat != c.Seat || a.Faces != c.Faces {
				t.Fatalf("event %d: %s has %+v, %s %+v", i+1, bots[0].name, a, b.name, c)
			}
		}
		if !b.state.Equal(bots[0].state) {
			t.Fatalf("%s and %s reached different positions:\n%s\n%s", b.name, bots[0].name, b.state, bots[0].state)
		}
	}
}

// fair checks the finished round against the seed the server committed to.
func fair(t *testing.T, b *bot, round int) {
	t.Helper()
	rec, commit, secret, err := wire.RoundRecord(b.events, round)
	if err != nil {
		t.Fatal(err)
	}
	if err := wire.Verify(rec, commit, secret); err != nil {
		t.Fatalf("the throws do not follow from the revealed seed: %v", err)
	}
	g, _ := games.Lookup(rec.Game)
	done, err := rules.Replay(g, rec)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if !done.State.Equal(b.state) {
		t.Fatalf("the record replays to\n%s\nnot the position played\n%s", done.State, b.state)
	}
}

// TestWholeMatch: two sessions play a whole Seega and a whole Es-Sîg (thrown sticks) through a
// real server: both see every event once and in order, reach the same position, and the throws
// check against the revealed seed.
func TestWholeMatch(t *testing.T) {
	url := startServer(t, server.Config{})
	for _, game := range []string{"seega", "es-sig"} {
		t.Run(game, func(t *testing.T) {
			bots := sit(t, Config{URL: url}, game, people(2))
			until(t, 60*time.Second, bots, true, "the game's end", func() bool { return bots[0].over() && bots[1].over() })
			for _, b := range bots {
				if len(b.refused) > 0 {
					t.Fatalf("%s: refused %+v", b.name, b.refused)
				}
			}
			sameHistory(t, bots)
			fair(t, bots[0], 1)
			if k := bots[1].kept; len(k) == 0 || k[len(k)-1].Last != int64(len(bots[1].events)) || k[len(k)-1].Key == "" || k[len(k)-1].Seat != 1 {
				t.Fatalf("the guest's kept ticket %+v does not follow its %d events", k, len(bots[1].events))
			}
		})
	}
}

// TestRefusedMove: a move the rules refuse comes back as KRefused naming the move and the
// reason, changes nothing, and the player can move again.
func TestRefusedMove(t *testing.T) {
	url := startServer(t, server.Config{})
	bots := sit(t, Config{URL: url}, "seega", people(2))
	host := bots[0]
	before := len(host.events)
	host.s.Move("a1-a1")
	until(t, 10*time.Second, bots, false, "the refusal", func() bool { return len(host.refused) > 0 })
	r := host.refused[0]
	if r.For != wire.TMove || r.Move != "a1-a1" || r.Refusal == nil || r.Refusal.Reason != wire.ReasonIllegal {
		t.Fatalf("refusal %+v (%+v)", r, r.Refusal)
	}
	if host.s.Moving() || len(host.events) != before {
		t.Fatalf("after the refusal: moving %v, %d events (were %d)", host.s.Moving(), len(host.events), before)
	}
	// Out of turn: the guest is refused too.
	bots[1].s.Move(bots[0].state.FormatMove(bots[0].state.Legal(nil)[0]))
	until(t, 10*time.Second, bots, false, "the guest's refusal", func() bool { return len(bots[1].refused) > 0 })
	if r := bots[1].refused[0]; r.Refusal.Reason != wire.ReasonNotYourTurn {
		t.Fatalf("out of turn: %+v", r.Refusal)
	}
	host.act()
	until(t, 10*time.Second, bots, false, "the host's next move", func() bool { return len(bots[1].events) > before })
}

// TestNoServer: with nothing listening, the session says so plainly and stops.
func TestNoServer(t *testing.T) {
	b := newBot(t, "alone", Config{URL: "ws://127.0.0.1:1/ws", GiveUp: 500 * time.Millisecond, Backoff: 50 * time.Millisecond})
	b.s.Create("seega", people(2))
	// A fail-safe, not a time asserted: GiveUp is time awake, which a loaded machine stretches.
	until(t, 30*time.Second, []*bot{b}, false, "giving up", func() bool {
		st, _ := b.s.Status()
		return st == Closed
	})
	if _, err := b.s.Status(); err == nil {
		t.Fatal("closed with no reason")
	}
	if b.created.Match != "" || len(b.kept) != 0 {
		t.Fatalf("no server, yet created %+v, kept %+v", b.created, b.kept)
	}
}

// TestReloadResumes: a page reloaded mid-game (the session closed, a new one made from the
// kept ticket with Last 0) takes its seat back, is given the whole history, and plays on;
// the old connection's seat is not doubled. A second window on the same seat replaces it.
func TestReloadResumes(t *testing.T) {
	url := startServer(t, server.Config{})
	bots := sit(t, Config{URL: url}, "es-sig", people(2))
	until(t, 20*time.Second, bots, true, "a few moves", func() bool { return len(bots[1].events) > 10 })
	old := bots[1]
	tk := old.kept[len(old.kept)-1]
	old.s.Close()
	tk.Last = 0
	back := newBot(t, "reloaded", Config{URL: url})
	back.s.Resume(tk)
	bots[1] = back
	until(t, 60*time.Second, bots, true, "the game's end", func() bool { return bots[0].over() && back.over() })
	sameHistory(t, bots)
	if !back.joined.Resumed || back.joined.Seat != 1 {
		t.Fatalf("resumed as %+v", back.joined)
	}
	// Another window takes the same seat: the first is told and stops.
	other := newBot(t, "other", Config{URL: url})
	other.s.Resume(back.kept[len(back.kept)-1])
	until(t, 10*time.Second, []*bot{back, other}, false, "the replacement", func() bool {
		st, _ := back.s.Status()
		return st == Closed && other.joined.Match != ""
	})
	if _, err := back.s.Status(); !errors.Is(err, ErrReplaced) {
		t.Fatalf("replaced, yet closed with %v", err)
	}
}

// TestWatchAndHeldMove: a spectator (by the match's id) sees the same events as the players;
// a move made while the network is down is sent once it is back, and played once.
func TestWatchAndHeldMove(t *testing.T) {
	url := startServer(t, server.Config{})
	p := &proxy{}
	bots := sitVia(t, url, p, "seega")
	fan := newBot(t, "fan", Config{URL: url})
	fan.s.Watch(bots[0].created.Match)
	all := append(bots, fan)
	until(t, 20*time.Second, all, false, "the guest's turn", func() bool {
		bots[0].act()
		if len(bots[1].events) <= 6 {
			bots[1].act()
			return false
		}
		return bots[1].state.ToMove() == 1 && !bots[1].s.Moving() && len(fan.events) == len(bots[1].events)
	})
	p.cut()
	until(t, 5*time.Second, bots, false, "reconnecting", func() bool {
		st, _ := bots[1].s.Status()
		return st == Reconnecting
	})
	n := len(bots[1].events)
	bots[1].act() // made while down: held
	time.Sleep(300 * time.Millisecond)
	p.up()
	until(t, 10*time.Second, all, false, "the held move", func() bool { return len(fan.events) > n })
	if ev := fan.events[n]; ev.Kind != wire.EvMove || ev.Seat != 1 {
		t.Fatalf("after the cut the spectator saw %+v, not the guest's move", ev)
	}
	until(t, 60*time.Second, all, true, "the game's end", func() bool { return bots[0].over() && bots[1].over() && fan.over() })
	sameHistory(t, all)
	if fan.s.Seat() != -1 {
		t.Fatalf("the spectator holds seat %d", fan.s.Seat())
	}
}
