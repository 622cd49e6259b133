package server

import (
	"context"
	"log/slog"
	"os"
	"testing"
	"time"

	"sig/wire"
)

// TestCluster runs two servers on a three-node NATS cluster (streams with three replicas) and
// splits each match's seats between them: every player and a spectator on each side see the
// same events, while the players also send emotes that race with the moves for the same event
// numbers (the expected last sequence lets only one writer have each).
func TestCluster(t *testing.T) {
	wsURL := twoServers(t, Config{})
	n := 0
	mk := func(name string) *player { // seats alternate between the two servers
		n++
		return newPlayer(t, name, dialWS(t, wsURL[n%2]))
	}
	for _, game := range []string{"es-sig", "sadeqa"} {
		n = 0
		players := 4
		if game == "sadeqa" {
			players = 2
		}
		ps := table(t, game, players, mk)
		var watchers []*player
		for i := range wsURL {
			w := newPlayer(t, "watcher", dialWS(t, wsURL[i]))
			w.send(wire.ClientMsg{T: wire.TWatch, Match: ps[0].match})
			w.expect(wire.TWatching)
			watchers = append(watchers, w)
		}
		deadline := time.Now().Add(30 * time.Second)
		emotes := 0
		for !allOver(ps) {
			if time.Now().After(deadline) {
				for _, p := range ps {
					t.Logf("%s: seat %d, %d events, my turn %v, sent %d turns %d, last %+v, others %+v", p.name, p.seat, p.last(), p.myTurn(), p.sent, p.turns, p.events[p.last()-1], tail(p.others))
				}
				t.Fatalf("%s: the game did not end (%d events)", game, ps[0].last())
			}
			for i, p := range ps {
				p.drain(time.Millisecond)
				p.act()
				if i == (int(p.last())+emotes)%len(ps) && emotes < 40 && !p.over() {
					p.send(wire.ClientMsg{T: wire.TEmote, Emote: "wow"})
					emotes++
				}
			}
			for _, w := range watchers {
				w.drain(time.Millisecond)
			}
		}
		for _, p := range append(ps, watchers...) {
			p.waitSeq(ps[0].last())
		}
		for _, p := range ps {
			for _, m := range p.others {
				if m.T == wire.TRefused && m.Reason != wire.ReasonBusy {
					for _, o := range p.others {
						t.Logf("%s got %+v", p.name, o)
					}
					for _, e := range p.events[max(0, len(p.events)-8):] {
						t.Logf("%s saw %+v", p.name, e)
					}
					t.Fatalf("%s refused: %s %s", p.name, m.Reason, m.Text)
				}
			}
		}
		checkSame(t, append(ps, watchers...))
		checkFair(t, ps[0].events, 1)
		t.Logf("%s across two servers: %d events, %d emotes sent", game, ps[0].last(), emotes)
	}
}

func allOver(ps []*player) bool {
	for _, p := range ps {
		if !p.over() {
			return false
		}
	}
	return true
}

// twoServers starts a three-node NATS cluster on loopback and two servers on it, and returns
// the servers' WebSocket addresses.
func twoServers(t *testing.T, cfg Config) [2]string {
	wsURL, _ := twoServersStores(t, cfg)
	return wsURL
}

// twoServersStores is twoServers, with the servers' stores.
func twoServersStores(t *testing.T, cfg Config) ([2]string, [2]*Store) {
	wsURL, stores, _ := twoServersAll(t, cfg)
	return wsURL, stores
}

// twoServersAll is twoServers, with the servers' stores and the servers.
func twoServersAll(t *testing.T, cfg Config) ([2]string, [2]*Store, [2]*Server) {
	if testing.Short() {
		t.Skip("starts a NATS cluster")
	}
	urls, stop, err := LoopbackCluster(t.TempDir(), 3)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	var wsURL [2]string
	var stores [2]*Store
	var servers [2]*Server
	for i := range wsURL {
		st, err := OpenStore(context.Background(), StoreConfig{URL: urls[i], Replicas: 3})
		if err != nil {
			t.Fatal(err)
		}
		c := cfg
		c.Store, c.Rate, c.Burst = st, 1000, 1000
		c.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		srv := New(c)
		t.Cleanup(func() { srv.Close(); st.Close() })
		wsURL[i] = startWS(t, srv)
		stores[i], servers[i] = st, srv
	}
	return wsURL, stores, servers
}

// TestClusterPresence: a seat connected to the other server shows as connected, then away
// when its player goes; only then may the player on this server give it to the computer.
func TestClusterPresence(t *testing.T) {
	wsURL := twoServers(t, Config{Away: 500 * time.Millisecond, ThinkLimit: 50 * time.Millisecond})
	n := 0
	ps := table(t, "sadeqa", 2, func(name string) *player {
		n++
		return newPlayer(t, name, dialWS(t, wsURL[n%2]))
	})
	host, guest := ps[0], ps[1]
	waitPresence(t, host, 1, "here")
	step(t, ps, 3)
	guest.l.close()
	waitPresence(t, host, 1, "away")
	host.refused(wire.ClientMsg{T: wire.TChoose, Seat: 1, Choice: wire.ChoiceComputer}, wire.ReasonNotAway)
	time.Sleep(600 * time.Millisecond)
	host.send(wire.ClientMsg{T: wire.TChoose, Seat: 1, Choice: wire.ChoiceComputer})
	// One server plays the computer's seat (the lease's holder): the host's moves never race
	// an end written by the other, and no refusal is expected.
	playOut(t, []*player{host}, 120*time.Second)
	checkFair(t, host.events, 1)
}

