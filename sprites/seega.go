package sprites

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"sig/rules/seega"
)

// SeegaCourt is Seega's board as a stone courtyard: a patch of paving laid in irregular flags,
// a raised limestone slab with the 5×5 squares cut into it and the centre inlaid with a star
// tile, and a recessed basin for each player's pieces (in hand, then captured). It is painted
// once into a cached image and copied every frame.
type SeegaCourt struct {
	Court Rect    // the whole paved patch
	Slab  Rect    // the raised slab that carries the squares
	Cells []Cell  // the 25 squares, a1 = 0 … e5 = 24, as LayoutBoard gives them
	Trays [2]Rect // player 0's basin (below the slab) and player 1's (above it)

	orig Pt    // where the empty picture's top-left lies on screen
	pics Owner // names it in Pictures
}

// Draw copies the cached picture to dst, painting it first if needed.
func (c *SeegaCourt) Draw(dst *ebiten.Image) {
	if c.Court.W <= 2 || c.Court.H <= 2 {
		return
	}
	const m = 6 // room for the shadow
	c.orig = Pt{math.Floor(c.Court.X) - m, math.Floor(c.Court.Y) - m}
	w := int(math.Ceil(c.Court.X+c.Court.W-c.orig.X)) + m
	h := int(math.Ceil(c.Court.Y+c.Court.H-c.orig.Y)) + m
	bg := Pictures.Get(emptyBoard{c.pics.ID()}, w, h, func(img *ebiten.Image) {
		paintBoard(img, func(dst *ebiten.Image) { c.paint(dst, -c.orig.X, -c.orig.Y) })
	})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(c.orig.X, c.orig.Y)
	dst.DrawImage(bg, op)
}

// Dispose frees the cached picture (after a relayout).
func (c *SeegaCourt) Dispose() {
	Pictures.Forget(emptyBoard{c.pics.ID()})
}

// paint draws the court into dst with everything moved by (dx, dy).
func (c *SeegaCourt) paint(dst *ebiten.Image, dx, dy float64) {
	mv := func(r Rect) Rect { return Rect{r.X + dx, r.Y + dy, r.W, r.H} }
	court, slab := mv(c.Court), mv(c.Slab)
	s := math.Min(court.W, court.H)
	rad := s * 0.035

	// The paving: flags of limestone set in mortar.
	Shadow(dst, court.X, court.Y, court.W, court.H, rad, s*0.02)
	Fill(dst, RoundRect(court.X, court.Y, court.W, court.H, rad), Mix(Stone, DarkWood, 0.35))
	flags(dst, court.Inset(s*0.008), s)
	Stroke(dst, RoundRect(court.X, court.Y, court.W, court.H, rad), math.Max(1, s*0.003), Mix(Stone, Ink, 0.5))

	for _, t := range c.Trays {
		basin(dst, mv(t))
	}

	// The slab: raised, with a bevel catching the light from the top left.
	sr := slab.W * 0.03
	Shadow(dst, slab.X, slab.Y, slab.W, slab.H, sr, slab.W*0.025)
	Fill(dst, RoundRect(slab.X, slab.Y, slab.W, slab.H, sr), Mix(Stone, Ink, 0.35))
	in := slab.Inset(slab.W * 0.006)
	FillTextured(dst, RoundRect(in.X, in.Y, in.W, in.H, sr*0.9), StoneTexture(), 1, color.RGBA{250, 244, 232, 255})
	Stroke(dst, RoundRect(in.X+1, in.Y+1, in.W-2, in.H-2, sr*0.85), math.Max(1, slab.W*0.004), Fade(Chalk, 0.35))
	// A carved border line a little inside the edge.
	b := slab.Inset(slab.W * 0.035)
	Stroke(dst, RoundRect(b.X, b.Y, b.W, b.H, sr*0.5), math.Max(1, slab.W*0.004), Mix(Stone, Ink, 0.28))
	Stroke(dst, RoundRect(b.X+1, b.Y+1.2, b.W, b.H, sr*0.5), math.Max(1, slab.W*0.002), Fade(Chalk, 0.28))

	cells := make([]Cell, len(c.Cells))
	for i, cell := range c.Cells {
		cells[i] = cell.moved(dx, dy)
	}
	cutSquares(dst, cells)
	if len(c.Cells) > seega.Centre {
		centreTile(dst, c.Cells[seega.Centre].moved(dx, dy))
	}
}

