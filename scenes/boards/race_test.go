package boards

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"sig/match"
	"sig/rules"
	"sig/rules/essig"
	"sig/rules/sigwaduqqan"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

// raceHost plays the part of the play scene for a race board, without a GPU: it lays the board
// out in the square the play scene would give it, applies moves to the rules, queues the
// board's animation and drains it tick by tick (or skips it, as a tap or space would), and
// hands intents to the board's Picker while nothing animates.
type raceHost struct {
	t     *testing.T
	b     stage.Board
	d     *match.Driver // the match, played as the play scene plays it
	st    rules.State   // the driver's position
	q     stage.Queue
	hits  ui.HitMap
	env   stage.Env
	rng   *rand.Rand
	moves int
}

func newRaceHost(t *testing.T, g *rules.Info, players int, seed uint64, reduced bool) *raceHost {
	t.Helper()
	h := &raceHost{t: t, rng: rand.New(rand.NewPCG(seed, 77))}
	seats := make([]match.Seat, players)
	for i := range seats {
		seats[i] = match.Person{}
	}
	d, err := match.New(g, seats, int64(seed))
	if err != nil {
		t.Fatal(err)
	}
	h.d, h.st = d, d.State()
	h.env = stage.Env{Game: g, Reduced: reduced}
	for p := 0; p < players; p++ {
		h.env.Colors = append(h.env.Colors, sprites.Players[p])
		h.env.Names = append(h.env.Names, fmt.Sprintf("P%d", p+1))
	}
	b, ok := stage.New(g.ID, &h.env)
	if !ok {
		t.Fatalf("no board for %s", g.ID)
	}
	h.b = b
	b.Sync(h.st)
	h.layout(1280, 800)
	return h
}

// layout gives the board the square the play scene gives it on a w×h screen.
func (h *raceHost) layout(w, ht float64) {
	m := ui.NewMetrics(w, ht, 1)
	side := math.Min(w*0.66, ht) - 24
	if ht > w {
		side = w - 24
	}
	h.b.Layout(m, ui.Rect{X: 12, Y: 12, W: side, H: side})
	h.rehit()
}

func (h *raceHost) rehit() {
	h.hits.Reset()
	h.b.Hits(&h.hits)
}

// throw picks a throw with the sticks' chances.
func (h *raceHost) throw() rules.Move {
	legal := h.st.Legal(nil)
	ch := h.st.Chances(nil)
	r := h.rng.Float64()
	for i, c := range ch {
		if r < c {
			return legal[i]
		}
		r -= c
	}
	return legal[len(legal)-1]
}

// apply plays mv through the match driver and queues its animation, as the play scene does. A
// test that set st to a position of its own starts the match there.
func (h *raceHost) apply(mv rules.Move) {
	h.t.Helper()
	if h.st != h.d.State() {
		d, err := match.FromPosition(h.env.Game, h.d.Seats(), 1, h.st)
		if err != nil {
			h.t.Fatal(err)
		}
		h.d = d
	}
	p, err := h.d.Play(mv, 0)
	if err != nil {
		h.t.Fatalf("move %d: %s: %v", h.moves, h.st.FormatMove(mv), err)
	}
	h.st = h.d.State()
	h.moves++
	h.b.Animate(&h.q, p.Before, h.st, p.Events)
}

// settle plays the queued animation: to its end tick by tick, or skipped after a few ticks
// (a tap or space); check runs on every tick. It then syncs the board, as the play scene does
// when the queue drains, and rebuilds the hit areas.
func (h *raceHost) settle(skipAfter int, check func()) {
	h.t.Helper()
	for tick := 0; h.q.Busy(); tick++ {
		if skipAfter >= 0 && tick == skipAfter {
			h.q.Finish()
			break
		}
		if tick > 60*30 {
			h.t.Fatalf("move %d: the animation queue has not drained after %d ticks", h.moves, tick)
		}
		h.q.Advance(1.0 / 60)
		if check != nil {
			check()
		}
	}
	if h.q.Busy() {
		h.t.Fatalf("move %d: the queue is still busy after Finish", h.moves)
	}
}

