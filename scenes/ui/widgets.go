package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/sprites"
)

// Look is how a button is drawn.
type Look uint8

const (
	// Plain: chalk on a light ground, for most choices.
	Plain Look = iota
	// Primary: the one thing to do next, terracotta.
	Primary
	// Quiet: no fill until hovered, for secondary actions on panels.
	Quiet
	// Dark: chalk text on dark wood, for buttons on the side panel.
	Dark
)

// Icon is a small drawn symbol on a button.
type Icon uint8

const (
	NoIcon Icon = iota
	IconBack
	IconPause
	IconUndo
	IconHint
	IconGear
	IconBook
	IconPlay
	IconSticks
	IconSound
	IconMute
	IconMinus
	IconPlus
	IconSpeech // a speech bubble: the emotes of an online match
)

// Button is a focusable, tappable control.
type Button struct {
	ID       string
	Label    string
	Sub      string // a second, smaller line
	Icon     Icon
	Look     Look
	Rect     Rect
	Disabled bool
	Selected bool // a chosen option among several (segmented choices)
	Swatch   *sprites.PlayerColor
	Hidden   bool
	// Draw, if set, draws the button's face instead of the label (cards).
	Draw func(dst *ebiten.Image, m Metrics, b *Button, hot bool)

	// rowStyle is the label style Menu.Draw chose for the button's whole row (when rowSet).
	rowStyle Style
	rowSet   bool
}

// Target is the hit target of the button.
func (b *Button) Target() Target { return Target{Kind: "button", ID: b.ID} }

// Menu is a set of buttons with one focus: it turns intents into "button X was activated".
type Menu struct {
	Buttons []*Button
	Focus   int // index into Buttons; the focus ring is drawn around it
	Hover   string
	Pressed string
}

// Add appends a button and returns it.
func (mn *Menu) Add(b *Button) *Button {
	mn.Buttons = append(mn.Buttons, b)
	return b
}

// Get is the button with id, or nil.
func (mn *Menu) Get(id string) *Button {
	for _, b := range mn.Buttons {
		if b.ID == id {
			return b
		}
	}
	return nil
}

// Focused is the focused button, or nil.
func (mn *Menu) Focused() *Button {
	if mn.Focus >= 0 && mn.Focus < len(mn.Buttons) {
		return mn.Buttons[mn.Focus]
	}
	return nil
}

// FocusID moves the focus to the button with id, if there is one that can take it.
func (mn *Menu) FocusID(id string) {
	for i, b := range mn.Buttons {
		if b.ID == id && mn.usable(b) {
			mn.Focus = i
			return
		}
	}
}

func (mn *Menu) usable(b *Button) bool { return !b.Hidden && !b.Disabled }

// Fix keeps the focus on a usable button after buttons changed.
func (mn *Menu) Fix() {
	if mn.Focus >= len(mn.Buttons) {
		mn.Focus = len(mn.Buttons) - 1
	}
	if mn.Focus < 0 {
		mn.Focus = 0
	}
	if b := mn.Focused(); b != nil && !mn.usable(b) {
		mn.step(1)
	}
}

// AddHits adds every visible button's area to h.
func (mn *Menu) AddHits(h *HitMap) {
	for _, b := range mn.Buttons {
		if !b.Hidden {
			h.AddRect(b.Rect, b.Target())
		}
	}
}

func (mn *Menu) step(d int) {
	n := len(mn.Buttons)
	for k := 1; k <= n; k++ {
		i := ((mn.Focus+d*k)%n + n) % n
		if mn.usable(mn.Buttons[i]) {
			mn.Focus = i
			return
		}
	}
}

// move goes to the nearest usable button in direction (dx, dy); where there is none, it
// wraps in reading order.
func (mn *Menu) move(dx, dy int) {
	cur := mn.Focused()
	if cur == nil {
		mn.step(1)
		return
	}
	best, bestScore := -1, math.Inf(1)
	cx, cy := cur.Rect.CX(), cur.Rect.CY()
	for i, b := range mn.Buttons {
		if i == mn.Focus || !mn.usable(b) {
			continue
		}
		ddx, ddy := b.Rect.CX()-cx, b.Rect.CY()-cy
		along := ddx*float64(dx) + ddy*float64(dy)
		if along <= 1 {
			continue
		}
		across := math.Abs(ddx*float64(dy)) + math.Abs(ddy*float64(dx))
		if score := along + 2.5*across; score < bestScore {
			best, bestScore = i, score
		}
	}
	if best >= 0 {
		mn.Focus = best
		return
	}
	mn.step(dx + dy)
}

