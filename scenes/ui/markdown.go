package ui

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/sprites"
)

// Doc is a Markdown page laid out for reading: headings, paragraphs with word wrap, bullet and
// numbered lists, simple tables, **bold** and *emphasis*. It reads the subset the games' rules
// pages use; anything else shows as plain text, never an error.
type Doc struct {
	blocks []block
	ops    []docOp
	Height float64 // of the laid-out page
	width  float64
}

type blockKind uint8

const (
	bPara blockKind = iota
	bHeading
	bItem
	bTable
	bRule
)

type block struct {
	kind   blockKind
	level  int // heading level, or list depth
	bullet string
	spans  []span
	rows   [][][]span
}

type span struct {
	text     string
	bold, em bool
}

// docOp is one thing to draw: a run of text or a filled rectangle.
type docOp struct {
	x, y  float64
	text  string
	style Style
	color color.RGBA
	rect  Rect
	fill  bool
}

// ParseDoc reads Markdown.
func ParseDoc(md string) *Doc {
	d := &Doc{}
	lines := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	var para []string
	flush := func() {
		if len(para) > 0 {
			d.blocks = append(d.blocks, block{kind: bPara, spans: inline(strings.Join(para, " "))})
			para = nil
		}
	}
	for i := 0; i < len(lines); i++ {
		raw := lines[i]
		line := strings.TrimSpace(raw)
		indent := len(raw) - len(strings.TrimLeft(raw, " \t"))
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "#"):
			flush()
			lv := len(line) - len(strings.TrimLeft(line, "#"))
			d.blocks = append(d.blocks, block{kind: bHeading, level: lv, spans: inline(strings.TrimSpace(line[lv:]))})
		case line == "---" || line == "***":
			flush()
			d.blocks = append(d.blocks, block{kind: bRule})
		case strings.HasPrefix(line, "|"):
			flush()
			var rows [][][]span
			for ; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
				cells := splitRow(strings.TrimSpace(lines[i]))
				if isDivider(cells) {
					continue
				}
				row := make([][]span, len(cells))
				for k, c := range cells {
					row[k] = inline(c)
				}
				rows = append(rows, row)
			}
			i--
			d.blocks = append(d.blocks, block{kind: bTable, rows: rows})
		case isItem(line):
			flush()
			bullet, rest := itemParts(line)
			text := rest
			// Continuation lines: indented text that is not a new item.
			for i+1 < len(lines) {
				next := lines[i+1]
				nt := strings.TrimSpace(next)
				if nt == "" || isItem(nt) || strings.HasPrefix(nt, "#") || strings.HasPrefix(nt, "|") || len(next)-len(strings.TrimLeft(next, " \t")) == 0 {
					break
				}
				text += " " + nt
				i++
			}
			d.blocks = append(d.blocks, block{kind: bItem, level: indent / 2, bullet: bullet, spans: inline(text)})
		default:
			para = append(para, line)
		}
	}
	flush()
	return d
}

func isItem(l string) bool {
	if strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "* ") || strings.HasPrefix(l, "+ ") {
		return true
	}
	k := 0
	for k < len(l) && l[k] >= '0' && l[k] <= '9' {
		k++
	}
	return k > 0 && k+1 < len(l) && (l[k] == '.' || l[k] == ')') && l[k+1] == ' '
}

func itemParts(l string) (bullet, rest string) {
	if l[0] == '-' || l[0] == '*' || l[0] == '+' {
		return "•", strings.TrimSpace(l[2:])
	}
	k := strings.IndexAny(l, ".)")
	return l[:k+1], strings.TrimSpace(l[k+1:])
}

func splitRow(l string) []string {
	l = strings.TrimPrefix(strings.TrimSuffix(l, "|"), "|")
	cells := strings.Split(l, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

func isDivider(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, "-: ") != "" || c == "" {
			return false
		}
	}
	return true
}

// inline splits text into runs of plain, **bold** and *emphasised* text; `code` shows plain.
func inline(s string) []span {
	var out []span
	var cur strings.Builder
	bold, em := false, false
	emit := func() {
		if cur.Len() > 0 {
			out = append(out, span{cur.String(), bold, em})
			cur.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "**") || strings.HasPrefix(s[i:], "__"):
			emit()
			bold = !bold
			i++
		case s[i] == '*' || (s[i] == '_' && (i == 0 || s[i-1] == ' ' || (i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '.' || s[i+1] == ',')))):
			emit()
			em = !em
		case s[i] == '`':
			// Code shows as plain text.
		case s[i] == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
		default:
			cur.WriteByte(s[i])
		}
	}
	emit()
	return out
}

