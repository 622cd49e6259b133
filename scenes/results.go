package scenes

import (
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/scenes/lang"
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
	name string
	you  bool // the words call this player "you"
}

func newResults(m *Manager, p *play) *results {
	s := &results{overlay: overlay{base: base{m: m}, under: p}}
	out := rules.Outcome{Ranks: p.d.State().Ranks()}
	if en, ok := p.d.State().(rules.Ender); ok {
		out = en.Outcome()
	}
	ranks := out.Ranks
	for i, pl := range p.players {
		r := len(p.players)
		if i < len(ranks) {
			r = ranks[i]
		}
		s.rows = append(s.rows, resultRow{r, pl, p.env.Names[i], p.env.IsYou(i)})
	}
	sort.SliceStable(s.rows, func(a, b int) bool { return s.rows[a].rank < s.rows[b].rank })
	var winners []string
	you := false
	for _, w := range out.Winners {
		if w >= 0 && w < len(p.players) {
			winners = append(winners, p.env.Names[w])
			you = p.env.IsYou(w)
		}
	}
	switch {
	case out.Draw:
		// Only the rules say a game is drawn: players sharing first place in a race that
		// lets them (everyone who reached Sig wa Duqqan's centre) have all won.
		s.title = lang.T("results.draw")
	case len(winners) == 1 && you:
		s.title = lang.T("results.youwin")
	case len(winners) == 1:
		s.title = lang.T("results.wins", winners[0])
	case len(winners) > 1:
		s.title = lang.T("results.winners", strings.Join(winners, lang.T("results.sep")+" "))
	default:
		s.title = lang.T("results.over")
	}
	s.menu.Add(&ui.Button{ID: "again", Label: lang.T("results.again"), Icon: ui.IconPlay, Look: ui.Primary})
	s.menu.Add(&ui.Button{ID: "replay", Label: lang.T("saves.replay.watch"), Icon: ui.IconPlay})
	s.menu.Add(&ui.Button{ID: "export", Label: lang.T("saves.export")})
	s.menu.Add(&ui.Button{ID: "menu", Label: lang.T("menu.menu"), Icon: ui.IconBack})
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
		case "replay":
			click()
			s.m.Goto(newReplay(s.m, s.under.g, s.under.d.Match(), s.under.players, s))
			return
		case "export":
			click()
			s.setNotice(exportRecord(s.under.d.Match().Record()))
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
	// The ranks' column: 50 points, or the widest rank's words (ordinals, large text).
	rankW := mt.Pt(50)
	for _, r := range s.rows {
		rankW = math.Max(rankW, mt.Measure(ui.BodyBold, ordinal(r.rank))+mt.Pt(14))
	}
	for _, r := range s.rows {
		if y+rowH > s.table.Bottom()+1 {
			break
		}
		pc := sprites.Players[r.p.Color%len(sprites.Players)]
		if r.rank == 1 {
			sprites.Fill(dst, sprites.RoundRect(s.table.X, y, s.table.W, rowH-mt.Pt(4), mt.Pt(8)), sprites.Fade(sprites.Saffron, 0.3))
		}
		// The rank, the piece and the name, from the right for a right-to-left reader.
		rank := mt.Flip(ui.Rect{X: s.table.X + mt.Pt(10), W: rankW}, s.table)
		piece := mt.Flip(ui.Rect{X: s.table.X + rankW + mt.Pt(7), W: mt.Pt(26)}, s.table)
		name := mt.Flip(ui.Rect{X: s.table.X + rankW + mt.Pt(44), W: s.table.W - rankW - mt.Pt(50)}, s.table)
		mt.TextStart(dst, ordinal(r.rank), ui.BodyBold, rank, y+(rowH-mt.Pt(4)-mt.LineHeight(ui.BodyBold))/2, sprites.Terracotta)
		sprites.DrawPiece(dst, pc, piece.CX(), y+(rowH-mt.Pt(4))/2, mt.Pt(13), 0)
		who := r.name
		if l, ok := r.p.level(); ok {
			who = lang.T("results.who", r.name, levelName(l))
		}
		mt.TextStart(dst, mt.Ellipsize(who, ui.Body, name.W), ui.Body, name, y+(rowH-mt.Pt(4)-mt.LineHeight(ui.Body))/2, sprites.Ink)
		y += rowH
	}
}