// Handle applies one intent to the menu. It returns the ID of the button activated (by enter,
// space or a tap), or "" if none was.
func (mn *Menu) Handle(in Intent) string {
	switch in.Kind {
	case Next:
		mn.step(1)
	case Prev:
		mn.step(-1)
	case Move:
		mn.move(in.DX, in.DY)
	case Activate:
		if b := mn.Focused(); b != nil && mn.usable(b) {
			return b.ID
		}
	case Tap:
		mn.Pressed = ""
		if in.Target.Kind != "button" {
			return ""
		}
		for i, b := range mn.Buttons {
			if b.ID == in.Target.ID && mn.usable(b) {
				mn.Focus = i
				return b.ID
			}
		}
	case Point:
		mn.Hover, mn.Pressed = "", ""
		if in.Target.Kind == "button" {
			mn.Hover = in.Target.ID
			if in.Down {
				mn.Pressed = in.Target.ID
			}
		}
	}
	return ""
}

// Draw draws every visible button and the focus ring. The buttons of one row (the same top
// and height) share one label size: the largest at which every label of the row fits, so a
// row never shows one button in a smaller type than its neighbours.
func (mn *Menu) Draw(dst *ebiten.Image, m Metrics) {
	type row struct{ y, h float64 }
	small := map[row]bool{}
	for _, b := range mn.Buttons {
		if !b.Hidden && b.Draw == nil && m.labelNeedsSmall(b) {
			small[row{math.Round(b.Rect.Y), math.Round(b.Rect.H)}] = true
		}
	}
	for _, b := range mn.Buttons {
		b.rowSet, b.rowStyle = true, BodyBold
		if small[row{math.Round(b.Rect.Y), math.Round(b.Rect.H)}] {
			b.rowStyle = SmallBold
		}
	}
	for i, b := range mn.Buttons {
		if b.Hidden {
			continue
		}
		hot := b.ID == mn.Hover
		if b.Draw != nil {
			if BoxDrawn != nil {
				BoxDrawn(Box{R: b.Rect, Clip: clipOf(dst)})
			}
			b.Draw(dst, m, b, hot)
		} else {
			DrawButton(dst, m, b, hot, b.ID == mn.Pressed)
		}
		if i == mn.Focus && !b.Disabled {
			FocusRing(dst, m, b.Rect)
		}
	}
}

// FocusRing draws the saffron ring around r: the keyboard focus, always visible.
func FocusRing(dst *ebiten.Image, m Metrics, r Rect) {
	rr := r.Inset(-m.RingOut())
	if BoxDrawn != nil {
		BoxDrawn(Box{R: rr, Ring: true, Clip: clipOf(dst)})
	}
	// From the cache of painted faces, like the buttons: a stroked path every frame is dear.
	drawFace(dst, faceKey{w: rr.W, h: rr.H, rad: m.Pt(14), fx: rr.X - math.Floor(rr.X), fy: rr.Y - math.Floor(rr.Y),
		edgeW: m.Pt(3.5), edge: sprites.Saffron, ring: true}, rr.X, rr.Y)
}

// RingOut is how far the focus ring reaches outside the widget it surrounds: what is laid
// next to a focusable widget keeps that far from it.
func (m Metrics) RingOut() float64 { return m.Pt(4) }

