package sprites

import (
	"image/color"
	"math"
	"testing"
)

// The full-severity colour-vision deficiency matrices of Machado, Oliveira and Fernandes (2009),
// for linear RGB (tools/cvdsim applies the same ones to screenshots).
var cvdMatrices = []struct {
	name string
	m    [3][3]float64
}{
	{"normal", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

// lab is c seen through m, in CIELAB.
func lab(c color.RGBA, m [3][3]float64) [3]float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	in := [3]float64{lin(c.R), lin(c.G), lin(c.B)}
	var rgb [3]float64
	for i := range rgb {
		rgb[i] = math.Max(0, math.Min(1, m[i][0]*in[0]+m[i][1]*in[1]+m[i][2]*in[2]))
	}
	x := (0.4124*rgb[0] + 0.3576*rgb[1] + 0.1805*rgb[2]) / 0.95047
	y := 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	z := (0.0193*rgb[0] + 0.1192*rgb[1] + 0.9505*rgb[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

func deltaE(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// TestPlayerColoursApartForColourBlindness: the colours of the players who sit together in a
// game (players 1 to n take colours 1 to n) stay clearly apart for up to four players (the
// most any game usually seats): ΔE*ab at least 20 for normal vision, protanopia and
// deuteranopia, at least 15 for tritanopia (the rarest, where Sky and Green draw nearest).
// With the marks on top (TestMarksDiffer) no two players are told apart by colour alone.
func TestPlayerColoursApartForColourBlindness(t *testing.T) {
	const seats = 4
	for _, d := range cvdMatrices {
		least := 20.0
		if d.name == "tritanopia" {
			least = 15
		}
		worst, wi, wj := math.Inf(1), 0, 0
		for i := 0; i < seats; i++ {
			for j := i + 1; j < seats; j++ {
				if e := deltaE(lab(Players[i].Color, d.m), lab(Players[j].Color, d.m)); e < worst {
					worst, wi, wj = e, i, j
				}
			}
		}
		t.Logf("%s: closest pair among the first %d players: %s and %s, ΔE %.1f", d.name, seats, Players[wi].Name, Players[wj].Name, worst)
		if worst < least {
			t.Errorf("%s: %s and %s are only ΔE %.1f apart", d.name, Players[wi].Name, Players[wj].Name, worst)
		}
	}
}

// TestMarksDiffer: every player colour carries its own mark.
func TestMarksDiffer(t *testing.T) {
	seen := map[Mark]string{}
	for _, p := range Players {
		if o, ok := seen[p.Mark]; ok {
			t.Errorf("%s and %s share the %s mark", o, p.Name, p.Mark)
		}
		seen[p.Mark] = p.Name
	}
}
