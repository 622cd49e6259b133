package scenes

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
	"sig/wire"
)

// setup prepares a match: how many play, who sits where (a person or the computer at a level),
// their names and colours.
type setup struct {
	base
	g       *rules.Info
	n       int
	seats   []player  // as many as the game's most players: their names as shown, typed or the default
	named   []bool    // the name was typed, not given
	editing int       // the seat whose name is being typed, or -1
	kb      *keyboard // the on-screen keyboard, while a name is typed by touch
	touched bool      // the intent being handled is a finger's tap
	// online: the match is made on the match server. Seat 0 is the host's; every other
	// person's seat is for someone invited. Names and colours go by seat there (the
	// server carries neither), so they are not chosen here.
	online bool

	bar, pic, form ui.Rect
	content        float64 // height of the form's contents
	scroll         float64
	count          ui.Rect // where the player count is written
	caption        ui.Rect // over the person/computer choice
	hint           ui.Rect // how to change a colour or a name
	about          ui.Rect // the game's description, whole (its card may have had to cut it)
	rowY           []float64
	caret          float64
}

func newSetup(m *Manager, g *rules.Info, players int) *setup {
	s := &setup{base: base{m: m}, g: g, editing: -1}
	s.seats, s.named = make([]player, g.MaxPlayers), make([]bool, g.MaxPlayers)
	s.n = g.DefaultPlayers
	if players >= g.MinPlayers && players <= g.MaxPlayers {
		s.n = players
	}
	for i := range s.seats {
		s.seats[i] = player{Seat: Seat{Who: match.Computer{Level: ai.Medium}}, Color: i}
	}
	s.seats[0].Who = match.Person{}
	s.rename()
	s.build()
	return s
}

// newOnlineSetup is the setup of a match to create online: the host in seat 0, one invited
// person, and the computer in any other seat.
func newOnlineSetup(m *Manager, g *rules.Info) *setup {
	s := newSetup(m, g, 0)
	s.online = true
	s.seats[1].Who = match.Person{}
	if n := m.settings.Name; n != "" {
		s.seats[0].Name, s.named[0] = n, true // the name typed once, kept on this device
	}
	s.rename()
	s.build()
	return s
}

func (s *setup) Name() string { return "setup" }

// Players is the player count chosen.
func (s *setup) Players() int { return s.n }

// rename gives every seat whose name was not typed its default name.
func (s *setup) rename() {
	seats := make([]Seat, len(s.seats))
	for i := range s.seats {
		seats[i] = Seat{Who: s.seats[i].Who}
	}
	defaults := namesIn(lang.Current(), seats[:s.n])
	for i := 0; i < s.n; i++ {
		if !s.named[i] {
			s.seats[i].Name = defaults[i]
		}
	}
}

// build makes the buttons for the current count and seats (positions come in Layout).
func (s *setup) build() {
	focus := ""
	if b := s.menu.Focused(); b != nil {
		focus = b.ID
	}
	s.menu.Buttons = s.menu.Buttons[:0]
	if s.g.MinPlayers != s.g.MaxPlayers {
		s.menu.Add(&ui.Button{ID: "fewer", Icon: ui.IconMinus, Disabled: s.n <= s.g.MinPlayers})
		s.menu.Add(&ui.Button{ID: "more", Icon: ui.IconPlus, Disabled: s.n >= s.g.MaxPlayers})
	}
	for i := 0; i < s.n; i++ {
		p := &s.seats[i]
		sw := sprites.Players[p.Color]
		s.menu.Add(&ui.Button{ID: "color-" + strconv.Itoa(i), Swatch: &sw, Disabled: s.online})
		s.menu.Add(&ui.Button{ID: "name-" + strconv.Itoa(i), Label: p.Name, Selected: s.editing == i, Disabled: s.online && i != 0})
		// Who sits there: a person, or the computer at one of its levels, in one choice.
		s.menu.Add(&ui.Button{ID: "human-" + strconv.Itoa(i), Label: lang.T("setup.person"), Selected: p.here()})
		for _, l := range ai.Levels {
			// Online, seat 0 is the host's own: never the computer's.
			s.menu.Add(&ui.Button{ID: l.String() + "-" + strconv.Itoa(i), Label: levelName(l), Selected: p.Who == match.Computer{Level: l}, Disabled: s.online && i == 0})
		}
	}
	// The on-screen keyboard takes the footer's place while it is up.
	s.menu.Add(&ui.Button{ID: "rules", Label: lang.T("menu.rules"), Icon: ui.IconBook, Hidden: s.kb != nil})
	start := lang.T("setup.start")
	if s.online {
		start = lang.T("online.setup.create")
	}
	s.menu.Add(&ui.Button{ID: "start", Label: start, Icon: ui.IconPlay, Look: ui.Primary, Hidden: s.kb != nil})
	s.menu.Add(&ui.Button{ID: "back", Label: lang.T("back"), Icon: ui.IconBack, Look: ui.Quiet})
	if focus == "" {
		focus = "start"
	}
	s.menu.Focus = -1
	s.menu.FocusID(focus)
	s.menu.Fix()
	if s.mt.Unit > 0 {
		s.Layout(s.mt)
	}
}