// DrawButton draws a standard button.
func DrawButton(dst *ebiten.Image, m Metrics, b *Button, hot, pressed bool) {
	r := b.Rect
	rad := math.Min(m.Pt(12), r.H/2)
	var fill, ink, edge color.RGBA
	switch {
	case b.Selected:
		fill, ink, edge = sprites.Indigo, sprites.Chalk, sprites.Mix(sprites.Indigo, sprites.Ink, 0.4)
	case b.Look == Primary:
		fill, ink, edge = sprites.Terracotta, sprites.Chalk, sprites.Mix(sprites.Terracotta, sprites.Ink, 0.4)
	case b.Look == Dark:
		fill, ink, edge = sprites.Mix(sprites.DarkWood, sprites.Ink, 0.2), sprites.Chalk, sprites.Mix(sprites.DarkWood, sprites.Sand, 0.25)
	case b.Look == Quiet:
		fill, ink, edge = color.RGBA{}, sprites.Ink, color.RGBA{}
	default:
		fill, ink, edge = sprites.Chalk, sprites.Ink, sprites.DeepSand
	}
	if hot && !b.Disabled {
		if b.Look == Quiet && !b.Selected {
			fill = sprites.Fade(sprites.DeepSand, 0.35)
		} else {
			fill = sprites.Mix(fill, sprites.Chalk, 0.15)
		}
	}
	if pressed && !b.Disabled {
		fill = sprites.Mix(fill, sprites.Ink, 0.15)
	}
	if b.Disabled {
		fill = sprites.Mix(fill, sprites.DeepSand, 0.5)
		ink = sprites.Mix(ink, sprites.DeepSand, 0.6)
	}
	// The face (shadow, fill, outline, icon) comes from the cache of painted faces: its
	// rounded paths cost more to build every frame than all the rest of a frame's drawing.
	face := faceKey{w: r.W, h: r.H, rad: rad, fx: r.X - math.Floor(r.X), fy: r.Y - math.Floor(r.Y),
		lift: m.Pt(2), edgeW: m.Pt(1), fill: fill, edge: edge, shadow: b.Look != Quiet && !b.Disabled && !pressed}
	y := r.Y
	if pressed {
		face.press = m.Pt(1)
		y += face.press
	}
	inner := Rect{r.X, y, r.W, r.H}
	// Contents: swatch, icon, label (and sub-label) centred together.
	st := BodyBold
	lw := m.Measure(st, b.Label)
	iconW := 0.0
	if b.Icon != NoIcon {
		iconW = m.Pt(22)
		if b.Label != "" {
			iconW += m.Pt(8)
		}
	}
	if b.Swatch != nil {
		iconW = m.Pt(30)
	}
	maxW := inner.W - m.Pt(20) - iconW
	label := ""
	var lines []string // a label that takes two lines
	if b.Label != "" && maxW > 0 {
		switch {
		case b.rowSet:
			st = b.rowStyle
		case m.labelNeedsSmall(b):
			// A narrow button gets the smaller type before its label is cut.
			st = SmallBold
		}
		lw = m.Measure(st, b.Label)
		label = b.Label
		if lw > maxW {
			// Still too long: two lines where the button is tall enough, else cut.
			if w := m.Wrap(b.Label, st, maxW); len(w) == 2 && b.Sub == "" && 2*m.LineHeight(st) <= inner.H && m.Measure(st, w[0]) <= maxW && m.Measure(st, w[1]) <= maxW {
				lines = w
				lw = math.Max(m.Measure(st, w[0]), m.Measure(st, w[1]))
			} else {
				label = m.Ellipsize(b.Label, st, maxW)
			}
		}
	}
	if BoxDrawn != nil {
		BoxDrawn(Box{R: r, Label: st, Labelled: b.Label != "", Clip: clipOf(dst)})
	}
	lw = math.Max(0, math.Min(lw, maxW))
	// The text block is as wide as its wider line: the label, or the sub-label under it.
	sub, bw := "", lw
	if b.Sub != "" {
		sub = m.Ellipsize(b.Sub, Small, maxW)
		bw = math.Max(lw, math.Min(m.Measure(Small, sub), maxW))
	}
	x := inner.CX() - (bw+iconW)/2
	// The icon leads the label: at its left, or at its right in a right-to-left layout.
	ix := x + m.Pt(11)
	if m.RTL {
		ix = x + bw + iconW - m.Pt(11)
	} else {
		x += iconW
	}
	if b.Swatch == nil && b.Icon != NoIcon {
		face.icon, face.ink, face.rtl = b.Icon, ink, m.RTL
		face.ix, face.iy, face.ir = ix-math.Floor(r.X), inner.CY()-math.Floor(r.Y), m.Pt(10)
	}
	drawFace(dst, face, r.X, r.Y)
	if b.Swatch != nil {
		sprites.DrawPiece(dst, *b.Swatch, ix, inner.CY(), m.Pt(11), 0)
	}
	if b.Sub != "" {
		top := inner.CY() - (m.LineHeight(st)+m.LineHeight(Small))/2
		m.Text(dst, label, st, x+bw/2, top, Center, ink)
		m.Text(dst, sub, Small, x+bw/2, top+m.LineHeight(st), Center, sprites.Mix(ink, fill, 0.3))
		return
	}
	if lines != nil {
		for i, l := range lines {
			m.Text(dst, l, st, x+bw/2, inner.CY()-m.LineHeight(st)+float64(i)*m.LineHeight(st), Center, ink)
		}
		return
	}
	m.Text(dst, label, st, x, inner.CY()-m.LineHeight(st)/2, Start, ink)
}

