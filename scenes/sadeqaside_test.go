package scenes

import (
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules/sadeqa"
	"sig/scenes/lang"
	"sig/scenes/ui"
)

// TestSadeqaInstructionNamesTheSideShown: a game of Sadeqa started from the setup on a phone
// held upright, then turned to landscape, then upright again: whenever it is the person's turn,
// the instruction names the side where their holes are on screen (read from the holes' tap
// targets: a column at the right, or a row at the bottom), never the other orientation's.
func TestSadeqaInstructionNamesTheSideShown(t *testing.T) {
	m := newTest(t, Config{Seed: 2})
	m.settings.Speed = Instant
	m.LayoutF(390, 844)
	p := startFromSetup(t, m, "sadeqa", false)
	playTurns(t, m, p, 0)
	for _, sz := range [][2]float64{{390, 844}, {844, 390}, {1280, 800}, {390, 844}} {
		m.LayoutF(sz[0], sz[1])
		step(m)
		side := sadeqaSide(t, p, sadeqa.South)
		dst := ebiten.NewImage(int(sz[0]), int(sz[1]))
		words := strings.Join(drawnWords(func() { m.Current().Draw(dst) }), "\n")
		dst.Deallocate()
		wantText := lang.T("sadeqa.sow." + side)
		if !strings.Contains(words, wantText) {
			t.Errorf("%gx%g: your holes are the %s side, but the screen does not say %q:\n%s", sz[0], sz[1], side, wantText, words)
		}
		for _, other := range []string{"bottom", "top", "left", "right"} {
			if other != side && strings.Contains(words, lang.T("sadeqa.sow."+other)) {
				t.Errorf("%gx%g: your holes are the %s side, but the screen says %q", sz[0], sz[1], side, lang.T("sadeqa.sow."+other))
			}
		}
	}
}

// sadeqaSide is where row's holes lie on screen, from their tap targets: "bottom" or "top"
// for a row across the board, "left" or "right" for a column down it.
func sadeqaSide(t *testing.T, p *play, row int) string {
	t.Helper()
	at := func(r, i int) (float64, float64) {
		x, y, ok := p.Hits().Find(ui.Target{Kind: "hole", N: sadeqa.Hole(r, i)})
		if !ok {
			t.Fatalf("no tap target for hole %d of row %d", i, r)
		}
		return x, y
	}
	x1, y1 := at(row, 1)
	x2, y2 := at(row, 2)
	ox, oy := at(1-row, 1)
	switch {
	case math.Abs(x2-x1) > math.Abs(y2-y1) && y1 > oy: // side by side: a row
		return "bottom"
	case math.Abs(x2-x1) > math.Abs(y2-y1):
		return "top"
	case x1 > ox: // one above the other: a column
		return "right"
	}
	return "left"
}
