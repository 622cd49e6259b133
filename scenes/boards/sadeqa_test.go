package boards

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/sadeqa"
	"sig/scenes/ui"
)

// sadeqaSame reports how the picture differs from st (nil: it shows st exactly, nothing in hand
// or in flight).
func sadeqaSame(b *sadeqaBoard, st *sadeqa.State) error {
	for i := 0; i < sadeqa.Holes; i++ {
		if b.holes[i] != st.Seeds(i) || b.owner[i] != st.Warana(i) {
			return fmt.Errorf("hole %d shows %d seeds (warana of %d), the rules have %d (%d)", i, b.holes[i], b.owner[i], st.Seeds(i), st.Warana(i))
		}
	}
	if b.captured != [2]int{st.Captured(0), st.Captured(1)} {
		return fmt.Errorf("captured %v shown, the rules have %d %d", b.captured, st.Captured(0), st.Captured(1))
	}
	if b.hand != 0 || len(b.fly) != 0 || b.drop.on {
		return fmt.Errorf("seeds still moving: %d in hand, %d flying, drop %v", b.hand, len(b.fly), b.drop.on)
	}
	return nil
}

// sadeqaSeedsShown counts every seed on screen: in holes, in the dishes, in the hand and flying.
func sadeqaSeedsShown(b *sadeqaBoard) int {
	n := b.captured[0] + b.captured[1] + b.hand + len(b.fly)
	for _, h := range b.holes {
		n += h
	}
	return n
}

// sadeqaKeyTo moves the cursor to hole i with arrows and presses enter.
func sadeqaKeyTo(hst *boardHost, b *sadeqaBoard, i int) (rules.Move, bool) {
	if !b.keys {
		hst.send(ui.Intent{Kind: ui.Move, DX: 1}) // the first arrow only shows the cursor
	}
	// The rules say where the holes lie (columns from South's left, North's row above South's
	// on a board seen from South's side); the arrows walk there.
	col, row := sadeqa.Column(i), sadeqa.Place(i).Row
	for n := 0; ; n++ {
		if n > sadeqa.Holes {
			hst.t.Fatalf("the arrows never reach hole %v (the cursor is on %v)", sadeqa.Place(i), sadeqa.Place(b.cursor))
		}
		c, r := sadeqa.Column(b.cursor), sadeqa.Place(b.cursor).Row
		switch {
		case c < col:
			hst.send(ui.Intent{Kind: ui.Move, DX: 1})
		case c > col:
			hst.send(ui.Intent{Kind: ui.Move, DX: -1})
		case r < row:
			hst.send(ui.Intent{Kind: ui.Move, DY: -1})
		case r > row:
			hst.send(ui.Intent{Kind: ui.Move, DY: 1})
		default:
			return hst.send(ui.Intent{Kind: ui.Activate})
		}
	}
}

// TestSadeqaGamesByTaps plays whole games through the holes' targets (and every fifth move by
// the keyboard): each tap chooses the intended move, no seed appears or vanishes on screen at any
// tick of the sowing, and once the animation has drained (or been skipped partway) the picture
// is the rules' state.
func TestSadeqaGamesByTaps(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			hst := newBoardHost(t, sadeqa.Info, 1280, 800)
			b := hst.b.(*sadeqaBoard)
			rng := rand.New(rand.NewPCG(seed, 3))
			laps, sown := 0, 0
			for n := 0; hst.st.Phase() != rules.PhaseOver; n++ {
				if n > 5000 {
					t.Fatalf("no end after %d moves", n)
				}
				mv := hst.pick(rng)
				hole := sadeqa.Hole(hst.st.ToMove(), int(mv))
				var got rules.Move
				var ok bool
				if n%5 == 4 {
					got, ok = sadeqaKeyTo(hst, b, hole)
				} else {
					got, ok = hst.tap(ui.Target{Kind: "hole", N: hole})
				}
				if !ok || got != mv {
					t.Fatalf("move %d: tapping hole %d chose %v %v, want %v (note %q)", n, hole, got, ok, mv, b.note)
				}
				if !hst.q.Busy() {
					t.Fatalf("move %d: nothing to animate", n)
				}
				check := func() {
					if err := sadeqaSame(b, hst.st.(*sadeqa.State)); err != nil {
						t.Fatalf("move %d (%s), after the animation: %v\n%v", n, hst.st.FormatMove(mv), err, hst.st)
					}
				}
				if n%4 == 1 {
					hst.skipAfter(rng.IntN(60), check)
					continue
				}
				ticks := 0
				for hst.q.Busy() {
					if ticks++; ticks > 100000 {
						t.Fatalf("move %d: the queue never drains", n)
					}
					hst.q.Advance(1.0 / 60)
					if got := sadeqaSeedsShown(b); got != sadeqa.Seeds {
						t.Fatalf("move %d, tick %d: %d seeds on screen", n, ticks, got)
					}
					if b.lap > laps {
						laps = b.lap
					}
				}
				sown += ticks
				hst.drain(1, check)
			}
			if b.caption != b.result(hst.st.(*sadeqa.State)) {
				t.Errorf("caption at the end %q", b.caption)
			}
			t.Logf("%d moves, %d ticks of animation, %d laps at most: %s", hst.moves, sown, laps, b.caption)
		})
	}
}

