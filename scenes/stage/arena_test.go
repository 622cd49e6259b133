package stage

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/solarlune/resolv"

	"sig/rules"
	"sig/scenes/ui"
)

// throwOnce throws faces in a fresh arena of kind k with seed, laid out in r, and plays the
// tumble to its end tick by tick; it returns the arena, the step's length and the tumble.
func throwOnce(t *testing.T, k rules.Sticks, seed int64, r ui.Rect, faces uint8) (*Arena, float64, *tumble) {
	t.Helper()
	a := NewArena(k, seed)
	a.Rect = r
	var q Queue
	started := 0
	a.Throw(&q, faces, 1, func() { started++ })
	if q.Len() != 1 {
		t.Fatalf("a throw queued %d steps, want 1", q.Len())
	}
	dur := q.steps[0].Dur
	for i := 0; q.Busy(); i++ {
		if i > 600 {
			t.Fatal("the throw never ends")
		}
		q.Advance(1.0 / 60)
	}
	if started != 1 {
		t.Fatalf("the clatter started %d times, want once", started)
	}
	return a, dur, a.toss
}

func TestThrowLandsOnTheFacesChosen(t *testing.T) {
	trays := []ui.Rect{{X: 0, Y: 0, W: 380, H: 96}, {X: 10, Y: 500, W: 396, H: 50}, {X: 0, Y: 0, W: 200, H: 120}}
	for _, k := range []rules.Sticks{rules.FourGreenWhite, rules.SixPolishedRough} {
		n := k.Count()
		for seed := int64(1); seed <= 40; seed++ {
			r := trays[seed%int64(len(trays))]
			faces := uint8(seed*37) & (1<<n - 1)
			a, dur, tb := throwOnce(t, k, seed, r, faces)
			if got := a.Faces(); got != faces {
				t.Fatalf("%v seed %d: the sticks rest showing %06b, want %06b", k, seed, got, faces)
			}
			if !a.Landed() {
				t.Fatalf("%v seed %d: not landed after the step", k, seed)
			}
			if dur < restMin-1e-9 || dur > restMax+1e-9 {
				t.Fatalf("%v seed %d: the throw takes %.3f s, want %.1f–%.1f", k, seed, dur, restMin, restMax)
			}
			for i, b := range tb.bounces {
				if b < 1 || b > 3 {
					t.Fatalf("%v seed %d: stick %d bounced %d times, want 1–3", k, seed, i, b)
				}
			}
			checkRest(t, a, tb)
		}
	}
}

// checkRest checks that the sticks lie flat, inside the tray, clear of each other.
func checkRest(t *testing.T, a *Arena, tb *tumble) {
	t.Helper()
	L, W := tb.length, tb.length*0.13
	shapes := make([]*resolv.ConvexPolygon, len(a.sticks))
	for i, s := range a.sticks {
		if s.z != 0 {
			t.Fatalf("stick %d rests %.3f above the floor", i, s.z)
		}
		if c := math.Abs(math.Cos(s.roll)); c < 0.999 {
			t.Fatalf("stick %d rests on its edge (cos roll %.3f)", i, c)
		}
		ca, sa := math.Abs(math.Cos(s.angle)), math.Abs(math.Sin(s.angle))
		hx, hy := (L*ca+W*sa)/2, (L*sa+W*ca)/2
		if s.x-hx < -0.02 || s.x+hx > tb.aspect+0.02 || s.y-hy < -0.02 || s.y+hy > 1.02 {
			t.Fatalf("stick %d rests outside the tray: (%.2f, %.2f) angle %.2f in %.2f×1", i, s.x, s.y, s.angle, tb.aspect)
		}
		shapes[i] = resolv.NewRectangle(s.x*shapeScale, s.y*shapeScale, L*0.9*shapeScale, W*0.6*shapeScale)
		shapes[i].SetRotation(-s.angle)
	}
	for i := range shapes {
		for j := i + 1; j < len(shapes); j++ {
			if !shapes[i].Intersection(shapes[j]).IsEmpty() || math.Hypot(a.sticks[i].x-a.sticks[j].x, a.sticks[i].y-a.sticks[j].y) < W*0.5 {
				t.Fatalf("sticks %d and %d rest on each other", i, j)
			}
		}
	}
}

func TestThrowIsDeterministic(t *testing.T) {
	r := ui.Rect{W: 380, H: 96}
	a1, _, _ := throwOnce(t, rules.SixPolishedRough, 7, r, 0b101101)
	a2, _, _ := throwOnce(t, rules.SixPolishedRough, 7, r, 0b101101)
	for i := range a1.sticks {
		if a1.sticks[i] != a2.sticks[i] {
			t.Fatalf("the same seed threw stick %d to %+v and %+v", i, a1.sticks[i], a2.sticks[i])
		}
	}
	a3, _, _ := throwOnce(t, rules.SixPolishedRough, 8, r, 0b101101)
	if a1.sticks[0] == a3.sticks[0] {
		t.Fatal("two seeds threw the first stick to the same place")
	}
}

func TestThrowSkipEndsInPlace(t *testing.T) {
	// A tap that finishes the throw at once leaves the sticks exactly where the whole tumble would.
	r := ui.Rect{W: 380, H: 96}
	full, _, _ := throwOnce(t, rules.FourGreenWhite, 3, r, 0b0110)
	a := NewArena(rules.FourGreenWhite, 3)
	a.Rect = r
	var q Queue
	a.Throw(&q, 0b0110, 1, nil)
	q.Advance(0.2)
	q.Finish()
	for i := range a.sticks {
		if a.sticks[i] != full.sticks[i] {
			t.Fatalf("stick %d: skipped to %+v, played to %+v", i, a.sticks[i], full.sticks[i])
		}
	}
	if !a.Landed() || a.Faces() != 0b0110 {
		t.Fatalf("after a skip: landed %v, faces %04b", a.Landed(), a.Faces())
	}
}

