package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"sig/wire"
)

// step lets the players play until n more events were stored (as ps[0] sees them).
func step(t *testing.T, ps []*player, n int64) {
	t.Helper()
	target := ps[0].last() + n
	deadline := time.Now().Add(20 * time.Second)
	for ps[0].last() < target {
		if time.Now().After(deadline) {
			t.Fatalf("stuck at event %d", ps[0].last())
		}
		for _, p := range ps {
			p.drain(2 * time.Millisecond)
			p.act()
		}
	}
}

// presenceOf is the state of seat in the latest presence message p received.
func presenceOf(p *player, seat int) string {
	for i := len(p.others) - 1; i >= 0; i-- {
		if m := p.others[i]; m.T == wire.TPresence {
			return m.Presence[seat].State
		}
	}
	return ""
}

// TestResume: a player who loses the connection resumes with the last event it saw and gets
// every later one exactly once (the player checks the sequence), while the others see it away
// and back; a second connection to the same seat replaces the first.
func TestResume(t *testing.T) {
	srv := openServer(t, Config{}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "sig-el-oued", 2, mk)
	host, guest := ps[0], ps[1]
	step(t, ps, 10)
	for round := 0; round < 3; round++ {
		guest.drain(10 * time.Millisecond)
		guest.l.close()
		host.expect(wire.TPresence)
		if s := presenceOf(host, 1); s != "away" {
			t.Fatalf("the guest's seat shows %q after the connection closed", s)
		}
		// The host plays on alone as far as the game lets it.
		for i := 0; i < 20 && !host.over(); i++ {
			host.drain(5 * time.Millisecond)
			host.act()
		}
		host.drain(20 * time.Millisecond)
		missed := host.last() - guest.last()
		back := mk("guest")
		guest.carryOver(back, guest.sent)
		back.send(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: 1, Key: guest.key, Last: guest.last()})
		if j := back.expect(wire.TJoined); j.Seat != 1 {
			t.Fatalf("resumed as %+v", j)
		}
		back.waitSeq(host.last())
		back.match, back.key = guest.match, guest.key
		t.Logf("reconnect %d: %d events missed and received once each", round, missed)
		host.expect(wire.TPresence)
		if s := presenceOf(host, 1); s != "here" {
			t.Fatalf("the guest's seat shows %q after resuming", s)
		}
		guest = back
		ps[1] = guest
		step(t, ps, 6)
	}
	// A reload while the old connection still looks alive: the newer one takes the seat.
	newer := mk("newer")
	newer.send(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: 1, Key: guest.key, Last: 0})
	newer.expect(wire.TJoined)
	newer.waitSeq(host.last())
	old := guest.l.(*sessionLink).s
	select {
	case <-old.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the older connection to the seat was not closed")
	}
	newer.sent = guest.sent
	ps[1] = newer
	playOut(t, ps, 60*time.Second)
	checkSame(t, ps)
	checkFair(t, host.events, 1)
}

