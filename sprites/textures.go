package sprites

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// The textures are generated once each, on first use, from seeded noise: the same grain every
// run. Each is made only when something first draws with it (a few tens of milliseconds of
// processor time apiece in the browser), so the title's first frame waits for the sand alone.
var woodTex, darkWoodTex, sandTex = lazyTexture(func() image.Image { return woodImage(256, Wood, 1) }),
	lazyTexture(func() image.Image { return woodImage(256, DarkWood, 2) }),
	lazyTexture(func() image.Image { return sandImage(256) })

// lazyTexture is a texture made by paint the first time it is asked for.
func lazyTexture(paint func() image.Image) func() *ebiten.Image {
	return sync.OnceValue(func() *ebiten.Image { return NewImageFromImage("texture", paint()) })
}

// WoodTexture is a tileable plank of carved wood with its grain running left to right.
func WoodTexture() *ebiten.Image { return woodTex() }

// DarkWoodTexture is the darker wood of frames and the side panel.
func DarkWoodTexture() *ebiten.Image { return darkWoodTex() }

// SandTexture is tileable sand with fine grains and soft wind ripples.
func SandTexture() *ebiten.Image { return sandTex() }

// hash2 is a small integer hash of a lattice point, in [0, 1).
func hash2(x, y, seed int) float64 {
	h := uint32(x*374761393 + y*668265263 + seed*1442695041)
	h = (h ^ (h >> 13)) * 1274126177
	h ^= h >> 16
	return float64(h&0xffffff) / float64(0x1000000)
}

// valueNoise is smooth noise with period p lattice cells (so the texture tiles).
//
// It runs for every pixel of every texture, several octaves deep, before the first frame:
// each lattice corner is hashed once and wrapped without a division where it is already in
// range (the textures' coordinates mostly are). That takes about a quarter less processor
// time than a closure taking two modulos per corner, for the same pixels.
func valueNoise(x, y float64, p, seed int) float64 {
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	sx, sy := fx*fx*(3-2*fx), fy*fy*(3-2*fy)
	i0, i1 := wrap(x0, p), wrap(x0+1, p)
	j0, j1 := wrap(y0, p), wrap(y0+1, p)
	w00, w10 := hash2(i0, j0, seed), hash2(i1, j0, seed)
	w01, w11 := hash2(i0, j1, seed), hash2(i1, j1, seed)
	a := w00 + (w10-w00)*sx
	b := w01 + (w11-w01)*sx
	return a + (b-a)*sy
}

// wrap is i modulo p in [0, p).
func wrap(i, p int) int {
	if i >= 0 && i < p {
		return i
	}
	return ((i % p) + p) % p
}

func fbm(x, y float64, p, seed int) float64 {
	v, amp, tot := 0.0, 1.0, 0.0
	for o := 0; o < 4; o++ {
		v += amp * valueNoise(x, y, p, seed+o)
		tot += amp
		x, y, p = x*2, y*2, p*2
		amp /= 2
	}
	return v / tot
}

func woodImage(n int, base color.RGBA, seed int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	dark := Mix(base, Ink, 0.22)
	light := Mix(base, Sand, 0.12)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			u, v := float64(x)/float64(n), float64(y)/float64(n)
			warp := fbm(u*4, v*4, 4, seed) * 2.5
			// Long grain lines across the plank, bent by the warp; a few darker rings.
			g := math.Sin((v*9+warp)*math.Pi*2)*0.5 + 0.5
			g = math.Pow(g, 4)
			fine := fbm(u*2, v*64, 2, seed+7)
			t := 0.4*g + 0.6*fine
			c := Mix(light, dark, t)
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func sandImage(n int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			u, v := float64(x)/float64(n), float64(y)/float64(n)
			ripple := math.Sin((v*6+fbm(u*3, v*3, 3, 11)*1.6)*math.Pi*2)*0.5 + 0.5
			grain := hash2(x, y, 5)
			t := 0.25*ripple + 0.15*fbm(u*8, v*8, 8, 13)
			c := Mix(Sand, DeepSand, t)
			switch {
			case grain > 0.985:
				c = Mix(c, Ink, 0.25)
			case grain > 0.96:
				c = Mix(c, Chalk, 0.6)
			case grain < 0.03:
				c = Mix(c, DeepSand, 0.6)
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}