// labelNeedsSmall reports whether b's label is too wide for b in the body type.
func (m Metrics) labelNeedsSmall(b *Button) bool {
	if b.Label == "" {
		return false
	}
	iconW := 0.0
	if b.Icon != NoIcon {
		iconW = m.Pt(30)
	}
	if b.Swatch != nil {
		iconW = m.Pt(30)
	}
	return m.Measure(BodyBold, b.Label) > b.Rect.W-m.Pt(20)-iconW
}

// DrawIcon draws icon ic centred on (cx, cy) in a circle of radius r.
func DrawIcon(dst *ebiten.Image, ic Icon, cx, cy, r float64, c color.Color) {
	drawIcon(dst, ic, cx, cy, r, c, false)
}

// drawIcon is DrawIcon, with the icons that point along the reading direction (back, undo)
// mirrored for a right-to-left reader when rtl is set.
func drawIcon(dst *ebiten.Image, ic Icon, cx, cy, r float64, c color.Color, rtl bool) {
	w := math.Max(1.5, r*0.22)
	sx := 1.0
	if rtl && (ic == IconBack || ic == IconUndo) {
		sx = -1
	}
	P := func(x, y float64) sprites.Pt { return sprites.Pt{X: cx + sx*x*r, Y: cy + y*r} }
	switch ic {
	case IconBack:
		sprites.Line(dst, P(-0.7, 0), P(0.7, 0), w, c)
		sprites.Line(dst, P(-0.7, 0), P(-0.2, -0.5), w, c)
		sprites.Line(dst, P(-0.7, 0), P(-0.2, 0.5), w, c)
	case IconPause:
		sprites.Fill(dst, sprites.RoundRect(cx-r*0.55, cy-r*0.65, r*0.38, r*1.3, r*0.08), c)
		sprites.Fill(dst, sprites.RoundRect(cx+r*0.17, cy-r*0.65, r*0.38, r*1.3, r*0.08), c)
	case IconPlay:
		sprites.Fill(dst, sprites.Polygon([]sprites.Pt{P(-0.45, -0.7), P(0.7, 0), P(-0.45, 0.7)}), c)
	case IconUndo:
		var pts []sprites.Pt
		for i := 0; i <= 10; i++ {
			a := -math.Pi*0.95 + math.Pi*1.3*float64(i)/10
			pts = append(pts, P(0.1+0.55*math.Cos(a), 0.1+0.55*math.Sin(a)))
		}
		for i := 1; i < len(pts); i++ {
			sprites.Line(dst, pts[i-1], pts[i], w, c)
		}
		sprites.Fill(dst, sprites.Polygon([]sprites.Pt{P(-0.8, -0.3), P(-0.2, -0.25), P(-0.6, 0.25)}), c)
	case IconHint:
		sprites.Ring(dst, cx, cy-r*0.2, r*0.5, w, c)
		sprites.Line(dst, P(-0.22, 0.55), P(0.22, 0.55), w, c)
		sprites.Line(dst, P(-0.15, 0.8), P(0.15, 0.8), w, c)
	case IconGear:
		for i := 0; i < 8; i++ {
			a := float64(i) * math.Pi / 4
			sprites.Line(dst, P(0.5*math.Cos(a), 0.5*math.Sin(a)), P(0.85*math.Cos(a), 0.85*math.Sin(a)), w*1.5, c)
		}
		sprites.Ring(dst, cx, cy, r*0.5, w*1.3, c)
	case IconBook:
		sprites.Stroke(dst, sprites.Polygon([]sprites.Pt{P(0, -0.5), P(-0.8, -0.7), P(-0.8, 0.6), P(0, 0.8)}), w, c)
		sprites.Stroke(dst, sprites.Polygon([]sprites.Pt{P(0, -0.5), P(0.8, -0.7), P(0.8, 0.6), P(0, 0.8)}), w, c)
	case IconSticks:
		for _, x := range []float64{-0.5, -0.17, 0.17, 0.5} {
			sprites.Line(dst, P(x-0.1, -0.75), P(x+0.1, 0.75), w*1.4, c)
		}
	case IconSound, IconMute:
		sprites.Fill(dst, sprites.Polygon([]sprites.Pt{P(-0.8, -0.3), P(-0.4, -0.3), P(0.05, -0.75), P(0.05, 0.75), P(-0.4, 0.3), P(-0.8, 0.3)}), c)
		if ic == IconSound {
			for _, k := range []float64{0.4, 0.75} {
				var pts []sprites.Pt
				for i := 0; i <= 6; i++ {
					a := -0.8 + 1.6*float64(i)/6
					pts = append(pts, P(0.05+k*math.Cos(a), k*math.Sin(a)))
				}
				for i := 1; i < len(pts); i++ {
					sprites.Line(dst, pts[i-1], pts[i], w, c)
				}
			}
		} else {
			sprites.Line(dst, P(0.3, -0.35), P(0.9, 0.35), w, c)
			sprites.Line(dst, P(0.3, 0.35), P(0.9, -0.35), w, c)
		}
	case IconMinus:
		sprites.Line(dst, P(-0.6, 0), P(0.6, 0), w*1.2, c)
	case IconPlus:
		sprites.Line(dst, P(-0.6, 0), P(0.6, 0), w*1.2, c)
		sprites.Line(dst, P(0, -0.6), P(0, 0.6), w*1.2, c)
	case IconSpeech:
		sprites.Stroke(dst, sprites.Polygon([]sprites.Pt{P(-0.8, -0.65), P(0.8, -0.65), P(0.8, 0.35), P(-0.1, 0.35), P(-0.5, 0.8), P(-0.45, 0.35), P(-0.8, 0.35)}), w, c)
		for _, x := range []float64{-0.4, 0, 0.4} {
			sprites.Line(dst, P(x-0.04, -0.15), P(x+0.04, -0.15), w*1.4, c)
		}
	}
}