// TestSadeqaRefusedTaps checks that a hole the rules do not allow chooses nothing and says why.
func TestSadeqaRefusedTaps(t *testing.T) {
	st, err := sadeqa.Parse(`
		north: 4 4 4 4w 4 4 4 4 4 4
		south: 0 4 4 4 4 4 4 4w 4 0
		to move: south
		captured: 4 4`)
	if err != nil {
		t.Fatal(err)
	}
	hst := newBoardHost(t, sadeqa.Info, 1280, 800)
	b := hst.b.(*sadeqaBoard)
	hst.st, hst.legal = st, st.Legal(nil)
	b.Sync(st)
	for _, c := range []struct {
		hole int
		note string
	}{{0, "Hole 1 is empty"}, {7, "Hole 8 is a warana"}, {10, "Computer 2's row"}} {
		if _, ok := hst.tap(ui.Target{Kind: "hole", N: c.hole}); ok || !strings.Contains(b.note, c.note) {
			t.Errorf("tapping hole %d: chose %v, note %q, want %q", c.hole, ok, b.note, c.note)
		}
	}
	if mv, ok := hst.tap(ui.Target{Kind: "hole", N: 1}); !ok || mv != 2 {
		t.Errorf("tapping S2 chose %v %v", mv, ok)
	}
	hst.drain(10000, func() {
		if err := sadeqaSame(b, st); err != nil {
			t.Error(err)
		}
	})
}

// TestSadeqaLongSowing checks that the longest sowings of many random games animate lap by lap
// with the lap shown, take the time docs/conventions.md gives them, and can be skipped at any point.
func TestSadeqaLongSowing(t *testing.T) {
	var best *sadeqa.State
	bestSown := 0
	var bestMove rules.Move
	for seed := uint64(0); seed < 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		st := sadeqa.New()
		for st.Phase() != rules.PhaseOver {
			legal := st.Legal(nil)
			mv := legal[rng.IntN(len(legal))]
			before := st.Clone().(*sadeqa.State)
			var ev rules.Events
			if err := st.Apply(mv, &ev); err != nil {
				t.Fatal(err)
			}
			sown := 0
			for _, e := range ev {
				if e.Kind == rules.EvSow {
					sown++
				}
			}
			if sown > bestSown {
				best, bestSown, bestMove = before, sown, mv
			}
		}
	}
	hst := newBoardHost(t, sadeqa.Info, 1280, 800)
	b := hst.b.(*sadeqaBoard)
	hst.st, hst.legal = best, best.Legal(nil)
	b.Sync(best)
	var ev rules.Events
	after := best.Clone()
	if err := after.Apply(bestMove, &ev); err != nil {
		t.Fatal(err)
	}
	laps, seeds, toasts := 0, 0, 0.0
	for _, e := range ev {
		switch e.Kind {
		case rules.EvLift:
			laps++
		case rules.EvSow:
			seeds++
		}
	}
	mv, ok := hst.tap(ui.Target{Kind: "hole", N: sadeqa.Hole(best.ToMove(), int(bestMove))})
	if !ok || mv != bestMove {
		t.Fatalf("tap chose %v %v, want %v", mv, ok, bestMove)
	}
	for _, e := range ev {
		switch e.Kind {
		case rules.EvWarana:
			toasts += sadeqaWaranaTime
		case rules.EvCaptured:
			toasts += sadeqaCaptureTime
		case rules.EvBonus:
			toasts += sadeqaToastTime
		case rules.EvPass:
			toasts += sadeqaToastTime * 1.4
		case rules.EvGameOver:
			toasts += sadeqaToastTime * 1.6
		}
	}
	maxLap := 0
	ticks := 0
	for hst.q.Busy() {
		hst.q.Advance(1.0 / 60)
		ticks++
		maxLap = max(maxLap, b.lap)
		if b.hand > 0 && !strings.Contains(b.caption, "Lap") && b.lap > 1 {
			t.Fatalf("lap %d under way but the caption says %q", b.lap, b.caption)
		}
	}
	want := float64(seeds)*sadeqaSeedTime + sadeqaLiftTime + float64(laps-1)*sadeqaLapTime + toasts
	got := float64(ticks) / 60
	t.Logf("the longest sowing of 30 random games: %d laps, %d seeds, %.1f s at normal speed", laps, seeds, got)
	if got < want-0.1 || got > want+0.1+float64(laps+seeds)/60 {
		t.Errorf("the sowing took %.2f s, want about %.2f s", got, want)
	}
	if maxLap != lastLap(ev) {
		t.Errorf("the lap shown went up to %d, the sowing had %d laps", maxLap, lastLap(ev))
	}
	if err := sadeqaSame(b, hst.st.(*sadeqa.State)); err != nil {
		t.Error(err)
	}
}

