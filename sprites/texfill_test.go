package sprites

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// TestTexFillRule: the textured fills of convex outlines skip the fill rule's stencil (drawn
// as their fan of triangles), and every other outline keeps the non-zero rule.
func TestTexFillRule(t *testing.T) {
	poly := func(pts ...float32) *vector.Path {
		var p vector.Path
		p.MoveTo(pts[0], pts[1])
		for i := 2; i+1 < len(pts); i += 2 {
			p.LineTo(pts[i], pts[i+1])
		}
		p.Close()
		return &p
	}
	ring := RoundRect(10, 10, 200, 120, 20)
	hole := RoundRect(40, 40, 60, 30, 8)
	twoOutlines := *ring
	twoOutlines.AddPath(hole, nil)
	for _, c := range []struct {
		name string
		p    *vector.Path
		want ebiten.FillRule
	}{
		{"a rounded rectangle", RoundRect(12.5, 7.25, 300, 180, 24), ebiten.FillRuleFillAll},
		{"a rounded rectangle, square corners", RoundRect(0, 0, 50, 40, 0), ebiten.FillRuleFillAll},
		{"a circle", Circle(100, 80, 64), ebiten.FillRuleFillAll},
		{"a triangle drawn the other way round", poly(0, 0, 0, 50, 50, 0), ebiten.FillRuleFillAll},
		{"an L from the corner that sees all of it", poly(0, 0, 100, 0, 100, 30, 30, 30, 30, 100, 0, 100), ebiten.FillRuleFillAll},
		{"an L from the end of an arm", poly(100, 0, 100, 30, 30, 30, 30, 100, 0, 100, 0, 0), ebiten.FillRuleNonZero},
		{"a notched plank", poly(0, 0, 100, 0, 100, 40, 60, 40, 50, 30, 40, 40, 0, 40), ebiten.FillRuleNonZero},
		{"a five-pointed star drawn in one stroke", poly(50, 0, 79, 90, 2, 35, 98, 35, 21, 90), ebiten.FillRuleNonZero},
		{"an outline with a hole", &twoOutlines, ebiten.FillRuleNonZero},
	} {
		vs, is := c.p.AppendVerticesAndIndicesForFilling(nil, nil)
		if got := texFillRule(vs, is); got != c.want {
			t.Errorf("%s: fill rule %v, want %v", c.name, got, c.want)
		}
	}
}
