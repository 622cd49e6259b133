package ui

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestFaceCache: a button drawn again in the same place and state reuses its painted face,
// a new state or size paints a new one, and the cache never holds more than maxFaces faces.
func TestFaceCache(t *testing.T) {
	m := NewMetrics(640, 480, 1)
	dst := ebiten.NewImage(640, 480)
	count := func() int {
		faces.Lock()
		defer faces.Unlock()
		return len(faces.m)
	}
	b := &Button{ID: "undo", Label: "Undo", Icon: IconUndo, Look: Dark, Rect: Rect{X: 10.5, Y: 20.25, W: 120, H: 40}}
	DrawButton(dst, m, b, false, false)
	n := count()
	for i := 0; i < 5; i++ {
		DrawButton(dst, m, b, false, false)
	}
	b.Rect.X += 7 // whole pixels: the same face, copied elsewhere
	DrawButton(dst, m, b, false, false)
	if got := count(); got != n {
		t.Fatalf("the same face drawn again: %d faces cached, want %d", got, n)
	}
	DrawButton(dst, m, b, true, false) // hovered: a lighter fill
	DrawButton(dst, m, b, false, true) // pressed: sunk, no shadow
	if got := count(); got != min(n+2, maxFaces) {
		t.Fatalf("two new states: %d faces cached, want %d", got, min(n+2, maxFaces))
	}
	for w := 0; w < 2*maxFaces; w++ {
		b.Rect.W = float64(60 + w)
		DrawButton(dst, m, b, false, false)
		FocusRing(dst, m, b.Rect)
	}
	if got := count(); got > maxFaces {
		t.Fatalf("%d faces cached, at most %d allowed", got, maxFaces)
	}
}