// Popup draws a panel over what is drawn so far (a menu opened over the board): what lies
// under it is covered, as by Veil, so it tells Veiled too.
func Popup(dst *ebiten.Image, m Metrics, r Rect) {
	if Veiled != nil {
		Veiled()
	}
	Panel(dst, m, r)
}

// Panel draws a card of chalk paper with a soft shadow. It is painted once, in bands, into a
// picture and then copied: the menus draw it every frame, and five card-sized paths filled onto
// the screen each frame cost the frame their stencil passes and grew the vector package's
// stencil image to 23 MB (sprites.PaintInBands).
//
// The picture is of a smaller card, as small as its rounded corners and shadow allow, stretched
// to the card's size as it is copied: between the corners every row of a panel is alike, and
// every column, so the copy is the card drawn in place, pixel for pixel. A card's own picture
// would take a texture of up to 8 MB (a 1,281×801 card is a 2,048×1,024 texture), and the
// replays and menus hold nine cards at a time, a fifth of all the pictures' memory
// (BENCHMARKS.md, "Memory over a long session"); a small card's is some 100×100 pixels.
func Panel(dst *ebiten.Image, m Metrics, r Rect) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	p := panelGeometry(m, r)
	img := Pictures.Get(p.key, p.pw, p.ph, func(img *ebiten.Image) {
		paintPanel(img, m, p.key.x, p.key.y, p.key.w, p.key.h)
	})
	// Three spans of the picture's columns, and of its rows: up to the stretch, the one column
	// (row) stretched, and the rest, moved along by the stretch.
	type span struct {
		from, to  int
		at, scale float64
	}
	spans := func(c, k, n int) [3]span {
		return [3]span{{0, c, 0, 1}, {c, c + 1, float64(c), float64(k + 1)}, {c + 1, n, float64(c + 1 + k), 1}}
	}
	op := &ebiten.DrawImageOptions{}
	for _, sy := range spans(p.cy, p.ky, p.ph) {
		for _, sx := range spans(p.cx, p.kx, p.pw) {
			if sx.from >= sx.to || sy.from >= sy.to {
				continue
			}
			op.GeoM.Reset()
			op.GeoM.Scale(sx.scale, sy.scale)
			op.GeoM.Translate(p.x0+sx.at, p.y0+sy.at)
			dst.DrawImage(img.SubImage(image.Rect(sx.from, sy.from, sx.to, sy.to)).(*ebiten.Image), op)
		}
	}
}

