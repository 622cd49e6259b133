package scenes

import (
	"image/color"
	"strconv"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/ui"
)

// TestSadeqaOnAPhone: on a phone held upright (390×844), Sadeqa's board, started from the
// picker and the setup as a player starts it, gives every hole a target a finger can hit (44
// points each way), all twenty on the screen, none over another, and writes each hole's count
// in the small bold type at full size (the long board laid across a phone had holes 32 px wide
// and counts 7 px high).
func TestSadeqaOnAPhone(t *testing.T) {
	for _, l := range []string{"en", "ar"} {
		for _, large := range []bool{false, true} {
			m := newTest(t, Config{Lang: l})
			m.LayoutF(390, 844)
			st := m.settings
			st.Large = large
			m.setSettings(st)
			tap(t, m, "play")
			tap(t, m, "sadeqa")
			tap(t, m, "start")
			p, ok := m.Current().(*play)
			if !ok {
				t.Fatalf("%s: not playing after Start: %s", l, m.Current().Name())
			}
			var holes []ui.Rect
			p.Hits().Each(func(tg ui.Target, r ui.Rect, _, _ float64, reachable bool) {
				if tg.Kind != "hole" {
					return
				}
				holes = append(holes, r)
				if r.W < m.mt.Touch()-0.01 || r.H < m.mt.Touch()-0.01 {
					t.Errorf("%s large=%v: hole %d's target is %.0f×%.0f px, under 44 points (%.0f px)", l, large, tg.N, r.W, r.H, m.mt.Touch())
				}
				if r.X < 0 || r.Y < 0 || r.Right() > 390 || r.Bottom() > 844 {
					t.Errorf("%s large=%v: hole %d's target %+v passes the screen", l, large, tg.N, r)
				}
				if !reachable {
					t.Errorf("%s large=%v: hole %d's target is covered", l, large, tg.N)
				}
			})
			if len(holes) != 20 {
				t.Fatalf("%s large=%v: %d hole targets, want 20", l, large, len(holes))
			}
			for i, a := range holes {
				for _, b := range holes[i+1:] {
					if a.X < b.Right()-0.5 && b.X < a.Right()-0.5 && a.Y < b.Bottom()-0.5 && b.Y < a.Bottom()-0.5 {
						t.Errorf("%s large=%v: hole targets %+v and %+v overlap", l, large, a, b)
					}
				}
			}
			// The counts: drawn in the small bold type at its full size (the board draws them
			// from pictures it paints on its first frame, when the hook sees them).
			dst := ebiten.NewImage(390, 844)
			var counts []ui.Drawn
			ui.TextDrawn = func(d ui.Drawn) {
				if d.Style == ui.SmallBold && isCount(d.Text) {
					counts = append(counts, d)
				}
			}
			p.brd.Draw(dst)
			var full ui.Drawn
			ui.TextDrawn = func(d ui.Drawn) { full = d }
			m.mt.Text(dst, "4", ui.SmallBold, 0, 0, ui.Start, color.White)
			ui.TextDrawn = nil
			dst.Deallocate()
			if len(counts) == 0 {
				t.Fatalf("%s large=%v: no count drawn", l, large)
			}
			for _, d := range counts {
				if d.Ink.H < full.Ink.H-0.01 {
					t.Errorf("%s large=%v: count %q drawn %.1f px high, under the small bold type's %.1f", l, large, d.Text, d.Ink.H, full.Ink.H)
				}
			}
		}
	}
}

// isCount reports whether s is a number (a hole's count).
func isCount(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
