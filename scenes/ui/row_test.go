package ui

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestRowSharesOneSize: a row of buttons (a phone's speed choice: Normale, Rapide, Immédiate)
// draws every label in one type, the largest in which all of them fit, and a button of another
// row keeps its own. A button that shrank its own label alone ("Immédiate" smaller than its
// neighbours) fails.
func TestRowSharesOneSize(t *testing.T) {
	m := NewMetrics(390, 844, 1)
	w := m.Measure(BodyBold, "Immédiate") + m.Pt(10) // too narrow for it in the body type
	var mn Menu
	for i, l := range []string{"Normale", "Rapide", "Immédiate"} {
		mn.Add(&Button{ID: l, Label: l, Rect: Rect{X: float64(i) * (w + 8), Y: 100, W: w, H: 44}})
	}
	mn.Add(&Button{ID: "alone", Label: "Jouer", Rect: Rect{X: 0, Y: 200, W: w, H: 44}})
	dst := ebiten.NewImage(390, 844)
	defer dst.Deallocate()
	styles := map[string]Style{}
	BoxDrawn = func(b Box) {
		if b.Labelled {
			styles[labelAt(mn, b.R)] = b.Label
		}
	}
	var drawn []Drawn
	TextDrawn = func(d Drawn) { drawn = append(drawn, d) }
	mn.Draw(dst, m)
	BoxDrawn, TextDrawn = nil, nil
	for _, l := range []string{"Normale", "Rapide", "Immédiate"} {
		if styles[l] != SmallBold {
			t.Errorf("%q drawn in style %d; the row needs the small bold type (%d) for Immédiate", l, styles[l], SmallBold)
		}
	}
	if styles["alone"] != BodyBold {
		t.Errorf("a button alone in its row drawn in style %d, want the body type (%d)", styles["alone"], BodyBold)
	}
	// What was drawn agrees: the three labels in one type, none cut.
	for _, d := range drawn {
		if _, cut := Shortened(d.Text); cut {
			t.Errorf("%q drawn cut", d.Text)
		}
		if d.Text != "Jouer" && d.Style != SmallBold {
			t.Errorf("%q drawn in style %d", d.Text, d.Style)
		}
	}
}

// labelAt is the label of the button of mn at r ("alone" for the one on its own row).
func labelAt(mn Menu, r Rect) string {
	for _, b := range mn.Buttons {
		if b.Rect == r {
			if b.ID == "alone" {
				return "alone"
			}
			return b.Label
		}
	}
	return ""
}
