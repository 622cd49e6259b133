package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"sig/rules"
	"sig/rules/essig"
	"sig/rules/sadeqa"
	"sig/rules/seega"
	"sig/rules/sigeloued"
	"sig/rules/sigwaduqqan"
)

// Board is one game's board laid out in a rectangle: the cells in the game's own numbering
// and a cached picture of the empty board.
//
// Cells: Sig wa Duqqan index s-1 for track space s; Es-Sîg index s-1 for space s; Sig El Oued,
// Seega and Sadeqa their squares' or holes' indices, at the spots their rules' Grid gives.
type Board struct {
	ID    string
	Rect  Rect // the whole board, frame included
	Cells []Cell
	// Off is where pieces wait off the board (Es-Sîg's start, finished pieces), beside it.
	Off Rect

	look   *look
	start  []int       // the pictures' starting position: each cell's owner (El Oued), seeds (Sadeqa)
	spiral *Spiral     // Sig wa Duqqan's board paints itself
	essig  *EsSigTable // and so does Es-Sîg's
	pics   Owner       // names the empty picture in Pictures
}

// look is how one game's board is drawn: laid out in a rectangle (for players players), the
// marks painted on the empty board, and the position the pictures of the game picker and the
// setup show. The geography (which cell lies where, the special squares, the starting
// position) comes from the game's rules; only the look (proportions, wood, marks) is here.
type look struct {
	layout  func(b *Board, r Rect, players int)
	paint   func(b *Board, dst *ebiten.Image) // nil: the board paints itself
	picture func(b *Board, dst *ebiten.Image, colors []PlayerColor)
}

// looks is every game's board by the rules' game id: the one place sprites tells the games
// apart.
var looks = map[string]*look{
	sigwaduqqan.Info.ID: {layout: layoutSpiral, picture: pictureSpiral},
	essig.Info.ID:       {layout: layoutEsSig, picture: pictureEsSig},
	sigeloued.Info.ID:   {layout: layoutOued, paint: paintOued, picture: pictureOued},
	seega.Info.ID:       {layout: layoutSeega, paint: paintSeega, picture: pictureSeega},
	sadeqa.Info.ID:      {layout: layoutSadeqa, paint: paintSadeqa, picture: pictureSadeqa},
}

// LayoutBoard lays out game id's board to fit r. An unknown id gets an empty board.
func LayoutBoard(id string, r Rect) *Board { return layoutPicture(id, r, 4) }

// layoutPicture is LayoutBoard with Es-Sîg's start groove for players players.
func layoutPicture(id string, r Rect, players int) *Board {
	b := &Board{ID: id, look: looks[id]}
	if b.look == nil {
		b.Rect = r
		return b
	}
	b.look.layout(b, r, players)
	return b
}

// gridCells lays out grid g's cells in r (see GridCells), each at the spot its game's rules
// give it.
func gridCells(g rules.Grid, r Rect, gap float64) []Cell {
	grid := GridCells(g.Cols, g.Rows, r, gap)
	cells := make([]Cell, len(g.Spots))
	for i, s := range g.Spots {
		cells[i] = grid[s.Row*g.Cols+s.Col]
	}
	return cells
}

// squaresFrame is the wood around the squares of Sig El Oued's and Seega's boards, in squares.
const squaresFrame = 0.4

func layoutSpiral(b *Board, r Rect, _ int) {
	sq := r.Fit(1, 1)
	b.Rect = sq
	b.spiral = LayoutSpiral(SpiralSpaces(), sigwaduqqan.Gate, sigwaduqqan.FinalStretch, sq.Inset(sq.W*0.03))
	b.Cells = b.spiral.Cells
}

// SpiralSpaces is how many spaces Sig wa Duqqan's track has, the start and the centre
// included (LayoutSpiral's n).
func SpiralSpaces() int { return sigwaduqqan.Centre - sigwaduqqan.Start + 1 }

func layoutEsSig(b *Board, r Rect, players int) {
	b.essig = LayoutEsSig(r, EsSigBoard(players))
	b.Rect = b.essig.Rect
	b.Cells = b.essig.Cells
}

func layoutOued(b *Board, r Rect, _ int) {
	g := sigeloued.Grid()
	w, h := float64(g.Cols)+2*squaresFrame, float64(g.Rows)+2*squaresFrame
	f := r.Fit(w, h)
	b.Rect = f
	u := f.W / w
	b.Cells = gridCells(g, Rect{f.X + squaresFrame*u, f.Y + squaresFrame*u, float64(g.Cols) * u, float64(g.Rows) * u}, 0.07)
	// The starting position, as the rules set it, for the pictures.
	s := sigeloued.New()
	b.start = make([]int, len(g.Spots))
	for i := range b.start {
		b.start[i] = -1
	}
	for p := 0; p < s.Players(); p++ {
		for piece := 0; piece < sigeloued.Pieces; piece++ {
			if sq := sigeloued.SquareOf(s.Locate(p, piece)); sq >= 0 {
				b.start[sq] = p
			}
		}
	}
}

