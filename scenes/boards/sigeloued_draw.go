package boards

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/sigeloued"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// Draw draws the trays, the board with its circuits, the last move, the hints and preview,
// the pieces and the banner.
func (b *elOuedBoard) Draw(dst *ebiten.Image) {
	if b.b == nil || b.st == nil {
		return
	}
	m := b.m
	mover := b.w.toMove & 1
	live := b.st.Phase() != rules.PhaseOver
	for p := range sigeloued.Players {
		b.drawTray(dst, p, live && p == mover && !b.busy)
	}
	b.b.DrawBackground(dst)
	b.drawCircuits(dst, mover)
	u := b.cs
	for _, sq := range b.lit {
		b.stamps.spaceOutline(dst, sq, b.b.Cells[sq].Poly, math.Max(2, u*0.05), sprites.Fade(sprites.Saffron, 0.85))
	}
	opt := b.focusOption()
	idle := !b.busy && b.st.Phase() == rules.PhaseMove
	if idle && (b.hints || b.picked >= 0) {
		for _, o := range b.opts {
			if b.picked >= 0 && o.sq != b.picked {
				continue
			}
			c := b.b.Cells[o.sq].Center
			b.stamps.draw(dst, b.stamps.disc(b.pieceR()*1.25), c.X, c.Y, 1, 1, sprites.Fade(sprites.Saffron, 0.45))
			b.stamps.draw(dst, b.stamps.ring(b.pieceR()*1.25, math.Max(2, u*0.04)), c.X, c.Y, 1, 1, sprites.Saffron)
		}
	}
	if opt != nil {
		b.drawPath(dst, opt, mover)
	}
	// Pieces at rest first, then those on the move, then those in flight to a tray.
	for pass := 0; pass < 3; pass++ {
		for p := range sigeloued.Players {
			for id := range b.pieces[p] {
				pc := b.pieces[p][id]
				if pc.gone {
					continue
				}
				moving := pc.from != pc.to
				switch {
				case pass == 0 && (moving || pc.from.tray):
					continue
				case pass == 1 && (!moving || pc.to.tray):
					continue
				case pass == 2 && !(moving && pc.to.tray):
					continue
				}
				onSq := !pc.from.tray && pc.from == pc.to
				picked := idle && b.picked >= 0 && onSq && pc.from.sq == b.picked
				dim := opt != nil && p == mover && onSq && opt.starts(pc.from.sq)
				b.drawPiece(dst, p, pc, picked && !dim, dim)
			}
		}
	}
	if opt != nil {
		b.drawLanding(dst, opt, mover)
	}
	if idle && b.keys && !b.inChoice && b.cursor >= 0 {
		c := b.b.Cells[b.cursor].Poly
		ui.FocusRing(dst, m, ui.Rect{X: c[0].X, Y: c[0].Y, W: c[1].X - c[0].X, H: c[2].Y - c[1].Y}.Inset(m.Pt(3)))
	}
	b.drawBanner(dst, idle)
}

// drawPiece draws pc, a piece of player p, where it is now.
func (b *elOuedBoard) drawPiece(dst *ebiten.Image, p int, pc elOuedPiece, picked, dim bool) {
	x0, y0, r0 := b.at(pc.from)
	x1, y1, r1 := b.at(pc.to)
	t := pc.t
	x, y, r := x0+(x1-x0)*t, y0+(y1-y0)*t, r0+(r1-r0)*t
	lift := pc.hop * math.Sin(math.Pi*t)
	if picked {
		lift = 0.3
		sprites.Ring(dst, x, y, r*1.2, math.Max(2, r*0.1), sprites.Saffron)
	}
	f := pc.freed
	if pc.to.tray {
		f += (1 - f) * t // a capture is a capture: no lock in the tray
	}
	alpha := pc.alpha
	if dim {
		alpha *= 0.4
	}
	b.drawOuedPiece(dst, b.color(p), x, y, r, f, lift, alpha)
}

// freedSteps is how finely a piece's freeing is kept in its cached pictures: enough that a
// lock fading moves smoothly, few enough that a game makes a few dozen pictures.
const freedSteps = 8

