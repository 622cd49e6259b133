package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// gamePicker is the scene that shows the five games as cards: a picture of the board, the
// name, where it is played and one line on what it is.
type gamePicker struct {
	base
	games []*rules.Info
	bar   ui.Rect
	mode  pickFor
	// picH is the height of the pictures on the tall cards: the same on every card, and what
	// the longest description leaves.
	picH float64
}

// pickFor is what the chosen game is for.
type pickFor uint8

const (
	pickLocal  pickFor = iota // a match at this screen: its setup
	pickOnline                // a match online: its setup, with seats for invited people
	pickQuick                 // a quick match against a stranger: the games played by two
)

func newGamePicker(m *Manager) *gamePicker { return newPickerFor(m, pickLocal) }

// newOnlinePicker is the picker of Play online's Create (quick false) or Quick match.
func newOnlinePicker(m *Manager, quick bool) *gamePicker {
	if quick {
		return newPickerFor(m, pickQuick)
	}
	return newPickerFor(m, pickOnline)
}

func newPickerFor(m *Manager, mode pickFor) *gamePicker {
	s := &gamePicker{base: base{m: m}, mode: mode}
	for _, g := range games.All() {
		if mode == pickQuick && !playedByTwo(g) {
			continue
		}
		s.games = append(s.games, g)
	}
	for _, g := range s.games {
		g := g
		s.menu.Add(&ui.Button{ID: g.ID, Label: gameName(g), Draw: func(dst *ebiten.Image, mt ui.Metrics, b *ui.Button, hot bool) {
			drawCard(dst, mt, b.Rect, g, hot, s.picH)
		}})
	}
	return s
}

func (s *gamePicker) Name() string { return "picker" }

func (s *gamePicker) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	rest = rest.Inset(mt.Pt(8))
	n := len(s.games)
	gap := mt.Pt(18)
	if rest.W < mt.Pt(600) {
		// A phone: one card a row, the picture at the left and the words beside it.
		gap = mt.Pt(12)
		h := math.Min(mt.Pt(150), (rest.H-gap*float64(n-1))/float64(n))
		w := math.Min(rest.W, mt.Pt(560))
		y := rest.Y + math.Max(0, (rest.H-float64(n)*h-float64(n-1)*gap)/2)
		for _, g := range s.games {
			s.menu.Get(g.ID).Rect = ui.Rect{X: rest.CX() - w/2, Y: y, W: w, H: h}
			y += h + gap
		}
		s.menu.Fix()
		s.rehit()
		return
	}
	// The largest cards (about 4:5) that fit all five on the screen, trying each column count.
	// A last row holding a single card looks forgotten: such layouts must be clearly bigger.
	best, bestScore, bestCols := 0.0, 0.0, 1
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		w := (rest.W - gap*float64(cols-1)) / float64(cols)
		h := (rest.H - gap*float64(rows-1)) / float64(rows)
		w = math.Min(math.Min(w, h*0.8), mt.Pt(340))
		score := w
		if rows > 1 && n%cols == 1 {
			score *= 0.8
		}
		if score > bestScore {
			best, bestScore, bestCols = w, score, cols
		}
	}
	w := best
	h := w / 0.8
	rows := (n + bestCols - 1) / bestCols
	gridH := float64(rows)*h + float64(rows-1)*gap
	gridW := float64(bestCols)*w + float64(bestCols-1)*gap + 1
	// The pictures give way to the words: every card's description is read whole.
	pad := cardPad(mt, w, h)
	s.picH = h * 0.5
	for _, g := range s.games {
		s.picH = math.Min(s.picH, h-2*pad-cardWords(mt, g, w-2*pad))
	}
	s.picH = math.Max(s.picH, h*0.3)
	area := ui.Rect{X: rest.CX() - gridW/2, Y: rest.Y + math.Max(0, (rest.H-gridH)/2), W: gridW, H: gridH}
	rects := area.Grid(n, w, h, gap)
	for i, g := range s.games {
		s.menu.Get(g.ID).Rect = mt.Flip(rects[i], area) // right to left, the first card is at the right
	}
	s.menu.Fix()
	s.rehit()
}

// playedByTwo reports whether g can be played by two, as a quick match pairs two strangers.
func playedByTwo(g *rules.Info) bool { return g.MinPlayers <= 2 && g.MaxPlayers >= 2 }

// back is the scene the picker's Back leads to.
func (s *gamePicker) back() Scene {
	if s.mode == pickLocal {
		return newTitle(s.m)
	}
	return newOnlineMenu(s.m, "")
}

func (s *gamePicker) Update(in []ui.Intent) {
	for _, it := range in {
		if it.Kind == ui.Back {
			s.m.Goto(s.back())
			return
		}
		id := s.menu.Handle(it)
		if id == "" {
			continue
		}
		click()
		if id == "back" {
			s.m.Goto(s.back())
			return
		}
		if g, ok := games.Lookup(id); ok {
			switch s.mode {
			case pickOnline:
				s.m.Goto(newOnlineSetup(s.m, g))
			case pickQuick:
				s.m.Goto(newQuickLobby(s.m, g))
			default:
				s.m.Goto(newSetup(s.m, g, 0))
			}
			return
		}
	}
}

func (s *gamePicker) Draw(dst *ebiten.Image) {
	ui.Backdrop(dst, s.mt)
	title := lang.T("picker.title")
	switch s.mode {
	case pickOnline:
		title = lang.T("online.create")
	case pickQuick:
		title = lang.T("online.quick")
	}
	s.drawHeader(dst, s.bar, title, "")
	s.menu.Draw(dst, s.mt)
}