func layoutSeega(b *Board, r Rect, _ int) {
	g := seega.Grid()
	f := r.Fit(1, 1)
	b.Rect = f
	u := f.W / (float64(g.Cols) + 2*squaresFrame)
	b.Cells = gridCells(g, f.Inset(squaresFrame*u), 0.06)
}

func layoutSadeqa(b *Board, r Rect, _ int) {
	g := sadeqa.Grid()
	f := r.Fit(float64(g.Cols)+0.6, float64(g.Rows)+1.2)
	b.Rect = f
	b.Cells = HoleCells(f.Inset(f.H * 0.06))
	// The starting position, as the rules set it, for the pictures.
	s := sadeqa.New()
	b.start = make([]int, len(b.Cells))
	for i := range b.start {
		b.start[i] = s.Seeds(i)
	}
}

// Unit is the size of one cell, the measure for pieces and labels on this board.
func (b *Board) Unit() float64 {
	if len(b.Cells) == 0 {
		return 10
	}
	if b.spiral != nil {
		return b.spiral.Band * 0.86
	}
	if b.essig != nil {
		return b.essig.Unit
	}
	return b.Cells[0].Size
}

// DrawBackground draws the empty board: ground, frame, cells and the marked squares. It is
// painted once per layout into a cached image.
func (b *Board) DrawBackground(dst *ebiten.Image) {
	if b.spiral != nil {
		b.spiral.Draw(dst)
		return
	}
	if b.essig != nil {
		b.essig.Draw(dst)
		return
	}
	w, h := int(math.Ceil(b.Rect.W))+8, int(math.Ceil(b.Rect.H))+8
	if w <= 8 || h <= 8 {
		return
	}
	bg := Pictures.Get(emptyBoard{b.pics.ID()}, w, h, func(img *ebiten.Image) {
		paintBoard(img, func(img *ebiten.Image) {
			// Paint with the board's top-left at (4, 4) of the picture, then place it.
			shifted := *b
			shifted.Rect.X, shifted.Rect.Y = 4, 4
			dx, dy := 4-b.Rect.X, 4-b.Rect.Y
			shifted.Cells = make([]Cell, len(b.Cells))
			for i, c := range b.Cells {
				shifted.Cells[i] = c.moved(dx, dy)
			}
			shifted.Off = Rect{b.Off.X + dx, b.Off.Y + dy, b.Off.W, b.Off.H}
			shifted.paint(img)
		})
	})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(b.Rect.X-4), math.Round(b.Rect.Y-4))
	dst.DrawImage(bg, op)
}

// Dispose frees the cached picture (after a relayout).
func (b *Board) Dispose() {
	if b.spiral != nil {
		b.spiral.Dispose()
	}
	if b.essig != nil {
		b.essig.Dispose()
	}
	Pictures.Forget(emptyBoard{b.pics.ID()})
}

func (c Cell) moved(dx, dy float64) Cell {
	m := func(ps []Pt) []Pt {
		out := make([]Pt, len(ps))
		for i, p := range ps {
			out[i] = Pt{p.X + dx, p.Y + dy}
		}
		return out
	}
	return Cell{Center: Pt{c.Center.X + dx, c.Center.Y + dy}, Poly: m(c.Poly), Hit: m(c.Hit), Size: c.Size}
}

func (b *Board) paint(dst *ebiten.Image) {
	if b.look != nil && b.look.paint != nil {
		b.look.paint(b, dst)
	}
}

// paintOued carves Sig El Oued's squares, the middle row, where the circuits cross, lighter.
func paintOued(b *Board, dst *ebiten.Image) {
	plank(dst, b.Rect)
	carve(dst, b.Cells, func(i int) color.RGBA {
		if sigeloued.Crossing(i) {
			return Mix(Wood, Sand, 0.12)
		}
		return Mix(Wood, Sand, 0.25)
	})
}

// paintSeega carves Seega's squares, the centre inlaid in saffron with a star.
func paintSeega(b *Board, dst *ebiten.Image) {
	plank(dst, b.Rect)
	carve(dst, b.Cells, func(i int) color.RGBA {
		if i == seega.Centre {
			return Mix(Saffron, Wood, 0.35)
		}
		return Mix(Wood, Sand, 0.25)
	})
	c := b.Cells[seega.Centre]
	DrawMark(dst, MarkStar, c.Center.X, c.Center.Y, c.Size*0.3, Mix(Saffron, Wood, 0.55))
}

