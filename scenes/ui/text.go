package ui

import (
	"image"
	"image/color"
	"math"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"sig/sprites"
)

// Style is a kind of text: the two sizes of docs/conventions.md for body and titles, plus a heading, a
// small size for counts and captions, and a display size for the title scene.
type Style uint8

const (
	Body Style = iota
	BodyBold
	Small
	SmallBold
	Heading
	Title
	Display
)

var styleSizes = [...]float64{Body: 17, BodyBold: 17, Small: 14, SmallBold: 14, Heading: 22, Title: 30, Display: 64}

// Face is the face of style st on screen m (for text s: Arabic text gets the Arabic face).
func (m Metrics) Face(st Style, s string) text.Face {
	return sprites.FaceFor(s, bold(st), m.size(st))
}

func bold(st Style) bool {
	return st == BodyBold || st == SmallBold || st == Heading || st == Title || st == Display
}

// size is the size of style st in pixels, grown by the larger-text setting.
func (m Metrics) size(st Style) float64 {
	k := m.TextScale
	if k <= 0 {
		k = 1
	}
	return m.Pt(styleSizes[st]) * k
}

// LineHeight is the height of one line of style st.
func (m Metrics) LineHeight(st Style) float64 { return m.size(st) * 1.4 }

// Measure is the width of s in style st.
func (m Metrics) Measure(st Style, s string) float64 {
	if !hasArabic(s) {
		w, _ := text.Measure(s, sprites.Face(bold(st), m.size(st)), 0)
		return w
	}
	w := 0.0
	for _, r := range m.runs(st, s) {
		w += r.w
	}
	return w
}

// Align says where text sits against its anchor: its left edge (Start), its middle or its
// right edge (End) at x, whatever the script. TextStart anchors at the reading start instead.
type Align uint8

const (
	Start Align = iota
	Center
	End
)

// DrawnText, when set, is told every text Text draws: the single path all on-screen words go
// through, so a test can check that a French or Arabic screen shows no English.
var DrawnText func(s string)

// TextDrawn, when set, is told every text Text draws and where, so that a test can check that
// every text lies inside the image it is drawn into (the screen, a picture made for it, or a
// clip: a sub-image cut to the text's box).
var TextDrawn func(d Drawn)

// ScrollClip is dst cut to r, for a view whose contents scroll: what passes its edges is
// reached by scrolling, not lost. (The text-fit test knows such clips from the others.)
func ScrollClip(dst *ebiten.Image, r Rect) *ebiten.Image {
	clip := dst.SubImage(r.Image()).(*ebiten.Image)
	if TextDrawn != nil {
		scrollClips[clip.Bounds()] = true
	}
	if ClipMade != nil {
		ClipMade(dst, clip)
	}
	return clip
}

// ClipMade, when set, is told every ScrollClip made and the image it was cut from, so that a
// test watching the paths drawn onto the screen counts those drawn onto its clips too.
var ClipMade func(parent, clip *ebiten.Image)

var scrollClips = map[image.Rectangle]bool{}

// Scrolls reports whether b is the bounds of a ScrollClip made while TextDrawn was set.
func Scrolls(b image.Rectangle) bool { return scrollClips[b] }

// BoxDrawn, when set, is told every widget's box as it is drawn: a button (with the style its
// label is drawn in) and the focus ring around one. The text-fit test checks that no text is
// cut by a widget drawn across it (a caption under a button's focus ring) and that the buttons
// of one row share one label size.
var BoxDrawn func(b Box)

// Box is a widget's box as drawn.
type Box struct {
	R Rect
	// Ring: the focus ring around a widget, not the widget itself.
	Ring bool
	// Clip is the bounds of the image it is drawn into when that is a clip (a scrolling
	// list), and empty when it is the screen.
	Clip image.Rectangle
	// Label is the style of the button's label, when Labelled.
	Label    Style
	Labelled bool
}

// Veiled, when set, is told when an overlay veils what is drawn so far (Veil): the text-fit
// test compares the texts and boxes of each layer apart.
var Veiled func()

// Veil dims the whole screen under an overlay's card.
func Veil(dst *ebiten.Image, m Metrics) {
	// A rectangle, not a path: a screen-sized path grew the vector package's stencil image
	// to 16 MB (sprites.FillRect).
	sprites.FillRect(dst, 0, 0, m.W, m.H, color.RGBA{20, 14, 8, 150})
	if Veiled != nil {
		Veiled()
	}
}

// Shortened reports whether s was made by Ellipsize from a longer text while TextDrawn was
// set, and that text: the text-fit test fails on a text drawn shortened whose whole cannot be
// read anywhere.
func Shortened(s string) (full string, ok bool) {
	full, ok = shortened[s]
	return full, ok
}