func (s *setup) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	if s.kb != nil {
		// The keyboard takes the bottom of the screen; the form and its footer sit above it.
		panel, _ := mt.Screen().CutBottom(s.kb.Height(mt))
		s.kb.Layout(mt, panel)
		rest.H = math.Max(0, panel.Y-rest.Y)
	}
	footH := mt.Pt(72)
	if s.kb != nil {
		footH = 0 // the keyboard has taken the footer's place
	}
	foot, rest := rest.CutBottom(footH)
	// Landscape: the board's picture on the left, the form on the right.
	s.pic = ui.Rect{}
	if !mt.Portrait() && rest.W > mt.Pt(900) {
		var pic ui.Rect
		whole := rest
		pic, rest = rest.CutLeft(math.Min(rest.W*0.38, rest.H))
		s.pic = mt.Flip(pic.Inset(mt.Pt(16)), whole)
		rest = mt.Flip(rest, whole)
	}
	s.form = rest.Inset(mt.Pt(8))
	f := s.form
	if f.W > mt.Pt(760) {
		f = f.Centered(mt.Pt(760), f.H)
	}
	row := mt.Pt(52)
	gap := mt.Pt(8)
	y := f.Y - s.scroll
	// Laid out left to right; each rectangle is flipped within the form for a right-to-left
	// reader (the count's buttons at the left, the colour at the right, the choices from the
	// right).
	if b := s.menu.Get("fewer"); b != nil {
		s.count = ui.Rect{X: f.X, Y: y, W: f.W, H: row}
		b.Rect = mt.Flip(ui.Rect{X: f.Right() - 2*mt.Pt(52) - gap, Y: y + mt.Pt(4), W: mt.Pt(52), H: mt.Pt(44)}, f)
		s.menu.Get("more").Rect = mt.Flip(ui.Rect{X: f.Right() - mt.Pt(52), Y: y + mt.Pt(4), W: mt.Pt(52), H: mt.Pt(44)}, f)
		y += row + gap
	} else {
		s.count = ui.Rect{X: f.X, Y: y, W: f.W, H: row}
		y += row + gap
	}
	h := mt.Pt(48)
	segW := mt.Measure(ui.BodyBold, lang.T("setup.person"))
	for _, l := range ai.Levels {
		segW = math.Max(segW, mt.Measure(ui.BodyBold, levelName(l)))
	}
	segW += mt.Pt(30)
	segSmall := 0.0 // the widest choice in the smaller type
	for _, l := range append([]string{lang.T("setup.person")}, levelNames()...) {
		segSmall = math.Max(segSmall, mt.Measure(ui.SmallBold, l))
	}
	// One line a seat where it fits (colour, name, person or computer level); else the
	// choice goes on a second line under the name.
	wide := h+gap+mt.Pt(140)+gap+4*segW+3*gap <= f.W
	// Captions over the choice: who plays, and the computer's levels.
	s.caption = ui.Rect{X: f.Right() - 4*segW - 3*gap, Y: y, W: 4*segW + 3*gap, H: mt.LineHeight(ui.SmallBold)}
	if wide {
		s.caption = mt.Flip(s.caption, f)
		y += s.caption.H
	} else {
		s.caption = ui.Rect{} // each seat's choice sits under its name: no room for a caption
	}
	s.rowY = s.rowY[:0]
	for i := 0; i < s.n; i++ {
		id := strconv.Itoa(i)
		s.rowY = append(s.rowY, y)
		x := f.X
		s.menu.Get("color-" + id).Rect = mt.Flip(ui.Rect{X: x, Y: y, W: h, H: h}, f)
		x += h + gap
		nameW := f.Right() - x
		if wide {
			nameW -= 4*segW + 4*gap
		}
		s.menu.Get("name-" + id).Rect = mt.Flip(ui.Rect{X: x, Y: y, W: nameW, H: h}, f)
		x += nameW + gap
		w, perRow := segW, 4
		if !wide {
			y += h + mt.Pt(6)
			x = f.X
			w = (f.W - 3*gap) / 4
			// Where the smaller type still does not fit four across (a phone, large
			// text), two rows of two: no choice is cut.
			if segSmall+mt.Pt(20) > w {
				w, perRow = (f.W-gap)/2, 2
			}
		}
		for j, k := range []string{"human", ai.Easy.String(), ai.Medium.String(), ai.Hard.String()} {
			if j > 0 && j%perRow == 0 {
				x, y = f.X, y+h+gap
			}
			s.menu.Get(k + "-" + id).Rect = mt.Flip(ui.Rect{X: x, Y: y, W: w, H: h}, f)
			x += w + gap
		}
		y += h + gap + mt.Pt(6)
		if !wide {
			y += mt.Pt(4)
		}
	}
	// The hint and the game's description: wrapped, whole.
	lh := mt.LineHeight(ui.Small)
	s.hint = ui.Rect{X: f.X, Y: y + mt.Pt(6), W: f.W, H: lh * float64(len(mt.Wrap(s.hintText(), ui.Small, f.W)))}
	y += s.hint.H + mt.Pt(12)
	s.about = ui.Rect{X: f.X, Y: y, W: f.W, H: lh * float64(len(mt.Wrap(s.aboutText(), ui.Small, f.W)))}
	y += s.about.H + mt.Pt(12)
	s.content = y + s.scroll - f.Y
	// The footer: rules and start.
	bw := math.Min(mt.Pt(200), (foot.W-gap)/2)
	s.menu.Get("rules").Rect = mt.Flip(ui.Rect{X: foot.CX() - bw - gap/2, Y: foot.Y + mt.Pt(10), W: bw, H: mt.Pt(52)}, foot)
	s.menu.Get("start").Rect = mt.Flip(ui.Rect{X: foot.CX() + gap/2, Y: foot.Y + mt.Pt(10), W: bw, H: mt.Pt(52)}, foot)
	s.hits.Reset()
	for _, b := range s.menu.Buttons {
		if b.Hidden || b.ID == "rules" || b.ID == "start" || b.ID == "back" {
			continue
		}
		// Rows scrolled out of the form cannot be tapped, and a row half out of it only on the
		// part that shows (below the form lies the footer's Start).
		if top, bottom := math.Max(b.Rect.Y, s.form.Y), math.Min(b.Rect.Bottom(), s.form.Bottom()); bottom > top {
			s.hits.AddRect(ui.Rect{X: b.Rect.X, Y: top, W: b.Rect.W, H: bottom - top}, b.Target())
		}
	}
	for _, id := range []string{"rules", "start", "back"} {
		if b := s.menu.Get(id); !b.Hidden {
			s.hits.AddRect(b.Rect, b.Target())
		}
	}
	if s.kb != nil {
		s.kb.AddHits(&s.hits)
	}
}

