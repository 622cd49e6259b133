package boards

import (
	"math"

	"sig/rules"
	"sig/rules/sigeloued"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

func init() {
	stage.Register(sigeloued.Info.ID, func(env *stage.Env) stage.Board { return newElOuedBoard(env) })
}

// elOuedBoard is Sig El Oued's board: the 3×6 plank with each player's circuit drawn as faint
// chevrons in the player's colour (South's along the lower edge of each row, North's along the
// upper edge, curling round the ends of the rows), six pieces each that lie flat with a lock
// until they are freed and then stand up, a tray above the board for North's captures and one
// below for South's, and a banner under the board that says what the throw in play means.
//
// Picking: a tap (or enter) on a piece that can use the value plays it; with a 7 or a 13 and a
// piece that can also free all, two buttons take the banner's place, "Move 7" and "Free all,
// then 7−k", each previewed on the board. Hovering or focusing a piece previews where it lands.
// Everything shown comes from the states (the protocol's STATE) and the events; the previews
// play each legal move on a copy of the state and read its events.
type elOuedBoard struct {
	env *stage.Env
	m   ui.Metrics
	b   *sprites.Board
	cs  float64 // the side of a square

	trays   [sigeloued.Players]ui.Rect // where South's (0) and North's (1) captures lie
	banner  ui.Rect
	choices [2]ui.Rect // "Move 7" and "Free all" over the banner
	circuit ui.Owner   // names the circuits' pictures in ui.Pictures
	circOff sprites.Pt // where the circuit pictures' top-left lies
	// stamps keeps the pieces (per colour, size, freeing and lift, in steps) and the trays
	// drawn once: a piece is a dozen antialiased paths, and filling those afresh for 12
	// pieces every frame makes a moving frame cost 13 ms of processor time and a second of
	// software rendering (BENCHMARKS.md, "Frame rates, desktop and browser").
	stamps stampCache
	// bannerPic is the banner under the board while it says something (not the choices).
	bannerPic ui.Picture[bannerKey]

	// The picture as it is now; animation steps change it event by event.
	pieces [sigeloued.Players][sigeloued.Pieces]elOuedPiece
	taken  [sigeloued.Players]int // pieces each player has captured
	lit    []int                  // the squares the last move touched
	litFor rules.State
	line   string // the banner's main line during an animation
	pop    float64
	busy   bool

	// The position at rest, from Sync.
	st      rules.State
	w       elOuedView
	opts    []elOuedOption
	meaning string // what the last throw meant, and whose it was
	meantBy int
	lastKey string // the key saying the last throw after its player's name, where it has its own
	hints   bool

	// Picking.
	hover       int // the square under the pointer, or -1
	hoverChoice int // the choice button under the pointer, or -1
	cursor      int // the keyboard cursor's square; -1 until the first position is shown
	keys        bool
	inChoice    bool // the keyboard is on the choice buttons
	picked      int  // the square whose big-throw choice is open, or -1
	choice      int  // the focused choice: 0 move, 1 free all
	note        string
}

// elOuedPlace is where a piece is: a square of the board, or a slot of a captor's tray.
type elOuedPlace struct {
	tray   bool
	sq     int
	captor int
	slot   int
}

// elOuedPiece is one piece as drawn: on its way from one place to another (t from 0 to 1).
type elOuedPiece struct {
	from, to elOuedPlace
	t        float64
	hop      float64 // how high it rises half way, in radii
	freed    float64 // 0 never moved (flat, locked), 1 freed (standing)
	alpha    float64
	gone     bool // captured before the picture was loaded: drawn in the tray only
}

// elOuedView is a Sig El Oued position as the board reads it from the rules' state.
type elOuedView struct {
	toMove int
	value  int // the value to play at a decision, 0 otherwise
	// sq is the square of each piece (the rules' square index, the board's cell), -1 once
	// captured.
	sq       [sigeloued.Players][sigeloued.Pieces]int
	freed    [sigeloued.Players][sigeloued.Pieces]bool
	captured [sigeloued.Players]int
}

// elOuedRead reads st; ok is false for a state of another game.
func elOuedRead(st rules.State) (elOuedView, bool) {
	var v elOuedView
	s, ok := st.(*sigeloued.State)
	if !ok || s == nil {
		return v, false
	}
	v.toMove, v.value = s.ToMove(), s.Value()
	for p := range sigeloued.Players {
		for id := 0; id < sigeloued.Pieces; id++ {
			v.sq[p][id] = sigeloued.SquareOf(s.Locate(p, id))
			v.freed[p][id] = s.Freed(p, id)
		}
		v.captured[p] = s.Captured(p)
	}
	return v, true
}

// elOuedEnds are the squares the rules name for e (rules.Info.Where), -1 where none.
func elOuedEnds(e rules.Event) (from, to int) {
	f, t := sigeloued.Info.Where(e)
	return sigeloued.SquareOf(f), sigeloued.SquareOf(t)
}

// elOuedCircuitSq is the square of player's circuit index i, for drawing the circuits.
func elOuedCircuitSq(player, i int) int { return sigeloued.SquareOf(sigeloued.Place(player, i)) }

// elOuedOption is one legal move at a decision, as played on a copy of the state.
type elOuedOption struct {
	move   rules.Move
	free   bool
	sq     int     // the square of the piece picked
	paths  [][]int // each moved piece's squares, its start first (free all: the freed pieces, front first)
	takes  []int   // squares where an opposing piece is taken
	land   int     // where the picked piece ends
	freedN int     // free all: how many pieces step out
}

func newElOuedBoard(env *stage.Env) *elOuedBoard {
	return &elOuedBoard{env: env, hover: -1, hoverChoice: -1, picked: -1, cursor: -1, meantBy: -1}
}

// Layout stacks, in r: North's tray, the board, the banner and South's tray.
func (b *elOuedBoard) Layout(m ui.Metrics, r ui.Rect) {
	b.m = m
	s := math.Min(r.W, r.H)
	gap := math.Max(m.Pt(6), s*0.012)
	trayH := math.Max(m.Pt(30), math.Min(m.Pt(50), s*0.095))
	// The banner holds two lines (what the throw allows, and a note) at the chosen text size,
	// with room for Naskh's dots under the second.
	_, below := m.LineMargins(ui.Small)
	bannerH := math.Max(m.Pt(56), m.LineHeight(ui.BodyBold)+m.LineHeight(ui.Small)-m.Pt(2)+below+m.Pt(8))
	avail := math.Max(20, r.H-2*trayH-bannerH-3*gap)
	// Where the board is held by the width (a phone), the banner takes a third line of the
	// height left over: a long line wraps rather than being cut.
	if three := m.LineHeight(ui.BodyBold) + 2*m.LineHeight(ui.Small) + below + m.Pt(8); three > bannerH {
		probe := sprites.LayoutBoard(sigeloued.Info.ID, sprites.Rect{X: r.X, Y: 0, W: r.W, H: avail})
		if r.H-2*trayH-3*gap-probe.Rect.H >= three {
			bannerH = three
		}
	}
	if b.b != nil {
		b.b.Dispose()
	}
	for p := range sigeloued.Players {
		ui.Pictures.Forget(circuitPicture{b.circuit.ID(), p})
	}
	b.stamps.reset()
	probe := sprites.LayoutBoard(sigeloued.Info.ID, sprites.Rect{X: r.X, Y: 0, W: r.W, H: avail})
	total := trayH + gap + probe.Rect.H + gap + bannerH + gap + trayH
	y := r.Y + math.Max(0, (r.H-total)/2)
	w := probe.Rect.W
	x := r.X + (r.W-w)/2
	b.trays[1] = ui.Rect{X: x, Y: y, W: w, H: trayH}
	b.b = sprites.LayoutBoard(sigeloued.Info.ID, sprites.Rect{X: r.X, Y: y + trayH + gap, W: r.W, H: probe.Rect.H})
	by := b.b.Rect.Y + b.b.Rect.H + gap
	b.banner = ui.Rect{X: x, Y: by, W: w, H: bannerH}
	b.trays[0] = ui.Rect{X: x, Y: by + bannerH + gap, W: w, H: trayH}
	cols := b.banner.Columns(2, m.Pt(10))
	b.choices = [2]ui.Rect{cols[0], cols[1]}
	c := b.b.Cells[0].Poly
	b.cs = c[1].X - c[0].X
}

// UprightHeight is the height the board takes on a phone held upright, w wide: the board at the
// whole width, its trays, and the banner with room for a third line (a long line in a longer
// language or larger text wraps rather than being cut; Layout gives it that line where the
// board leaves the height).
func (b *elOuedBoard) UprightHeight(m ui.Metrics, w float64) float64 {
	gap := math.Max(m.Pt(6), w*0.012)
	trayH := math.Max(m.Pt(30), math.Min(m.Pt(50), w*0.095))
	_, below := m.LineMargins(ui.Small)
	three := math.Max(m.Pt(56), m.LineHeight(ui.BodyBold)+2*m.LineHeight(ui.Small)+below+m.Pt(8))
	board := sprites.LayoutBoard(sigeloued.Info.ID, sprites.Rect{W: w, H: 4 * w})
	return 2*trayH + 3*gap + board.Rect.H + three + 1
}

// pieceR is the radius of a piece on a square.
func (b *elOuedBoard) pieceR() float64 { return b.cs * 0.37 }

// slot is where the i-th capture in captor's tray lies, and its radius.
func (b *elOuedBoard) slot(captor, i int) (x, y, r float64) {
	t := b.trays[captor&1]
	lw := math.Min(t.W*0.34, b.m.Pt(150))
	step := (t.W - lw - t.H*0.5 - b.m.Pt(34)) / sigeloued.Pieces
	r = math.Min(step*0.42, t.H*0.36)
	return t.X + lw + (float64(i)+0.5)*step, t.CY(), r
}

// at is where a place lies on screen and how large a piece is drawn there.
func (b *elOuedBoard) at(p elOuedPlace) (x, y, r float64) {
	if p.tray {
		return b.slot(p.captor, p.slot)
	}
	if b.b == nil || p.sq < 0 || p.sq >= len(b.b.Cells) {
		return 0, 0, 0
	}
	c := b.b.Cells[p.sq].Center
	return c.X, c.Y, b.pieceR()
}

// load puts every piece where w says, at rest.
func (b *elOuedBoard) load(w elOuedView) {
	for p := range sigeloued.Players {
		for id := range b.pieces[p] {
			b.pieces[p][id] = elOuedPiece{gone: true, alpha: 1}
			if w.sq[p][id] < 0 {
				continue
			}
			pl := elOuedPlace{sq: w.sq[p][id]}
			f := 0.0
			if w.freed[p][id] {
				f = 1
			}
			b.pieces[p][id] = elOuedPiece{from: pl, to: pl, freed: f, alpha: 1}
		}
	}
	b.taken = w.captured
}

// firstPiece is the square of the first piece on the board of the player to move (the
// keyboard cursor's first square), -1 if they have none.
func firstPiece(w elOuedView) int {
	for _, sq := range w.sq[w.toMove&1] {
		if sq >= 0 {
			return sq
		}
	}
	return -1
}

// Sync shows s at rest and works out the decision, if there is one.
func (b *elOuedBoard) Sync(s rules.State) {
	w, ok := elOuedRead(s)
	if !ok {
		return
	}
	b.load(w)
	b.busy, b.line, b.pop = false, "", 0
	if b.litFor == nil || !b.litFor.Equal(s) {
		b.lit = nil // undo, or the first position: no last move to show
	}
	changed := b.st == nil || !b.st.Equal(s)
	b.st, b.w = s.Clone(), w
	if b.cursor < 0 {
		b.cursor = firstPiece(w)
	}
	if changed {
		b.picked, b.inChoice, b.note, b.choice = -1, false, "", 0
		b.hoverChoice = -1
	}
	b.opts = b.opts[:0]
	if s.Phase() == rules.PhaseMove && w.value > 0 {
		for _, mv := range s.Legal(nil) {
			if o, ok := b.preview(s, mv, w.value); ok {
				b.opts = append(b.opts, o)
			}
		}
		if changed && len(b.opts) > 0 && !b.pickable(b.cursor) {
			b.cursor = b.opts[0].sq
		}
	}
}

// preview plays mv on a copy of s and reads what it does from the events: which pieces move
// through which squares, what they take, where the picked one lands.
func (b *elOuedBoard) preview(s rules.State, mv rules.Move, value int) (elOuedOption, bool) {
	o := elOuedOption{move: mv, land: -1}
	var ok bool
	if o.sq, o.free, ok = sigeloued.PickOf(mv); !ok {
		return o, false
	}
	c := s.Clone()
	var ev rules.Events
	if err := c.Apply(mv, &ev); err != nil {
		return o, false
	}
	which := map[int]int{} // player*6+piece → index into paths
	steps := 0
	var last int
loop:
	for _, e := range ev {
		switch e.Kind {
		case rules.EvFreeAll:
			o.freedN = e.Count
		case rules.EvFreed, rules.EvStep:
			if steps == value {
				break loop
			}
			if e.Kind == rules.EvFreed {
				continue
			}
			steps++
			from, to := elOuedEnds(e)
			k := e.Player*sigeloued.Pieces + e.Piece
			i, ok := which[k]
			if !ok {
				i = len(o.paths)
				which[k] = i
				o.paths = append(o.paths, []int{from})
			}
			o.paths[i] = append(o.paths[i], to)
			last = i
		case rules.EvCaptured:
			sq, _ := elOuedEnds(e)
			o.takes = append(o.takes, sq)
		case rules.EvGameOver:
		default:
			break loop
		}
	}
	if len(o.paths) == 0 {
		return o, false
	}
	p := o.paths[last]
	o.land = p[len(p)-1]
	return o, true
}

// starts reports whether one of o's pieces sets out from sq.
func (o *elOuedOption) starts(sq int) bool {
	for _, p := range o.paths {
		if p[0] == sq {
			return true
		}
	}
	return false
}

// pickable reports whether the piece on sq can use the value in play.
func (b *elOuedBoard) pickable(sq int) bool {
	for _, o := range b.opts {
		if o.sq == sq {
			return true
		}
	}
	return false
}

// optionsOf are the plain move and the free-all option of the piece on sq (nil where none).
func (b *elOuedBoard) optionsOf(sq int) (plain, free *elOuedOption) {
	for i := range b.opts {
		o := &b.opts[i]
		if o.sq != sq {
			continue
		}
		if o.free {
			free = o
		} else {
			plain = o
		}
	}
	return plain, free
}

// big reports whether the value in play is a big throw (one piece moves it, or free all).
func (b *elOuedBoard) big() bool {
	return b.st != nil && b.st.(*sigeloued.State).Due().FreeAll
}

func (b *elOuedBoard) name(p int) string {
	if p >= 0 && p < len(b.env.Names) && b.env.Names[p] != "" {
		return b.env.Names[p]
	}
	return lang.T([sigeloued.Players]string{"sadeqa.south", "sadeqa.north"}[p&1])
}

func (b *elOuedBoard) color(p int) sprites.PlayerColor {
	if p >= 0 && p < len(b.env.Colors) {
		return b.env.Colors[p]
	}
	return sprites.Player(p)
}