var shortened = map[string]string{}

// Elided records that short, a text drawn cut with "…", is part of full, whose whole the view
// one tap away shows (a game card's description, told whole on the game's setup): the
// text-fit test checks that a view it reaches does show it.
func Elided(short, full string) {
	if TextDrawn != nil {
		elided[short] = full
	}
}

// ElidedFrom is the whole text that short was cut from (Elided), if it was.
func ElidedFrom(short string) (full string, ok bool) {
	full, ok = elided[short]
	return full, ok
}

var elided = map[string]string{}

// Drawn is a text as drawn.
type Drawn struct {
	Text  string
	Style Style
	// Ink is where the text's line lies: its advance width, and the height from the tallest
	// ascent to the deepest descent of the faces it is drawn in (Naskh's dots below included).
	Ink Rect
	// Dst is the image it was drawn into: the screen, a picture's image, or a clip.
	Dst image.Rectangle
}

// Text draws s in style st with its left edge (Start), middle or right edge (End) at x and its
// top at y, vertically centred on a line of LineHeight. A line holding Arabic is split into
// runs: Arabic drawn right to left in Naskh with its letters joined, Latin words and numbers
// left to right in the Latin face, laid out in right-to-left order.
func (m Metrics) Text(dst *ebiten.Image, s string, st Style, x, y float64, a Align, c color.Color) {
	if DrawnText != nil && s != "" {
		DrawnText(s)
	}
	if TextDrawn != nil && s != "" {
		TextDrawn(Drawn{Text: s, Style: st, Ink: m.ink(s, st, x, y, a), Dst: dst.Bounds()})
	}
	if !hasArabic(s) {
		op := &text.DrawOptions{}
		op.PrimaryAlign = text.Align(a)
		op.SecondaryAlign = text.AlignCenter
		op.GeoM.Translate(x, y+m.LineHeight(st)/2)
		op.ColorScale.ScaleWithColor(c)
		sprites.DrawText(dst, s, sprites.Face(bold(st), m.size(st)), op)
		return
	}
	runs := m.runs(st, s)
	w := 0.0
	for _, r := range runs {
		w += r.w
	}
	switch a {
	case Center:
		x -= w / 2
	case End:
		x -= w
	}
	// One baseline for every run: the Latin face's, centred on the line (Naskh's deep descent
	// would otherwise lift Arabic above the Latin text beside it).
	lm := sprites.Face(bold(st), m.size(st)).Metrics()
	base := y + m.LineHeight(st)/2 - (lm.HAscent+lm.HDescent)/2 + lm.HAscent
	for _, r := range runs {
		op := &text.DrawOptions{}
		op.PrimaryAlign = text.AlignCenter
		op.SecondaryAlign = text.AlignStart
		op.GeoM.Translate(x+r.w/2, base-r.f.Metrics().HAscent)
		op.ColorScale.ScaleWithColor(c)
		sprites.DrawText(dst, r.s, r.f, op)
		x += r.w
	}
}

// InkMargins is how far the ink of s in style st passes the top and the bottom of its line
// (Naskh's dots below the letters pass the bottom): a picture made for a line of text adds
// them to its height, or the ink is cut.
func (m Metrics) InkMargins(st Style, s string) (above, below float64) {
	r := m.ink(s, st, 0, 0, Start)
	return math.Max(0, -r.Y), math.Max(0, r.Y+r.H-m.LineHeight(st))
}

// LineMargins is InkMargins for a line in the screen's language, whatever it says (the
// Arabic face's when the layout reads right to left): for boxes laid out before their text
// is known.
func (m Metrics) LineMargins(st Style) (above, below float64) {
	if m.RTL {
		return m.InkMargins(st, "ي")
	}
	return m.InkMargins(st, "Hg")
}

// ink is where Text draws s (Drawn.Ink).
func (m Metrics) ink(s string, st Style, x, y float64, a Align) Rect {
	w := m.Measure(st, s)
	switch a {
	case Center:
		x -= w / 2
	case End:
		x -= w
	}
	lm := sprites.Face(bold(st), m.size(st)).Metrics()
	if !hasArabic(s) {
		h := lm.HAscent + lm.HDescent
		return Rect{X: x, Y: y + m.LineHeight(st)/2 - h/2, W: w, H: h}
	}
	base := y + m.LineHeight(st)/2 - (lm.HAscent+lm.HDescent)/2 + lm.HAscent
	top, bottom := base-lm.HAscent, base+lm.HDescent
	for _, r := range m.runs(st, s) {
		rm := r.f.Metrics()
		top, bottom = math.Min(top, base-rm.HAscent), math.Max(bottom, base+rm.HDescent)
	}
	return Rect{X: x, Y: top, W: w, H: bottom - top}
}