// samePose compares two poses, what matters to the eye: where, how big, how seen.
func samePose(a, b racePose, n int) error {
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-6 }
	same := func(x, y raceActor) bool {
		return near(x.At.X, y.At.X) && near(x.At.Y, y.At.Y) && near(x.R, y.R) && near(x.Alpha, y.Alpha) &&
			near(x.Grey, y.Grey) && near(x.Crown, y.Crown) && near(x.Lift, y.Lift) && x.Badge == y.Badge && x.Need == y.Need
	}
	for i := 0; i < n; i++ {
		if !same(a.P[i], b.P[i]) {
			return fmt.Errorf("piece %d drawn as %+v, the position has %+v", i, a.P[i], b.P[i])
		}
	}
	if !same(a.G, b.G) {
		return fmt.Errorf("the Ghoula drawn as %+v, the position has %+v", a.G, b.G)
	}
	return nil
}

func TestSigWaDuqqanGames(t *testing.T) {
	for _, tc := range []struct {
		players int
		seed    uint64
		reduced bool
	}{{2, 1, false}, {4, 2, false}, {8, 3, false}, {5, 4, true}, {3, 5, false}} {
		t.Run(fmt.Sprintf("%dp-seed%d", tc.players, tc.seed), func(t *testing.T) {
			h := newRaceHost(t, sigwaduqqan.Info, tc.players, tc.seed, tc.reduced)
			b := h.b.(*duqqanBoard)
			seen := map[rules.EventKind]bool{}
			for h.st.Phase() != rules.PhaseOver {
				if h.moves > 5000 {
					t.Fatalf("no end after %d throws", h.moves)
				}
				before := h.st.Clone()
				mv := h.throw()
				h.apply(mv)
				var ev rules.Events
				if err := before.Apply(mv, &ev); err != nil {
					t.Fatal(err)
				}
				for _, e := range ev {
					seen[e.Kind] = true
				}
				skip := -1
				if h.rng.IntN(3) == 0 {
					skip = h.rng.IntN(40)
				}
				h.settle(skip, nil)
				// Run(1) of every step leaves the picture of the new position, before any Sync.
				want := b.pose(duqModelOf(h.st.(*sigwaduqqan.State)))
				if err := samePose(b.cur, want, tc.players); err != nil {
					t.Fatalf("throw %d (%s, events %v): %v", h.moves, h.st.FormatMove(mv), ev, err)
				}
				b.Sync(h.st)
				if b.model != duqModelOf(h.st.(*sigwaduqqan.State)) {
					t.Fatalf("throw %d: the board's model %+v is not the state's", h.moves, b.model)
				}
			}
			for _, k := range []rules.EventKind{rules.EvStep, rules.EvGhoulaStep, rules.EvSigCounted, rules.EvFinished} {
				if !seen[k] {
					t.Errorf("the game never showed a %s event", k)
				}
			}
		})
	}
}

