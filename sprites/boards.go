package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The game ids, as the rules registry spells them.
const (
	SigWaDuqqan = "sig-wa-duqqan"
	EsSig       = "es-sig"
	SigElOued   = "sig-el-oued"
	Seega       = "seega"
	Sadeqa      = "sadeqa"
)

// Board is one game's board laid out in a rectangle: the cells in the game's own numbering
// and a cached picture of the empty board.
//
// Cells: Sig wa Duqqan index s-1 for track space s (1..86); Es-Sîg index s-1 for space s
// (1..50); Sig El Oued (rank-1)*6+file (a1 = 0, f3 = 17); Seega rank*5+file (a1 = 0, e5 = 24);
// Sadeqa 0..19 for S1..S10, N1..N10.
type Board struct {
	ID    string
	Rect  Rect // the whole board, frame included
	Cells []Cell
	// Off is where pieces wait off the board (Es-Sîg's start, finished pieces), beside it.
	Off Rect

	spiral *Spiral     // Sig wa Duqqan's board paints itself
	essig  *EsSigTable // and so does Es-Sîg's
	pics   Owner       // names the empty picture in Pictures
}

// LayoutBoard lays out game id's board to fit r. An unknown id gets an empty board.
func LayoutBoard(id string, r Rect) *Board { return layoutPicture(id, r, 4) }

