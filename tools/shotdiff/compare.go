package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Diff is how two pictures of the same shot differ.
type Diff struct {
	Name          string
	BeforeSize    image.Point
	AfterSize     image.Point
	Changed       int             // pixels where a channel differs by more than the tolerance
	Total         int             // pixels compared: the union of both pictures' areas
	MaxDelta      int             // the largest difference of one channel (0..255)
	Box           image.Rectangle // the smallest rectangle holding every changed pixel
	Before, After *image.NRGBA    // the pictures, kept to draw the diff picture
}

// Fraction is the share of the pixels that changed.
func (d Diff) Fraction() float64 {
	if d.Total == 0 {
		return 0
	}
	return float64(d.Changed) / float64(d.Total)
}

// comparePictures compares a and b pixel by pixel over the union of their areas (a pixel only
// one of them has counts as changed); a channel must differ by more than tol to count.
func comparePictures(a, b image.Image, tol int) Diff {
	na, nb := toNRGBA(a), toNRGBA(b)
	w := max(na.Rect.Dx(), nb.Rect.Dx())
	h := max(na.Rect.Dy(), nb.Rect.Dy())
	d := Diff{BeforeSize: na.Rect.Size(), AfterSize: nb.Rect.Size(), Total: w * h, Before: na, After: nb}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			inA, inB := (image.Point{x, y}).In(na.Rect), (image.Point{x, y}).In(nb.Rect)
			delta := 255
			if inA && inB {
				i, j := na.PixOffset(x, y), nb.PixOffset(x, y)
				delta = 0
				for c := 0; c < 4; c++ {
					delta = max(delta, absInt(int(na.Pix[i+c])-int(nb.Pix[j+c])))
				}
			}
			if delta > tol {
				d.Changed++
				d.MaxDelta = max(d.MaxDelta, delta)
				d.Box = d.Box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return d
}

// diffPicture draws before | after | difference side by side: the difference is the after
// picture faded to grey, with every changed pixel in magenta and the changed area framed.
func diffPicture(d Diff) *image.NRGBA {
	w := max(d.BeforeSize.X, d.AfterSize.X)
	h := max(d.BeforeSize.Y, d.AfterSize.Y)
	const gap = 8
	out := image.NewNRGBA(image.Rect(0, 0, 3*w+2*gap, h))
	draw.Draw(out, out.Rect, image.NewUniform(color.NRGBA{40, 40, 40, 255}), image.Point{}, draw.Src)
	draw.Draw(out, d.Before.Rect, d.Before, image.Point{}, draw.Src)
	draw.Draw(out, d.After.Rect.Add(image.Pt(w+gap, 0)), d.After, image.Point{}, draw.Src)
	ox := 2 * (w + gap)
	magenta := color.NRGBA{255, 0, 255, 255}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := image.Point{x, y}
			inA, inB := p.In(d.Before.Rect), p.In(d.After.Rect)
			changed := inA != inB
			var g uint8
			if inB {
				c := d.After.NRGBAAt(x, y)
				g = uint8((int(c.R)*3+int(c.G)*6+int(c.B))/10/3 + 40)
			}
			if inA && inB {
				a, b := d.Before.NRGBAAt(x, y), d.After.NRGBAAt(x, y)
				changed = false
				for _, v := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.A, b.A}} {
					if absInt(int(v[0])-int(v[1])) > 0 {
						changed = true
					}
				}
			}
			if changed {
				out.SetNRGBA(ox+x, y, magenta)
			} else {
				out.SetNRGBA(ox+x, y, color.NRGBA{g, g, g, 255})
			}
		}
	}
	if !d.Box.Empty() {
		frame := d.Box.Inset(-3).Intersect(image.Rect(0, 0, w, h)).Add(image.Pt(ox, 0))
		yellow := color.NRGBA{255, 220, 0, 255}
		for x := frame.Min.X; x < frame.Max.X; x++ {
			out.SetNRGBA(x, frame.Min.Y, yellow)
			out.SetNRGBA(x, frame.Max.Y-1, yellow)
		}
		for y := frame.Min.Y; y < frame.Max.Y; y++ {
			out.SetNRGBA(frame.Min.X, y, yellow)
			out.SetNRGBA(frame.Max.X-1, y, yellow)
		}
	}
	return out
}