// TestSigWaDuqqanGhoula drives the Ghoula's big moments from set positions: the first walk with
// riders ending in a seizure, a drag from far along, a sweep ending on the gate.
func TestSigWaDuqqanGhoula(t *testing.T) {
	for _, tc := range []struct {
		name, pos string
		throw     int
		want      []rules.EventKind
	}{
		{"riders and a seizure", "sig-wa-duqqan players=4 to_move=0\npieces: 85 1 1 3\nghoula: 1 unmoved", 3,
			[]rules.EventKind{rules.EvRide, rules.EvSeized, rules.EvDragged, rules.EvLost}},
		{"riders put down", "sig-wa-duqqan players=3 to_move=0\npieces: 85 1 1\nghoula: 1 unmoved", 3,
			[]rules.EventKind{rules.EvRide}},
		{"a long drag", "sig-wa-duqqan players=4 to_move=0\npieces: 86 44 60 81/3\nghoula: 40 moved", 4,
			[]rules.EventKind{rules.EvSeized, rules.EvDragged, rules.EvGhoulaReturns, rules.EvLost}},
		{"home from the gate", "sig-wa-duqqan players=3 to_move=0\npieces: 86 84 83\nghoula: 78 moved", 4,
			[]rules.EventKind{rules.EvGhoulaReturns}},
	} {
		for _, reduced := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s reduced=%v", tc.name, reduced), func(t *testing.T) {
				st, err := sigwaduqqan.Parse(tc.pos)
				if err != nil {
					t.Fatal(err)
				}
				h := newRaceHost(t, sigwaduqqan.Info, st.Players(), 1, reduced)
				h.st = st
				b := h.b.(*duqqanBoard)
				b.Sync(st)
				before := st.Clone()
				var ev rules.Events
				if err := before.Apply(rules.ThrowMove(tc.throw), &ev); err != nil {
					t.Fatal(err)
				}
				for _, k := range tc.want {
					found := false
					for _, e := range ev {
						found = found || e.Kind == k
					}
					if !found {
						t.Fatalf("the throw reported %v, no %s", ev, k)
					}
				}
				h.apply(rules.ThrowMove(tc.throw))
				trail, front := false, false
				h.settle(-1, func() {
					trail = trail || (len(b.trail.Pts) > 1 && b.trail.Alpha > 0)
					front = front || b.cur.G.Front || b.cur.G.Alpha < 1 // walking, or fading
				})
				if !front {
					t.Errorf("the Ghoula never moved")
				}
				dragged := false
				for _, e := range ev {
					dragged = dragged || e.Kind == rules.EvDragged
				}
				if dragged && !reduced && !trail {
					t.Errorf("the drag home left no trail")
				}
				if err := samePose(b.cur, b.pose(duqModelOf(h.st.(*sigwaduqqan.State))), st.Players()); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// esTap picks choice k on the board by a tap on its label or its destination, or by the keys.
func esTap(t *testing.T, h *raceHost, b *esSigBoard, mv rules.Move, how int) (rules.Move, bool) {
	t.Helper()
	pk := h.b.(stage.Picker)
	legal := h.st.Legal(nil)
	id := esChoiceID(mv)
	switch how {
	case 0: // the label
		x, y, ok := h.hits.Find(ui.Target{Kind: "ghula", ID: id})
		if !ok {
			t.Fatalf("no %s target; targets %v", id, h.hits.Targets())
		}
		tg, _ := h.hits.At(x, y)
		return pk.Input(ui.Intent{Kind: ui.Tap, X: x, Y: y, Target: tg}, h.st, legal)
	case 1: // the destination square
		var dest int
		for _, c := range b.choices {
			if c.mv == mv {
				dest = c.dest
			}
		}
		r := b.destRect(esChoice{dest: dest})
		x, y := r.CX(), r.CY()
		tg, _ := h.hits.At(x, y)
		return pk.Input(ui.Intent{Kind: ui.Tap, X: x, Y: y, Target: tg}, h.st, legal)
	}
	// Arrow keys: toward the choice along the track where the Ghula stands, then enter. A key
	// across the track toggles; try each until the cursor sits on it.
	for _, d := range [][2]int{{0, -1}, {0, 1}, {1, 0}, {-1, 0}} {
		if _, ok := pk.Input(ui.Intent{Kind: ui.Move, DX: d[0], DY: d[1]}, h.st, legal); ok {
			t.Fatalf("an arrow key picked a move")
		}
		if b.choices[b.cursor].mv == mv {
			break
		}
	}
	return pk.Input(ui.Intent{Kind: ui.Activate}, h.st, legal)
}

func TestEsSigGamesByTaps(t *testing.T) {
	for _, tc := range []struct {
		players int
		seed    uint64
		reduced bool
	}{{3, 1, false}, {4, 2, false}, {8, 3, false}, {5, 4, true}, {2, 5, false}} {
		t.Run(fmt.Sprintf("%dp-seed%d", tc.players, tc.seed), func(t *testing.T) {
			h := newRaceHost(t, essig.Info, tc.players, tc.seed, tc.reduced)
			b := h.b.(*esSigBoard)
			decisions := 0
			for h.st.Phase() != rules.PhaseOver {
				if h.moves > 20000 {
					t.Fatalf("no end after %d moves", h.moves)
				}
				var mv rules.Move
				if h.st.Phase() == rules.PhaseMove {
					decisions++
					legal := h.st.Legal(nil)
					want := legal[h.rng.IntN(len(legal))]
					if len(b.choices) != len(legal) {
						t.Fatalf("move %d: %d choices shown for %d legal moves", h.moves, len(b.choices), len(legal))
					}
					// The preview says what the move will do: check it against the rules.
					var ch esChoice
					for _, c := range b.choices {
						if c.mv == want {
							ch = c
						}
					}
					after := h.st.Clone().(*essig.State)
					if err := after.Apply(want, nil); err != nil {
						t.Fatal(err)
					}
					if ch.dest != after.Ghula() {
						t.Fatalf("move %d: the preview sends the Ghula to %d, the rules to %d", h.moves, ch.dest, after.Ghula())
					}
					for _, p := range ch.carried {
						if after.Piece(p) != ch.dest && !(ch.dest == 0 && after.Piece(p) == 0) {
							t.Fatalf("move %d: the preview carries player %d to %d, the rules put it on %d", h.moves, p, ch.dest, after.Piece(p))
						}
					}
					got, ok := esTap(t, h, b, want, decisions%3)
					if !ok || got != want {
						t.Fatalf("move %d: picking %s (way %d) gave %v %v", h.moves, h.st.FormatMove(want), decisions%3, got, ok)
					}
					mv = got
				} else {
					mv = h.throw()
					// Taps and keys at a throw pick nothing.
					if _, ok := h.b.(stage.Picker).Input(ui.Intent{Kind: ui.Activate}, h.st, h.st.Legal(nil)); ok {
						t.Fatalf("move %d: enter picked a move at a throw", h.moves)
					}
				}
				h.apply(mv)
				skip := -1
				if h.rng.IntN(3) == 0 {
					skip = h.rng.IntN(30)
				}
				h.settle(skip, nil)
				want := b.pose(esModelOf(h.st.(*essig.State)))
				if err := samePose(b.cur, want, tc.players); err != nil {
					t.Fatalf("move %d (%s): %v", h.moves, h.st.FormatMove(mv), err)
				}
				b.Sync(h.st)
				h.rehit()
				if b.model != esModelOf(h.st.(*essig.State)) {
					t.Fatalf("move %d: the board's model is not the state's", h.moves)
				}
			}
			if tc.players > 2 && decisions == 0 {
				t.Errorf("no steering decision in the whole game")
			}
		})
	}
}

// TestEsSigRefusesStrayInput: taps elsewhere, and picks when there is no decision, choose nothing.
func TestEsSigRefusesStrayInput(t *testing.T) {
	st, err := essig.Parse("es-sig players=4 to_move=0 phase=move\npieces: 51 44 43 15\nghula: 43\nescaped: 0\nvalue: 2")
	if err != nil {
		t.Fatal(err)
	}
	h := newRaceHost(t, essig.Info, 4, 1, false)
	h.st = st
	b := h.b.(*esSigBoard)
	b.Sync(st)
	h.rehit()
	pk := h.b.(stage.Picker)
	legal := st.Legal(nil)
	if len(b.choices) != 2 {
		t.Fatalf("%d choices", len(b.choices))
	}
	// Back 2 goes to 41 carrying the ring on 43; forward 2 to 45 carrying those on 43 and 44.
	for _, c := range b.choices {
		want := map[bool]struct {
			dest int
			n    int
		}{false: {41, 1}, true: {45, 2}}[c.forward]
		if c.dest != want.dest || len(c.carried) != want.n {
			t.Errorf("forward=%v: to %d carrying %v, want %d carrying %d", c.forward, c.dest, c.carried, want.dest, want.n)
		}
	}
	for _, in := range []ui.Intent{
		{Kind: ui.Tap, Target: ui.Target{Kind: "cell", N: 0}},
		{Kind: ui.Tap},
		{Kind: ui.Tap, Target: ui.Target{Kind: "ghula", ID: "sideways"}},
		{Kind: ui.Point, Target: ui.Target{Kind: "ghula", ID: "back"}},
		{Kind: ui.Scroll},
	} {
		if mv, ok := pk.Input(in, st, legal); ok {
			t.Errorf("%v picked %v", in, mv)
		}
	}
	if b.hover < 0 {
		t.Errorf("pointing at the back label does not highlight it")
	}
	// A legal list without the move refuses it.
	if _, ok := pk.Input(ui.Intent{Kind: ui.Tap, Target: ui.Target{Kind: "ghula", ID: "back"}}, st, legal[1:]); ok {
		t.Errorf("a move missing from the legal list was picked")
	}
}

// TestRaceLayouts lays both boards out at many sizes: every cell and target stays inside the
// board's square, and nothing breaks at a tiny size.
func TestRaceLayouts(t *testing.T) {
	for _, g := range []*rules.Info{sigwaduqqan.Info, essig.Info} {
		for _, sz := range [][2]float64{{1280, 800}, {390, 844}, {844, 390}, {3840, 2160}, {320, 568}, {200, 200}} {
			h := newRaceHost(t, g, 8, 1, false)
			h.layout(sz[0], sz[1])
			side := math.Min(sz[0]*0.66, sz[1]) - 24
			if sz[1] > sz[0] {
				side = sz[0] - 24
			}
			for _, tg := range h.hits.Targets() {
				x, y, ok := h.hits.Find(tg)
				if !ok || x < 12-1 || y < 12-1 || x > 12+side+1 || y > 12+side+1 {
					t.Errorf("%s at %v: target %v at %.0f,%.0f outside the board", g.ID, sz, tg, x, y)
				}
			}
			if n := len(h.hits.Targets()); n < 50 {
				t.Errorf("%s at %v: only %d targets", g.ID, sz, n)
			}
		}
	}
}