// lastLap is the highest lap of the first sowing in ev.
func lastLap(ev rules.Events) int {
	n := 0
	for _, e := range ev {
		if e.Kind == rules.EvLift {
			if e.Value == 1 && n > 0 {
				return n
			}
			n = e.Value
		}
	}
	return n
}

// TestReducedMotion plays Seega and Sadeqa with reduced motion: every animation ends in place,
// no step lasts longer than a short fade (or an announcement), and a lap of seeds is one fade.
func TestReducedMotion(t *testing.T) {
	for _, g := range []*rules.Info{sadeqa.Info, seegaInfo()} {
		t.Run(g.ID, func(t *testing.T) {
			hst := newBoardHost(t, g, 1280, 800)
			hst.env.Reduced = true
			rng := rand.New(rand.NewPCG(7, 7))
			for n := 0; hst.st.Phase() != rules.PhaseOver && n < 400; n++ {
				probe := hst.st.Clone()
				mv := hst.pick(rng)
				var ev rules.Events
				if err := probe.Apply(mv, &ev); err != nil {
					t.Fatal(err)
				}
				hst.apply(mv)
				steps := hst.q.Len()
				if laps, rest := lapsAndRest(ev); g == sadeqa.Info && steps > 1+2*laps+rest {
					t.Fatalf("move %d: %d steps for %d laps and %d other events: the seeds are not one fade a lap", n, steps, laps, rest)
				}
				ticks := hst.drain(100000, func() {
					var err error
					switch b := hst.b.(type) {
					case *sadeqaBoard:
						err = sadeqaSame(b, hst.st.(*sadeqa.State))
					case *seegaBoard:
						err = seegaSame(b, seegaState(hst.st))
					}
					if err != nil {
						t.Fatalf("move %d: %v", n, err)
					}
				})
				if per := float64(ticks) / 60 / float64(steps); per > 0.5 {
					t.Fatalf("move %d: %d steps took %d ticks", n, steps, ticks)
				}
			}
		})
	}
}

// lapsAndRest counts the laps (lifts) of ev and its events other than lifts and sown seeds.
func lapsAndRest(ev rules.Events) (laps, rest int) {
	for _, e := range ev {
		switch e.Kind {
		case rules.EvLift:
			laps++
		case rules.EvSow:
		default:
			rest++
		}
	}
	return laps, rest
}

// BenchmarkSadeqaSowingTicks measures the Update-side cost of a long sowing: queueing the
// animation of a 90-seed move and advancing it one tick at a time (ns and allocations per tick).
func BenchmarkSadeqaSowingTicks(b *testing.B) {
	var before *sadeqa.State
	var mv rules.Move
	for seed := uint64(1); before == nil; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		st := sadeqa.New()
		for st.Phase() != rules.PhaseOver && before == nil {
			legal := st.Legal(nil)
			m := legal[rng.IntN(len(legal))]
			probe := st.Clone()
			var ev rules.Events
			probe.Apply(m, &ev)
			if laps, _ := lapsAndRest(ev); len(ev)-laps >= 90 {
				before, mv = st.Clone().(*sadeqa.State), m
			}
			st.Apply(m, nil)
		}
	}
	hst := newBoardHost(b, sadeqa.Info, 1280, 800)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; {
		b.StopTimer()
		hst.st, hst.legal = before.Clone(), before.Legal(nil)
		hst.b.Sync(hst.st)
		b.StartTimer()
		hst.apply(mv)
		for hst.q.Busy() && i < b.N {
			hst.q.Advance(1.0 / 60)
			i++
		}
		hst.q.Clear()
	}
}
