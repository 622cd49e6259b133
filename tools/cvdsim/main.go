// Command cvdsim shows a screenshot as people with colour-vision deficiencies see it, to check
// that the players' colours stay apart: for each PNG given it writes NAME-cvd.png, a 2×2 sheet
// of the picture as is and as seen with protanopia, deuteranopia and tritanopia (the full-
// severity matrices of Machado, Oliveira and Fernandes 2009, applied in linear RGB).
//
//	go run ./tools/cvdsim shot.png [more.png…]
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"strings"
)

// deficiencies are the simulations, in the sheet's order after the original.
var deficiencies = []struct {
	name string
	m    [3][3]float64
}{
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: cvdsim shot.png [more.png…]")
		os.Exit(2)
	}
	bad := false
	for _, path := range os.Args[1:] {
		out := strings.TrimSuffix(path, ".png") + "-cvd.png"
		if err := sheet(path, out); err != nil {
			fmt.Fprintf(os.Stderr, "cvdsim: %s: %v\n", path, err)
			bad = true
			continue
		}
		fmt.Println("wrote", out)
	}
	if bad {
		os.Exit(1)
	}
}

// sheet reads the PNG at in and writes the 2×2 sheet to out, each picture at half size.
func sheet(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	src, err := png.Decode(f)
	f.Close()
	if err != nil {
		return err
	}
	b := src.Bounds()
	w, h := b.Dx()/2, b.Dy()/2
	dst := image.NewRGBA(image.Rect(0, 0, 2*w, 2*h))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	for k := 0; k < 4; k++ {
		ox, oy := (k%2)*w, (k/2)*h
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				c := average(src, b.Min.X+2*x, b.Min.Y+2*y)
				if k > 0 {
					c = simulate(c, deficiencies[k-1].m)
				}
				dst.SetRGBA(ox+x, oy+y, c)
			}
		}
	}
	o, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := png.Encode(o, dst); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}

// average is the mean colour of the 2×2 block at (x, y).
func average(img image.Image, x, y int) color.RGBA {
	var r, g, b uint32
	for dy := 0; dy < 2; dy++ {
		for dx := 0; dx < 2; dx++ {
			cr, cg, cb, _ := img.At(x+dx, y+dy).RGBA()
			r, g, b = r+cr>>8, g+cg>>8, b+cb>>8
		}
	}
	return color.RGBA{uint8(r / 4), uint8(g / 4), uint8(b / 4), 255}
}

// simulate is c as seen through the deficiency matrix m.
func simulate(c color.RGBA, m [3][3]float64) color.RGBA {
	in := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	var out [3]uint8
	for i := range out {
		v := m[i][0]*in[0] + m[i][1]*in[1] + m[i][2]*in[2]
		out[i] = encode(v)
	}
	return color.RGBA{out[0], out[1], out[2], 255}
}

func linear(v uint8) float64 {
	x := float64(v) / 255
	if x <= 0.04045 {
		return x / 12.92
	}
	return math.Pow((x+0.055)/1.055, 2.4)
}

func encode(x float64) uint8 {
	x = math.Max(0, math.Min(1, x))
	if x <= 0.0031308 {
		x *= 12.92
	} else {
		x = 1.055*math.Pow(x, 1/2.4) - 0.055
	}
	return uint8(math.Round(x * 255))
}