// compareDirs compares every picture under before with the one of the same path under after,
// writes out/report.md and, for each picture that changed, out/diff/PATH (before | after |
// difference), and prints a summary.
func compareDirs(before, after, out string, tol int) error {
	a, err := pictures(before)
	if err != nil {
		return err
	}
	b, err := pictures(after)
	if err != nil {
		return err
	}
	if len(a) == 0 && len(b) == 0 {
		return fmt.Errorf("no pictures in %s or %s", before, after)
	}
	var changed []Diff
	var same, onlyBefore, onlyAfter []string
	for _, name := range a {
		if !contains(b, name) {
			onlyBefore = append(onlyBefore, name)
			continue
		}
		pa, err := readPNG(filepath.Join(before, name))
		if err != nil {
			return err
		}
		pb, err := readPNG(filepath.Join(after, name))
		if err != nil {
			return err
		}
		d := comparePictures(pa, pb, tol)
		d.Name = name
		if d.Changed == 0 {
			same = append(same, name)
			continue
		}
		p := filepath.Join(out, "diff", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := writePNG(p, diffPicture(d)); err != nil {
			return err
		}
		d.Before, d.After = nil, nil // the pictures are not needed past here
		changed = append(changed, d)
	}
	for _, name := range b {
		if !contains(a, name) {
			onlyAfter = append(onlyAfter, name)
		}
	}
	sort.SliceStable(changed, func(i, j int) bool { return changed[i].Fraction() > changed[j].Fraction() })

	var r strings.Builder
	fmt.Fprintf(&r, "# Screenshots: %s → %s\n\n", label(before), label(after))
	fmt.Fprintf(&r, "%d pictures compared: %d changed, %d the same; %d only before, %d only after (tolerance %d).\n\n",
		len(changed)+len(same), len(changed), len(same), len(onlyBefore), len(onlyAfter), tol)
	if len(changed) > 0 {
		fmt.Fprintf(&r, "| picture | changed pixels | share | largest channel difference | changed area (x, y, w×h) | size |\n")
		fmt.Fprintf(&r, "| --- | ---: | ---: | ---: | --- | --- |\n")
		for _, d := range changed {
			size := fmt.Sprintf("%d×%d", d.AfterSize.X, d.AfterSize.Y)
			if d.BeforeSize != d.AfterSize {
				size = fmt.Sprintf("%d×%d → %d×%d", d.BeforeSize.X, d.BeforeSize.Y, d.AfterSize.X, d.AfterSize.Y)
			}
			fmt.Fprintf(&r, "| [%s](diff/%s) | %d | %.3f%% | %d | %d, %d, %d×%d | %s |\n", d.Name, d.Name, d.Changed,
				100*d.Fraction(), d.MaxDelta, d.Box.Min.X, d.Box.Min.Y, d.Box.Dx(), d.Box.Dy(), size)
		}
		r.WriteString("\n")
	}
	for _, l := range []struct {
		title string
		names []string
	}{{"Only before", onlyBefore}, {"Only after", onlyAfter}, {"The same", same}} {
		if len(l.names) > 0 {
			fmt.Fprintf(&r, "%s (%d): %s\n\n", l.title, len(l.names), strings.Join(l.names, ", "))
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "report.md"), []byte(r.String()), 0o644); err != nil {
		return err
	}
	fmt.Printf("%d compared: %d changed, %d the same, %d only before, %d only after; %s\n",
		len(changed)+len(same), len(changed), len(same), len(onlyBefore), len(onlyAfter), filepath.Join(out, "report.md"))
	return nil
}

// label names a render by its commit (the COMMIT file render writes) or its folder.
func label(dir string) string {
	if b, err := os.ReadFile(filepath.Join(dir, "COMMIT")); err == nil && len(b) >= 8 {
		return string(b[:8])
	}
	return dir
}

// pictures lists the PNG files under dir, as paths relative to it, sorted.
func pictures(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() && strings.HasSuffix(p, ".png") {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

func contains(sorted []string, s string) bool {
	i := sort.SearchStrings(sorted, s)
	return i < len(sorted) && sorted[i] == s
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return img, nil
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// toNRGBA gives img as non-premultiplied RGBA with its origin at (0, 0).
func toNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	if n, ok := img.(*image.NRGBA); ok && b.Min == (image.Point{}) {
		return n
	}
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