func TestSettleAfterClear(t *testing.T) {
	r := ui.Rect{W: 380, H: 96}
	full, _, _ := throwOnce(t, rules.SixPolishedRough, 5, r, 0b110011)
	a := NewArena(rules.SixPolishedRough, 5)
	a.Rect = r
	var q Queue
	a.Throw(&q, 0b110011, 1, nil)
	q.Advance(0.3)
	q.Clear()
	a.Settle()
	for i := range a.sticks {
		if a.sticks[i] != full.sticks[i] {
			t.Fatalf("stick %d settled at %+v, the throw ends at %+v", i, a.sticks[i], full.sticks[i])
		}
	}
}

func TestArenaTapThrows(t *testing.T) {
	a := NewArena(rules.FourGreenWhite, 1)
	var h ui.HitMap
	a.Hits(&h)
	if h.Len() != 0 {
		t.Fatal("a tray not laid out has hit areas")
	}
	a.Rect = ui.Rect{X: 10, Y: 20, W: 300, H: 90}
	a.Hits(&h)
	if got, ok := h.At(150, 60); !ok || got != (ui.Target{Kind: "button", ID: "throw"}) {
		t.Fatalf("a tap on the sticks hits %v, want the throw button", got)
	}
	none := NewArena(rules.NoSticks, 1)
	none.Rect = a.Rect
	h.Reset()
	none.Hits(&h)
	if h.Len() != 0 {
		t.Fatal("a game without sticks has a tray to tap")
	}
}

func BenchmarkThrowSimulation(b *testing.B) {
	a := NewArena(rules.SixPolishedRough, 1)
	a.Rect = ui.Rect{W: 380, H: 96}
	for i := 0; i < b.N; i++ {
		a.simulate(uint8(i) & 63)
	}
}

// TestReducedThrowFades: with reduced motion a throw is one short fade that ends with the
// sticks exactly where the full tumble leaves them, on the faces chosen, whether it is played
// out tick by tick or skipped.
func TestReducedThrowFades(t *testing.T) {
	r := ui.Rect{W: 380, H: 96}
	for _, k := range []rules.Sticks{rules.FourGreenWhite, rules.SixPolishedRough} {
		n := k.Count()
		for seed := int64(1); seed <= 12; seed++ {
			faces := uint8(seed*29) & (1<<n - 1)
			full, _, _ := throwOnce(t, k, seed, r, faces)
			for _, skip := range []bool{false, true} {
				a := NewArena(k, seed)
				a.Rect, a.Reduced = r, true
				var q Queue
				a.Throw(&q, faces, 1, nil)
				if q.Len() != 1 || q.steps[0].Dur > ReducedFade+1e-9 {
					t.Fatalf("%v seed %d: reduced throw queued %d steps, the first %.2f s long", k, seed, q.Len(), q.steps[0].Dur)
				}
				q.Advance(1.0 / 60)
				if a.fade <= 0 || a.fade >= 1 || a.Landed() {
					t.Fatalf("%v seed %d: one tick in, fade %.2f landed %v: not a fade", k, seed, a.fade, a.Landed())
				}
				if skip {
					q.Finish()
				}
				for q.Busy() {
					q.Advance(1.0 / 60)
				}
				if !a.Landed() || a.fade != 1 || a.Faces() != faces {
					t.Fatalf("%v seed %d: after the fade landed %v fade %.2f faces %06b, want %06b", k, seed, a.Landed(), a.fade, a.Faces(), faces)
				}
				for i := range a.sticks {
					if a.sticks[i] != full.sticks[i] {
						t.Fatalf("%v seed %d: stick %d rests at %+v, the full throw at %+v", k, seed, i, a.sticks[i], full.sticks[i])
					}
				}
			}
		}
	}
}

// TestWarmPaintsEveryFlyingPicture: once Warm has nothing left to paint, a whole throw, drawn
// frame by frame, finds every picture of a stick in the air made (none is painted in the
// middle of the throw); and Warm has a bounded amount to do.
func TestWarmPaintsEveryFlyingPicture(t *testing.T) {
	m := ui.NewMetrics(1280, 800, 1)
	dst := ebiten.NewImage(1280, 800)
	for _, k := range []rules.Sticks{rules.FourGreenWhite, rules.SixPolishedRough} {
		for seed := int64(1); seed <= 6; seed++ {
			a := NewArena(k, seed)
			a.Rect = ui.Rect{X: 900, Y: 120, W: 340, H: 110}
			warmed := 0
			for a.Warm(m) {
				if warmed++; warmed > 3*(rollSteps+1) {
					t.Fatalf("%v: Warm painted more than %d pictures", k, warmed-1)
				}
			}
			if warmed != 3*(rollSteps+1) {
				t.Errorf("%v: Warm painted %d pictures, want a shadow and two faces at each of %d rolls", k, warmed, rollSteps+1)
			}
			var q Queue
			a.Throw(&q, uint8(seed*5), 1, nil)
			for i := 0; q.Busy() && i < 600; i++ {
				q.Advance(1.0 / 60)
				a.Draw(dst, m)
				if n := a.painted; n != warmed {
					t.Fatalf("%v seed %d: frame %d of the throw painted %d new pictures of sticks in the air", k, seed, i, n-warmed)
				}
			}
		}
	}
}
