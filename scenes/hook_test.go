package scenes

import (
	"encoding/json"
	"testing"

	"sig/match"
	"sig/scenes/ui"
)

// TestHookReportsHitsInCSSPixels: the hook's areas are where the scene's hit map puts them,
// divided by the device scale, and a tap at a reported centre reaches that area.
func TestHookReportsHitsInCSSPixels(t *testing.T) {
	m := newTest(t, Config{})
	m.scaleFn = func() float64 { return 2 }
	m.LayoutF(640, 400)
	v := m.Hook()
	if v.Scene != "title" || v.Width != 640 || v.Height != 400 || v.Scale != 2 {
		t.Fatalf("hook: scene %q, %gx%g at scale %g; want title, 640x400 at 2", v.Scene, v.Width, v.Height, v.Scale)
	}
	var play *HookHit
	for i := range v.Hits {
		if v.Hits[i].ID == "button:play" {
			play = &v.Hits[i]
		}
	}
	if play == nil {
		t.Fatalf("no button:play among %+v", v.Hits)
	}
	x, y, _ := m.Current().Hits().Find(ui.Target{Kind: "button", ID: "play"})
	if play.CX != x/2 || play.CY != y/2 || !play.Reachable {
		t.Errorf("button:play at %g,%g (reachable %v); the hit map has it at %g,%g device pixels", play.CX, play.CY, play.Reachable, x, y)
	}
	step(m, ui.Intent{Kind: ui.Tap, X: play.CX * 2, Y: play.CY * 2})
	if got := m.Hook().Scene; got != "picker" {
		t.Errorf("a tap at the reported centre of button:play led to %q, want picker", got)
	}
}

// TestHookFollowsTheMatch: on the play scene the hook shows the protocol's STATE and the
// record, and both move on with a throw.
func TestHookFollowsTheMatch(t *testing.T) {
	m := newTest(t, Config{Game: "sig-wa-duqqan", Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}})
	v := m.Hook()
	if v.Scene != "play" || v.Game != "sig-wa-duqqan" || len(v.Moves) != 0 || !v.Human {
		t.Fatalf("hook at the start: %+v", v)
	}
	before, _ := json.Marshal(v.State)
	tap(t, m, "throw")
	v = m.Hook()
	after, _ := json.Marshal(v.State)
	if len(v.Moves) != 1 || string(before) == string(after) {
		t.Errorf("after a throw: moves %v, state %s (before %s)", v.Moves, after, before)
	}
	if _, err := json.Marshal(v); err != nil {
		t.Errorf("the hook does not encode: %v", err)
	}
}
