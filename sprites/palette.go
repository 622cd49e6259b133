package sprites

import (
	"image/color"
	"math"
)

// The palette of docs/conventions.md: grounds, accents and the materials of the games.
var (
	Sand       = rgb(0xE9D8B4)
	DeepSand   = rgb(0xCDB083)
	Wood       = rgb(0x8A5A32)
	DarkWood   = rgb(0x4E3320)
	Ink        = rgb(0x2B2118)
	Chalk      = rgb(0xF8F3E8)
	Indigo     = rgb(0x2F4B7C)
	Terracotta = rgb(0xB5543A)
	Olive      = rgb(0x6B7B3A)
	Saffron    = rgb(0xE0A526)

	StickGreen = rgb(0x3F7D4E)
	Bone       = rgb(0xF2EEE3)
	Honey      = rgb(0xC98B3C)
	Rough      = rgb(0x7A6A58)
	Charcoal   = rgb(0x2A2624)
	Ember      = rgb(0xE4572E)
	Seed       = rgb(0xB98A4E)
	Stone      = rgb(0xB7AA96)
)

// Mark is the shape that tells a player apart without colour.
type Mark uint8

// The eight marks, in player order.
const (
	MarkDot Mark = iota
	MarkRing
	MarkBar
	MarkCross
	MarkTriangle
	MarkDiamond
	MarkSquare
	MarkStar
)

var markNames = [...]string{"dot", "ring", "bar", "cross", "triangle", "diamond", "square", "star"}

func (m Mark) String() string {
	if int(m) < len(markNames) {
		return markNames[m]
	}
	return "mark?"
}

// PlayerColor is one of the eight player colours (the Okabe–Ito set) with its mark and name.
type PlayerColor struct {
	Name  string
	Color color.RGBA
	Mark  Mark
}

// Players are the eight player colours, colour-blind safe, each with its own mark. The first
// four (the seats of most games) are the four of the set that stay furthest apart for
// deuteranopia and protanopia, the commonest deficiencies (TestPlayerColoursApartForColour-
// Blindness); Yellow, next to Orange for those eyes, comes fifth.
var Players = [8]PlayerColor{
	{"Orange", rgb(0xE69F00), MarkDot},
	{"Sky", rgb(0x56B4E9), MarkRing},
	{"Green", rgb(0x009E73), MarkBar},
	{"Blue", rgb(0x0072B2), MarkTriangle},
	{"Yellow", rgb(0xF0E442), MarkCross},
	{"Vermilion", rgb(0xD55E00), MarkDiamond},
	{"Purple", rgb(0xCC79A7), MarkSquare},
	{"Black", rgb(0x000000), MarkStar},
}

// Player returns player colour i, wrapping around.
func Player(i int) PlayerColor {
	if i < 0 {
		i = -i
	}
	return Players[i%len(Players)]
}

// OnColor is ink or chalk, whichever reads better on c.
func OnColor(c color.RGBA) color.RGBA {
	if Luma(c) > 0.55 {
		return Ink
	}
	return Chalk
}

// Luma is the perceived brightness of c in [0, 1].
func Luma(c color.RGBA) float64 {
	return (0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)) / 255
}

// Mix blends a toward b by t in [0, 1].
func Mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

// Fade is c with its opacity multiplied by a (premultiplied).
func Fade(c color.RGBA, a float64) color.RGBA {
	a = math.Max(0, math.Min(1, a))
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}
