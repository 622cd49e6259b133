//go:build screens

package sprites

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// texFillCompare fills each path with the sand texture twice, by the non-zero rule and as its
// fan of triangles alone, and reads both back (pixels can only be read while the game runs).
type texFillCompare struct {
	paths     []*vector.Path
	rule, fan [][]byte
	rules     []ebiten.FillRule
	done      bool
	w, h      int
}

func (f *texFillCompare) Update() error {
	if f.done {
		return ebiten.Termination
	}
	return nil
}

func (f *texFillCompare) Draw(screen *ebiten.Image) {
	if f.done {
		return
	}
	for _, p := range f.paths {
		vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
		f.rules = append(f.rules, texFillRule(vs, is))
		for i := range vs {
			vs[i].SrcX, vs[i].SrcY = vs[i].DstX/1.3, vs[i].DstY/1.3
			vs[i].ColorR, vs[i].ColorG, vs[i].ColorB = 235.0/255, 225.0/255, 205.0/255
		}
		var out [2][]byte
		for k, rule := range []ebiten.FillRule{ebiten.FillRuleNonZero, ebiten.FillRuleFillAll} {
			img := ebiten.NewImage(f.w, f.h)
			img.DrawTriangles(vs, is, SandTexture(), &ebiten.DrawTrianglesOptions{Address: ebiten.AddressRepeat, Filter: ebiten.FilterLinear, FillRule: rule})
			out[k] = make([]byte, 4*f.w*f.h)
			img.ReadPixels(out[k])
			img.Deallocate()
		}
		f.rule, f.fan = append(f.rule, out[0]), append(f.fan, out[1])
	}
	f.done = true
}

func (f *texFillCompare) Layout(int, int) (int, int) { return 64, 64 }

// TestTexFillFanMatchesRule: a convex outline filled as its fan of triangles alone has the same
// pixels as through the non-zero rule's stencil, to the last one.
func TestTexFillFanMatchesRule(t *testing.T) {
	f := &texFillCompare{w: 420, h: 300, paths: []*vector.Path{
		RoundRect(12.5, 7.25, 380, 260, 24),
		RoundRect(3, 4, 401.6, 280.3, 60),
		Circle(210.4, 150.2, 131.7),
	}}
	if err := ebiten.RunGame(f); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	if len(f.rule) != len(f.paths) {
		t.Fatal("nothing was drawn")
	}
	for i := range f.paths {
		if f.rules[i] != ebiten.FillRuleFillAll {
			t.Errorf("path %d: texFillRule chose %v, want its fan alone", i, f.rules[i])
		}
		differ, filled := 0, 0
		for j := 0; j < len(f.rule[i]); j += 4 {
			if f.rule[i][j+3] != 0 {
				filled++
			}
			if f.rule[i][j] != f.fan[i][j] || f.rule[i][j+1] != f.fan[i][j+1] || f.rule[i][j+2] != f.fan[i][j+2] || f.rule[i][j+3] != f.fan[i][j+3] {
				differ++
			}
		}
		if filled == 0 {
			t.Errorf("path %d: the non-zero fill drew nothing", i)
		}
		if differ != 0 {
			t.Errorf("path %d: %d of %d filled pixels differ between the fan and the non-zero rule", i, differ, filled)
		}
	}
}