// panelShape is how a panel is copied from its picture (Panel).
type panelShape struct {
	key    panelKey // the small card painted
	pw, ph int      // its picture's size
	x0, y0 float64  // where the picture's corner lies on the screen
	cx, cy int      // the picture's column and row stretched
	kx, ky int      // by how many pixels: the card's width less the small card's (height)
}

// panelGeometry lays out r's panel for Panel: the small card, its picture, the stretch.
func panelGeometry(m Metrics, r Rect) panelShape {
	rad, depth, edge := m.Pt(16), m.Pt(8), m.Pt(1)
	// The bounds: the outline outside the edge, the shadow below and to the sides.
	x0, y0 := math.Floor(r.X-edge-depth*0.3-2), math.Floor(r.Y-edge-2)
	// How far in from the card's sides its corners (the shadow's are the largest) and their
	// antialiasing reach: the rows and columns further in are alike. The small card is a whole
	// number of pixels narrower (shorter) than the card, so that its right side (bottom) lies
	// at the same fraction of a pixel, and keeps two alike columns (rows) at least.
	reach := math.Ceil(rad + depth + edge + 2)
	kx, ky := max(0, math.Floor(r.W-2*reach-2)), max(0, math.Floor(r.H-2*reach-2))
	w, h := r.W-kx, r.H-ky
	x, y := r.X-x0, r.Y-y0
	x1, y1 := math.Ceil(r.X+w+edge+depth*0.3+2), math.Ceil(r.Y+h+edge+depth*1.1+2)
	return panelShape{
		key: panelKey{x, y, w, h, m.Unit},
		pw:  int(x1 - x0), ph: int(y1 - y0),
		x0: x0, y0: y0,
		cx: int(math.Floor(x + reach)), cy: int(math.Floor(y + reach)),
		kx: int(kx), ky: int(ky),
	}
}

// paintPanel paints a card of chalk paper, w×h with its corner at (x, y), and its shadow.
func paintPanel(img *ebiten.Image, m Metrics, x, y, w, h float64) {
	rad, depth, edge := m.Pt(16), m.Pt(8), m.Pt(1)
	sprites.PaintInBands(img, func(dst *ebiten.Image) {
		sprites.Shadow(dst, x, y, w, h, rad, depth)
		sprites.Fill(dst, sprites.RoundRect(x, y, w, h, rad), sprites.Chalk)
		sprites.FrameRoundRect(dst, x, y, w, h, rad, edge, sprites.Mix(sprites.DeepSand, sprites.Chalk, 0.3))
	})
}

// panelKey names a panel's picture in Pictures: the small card's place in the picture (the
// same fraction of a pixel as on the screen, so that the copy is the card drawn in place), its
// size and the unit. Cards whose sizes differ by whole pixels share it.
type panelKey struct{ x, y, w, h, unit float64 }

