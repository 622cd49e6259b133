package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// settingsScene lets the player set sound, animation speed, reduced motion, hints and language.
type settingsScene struct {
	base
	back   Scene
	bar    ui.Rect
	panel  ui.Rect
	view   ui.Rect // the part of the panel the rows scroll in
	labels []rowLabel
	scroll float64
	height float64 // of all the rows

	labelW   float64 // the labels' column
	isNarrow bool    // each label stands over its buttons
}

type rowLabel struct {
	text string
	y, h float64
}

func newSettingsScene(m *Manager, back Scene) *settingsScene {
	s := &settingsScene{base: base{m: m}, back: back}
	s.build()
	return s
}

func (s *settingsScene) Name() string { return "settings" }

// build makes the buttons from the current settings.
func (s *settingsScene) build() {
	st := s.m.settings
	focus := ""
	if b := s.menu.Focused(); b != nil {
		focus = b.ID
	}
	s.menu.Buttons = s.menu.Buttons[:0]
	on, off := lang.T("settings.on"), lang.T("settings.off")
	s.menu.Add(&ui.Button{ID: "sound-on", Label: on, Icon: ui.IconSound, Selected: !st.Muted})
	s.menu.Add(&ui.Button{ID: "sound-off", Label: off, Icon: ui.IconMute, Selected: st.Muted})
	s.menu.Add(&ui.Button{ID: "volume-down", Icon: ui.IconMinus, Disabled: st.Volume <= 0})
	s.menu.Add(&ui.Button{ID: "volume-up", Icon: ui.IconPlus, Disabled: st.Volume >= 1})
	for sp := Slow; sp <= Instant; sp++ {
		s.menu.Add(&ui.Button{ID: "speed-" + sp.String(), Label: sp.Label(), Selected: st.Speed == sp})
	}
	s.menu.Add(&ui.Button{ID: "reduced-on", Label: on, Selected: st.Reduced})
	s.menu.Add(&ui.Button{ID: "reduced-off", Label: off, Selected: !st.Reduced})
	s.menu.Add(&ui.Button{ID: "hints-on", Label: on, Selected: st.Hints})
	s.menu.Add(&ui.Button{ID: "hints-off", Label: off, Selected: !st.Hints})
	s.menu.Add(&ui.Button{ID: "text-normal", Label: lang.T("settings.text.normal"), Selected: !st.Large})
	s.menu.Add(&ui.Button{ID: "text-large", Label: lang.T("settings.text.large"), Selected: st.Large})
	// Each language is offered in its own name, so that a player lost in another one finds it.
	for _, l := range lang.All {
		s.menu.Add(&ui.Button{ID: "lang-" + string(l.Code), Label: l.Name, Selected: st.Lang == string(l.Code)})
	}
	if !isBrowser {
		// The match server of Play online (a browser plays on its page's own).
		label := lang.T("settings.server.none")
		if st.Server != "" {
			label = shortServer(st.Server)
		}
		s.menu.Add(&ui.Button{ID: "server", Label: label})
	}
	s.menu.Add(&ui.Button{ID: "back", Label: lang.T("back"), Icon: ui.IconBack, Look: ui.Quiet})
	s.menu.Focus = -1
	if focus == "" {
		focus = "sound-on"
	}
	s.menu.FocusID(focus)
	s.menu.Fix()
	if s.mt.Unit > 0 {
		s.Layout(s.mt)
	}
}

// settingsRows are the settings' rows: a label's catalogue key and the buttons on it.
var settingsRows = []struct {
	label string
	ids   []string
}{
	{"settings.sound", []string{"sound-on", "sound-off"}},
	{"settings.volume", []string{"volume-down", "volume-up"}},
	{"settings.speed", []string{"speed-Slow", "speed-Normal", "speed-Fast", "speed-Instant"}},
	{"settings.reduced", []string{"reduced-on", "reduced-off"}},
	{"settings.hints", []string{"hints-on", "hints-off"}},
	{"settings.textsize", []string{"text-normal", "text-large"}},
	{"settings.language", []string{"lang-en", "lang-fr", "lang-ar"}},
}

func init() {
	if !isBrowser {
		settingsRows = append(settingsRows, struct {
			label string
			ids   []string
		}{"settings.server", []string{"server"}})
	}
}