// TestTakeover: when a player has been away long enough, the other may give the seat to the
// computer (which then plays it to the end) or end the game in their own favour.
func TestTakeover(t *testing.T) {
	srv := openServer(t, Config{Away: 300 * time.Millisecond}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	for _, choice := range []string{wire.ChoiceComputer, wire.ChoiceEnd} {
		ps := table(t, "sadeqa", 2, mk)
		host, guest := ps[0], ps[1]
		step(t, ps, 4)
		guest.l.close()
		host.expect(wire.TPresence)
		host.refused(wire.ClientMsg{T: wire.TChoose, Seat: 1, Choice: choice}, wire.ReasonNotAway)
		time.Sleep(400 * time.Millisecond)
		host.refused(wire.ClientMsg{T: wire.TChoose, Seat: 0, Choice: choice}, wire.ReasonNotAway)
		host.send(wire.ClientMsg{T: wire.TChoose, Seat: 1, Choice: choice})
		if choice == wire.ChoiceEnd {
			m := host.expect(wire.TEvent)
			for m.Event.Kind != wire.EvOver {
				m = host.expect(wire.TEvent)
			}
			if m.Event.Why != "abandoned" || len(m.Event.Ranks) != 2 || m.Event.Ranks[0] != 1 || m.Event.Ranks[1] != 2 {
				t.Fatalf("ended with %+v", m.Event)
			}
			checkFairSecret(t, host.events, 1)
			continue
		}
		m := host.expect(wire.TEvent)
		if m.Event.Kind != wire.EvTakeover || m.Event.Seat != 1 {
			t.Fatalf("after choosing the computer: %+v", m.Event)
		}
		playOut(t, []*player{host}, 120*time.Second)
		computer := 0
		for _, ev := range host.events[m.Event.Seq:] {
			if ev.Kind == wire.EvMove && ev.Seat == 1 {
				computer++
			}
		}
		if computer == 0 {
			t.Fatal("the computer never played the seat it took over")
		}
		checkFair(t, host.events, 1)
	}
}

// checkFairSecret: a game ended early reveals the secret matching its commitment.
func checkFairSecret(t *testing.T, evs []wire.Event, round int) {
	t.Helper()
	rec, commit, secret, err := wire.RoundRecord(evs, round)
	if err != nil {
		t.Fatal(err)
	}
	if err := wire.Verify(rec, commit, secret); err != nil {
		t.Fatal(err)
	}
}

// TestRematchAndWatch: a finished match starts again with the same seats (a new commitment);
// a spectator sees every event and cannot play.
func TestRematchAndWatch(t *testing.T) {
	srv := openServer(t, Config{}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "seega", 2, mk)
	spectator := mk("spectator")
	spectator.send(wire.ClientMsg{T: wire.TWatch, Match: ps[0].match})
	spectator.expect(wire.TWatching)
	spectator.refused(wire.ClientMsg{T: wire.TMove, Move: "c3"}, wire.ReasonNotSeated)
	playOut(t, ps, 60*time.Second)
	ps[1].send(wire.ClientMsg{T: wire.TRematch})
	for ps[0].over() {
		ps[0].expect(wire.TEvent)
	}
	start := ps[0].events[ps[0].last()-1]
	if start.Kind != wire.EvStart || start.Round != 2 || start.Commit == ps[0].events[1].Commit {
		t.Fatalf("the rematch began with %+v", start)
	}
	playOut(t, ps, 60*time.Second)
	spectator.waitSeq(ps[0].last())
	checkSame(t, append(ps, spectator))
	checkFair(t, ps[0].events, 1)
	checkFair(t, ps[0].events, 2)
}

// TestVerifyCatchesTampering: a changed throw, seed, secret or commitment fails the check.
func TestVerifyCatchesTampering(t *testing.T) {
	srv := openServer(t, Config{}, "")
	ps := table(t, "sig-wa-duqqan", 2, func(name string) *player { return sessionPlayer(t, srv, name) })
	playOut(t, ps, 60*time.Second)
	rec, commit, secret, err := wire.RoundRecord(ps[0].events, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := wire.Verify(rec, commit, secret); err != nil {
		t.Fatal(err)
	}
	changed := rec
	changed.Moves = append([]string(nil), rec.Moves...)
	for i, mv := range changed.Moves {
		if mv == "throw 1" {
			changed.Moves[i] = "throw 2"
			break
		}
	}
	if wire.Verify(changed, commit, secret) == nil {
		t.Error("a changed throw verifies")
	}
	other := rec
	other.Seed++
	if wire.Verify(other, commit, secret) == nil {
		t.Error("another seed verifies")
	}
	if wire.Verify(rec, commit, "00"+secret[2:]) == nil {
		t.Error("another secret verifies")
	}
	if wire.Verify(rec, "00"+commit[2:], secret) == nil {
		t.Error("another commitment verifies")
	}
}

// TestQuickMatch pairs two strangers, who play a whole game.
func TestQuickMatch(t *testing.T) {
	srv := openServer(t, Config{}, "")
	a, b := sessionPlayer(t, srv, "a"), sessionPlayer(t, srv, "b")
	a.send(wire.ClientMsg{T: wire.TQuick, Game: "sadeqa"})
	a.expect(wire.TQueued)
	b.send(wire.ClientMsg{T: wire.TQuick, Game: "sadeqa"})
	for _, p := range []*player{a, b} {
		p.expect(wire.TJoined)
		for p.state == nil {
			p.expect(wire.TEvent)
		}
	}
	if a.seat == b.seat || a.match != b.match {
		t.Fatalf("paired as %s/%d and %s/%d", a.match, a.seat, b.match, b.seat)
	}
	playOut(t, []*player{a, b}, 60*time.Second)
	checkSame(t, []*player{a, b})
}

// TestRestartResumes: the server and its embedded NATS stop mid-game and start again on the
// same folder; the players resume and finish with every event kept.
func TestRestartResumes(t *testing.T) {
	dir := t.TempDir()
	st, err := OpenStore(context.Background(), StoreConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	srv := New(Config{Store: st, Rate: 1000, Burst: 1000})
	ps := table(t, "es-sig", 3, func(name string) *player { return sessionPlayer(t, srv, name) })
	step(t, ps, 30)
	for _, p := range ps {
		p.drain(20 * time.Millisecond)
	}
	srv.Close()
	st.Close()

	srv2 := openServer(t, Config{}, dir)
	for i, p := range ps {
		back := sessionPlayer(t, srv2, p.name)
		p.carryOver(back, p.sent)
		back.send(wire.ClientMsg{T: wire.TResume, Match: p.match, Seat: p.seat, Key: p.key, Last: p.last()})
		back.expect(wire.TJoined)
		back.sent = -1
		ps[i] = back
	}
	playOut(t, ps, 60*time.Second)
	checkSame(t, ps)
	checkFair(t, ps[0].events, 1)
}

// TestIdleMatchUnloads: a match nobody is connected to leaves memory after the idle time (each
// load's hold on it is released by the command it carried), and a player resuming later finds
// it again from the stream, every event kept.
func TestIdleMatchUnloads(t *testing.T) {
	srv := openServer(t, Config{Idle: 200 * time.Millisecond}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	ps := table(t, "seega", 2, mk)
	step(t, ps, 6)
	id := ps[0].match
	for _, p := range ps {
		p.l.close()
	}
	loaded := func() bool {
		srv.mu.Lock()
		defer srv.mu.Unlock()
		_, ok := srv.matches[id]
		return ok
	}
	for end := time.Now().Add(20 * time.Second); loaded(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the match stayed in memory 20 s after everyone left (idle time 200 ms)")
		}
	}
	old := ps[1]
	back := sessionPlayer(t, srv, "guest back")
	old.carryOver(back, old.sent)
	back.send(wire.ClientMsg{T: wire.TResume, Match: id, Seat: old.seat, Key: old.key, Last: 0})
	back.events, back.state = nil, nil // from the start: the whole match again, from the stream
	back.expect(wire.TJoined)
	back.waitSeq(old.last())
	for i, ev := range old.events {
		if !sameEvent(ev, back.events[i]) {
			t.Fatalf("event %d read back as %+v, was %+v", i+1, back.events[i], ev)
		}
	}
}

// TestJoinAgain: a join is idempotent. A player whose answer never arrived (the connection
// dropped, or a "busy" whose seat was in fact taken) sends the same invite again and gets
// joined with the same key and the events, by the seat's link or its code alike (one
// invitation); the invite is refused as used while a connection holds the seat, and once the
// retry time is over.
func TestJoinAgain(t *testing.T) {
	srv := openServer(t, Config{JoinRetry: 2 * time.Second}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	host := mk("host")
	host.send(wire.ClientMsg{T: wire.TCreate, Game: "es-sig", Players: 3, Seats: people(3)})
	c := host.expect(wire.TCreated)
	byLink := wire.ClientMsg{T: wire.TJoin, Match: c.Match, Seat: 1, Secret: c.Invites[0].Secret}
	byCode := wire.ClientMsg{T: wire.TJoin, Code: c.Invites[1].Code}

	first := mk("guest1")
	first.send(byLink)
	j1 := first.expect(wire.TJoined)
	// While this connection holds the seat, the invite is used.
	mk("intruder").refused(byLink, wire.ReasonInviteUsed)
	first.l.close()
	waitPresence(t, host, 1, "away")
	again := mk("guest1 again")
	again.send(byLink)
	if j := again.expect(wire.TJoined); j.Key != j1.Key || j.Seat != 1 || j.Match != c.Match {
		t.Fatalf("joined again as %+v, first %+v", j, j1)
	}
	again.waitSeq(first.last())
	again.l.close()
	waitPresence(t, host, 1, "away")
	// The seat taken by its link is taken again by its code, with the same key.
	coded := mk("guest1 by code")
	coded.send(wire.ClientMsg{T: wire.TJoin, Code: c.Invites[0].Code})
	if j := coded.expect(wire.TJoined); j.Key != j1.Key || j.Seat != 1 {
		t.Fatalf("joined again by code as %+v, first by link %+v", j, j1)
	}

	second := mk("guest2")
	second.send(byCode)
	j2 := second.expect(wire.TJoined)
	second.l.close()
	waitPresence(t, host, 2, "away")
	// The seat's invite link is the same invitation as the code it was taken with: the same key.
	byLink2 := mk("guest2 by link")
	byLink2.send(wire.ClientMsg{T: wire.TJoin, Match: c.Match, Seat: 2, Secret: c.Invites[1].Secret})
	if j := byLink2.expect(wire.TJoined); j.Key != j2.Key || j.Seat != 2 {
		t.Fatalf("joined again by link as %+v, first by code %+v", j, j2)
	}
	byLink2.l.close()
	waitPresence(t, host, 2, "away")
	back := mk("guest2 again")
	back.send(wire.ClientMsg{T: wire.TJoin, Code: strings.ToLower(c.Invites[1].Code)})
	if j := back.expect(wire.TJoined); j.Key != j2.Key || j.Seat != 2 {
		t.Fatalf("joined again by code as %+v, first %+v", j, j2)
	}
	// The key given twice is the seat's key: it resumes the seat.
	back.l.close()
	waitPresence(t, host, 2, "away")
	resumed := mk("guest2 resumed")
	resumed.send(wire.ClientMsg{T: wire.TResume, Match: c.Match, Seat: 2, Key: j2.Key})
	resumed.expect(wire.TJoined)
	resumed.l.close()
	waitPresence(t, host, 2, "away")
	// Past the retry time, the invite is used for good.
	time.Sleep(2 * time.Second)
	mk("too late").refused(byCode, wire.ReasonFull)
}