// paintSadeqa scoops Sadeqa's holes and carves the line between the two rows (the two columns
// of a board turned upright).
func paintSadeqa(b *Board, dst *ebiten.Image) {
	r := b.Rect
	plank(dst, r)
	holes(dst, b.Cells)
	// Halfway between the two rows: between South's first hole and North's, across the board.
	s1, n1 := b.Cells[sadeqa.Hole(sadeqa.South, 1)].Center, b.Cells[sadeqa.Hole(sadeqa.North, 1)].Center
	mid := Pt{(s1.X + n1.X) / 2, (s1.Y + n1.Y) / 2}
	if r.H > r.W {
		Line(dst, Pt{mid.X, r.Y + r.H*0.04}, Pt{mid.X, r.Y + r.H*0.96}, math.Max(1, r.W*0.012), Mix(DarkWood, Wood, 0.3))
	} else {
		Line(dst, Pt{r.X + r.W*0.04, mid.Y}, Pt{r.X + r.W*0.96, mid.Y}, math.Max(1, r.H*0.012), Mix(DarkWood, Wood, 0.3))
	}
}

// plank draws a board of carved wood with a darker frame and a soft shadow.
func plank(dst *ebiten.Image, r Rect) {
	rad := math.Min(r.W, r.H) * 0.05
	Shadow(dst, r.X, r.Y, r.W, r.H, rad, math.Min(r.W, r.H)*0.03)
	FillTextured(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), DarkWoodTexture(), 1, color.White)
	in := r.Inset(math.Min(r.W, r.H) * 0.025)
	FillTextured(dst, RoundRect(in.X, in.Y, in.W, in.H, rad*0.8), WoodTexture(), 1, color.White)
	Stroke(dst, RoundRect(r.X, r.Y, r.W, r.H, rad), 1.2, DarkWood)
	Stroke(dst, RoundRect(in.X, in.Y, in.W, in.H, rad*0.8), 1, color.RGBA{255, 235, 200, 50})
}

// carve draws squares cut into the wood, each a shaded bevel and a flat floor of its tint:
// each layer of all the squares of a tint filled at once (FillAll).
func carve(dst *ebiten.Image, cells []Cell, tint func(i int) color.RGBA) {
	var edge []*vector.Path
	type floors struct{ bevel, floor []*vector.Path }
	byTint := map[color.RGBA]*floors{}
	var tints []color.RGBA // in the order first met, so that the painting is the same every time
	for i, c := range cells {
		p := c.Poly
		x, y := p[0].X, p[0].Y
		s := p[1].X - p[0].X
		bev := math.Max(1, s*0.06)
		edge = append(edge, RoundRect(x, y, s, s, s*0.08))
		t := tint(i)
		f := byTint[t]
		if f == nil {
			f = &floors{}
			byTint[t] = f
			tints = append(tints, t)
		}
		f.bevel = append(f.bevel, RoundRect(x+bev*0.6, y+bev, s-bev*0.6, s-bev, s*0.07))
		f.floor = append(f.floor, RoundRect(x+bev, y+bev*1.4, s-bev*1.6, s-bev*2, s*0.06))
	}
	FillAll(dst, edge, Mix(DarkWood, Ink, 0.2))
	for _, t := range tints {
		FillAll(dst, byTint[t].bevel, Mix(t, Sand, 0.18))
		FillAll(dst, byTint[t].floor, t)
	}
}

// holes draws round hollows scooped out of the wood, each layer of all of them at once.
func holes(dst *ebiten.Image, cells []Cell) {
	var rim, wall, floor, shade []*vector.Path
	for _, c := range cells {
		r := c.Size / 2
		x, y := c.Center.X, c.Center.Y
		rim = append(rim, Circle(x, y, r))
		wall = append(wall, Circle(x, y+r*0.08, r*0.93))
		floor = append(floor, Circle(x, y+r*0.14, r*0.8))
		shade = append(shade, Ellipse(x, y-r*0.62, r*0.6, r*0.18, 0))
	}
	FillAll(dst, rim, Mix(DarkWood, Ink, 0.35))
	FillAll(dst, wall, Mix(Wood, DarkWood, 0.5))
	FillAll(dst, floor, Mix(Wood, DarkWood, 0.25))
	FillAll(dst, shade, color.RGBA{0, 0, 0, 45})
}

// DrawBoardPicture draws game id's board in its starting position inside r, with the pieces of
// four players in the first four colours: the pictures of the game picker. The layout is cached
// between frames while r stays the same.
func DrawBoardPicture(dst *ebiten.Image, id string, r Rect) {
	DrawBoardPictureFor(dst, id, r, []PlayerColor{Player(0), Player(1), Player(2), Player(3)})
}