// WoodPanel draws a panel of dark wood (the play scene's side panel).
// It is painted once for its place and size and then copied: the play scene draws it every
// frame.
func WoodPanel(dst *ebiten.Image, m Metrics, r Rect) {
	key := woodKey{r, m.Unit}
	if wood == nil || woodFor != key {
		if wood != nil {
			sprites.Release(wood)
		}
		rad, depth, grow := m.Pt(16), m.Pt(8), m.Pt(1.5)
		// The bounds: the outline outside the edge, the shadow below and to the sides.
		x0, y0 := math.Floor(r.X-grow-depth*0.3-2), math.Floor(r.Y-grow-2)
		x1, y1 := math.Ceil(r.X+r.W+grow+depth*0.3+2), math.Ceil(r.Y+r.H+grow+depth*1.1+2)
		wood, woodAt, woodFor = sprites.NewImage("wood panel", int(x1-x0), int(y1-y0)), [2]float64{x0, y0}, key
		x, y := r.X-x0, r.Y-y0
		// In bands, as Panel, for the vector package's stencil image.
		sprites.PaintInBands(wood, func(dst *ebiten.Image) {
			sprites.Shadow(dst, x, y, r.W, r.H, rad, depth)
			sprites.FillTexturedAt(dst, sprites.RoundRect(x, y, r.W, r.H, rad), sprites.DarkWoodTexture(), m.Unit, color.RGBA{200, 190, 180, 255}, x0, y0)
			sprites.FrameRoundRect(dst, x, y, r.W, r.H, rad, grow, sprites.Mix(sprites.DarkWood, sprites.Ink, 0.5))
		})
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(woodAt[0], woodAt[1])
	dst.DrawImage(wood, op)
}

type woodKey struct {
	r    Rect
	unit float64
}

var (
	wood    *ebiten.Image
	woodAt  [2]float64
	woodFor woodKey
)

// Backdrop fills the screen with the sand ground of every menu, with a band of tile diamonds
// along the top and bottom. It is painted once per screen size and then copied.
func Backdrop(dst *ebiten.Image, m Metrics) {
	key := backdropKey{m.W, m.H, m.Unit}
	if backdrop == nil || backdropFor != key {
		if backdrop != nil {
			sprites.Release(backdrop)
		}
		backdrop = sprites.NewImage("backdrop", int(math.Ceil(m.W)), int(math.Ceil(m.H)))
		backdropFor = key
		paintBackdrop(backdrop, m)
	}
	dst.DrawImage(backdrop, nil)
}

type backdropKey struct{ w, h, unit float64 }

var (
	backdrop    *ebiten.Image
	backdropFor backdropKey
)

// paintBackdrop paints the sand and the two bands of diamonds. A band's diamonds of one
// colour are filled as one path, not one path each: they do not touch, so every pixel comes
// out the same, and the first frame of the game (the title, over a fresh backdrop) fills 4
// paths here, not 120. Each path filled is a stencil pass in the vector package, and every 64
// fills have Ebitengine wait for the GPU (sprites' queueWork): on a browser without a GPU,
// rasterising on the processor, that wait would be most of the title's first Draw
// (BENCHMARKS.md, "The browser download and the first frame").
func paintBackdrop(dst *ebiten.Image, m Metrics) {
	sprites.FillTexturedRect(dst, 0, 0, m.W, m.H, sprites.SandTexture(), m.Unit*1.5, color.White)
	s := m.Pt(18)
	for _, y := range []float64{m.Pt(6), m.H - m.Pt(6) - s} {
		var indigo, terracotta [][]sprites.Pt
		for x := -s / 2; x < m.W+s; x += s * 1.2 {
			p := &indigo
			if int(math.Round(x/(s*1.2)))%3 == 0 {
				p = &terracotta
			}
			*p = append(*p, []sprites.Pt{{X: x, Y: y + s/2}, {X: x + s/2, Y: y}, {X: x + s, Y: y + s/2}, {X: x + s/2, Y: y + s}})
		}
		sprites.Fill(dst, sprites.Polygons(indigo...), sprites.Fade(sprites.Indigo, 0.55))
		sprites.Fill(dst, sprites.Polygons(terracotta...), sprites.Fade(sprites.Terracotta, 0.55))
	}
}

// clipOf is dst's bounds when dst is a sub-image cut from a larger one (a clip), else empty.
func clipOf(dst *ebiten.Image) image.Rectangle {
	if b := dst.Bounds(); b.Min != (image.Point{}) {
		return b
	}
	return image.Rectangle{}
}
