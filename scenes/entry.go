package scenes

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
	"sig/wire"
)

// entryKind is what an entry scene asks for.
type entryKind uint8

const (
	entryJoin   entryKind = iota // a seat's code (or an invite link) to join a match
	entryWatch                   // a code or spectator link to watch a match
	entryServer                  // the match server's address (desktop and phone)
	entryName                    // what this player is called online
)

// entry is a screen with one text field: the code of a match to join or watch, or the match
// server's address. It is typed on a keyboard, or by touch on an on-screen keyboard of the
// symbols the field takes (a code's letters and figures are Latin in every language); Enter
// or OK goes on, and what cannot be right is said under the field, changing nothing.
type entry struct {
	base
	kind    entryKind
	value   string
	err     string
	kb      *keyboard
	from    Scene // where Back and a saved address lead (nil: Play online)
	caret   float64
	touched bool
	// pending is the join asked and not answered yet: the screen stays, with what was typed,
	// until the server gives the seat (then its lobby comes) or refuses it (then why, here).
	pending *lobby

	bar, prompt, field, errR ui.Rect
}

func newEntry(m *Manager, kind entryKind, err string) *entry {
	s := &entry{base: base{m: m}, kind: kind, err: err}
	switch kind {
	case entryServer:
		s.value = m.settings.Server
	case entryName:
		s.value = m.settings.Name
	}
	if isMobile {
		s.kb = s.keyboard()
	}
	s.build()
	return s
}

func (s *entry) Name() string {
	switch s.kind {
	case entryWatch:
		return "watch"
	case entryServer:
		return "server"
	case entryName:
		return "name"
	}
	return "join"
}

// keyboard is the on-screen keyboard of the field's symbols.
func (s *entry) keyboard() *keyboard {
	if s.kind == entryName {
		return newKeyboard(lang.Current())
	}
	if s.kind == entryServer {
		k := &keyboard{layers: []keyLayer{addressLayer}, symbols: true}
		k.build()
		return k
	}
	k := &keyboard{layers: []keyLayer{codeLayer}, symbols: true}
	k.build()
	return k
}

// The on-screen keyboards' keys: a code's symbols, and what a server's address is made of.
var (
	codeLayer    = keyLayer{label: "ABC", rows: []string{"23456789-", "ABCDEFGHJK", "MNPQRSTUVW", "XYZ"}}
	addressLayer = keyLayer{label: "abc", rows: []string{"1234567890", "qwertyuiop", "asdfghjkl:", "zxcvbnm./-"}}
)

func (s *entry) build() {
	s.menu.Buttons = s.menu.Buttons[:0]
	s.menu.Add(&ui.Button{ID: "field", Label: ""})
	s.menu.Add(&ui.Button{ID: "ok", Label: s.okLabel(), Icon: ui.IconPlay, Look: ui.Primary, Hidden: s.kb != nil, Disabled: s.pending != nil})
	s.menu.Add(&ui.Button{ID: "back", Label: lang.T("back"), Icon: ui.IconBack, Look: ui.Quiet})
	s.menu.Focus = -1
	s.menu.FocusID("ok")
	s.menu.Fix()
	if s.mt.Unit > 0 {
		s.Layout(s.mt)
	}
}

func (s *entry) okLabel() string {
	switch s.kind {
	case entryWatch:
		return lang.T("online.watch.go")
	case entryServer, entryName:
		return lang.T("online.server.save")
	}
	return lang.T("online.join.go")
}

func (s *entry) title() string {
	switch s.kind {
	case entryWatch:
		return lang.T("online.watch")
	case entryServer:
		return lang.T("online.server")
	case entryName:
		return lang.T("online.name")
	}
	return lang.T("online.join")
}

func (s *entry) promptText() string {
	switch s.kind {
	case entryWatch:
		return lang.T("online.watch.prompt")
	case entryServer:
		return lang.T("online.server.prompt")
	case entryName:
		return lang.T("online.name.prompt")
	}
	return lang.T("online.join.prompt")
}

