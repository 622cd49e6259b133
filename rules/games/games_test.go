package games

import (
	"fmt"
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

// TestOutcomesAsRuled plays random games to the end and reads each game's outcome against
// docs/rulings.md: the race games are never drawn (every player who reaches Sig wa Duqqan's centre
// wins, however many; Es-Sîg ranks by escape order), Sig El Oued is drawn only by the quiet
// turns and otherwise won by taking all six, and Seega and Sadeqa are drawn exactly when the
// counts are level.
func TestOutcomesAsRuled(t *testing.T) {
	for _, g := range All() {
		for seed := int64(1); seed <= 20; seed++ {
			m, err := rules.NewMatch(g, g.DefaultPlayers, seed)
			if err != nil {
				t.Fatal(err)
			}
			for m.State.Phase() != rules.PhaseOver {
				legal := m.State.Legal(nil)
				mv := legal[int(seed*7+int64(m.Moves()))%len(legal)]
				if m.State.Phase() == rules.PhaseThrow {
					if mv, _, err = m.Throw(); err != nil { // the match's own seeded sticks
						t.Fatal(err)
					}
				}
				if err := m.PlayMove(mv, nil); err != nil {
					t.Fatal(err)
				}
			}
			o := m.State.(rules.Ender).Outcome()
			where := fmt.Sprintf("%s seed %d: %+v", g.ID, seed, o)
			switch g.ID {
			case "sig-wa-duqqan":
				if o.Draw || o.Ending != rules.RaceDone {
					t.Errorf("%s: a race is never drawn", where)
				}
			case "es-sig":
				if o.Draw || o.Ending != rules.AllEscaped || len(o.Winners) != 1 {
					t.Errorf("%s: the first to escape wins alone", where)
				}
			case "sig-el-oued":
				if o.Draw != (o.Ending == rules.QuietMoves) || !o.Draw && o.Scores[o.Winners[0]] != 6 {
					t.Errorf("%s: drawn only by quiet turns, else won by taking all six", where)
				}
			default:
				if o.Draw != (o.Scores[0] == o.Scores[1]) || !o.Draw && o.Scores[o.Winners[0]] <= o.Scores[1-o.Winners[0]] {
					t.Errorf("%s: drawn when level, else won by the higher count", where)
				}
			}
		}
	}
}

// TestMostPlayers: Es-Sîg and Sig wa Duqqan seat up to eight (docs/rulings.md), the others two.
func TestMostPlayers(t *testing.T) {
	if got := MostPlayers(); got != 8 {
		t.Errorf("MostPlayers() = %d, want 8", got)
	}
	for _, g := range All() {
		if g.MaxPlayers > MostPlayers() {
			t.Errorf("%s seats %d, more than MostPlayers() = %d", g.ID, g.MaxPlayers, MostPlayers())
		}
	}
}
