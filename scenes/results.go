package scenes

import (
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/ui"
	"sig/sprites"
)

// results shows how the match ended: the ranks, then play again or back to the menu.
type results struct {
	overlay
	rows  []resultRow
	table ui.Rect
}

type resultRow struct {
	rank int
	p    player
}

func newResults(m *Manager, p *play) *results {
	s := &results{overlay: overlay{base: base{m: m}, under: p}}
	ranks := p.match.State.Ranks()
	for i, pl := range p.players {
		r := len(p.players)
		if i < len(ranks) {
			r = ranks[i]
		}
		s.rows = append(s.rows, resultRow{r, pl})
	}
	sort.SliceStable(s.rows, func(a, b int) bool { return s.rows[a].rank < s.rows[b].rank })
	var winners []string
	for _, r := range s.rows {
		if r.rank == 1 {
			winners = append(winners, r.p.Name)
		}
	}
	switch {
	case len(winners) == len(s.rows) && len(s.rows) > 1:
		s.title = "A draw"
	case len(winners) == 1 && winners[0] == "You":
		s.title = "You win!"
	case len(winners) == 1:
		s.title = winners[0] + " wins!"
	case len(winners) > 1:
		s.title = strings.Join(winners, " and ") + " win!"
	default:
		s.title = "Game over"
	}
	s.menu.Add(&ui.Button{ID: "again", Label: "Play again", Icon: ui.IconPlay, Look: ui.Primary})
	s.menu.Add(&ui.Button{ID: "menu", Label: "Menu", Icon: ui.IconBack})
	return s
}

func (s *results) Name() string { return "results" }

func (s *results) Layout(mt ui.Metrics) {
	rowH := mt.Pt(40)
	s.table = s.layoutCard(mt, float64(len(s.rows))*rowH+mt.Pt(16))
}

func (s *results) Update(in []ui.Intent) {
	for _, it := range in {
		if it.Kind == ui.Back {
			s.m.Goto(newTitle(s.m))
			return
		}
		switch s.menu.Handle(it) {
		case "again":
			click()
			s.m.Goto(s.under.restart())
			return
		case "menu":
			click()
			s.m.Goto(newTitle(s.m))
			return
		}
	}
}

func (s *results) Draw(dst *ebiten.Image) {
	s.drawCard(dst)
	mt := s.mt
	y := s.table.Y + mt.Pt(8)
	rowH := math.Min(mt.Pt(40), (s.table.H-mt.Pt(8))/float64(max(1, len(s.rows))))
	for _, r := range s.rows {
		if y+rowH > s.table.Bottom()+1 {
			break
		}
		pc := sprites.Players[r.p.Color%len(sprites.Players)]
		if r.rank == 1 {
			sprites.Fill(dst, sprites.RoundRect(s.table.X, y, s.table.W, rowH-mt.Pt(4), mt.Pt(8)), sprites.Fade(sprites.Saffron, 0.3))
		}
		mt.Text(dst, ordinal(r.rank), ui.BodyBold, s.table.X+mt.Pt(10), y+(rowH-mt.Pt(4)-mt.LineHeight(ui.BodyBold))/2, ui.Start, sprites.Terracotta)
		sprites.DrawPiece(dst, pc, s.table.X+mt.Pt(70), y+(rowH-mt.Pt(4))/2, mt.Pt(13), 0)
		who := r.p.Name
		if !r.p.Human {
			who += " (" + r.p.Level + ")"
		}
		mt.Text(dst, mt.Ellipsize(who, ui.Body, s.table.W-mt.Pt(100)), ui.Body, s.table.X+mt.Pt(94), y+(rowH-mt.Pt(4)-mt.LineHeight(ui.Body))/2, ui.Start, sprites.Ink)
		y += rowH
	}
}