// flags lays irregular rectangular flagstones in rows over r, each a little different in tone.
func flags(dst *ebiten.Image, r Rect, s float64) {
	tex := StoneTexture()
	rowH := s * 0.16
	y := r.Y
	// The worn edges, light along each stone's top and dark along its bottom, each one stroke
	// after the stones (StrokeLines: a picture the size of the screen, painted in bands).
	var lit, worn [][]Pt
	for row := 0; y < r.Y+r.H-1; row++ {
		h := rowH * (0.75 + 0.5*hash2(row, 3, 21))
		if y+h > r.Y+r.H-rowH*0.4 {
			h = r.Y + r.H - y
		}
		x := r.X
		for col := 0; x < r.X+r.W-1; col++ {
			w := rowH * (1.1 + 1.3*hash2(col, row, 22))
			if x+w > r.X+r.W-rowH*0.5 {
				w = r.X + r.W - x
			}
			g := math.Max(1, s*0.004) // the mortar joint
			tone := 0.9 + 0.14*hash2(col, row, 23)
			tint := color.RGBA{uint8(math.Min(255, 236*tone)), uint8(math.Min(255, 226*tone)), uint8(math.Min(255, 206*tone)), 255}
			fr := s * 0.01
			FillTextured(dst, RoundRect(x+g, y+g, w-2*g, h-2*g, fr), tex, 1.3, tint)
			lit = append(lit, []Pt{{x + g + fr, y + g + 0.5}, {x + w - g - fr, y + g + 0.5}})
			worn = append(worn, []Pt{{x + g + fr, y + h - g - 0.5}, {x + w - g - fr, y + h - g - 0.5}})
			x += w
		}
		y += h
	}
	StrokeLines(dst, lit, math.Max(1, s*0.002), Fade(Chalk, 0.28))
	StrokeLines(dst, worn, math.Max(1, s*0.002), Fade(Ink, 0.2))
}

// basin draws a shallow recess cut into the paving: dark at the top edge where the light does
// not reach, a lit lip along the bottom.
func basin(dst *ebiten.Image, r Rect) {
	rad := r.H * 0.3
	Fill(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), Mix(Stone, Ink, 0.55))
	in := Rect{r.X + r.H*0.03, r.Y + r.H*0.07, r.W - r.H*0.06, r.H * 0.9}
	FillTextured(dst, RoundRect(in.X, in.Y, in.W, in.H, rad*0.9), StoneTexture(), 1.6, color.RGBA{170, 158, 140, 255})
	Fill(dst, RoundRect(in.X, in.Y, in.W, in.H*0.25, rad*0.9), color.RGBA{0, 0, 0, 28})
	Stroke(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), math.Max(1, r.H*0.025), Fade(Chalk, 0.25))
}