// drawOuedPiece draws a piece as sprites.DrawOuedPiece does: its shadow from the disc's
// picture and the piece from a picture made once per colour, size step (sizeKey) and freeing
// step, raised by its lift; alpha fades the whole. A hop copies the same two pictures in
// every frame: with a picture for each step of the lift too (nine times as many, most of
// them seen only in a hop), the pictures of a hop went unused long enough between hops for
// the cache to let them go, and were painted again, a dozen paths each, in the middle of the
// next one.
func (b *elOuedBoard) drawOuedPiece(dst *ebiten.Image, pc sprites.PlayerColor, x, y, r, freed, lift, alpha float64) {
	if alpha <= 0 || r <= 0 {
		return
	}
	freed = math.Max(0, math.Min(1, freed))
	lift = math.Max(0, math.Min(1, lift))
	dx, dy, sr, a := sprites.OuedPieceShadow(r, freed, lift)
	b.stamps.draw(dst, b.stamps.disc(r), x+dx, y+dy, sr/r, alpha, color.RGBA{0, 0, 0, a})
	fs := int(math.Round(freed * freedSteps))
	st, rq := b.pieceStamp(pc, r, fs)
	b.stamps.draw(dst, st, x, y-sprites.OuedPieceRise(r, lift), r/rq, alpha, white)
}

// pieceStamp is the picture of pc's piece (without its shadow) at the size step of r and
// freeing step fs, and the radius it is painted at.
func (b *elOuedBoard) pieceStamp(pc sprites.PlayerColor, r float64, fs int) (*stamp, float64) {
	k, n, rq := pieceStampKey(pc, r, fs)
	return b.stamps.get(k, n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		sprites.DrawOuedPieceBody(img, pc, float64(n)/2, float64(n)/2, rq, float64(fs)/freedSteps, 1)
	}), rq
}

// pieceStampKey names a piece's picture; n is its side and rq the radius it is painted at.
func pieceStampKey(pc sprites.PlayerColor, r float64, fs int) (k stampKey, n int, rq float64) {
	sk, rq := sizeKey(r)
	// The piece, its side and lock lie within 1.6 radii of its centre.
	n = int(math.Ceil(rq*3.4)) + 4
	return stampKey{kind: stampPiece, c: pc.Color, text: string(rune('a' + int(pc.Mark))), w: sk, h: fs}, n, rq
}

// Warm paints one picture the board's animations will need that is not made yet and reports
// whether it painted one: the outline of each square (lit when a piece may land there), the
// shadow's disc, and each player's piece at every freeing step. The play scene calls it in
// frames where nothing moves, so a piece's first hop copies pictures instead of painting them
// in the middle of the animation.
func (b *elOuedBoard) Warm() bool {
	if b.b == nil {
		return false
	}
	w := math.Max(2, b.cs*0.05)
	for sq := range b.b.Cells {
		if k, _, _, _, _ := outlineStampKey(sq, b.b.Cells[sq].Poly, w); !b.stamps.has(k) {
			b.stamps.spaceOutlineStamp(sq, b.b.Cells[sq].Poly, w)
			return true
		}
	}
	r := b.pieceR()
	if k := discStampKey(r); !b.stamps.has(k) {
		b.stamps.disc(r)
		return true
	}
	for p := range sigeloued.Players {
		pc := b.color(p)
		// Locked and freed pieces first (every hop), then the steps of a lock fading.
		for i := 0; i <= freedSteps; i++ {
			fs := i - 1 // 0, freedSteps, then 1, 2, …
			switch i {
			case 0:
				fs = 0
			case 1:
				fs = freedSteps
			}
			if k, _, _ := pieceStampKey(pc, r, fs); !b.stamps.has(k) {
				b.pieceStamp(pc, r, fs)
				return true
			}
		}
	}
	return false
}