func (s *entry) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	if s.kb != nil {
		panel, _ := mt.Screen().CutBottom(s.kb.Height(mt))
		s.kb.Layout(mt, panel)
		rest.H = math.Max(0, panel.Y-rest.Y)
	}
	col := rest.Inset(mt.Pt(8))
	w := math.Min(col.W, mt.Pt(560))
	x := col.CX() - w/2
	lines := len(mt.Wrap(s.promptText(), ui.Body, w))
	promptH := float64(lines) * mt.LineHeight(ui.Body)
	fieldH := mt.Pt(60)
	errH := 0.0
	if msg := s.message(); msg != "" {
		errH = float64(len(mt.Wrap(msg+"...", ui.Body, w))) * mt.LineHeight(ui.Body)
	}
	okH := mt.Pt(52)
	if s.kb != nil {
		okH = 0
	}
	total := promptH + mt.Pt(12) + fieldH + mt.Pt(10) + errH + mt.Pt(16) + okH
	y := col.Y + math.Max(0, (col.H-total)/3)
	s.prompt = ui.Rect{X: x, Y: y, W: w, H: promptH}
	y += promptH + mt.Pt(12)
	s.field = ui.Rect{X: x, Y: y, W: w, H: fieldH}
	s.menu.Get("field").Rect = s.field
	y += fieldH + mt.Pt(10)
	s.errR = ui.Rect{X: x, Y: y, W: w, H: errH}
	y += errH + mt.Pt(16)
	bw := math.Min(w, math.Max(mt.Pt(200), mt.Measure(ui.BodyBold, s.okLabel())+mt.Pt(80)))
	s.menu.Get("ok").Rect = ui.Rect{X: col.CX() - bw/2, Y: y, W: bw, H: mt.Pt(52)}
	s.rehit()
	if s.kb != nil {
		s.kb.AddHits(&s.hits)
	}
}

func (s *entry) Update(in []ui.Intent) {
	s.caret += tick
	s.m.reader.Text = true // the field takes the keyboard's letters, not its shortcuts
	if l := s.pending; l != nil {
		l.poll()
		switch {
		case s.m.Current() != Scene(s):
			return // the game had begun: the play scene has the match
		case l.err != "":
			s.pending = nil
			s.build()
			s.fail(l.err)
		case l.seat >= 0:
			s.m.reader.Text = false
			s.m.Goto(l)
			return
		default:
			for _, it := range in {
				if it.Kind == ui.Back || s.menu.Handle(it) == "back" {
					s.leave()
					return
				}
			}
			return
		}
	}
	for _, it := range in {
		if s.kb != nil {
			if typed, ours := s.kb.Handle(it); ours {
				for _, t := range typed {
					if s.typeIn(t) {
						return
					}
				}
				if it.Kind == ui.Tap {
					s.Layout(s.mt)
				}
				continue
			}
		}
		if s.typeIn(it) {
			return
		}
	}
}

// typeIn applies one intent to the field; it reports whether the scene was left.
func (s *entry) typeIn(it ui.Intent) bool {
	switch it.Kind {
	case ui.Char:
		s.add(it.Rune)
		return false
	case ui.Erase:
		if r := []rune(s.value); len(r) > 0 {
			s.value = string(r[:len(r)-1])
		}
		return false
	case ui.Back:
		s.leave()
		return true
	case ui.Activate:
		if b := s.menu.Focused(); b != nil && b.ID == "back" {
			s.leave()
			return true
		}
		return s.submit()
	}
	s.touched = it.Kind == ui.Tap && it.Touch
	switch s.menu.Handle(it) {
	case "back":
		click()
		s.leave()
		return true
	case "ok":
		click()
		return s.submit()
	case "field":
		if s.kb == nil && (s.touched || isMobile) {
			s.kb = s.keyboard()
			s.build()
		}
	}
	return false
}

// maxEntry is the longest text the field takes: a whole invite link fits.
const maxEntry = 200

// add types r into the field, if the field takes it.
func (s *entry) add(r rune) {
	if len([]rune(s.value)) >= maxEntry || r < ' ' || r == 0x7f || s.kind == entryName && len([]rune(s.value)) >= wire.MaxName {
		return
	}
	if s.kind == entryServer && r == ' ' {
		return
	}
	s.value += string(r)
	s.err = ""
}

func (s *entry) leave() {
	if s.pending != nil {
		s.pending.sess.Close()
		s.pending = nil
	}
	s.m.reader.Text = false
	s.m.Goto(s.back())
}

// back is the scene this one returns to.
func (s *entry) back() Scene {
	if s.from != nil {
		return relabel(s.from)
	}
	return newOnlineMenu(s.m, "")
}

// submit goes on with what was typed, or says why it cannot; it reports whether the scene
// was left.
func (s *entry) submit() bool {
	v := strings.TrimSpace(s.value)
	switch s.kind {
	case entryServer:
		st := s.m.settings
		if v == "" {
			st.Server = ""
		} else {
			u, err := serverURL(v)
			if err != nil {
				s.fail(lang.T("online.err.address"))
				return false
			}
			st.Server = u
		}
		s.m.setSettings(st)
		s.m.reader.Text = false
		s.m.Goto(s.back())
		return true
	case entryName:
		st := s.m.settings
		st.Name = tableName(v)
		s.m.setSettings(st)
		s.m.reader.Text = false
		s.m.Goto(s.back())
		return true
	case entryWatch:
		id, err := parseWatch(v)
		if err != nil {
			s.fail(lang.T("online.err.code"))
			return false
		}
		s.m.reader.Text = false
		s.m.Goto(newWatchLobby(s.m, id))
		return true
	}
	iv, err := parseInvite(v)
	if err != nil {
		s.fail(lang.T("online.err.code"))
		return false
	}
	return s.join(iv)
}

