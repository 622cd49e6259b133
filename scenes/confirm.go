package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// discard is a card that asks before a game in progress is thrown away: it says which game
// and how far it went, and offers the three ways on (discard it, go back to it, or change
// nothing), so a stray click loses nothing and no choice is a dead end.
type discard struct {
	overlay
	text  string
	lines []string
	textR ui.Rect
	// act is what each button does (the scene it leads to); back is where Back leads.
	act  map[string]func() Scene
	back func() Scene
}

func (s *discard) Name() string { return "discard" }

func (s *discard) Layout(mt ui.Metrics) {
	// The card's width, as layoutCard makes it, less its margins.
	w := min(mt.W-mt.Pt(32), mt.Pt(420)) - mt.Pt(56)
	s.lines = mt.Wrap(s.text, ui.Body, w)
	s.textR = s.layoutCard(mt, float64(len(s.lines))*mt.LineHeight(ui.Body)+mt.Pt(16))
}

func (s *discard) Update(in []ui.Intent) {
	for _, it := range in {
		if it.Kind == ui.Back {
			click()
			s.m.Goto(s.back())
			return
		}
		if id := s.menu.Handle(it); id != "" {
			click()
			s.m.Goto(s.act[id]())
			return
		}
	}
}

func (s *discard) Draw(dst *ebiten.Image) {
	s.drawCard(dst)
	mt := s.mt
	y := s.textR.Y + mt.Pt(4)
	for _, l := range s.lines {
		mt.Text(dst, l, ui.Body, s.textR.CX(), y, ui.Center, sprites.Ink)
		y += mt.LineHeight(ui.Body)
	}
}

// inProgress is the store's unfinished game, if there is one with a move played: its game and
// its number of moves. A save that does not read is no game in progress here (the title says
// what became of it).
func inProgress(m *Manager) (*rules.Info, int, bool) {
	if !m.saves {
		return nil, 0, false
	}
	b, err := m.store.load(autosaveEntry)
	if err != nil || b == nil {
		return nil, 0, false
	}
	_, g, mt, err := decodeSave(b)
	if err != nil || mt.State.Ranks() != nil || mt.Moves() == 0 {
		return nil, 0, false
	}
	return g, mt.Moves(), true
}

// askNewGame is what the setup's Start leads to: the new game at once when no game is in
// progress, else a card asking whether the game in progress may end (or be continued).
func askNewGame(m *Manager, from *setup, start func() Scene) Scene {
	g, moves, ok := inProgress(m)
	if !ok {
		return start()
	}
	s := &discard{overlay: overlay{base: base{m: m}, bg: from, title: lang.T("discard.new.title")},
		text: lang.N("discard.new.text", moves, gameName(g), moves)}
	s.act = map[string]func() Scene{
		"discard": start,
		"continue": func() Scene {
			if p, _ := resumable(m); p != nil {
				return p
			}
			return from // the save went in between: nothing to continue, nothing lost
		},
		"keep": func() Scene { return from },
	}
	s.back = s.act["keep"]
	s.menu.Add(&ui.Button{ID: "continue", Label: lang.T("discard.new.continue"), Icon: ui.IconPlay, Look: ui.Primary})
	s.menu.Add(&ui.Button{ID: "discard", Label: lang.T("discard.new.start")})
	s.menu.Add(&ui.Button{ID: "keep", Label: lang.T("back"), Icon: ui.IconBack})
	return s
}

// askRestart is what the pause's Restart leads to: a card asking whether the match may end,
// or, when no move has been played yet, the new match at once.
func askRestart(m *Manager, from *pause) Scene {
	p := from.under
	moves := p.d.Match().Moves()
	if moves == 0 || p.d.Over() {
		return p.restart()
	}
	s := &discard{overlay: overlay{base: base{m: m}, under: p, title: lang.T("discard.restart.title")},
		text: lang.N("discard.restart.text", moves, moves)}
	s.act = map[string]func() Scene{
		"restart": func() Scene { return p.restart() },
		"resume":  func() Scene { return p },
	}
	s.back = func() Scene { return from }
	s.menu.Add(&ui.Button{ID: "resume", Label: lang.T("discard.restart.keep"), Icon: ui.IconPlay, Look: ui.Primary})
	s.menu.Add(&ui.Button{ID: "restart", Label: lang.T("discard.restart.yes")})
	return s
}