// cutSquares draws the squares cut into the slab, each a shadowed wall on the top and left, a lit
// wall on the bottom and right, and a floor whose tone varies a little from square to square.
func cutSquares(dst *ebiten.Image, cells []Cell) {
	// Each layer of all the squares at once (FillAll); only the floors, each of its own tone,
	// are filled one by one (a textured fill is one draw).
	var lip, wall, floors, shade []*vector.Path
	for _, c := range cells {
		p := c.Poly
		x, y := p[0].X, p[0].Y
		s := p[1].X - p[0].X
		rad := s * 0.06
		w := math.Max(1, s*0.045)
		lip = append(lip, RoundRect(x, y, s, s, rad)) // lit lower-right lip
		wall = append(wall, RoundRect(x-w*0.3, y-w*0.3, s, s, rad))
		floors = append(floors, RoundRect(x+w*0.7, y+w*0.9, s-w*1.2, s-w*1.3, rad*0.8))
		shade = append(shade, RoundRect(x+w*0.7, y+w*0.9, s-w*1.2, s*0.09, rad*0.8))
	}
	FillAll(dst, lip, Fade(Chalk, 0.45))
	FillAll(dst, wall, Mix(Stone, Ink, 0.45))
	for i, f := range floors {
		tone := 0.94 + 0.06*hash2(i, 5, 31)
		FillTextured(dst, f, StoneTexture(), 0.8, color.RGBA{uint8(222 * tone), uint8(210 * tone), uint8(188 * tone), 255})
	}
	FillAll(dst, shade, color.RGBA{0, 0, 0, 22})
}

// centreTile inlays the centre square with a glazed tile: an eight-pointed star (two squares
// crossed) in indigo on chalk, a saffron heart; the square no piece may take during placement
// and where a piece cannot be captured.
func centreTile(dst *ebiten.Image, c Cell) {
	cx, cy := c.Center.X, c.Center.Y
	s := c.Poly[1].X - c.Poly[0].X
	t := s * 0.8
	Fill(dst, RoundRect(cx-t/2, cy-t/2, t, t, t*0.06), Mix(Chalk, Stone, 0.25))
	Stroke(dst, RoundRect(cx-t/2, cy-t/2, t, t, t*0.06), math.Max(1, s*0.02), Mix(Indigo, Stone, 0.4))
	r := t * 0.44
	for _, a := range []float64{0, math.Pi / 4} {
		Fill(dst, Polygon(regular(cx, cy, r, 4, a)), Mix(Indigo, Chalk, 0.1))
	}
	for _, a := range []float64{0, math.Pi / 4} {
		Fill(dst, Polygon(regular(cx, cy, r*0.72, 4, a)), Mix(Terracotta, Chalk, 0.15))
	}
	Fill(dst, Polygon(star(cx, cy, r*0.5, r*0.24, 8)), Saffron)
	Disc(dst, cx, cy, r*0.12, Mix(Indigo, Ink, 0.2))
	// The corners of the tile: small indigo quarter-diamonds, as on Tunisian zellige.
	for _, d := range [][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		px, py := cx+d[0]*t/2, cy+d[1]*t/2
		q := t * 0.12
		Fill(dst, Polygon([]Pt{{px, py}, {px - d[0]*q, py}, {px, py - d[1]*q}}), Mix(Indigo, Chalk, 0.2))
	}
}

var (
	stoneOnce sync.Once
	stoneTex  *ebiten.Image
)

// StoneTexture is tileable limestone: warm pale grey with soft mottling, darker pits and a few
// bright grains. It is white-balanced to be tinted.
func StoneTexture() *ebiten.Image {
	stoneOnce.Do(func() { stoneTex = NewImageFromImage("texture", stoneImage(256)) })
	return stoneTex
}

func stoneImage(n int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	light := color.RGBA{255, 252, 246, 255}
	dark := color.RGBA{206, 196, 182, 255}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			u, v := float64(x)/float64(n), float64(y)/float64(n)
			m := fbm(u*4, v*4, 4, 41)
			veins := math.Abs(fbm(u*3+m, v*3, 3, 43)-0.5) * 2
			t := 0.55*m + 0.3*(1-math.Pow(veins, 0.3)) + 0.1*fbm(u*16, v*16, 16, 47)
			c := Mix(light, dark, t)
			g := hash2(x, y, 49)
			switch {
			case g > 0.992:
				c = Mix(c, Ink, 0.3)
			case g > 0.975:
				c = Mix(c, color.RGBA{255, 255, 255, 255}, 0.5)
			case g < 0.02:
				c = Mix(c, dark, 0.7)
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}
