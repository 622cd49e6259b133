package boards

import (
	"math/rand/v2"
	"testing"

	"sig/match"
	"sig/rules"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

// boardHost plays the part of the play scene for one board, without a GPU: it lays the board
// out, resolves taps through the board's hit areas, hands intents to the board's Picker while
// nothing animates, plays the chosen moves through the match driver (package match, as the
// play scene does), queues the board's animation and drains it tick by tick. An intent that
// arrives while the queue is busy finishes the animation and is used up by that, as in the
// play scene.
type boardHost struct {
	t  testing.TB
	b  stage.Board
	pk stage.Picker
	d  *match.Driver
	// st is the driver's position. A test may put the game in a position of its own by
	// setting st: the next move starts the match there (setState).
	st    rules.State
	q     stage.Queue
	hits  ui.HitMap
	legal []rules.Move
	moves int // moves applied
	env   stage.Env
}

func newBoardHost(t testing.TB, g *rules.Info, w, h float64) *boardHost {
	t.Helper()
	hst := &boardHost{t: t}
	seats := make([]match.Seat, g.DefaultPlayers)
	for i := range seats {
		seats[i] = match.Person{}
	}
	d, err := match.New(g, seats, 1)
	if err != nil {
		t.Fatal(err)
	}
	hst.d, hst.st = d, d.State()
	// Both seats are decided here (the tests tap for both); the first is "you".
	hst.env = stage.Env{Game: g, Names: []string{"You", "Computer 2"}, Here: []bool{true, true}, You: []bool{true, false}, Colors: []sprites.PlayerColor{sprites.Players[0], sprites.Players[4]}}
	b, ok := stage.New(g.ID, &hst.env)
	if !ok {
		t.Fatalf("no board for %s", g.ID)
	}
	hst.b = b
	pk, ok := b.(stage.Picker)
	if !ok {
		t.Fatalf("the %s board is not a Picker", g.ID)
	}
	hst.pk = pk
	hst.layout(w, h)
	b.Sync(hst.st)
	hst.legal = hst.st.Legal(hst.legal)
	return hst
}

// layout gives the board the square the play scene would give it on a w×h screen.
func (hst *boardHost) layout(w, h float64) {
	m := ui.NewMetrics(w, h, 1)
	side := min(w*0.62, h-24)
	hst.b.Layout(m, ui.Rect{X: 12, Y: 12, W: side, H: side})
	hst.hits.Reset()
	hst.b.Hits(&hst.hits)
}

// send delivers one intent as the play scene would; it reports the move the board chose, if any.
func (hst *boardHost) send(in ui.Intent) (rules.Move, bool) {
	if hst.q.Busy() {
		if in.Kind == ui.Activate || in.Kind == ui.Tap {
			hst.q.Finish()
		}
		return 0, false
	}
	if hst.st.Phase() != rules.PhaseMove {
		return 0, false
	}
	mv, ok := hst.pk.Input(in, hst.st, hst.legal)
	if ok {
		hst.apply(mv)
	}
	return mv, ok
}

// tap taps the middle of target through the hit map, as a finger would.
func (hst *boardHost) tap(target ui.Target) (rules.Move, bool) {
	hst.t.Helper()
	x, y, ok := hst.hits.Find(target)
	if !ok {
		hst.t.Fatalf("no %v to tap; targets: %v", target, hst.hits.Targets())
	}
	got, _ := hst.hits.At(x, y)
	if got != target {
		hst.t.Fatalf("tapping the middle of %v hits %v", target, got)
	}
	return hst.send(ui.Intent{Kind: ui.Tap, X: x, Y: y, Target: got})
}

// setState starts the match afresh at st (a position built by a test), as the board's own.
func (hst *boardHost) setState(st rules.State) {
	hst.t.Helper()
	d, err := match.FromPosition(hst.env.Game, hst.d.Seats(), 1, st)
	if err != nil {
		hst.t.Fatal(err)
	}
	hst.d, hst.st = d, d.State()
}

// apply plays mv through the driver and queues the board's animation of what it did.
func (hst *boardHost) apply(mv rules.Move) {
	hst.t.Helper()
	if hst.st != hst.d.State() {
		hst.setState(hst.st)
	}
	p, err := hst.d.Play(mv, 0)
	if err != nil {
		hst.t.Fatalf("the board chose %s: %v", hst.st.FormatMove(mv), err)
	}
	hst.st = hst.d.State()
	hst.moves++
	hst.b.Animate(&hst.q, p.Before, hst.st, p.Events)
}

// drain advances the queue tick by tick until it is empty (failing after limit ticks), then
// syncs the board as the play scene does; check runs between the two.
func (hst *boardHost) drain(limit int, check func()) int {
	hst.t.Helper()
	n := 0
	for hst.q.Busy() {
		if n++; n > limit {
			hst.t.Fatalf("the animation queue has not drained after %d ticks (%d steps left)", limit, hst.q.Len())
		}
		hst.q.Advance(1.0 / 60)
	}
	if check != nil {
		check()
	}
	hst.b.Sync(hst.st)
	hst.legal = hst.st.Legal(hst.legal)
	return n
}

// skipAfter advances k ticks, then finishes the queue with a tap, as a player would.
func (hst *boardHost) skipAfter(k int, check func()) {
	hst.t.Helper()
	for i := 0; i < k && hst.q.Busy(); i++ {
		hst.q.Advance(1.0 / 60)
	}
	moves := hst.moves
	if hst.q.Busy() {
		hst.send(ui.Intent{Kind: ui.Activate, Rune: ' '})
	}
	if hst.q.Busy() {
		hst.t.Fatalf("a space during the animation did not finish it")
	}
	if hst.moves != moves {
		hst.t.Fatalf("the space that skipped the animation also played a move")
	}
	if check != nil {
		check()
	}
	hst.b.Sync(hst.st)
	hst.legal = hst.st.Legal(hst.legal)
}

// pick chooses a legal move at random.
func (hst *boardHost) pick(rng *rand.Rand) rules.Move {
	return hst.legal[rng.IntN(len(hst.legal))]
}