func (s *settingsScene) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	w := math.Min(rest.W, mt.Pt(720))
	// The labels' column is as wide as the longest label in this language and size; where
	// it leaves too little room for four buttons, each label stands over its buttons.
	s.labelW = 0
	for _, row := range settingsRows {
		s.labelW = math.Max(s.labelW, mt.Measure(ui.BodyBold, lang.T(row.label)))
	}
	s.labelW = math.Max(mt.Pt(190), s.labelW+mt.Pt(20))
	s.isNarrow = w < mt.Pt(600) || w-mt.Pt(40)-s.labelW < 4*mt.Pt(80)+3*mt.Pt(8)
	rowH := s.rowH()
	// A row whose choices' words do not fit side by side (four speeds on a phone, in French
	// or in large text) puts them in two lines of two.
	twoLines := func(ids []string, w float64) bool {
		if len(ids) < 4 {
			return false
		}
		colW := (w - 3*mt.Pt(8)) / 4
		for _, id := range ids {
			if mt.Measure(ui.SmallBold, s.menu.Get(id).Label)+mt.Pt(20) > colW {
				return true
			}
		}
		return false
	}
	areaW := w - mt.Pt(40) // the choices' width: the panel's, inset, less the labels' column
	if !s.isNarrow {
		areaW -= s.labelW
	}
	s.height = 0
	for _, row := range settingsRows {
		s.height += rowH
		if twoLines(row.ids, areaW) {
			s.height += mt.Pt(52)
		}
	}
	h := math.Min(rest.H-mt.Pt(4), s.height+mt.Pt(40))
	s.panel = ui.Rect{X: rest.CX() - w/2, Y: rest.Y + mt.Pt(4), W: w, H: h}
	s.view = s.panel.Inset(mt.Pt(20))
	s.scroll = math.Max(0, math.Min(s.scroll, s.height-s.view.H))
	in := s.view
	s.labels = s.labels[:0]
	y := in.Y - s.scroll
	for _, row := range settingsRows {
		area := ui.Rect{X: in.X + s.labelW, Y: y + (rowH-mt.Pt(44))/2, W: in.W - s.labelW, H: mt.Pt(44)}
		if s.isNarrow {
			area = ui.Rect{X: in.X, Y: y + mt.LineHeight(ui.BodyBold) + mt.Pt(8), W: in.W, H: mt.Pt(44)}
		}
		rh := rowH
		if twoLines(row.ids, area.W) {
			rh += mt.Pt(52)
			top, bottom := ui.Rect{X: area.X, Y: area.Y, W: area.W, H: area.H}, ui.Rect{X: area.X, Y: area.Y + mt.Pt(52), W: area.W, H: area.H}
			cols := append(top.Columns(2, mt.Pt(8)), bottom.Columns(2, mt.Pt(8))...)
			for i, id := range row.ids {
				s.menu.Get(id).Rect = mt.Flip(cols[i], in)
			}
			s.labels = append(s.labels, rowLabel{lang.T(row.label), y, rh})
			y += rh
			continue
		}
		s.labels = append(s.labels, rowLabel{lang.T(row.label), y, rh})
		// Right to left, the label stands at the right and the choices read from the right
		// (the volume's minus too: its bar fills from the right).
		if row.label == "settings.volume" {
			// minus, the bar, plus
			bw := mt.Pt(52)
			s.menu.Get("volume-down").Rect = mt.Flip(ui.Rect{X: area.X, Y: area.Y, W: bw, H: area.H}, in)
			s.menu.Get("volume-up").Rect = mt.Flip(ui.Rect{X: area.Right() - bw, Y: area.Y, W: bw, H: area.H}, in)
		} else {
			cols := area.Columns(len(row.ids), mt.Pt(8))
			for i, id := range row.ids {
				s.menu.Get(id).Rect = mt.Flip(cols[i], in)
			}
		}
		y += rowH
	}
	// Rows scrolled out of the panel cannot be tapped; the back button always can.
	s.hits.Reset()
	for _, b := range s.menu.Buttons {
		if b.ID == "back" || (b.Rect.Bottom() > s.view.Y && b.Rect.Y < s.view.Bottom()) {
			s.hits.AddRect(b.Rect, b.Target())
		}
	}
}

func (s *settingsScene) rowH() float64 {
	if s.isNarrow {
		return math.Max(s.mt.Pt(98), s.mt.LineHeight(ui.BodyBold)+s.mt.Pt(74))
	}
	return math.Max(s.mt.Pt(64), s.mt.LineHeight(ui.BodyBold)+s.mt.Pt(16))
}

// scrollBy scrolls the rows, within their height.
func (s *settingsScene) scrollBy(d float64) {
	v := math.Max(0, math.Min(s.scroll+d, s.height-s.view.H))
	if v != s.scroll {
		s.scroll = v
		s.Layout(s.mt)
	}
}

// reveal scrolls the focused button into view.
func (s *settingsScene) reveal() {
	b := s.menu.Focused()
	if b == nil || b.ID == "back" {
		return
	}
	switch {
	case b.Rect.Y < s.view.Y:
		s.scrollBy(b.Rect.Y - s.view.Y - s.mt.Pt(30))
	case b.Rect.Bottom() > s.view.Bottom():
		s.scrollBy(b.Rect.Bottom() - s.view.Bottom() + s.mt.Pt(8))
	}
}

