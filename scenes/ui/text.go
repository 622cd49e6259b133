package ui

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"sig/sprites"
)

// Style is a kind of text: the two sizes of DESIGN.md for body and titles, plus a heading, a
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
	bold := st == BodyBold || st == SmallBold || st == Heading || st == Title || st == Display
	return sprites.FaceFor(s, bold, m.Pt(styleSizes[st]))
}

// LineHeight is the height of one line of style st.
func (m Metrics) LineHeight(st Style) float64 { return m.Pt(styleSizes[st]) * 1.4 }

// Measure is the width of s in style st.
func (m Metrics) Measure(st Style, s string) float64 {
	w, _ := text.Measure(s, m.Face(st, s), 0)
	return w
}

// Align says where text sits against its anchor.
type Align uint8

const (
	Start Align = iota
	Center
	End
)

// Text draws s in style st with its top-left (Start), top-centre or top-right at (x, y),
// vertically centred on a line of LineHeight.
func (m Metrics) Text(dst *ebiten.Image, s string, st Style, x, y float64, a Align, c color.Color) {
	f := m.Face(st, s)
	op := &text.DrawOptions{}
	op.PrimaryAlign = text.Align(a)
	op.SecondaryAlign = text.AlignCenter
	op.GeoM.Translate(x, y+m.LineHeight(st)/2)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, f, op)
}

// TextIn draws s centred in r.
func (m Metrics) TextIn(dst *ebiten.Image, s string, st Style, r Rect, c color.Color) {
	m.Text(dst, s, st, r.CX(), r.CY()-m.LineHeight(st)/2, Center, c)
}

// Wrap breaks s into lines no wider than w in style st, at spaces; a word longer than w stands
// on its own line.
func (m Metrics) Wrap(s string, st Style, w float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
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

// Ellipsize shortens s with an ellipsis until it fits w.
func (m Metrics) Ellipsize(s string, st Style, w float64) string {
	if m.Measure(st, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; m.Measure(st, t) <= w {
			return t
		}
	}
	return "…"
}
