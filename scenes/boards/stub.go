package boards

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/scenes/board"
	"sig/scenes/ui"
	"sig/sprites"
)

// stub is the plain board every game has until its own lands: the geometry, the pieces where
// the STATE says they are, and the squares the last move touched.
type stub struct {
	id  string
	env *board.Env
	m   ui.Metrics
	b   *sprites.Board

	pos   position
	lit   map[int]float64 // cell → glow, from the last move's events
	glow  float64         // fades the lit cells in
	ready bool
}

// position is the part of the protocol's STATE a stub draws.
type position struct {
	Pieces  json.RawMessage `json:"pieces"`
	Lost    []bool          `json:"lost"`
	Ghoula  *int            `json:"ghoula"`
	Ghula   *int            `json:"ghula"`
	Board   []string        `json:"board"`
	Holes   [][]int         `json:"holes"`
	Warana  [][]int         `json:"warana"`
	Escaped []int           `json:"escaped"`

	race []int // race games: each player's position
	oued [][]ouedPiece
}

type ouedPiece struct {
	Square string `json:"square"`
	Freed  bool   `json:"freed"`
}

func newStub(id string, env *board.Env) *stub {
	return &stub{id: id, env: env, lit: map[int]float64{}}
}

func (s *stub) Layout(m ui.Metrics, r ui.Rect) {
	s.m = m
	if s.b != nil {
		s.b.Dispose()
	}
	s.b = sprites.LayoutBoard(s.id, r.S())
}

func (s *stub) Sync(st rules.State) {
	s.pos = decode(st)
	s.ready = true
}

// decode reads the STATE object of st; a game whose STATE cannot be read shows an empty board.
func decode(st rules.State) position {
	var p position
	b, err := json.Marshal(st.Wire())
	if err != nil {
		return p
	}
	if json.Unmarshal(b, &p) != nil {
		return position{}
	}
	if json.Unmarshal(p.Pieces, &p.race) != nil {
		p.race = nil
		if json.Unmarshal(p.Pieces, &p.oued) != nil {
			p.oued = nil
		}
	}
	return p
}

// Animate lights the cells the events name and then shows the new position; the stub does
// not move pieces along the way.
func (s *stub) Animate(q *board.Queue, before, after rules.State, ev rules.Events) {
	cells := map[int]bool{}
	for _, e := range ev {
		if c, ok := s.cellOf(e.Kind, e.To); ok {
			cells[c] = true
		}
	}
	if len(cells) == 0 {
		return
	}
	q.Add(board.Step{
		Dur: 0.35,
		Start: func() {
			s.pos = decode(after)
			clear(s.lit)
			for c := range cells {
				s.lit[c] = 1
			}
		},
		Run: func(t float64) { s.glow = t },
	})
}

// cellOf maps an event's position to a cell of the sprites board, where the event's kind
// places something there.
func (s *stub) cellOf(k rules.EventKind, to int) (int, bool) {
	switch k {
	case rules.EvStep, rules.EvPlaced, rules.EvDragged, rules.EvRide, rules.EvGhoulaStep, rules.EvSow, rules.EvWarana, rules.EvTrapped:
	default:
		return 0, false
	}
	switch s.id {
	case sprites.SigWaDuqqan:
		return to - 1, to >= 1 && to <= 86
	case sprites.EsSig:
		return to - 1, to >= 1 && to <= 50
	case sprites.Seega:
		return to, to >= 0 && to < 25
	case sprites.Sadeqa:
		return to, to >= 0 && to < 20
	case sprites.SigElOued:
		// Circuit indices depend on the player; the stub lights nothing there.
		return 0, false
	}
	return 0, false
}

func (s *stub) Hits(h *ui.HitMap) {
	if s.b == nil {
		return
	}
	for i, c := range s.b.Cells {
		h.AddPolygon(c.Hit, ui.Target{Kind: "cell", N: i})
	}
}

func (s *stub) color(p int) sprites.PlayerColor {
	if p >= 0 && p < len(s.env.Colors) {
		return s.env.Colors[p]
	}
	return sprites.Player(p)
}