// layoutPicture is LayoutBoard with Es-Sîg's start groove for players players.
func layoutPicture(id string, r Rect, players int) *Board {
	b := &Board{ID: id}
	switch id {
	case SigWaDuqqan:
		sq := r.Fit(1, 1)
		b.Rect = sq
		b.spiral = LayoutSpiral(86, 81, 82, sq.Inset(sq.W*0.03))
		b.Cells = b.spiral.Cells
	case EsSig:
		b.essig = LayoutEsSig(r, pictureEsSigSpec(players))
		b.Rect = b.essig.Rect
		b.Cells = b.essig.Cells
	case SigElOued:
		f := r.Fit(6.8, 3.8)
		b.Rect = f
		u := f.W / 6.8
		grid := GridCells(6, 3, Rect{f.X + 0.4*u, f.Y + 0.4*u, 6 * u, 3 * u}, 0.07)
		b.Cells = make([]Cell, 18)
		for rank := 0; rank < 3; rank++ {
			for file := 0; file < 6; file++ {
				b.Cells[rank*6+file] = grid[(2-rank)*6+file]
			}
		}
	case Seega:
		f := r.Fit(1, 1)
		b.Rect = f
		u := f.W / 5.8
		grid := GridCells(5, 5, f.Inset(0.4*u), 0.06)
		b.Cells = make([]Cell, 25)
		for rank := 0; rank < 5; rank++ {
			for file := 0; file < 5; file++ {
				b.Cells[rank*5+file] = grid[(4-rank)*5+file]
			}
		}
	case Sadeqa:
		f := r.Fit(10.6, 3.2)
		b.Rect = f
		b.Cells = HoleCells(f.Inset(f.H * 0.06))
	default:
		b.Rect = r
	}
	return b
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
		paintBoard(img, func() {
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
	r := b.Rect
	switch b.ID {
	case SigElOued, Seega:
		plank(dst, r)
		for i, c := range b.Cells {
			tint := Mix(Wood, Sand, 0.25)
			switch {
			case b.ID == Seega && i == 12:
				tint = Mix(Saffron, Wood, 0.35)
			case b.ID == SigElOued && i/6 == 1:
				tint = Mix(Wood, Sand, 0.12)
			}
			carve(dst, c, tint)
		}
		if b.ID == Seega {
			c := b.Cells[12]
			DrawMark(dst, MarkStar, c.Center.X, c.Center.Y, c.Size*0.3, Mix(Saffron, Wood, 0.55))
		}

	case Sadeqa:
		plank(dst, r)
		for _, c := range b.Cells {
			hole(dst, c)
		}
		// The carved line between the two rows (the two columns of a board turned upright).
		mid := Pt{(b.Cells[0].Center.X + b.Cells[10].Center.X) / 2, (b.Cells[0].Center.Y + b.Cells[10].Center.Y) / 2}
		if r.H > r.W {
			Line(dst, Pt{mid.X, r.Y + r.H*0.04}, Pt{mid.X, r.Y + r.H*0.96}, math.Max(1, r.W*0.012), Mix(DarkWood, Wood, 0.3))
		} else {
			Line(dst, Pt{r.X + r.W*0.04, mid.Y}, Pt{r.X + r.W*0.96, mid.Y}, math.Max(1, r.H*0.012), Mix(DarkWood, Wood, 0.3))
		}
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

// carve draws a square cut into the wood: a shaded bevel and a flat floor.
func carve(dst *ebiten.Image, c Cell, tint color.RGBA) {
	p := c.Poly
	x, y := p[0].X, p[0].Y
	s := p[1].X - p[0].X
	bev := math.Max(1, s*0.06)
	Fill(dst, RoundRect(x, y, s, s, s*0.08), Mix(DarkWood, Ink, 0.2))
	Fill(dst, RoundRect(x+bev*0.6, y+bev, s-bev*0.6, s-bev, s*0.07), Mix(tint, Sand, 0.18))
	Fill(dst, RoundRect(x+bev, y+bev*1.4, s-bev*1.6, s-bev*2, s*0.06), tint)
}

// hole draws a round hollow scooped out of the wood.
func hole(dst *ebiten.Image, c Cell) {
	r := c.Size / 2
	x, y := c.Center.X, c.Center.Y
	Disc(dst, x, y, r, Mix(DarkWood, Ink, 0.35))
	Disc(dst, x, y+r*0.08, r*0.93, Mix(Wood, DarkWood, 0.5))
	Disc(dst, x, y+r*0.14, r*0.8, Mix(Wood, DarkWood, 0.25))
	Fill(dst, Ellipse(x, y-r*0.62, r*0.6, r*0.18, 0), color.RGBA{0, 0, 0, 45})
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
	u := b.Unit()
	switch id {
	case SigWaDuqqan:
		// Everyone in the yard, the Ghoula among them.
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
	case EsSig:
		t := b.essig
		for i := 0; i < len(colors) && i < len(t.Slots); i++ {
			DrawWeddingRing(dst, colors[i], t.Slots[i].X, t.Slots[i].Y, t.SlotR*0.9)
		}
	case SigElOued:
		for file := 0; file < 6; file++ {
			c := b.Cells[file].Center
			DrawPiece(dst, colors[0], c.X, c.Y, u*0.42, 0)
			c = b.Cells[12+file].Center
			DrawPiece(dst, colors[1], c.X, c.Y, u*0.42, 0)
		}
	case Seega:
		pattern := "xoxoxoxoxoxo.oxoxoxoxoxox"
		for i, ch := range pattern {
			c := b.Cells[i].Center
			switch ch {
			case 'x':
				DrawPiece(dst, colors[0], c.X, c.Y, u*0.45, 0)
			case 'o':
				DrawPiece(dst, colors[1], c.X, c.Y, u*0.45, 0)
			}
		}
	case Sadeqa:
		for _, c := range b.Cells {
			DrawSeeds(dst, c.Center.X, c.Center.Y, c.Size/2*0.85, 4)
		}
	}
}

// pictureEsSigSpec is Es-Sîg's board for the pictures, for players players: the track from
// EsSigSpace, the traps on 7 and 25, the final three.
func pictureEsSigSpec(players int) EsSigSpec {
	spec := EsSigSpec{Traps: map[int]int{7: 5, 25: 10}, Final: []int{48, 49, 50}, Players: players}
	for s := 1; s <= 50; s++ {
		col, row := EsSigSpace(s)
		spec.Track = append(spec.Track, [2]int{col, row - 1})
	}
	return spec
}

type pictureKey struct {
	id      string
	r       Rect
	players int
}

var pictures = map[pictureKey]*Board{}