// drawTray draws player p's tray with the pieces p has captured.
func (b *elOuedBoard) drawTray(dst *ebiten.Image, p int, hot bool) {
	m := b.m
	t := b.trays[p]
	// The tray itself (a textured, outlined wooden slot) from its picture.
	tk := stampKey{kind: stampTray, w: int(math.Ceil(t.W)), h: int(math.Ceil(t.H))}
	if hot {
		tk.text = "hot"
	}
	pad := math.Ceil(t.H * 0.2)
	fx, fy := t.X-math.Floor(t.X), t.Y-math.Floor(t.Y)
	ts := b.stamps.get(tk, tk.w+int(2*pad)+1, tk.h+int(2*pad)+1, pad+fx, pad+fy, func(img *ebiten.Image) {
		sprites.DrawOuedTray(img, sprites.Rect{X: pad + fx, Y: pad + fy, W: t.W, H: t.H}, hot)
	})
	b.stamps.draw(dst, ts, t.X, t.Y, 1, 1, white)
	pc := b.color(p)
	x := t.X + t.H*0.55
	sprites.DrawPiece(dst, pc, x, t.CY(), t.H*0.26, 0)
	// The name in the small bold type, or the small one, in up to half the tray.
	lw := math.Min(t.W*0.34, m.Pt(150))
	st := ui.SmallBold
	if m.Measure(st, b.name(p)) > lw-t.H*0.95 {
		lw = math.Max(lw, math.Min(t.W*0.5, m.Measure(st, b.name(p))+t.H*0.95))
	}
	if m.Measure(st, b.name(p)) > lw-t.H*0.95 {
		st = ui.Small
	}
	m.Text(dst, m.Ellipsize(b.name(p), st, lw-t.H*0.95), st, x+t.H*0.4, t.CY()-m.LineHeight(st)/2, ui.Start, sprites.Chalk)
	// How many of the six p has taken, at the far end.
	m.Text(dst, fmt.Sprintf("%d/%d", b.taken[p], sigeloued.Pieces), st, t.Right()-t.H*0.35, t.CY()-m.LineHeight(st)/2, ui.End, sprites.Fade(sprites.Chalk, 0.8))
	// The captured pieces themselves are drawn where they lie, as pieces (see Draw); empty
	// slots are faint hollows.
	for i := 0; i < sigeloued.Pieces; i++ {
		sx, sy, r := b.slot(p, i)
		b.stamps.draw(dst, b.stamps.disc(r*0.9), sx, sy, 1, 1, color.RGBA{0, 0, 0, 40})
	}
	// Pieces captured before the picture was loaded have no place of their own: draw them in
	// the first slots.
	gone := 0
	for _, v := range b.pieces[1-p] {
		if v.gone {
			gone++
		}
	}
	n := min(gone, b.taken[p])
	for i := 0; i < n; i++ {
		sx, sy, r := b.slot(p, i)
		b.drawOuedPiece(dst, b.color(1-p), sx, sy, r, 1, 0, 1)
	}
}

// drawCircuits draws both circuits, the mover's brighter, from cached pictures.
func (b *elOuedBoard) drawCircuits(dst *ebiten.Image, mover int) {
	br := b.b.Rect
	pad := b.cs * 0.6
	b.circOff = sprites.Pt{X: math.Floor(br.X - pad), Y: math.Floor(br.Y - pad)}
	w, h := int(br.W+2*pad)+2, int(br.H+2*pad)+2
	for _, p := range []int{1 - mover, mover} {
		img := ui.Pictures.Get(circuitPicture{b.circuit.ID(), p}, w, h, func(img *ebiten.Image) {
			b.paintCircuit(img, p, -b.circOff.X, -b.circOff.Y)
		})
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(b.circOff.X, b.circOff.Y)
		if p != mover {
			op.ColorScale.ScaleAlpha(0.45)
		}
		dst.DrawImage(img, op)
	}
}

// circuitPicture names the picture of player p's circuit on an El Oued board in ui.Pictures.
type circuitPicture struct {
	owner uint64
	p     int
}

// laneColor is player p's colour for marks on the dark wood: dark colours are lightened.
func (b *elOuedBoard) laneColor(p int) color.RGBA {
	c := b.color(p).Color
	if sprites.Luma(c) < 0.35 {
		c = sprites.Mix(c, sprites.Chalk, 0.55)
	}
	return c
}

// paintCircuit paints player p's circuit: a chevron between each pair of squares along the
// rows (South's near the lower edge of the squares, North's near the upper) and a curled arrow
// where the circuit turns up or down at the end of a row; moved by (dx, dy). The marks are
// stroked at once, their shadows and then themselves (sprites.StrokeLines).
func (b *elOuedBoard) paintCircuit(dst *ebiten.Image, p int, dx, dy float64) {
	u := b.cs
	lane := u * 0.4
	if p == 1 {
		lane = -lane
	}
	w := math.Max(1.5, u*0.035)
	col := sprites.Fade(b.laneColor(p), 0.85)
	shadow := color.RGBA{0, 0, 0, 70}
	centre := func(sq int) sprites.Pt {
		c := b.b.Cells[sq].Center
		return sprites.Pt{X: c.X + dx, Y: c.Y + dy + lane}
	}
	var marks, shadows [][]sprites.Pt
	off := func(q sprites.Pt) sprites.Pt { return sprites.Pt{X: q.X + 1, Y: q.Y + 1} }
	for i := 0; i < sigeloued.CircuitLen; i++ {
		s0, s1 := elOuedCircuitSq(p, i), elOuedCircuitSq(p, (i+1)%sigeloued.CircuitLen)
		a, c := centre(s0), centre(s1)
		f0, r0 := sigeloued.FileRow(s0)
		if _, r1 := sigeloued.FileRow(s1); r0 == r1 {
			from, to := a.Lerp(c, 0.4), a.Lerp(c, 0.6)
			shadows = append(shadows, sprites.CircuitArrow(off(from), off(to), w)...)
			marks = append(marks, sprites.CircuitArrow(from, to, w)...)
			continue
		}
		// A turn at the end of a row, outside the board's squares.
		side := 1.0
		if f0 == 0 {
			side = -1
		}
		half := u * 0.5
		a.X += side * half
		c.X += side * half
		bulge := u * 0.22
		if p == 1 {
			bulge = u * 0.14
		}
		shadows = append(shadows, sprites.CircuitTurn(off(a), off(c), side, 0, bulge, w)...)
		marks = append(marks, sprites.CircuitTurn(a, c, side, 0, bulge, w)...)
	}
	sprites.StrokeLines(dst, shadows, w, shadow)
	sprites.StrokeLines(dst, marks, w, col)
}

