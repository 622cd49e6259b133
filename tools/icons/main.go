// Command icons draws the browser game's app icons (the web app manifest's, and the one iOS
// puts on a home screen) into wasm/: the four green-and-white sticks of the title and the
// loading screen, fanned on sand, in docs/conventions.md's colours. "Maskable" icons keep the sticks
// inside the middle 80% circle that every platform's mask leaves whole.
//
//	go run ./tools/icons            (from the module's folder; rewrites wasm/icon-*.png)
//
// The icons are committed; icons_test.go checks they are what this program draws. It is a
// tool: the game never imports it.
package main

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/image/vector"
)

// docs/conventions.md's colours: the ground, the ink, and the green-and-white sticks.
var (
	sand     = color.NRGBA{0xE9, 0xD8, 0xB4, 0xFF}
	deepSand = color.NRGBA{0xCD, 0xB0, 0x83, 0xFF}
	ink      = color.NRGBA{0x2B, 0x21, 0x18, 0xFF}
	green    = color.NRGBA{0x3F, 0x7D, 0x4E, 0xFF}
	bone     = color.NRGBA{0xF2, 0xEE, 0xE3, 0xFF}
)

// An icon is one file: its size in pixels and whether it is maskable.
type icon struct {
	name     string
	size     int
	maskable bool
}

// icons are the sizes phones ask for: 192 and 512 (Android's home screen and splash screen,
// and what Chromium requires to offer installing), their maskable twins, and 180 for iOS.
var icons = []icon{
	{"icon-192.png", 192, false},
	{"icon-512.png", 512, false},
	{"icon-maskable-192.png", 192, true},
	{"icon-maskable-512.png", 512, true},
	{"apple-touch-icon.png", 180, true}, // iOS rounds the corners itself: nothing may reach them
}

func main() {
	dir := flag.String("dir", "wasm", "folder to write the icons into")
	flag.Parse()
	if err := write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "icons:", err)
		os.Exit(1)
	}
}

func write(dir string) error {
	for _, ic := range icons {
		data, err := encode(render(ic))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, ic.name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// render is an icon as it is stored: drawn, then reduced to its 256 commonest colours (a
// paletted PNG, a third of the size; the rest are edge pixels, dithered).
func render(ic icon) *image.Paletted {
	img := draw1(ic)
	count := map[color.NRGBA]int{}
	for i := 0; i < len(img.Pix); i += 4 {
		count[color.NRGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}]++
	}
	colours := make([]color.NRGBA, 0, len(count))
	for c := range count {
		colours = append(colours, c)
	}
	// Commonest first; ties by value, so the palette never depends on map order.
	slices.SortFunc(colours, func(a, b color.NRGBA) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return cmp.Compare(uint32(a.R)<<24|uint32(a.G)<<16|uint32(a.B)<<8|uint32(a.A), uint32(b.R)<<24|uint32(b.G)<<16|uint32(b.B)<<8|uint32(b.A))
	})
	var pal color.Palette
	for _, c := range colours[:min(256, len(colours))] {
		pal = append(pal, c)
	}
	out := image.NewPaletted(img.Bounds(), pal)
	draw.FloydSteinberg.Draw(out, img.Bounds(), img, image.Point{})
	return out
}

func encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// draw1 draws one icon: sand to every edge (a launcher's mask then cuts its own shape), a
// deep-sand disc, and the sticks fanned over it as on the page's favicon (wasm/icon.svg).
func draw1(ic icon) *image.NRGBA {
	n := float64(ic.size)
	img := image.NewNRGBA(image.Rect(0, 0, ic.size, ic.size))
	draw.Draw(img, img.Bounds(), image.NewUniform(sand), image.Point{}, draw.Src)

	// The artwork is laid out on a 64-unit square, like icon.svg; a maskable icon shrinks it
	// into the safe circle (radius 40% of the icon).
	scale := n / 64
	if ic.maskable {
		scale = n * 0.8 / 64
	}
	cx, cy := n/2, n/2
	fill(img, circle(cx, cy, 29*scale), deepSand)
	fill(img, circle(cx, cy, 27*scale), sand)
	for i, deg := range []float64{-30, -10, 10, 30} {
		c := green
		if i%2 == 1 {
			c = bone
		}
		// The stick's outline: the ink, faint, half a unit wider all round.
		outline := ink
		outline.A = 0x66
		fill(img, stick(cx, cy, 24.5*scale, 4*scale, deg), outline)
		fill(img, stick(cx, cy, 24*scale, 3.5*scale, deg), c)
	}
	return img
}

// A path is a closed polygon, in pixels.
type path [][2]float64

// circle is a circle as a polygon fine enough to look round at 512 pixels.
func circle(cx, cy, r float64) path {
	var p path
	for i := range 256 {
		a := 2 * math.Pi * float64(i) / 256
		p = append(p, [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)})
	}
	return p
}

// stick is a stick centred on cx, cy: half its length hl, half its width hw (its ends round),
// turned deg degrees.
func stick(cx, cy, hl, hw, deg float64) path {
	var p path
	const steps = 32
	for end := range 2 {
		// The rounded end's centre, and its half circle.
		ex := hl - hw
		from := -math.Pi / 2
		if end == 1 {
			ex, from = -ex, math.Pi/2
		}
		for i := range steps + 1 {
			a := from + math.Pi*float64(i)/steps
			p = append(p, [2]float64{ex + hw*math.Cos(a), hw * math.Sin(a)})
		}
	}
	sin, cos := math.Sincos(deg * math.Pi / 180)
	for i, q := range p {
		p[i] = [2]float64{cx + q[0]*cos - q[1]*sin, cy + q[0]*sin + q[1]*cos}
	}
	return p
}

// fill paints a path in a colour over img, antialiased.
func fill(img *image.NRGBA, p path, c color.NRGBA) {
	b := img.Bounds()
	r := vector.NewRasterizer(b.Dx(), b.Dy())
	r.MoveTo(float32(p[0][0]), float32(p[0][1]))
	for _, q := range p[1:] {
		r.LineTo(float32(q[0]), float32(q[1]))
	}
	r.ClosePath()
	r.Draw(img, b, image.NewUniform(c), image.Point{})
}