// scrollTo scrolls the form by d pixels, within its contents.
func (s *setup) scrollTo(v float64) {
	limit := math.Max(0, s.content-s.form.H)
	v = math.Max(0, math.Min(limit, v))
	if v != s.scroll {
		s.scroll = v
		s.Layout(s.mt)
	}
}

// reveal scrolls the focused button into the form's view.
func (s *setup) reveal() {
	b := s.menu.Focused()
	if b == nil || b.ID == "rules" || b.ID == "start" || b.ID == "back" {
		return
	}
	switch {
	case b.Rect.Y < s.form.Y:
		s.scrollTo(s.scroll - (s.form.Y - b.Rect.Y) - s.mt.Pt(8))
	case b.Rect.Bottom() > s.form.Bottom():
		s.scrollTo(s.scroll + b.Rect.Bottom() - s.form.Bottom() + s.mt.Pt(8))
	}
}

func (s *setup) Update(in []ui.Intent) {
	s.caret += tick
	for _, it := range in {
		if s.editing >= 0 && s.kb != nil {
			if typed, ours := s.kb.Handle(it); ours {
				for _, t := range typed {
					s.edit(t)
				}
				if s.kb != nil && it.Kind == ui.Tap {
					s.Layout(s.mt) // a key may have changed the layer or the capitals
				}
				continue
			}
		}
		if s.editing >= 0 && s.edit(it) {
			continue
		}
		switch it.Kind {
		case ui.Back:
			s.m.Goto(s.back())
			return
		case ui.Scroll:
			if !math.IsInf(it.Scroll, 0) {
				s.scrollTo(s.scroll + it.Scroll)
			} else {
				s.scrollTo(math.Copysign(1e9, it.Scroll))
			}
			continue
		}
		s.touched = it.Kind == ui.Tap && it.Touch
		id := s.menu.Handle(it)
		if it.Kind == ui.Next || it.Kind == ui.Prev || it.Kind == ui.Move {
			s.reveal()
		}
		if id == "" {
			continue
		}
		click()
		if s.act(id) {
			return
		}
	}
}