// drawPath draws the squares the focused option's pieces pass through.
func (b *elOuedBoard) drawPath(dst *ebiten.Image, o *elOuedOption, mover int) {
	u := b.cs
	col := b.laneColor(mover)
	for _, path := range o.paths {
		for k := 1; k < len(path); k++ {
			a, c := b.b.Cells[path[k-1]].Center, b.b.Cells[path[k]].Center
			sprites.Line(dst, a, c, math.Max(2, u*0.06), sprites.Fade(col, 0.55))
			if k < len(path)-1 {
				sprites.Disc(dst, c.X, c.Y, u*0.07, sprites.Fade(col, 0.8))
			}
		}
	}
}

// drawLanding draws ghosts where the focused option's pieces end, and marks what they take.
func (b *elOuedBoard) drawLanding(dst *ebiten.Image, o *elOuedOption, mover int) {
	u := b.cs
	for _, path := range o.paths {
		end := path[len(path)-1]
		c := b.b.Cells[end].Center
		sprites.DrawOuedPiece(dst, b.color(mover), c.X, c.Y, b.pieceR()*0.92, 1, 0, 0.6)
		if end == o.land {
			sprites.Ring(dst, c.X, c.Y, b.pieceR()*1.2, math.Max(2, u*0.05), sprites.Saffron)
		}
	}
	for _, sq := range o.takes {
		c := b.b.Cells[sq].Center
		d := u * 0.3
		sprites.Ring(dst, c.X, c.Y, b.pieceR()*1.08, math.Max(2, u*0.07), sprites.Terracotta)
		sprites.Line(dst, sprites.Pt{X: c.X - d, Y: c.Y - d}, sprites.Pt{X: c.X + d, Y: c.Y + d}, math.Max(2, u*0.08), sprites.Terracotta)
		sprites.Line(dst, sprites.Pt{X: c.X - d, Y: c.Y + d}, sprites.Pt{X: c.X + d, Y: c.Y - d}, math.Max(2, u*0.08), sprites.Terracotta)
	}
}

// drawBanner draws the banner under the board: the value chip and what it means, or, with a
// piece picked at a big throw, the two choices.
func (b *elOuedBoard) drawBanner(dst *ebiten.Image, idle bool) {
	r := b.banner
	if idle && b.picked >= 0 {
		b.drawChoices(dst)
		return
	}
	k := bannerKey{value: -1, note: b.note != ""}
	k.line1, k.line2 = b.restLines()
	k.pop = 8
	if b.busy && b.line != "" {
		k.line1, k.line2 = b.line, ""
		k.pop = int(math.Round(b.pop * 8))
	}
	if b.note != "" {
		k.line2 = b.note
	}
	if v := b.w.value; v > 0 && !b.busy && b.st.Phase() == rules.PhaseMove {
		k.value, k.chip = v, b.color(b.w.toMove).Color
	}
	// A picture, painted when what it says changes: a pill and a line or two of text each
	// frame were paths on the screen in every frame of a throw.
	b.bannerPic.Draw(dst, r, k, func(img *ebiten.Image, local ui.Rect) { b.paintBanner(img, local, k) })
}

// bannerKey is what the banner shows.
type bannerKey struct {
	line1, line2 string
	pop          int // the first line's strength, in eighths (it pops in as it changes)
	value        int // the value chip's number, -1 for none
	chip         color.RGBA
	note         bool // line2 is a refusal's reason
}

