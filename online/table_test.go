package online

import (
	"math/rand/v2"
	"testing"
	"time"

	"sig/rules"
	"sig/server"
	"sig/wire"
)

// seat is a screen playing through a Table as the play scene does: Pump each frame, Next while
// the server has moves to show, Play or Throw on the person's turn.
type seat struct {
	t      *testing.T
	name   string
	tb     *Table
	rng    *rand.Rand
	notes  []Note
	shown  int // moves shown (returned by Next or Play)
	played []int
}

func (s *seat) frame(act bool) {
	s.t.Helper()
	s.notes = append(s.notes, s.tb.Pump()...)
	for {
		p, ok, err := s.tb.Next()
		if err != nil {
			s.t.Fatalf("%s: %v", s.name, err)
		}
		if !ok {
			break
		}
		s.shown++
		s.played = append(s.played, p.Player)
	}
	if !act || !s.tb.Ready() {
		return
	}
	st := s.tb.Driver().State()
	if st.Phase() == rules.PhaseThrow {
		if err := s.tb.Throw(); err != nil {
			s.t.Fatalf("%s: throw: %v", s.name, err)
		}
		return
	}
	legal := st.Legal(nil)
	if _, err := s.tb.Play(legal[s.rng.IntN(len(legal))]); err != nil {
		s.t.Fatalf("%s: play: %v", s.name, err)
	}
	s.shown++
}

func (s *seat) refused() []Note {
	var r []Note
	for _, n := range s.notes {
		if n.Kind == NRefused {
			r = append(r, n)
		}
	}
	return r
}

func frames(t *testing.T, limit time.Duration, seats []*seat, act bool, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		for _, s := range seats {
			s.frame(act)
		}
		if cond() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("%s: not within %s", what, limit)
}

// tables opens a match as sit does, with each player's session behind a Table; the guest's
// connections go through p.
func tables(t *testing.T, url string, p *proxy, game string, seats []wire.SeatSpec) []*seat {
	t.Helper()
	hs := New(Config{URL: url})
	t.Cleanup(hs.Close)
	host := &seat{t: t, name: "host", tb: NewTable(hs), rng: rand.New(rand.NewPCG(1, 2))}
	hs.Create(game, seats)
	frames(t, 10*time.Second, []*seat{host}, false, "created", func() bool { return len(hs.Invites()) > 0 })
	inv := hs.Invites()[0]
	gs := New(Config{URL: url, Dial: p.dial, Backoff: 50 * time.Millisecond, MaxBackoff: 200 * time.Millisecond})
	t.Cleanup(gs.Close)
	guest := &seat{t: t, name: "guest", tb: NewTable(gs), rng: rand.New(rand.NewPCG(3, 4))}
	gs.Join(hs.Ticket().Match, inv.Seat, inv.Secret)
	all := []*seat{host, guest}
	frames(t, 10*time.Second, all, false, "joined", func() bool { return gs.Seat() == inv.Seat })
	hs.Start()
	frames(t, 10*time.Second, all, false, "started", func() bool { return host.tb.Driver() != nil && guest.tb.Driver() != nil })
	return all
}

// TestTablesPlayAMatch: two screens play whole matches through Tables (Es-Sîg with its sticks
// thrown by the server, and Sig wa Duqqan with two of four seats the server's computer): both
// drivers end in the same position, which is the one the record replays to, and the throws
// check against the revealed seed.
func TestTablesPlayAMatch(t *testing.T) {
	url := startServer(t, server.Config{})
	four := append(people(2), wire.SeatSpec{Kind: wire.Computer, Level: "easy"}, wire.SeatSpec{Kind: wire.Computer, Level: "easy"})
	for _, c := range []struct {
		game  string
		seats []wire.SeatSpec
	}{{"es-sig", people(2)}, {"sig-wa-duqqan", four}} {
		t.Run(c.game, func(t *testing.T) {
			all := tables(t, url, &proxy{}, c.game, c.seats)
			frames(t, 90*time.Second, all, true, "the end", func() bool { return all[0].tb.Over() != nil && all[1].tb.Over() != nil })
			for _, s := range all {
				if r := s.refused(); len(r) > 0 {
					t.Fatalf("%s: refused %+v", s.name, r)
				}
				if err := s.tb.Fair(); err != nil {
					t.Fatalf("%s: the fairness check failed: %v", s.name, err)
				}
				if !s.tb.Driver().Over() {
					t.Fatalf("%s: the server says over, the driver does not:\n%s", s.name, s.tb.Driver().State())
				}
			}
			a, b := all[0].tb.Driver().State(), all[1].tb.Driver().State()
			if !a.Equal(b) {
				t.Fatalf("the screens differ:\n%s\n%s", a, b)
			}
			rec := all[1].tb.Record()
			done, err := rules.Replay(all[1].tb.Game(), rec)
			if err != nil || !done.State.Equal(a) {
				t.Fatalf("the record (%v) does not replay to the position shown", err)
			}
			if n := all[0].tb.Driver().Match().Moves(); n != len(rec.Moves) || all[0].shown != n || all[1].shown != n {
				t.Fatalf("%d moves in the driver, %d in the record; shown %d and %d", n, len(rec.Moves), all[0].shown, all[1].shown)
			}
		})
	}
}

// TestTableTakesBackARefusedMove: the server refuses a move the screen thought legal (the
// proxy spoils it on the way); the move, shown at once, is taken back, the screen is told why,
// and the game goes on to its end in step with the other screen.
func TestTableTakesBackARefusedMove(t *testing.T) {
	url := startServer(t, server.Config{})
	p := &proxy{}
	spoiled := 0
	all := tables(t, url, p, "seega", people(2))
	guest := all[1]
	p.mu.Lock()
	p.alter = func(m *wire.ClientMsg) {
		if m.T == wire.TMove && spoiled == 0 {
			spoiled++
			m.Move = "a1-a1"
		}
	}
	p.mu.Unlock()
	var before rules.State
	frames(t, 20*time.Second, all, false, "the guest's spoiled move", func() bool {
		all[0].frame(true)
		if guest.tb.Ready() {
			before = guest.tb.Driver().State().Clone()
			guest.frame(true)
			return true
		}
		return false
	})
	if guest.tb.Driver().State().Equal(before) {
		t.Fatal("the move was not shown at once")
	}
	frames(t, 10*time.Second, all, false, "the refusal", func() bool { return len(guest.refused()) > 0 })
	r := guest.refused()[0]
	if r.Refusal == nil || r.Refusal.Reason != wire.ReasonIllegal || r.Move == "" {
		t.Fatalf("refusal note %+v", r)
	}
	if !guest.tb.Driver().State().Equal(before) {
		t.Fatalf("the refused move was not taken back:\n%s\nwas\n%s", guest.tb.Driver().State(), before)
	}
	frames(t, 60*time.Second, all, true, "the end", func() bool { return all[0].tb.Over() != nil && all[1].tb.Over() != nil })
	if !all[0].tb.Driver().State().Equal(guest.tb.Driver().State()) {
		t.Fatal("the screens differ at the end")
	}
}