// edit handles an intent while a name is being typed; it reports whether it used it.
func (s *setup) edit(it ui.Intent) bool {
	p := &s.seats[s.editing]
	switch it.Kind {
	case ui.Char:
		if len([]rune(p.Name)) < maxName && it.Rune >= ' ' {
			if !s.named[s.editing] {
				p.Name = ""
			}
			p.Name += string(it.Rune)
			s.named[s.editing] = true
		}
	case ui.Erase:
		r := []rune(p.Name)
		if len(r) > 0 {
			p.Name = string(r[:len(r)-1])
			s.named[s.editing] = true
		}
	case ui.Activate, ui.Back, ui.Next, ui.Prev:
		s.stopEditing()
		return it.Kind == ui.Activate || it.Kind == ui.Back
	case ui.Tap:
		s.stopEditing()
		return false
	default:
		return false
	}
	s.menu.Get("name-" + strconv.Itoa(s.editing)).Label = p.Name
	return true
}

func (s *setup) stopEditing() {
	if s.editing < 0 {
		return
	}
	i := s.editing
	s.editing = -1
	s.kb = nil
	s.m.reader.Text = false
	if strings.TrimSpace(s.seats[i].Name) == "" {
		s.named[i] = false
		s.rename()
	}
	s.build()
}

// act does what button id is for; it reports whether the scene was left.
func (s *setup) act(id string) bool {
	switch id {
	case "back":
		s.m.Goto(s.back())
		return true
	case "fewer":
		s.setPlayers(s.n - 1)
		return false
	case "more":
		s.setPlayers(s.n + 1)
		return false
	case "rules":
		s.m.Goto(newRulesPage(s.m, s.g, s))
		return true
	case "start":
		if s.online {
			// Online, the host's name is the one this device shows to every table from now on.
			st := s.m.settings
			st.Name = ""
			if s.named[0] {
				st.Name = tableName(s.seats[0].Name)
			}
			if st.Name != s.m.settings.Name {
				s.m.setSettings(st)
			}
			s.m.Goto(newHostLobby(s.m, s.g, s.seatSpecs()))
			return true
		}
		s.m.Goto(askNewGame(s.m, s, func() Scene { return newPlay(s.m, s.g, s.players(), s.m.nextSeed()) }))
		return true
	}
	kind, num, ok := strings.Cut(id, "-")
	i, err := strconv.Atoi(num)
	if !ok || err != nil || i < 0 || i >= s.n {
		return false
	}
	p := &s.seats[i]
	switch kind {
	case "color":
		if s.online {
			return false
		}
		p.Color = s.nextColor(i)
	case "name":
		if s.online && i != 0 {
			return false // the invited name themselves
		}
		s.editing = i
		s.m.reader.Text = true
		if s.touched || isMobile {
			// No keyboard at hand, perhaps: one on screen (typing on a real one still works).
			s.kb = newKeyboard(lang.Current())
			s.build()
			s.reveal()
			return false
		}
	case "human":
		p.Who = match.Person{}
		s.rename()
	default:
		if l, err := ai.ParseLevel(kind); err == nil && !(s.online && i == 0) {
			p.Who = match.Computer{Level: l}
			s.rename()
		}
	}
	s.build()
	return false
}