// DrawBoardPictureFor draws game id's board in its starting position inside r with the pieces
// of the players whose colours are colors, one each (the setup's picture, which follows the
// player count and the colours chosen). The two-player boards take the first two colours.
func DrawBoardPictureFor(dst *ebiten.Image, id string, r Rect, colors []PlayerColor) {
	for len(colors) < 2 {
		colors = append(colors, Player(len(colors)))
	}
	key := pictureKey{id, r, len(colors)}
	b, ok := pictures[key]
	if !ok {
		for k, old := range pictures {
			if k.id == id {
				old.Dispose()
				delete(pictures, k)
			}
		}
		b = layoutPicture(id, r, len(colors))
		pictures[key] = b
	}
	b.DrawBackground(dst)
	if b.look != nil {
		b.look.picture(b, dst, colors)
	}
}

// pictureSpiral: everyone in the yard, the Ghoula among them.
func pictureSpiral(b *Board, dst *ebiten.Image, colors []PlayerColor) {
	sp := b.spiral
	w := sp.Band
	y := sp.Yard
	span := 2*math.Pi - 1.3
	n := len(colors)
	for i, c := range colors {
		a := sp.Heading[0] + 0.65 + span*float64(i)/float64(n)
		DrawPiece(dst, c, y.X+math.Cos(a)*sp.YardR*0.64, y.Y+math.Sin(a)*sp.YardR*0.64, w*0.3, 0)
	}
	DrawGhoula(dst, y.X, y.Y, w*0.46, 0.3)
}

// pictureEsSig: every ring waiting in the start groove.
func pictureEsSig(b *Board, dst *ebiten.Image, colors []PlayerColor) {
	t := b.essig
	r := t.SlotR * 0.9
	for i := 0; i < len(colors) && i < len(t.Slots); i++ {
		// A ring is a dozen paths: painted once a colour and size, and copied.
		pc := colors[i]
		img := sprite(spriteKey{kind: kindWedding, a: int(colorKey(pc.Color)), b: int(pc.Mark), size: halfPx(r)}, r*2.4+4, func(d *ebiten.Image, c float64) { DrawWeddingRing(d, pc, c, c, r) })
		blit(dst, img, t.Slots[i].X, t.Slots[i].Y, 0, 1, 1)
	}
}

// pictureOued: the game's starting position, as the rules set it, file by file from the left,
// each file from the bottom up.
func pictureOued(b *Board, dst *ebiten.Image, colors []PlayerColor) {
	g := sigeloued.Grid()
	u := b.Unit()
	for col := 0; col < g.Cols; col++ {
		for row := g.Rows - 1; row >= 0; row-- {
			if sq, ok := g.At(col, row); ok && b.start[sq] >= 0 && b.start[sq] < len(colors) {
				c := b.Cells[sq].Center
				DrawPiece(dst, colors[b.start[sq]], c.X, c.Y, u*0.42, 0)
			}
		}
	}
}

// pictureSeega: a full board (the moment the placing ends), the two players' pieces in a
// chequer and the centre left empty, as the rules leave it.
func pictureSeega(b *Board, dst *ebiten.Image, colors []PlayerColor) {
	u := b.Unit()
	for i, c := range b.Cells {
		if i == seega.Centre {
			continue
		}
		f, r := seega.FileRank(i)
		DrawPiece(dst, colors[(f+r)%2], c.Center.X, c.Center.Y, u*0.45, 0)
	}
}

// pictureSadeqa: the seeds of the starting position in every hole.
func pictureSadeqa(b *Board, dst *ebiten.Image, _ []PlayerColor) {
	for i, c := range b.Cells {
		DrawSeeds(dst, c.Center.X, c.Center.Y, c.Size/2*0.85, b.start[i])
	}
}

// EsSigBoard is Es-Sîg's board for players players as its rules set it out: the track's squares
// in order, the traps with the sîgs each asks, the final three. The words are left off (the
// picker's small picture); the play scene adds them.
func EsSigBoard(players int) EsSigSpec {
	spec := EsSigSpec{Traps: map[int]int{}, Players: players}
	for x := 1; x <= essig.Last; x++ {
		col, row, _ := essig.Cell(x)
		spec.Track = append(spec.Track, [2]int{col, row})
		if n := essig.TrapSigs(x); n > 0 {
			spec.Traps[x] = n
		}
	}
	for x := essig.LastRun; x <= essig.Last; x++ {
		spec.Final = append(spec.Final, x)
	}
	return spec
}

type pictureKey struct {
	id      string
	r       Rect
	players int
}

var pictures = map[pictureKey]*Board{}
