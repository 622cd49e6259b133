package games

import (
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/rulestest"
)

func TestRegistry(t *testing.T) {
	want := []string{"sig-wa-duqqan", "es-sig", "sig-el-oued", "seega", "sadeqa"}
	if got := strings.Join(IDs(), " "); got != strings.Join(want, " ") {
		t.Fatalf("ids %q, want %q", got, want)
	}
	for _, g := range All() {
		if g2, ok := Lookup(g.ID); !ok || g2 != g {
			t.Errorf("Lookup(%q) does not find it", g.ID)
		}
		if g.Name == "" || g.Place == "" || g.Summary == "" {
			t.Errorf("%s: name, place or summary missing: %+v", g.ID, g)
		}
		if !(1 <= g.MinPlayers && g.MinPlayers <= g.DefaultPlayers && g.DefaultPlayers <= g.MaxPlayers) {
			t.Errorf("%s: players %d..%d default %d", g.ID, g.MinPlayers, g.MaxPlayers, g.DefaultPlayers)
		}
		if page := g.Rules["en"]; len(page) < 500 || !strings.HasPrefix(page, "#") {
			t.Errorf("%s: the English rules page is missing or too short (%d bytes)", g.ID, len(page))
		}
		for _, n := range []int{g.MinPlayers - 1, g.MaxPlayers + 1} {
			if _, err := g.New(n); err == nil {
				t.Errorf("%s: %d players accepted", g.ID, n)
			}
		}
	}
	if _, ok := Lookup("chess"); ok {
		t.Error("Lookup found chess")
	}
}

// TestRandomPlayAllGames runs the generic random-play checks over every game and every player
// count (each game package runs many more of its own).
func TestRandomPlayAllGames(t *testing.T) {
	for _, g := range All() {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			rulestest.RandomGames(t, g, n, 10, 20000)
		}
	}
}

// TestFreshGames: every game starts with player 0 to act, not over.
func TestFreshGames(t *testing.T) {
	for _, g := range All() {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			s, err := g.New(n)
			if err != nil {
				t.Fatal(err)
			}
			if s.ToMove() != 0 || s.Phase() == rules.PhaseOver || s.Players() != n {
				t.Errorf("%s/%d starts with player %d, phase %s, %d players", g.ID, n, s.ToMove(), s.Phase(), s.Players())
			}
		}
	}
}
