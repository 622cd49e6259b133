//go:build !js

package scenes

import (
	"fmt"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/sprites"
)

// TestFramesCopyPictures: while a game is played (stick throws, the Ghoula dragging pieces,
// sowing laps, captures, crowned pieces, a person's turn with its hints, the reduced-motion
// fades), every frame painted while the play scene animates is made of pictures copied onto
// the screen: no path is filled or stroked straight onto it. (A still frame, a decision
// waiting, is painted once when it changes, and may paint paths.) Paths are painted into pictures once; a path on the screen costs a
// render-target switch every frame, which software rendering pays in milliseconds
// (sprites/paths.go).
//
// It draws some 70,000 frames: under -race (about ten times slower to draw, and no help to a
// test of what is drawn) it took most of the unit step and passed go test's ten-minute limit
// on a loaded machine, so it runs without -race, in .ci/run's scenes step.
func TestFramesCopyPictures(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("five games played frame by frame: run without -race or -short (.ci/run does)")
	}
	dst := ebiten.NewImage(1280, 800)
	type run struct {
		name    string
		seats   []Seat
		reduced bool
		ticks   int
		late    bool // from a few moves before the end (crowned pieces, full stores)
	}
	runs := []run{
		{"a person against the computer", []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}, false, 1500, false},
		{"reduced motion", []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}, true, 800, false},
		{"computers only", []Seat{{Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}}, false, 6000, false},
		{"computers only, the end of the game", []Seat{{Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}}, false, 6000, true},
	}
	for _, g := range games.All() {
		for _, r := range runs {
			t.Run(fmt.Sprintf("%s/%s", g.ID, r.name), func(t *testing.T) {
				seats := r.seats
				if g.MaxPlayers >= 4 && !seats[0].here() {
					seats = append(seats, Seat{Who: match.Computer{Level: ai.Easy}}, Seat{Who: match.Computer{Level: ai.Easy}})
				}
				cfg := Config{Game: g.ID, Seed: 5, Seats: seats}
				m := newTest(t, cfg)
				if r.late {
					// The computers play the same game from the same seed: its length, then
					// all but its last moves, at once.
					n := playInstant(m, 1<<30)
					m = newTest(t, cfg)
					if got := playInstant(m, n-8); got < n-8 {
						t.Fatalf("the replayed game ended at move %d of %d", got, n)
					}
				}
				m.settings.Speed = Normal
				m.settings.Reduced = r.reduced
				m.settings.apply()
				w := &sprites.PathWatch{Dst: dst}
				defer sprites.Watch(w)()
				frames, moves := 0, 0
				for i := 0; i < r.ticks; i++ {
					p, ok := m.Current().(*play)
					if !ok {
						break
					}
					moves = p.d.Match().Moves()
					if p.human() && !p.Busy() && p.State().Phase() != rules.PhaseOver && i%40 == 39 {
						// A few frames of the person's turn (hints, the piece to move), then the move.
						act(t, m, p)
					} else {
						step(m)
					}
					if _, ok := m.Current().(*play); !ok {
						break // the results (a menu scene, painted once) take over
					}
					if !animating(m.cur) {
						continue // a still frame is painted once, when it changes
					}
					m.redraw = true
					m.Draw(dst)
					forgetDraws()
					frames++
				}
				if w.Count > 0 {
					t.Errorf("%d paths filled onto the screen in %d frames (%d moves): %s", w.Count, frames, moves, w)
				}
				if moves < 3 {
					t.Errorf("only %d moves played in %d frames", moves, frames)
				}
			})
		}
	}
}

// playInstant plays m's computer seats at instant speed until move moves (or the end of the
// game) and says how many moves were played.
func playInstant(m *Manager, moves int) int {
	m.settings.Speed = Instant
	m.settings.apply()
	n := 0
	for i := 0; i < 200000; i++ {
		p, ok := m.Current().(*play)
		if !ok {
			break
		}
		if n = p.d.Match().Moves(); n >= moves || p.State().Phase() == rules.PhaseOver {
			break
		}
		step(m)
	}
	return n
}

// TestWarmOnePictureAFrameOnTime: the play scene paints pictures ahead one a frame, only in
// frames that came on time (a software renderer's slow frames get none), and not while
// something moves; it runs out once everything is painted.
func TestWarmOnePictureAFrameOnTime(t *testing.T) {
	m := newTest(t, Config{Game: "sig-el-oued", Seed: 3, Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}})
	p := m.Current().(*play)
	m.drawn, m.frameGap = 1, 16*time.Millisecond
	if !p.warm() {
		t.Fatal("nothing painted ahead in an idle frame on time")
	}
	if p.warm() {
		t.Error("a second picture painted in the same frame")
	}
	m.drawn, m.frameGap = 2, 40*time.Millisecond
	if p.warm() {
		t.Error("a picture painted ahead in a frame that came late")
	}
	m.frameGap = 16 * time.Millisecond
	tap(t, m, "throw")
	m.drawn++
	if !p.Busy() || p.warm() {
		t.Errorf("a picture painted ahead while the throw animates (busy %v)", p.Busy())
	}
	for i := 0; i < 600 && p.Busy(); i++ {
		step(m)
	}
	n := 0
	for ; n < 1000; n++ {
		m.drawn++
		if !p.warm() {
			break
		}
	}
	if n == 0 || n == 1000 {
		t.Errorf("painted ahead %d pictures before running out", n)
	}
}