// Layout lays the page out for width pixels on screen m.
func (d *Doc) Layout(m Metrics, width float64) {
	d.ops = d.ops[:0]
	d.width = width
	y := 0.0
	for bi, b := range d.blocks {
		switch b.kind {
		case bHeading:
			st := Heading
			switch {
			case b.level == 1:
				st = Title
			case b.level >= 3:
				st = BodyBold
			}
			if bi > 0 {
				y += m.Pt(14)
			}
			c := sprites.Ink
			if b.level == 2 {
				c = sprites.Terracotta
			}
			y = d.flow(m, b.spans, 0, y, width, st, c)
			y += m.Pt(4)
		case bPara:
			y = d.flow(m, b.spans, 0, y, width, Body, sprites.Ink)
			y += m.Pt(10)
		case bItem:
			ind := m.Pt(22) * float64(b.level+1)
			d.ops = append(d.ops, docOp{x: ind - m.Pt(16), y: y, text: b.bullet, style: BodyBold, color: sprites.Terracotta})
			if len(b.bullet) > 1 {
				d.ops[len(d.ops)-1].x = ind - m.Measure(BodyBold, b.bullet) - m.Pt(6)
			}
			y = d.flow(m, b.spans, ind, y, width-ind, Body, sprites.Ink)
			y += m.Pt(6)
		case bRule:
			d.ops = append(d.ops, docOp{rect: Rect{0, y + m.Pt(8), width, m.Pt(1)}, fill: true, color: sprites.DeepSand})
			y += m.Pt(18)
		case bTable:
			y = d.table(m, b.rows, y, width)
			y += m.Pt(14)
		}
	}
	d.Height = y
}

// flow lays out runs with word wrap from (x, y) in a column w wide; it returns the y below.
func (d *Doc) flow(m Metrics, spans []span, x, y, w float64, base Style, c color.RGBA) float64 {
	lh := m.LineHeight(base)
	cx := 0.0
	space := m.Measure(base, " ")
	sep := false // the text so far ends with a space
	for _, sp := range spans {
		st, col := base, c
		if sp.bold && base == Body {
			st = BodyBold
		}
		if sp.bold && base == Small {
			st = SmallBold
		}
		if sp.em {
			col = sprites.Mix(sprites.Wood, sprites.Ink, 0.2)
		}
		words := strings.Fields(sp.text)
		lead := sep || strings.HasPrefix(sp.text, " ")
		for k, wd := range words {
			ww := m.Measure(st, wd)
			gap := 0.0
			if cx > 0 && (k > 0 || lead) {
				gap = space
			}
			if cx > 0 && cx+gap+ww > w {
				y += lh
				cx, gap = 0, 0
			}
			// A run that starts without a space (punctuation after bold text) is glued on.
			d.ops = append(d.ops, docOp{x: x + cx + gap, y: y, text: wd, style: st, color: col})
			cx += gap + ww
		}
		sep = strings.HasSuffix(sp.text, " ") || (len(words) == 0 && sep)
	}
	return y + lh
}

// table lays out a table: columns sized to their contents, shrunk to fit, cells wrapped.
func (d *Doc) table(m Metrics, rows [][][]span, y, width float64) float64 {
	if len(rows) == 0 {
		return y
	}
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	pad := m.Pt(8)
	natural := make([]float64, cols)
	for ri, r := range rows {
		for ci, cell := range r {
			st := Small
			if ri == 0 {
				st = SmallBold
			}
			w := 0.0
			for _, sp := range cell {
				w += m.Measure(st, sp.text)
			}
			natural[ci] = math.Max(natural[ci], w+2*pad)
		}
	}
	total := 0.0
	for _, w := range natural {
		total += w
	}
	widths := make([]float64, cols)
	for i, w := range natural {
		widths[i] = w
		if total > width {
			// Shrink the wide columns first: share the room by the square root of the need.
			widths[i] = math.Max(m.Pt(60), width*math.Sqrt(w)/sumSqrt(natural))
		}
	}
	tw := 0.0
	for _, w := range widths {
		tw += w
	}
	top := y
	for ri, r := range rows {
		st := Small
		if ri == 0 {
			st = SmallBold
		}
		rowStart := len(d.ops)
		d.ops = append(d.ops, docOp{}) // the row's background, filled in below
		x := 0.0
		bottom := y
		for ci := 0; ci < cols; ci++ {
			var cell []span
			if ci < len(r) {
				cell = r[ci]
			}
			end := d.flow(m, cell, x+pad, y+pad*0.6, widths[ci]-2*pad, st, sprites.Ink)
			bottom = math.Max(bottom, end+pad*0.6)
			x += widths[ci]
		}
		bg := sprites.Fade(sprites.Sand, 0.55)
		if ri == 0 {
			bg = sprites.Mix(sprites.DeepSand, sprites.Sand, 0.35)
		} else if ri%2 == 0 {
			bg = sprites.Fade(sprites.Sand, 0.25)
		}
		d.ops[rowStart] = docOp{rect: Rect{0, y, tw, bottom - y}, fill: true, color: bg}
		y = bottom
	}
	// Column rules.
	x := 0.0
	for _, w := range widths[:cols-1] {
		x += w
		d.ops = append(d.ops, docOp{rect: Rect{x, top, m.Pt(1), y - top}, fill: true, color: sprites.Fade(sprites.DeepSand, 0.8)})
	}
	return y
}

func sumSqrt(ws []float64) float64 {
	s := 0.0
	for _, w := range ws {
		s += math.Sqrt(w)
	}
	return s
}

// Draw draws the page with its top-left at (x, y), only what falls inside clip.
func (d *Doc) Draw(dst *ebiten.Image, m Metrics, x, y float64, clip Rect) {
	for _, op := range d.ops {
		if op.fill {
			r := Rect{x + op.rect.X, y + op.rect.Y, op.rect.W, op.rect.H}
			if r.Bottom() < clip.Y || r.Y > clip.Bottom() {
				continue
			}
			sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, 0), op.color)
			continue
		}
		ty := y + op.y
		if ty+m.LineHeight(op.style) < clip.Y || ty > clip.Bottom() {
			continue
		}
		m.Text(dst, op.text, op.style, x+op.x, ty, Start, op.color)
	}
}