// TextStart draws s at the reading start of r's width at height y: from r's left edge, or
// right-aligned at its right edge when the layout reads right to left.
func (m Metrics) TextStart(dst *ebiten.Image, s string, st Style, r Rect, y float64, c color.Color) {
	if m.RTL {
		m.Text(dst, s, st, r.Right(), y, End, c)
		return
	}
	m.Text(dst, s, st, r.X, y, Start, c)
}

// run is a piece of a line drawn with one face, w pixels wide.
type run struct {
	s string
	f text.Face
	w float64
}

// hasArabic reports whether s holds an Arabic letter.
func hasArabic(s string) bool {
	for _, r := range s {
		if r >= 0x0600 && unicode.Is(unicode.Arabic, r) {
			return true
		}
	}
	return false
}

// direction of a character for the line's layout: a small reading of the Unicode
// bidirectional algorithm, enough for a right-to-left line with Latin names and numbers in it.
const (
	neutral = iota
	rtl
	ltr
	number // a digit in a line's runs, until the text before it settles its direction
)

func dirOf(r rune) int {
	switch {
	case r == '\u0640':
		// The tatweel, which lengthens the joint of an Arabic letter ("لـ"): Unicode's script
		// for it is Common and its category a letter, but its direction is Arabic's (class AL).
		return rtl
	case unicode.Is(unicode.Arabic, r) && !(r >= 0x0660 && r <= 0x0669) && !(r >= 0x06F0 && r <= 0x06F9):
		if unicode.IsLetter(r) || unicode.IsMark(r) {
			return rtl
		}
		return neutral // Arabic punctuation takes the direction around it
	case unicode.IsLetter(r) || unicode.IsDigit(r):
		return ltr
	}
	return neutral
}

// numberDirs settles the direction of the digits in a right-to-left line, as the bidirectional
// algorithm does (rules W4, W7). A number after Latin text joins that text ("Amira 3",
// "Kofi: 3/5"). Any other number stays a number: its own left-to-right run, which the neutrals
// around it treat as right to left. A single separator between two numbers joins them ("3/5",
// "12:30", "2.5"). So does a plus or minus sign, unless the numbers come after Arabic, where
// the algorithm keeps them apart.
func numberDirs(rs []rune, dirs []int) {
	for i, r := range rs {
		if unicode.IsDigit(r) {
			dirs[i] = number
		}
	}
	for i := 1; i+1 < len(rs); i++ {
		if dirs[i] != neutral || dirs[i-1] != number || dirs[i+1] != number {
			continue
		}
		switch rs[i] {
		case ',', '.', '/', ':', '\u00A0', '\u060C':
			dirs[i] = number
		case '+', '-', '\u2212':
			if lastStrong(dirs[:i]) != rtl {
				dirs[i] = number
			}
		}
	}
	strong := rtl // the line's own direction, before its first letter
	for i, d := range dirs {
		switch d {
		case rtl, ltr:
			strong = d
		case number:
			if strong == ltr {
				dirs[i] = ltr
			}
		}
	}
}

// lastStrong is the direction of the last letter in dirs; neutral if there is none (the line's
// start, where a number is European, not Arabic, and a plus or minus sign may join two).
func lastStrong(dirs []int) int {
	for i := len(dirs) - 1; i >= 0; i-- {
		if dirs[i] == rtl || dirs[i] == ltr {
			return dirs[i]
		}
	}
	return neutral
}