// back is the picker the setup came from.
func (s *setup) back() Scene {
	if s.online {
		return newOnlinePicker(s.m, false)
	}
	return newGamePicker(s.m)
}

// seatSpecs are the seats as the match server is asked for them.
func (s *setup) seatSpecs() []wire.SeatSpec {
	specs := make([]wire.SeatSpec, s.n)
	for i := range specs {
		specs[i] = wire.SeatSpec{Kind: wire.Person}
		if l, ok := s.seats[i].level(); ok {
			specs[i] = wire.SeatSpec{Kind: wire.Computer, Level: l.String()}
		}
	}
	return specs
}

// setPlayers changes the count, within the game's range.
func (s *setup) setPlayers(n int) {
	if n < s.g.MinPlayers || n > s.g.MaxPlayers {
		return
	}
	s.n = n
	// A new seat must not share a colour with the seats before it.
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			if s.seats[j].Color == s.seats[i].Color {
				s.seats[i].Color = s.nextColor(i)
			}
		}
	}
	s.rename()
	s.build()
}

// nextColor is the next colour after seat i's that no other seat has.
func (s *setup) nextColor(i int) int {
	c := s.seats[i].Color
	for k := 1; k <= len(sprites.Players); k++ {
		cand := (c + k) % len(sprites.Players)
		free := true
		for j := 0; j < s.n; j++ {
			if j != i && s.seats[j].Color == cand {
				free = false
			}
		}
		if free {
			return cand
		}
	}
	return c
}

// players are the chosen seats; a name not typed is left to the default, said in the language
// of the moment.
func (s *setup) players() []player {
	ps := append([]player(nil), s.seats[:s.n]...)
	for i := range ps {
		if !s.named[i] {
			ps[i].Name = ""
		}
	}
	return ps
}

