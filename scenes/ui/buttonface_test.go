package ui

import (
	"sig/sprites"
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

// TestFaceCachePaintsOverFacesLetGo: with the cache full, a button sliding by fractions of a
// pixel (a new face each frame, of one size) is painted over the faces let go, not into new
// images; a face of another size gets an image of its own and the one let go is released.
func TestFaceCachePaintsOverFacesLetGo(t *testing.T) {
	m := NewMetrics(640, 480, 1)
	dst := ebiten.NewImage(640, 480)
	b := &Button{ID: "throw", Label: "Throw", Look: Dark, Rect: Rect{X: 10, Y: 20, W: 150, H: 44}}
	for i := 0; i < maxFaces; i++ { // the cache full of this button's faces
		b.Rect.Y = 20 + float64(i)/maxFaces
		DrawButton(dst, m, b, false, false)
	}
	counts := func() sprites.ImageCount { return sprites.ImageCounts()["button face"] }
	before, repainted := counts(), faces.repainted
	for i := 0; i < 20; i++ {
		b.Rect.X = 10 + float64(i+1)/32
		DrawButton(dst, m, b, false, false)
	}
	if c := counts(); c.Made != before.Made || c.Released != before.Released || faces.repainted != repainted+20 {
		t.Errorf("20 faces of one size with the cache full: %d images made, %d released, %d painted over faces let go; want 0, 0, 20",
			c.Made-before.Made, c.Released-before.Released, faces.repainted-repainted)
	}
	b.Rect.W = 300
	DrawButton(dst, m, b, false, false)
	if c := counts(); c.Made != before.Made+1 || c.Released != before.Released+1 {
		t.Errorf("a face of another size: %d images made, %d released; want 1 and 1", c.Made-before.Made, c.Released-before.Released)
	}
}
