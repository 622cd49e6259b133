package scenes

import (
	"math"
	"strings"
	"testing"

	"sig/ai"
	"sig/match"
	"sig/scenes/ui"
)

// TestRecordReplayShowsNamesAndSticks: a game of Sig el Oued started from the setup, exported
// from the pause and opened from the title's records: the replay names the players as the
// game did ("you" and the computer, not "Player 1"), and after stepping to move 3 and pressing
// End the sticks show the game's last throw, as the game showed it, not move 3's.
func TestRecordReplayShowsNamesAndSticks(t *testing.T) {
	recordsHome = t.TempDir()
	defer func() { recordsHome = "" }()
	m := newTest(t, Config{Seed: 9})
	m.settings.Speed = Instant
	p := startFromSetup(t, m, "sig-el-oued", false)
	playTurns(t, m, p, 8)
	step(m, ui.Intent{Kind: ui.Back})
	tap(t, m, "export")
	tap(t, m, "menu")
	tap(t, m, "records")
	want(t, m, "records")
	tap(t, m, "file-0")
	want(t, m, "replay")
	rp := m.Current().(*replay)
	if rp.Len() != p.d.Match().Moves() {
		t.Fatalf("the replay has %d moves, the game %d", rp.Len(), p.d.Match().Moves())
	}
	for i := range p.players {
		if rp.env.Names[i] != p.env.Names[i] || rp.env.IsYou(i) != p.env.IsYou(i) {
			t.Errorf("seat %d: the replay says %q (you: %v), the game said %q (you: %v)", i+1, rp.env.Names[i], rp.env.IsYou(i), p.env.Names[i], p.env.IsYou(i))
		}
	}
	m.settings.Speed = Normal
	for range 3 {
		tap(t, m, "next")
	}
	for i := 0; i < 600 && rp.q.Busy(); i++ {
		step(m)
	}
	step(m, ui.Intent{Kind: ui.Scroll, Scroll: math.Inf(1)}) // End
	if rp.Position() != rp.Len() {
		t.Fatalf("End shows move %d of %d", rp.Position(), rp.Len())
	}
	if rp.arena.Faces() != p.arena.Faces() || !rp.arena.Landed() {
		t.Errorf("after End the sticks show faces %b (landed %v); the game's last throw showed %b", rp.arena.Faces(), rp.arena.Landed(), p.arena.Faces())
	}
	tap(t, m, "first")
	if rp.arena.Thrown() {
		t.Errorf("at the start the sticks show a throw")
	}
	for _, l := range rp.log {
		if strings.Contains(l.Text(), "Player 1") {
			t.Errorf("the log says %q", l.Text())
		}
	}
}

// TestReplayKnobInsideThePanel: in the replay of a game played to its end (from the results),
// at a laptop's size and a phone's, the scrubber's knob at the first move and at the last lies
// inside the scrubber and the panel, and a tap on the knob where it stands keeps the position.
func TestReplayKnobInsideThePanel(t *testing.T) {
	m := newTest(t, Config{Game: "seega", Seed: 6, Seats: []Seat{{Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}}})
	m.settings.Speed = Instant
	for i := 0; i < 200_000 && m.Current().Name() == "play"; i++ {
		step(m)
	}
	want(t, m, "results")
	tap(t, m, "replay")
	rp := m.Current().(*replay)
	for _, sz := range [][2]float64{{1280, 800}, {390, 844}} {
		m.LayoutF(sz[0], sz[1])
		for _, end := range []float64{math.Inf(-1), math.Inf(1)} {
			step(m, ui.Intent{Kind: ui.Scroll, Scroll: end})
			k, sc, pn := rp.knob().Inset(0.01), rp.scrubR, rp.panel // within a rounding
			if k.X < sc.X || k.Right() > sc.Right() || k.X < pn.X || k.Right() > pn.Right() {
				t.Errorf("%gx%g, move %d: the knob %+v passes the scrubber %+v or the panel %+v", sz[0], sz[1], rp.Position(), k, sc, pn)
			}
			at := rp.Position()
			step(m, ui.Intent{Kind: ui.Tap, X: k.CX(), Y: k.CY()})
			if rp.Position() != at {
				t.Errorf("%gx%g: a tap on the knob at move %d moved to %d", sz[0], sz[1], at, rp.Position())
			}
		}
	}
}