func (s *setup) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawHeader(dst, s.bar, gameName(s.g), gameText(s.g, "place", s.g.Place))
	if s.pic.W > 0 {
		// The seats as chosen: as many pieces as players, in their colours.
		colors := make([]sprites.PlayerColor, s.n)
		for i := range colors {
			colors[i] = sprites.Players[s.seats[i].Color%len(sprites.Players)]
		}
		sprites.DrawBoardPictureFor(dst, s.g.ID, s.pic.S(), colors)
	}
	clip := ui.ScrollClip(dst, s.form.Inset(-mt.Pt(8)))
	label := lang.N("setup.players", s.n, s.n)
	room := s.count.W
	if s.g.MinPlayers != s.g.MaxPlayers {
		room -= 2*mt.Pt(52) + mt.Pt(16) // the count's buttons
		// The range where it fits; on a phone, or in a longer language, the count alone.
		if full := label + "  " + lang.T("setup.range", s.g.MinPlayers, s.g.MaxPlayers); mt.Measure(ui.Heading, full) <= room {
			label = full
		}
	}
	st := ui.Heading
	if mt.Measure(st, label) > room {
		st = ui.BodyBold
	}
	mt.TextStart(clip, mt.Ellipsize(label, st, room), st, s.count, s.count.CY()-mt.LineHeight(st)/2, sprites.Ink)
	if c := s.caption; c.W > 0 {
		seg := (c.W - 3*mt.Pt(8)) / 4
		col := sprites.Mix(sprites.Wood, sprites.Ink, 0.2)
		// Over the three levels, not the person's segment (at the reading start).
		cx := c.X + seg + mt.Pt(8) + (c.W-seg-mt.Pt(8))/2
		if mt.RTL {
			cx = c.X + (c.W-seg-mt.Pt(8))/2
		}
		mt.Text(clip, lang.T("setup.level.caption"), ui.SmallBold, cx, c.Y, ui.Center, col)
	}
	if s.hint.W > 0 {
		y := s.hint.Y
		for _, l := range mt.Wrap(s.hintText(), ui.Small, s.hint.W) {
			mt.TextStart(clip, l, ui.Small, s.hint, y, sprites.Wood)
			y += mt.LineHeight(ui.Small)
		}
		y = s.about.Y
		for _, l := range mt.Wrap(s.aboutText(), ui.Small, s.about.W) {
			mt.TextStart(clip, l, ui.Small, s.about, y, sprites.Ink)
			y += mt.LineHeight(ui.Small)
		}
	}
	// The form's buttons are drawn clipped; the header and footer ones on the whole screen.
	form, rest := ui.Menu{Focus: -1, Hover: s.menu.Hover, Pressed: s.menu.Pressed}, ui.Menu{Focus: -1, Hover: s.menu.Hover, Pressed: s.menu.Pressed}
	focused := s.menu.Focused()
	for _, b := range s.menu.Buttons {
		target := &form
		if b.ID == "rules" || b.ID == "start" || b.ID == "back" {
			target = &rest
		}
		if b == focused {
			target.Focus = len(target.Buttons)
		}
		target.Buttons = append(target.Buttons, b)
	}
	form.Draw(clip, mt)
	rest.Draw(dst, mt)
	if s.editing >= 0 {
		b := s.menu.Get("name-" + strconv.Itoa(s.editing))
		if b != nil && math.Mod(s.caret, 1) < 0.6 {
			w := mt.Measure(ui.BodyBold, b.Label)
			x := b.Rect.CX() + w/2 + mt.Pt(2)
			if writtenRTL(b.Label) {
				x = b.Rect.CX() - w/2 - mt.Pt(2) // an Arabic name ends at its left
			}
			// A line 2 points wide with round ends.
			ui.Fill(clip, ui.Rect{X: x - mt.Pt(1), Y: b.Rect.Y + mt.Pt(9), W: mt.Pt(2), H: b.Rect.H - mt.Pt(18)}, mt.Pt(1), 0, sprites.Saffron)
		}
	}
	if s.content > s.form.H {
		// A thin scroll bar at the form's right edge.
		f := s.form
		h := f.H * f.H / s.content
		y := f.Y + (f.H-h)*s.scroll/math.Max(1, s.content-f.H)
		sx := f.Right() + mt.Pt(2)
		if mt.RTL {
			sx = f.X - mt.Pt(6)
		}
		ui.Fill(dst, ui.Rect{X: sx, Y: y, W: mt.Pt(4), H: h}, mt.Pt(2), 0, sprites.Fade(sprites.Wood, 0.6))
	}
	if s.kb != nil {
		s.kb.Draw(dst)
	}
}

// Animating keeps the caret blinking while a name is typed.
func (s *setup) Animating() bool { return s.editing >= 0 }

// levelName is a computer level's name on screen.
func levelName(l ai.Level) string { return lang.T("level." + l.String()) }

// writtenRTL reports whether s starts, in reading order, with a right-to-left letter.
func writtenRTL(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return unicode.Is(unicode.Arabic, r)
		}
	}
	return false
}

// hintText is the line under the seats: how to change a colour or a name, or how to type one.
func (s *setup) hintText() string {
	switch {
	case s.kb != nil:
		return lang.T("keyboard.hint")
	case s.editing >= 0:
		return lang.T("setup.hint.typing")
	case s.online:
		return lang.T("online.setup.hint")
	}
	return lang.T("setup.hint")
}

// aboutText is the game's description, after where it is played when the header has no room
// for that.
func (s *setup) aboutText() string {
	about := gameText(s.g, "summary", s.g.Summary)
	if place := gameText(s.g, "place", s.g.Place); !s.subFits(s.bar, place) {
		about = place + "\n" + about
	}
	return about
}

// levelNames are the computer's levels' names.
func levelNames() []string {
	var out []string
	for _, l := range ai.Levels {
		out = append(out, levelName(l))
	}
	return out
}
