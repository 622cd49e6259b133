package scenes

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
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
}

type rowLabel struct {
	text string
	y    float64
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
	s.menu.Add(&ui.Button{ID: "sound-on", Label: "On", Icon: ui.IconSound, Selected: !st.Muted})
	s.menu.Add(&ui.Button{ID: "sound-off", Label: "Off", Icon: ui.IconMute, Selected: st.Muted})
	s.menu.Add(&ui.Button{ID: "volume-down", Icon: ui.IconMinus, Disabled: st.Volume <= 0})
	s.menu.Add(&ui.Button{ID: "volume-up", Icon: ui.IconPlus, Disabled: st.Volume >= 1})
	for sp := Slow; sp <= Instant; sp++ {
		s.menu.Add(&ui.Button{ID: "speed-" + sp.String(), Label: sp.String(), Selected: st.Speed == sp})
	}
	s.menu.Add(&ui.Button{ID: "reduced-on", Label: "On", Selected: st.Reduced})
	s.menu.Add(&ui.Button{ID: "reduced-off", Label: "Off", Selected: !st.Reduced})
	s.menu.Add(&ui.Button{ID: "hints-on", Label: "On", Selected: st.Hints})
	s.menu.Add(&ui.Button{ID: "hints-off", Label: "Off", Selected: !st.Hints})
	for _, l := range Languages {
		b := &ui.Button{ID: "lang-" + l.Code, Label: l.Name, Selected: st.Lang == l.Code, Disabled: !available(l.Code)}
		if !available(l.Code) {
			b.Sub = "soon"
		}
		s.menu.Add(b)
	}
	s.menu.Add(&ui.Button{ID: "back", Label: "Back", Icon: ui.IconBack, Look: ui.Quiet})
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

// rows are the settings' rows: a label and the buttons on it.
var settingsRows = []struct {
	label string
	ids   []string
}{
	{"Sound", []string{"sound-on", "sound-off"}},
	{"Volume", []string{"volume-down", "volume-up"}},
	{"Animation speed", []string{"speed-Slow", "speed-Normal", "speed-Fast", "speed-Instant"}},
	{"Reduced motion", []string{"reduced-on", "reduced-off"}},
	{"Move hints", []string{"hints-on", "hints-off"}},
	{"Language", []string{"lang-en", "lang-fr", "lang-ar"}},
}

func (s *settingsScene) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	w := math.Min(rest.W, mt.Pt(720))
	rowH := s.rowH()
	s.height = float64(len(settingsRows)) * rowH
	h := math.Min(rest.H-mt.Pt(4), s.height+mt.Pt(40))
	s.panel = ui.Rect{X: rest.CX() - w/2, Y: rest.Y + mt.Pt(4), W: w, H: h}
	s.view = s.panel.Inset(mt.Pt(20))
	s.scroll = math.Max(0, math.Min(s.scroll, s.height-s.view.H))
	in := s.view
	narrow := s.narrow()
	s.labels = s.labels[:0]
	y := in.Y - s.scroll
	for _, row := range settingsRows {
		s.labels = append(s.labels, rowLabel{row.label, y})
		area := ui.Rect{X: in.X + mt.Pt(190), Y: y + (rowH-mt.Pt(44))/2, W: in.W - mt.Pt(190), H: mt.Pt(44)}
		if narrow {
			area = ui.Rect{X: in.X, Y: y + mt.LineHeight(ui.BodyBold) + mt.Pt(8), W: in.W, H: mt.Pt(44)}
		}
		if row.label == "Volume" {
			// minus, the bar, plus
			bw := mt.Pt(52)
			s.menu.Get("volume-down").Rect = ui.Rect{X: area.X, Y: area.Y, W: bw, H: area.H}
			s.menu.Get("volume-up").Rect = ui.Rect{X: area.Right() - bw, Y: area.Y, W: bw, H: area.H}
		} else {
			cols := area.Columns(len(row.ids), mt.Pt(8))
			for i, id := range row.ids {
				s.menu.Get(id).Rect = cols[i]
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

func (s *settingsScene) narrow() bool {
	return math.Min(s.mt.W-s.mt.Pt(32), s.mt.Pt(720)) < s.mt.Pt(600)
}

func (s *settingsScene) rowH() float64 {
	if s.narrow() {
		return s.mt.Pt(98)
	}
	return s.mt.Pt(64)
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
		default:
			for sp := Slow; sp <= Instant; sp++ {
				if id == "speed-"+sp.String() {
					st.Speed = sp
				}
			}
			for _, l := range Languages {
				if id == "lang-"+l.Code && available(l.Code) {
					st.Lang = l.Code
				}
			}
		}
		s.m.setSettings(st)
		click()
		s.build()
	}
}

func (s *settingsScene) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawHeader(dst, s.bar, "Settings", "")
	ui.Panel(dst, mt, s.panel)
	clip := dst.SubImage(s.panel.Inset(mt.Pt(6)).Image()).(*ebiten.Image)
	in := s.view
	rowH := s.rowH()
	for i, l := range s.labels {
		y := l.y + (rowH-mt.LineHeight(ui.BodyBold))/2
		if s.narrow() {
			y = l.y
		}
		mt.Text(clip, l.text, ui.BodyBold, in.X, y, ui.Start, sprites.Ink)
		if i > 0 {
			sprites.Fill(clip, sprites.RoundRect(in.X, l.y-mt.Pt(1), in.W, mt.Pt(1), 0), sprites.Fade(sprites.DeepSand, 0.5))
		}
	}
	// The volume bar between its buttons.
	down, up := s.menu.Get("volume-down").Rect, s.menu.Get("volume-up").Rect
	bar := ui.Rect{X: down.Right() + mt.Pt(14), Y: down.CY() - mt.Pt(6), W: up.X - down.Right() - mt.Pt(28), H: mt.Pt(12)}
	sprites.Fill(clip, sprites.RoundRect(bar.X, bar.Y, bar.W, bar.H, bar.H/2), sprites.Fade(sprites.DeepSand, 0.6))
	v := s.m.settings.Volume
	fill := sprites.Terracotta
	if s.m.settings.Muted {
		fill = sprites.Mix(sprites.DeepSand, sprites.Ink, 0.2)
	}
	if v > 0 {
		sprites.Fill(clip, sprites.RoundRect(bar.X, bar.Y, math.Max(bar.H, bar.W*v), bar.H, bar.H/2), fill)
	}
	label := fmt.Sprintf("%d%%", int(math.Round(v*100)))
	if s.m.settings.Muted || audio.Muted() {
		label += " (muted)"
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
		sprites.Fill(dst, sprites.RoundRect(s.panel.Right()-mt.Pt(10), y, mt.Pt(4), h, mt.Pt(2)), sprites.Fade(sprites.Wood, 0.6))
	}
}
