package scenes

import (
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/online"
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
	// fair is what an online match's results say of its throws (empty offline, or with no
	// sticks); unfair makes it loud.
	fair   string
	unfair bool
	// why says why an online game ended before the rules ended it (a player gone), "" else.
	why   string
	fairY float64
}

type resultRow struct {
	rank int
	p    player
	name string
	you  bool // the words call this player "you"
}

func newResults(m *Manager, p *play) *results {
	s := &results{overlay: overlay{base: base{m: m}, under: p}}
	p.resulted = true
	out := rules.Outcome{Ranks: p.d.State().Ranks()}
	if en, ok := p.d.State().(rules.Ender); ok {
		out = en.Outcome()
	}
	if p.net != nil {
		out = s.online(p, out)
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
		s.title = lang.Sentence(lang.T("results.wins", lang.Said(winners[0])), winners[0])
	case len(winners) > 1:
		s.title = lang.T("results.winners", strings.Join(winners, lang.T("results.sep")+" "))
	default:
		s.title = lang.T("results.over")
	}
	again := lang.T("results.again")
	if p.net != nil {
		again = lang.T("net.rematch")
	}
	if p.net == nil || p.net.tb.Mine() >= 0 {
		s.menu.Add(&ui.Button{ID: "again", Label: again, Icon: ui.IconPlay, Look: ui.Primary})
	}
	s.menu.Add(&ui.Button{ID: "replay", Label: lang.T("saves.replay.watch"), Icon: ui.IconPlay})
	s.menu.Add(&ui.Button{ID: "export", Label: lang.T("saves.export")})
	s.menu.Add(&ui.Button{ID: "menu", Label: lang.T("menu.menu"), Icon: ui.IconBack})
	return s
}

func (s *results) Name() string { return "results" }

func (s *results) Layout(mt ui.Metrics) {
	rowH := mt.Pt(40)
	fairH := 0.0
	if foot := s.foot(); foot != "" {
		// The card's width, as layoutCard makes it, less its margins.
		w := math.Min(mt.W-mt.Pt(32), mt.Pt(420)) - mt.Pt(56)
		fairH = float64(min(4, len(mt.Wrap(foot, s.fairStyle(), w))))*mt.LineHeight(s.fairStyle()) + mt.Pt(8)
	}
	s.table = s.layoutCard(mt, float64(len(s.rows))*rowH+mt.Pt(16)+fairH)
	s.fairY = s.table.Bottom() - fairH + mt.Pt(4)
	s.table.H -= fairH
}

func (s *results) Update(in []ui.Intent) {
	if n := s.under.net; n != nil {
		for _, no := range n.tb.Pump() {
			switch no.Kind {
			case online.NRound: // a rematch: every seat goes on to the next game
				s.m.Goto(onlinePlaying(s.m, n.tb))
				return
			case online.NRefused:
				if no.Refusal != nil {
					s.setNotice(reasonWords(no.Refusal.Reason))
				}
			}
		}
	}
	for _, it := range in {
		if it.Kind == ui.Back {
			s.m.Goto(newTitle(s.m))
			return
		}
		switch s.menu.Handle(it) {
		case "again":
			click()
			if n := s.under.net; n != nil {
				n.tb.Session().Rematch()
				s.setNotice(lang.T("net.rematch.asked"))
				continue
			}
			s.m.Goto(s.under.restart())
			return
		case "replay":
			click()
			s.m.Goto(newReplay(s.m, s.under.g, s.under.d.Match(), s.under.players, s))
			return
		case "export":
			click()
			s.setNotice(exportRecord(s.under.record()))
		case "menu":
			click()
			s.under.leave()
			s.m.Goto(newTitle(s.m))
			return
		}
	}
}

func (s *results) Draw(dst *ebiten.Image) {
	s.drawCard(dst)
	mt := s.mt
	if foot := s.foot(); foot != "" {
		c := sprites.Olive
		if s.unfair || s.why != "" {
			c = sprites.Terracotta
		}
		st := s.fairStyle()
		for i, l := range mt.Wrap(foot, st, s.table.W) {
			if i == 4 {
				break
			}
			mt.Text(dst, l, st, s.table.CX(), s.fairY+float64(i)*mt.LineHeight(st), ui.Center, c)
		}
	}
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
			ui.Fill(dst, ui.Rect{X: s.table.X, Y: y, W: s.table.W, H: rowH - mt.Pt(4)}, mt.Pt(8), 0, sprites.Fade(sprites.Saffron, 0.3))
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
		st := ui.Body
		if mt.Measure(st, who) > name.W {
			st = ui.Small // the smaller type before the name is cut
		}
		mt.TextStart(dst, mt.Ellipsize(who, st, name.W), st, name, y+(rowH-mt.Pt(4)-mt.LineHeight(st))/2, sprites.Ink)
		y += rowH
	}
}

// online is an online match's outcome: the server's ranks when the game was ended for a player
// gone (the rules' position is not over then), and what the fairness check found.
func (s *results) online(p *play, out rules.Outcome) rules.Outcome {
	tb := p.net.tb
	if ev := tb.Over(); ev != nil && ev.Why != "finished" && len(ev.Ranks) == len(p.players) {
		out = rules.Outcome{Ranks: ev.Ranks}
		s.why = lang.T("net.over.early")
		for i, r := range ev.Ranks {
			if r == 1 {
				out.Winners = append(out.Winners, i)
			} else {
				s.why = lang.T("net.over.gone", p.env.Names[i]) // the seat gone: one a choice
			}
		}
	}
	if p.g.Sticks == rules.NoSticks {
		return out
	}
	if err := tb.Fair(); err != nil {
		s.fair, s.unfair = lang.T("net.fair.failed", err.Error()), true
	} else {
		s.fair = lang.T("net.fair.ok")
	}
	return out
}

// foot is what the card says under the ranks: why the game ended early, and what the
// fairness check found.
func (s *results) foot() string {
	return strings.TrimSpace(s.why + " " + s.fair)
}

// fairStyle is the type of the fairness line: bold when the check failed.
func (s *results) fairStyle() ui.Style {
	if s.unfair {
		return ui.SmallBold
	}
	return ui.Small
}