// cardPad is the margin inside a card of w×h.
func cardPad(mt ui.Metrics, w, h float64) float64 { return math.Max(mt.Pt(8), math.Min(w, h)*0.05) }

// cardWords is the height of the words on g's card w wide: the name (one or two lines), the
// place and the whole description.
func cardWords(mt ui.Metrics, g *rules.Info, w float64) float64 {
	names := len(mt.Wrap(gameName(g), ui.Heading, w))
	if names > 2 {
		names = 1 // drawn in the body type, on one line (drawCard)
	}
	lines := len(mt.Wrap(gameText(g, "summary", g.Summary), ui.Small, w))
	_, places := placeLines(mt, g, w)
	return mt.Pt(6) + float64(names)*mt.LineHeight(ui.Heading)*0.9 + mt.LineHeight(ui.Heading)*0.1 +
		float64(len(places))*mt.LineHeight(ui.SmallBold) + mt.Pt(2) + float64(lines)*mt.LineHeight(ui.Small) + mt.Pt(4)
}

// placeLines is where g is played, in the small bold type, or the small one, on one line
// where it fits, else wrapped.
func placeLines(mt ui.Metrics, g *rules.Info, w float64) (ui.Style, []string) {
	place, st := gameText(g, "place", g.Place), ui.SmallBold
	if mt.Measure(st, place) > w {
		st = ui.Small
	}
	return st, mt.Wrap(place, st, w)
}

// drawCard draws one game's card; a tall card's picture is picH high.
func drawCard(dst *ebiten.Image, mt ui.Metrics, r ui.Rect, g *rules.Info, hot bool, picH float64) {
	lift := 0.0
	if hot {
		lift = mt.Pt(3)
	}
	r.Y -= lift
	ui.Panel(dst, mt, r)
	pad := cardPad(mt, r.W, r.H)
	var pic, rest ui.Rect
	if r.W > r.H*1.3 {
		// A wide card: the picture at the reading start (the left, or the right).
		pic, rest = r.Inset(pad).CutLeft(r.H - 2*pad)
		rest = rest.Inset(mt.Pt(4))
		rest.X += mt.Pt(6)
		rest.W -= mt.Pt(6)
		rest.Y -= mt.Pt(6)
		pic, rest = mt.Flip(pic, r), mt.Flip(rest, r)
	} else {
		pic, rest = r.Inset(pad).CutTop(picH)
	}
	ui.Fill(dst, pic, mt.Pt(10), 0, sprites.Mix(sprites.Sand, sprites.Chalk, 0.3))
	sprites.DrawBoardPicture(dst, g.ID, pic.Inset(mt.Pt(6)).S())
	y := rest.Y + mt.Pt(6)
	gname := gameName(g)
	// Every game's name in the same type: a name too long for one line takes two (Sig (El
	// Oued Capture) was drawn smaller than the other four).
	name, names := ui.Heading, mt.Wrap(gname, ui.Heading, rest.W)
	for _, l := range names {
		if len(names) > 2 || mt.Measure(name, l) > rest.W {
			name, names = ui.BodyBold, []string{gname}
			break
		}
	}
	for _, l := range names {
		mt.TextStart(dst, mt.Ellipsize(l, name, rest.W), name, rest, y, sprites.Ink)
		y += mt.LineHeight(ui.Heading) * 0.9
	}
	y += mt.LineHeight(ui.Heading) * 0.1
	place, places := placeLines(mt, g, rest.W)
	for _, l := range places {
		mt.TextStart(dst, l, place, rest, y, sprites.Terracotta)
		y += mt.LineHeight(ui.SmallBold)
	}
	y += mt.Pt(2)
	summary := gameText(g, "summary", g.Summary)
	lines := mt.Wrap(summary, ui.Small, rest.W)
	room := int((rest.Bottom() - y) / mt.LineHeight(ui.Small))
	more := ""
	if room <= 0 {
		lines = nil // no room for a line (the name took two): the setup tells it whole
	} else if room < len(lines) {
		// A phone's card has no room for it all: the game's setup, the card's tap, tells it
		// whole, and the card's last line says so.
		more = lang.T("picker.more")
		lines = lines[:room-1]
		if n := len(lines); n > 0 {
			lines[n-1] = mt.Ellipsize(lines[n-1]+" …", ui.Small, rest.W)
			ui.Elided(lines[n-1], summary)
		}
	}
	for _, l := range lines {
		mt.TextStart(dst, l, ui.Small, rest, y, sprites.Mix(sprites.Ink, sprites.Chalk, 0.2))
		y += mt.LineHeight(ui.Small)
	}
	if more != "" {
		st := ui.SmallBold
		if mt.Measure(st, more) > rest.W {
			st = ui.Small
		}
		mt.TextStart(dst, more, st, rest, y, sprites.Indigo)
	}
}

// gameName is game g's name in the current language.
func gameName(g *rules.Info) string { return gameText(g, "name", g.Name) }

// gameText is a game's word (its "name", "place" or "summary") from the games' catalogue area
// in the current language, or the registry's English text while the catalogue lacks it.
func gameText(g *rules.Info, field, registry string) string {
	key := "game." + g.ID + "." + field
	if !lang.Has(lang.English, key) {
		return registry
	}
	return lang.T(key)
}
