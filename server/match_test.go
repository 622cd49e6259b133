package server

import (
	"testing"
	"time"

	"sig/rules"
	"sig/rules/games"
	"sig/wire"
)

// TestWholeMatchEveryGame plays a match of each game, at its fewest and most players, between
// scripted players, and checks that everyone saw the same events and that the throws verify.
func TestWholeMatchEveryGame(t *testing.T) {
	srv := openServer(t, Config{}, "")
	for _, g := range games.All() {
		counts := []int{g.MinPlayers}
		if g.MaxPlayers != g.MinPlayers {
			counts = append(counts, g.MaxPlayers)
		}
		for _, n := range counts {
			ps := table(t, g.ID, n, func(name string) *player { return sessionPlayer(t, srv, name) })
			playOut(t, ps, 60*time.Second)
			checkSame(t, ps)
			checkFair(t, ps[0].events, 1)
			t.Logf("%s, %d players: %d events, ranks %v", g.ID, n, ps[0].last(), ps[0].events[ps[0].last()-1].Ranks)
		}
	}
}

// checkSame: every player saw the same events.
func checkSame(t testing.TB, ps []*player) {
	t.Helper()
	for _, p := range ps[1:] {
		if len(p.events) != len(ps[0].events) {
			t.Fatalf("%s saw %d events, %s %d", p.name, len(p.events), ps[0].name, len(ps[0].events))
		}
		for i := range p.events {
			a, b := p.events[i], ps[0].events[i]
			if a.Seq != b.Seq || a.Kind != b.Kind || a.Move != b.Move || a.Seat != b.Seat {
				t.Fatalf("event %d: %s saw %+v, %s %+v", i+1, p.name, a, ps[0].name, b)
			}
		}
	}
}

// checkFair rebuilds round's record from the events and verifies its throws.
func checkFair(t testing.TB, evs []wire.Event, round int) {
	t.Helper()
	rec, commit, secret, err := wire.RoundRecord(evs, round)
	if err != nil {
		t.Fatal(err)
	}
	if err := wire.Verify(rec, commit, secret); err != nil {
		t.Fatalf("round %d does not verify: %v", round, err)
	}
	g, _ := games.Lookup(rec.Game)
	m, err := rules.Replay(g, rec)
	if err != nil || m.State.Phase() != rules.PhaseOver {
		t.Fatalf("the record does not replay to a finished game: %v", err)
	}
}