// runs splits a line holding Arabic into runs in visual order, left to right. The line reads
// right to left: its runs are reversed; a stretch of Latin words stays left to right, and the
// punctuation between two of them belongs to it ("Abu Bakr", "Amira Bakr: 3/5"); a number
// after Arabic is a left-to-right run of its own (numberDirs); other punctuation reads right
// to left with the Arabic, in Naskh where it has the glyph and otherwise in the Latin face
// shaped right to left (which mirrors brackets).
func (m Metrics) runs(st Style, s string) []run {
	rs := []rune(s)
	dirs := make([]int, len(rs))
	for i, r := range rs {
		dirs[i] = dirOf(r)
	}
	numberDirs(rs, dirs)
	// A percent sign or a degree after a number goes with it.
	for i := 1; i < len(rs); i++ {
		if dirs[i] == neutral && (rs[i] == '%' || rs[i] == '°') && (dirs[i-1] == ltr || dirs[i-1] == number) {
			dirs[i] = dirs[i-1]
		}
	}
	// Neutrals between two left-to-right characters are left to right; all others right to left.
	// A number after Arabic counts as right to left here (rule N1), so the dash between two of
	// them ("1 — 3", a score "24–18") reads right to left: the first number is the rightmost.
	for i := 0; i < len(rs); {
		if dirs[i] != neutral {
			i++
			continue
		}
		j := i
		for j < len(rs) && dirs[j] == neutral {
			j++
		}
		d := rtl
		if i > 0 && j < len(rs) && dirs[i-1] == ltr && dirs[j] == ltr {
			d = ltr
		}
		for k := i; k < j; k++ {
			dirs[k] = d
		}
		i = j
	}
	// Each number is now a run of its own, drawn left to right like a Latin one.
	for i, d := range dirs {
		if d == number {
			dirs[i] = ltr
		}
	}
	size, b := m.size(st), bold(st)
	var out []run
	add := func(t string, f text.Face) {
		w, _ := text.Measure(t, f, 0)
		out = append(out, run{t, f, w})
	}
	// Level runs, from the last (leftmost) to the first.
	for end := len(rs); end > 0; {
		start := end - 1
		for start > 0 && dirs[start-1] == dirs[end-1] {
			start--
		}
		seg := rs[start:end]
		if dirs[end-1] == ltr {
			// A number among Arabic words takes Naskh's figures, which match its weight.
			f := sprites.Face(b, size)
			if naskhFigures(seg) {
				add(string(seg), sprites.ArabicFace(size))
			} else {
				// Arabic punctuation between two Latin words ("Amira، Kofi") stays in their
				// run, but only Naskh has its glyph: drawn in the Latin face it was a gap.
				for k := 0; k < len(seg); {
					e := k + 1
					naskh := arabicMark(seg[k])
					for e < len(seg) && arabicMark(seg[e]) == naskh {
						e++
					}
					if naskh {
						add(string(seg[k:e]), sprites.ArabicFace(size))
					} else {
						add(string(seg[k:e]), f)
					}
					k = e
				}
			}
		} else {
			// Right to left: pieces by face, the last piece leftmost.
			for e := len(seg); e > 0; {
				has := sprites.ArabicHas(seg[e-1])
				k := e - 1
				for k > 0 && sprites.ArabicHas(seg[k-1]) == has {
					k--
				}
				if has {
					add(string(seg[k:e]), sprites.ArabicFace(size))
				} else {
					add(string(seg[k:e]), sprites.FaceRTL(b, size))
				}
				e = k
			}
		}
		end = start
	}
	return out
}

// TextIn draws s centred in r.
func (m Metrics) TextIn(dst *ebiten.Image, s string, st Style, r Rect, c color.Color) {
	m.Text(dst, s, st, r.CX(), r.CY()-m.LineHeight(st)/2, Center, c)
}

// Words splits s at the spaces a line may break at. A no-break space (U+00A0, U+202F, U+2007)
// is glue, not a break: French sets one before : ; ! ? and », after « and in 131 072, and the
// mark must stay on the line of the word before it (Unicode's line-breaking class GL).
func Words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) && !noBreak(r) })
}

// noBreak reports whether r is a space that joins the words on each side of it.
func noBreak(r rune) bool { return r == '\u00A0' || r == '\u202F' || r == '\u2007' }

// Wrap breaks s into lines no wider than w in style st, at spaces (not no-break ones: Words);
// a word longer than w stands on its own line.
func (m Metrics) Wrap(s string, st Style, w float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		words := Words(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		line := words[0]
		for _, wd := range words[1:] {
			if m.Measure(st, line+" "+wd) <= w {
				line += " " + wd
				continue
			}
			lines = append(lines, line)
			line = wd
		}
		lines = append(lines, line)
	}
	return lines
}

// Ellipsize shortens s with an ellipsis until it fits w. A text may be drawn shortened only
// where its whole can be read some other way (a details view, a tooltip): the text-fit test
// sees every shortening (Shortened).
func (m Metrics) Ellipsize(s string, st Style, w float64) string {
	if m.Measure(st, s) <= w {
		return s
	}
	t := m.ellipsize(s, st, w)
	if TextDrawn != nil {
		shortened[t] = s
	}
	return t
}

func (m Metrics) ellipsize(s string, st Style, w float64) string {
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; m.Measure(st, t) <= w {
			return t
		}
	}
	return "…"
}

// naskhFigures reports whether rs is a number (figures and the punctuation between them) that
// the Naskh face can draw.
// arabicMark reports whether r is Arabic punctuation (a comma, a semicolon, a question mark)
// that Naskh draws: the Latin face has none of them. Unicode files the comma under the common
// script, not the Arabic one, so the block is what tells.
func arabicMark(r rune) bool {
	return r >= 0x0600 && r <= 0x06FF && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) && sprites.ArabicHas(r)
}

func naskhFigures(rs []rune) bool {
	for _, r := range rs {
		if unicode.IsLetter(r) || !sprites.ArabicHas(r) {
			return false
		}
	}
	return true
}
