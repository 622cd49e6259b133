package scenes

import (
	"image/color"
	"math"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// keyboard is the on-screen keyboard setup shows while a name is typed by touch: ebitenmobile
// gives a phone no soft keyboard of its own, and a touch-only browser may have no keyboard at
// all. Its keys become the same Char, Erase and Activate intents as a physical keyboard's, which
// keeps working beside it. It is a panel across the bottom of the screen, not a scene: the name
// being typed stays in view above it.
type keyboard struct {
	layers []keyLayer
	layer  int
	shift  bool // the next Latin letter is a capital (on at the start of a name and after a space)
	// symbols: the keys are all the field takes (a code's letters and figures, an address):
	// no shift, no space, and no layer key for a single layer.
	symbols bool

	menu  ui.Menu
	panel ui.Rect
	mt    ui.Metrics

	// The keys are drawn once into img (every key is a few vector paths) and copied each frame;
	// only a pressed key is drawn again on top.
	img   *ebiten.Image
	drawn bool
}

// keyLayer is one set of letter rows; rtl lays its rows out from the right.
type keyLayer struct {
	label string // on the key that switches to this layer
	rows  []string
	rtl   bool
}

var (
	// QWERTY for English, AZERTY for French: the layouts their readers' fingers know.
	qwertyLayer = keyLayer{label: "abc", rows: []string{"qwertyuiop", "asdfghjkl'", "zxcvbnm-"}}
	azertyLayer = keyLayer{label: "abc", rows: []string{"azertyuiop", "qsdfghjklm", "wxcvbn'-"}}
	// The accents of French (and of names from elsewhere in Europe), and the digits.
	accentLayer = keyLayer{label: "é 1", rows: []string{"1234567890", "éèêëàâäçîï", "ôöùûüÿœæñ"}}
	// The Arabic letters in the rows of the usual Arabic keyboard, hamza forms on the last.
	arabicLayer = keyLayer{label: "أ ب", rtl: true, rows: []string{"ضصثقفغعهخحج", "شسيبلاتنمكط", "ئءؤرىةوزظدذ", "أإآ"}}
)

// Key IDs other than the letters ("key:x").
const (
	keyShift = "key-shift"
	keyNext  = "key-layer"
	keySpace = "key-space"
	keyErase = "key-erase"
	keyDone  = "key-done"
)

// newKeyboard is a keyboard for language l: Arabic letters first in Arabic, then the Latin
// letters and the accents.
func newKeyboard(l lang.Lang) *keyboard {
	k := &keyboard{shift: true}
	switch l {
	case lang.Arabic:
		k.layers = []keyLayer{arabicLayer, qwertyLayer, accentLayer}
	case lang.French:
		k.layers = []keyLayer{azertyLayer, accentLayer}
	default:
		k.layers = []keyLayer{qwertyLayer, accentLayer}
	}
	k.build()
	return k
}

// build makes the buttons of the current layer (positions come in Layout).
func (k *keyboard) build() {
	k.menu = ui.Menu{Focus: -1}
	ly := k.layers[k.layer]
	for _, row := range ly.rows {
		for _, r := range row {
			k.menu.Add(&ui.Button{ID: "key:" + string(r), Label: k.face(r)})
		}
	}
	if !ly.rtl && !k.symbols {
		k.menu.Add(&ui.Button{ID: keyShift, Look: ui.Dark, Selected: k.shift})
	}
	if len(k.layers) > 1 {
		next := k.layers[(k.layer+1)%len(k.layers)]
		k.menu.Add(&ui.Button{ID: keyNext, Label: next.label, Look: ui.Dark})
	}
	if !k.symbols {
		k.menu.Add(&ui.Button{ID: keySpace, Label: lang.T("keyboard.space")})
	}
	k.menu.Add(&ui.Button{ID: keyErase, Look: ui.Dark})
	k.menu.Add(&ui.Button{ID: keyDone, Label: lang.T("keyboard.done"), Look: ui.Primary})
	k.drawn = false
}

// face is letter r as its key shows it: a capital while shift is on.
func (k *keyboard) face(r rune) string {
	if k.shift {
		return string(unicode.ToUpper(r))
	}
	return string(r)
}

// Height is the panel's height on screen mt: its rows of keys (the most of any layer, so that
// it keeps its height when the layer changes) at up to 46 points, never more than 45% of the
// screen.
func (k *keyboard) Height(mt ui.Metrics) float64 {
	most := 0
	for _, ly := range k.layers {
		most = max(most, len(ly.rows))
	}
	rows := float64(most + 1)
	key := math.Min(mt.Pt(46), (mt.H*0.45-mt.Pt(16))/rows-mt.Pt(6))
	return rows*(key+mt.Pt(6)) + mt.Pt(14)
}

// Layout places the keys in panel, a strip across the bottom of the screen.
func (k *keyboard) Layout(mt ui.Metrics, panel ui.Rect) {
	k.mt, k.panel = mt, panel
	ly := k.layers[k.layer]
	gap := mt.Pt(6)
	rows := len(ly.rows) + 1
	area := panel.Inset(mt.Pt(7))
	keyH := (area.H - float64(rows-1)*gap) / float64(rows)
	// Keys as wide as the longest row allows, up to 64 points: a desktop's keyboard is not a
	// strip across a 4K screen.
	most := 0
	for _, row := range ly.rows {
		most = max(most, len([]rune(row)))
	}
	most = max(most, 10)
	keyW := math.Min(mt.Pt(64), (area.W-float64(most-1)*gap)/float64(most))
	full := float64(most)*keyW + float64(most-1)*gap
	area = area.Centered(full, area.H)
	y := area.Y
	for _, row := range ly.rows {
		n := len([]rune(row))
		x := area.CX() - (float64(n)*keyW+float64(n-1)*gap)/2
		for _, r := range row {
			rect := ui.Rect{X: x, Y: y, W: keyW, H: keyH}
			if ly.rtl {
				rect.X = area.X + area.Right() - rect.Right()
			}
			k.menu.Get("key:" + string(r)).Rect = rect
			x += keyW + gap
		}
		y += keyH + gap
	}
	// The bottom row: shift (Latin letters), the layer switch, space, erase, done; mirrored for
	// a right-to-left reader.
	bottom := ui.Rect{X: area.X, Y: y, W: area.W, H: keyH}
	side := math.Max(keyW*1.5, mt.Measure(ui.BodyBold, lang.T("keyboard.done"))+mt.Pt(24))
	x := bottom.X
	place := func(id string, w float64) {
		if b := k.menu.Get(id); b != nil {
			b.Rect = mt.Flip(ui.Rect{X: x, Y: bottom.Y, W: w, H: keyH}, bottom)
			x += w + gap
		}
	}
	place(keyShift, keyW*1.5)
	place(keyNext, keyW*1.5)
	spaceW := bottom.Right() - x - 2*side - 2*gap
	place(keySpace, spaceW)
	if k.menu.Get(keySpace) == nil {
		x = bottom.Right() - 2*side - gap // no space bar: erase and done keep their corner
	}
	place(keyErase, side)
	place(keyDone, side)
	k.drawn = false
}

// AddHits puts the keys' areas on top of h (and the panel's, so that a tap between two keys
// is not a tap on the form underneath).
func (k *keyboard) AddHits(h *ui.HitMap) {
	h.AddRect(k.panel, ui.Target{Kind: "keyboard"})
	k.menu.AddHits(h)
}

// Handle applies one intent aimed at the keyboard. It returns the intents a key stands for
// (typed letters, an erase, done) and whether the intent was the keyboard's at all.
func (k *keyboard) Handle(it ui.Intent) ([]ui.Intent, bool) {
	switch it.Kind {
	case ui.Point:
		ours := it.Target.Kind == "keyboard" || strings.HasPrefix(it.Target.ID, "key")
		hover, pressed := k.menu.Hover, k.menu.Pressed
		if ours {
			k.menu.Handle(it)
		} else {
			k.menu.Hover, k.menu.Pressed = "", ""
		}
		if k.menu.Hover != hover || k.menu.Pressed != pressed {
			k.drawn = false
		}
		return nil, ours
	case ui.Tap:
	default:
		return nil, false
	}
	if it.Target.Kind == "keyboard" {
		return nil, true // between keys
	}
	id := k.menu.Handle(it)
	if !strings.HasPrefix(id, "key") {
		return nil, false
	}
	k.drawn = false
	click()
	switch id {
	case keyShift:
		k.shift = !k.shift
		k.rebuild()
		return nil, true
	case keyNext:
		k.layer = (k.layer + 1) % len(k.layers)
		k.rebuild()
		return nil, true
	case keySpace:
		k.setShift(true)
		return []ui.Intent{{Kind: ui.Char, Rune: ' '}}, true
	case keyErase:
		return []ui.Intent{{Kind: ui.Erase}}, true
	case keyDone:
		return []ui.Intent{{Kind: ui.Activate}}, true
	}
	r := []rune(strings.TrimPrefix(id, "key:"))
	if len(r) != 1 {
		return nil, true
	}
	c := r[0]
	if k.shift {
		c = unicode.ToUpper(c)
	}
	k.setShift(false)
	return []ui.Intent{{Kind: ui.Char, Rune: c}}, true
}

// setShift turns the one-shot capital on or off, relabelling the Latin keys when it changes.
func (k *keyboard) setShift(on bool) {
	if k.shift != on {
		k.shift = on
		k.rebuild()
	}
}

// rebuild makes the keys again after a change of layer or shift, in the same panel.
func (k *keyboard) rebuild() {
	k.build()
	if k.mt.Unit > 0 {
		k.Layout(k.mt, k.panel)
	}
}

// Draw draws the panel and its keys.
func (k *keyboard) Draw(dst *ebiten.Image) {
	if k.panel.W <= 0 || k.panel.H <= 0 {
		return
	}
	w, h := int(math.Ceil(k.panel.W)), int(math.Ceil(k.panel.H))
	if k.img != nil && (k.img.Bounds().Dx() != w || k.img.Bounds().Dy() != h) {
		sprites.Release(k.img)
		k.img = nil
	}
	if k.img == nil {
		k.img = sprites.NewImage("keyboard", w, h)
		k.drawn = false
	}
	if !k.drawn {
		k.paint(k.img)
		k.drawn = true
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(k.panel.X, k.panel.Y)
	dst.DrawImage(k.img, op)
}

// paint draws the keys into img, whose origin is the panel's top-left corner.
func (k *keyboard) paint(img *ebiten.Image) {
	mt := k.mt
	img.Clear()
	img.Fill(sprites.Mix(sprites.DarkWood, sprites.Sand, 0.55))
	sprites.Fill(img, sprites.RoundRect(0, 0, k.panel.W, mt.Pt(2), 0), sprites.Mix(sprites.DarkWood, sprites.Ink, 0.2))
	for _, b := range k.menu.Buttons {
		r := b.Rect
		r.X -= k.panel.X
		r.Y -= k.panel.Y
		k.paintKey(img, b, r)
	}
}

// paintKey draws one key at r: a rounded cap on a shadow, its letter (or symbol) in the middle.
// Keys are too narrow for ui.DrawButton's margins, which would cut a letter to "…".
func (k *keyboard) paintKey(img *ebiten.Image, b *ui.Button, r ui.Rect) {
	mt := k.mt
	pressed := b.ID == k.menu.Pressed
	hot := b.ID == k.menu.Hover
	rad := math.Min(mt.Pt(7), r.H/4)
	fill, ink := sprites.Chalk, sprites.Ink
	switch {
	case b.Look == ui.Primary:
		fill, ink = sprites.Terracotta, sprites.Chalk
	case b.Selected:
		fill, ink = sprites.Indigo, sprites.Chalk
	case b.Look == ui.Dark:
		fill, ink = sprites.Mix(sprites.DarkWood, sprites.Ink, 0.2), sprites.Chalk
	}
	if hot {
		fill = sprites.Mix(fill, sprites.Chalk, 0.15)
	}
	y := r.Y
	if pressed {
		fill = sprites.Mix(fill, sprites.Ink, 0.2)
		y += mt.Pt(1.5)
	} else {
		sprites.Fill(img, sprites.RoundRect(r.X, r.Y+mt.Pt(2), r.W, r.H, rad), color.RGBA{0, 0, 0, 55})
	}
	sprites.Fill(img, sprites.RoundRect(r.X, y, r.W, r.H, rad), fill)
	cap := ui.Rect{X: r.X, Y: y, W: r.W, H: r.H}
	switch b.ID {
	case keyErase:
		k.eraseIcon(img, cap, ink)
		return
	case keyShift:
		k.shiftIcon(img, cap, ink)
		return
	}
	st := ui.Heading
	if len([]rune(b.Label)) > 1 {
		st = ui.BodyBold
	}
	label := b.Label
	for _, smaller := range []ui.Style{ui.BodyBold, ui.SmallBold} {
		if mt.Measure(st, label) <= r.W-mt.Pt(4) {
			break
		}
		st = smaller
	}
	mt.Text(img, label, st, cap.CX(), cap.CY()-mt.LineHeight(st)/2, ui.Center, ink)
}

// eraseIcon draws the erase key's symbol in r: a tag pointing back, with a cross in it.
func (k *keyboard) eraseIcon(img *ebiten.Image, r ui.Rect, ink color.Color) {
	mt := k.mt
	s := math.Min(mt.Pt(10), r.H*0.28)
	dir := -1.0 // points back: left, or right for a right-to-left reader
	if mt.RTL {
		dir = 1
	}
	P := func(x, y float64) sprites.Pt { return sprites.Pt{X: r.CX() + dir*x*s, Y: r.CY() + y*s} }
	outline := []sprites.Pt{P(-1.5, 0), P(-0.7, -0.9), P(1.4, -0.9), P(1.4, 0.9), P(-0.7, 0.9), P(-1.5, 0)}
	for i := 1; i < len(outline); i++ {
		sprites.Line(img, outline[i-1], outline[i], mt.Pt(1.8), ink)
	}
	sprites.Line(img, P(-0.05, -0.4), P(0.75, 0.4), mt.Pt(1.8), ink)
	sprites.Line(img, P(-0.05, 0.4), P(0.75, -0.4), mt.Pt(1.8), ink)
}

// shiftIcon draws the capitals key's symbol in r: an arrow pointing up, filled while on.
func (k *keyboard) shiftIcon(img *ebiten.Image, r ui.Rect, ink color.Color) {
	mt := k.mt
	s := math.Min(mt.Pt(10), r.H*0.28)
	P := func(x, y float64) sprites.Pt { return sprites.Pt{X: r.CX() + x*s, Y: r.CY() + y*s} }
	arrow := []sprites.Pt{P(0, -1.2), P(1.2, 0.1), P(0.55, 0.1), P(0.55, 1.1), P(-0.55, 1.1), P(-0.55, 0.1), P(-1.2, 0.1)}
	if k.shift {
		sprites.Fill(img, sprites.Polygon(arrow), ink)
		return
	}
	for i := range arrow {
		sprites.Line(img, arrow[i], arrow[(i+1)%len(arrow)], mt.Pt(1.8), ink)
	}
}