func (s *stub) Draw(dst *ebiten.Image) {
	if s.b == nil {
		return
	}
	s.b.DrawBackground(dst)
	u := s.b.Unit()
	for c, g := range s.lit {
		if c < len(s.b.Cells) {
			cell := s.b.Cells[c]
			sprites.Stroke(dst, sprites.Polygon(cell.Poly), math.Max(2, u*0.08), sprites.Fade(sprites.Saffron, g*s.glow))
		}
	}
	if !s.ready {
		return
	}
	switch s.id {
	case sprites.SigWaDuqqan:
		s.drawRace(dst, u, false)
		if s.pos.Ghoula != nil {
			if c, ok := s.cell(*s.pos.Ghoula - 1); ok {
				sprites.DrawGhoula(dst, c.Center.X, c.Center.Y-u*0.15, u*0.55, 0.4)
			}
		}
	case sprites.EsSig:
		s.drawRace(dst, u, true)
		if s.pos.Ghula != nil {
			if c, ok := s.cell(*s.pos.Ghula - 1); ok {
				sprites.DrawGhoula(dst, c.Center.X, c.Center.Y-u*0.15, u*0.55, 0.4)
			}
		}
	case sprites.SigElOued:
		for p, pieces := range s.pos.oued {
			for _, pc := range pieces {
				if c, ok := s.cell(squareIndex(pc.Square, 6)); ok {
					sprites.DrawPiece(dst, s.color(p), c.Center.X, c.Center.Y, u*0.45, 0)
					if !pc.Freed {
						// Unfreed pieces wear a chalk band: they have not moved yet.
						sprites.Ring(dst, c.Center.X, c.Center.Y, u*0.52, math.Max(1.5, u*0.06), sprites.Fade(sprites.Chalk, 0.8))
					}
				}
			}
		}
	case sprites.Seega:
		for i, row := range s.pos.Board {
			rank := len(s.pos.Board) - 1 - i
			for file, ch := range row {
				c, ok := s.cell(rank*5 + file)
				if !ok {
					continue
				}
				switch ch {
				case 'x':
					sprites.DrawPiece(dst, s.color(0), c.Center.X, c.Center.Y, u*0.5, 0)
				case 'o':
					sprites.DrawPiece(dst, s.color(1), c.Center.X, c.Center.Y, u*0.5, 0)
				}
			}
		}
	case sprites.Sadeqa:
		for row, holes := range s.pos.Holes {
			for k, n := range holes {
				c, ok := s.cell(row*10 + k)
				if !ok {
					continue
				}
				if row < len(s.pos.Warana) && k < len(s.pos.Warana[row]) {
					if owner := s.pos.Warana[row][k]; owner >= 0 {
						sprites.Ring(dst, c.Center.X, c.Center.Y, c.Size*0.47, math.Max(2, u*0.07), s.color(owner).Color)
					}
				}
				sprites.DrawSeeds(dst, c.Center.X, c.Center.Y, c.Size*0.4, n)
				s.count(dst, c, n, row == 1)
			}
		}
	}
}

// drawRace draws the race games' pieces: several on one space fan out around it; Es-Sîg's
// pieces at the start or escaped wait beside the board.
func (s *stub) drawRace(dst *ebiten.Image, u float64, rings bool) {
	at := map[int][]int{}
	var start, out []int
	for p, pos := range s.pos.race {
		switch {
		case rings && pos <= 0:
			start = append(start, p)
		case rings && pos >= 51:
			out = append(out, p)
		default:
			at[pos] = append(at[pos], p)
		}
	}
	draw := func(p int, x, y, r float64) {
		if rings {
			sprites.DrawRingPiece(dst, s.color(p), x, y, r)
			return
		}
		lost := p < len(s.pos.Lost) && s.pos.Lost[p]
		sprites.DrawPiece(dst, s.color(p), x, y, r, 0)
		if lost {
			sprites.Line(dst, sprites.Pt{X: x - r, Y: y - r}, sprites.Pt{X: x + r, Y: y + r}, math.Max(2, r*0.2), sprites.Ink)
		}
	}
	for pos, ps := range at {
		c, ok := s.cell(pos - 1)
		if !ok {
			continue
		}
		n := len(ps)
		for i, p := range ps {
			dx, dy := 0.0, 0.0
			if n > 1 {
				a := 2*math.Pi*float64(i)/float64(n) - math.Pi/2
				dx, dy = math.Cos(a)*c.Size*0.25, math.Sin(a)*c.Size*0.25
			}
			r := c.Size * 0.42
			if n > 1 {
				r = c.Size * 0.3
			}
			draw(p, c.Center.X+dx, c.Center.Y+dy, r)
		}
	}
	off := s.b.Off
	for i, p := range start {
		draw(p, off.X+u*0.6+float64(i)*u*0.95, off.Y+off.H/2, u*0.4)
	}
	for i, p := range out {
		draw(p, off.X+off.W-u*0.6-float64(i)*u*0.95, off.Y+off.H/2, u*0.4)
	}
}

// count writes a hole's seed count beside it (below for South, above for North).
func (s *stub) count(dst *ebiten.Image, c sprites.Cell, n int, north bool) {
	y := c.Center.Y + c.Size*0.5
	if north {
		y = c.Center.Y - c.Size*0.5 - s.m.LineHeight(ui.SmallBold)
	}
	s.m.Text(dst, fmt.Sprint(n), ui.SmallBold, c.Center.X, y, ui.Center, color.RGBA{248, 243, 232, 230})
}

func (s *stub) cell(i int) (sprites.Cell, bool) {
	if i < 0 || i >= len(s.b.Cells) {
		return sprites.Cell{}, false
	}
	return s.b.Cells[i], true
}

// squareIndex turns "c2" into (rank-1)*files+file; a bad name gives -1.
func squareIndex(sq string, files int) int {
	if len(sq) != 2 || sq[0] < 'a' || int(sq[0]-'a') >= files || sq[1] < '1' || sq[1] > '9' {
		return -1
	}
	return int(sq[1]-'1')*files + int(sq[0]-'a')
}