// join asks the server for the seat iv opens; it reports whether the scene was left (a seat
// kept on this device is taken back at once, in its lobby).
func (s *entry) join(iv invite) bool {
	next := newJoinLobby(s.m, iv)
	if l, ok := next.(*lobby); ok && l.resuming == "" {
		s.pending, s.err = l, ""
		s.build()
		return false
	}
	s.m.reader.Text = false
	s.m.Goto(next)
	return true
}

// newJoinEntry is the join screen asking for the seat an invitation given at start (-join, a
// link's ?join=) opens: its answer comes here, as if typed, and a refusal stays here.
func newJoinEntry(m *Manager, text string, iv invite) Scene {
	if m.matchServer() == "" {
		return newOnlineMenu(m, "")
	}
	if t, ok := m.keptTicket(iv.Match); ok && iv.Code == "" && t.Seat == iv.Seat {
		return newJoinLobby(m, iv) // this device's seat: taken back at once
	}
	s := newEntry(m, entryJoin, "")
	s.value = strings.TrimSpace(text)
	if iv.Code != "" {
		s.value = iv.Code
	}
	s.join(iv)
	return s
}

// message is what the line under the field says: why the last try failed, or that the
// server is being asked.
func (s *entry) message() string {
	if s.pending != nil {
		return lang.T("online.joining")
	}
	return s.err
}

func (s *entry) fail(msg string) {
	s.err = msg
	s.Layout(s.mt)
}

func (s *entry) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawHeader(dst, s.bar, s.title(), "")
	y := s.prompt.Y
	for _, l := range mt.Wrap(s.promptText(), ui.Body, s.prompt.W) {
		mt.Text(dst, l, ui.Body, s.prompt.CX(), y, ui.Center, sprites.Ink)
		y += mt.LineHeight(ui.Body)
	}
	f := s.field
	sprites.Fill(dst, sprites.RoundRect(f.X, f.Y, f.W, f.H, mt.Pt(10)), sprites.Chalk)
	edge := sprites.Wood
	if s.err != "" {
		edge = sprites.Terracotta
	}
	sprites.FrameRoundRect(dst, f.X, f.Y, f.W, f.H, mt.Pt(10), mt.Pt(2), edge)
	st := ui.Heading
	if s.kind == entryServer {
		st = ui.Body
	}
	room := f.W - mt.Pt(32)
	shown := s.value
	for shown != "" && mt.Measure(st, "…"+shown) > room {
		// The end of a long address stays in view, where the typing is.
		_, size := utf8.DecodeRuneInString(shown)
		shown = shown[size:]
	}
	if shown != s.value {
		shown = "…" + shown
	}
	ty := f.CY() - mt.LineHeight(st)/2
	if shown == "" {
		hint := lang.T("online.join.example")
		switch s.kind {
		case entryServer:
			hint = lang.T("online.server.example")
		case entryName:
			hint = lang.T("online.name.example")
		}
		mt.Text(dst, mt.Ellipsize(hint, st, room), st, f.CX(), ty, ui.Center, sprites.Fade(sprites.Wood, 0.5))
	} else {
		mt.Text(dst, shown, st, f.CX(), ty, ui.Center, sprites.Ink)
	}
	if math.Mod(s.caret, 1) < 0.6 {
		x := f.CX() + mt.Measure(st, shown)/2 + mt.Pt(2)
		if shown == "" {
			x = f.CX()
		}
		sprites.Line(dst, sprites.Pt{X: x, Y: f.Y + mt.Pt(14)}, sprites.Pt{X: x, Y: f.Bottom() - mt.Pt(14)}, mt.Pt(2), sprites.Saffron)
	}
	y = s.errR.Y
	msg, col := s.err, sprites.Terracotta
	if s.pending != nil {
		msg, col = s.message()+[...]string{"", ".", "..", "..."}[int(s.caret*2)%4], sprites.Wood
	}
	for _, l := range mt.Wrap(msg, ui.Body, s.errR.W) {
		mt.Text(dst, l, ui.Body, s.errR.CX(), y, ui.Center, col)
		y += mt.LineHeight(ui.Body)
	}
	for _, b := range s.menu.Buttons {
		if b.ID == "field" || b.Hidden {
			continue
		}
		ui.DrawButton(dst, mt, b, s.menu.Hover == b.ID, s.menu.Pressed == b.ID)
		if f := s.menu.Focused(); f == b {
			ui.FocusRing(dst, mt, b.Rect)
		}
	}
	if s.kb != nil {
		s.kb.Draw(dst)
	}
}

// Animating keeps the caret blinking.
func (s *entry) Animating() bool { return true }
