package ai

import (
	"testing"

	"sig/rules/games"
)

func init() {
	for _, g := range games.All() {
		ps := []int{g.MinPlayers}
		if g.MaxPlayers > g.MinPlayers {
			ps = append(ps, g.MaxPlayers)
			if d := g.DefaultPlayers; d != g.MinPlayers && d != g.MaxPlayers {
				ps = append(ps, d)
			}
		}
		testGames = append(testGames, testGame{g, ps})
	}
}

// TestLevelBudgets: the levels' own budgets hold in the real games.
func TestLevelBudgets(t *testing.T) {
	for _, g := range games.All() {
		for _, s := range mustDecisions(t, g, g.DefaultPlayers, 2, 3) {
			for _, level := range []Level{Easy, Medium} {
				_, st, _ := ChooseOptions(s, Options{Level: level})
				if st.Nodes > Budget(g.ID, level) {
					t.Fatalf("%s %s: %d nodes on a budget of %d", g.ID, level, st.Nodes, Budget(g.ID, level))
				}
			}
		}
	}
}
