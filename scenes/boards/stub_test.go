package boards

import (
	"testing"

	"sig/rules"
	"sig/rules/games"
	"sig/scenes/board"
	"sig/scenes/ui"
	"sig/sprites"
)

// TestStubBoards runs the plain fallback board of every game through a few moves: it reads the
// position, lights what moved, and offers one hit area per cell.
func TestStubBoards(t *testing.T) {
	for _, g := range games.All() {
		env := &board.Env{Game: g, Colors: []sprites.PlayerColor{sprites.Player(0), sprites.Player(1)}}
		b := newStub(g.ID, env)
		b.Layout(ui.NewMetrics(1000, 1000, 1), ui.Rect{X: 0, Y: 0, W: 800, H: 800})
		m, err := rules.NewMatch(g, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		b.Sync(m.State)
		if !b.ready {
			t.Fatalf("%s: the STATE was not read", g.ID)
		}
		var q board.Queue
		for i := 0; i < 30 && m.State.Phase() != rules.PhaseOver; i++ {
			before := m.State.Clone()
			var ev rules.Events
			legal := m.State.Legal(nil)
			if err := m.PlayMove(legal[0], &ev); err != nil {
				t.Fatalf("%s: %v", g.ID, err)
			}
			b.Animate(&q, before, m.State, ev)
			q.Finish()
			b.Sync(m.State)
		}
		var h ui.HitMap
		b.Hits(&h)
		if h.Len() != len(b.b.Cells) || h.Len() == 0 {
			t.Errorf("%s: %d hit areas for %d cells", g.ID, h.Len(), len(b.b.Cells))
		}
	}
}