func (s *settingsScene) Update(in []ui.Intent) {
	for _, it := range in {
		if it.Kind == ui.Back {
			s.m.Goto(s.back)
			return
		}
		if it.Kind == ui.Scroll {
			if !math.IsInf(it.Scroll, 0) {
				s.scrollBy(it.Scroll)
			} else {
				s.scrollBy(math.Copysign(1e9, it.Scroll))
			}
			continue
		}
		id := s.menu.Handle(it)
		if it.Kind == ui.Next || it.Kind == ui.Prev || it.Kind == ui.Move {
			s.reveal()
		}
		if id == "" {
			continue
		}
		if id == "back" {
			click()
			s.m.Goto(s.back)
			return
		}
		if id == "server" {
			click()
			e := newEntry(s.m, entryServer, "")
			e.from = s
			s.m.Goto(e)
			return
		}
		st := s.m.settings
		switch id {
		case "sound-on":
			st.Muted = false
		case "sound-off":
			st.Muted = true
		case "volume-down":
			st.Volume = math.Max(0, math.Round((st.Volume-0.1)*10)/10)
		case "volume-up":
			st.Volume = math.Min(1, math.Round((st.Volume+0.1)*10)/10)
		case "reduced-on":
			st.Reduced = true
		case "reduced-off":
			st.Reduced = false
		case "hints-on":
			st.Hints = true
		case "hints-off":
			st.Hints = false
		case "text-normal":
			st.Large = false
		case "text-large":
			st.Large = true
		default:
			for sp := Slow; sp <= Instant; sp++ {
				if id == "speed-"+sp.String() {
					st.Speed = sp
				}
			}
			for _, l := range lang.All {
				if id == "lang-"+string(l.Code) {
					st.Lang = string(l.Code)
				}
			}
		}
		relabelBack := st.Lang != s.m.settings.Lang
		s.m.setSettings(st)
		if relabelBack {
			// The scene to go back to was made in the old language: make it again.
			s.back = relabel(s.back)
		}
		click()
		s.build()
	}
}

func (s *settingsScene) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawHeader(dst, s.bar, lang.T("menu.settings"), "")
	ui.Panel(dst, mt, s.panel)
	clip := ui.ScrollClip(dst, s.panel.Inset(mt.Pt(6)))
	in := s.view
	for i, l := range s.labels {
		y := l.y + (l.h-mt.LineHeight(ui.BodyBold))/2
		if s.isNarrow {
			y = l.y
		}
		mt.TextStart(clip, l.text, ui.BodyBold, in, y, sprites.Ink)
		if i > 0 {
			ui.Fill(clip, ui.Rect{X: in.X, Y: l.y - mt.Pt(1), W: in.W, H: mt.Pt(1)}, 0, 0, sprites.Fade(sprites.DeepSand, 0.5))
		}
	}
	// The volume bar between its buttons.
	down, up := s.menu.Get("volume-down").Rect, s.menu.Get("volume-up").Rect
	lo, hi := down, up
	if mt.RTL {
		lo, hi = up, down
	}
	bar := ui.Rect{X: lo.Right() + mt.Pt(14), Y: down.CY() - mt.Pt(6), W: hi.X - lo.Right() - mt.Pt(28), H: mt.Pt(12)}
	ui.Fill(clip, bar, bar.H/2, 0, sprites.Fade(sprites.DeepSand, 0.6))
	v := s.m.settings.Volume
	fill := sprites.Terracotta
	if s.m.settings.Muted {
		fill = sprites.Mix(sprites.DeepSand, sprites.Ink, 0.2)
	}
	if v > 0 {
		fw := math.Max(bar.H, bar.W*v)
		fx := bar.X
		if mt.RTL {
			fx = bar.Right() - fw
		}
		ui.Fill(clip, ui.Rect{X: fx, Y: bar.Y, W: fw, H: bar.H}, bar.H/2, 0, fill)
	}
	label := lang.T("settings.volume.value", int(math.Round(v*100)))
	if s.m.settings.Muted || audio.Muted() {
		label = lang.T("settings.volume.muted", int(math.Round(v*100)))
	}
	mt.Text(clip, label, ui.Small, bar.CX(), bar.Y-mt.LineHeight(ui.Small)-mt.Pt(1), ui.Center, sprites.Wood)
	// The rows' buttons are clipped to the panel; Back is drawn on the whole screen.
	rows := ui.Menu{Buttons: s.menu.Buttons[:len(s.menu.Buttons)-1], Focus: s.menu.Focus, Hover: s.menu.Hover, Pressed: s.menu.Pressed}
	rows.Draw(clip, mt)
	back := ui.Menu{Buttons: s.menu.Buttons[len(s.menu.Buttons)-1:], Focus: s.menu.Focus - (len(s.menu.Buttons) - 1), Hover: s.menu.Hover, Pressed: s.menu.Pressed}
	back.Draw(dst, mt)
	if s.height > s.view.H {
		f := s.view
		h := f.H * f.H / s.height
		y := f.Y + (f.H-h)*s.scroll/math.Max(1, s.height-f.H)
		sx := s.panel.Right() - mt.Pt(10)
		if mt.RTL {
			sx = s.panel.X + mt.Pt(6)
		}
		ui.Fill(dst, ui.Rect{X: sx, Y: y, W: mt.Pt(4), H: h}, mt.Pt(2), 0, sprites.Fade(sprites.Wood, 0.6))
	}
}

// relabel makes sc again in the current language where its words were fixed when it was made
// (the title's and the pause card's buttons); other scenes take their words as they draw.
func relabel(sc Scene) Scene {
	switch s := sc.(type) {
	case *title:
		return newTitle(s.m)
	case *pause:
		return newPause(s.m, s.under)
	}
	return sc
}