// paintBanner paints the banner k in r.
func (b *elOuedBoard) paintBanner(dst *ebiten.Image, r ui.Rect, k bannerKey) {
	m := b.m
	sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, m.Pt(12)), sprites.Fade(sprites.Chalk, 0.92))
	line1, line2 := k.line1, k.line2
	scale := 0.85 + 0.15*float64(k.pop)/8
	x := r.X + m.Pt(12)
	if k.value >= 0 {
		// The value in play, on a chip in the mover's colour.
		cr := r.H * 0.36
		sprites.Disc(dst, x+cr, r.CY(), cr, k.chip)
		sprites.Ring(dst, x+cr, r.CY(), cr, math.Max(1, m.Pt(1.5)), sprites.Mix(k.chip, sprites.Ink, 0.4))
		m.Text(dst, fmt.Sprint(k.value), ui.Heading, x+cr, r.CY()-m.LineHeight(ui.Heading)/2, ui.Center, sprites.OnColor(k.chip))
		x += 2*cr + m.Pt(10)
	}
	w := r.Right() - x - m.Pt(10)
	// Each line whole: the first in the body's bold type, or the small one, wrapped if need
	// be; the note under it in the small type, wrapped. Only a banner too low for them all
	// cuts them to a line each.
	st1 := ui.BodyBold
	if m.Measure(st1, line1) > w {
		st1 = ui.SmallBold
	}
	l1, l2 := m.Wrap(line1, st1, w), []string(nil)
	if line2 != "" {
		l2 = m.Wrap(line2, ui.Small, w)
	}
	height := func() float64 {
		h := float64(len(l1))*m.LineHeight(st1) - m.Pt(2)*float64(len(l1)-1)
		if len(l2) > 0 {
			_, below := m.InkMargins(ui.Small, line2)
			return h + float64(len(l2))*m.LineHeight(ui.Small) - m.Pt(2) + below
		}
		_, below := m.InkMargins(st1, line1)
		return h + below
	}
	if height() > r.H-m.Pt(4) {
		l1 = []string{m.Ellipsize(line1, st1, w)}
		if len(l2) > 0 {
			l2 = []string{m.Ellipsize(line2, ui.Small, w)}
		}
	}
	top := r.CY() - height()/2
	c1 := sprites.Fade(sprites.Ink, scale)
	// Each line starts where it is read from: the left, or the right in Arabic.
	for _, l := range l1 {
		m.TextStart(dst, l, st1, ui.Rect{X: x, W: w}, top, c1)
		top += m.LineHeight(st1) - m.Pt(2)
	}
	c2 := sprites.Wood
	if k.note {
		c2 = sprites.Terracotta
	}
	for _, l := range l2 {
		m.TextStart(dst, l, ui.Small, ui.Rect{X: x, W: w}, top, c2)
		top += m.LineHeight(ui.Small)
	}
}

// drawChoices draws "Move 7" and "Free all k, then 7−k" for the picked piece.
func (b *elOuedBoard) drawChoices(dst *ebiten.Image) {
	m := b.m
	plain, free := b.optionsOf(b.picked)
	v := b.w.value
	labels := [2][2]string{}
	if plain != nil {
		sub := lang.T("oued.btn.lands", sigeloued.SquareName(plain.land))
		if len(plain.takes) > 0 {
			sub = lang.T("oued.btn.takes", sigeloued.SquareName(plain.land))
		}
		labels[0] = [2]string{lang.T("oued.btn.move", v), sub}
	} else {
		labels[0] = [2]string{lang.T("oued.btn.move", v), lang.T("oued.btn.blocked")}
	}
	if free != nil {
		sub := lang.T("oued.btn.ends", sigeloued.SquareName(free.land))
		if n := len(free.takes); n > 0 {
			sub = lang.T("oued.btn.endstakes", sigeloued.SquareName(free.land), n)
		}
		labels[1] = [2]string{lang.T("oued.btn.free", free.freedN, v-free.freedN), sub}
	}
	for i := 0; i < 2; i++ {
		btn := &ui.Button{ID: "choice", Label: labels[i][0], Sub: labels[i][1], Rect: b.choices[i], Look: ui.Plain}
		if (i == 0 && plain == nil) || (i == 1 && free == nil) {
			btn.Disabled = true
		}
		focused := i == b.choice
		if b.hoverChoice >= 0 {
			focused = i == b.hoverChoice
		}
		if focused && !btn.Disabled {
			btn.Look = ui.Primary
		}
		ui.DrawButton(dst, m, btn, i == b.hoverChoice, false)
		if i == b.choice && b.inChoice {
			ui.FocusRing(dst, m, btn.Rect)
		}
	}
}