// TestClusterOneDriver: a match with a computer seat is loaded on both servers (the host on
// one, a spectator on the other); exactly one of them plays the computer's seat. When that
// server dies (its NATS connections cut, then stopped), the host resumes on the other, which
// takes the lease over after the dead one's heartbeats stop and plays the computer to the end.
// The game is Seega, which cannot end before the takeover: the computer's first six moves are
// placements, and nothing is captured while the 24 pieces are being placed.
func TestClusterOneDriver(t *testing.T) {
	wsURL, stores, servers := twoServersAll(t, Config{Heartbeat: 200 * time.Millisecond})
	host := newPlayer(t, "host", dialWS(t, wsURL[0]))
	host.send(wire.ClientMsg{T: wire.TCreate, Game: "seega", Players: 2, Seats: []wire.SeatSpec{{Kind: wire.Person}, {Kind: wire.Computer, Level: "easy"}}})
	host.expect(wire.TCreated)
	watcher := newPlayer(t, "watcher", dialWS(t, wsURL[1]))
	watcher.send(wire.ClientMsg{T: wire.TWatch, Match: host.match})
	watcher.expect(wire.TWatching)
	host.send(wire.ClientMsg{T: wire.TStart})
	for host.state == nil {
		host.expect(wire.TEvent)
	}
	// Play until the computer has moved a few times.
	deadline := time.Now().Add(60 * time.Second)
	for servers[0].computerMoves.Load()+servers[1].computerMoves.Load() < 6 && !host.over() {
		if time.Now().After(deadline) {
			t.Fatalf("the computer made %d+%d moves in 60 s", servers[0].computerMoves.Load(), servers[1].computerMoves.Load())
		}
		host.drain(5 * time.Millisecond)
		watcher.drain(time.Millisecond)
		for _, m := range host.others {
			if m.T == wire.TRefused {
				t.Fatalf("host refused: %s %s", m.Reason, m.Text)
			}
		}
		host.act()
	}
	a, b := servers[0].computerMoves.Load(), servers[1].computerMoves.Load()
	if a > 0 && b > 0 {
		t.Fatalf("both servers played the computer's seat: %d and %d moves", a, b)
	}
	if host.over() {
		t.Fatal("the game ended while the pieces were being placed, before the takeover")
	}
	dead, alive := 0, 1
	if b > 0 {
		dead, alive = 1, 0
	}
	for _, l := range stores[dead].lanes {
		l.nc.Close()
	}
	servers[dead].Close()
	before := servers[alive].computerMoves.Load()
	back := newPlayer(t, "host again", dialWS(t, wsURL[alive]))
	host.carryOver(back, -1)
	back.send(wire.ClientMsg{T: wire.TResume, Match: host.match, Seat: 0, Key: host.key, Last: host.last()})
	back.expect(wire.TJoined)
	playOut(t, []*player{back}, 120*time.Second)
	if servers[alive].computerMoves.Load() == before {
		t.Fatalf("server %d never played the computer after server %d died", alive, dead)
	}
	checkFair(t, back.events, 1)
}

// TestClusterPresencePrompt: what one server knows of the seats connected to the other
// follows at once — a match loaded on the second server asks the first who is there, a seat
// that connects or goes is told, and a server that dies (its connections to NATS cut, no word
// from it) is forgotten with its seats after three missed heartbeats. The old design sent
// beacons every 10 s and forgot a server after 30 s; the limit here (3 s) would fail it.
func TestClusterPresencePrompt(t *testing.T) {
	wsURL, stores := twoServersStores(t, Config{Heartbeat: 200 * time.Millisecond})
	const prompt = 3 * time.Second
	n := 0
	ps := table(t, "sadeqa", 2, func(name string) *player {
		n++
		return newPlayer(t, name, dialWS(t, wsURL[n%2]))
	})
	host, guest := ps[0], ps[1] // host on server 1, guest on server 0 (which loaded the match to join it)
	waitPresenceWithin(t, guest, 0, "here", prompt)
	waitPresenceWithin(t, host, 1, "here", prompt)
	guest.l.close()
	waitPresenceWithin(t, host, 1, "away", prompt)
	back := newPlayer(t, "guest again", dialWS(t, wsURL[0]))
	guest.carryOver(back, guest.sent)
	back.send(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: 1, Key: guest.key, Last: guest.last()})
	back.expect(wire.TJoined)
	waitPresenceWithin(t, host, 1, "here", prompt)
	// Server 0 dies: no goodbye, its heartbeats stop.
	for _, l := range stores[0].lanes {
		l.nc.Close()
	}
	waitPresenceWithin(t, host, 1, "away", prompt)
}

// waitPresence reads until p's latest presence shows seat in state.
func waitPresence(t *testing.T, p *player, seat int, state string) {
	t.Helper()
	waitPresenceWithin(t, p, seat, state, 15*time.Second)
}

// waitPresenceWithin is waitPresence, giving up after d.
func waitPresenceWithin(t *testing.T, p *player, seat int, state string, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for presenceOf(p, seat) != state {
		if time.Now().After(deadline) {
			t.Fatalf("%s: seat %d shows %q, waited for %q", p.name, seat, presenceOf(p, seat), state)
		}
		p.pump(100 * time.Millisecond)
	}
}
