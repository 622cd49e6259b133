package ui

import (
	"image/color"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/sprites"
)

// Doc is a Markdown page laid out for reading: headings, paragraphs with word wrap, bullet and
// numbered lists, simple tables, **bold** and *emphasis*. It reads the subset the games' rules
// pages use; anything else shows as plain text, never an error.
//
// A page written mostly in Arabic reads right to left: lines are right-aligned, bullets and
// indents stand at the right, table columns run from the right, and a stretch of Latin words
// within a line keeps its left-to-right order.
type Doc struct {
	blocks []block
	ops    []docOp
	Height float64 // of the laid-out page
	width  float64
	rtl    bool
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

// docOp is one thing to draw: a run of text (w wide) or a filled rectangle.
type docOp struct {
	x, y  float64
	w     float64
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
	d.rtl = arabicMostly(md)
	return d
}

// arabicMostly reports whether s has more Arabic letters than Latin ones.
func arabicMostly(s string) bool {
	n := 0
	for _, r := range s {
		switch dirOf(r) {
		case rtl:
			n++
		case ltr:
			if !unicode.IsDigit(r) {
				n--
			}
		}
	}
	return n > 0
}

// RTL reports whether the page reads right to left.
func (d *Doc) RTL() bool { return d.rtl }

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
			bullet := b.bullet
			if d.rtl && bullet != "•" {
				// "1." read right to left: the number, then its point at the left.
				bullet = bullet[len(bullet)-1:] + bullet[:len(bullet)-1]
			}
			bw := m.Measure(BodyBold, bullet)
			d.ops = append(d.ops, docOp{x: ind - m.Pt(16), y: y, w: bw, text: bullet, style: BodyBold, color: sprites.Terracotta})
			if len(b.bullet) > 1 {
				d.ops[len(d.ops)-1].x = ind - bw - m.Pt(6)
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
	if d.rtl {
		// Laid out left to right, then mirrored (flow already ordered each line for it).
		for i := range d.ops {
			op := &d.ops[i]
			if op.fill {
				op.rect.X = width - op.rect.X - op.rect.W
			} else {
				op.x = width - op.x - op.w
			}
		}
	}
}

// flow lays out runs with word wrap from (x, y) in a column w wide; it returns the y below.
func (d *Doc) flow(m Metrics, spans []span, x, y, w float64, base Style, c color.RGBA) float64 {
	lh := m.LineHeight(base)
	cx := 0.0
	space := m.Measure(base, " ")
	sep := false // the text so far ends with a space
	last := 0    // the first op of the last word on the line: what a glued run takes down
	line := len(d.ops)
	defer func() { d.reorder(line) }()
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
		words := Words(sp.text)
		lead := sep || breaksAt(sp.text, true)
		for k, wd := range words {
			ww := m.Measure(st, wd)
			gap := 0.0
			if cx > 0 && (k > 0 || lead) {
				gap = space
			}
			if cx > 0 && cx+gap+ww > w {
				// A run glued to the word before it (a mark after bold text, "**Règles** :")
				// takes that word down with it: no line starts with the mark.
				var moved []docOp
				if gap == 0 && last > line && last < len(d.ops) {
					moved = append(moved, d.ops[last:]...)
					d.ops = d.ops[:last]
				}
				d.reorder(line)
				line = len(d.ops)
				y += lh
				cx, gap = 0, 0
				if len(moved) > 0 {
					x0 := moved[0].x
					for _, op := range moved {
						op.x, op.y = x+op.x-x0, y
						d.ops = append(d.ops, op)
					}
					end := moved[len(moved)-1]
					cx = end.x + end.w - x
				}
			}
			if gap > 0 || cx == 0 {
				last = len(d.ops)
			}
			// A run that starts without a space (punctuation after bold text) is glued on.
			if word, punct, ok := d.splitPunct(wd); ok {
				// Right to left, the comma after a Latin word ("f1،") reads after the Latin
				// stretch, at its left: it is a word of its own for reorder.
				pw := m.Measure(st, punct)
				d.ops = append(d.ops, docOp{x: x + cx + gap, y: y, w: ww - pw, text: word, style: st, color: col},
					docOp{x: x + cx + gap + ww - pw, y: y, w: pw, text: punct, style: st, color: col})
			} else {
				d.ops = append(d.ops, docOp{x: x + cx + gap, y: y, w: ww, text: wd, style: st, color: col})
			}
			cx += gap + ww
		}
		sep = breaksAt(sp.text, false) || (len(words) == 0 && sep)
	}
	return y + lh
}

// breaksAt reports whether s starts (or, with start false, ends) with a space a line may break
// at: a no-break space glues the runs on each side of it.
func breaksAt(s string, start bool) bool {
	var r rune
	if start {
		r, _ = utf8.DecodeRuneInString(s)
	} else {
		r, _ = utf8.DecodeLastRuneInString(s)
	}
	return unicode.IsSpace(r) && !noBreak(r)
}

// splitPunct splits the punctuation off the end of a Latin word in a right-to-left page.
func (d *Doc) splitPunct(wd string) (word, punct string, ok bool) {
	if !d.rtl || hasArabicLetter(wd) || strings.IndexFunc(wd, func(r rune) bool { return dirOf(r) == ltr }) < 0 {
		return wd, "", false
	}
	end := strings.LastIndexFunc(wd, func(r rune) bool { return dirOf(r) == ltr })
	_, size := utf8.DecodeRuneInString(wd[end:])
	if end+size == len(wd) {
		return wd, "", false
	}
	return wd[:end+size], wd[end+size:], true
}

// hasArabicLetter reports whether s holds an Arabic letter (not just Arabic punctuation).
func hasArabicLetter(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return dirOf(r) == rtl }) >= 0
}

// reorder prepares the words of one line, ops[from:], for the mirroring at the end of a
// right-to-left Layout: mirrored, the words read right to left, which is right for Arabic but
// would turn a stretch of Latin words ("Sig wa Duqqan") round; such a stretch is reversed in
// place first, so that the mirror puts it back in order.
func (d *Doc) reorder(from int) {
	if !d.rtl {
		return
	}
	ops := d.ops[from:]
	latin := func(k int) int { // 1: Latin, 0: neutral, -1: Arabic
		switch {
		case hasArabicLetter(ops[k].text):
			return -1
		case strings.IndexFunc(ops[k].text, func(r rune) bool { return dirOf(r) == ltr }) >= 0:
			return 1
		}
		return 0
	}
	for i := 0; i < len(ops); {
		if latin(i) != 1 {
			i++
			continue
		}
		// The stretch: Latin words, and neutral ones between two Latin words.
		j, last := i+1, i
		for j < len(ops) && latin(j) >= 0 {
			if latin(j) == 1 {
				last = j
			}
			j++
		}
		if last > i {
			left := ops[i].x
			// Reverse the words, keeping the stretch's span and the gaps between them.
			x := left
			for k := last; k >= i; k-- {
				gapAfter := 0.0
				if k > i {
					gapAfter = ops[k].x - (ops[k-1].x + ops[k-1].w)
				}
				ops[k].x = x
				x += ops[k].w + gapAfter
			}
		}
		i = last + 1
	}
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
			Fill(dst, r, 0, 0, op.color)
			continue
		}
		ty := y + op.y
		if ty+m.LineHeight(op.style) < clip.Y || ty > clip.Bottom() {
			continue
		}
		m.Text(dst, op.text, op.style, x+op.x, ty, Start, op.color)
	}
}
