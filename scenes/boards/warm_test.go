package boards

import (
	"math/rand/v2"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules/games"
	"sig/scenes/stage"
)

// TestElOuedWarm: once the El Oued board's Warm has nothing left to paint, a game's moves,
// drawn frame by frame, paint no new picture of a piece on the board (hopping, freed, being
// freed), of its shadow or of a square's outline: the pictures were made while nothing moved.
// (Captured pieces shrinking into a tray are other sizes, painted as they go.)
func TestElOuedWarm(t *testing.T) {
	g, _ := games.Lookup("sig-el-oued")
	hst := newBoardHost(t, g, 1280, 800)
	b := hst.b.(*elOuedBoard)
	w, ok := hst.b.(stage.Warmer)
	if !ok {
		t.Fatal("the El Oued board is not a Warmer")
	}
	warmed := 0
	for w.Warm() {
		if warmed++; warmed > 400 {
			t.Fatal("Warm never runs out of pictures to paint")
		}
	}
	if want := len(b.b.Cells) + 1 + 2*(freedSteps+1); warmed != want {
		t.Errorf("Warm painted %d pictures, want %d", warmed, want)
	}
	made := func() map[stampKey]bool {
		sk, _ := sizeKey(b.pieceR())
		out := map[stampKey]bool{}
		for k := range b.stamps.m {
			if k.kind == stampOutline || (k.kind == stampPiece && k.w == sk) || k == discStampKey(b.pieceR()) {
				out[k] = true
			}
		}
		return out
	}
	before := made()
	dst := ebiten.NewImage(1280, 800)
	r := rand.New(rand.NewPCG(7, 7))
	for mv := 0; mv < 120 && len(hst.legal) > 0; mv++ {
		hst.apply(hst.legal[r.IntN(len(hst.legal))])
		for i := 0; hst.q.Busy() && i < 2000; i++ {
			hst.q.Advance(1.0 / 60)
			hst.b.Draw(dst)
		}
		hst.drain(1, nil)
		hst.b.Draw(dst)
		for k := range made() {
			if !before[k] {
				t.Fatalf("move %d painted a picture Warm had not: %+v", mv, k)
			}
		}
	}
}
