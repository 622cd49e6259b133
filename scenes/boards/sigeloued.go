package boards

import (
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/rules"
	"sig/rules/sigeloued"
	"sig/scenes/board"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

func init() {
	board.Register(sprites.SigElOued, func(env *board.Env) board.Board { return newElOuedBoard(env) })
}

// Sig El Oued's timings at normal speed (DESIGN.md).
const (
	elOuedStepTime    = 0.12 // a piece stepping one square, eased
	elOuedCaptureTime = 0.3  // a captured piece lifts, shrinks and flies to the captor's tray
	elOuedPopTime     = 0.3  // what a throw means pops up in the banner
	elOuedLostTime    = 0.6  // "no piece can use the 3"
	elOuedFadeTime    = 0.15 // reduced motion: a piece fades out here and in there
)

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
	env *board.Env
	m   ui.Metrics
	b   *sprites.Board
	cs  float64 // the side of a square

	trays   [2]ui.Rect // where South's (0) and North's (1) captures lie
	banner  ui.Rect
	choices [2]ui.Rect // "Move 7" and "Free all" over the banner
	circuit [2]*ebiten.Image
	circOff sprites.Pt // where the circuit images' top-left lies
	// stamps keeps the pieces (per colour, size, freeing and lift, in steps) and the trays
	// drawn once: a piece is a dozen antialiased paths, and filling those afresh for 12
	// pieces every frame made a moving frame cost 13 ms of processor time and a second of
	// software rendering (BENCHMARKS.md).
	stamps stampCache
	// bannerPic is the banner under the board while it says something (not the choices).
	bannerPic ui.Picture[bannerKey]

	// The picture as it is now; animation steps change it event by event.
	pieces [2][sigeloued.Pieces]elOuedPiece
	taken  [2]int // pieces each player has captured
	lit    []int  // the squares the last move touched
	litFor rules.State
	line   string // the banner's main line during an animation
	pop    float64
	busy   bool

	// The position at rest, from Sync.
	st      rules.State
	w       elOuedWire
	opts    []elOuedOption
	meaning string // what the last throw meant, and whose it was
	meantBy int
	hints   bool

	// Picking.
	hover       int // the square under the pointer, or -1
	hoverChoice int // the choice button under the pointer, or -1
	cursor      int // the keyboard cursor's square
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

// elOuedWire is the protocol's STATE of Sig El Oued (rules/sigeloued's Wire).
type elOuedWire struct {
	ToMove int    `json:"to_move"`
	Phase  string `json:"phase"`
	Ranks  []int  `json:"ranks"`
	Pieces [2][]struct {
		Square string `json:"square"`
		Index  int    `json:"index"`
		Freed  bool   `json:"freed"`
		ID     int    `json:"id"`
	} `json:"pieces"`
	Captured [2]int `json:"captured"`
	Value    *int   `json:"value"`
	Pending  struct {
		Values      []int  `json:"values"`
		Then        string `json:"then"`
		Six         bool   `json:"six"`
		BonusThrows int    `json:"bonus_throws"`
		Thirteen    bool   `json:"thirteen"`
	} `json:"pending"`
	Thrown [2]bool `json:"thrown"`
}

// elOuedRead decodes the STATE of st; ok is false for a state of another game.
func elOuedRead(st rules.State) (elOuedWire, bool) {
	var w elOuedWire
	if st == nil || st.Info().ID != sprites.SigElOued {
		return w, false
	}
	raw, err := json.Marshal(st.Wire())
	if err != nil || json.Unmarshal(raw, &w) != nil {
		return elOuedWire{}, false
	}
	return w, true
}

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

// elOuedSq is the square (row*6+file) of player's circuit index.
func elOuedSq(player, index int) int {
	if index < 0 || index >= sigeloued.CircuitLen {
		return -1
	}
	f, r := sigeloued.Square(player&1, index)
	return r*sigeloued.Files + f
}

// elOuedSquareOf reads a square's name ("c2").
func elOuedSquareOf(name string) int {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'f' || name[1] < '1' || name[1] > '3' {
		return -1
	}
	return int(name[1]-'1')*sigeloued.Files + int(name[0]-'a')
}

func newElOuedBoard(env *board.Env) *elOuedBoard {
	return &elOuedBoard{env: env, hover: -1, hoverChoice: -1, picked: -1, cursor: 1, meantBy: -1}
}

// Layout stacks, in r: North's tray, the board, the banner and South's tray.
func (b *elOuedBoard) Layout(m ui.Metrics, r ui.Rect) {
	b.m = m
	s := math.Min(r.W, r.H)
	gap := math.Max(m.Pt(6), s*0.012)
	trayH := math.Max(m.Pt(30), math.Min(m.Pt(50), s*0.095))
	bannerH := m.Pt(56)
	avail := math.Max(20, r.H-2*trayH-bannerH-3*gap)
	if b.b != nil {
		b.b.Dispose()
	}
	for i, img := range b.circuit {
		if img != nil {
			img.Deallocate()
			b.circuit[i] = nil
		}
	}
	b.stamps.reset()
	probe := sprites.LayoutBoard(sprites.SigElOued, sprites.Rect{X: r.X, Y: 0, W: r.W, H: avail})
	total := trayH + gap + probe.Rect.H + gap + bannerH + gap + trayH
	y := r.Y + math.Max(0, (r.H-total)/2)
	w := probe.Rect.W
	x := r.X + (r.W-w)/2
	b.trays[1] = ui.Rect{X: x, Y: y, W: w, H: trayH}
	b.b = sprites.LayoutBoard(sprites.SigElOued, sprites.Rect{X: r.X, Y: y + trayH + gap, W: r.W, H: probe.Rect.H})
	by := b.b.Rect.Y + b.b.Rect.H + gap
	b.banner = ui.Rect{X: x, Y: by, W: w, H: bannerH}
	b.trays[0] = ui.Rect{X: x, Y: by + bannerH + gap, W: w, H: trayH}
	cols := b.banner.Columns(2, m.Pt(10))
	b.choices = [2]ui.Rect{cols[0], cols[1]}
	c := b.b.Cells[0].Poly
	b.cs = c[1].X - c[0].X
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
func (b *elOuedBoard) load(w elOuedWire) {
	for p := 0; p < 2; p++ {
		for id := range b.pieces[p] {
			b.pieces[p][id] = elOuedPiece{gone: true, alpha: 1}
		}
	}
	for p := 0; p < 2; p++ {
		for _, pc := range w.Pieces[p] {
			if pc.ID < 0 || pc.ID >= sigeloued.Pieces {
				continue
			}
			pl := elOuedPlace{sq: elOuedSquareOf(pc.Square)}
			f := 0.0
			if pc.Freed {
				f = 1
			}
			b.pieces[p][pc.ID] = elOuedPiece{from: pl, to: pl, freed: f, alpha: 1}
		}
	}
	b.taken = w.Captured
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
	if changed {
		b.picked, b.inChoice, b.note, b.choice = -1, false, "", 0
		b.hoverChoice = -1
	}
	b.opts = b.opts[:0]
	if s.Phase() == rules.PhaseMove && w.Value != nil {
		for _, mv := range s.Legal(nil) {
			if o, ok := b.preview(s, mv, *w.Value); ok {
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
	text := s.FormatMove(mv)
	name := strings.TrimPrefix(text, "free-all ")
	o.free = name != text
	o.sq = elOuedSquareOf(name)
	if o.sq < 0 {
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
			k := e.Player*sigeloued.Pieces + e.Piece
			i, ok := which[k]
			if !ok {
				i = len(o.paths)
				which[k] = i
				o.paths = append(o.paths, []int{elOuedSq(e.Player, e.From)})
			}
			o.paths[i] = append(o.paths[i], elOuedSq(e.Player, e.To))
			last = i
		case rules.EvCaptured:
			o.takes = append(o.takes, e.To)
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

// big reports whether the value in play is a big throw (7 or 13).
func (b *elOuedBoard) big() bool {
	return b.w.Value != nil && (*b.w.Value == 7 || *b.w.Value == 13)
}

func (b *elOuedBoard) ShowHints(s rules.State, legal []rules.Move) { b.hints = legal != nil }

// Hits adds the 18 squares and, at a big throw, the two choice buttons (shown once a piece
// that can free all is picked).
func (b *elOuedBoard) Hits(h *ui.HitMap) {
	if b.b == nil {
		return
	}
	for i, c := range b.b.Cells {
		h.AddPolygon(c.Hit, ui.Target{Kind: "cell", N: i})
	}
	if b.big() {
		for i, id := range []string{"move", "free"} {
			h.AddRect(b.choices[i], ui.Target{Kind: "choice", ID: id, N: i})
		}
	}
}

// Input picks a move from taps on the squares and the choice buttons, the pointer's hover,
// arrows (a cursor over the squares, down into the buttons), tab (the next piece that can
// move) and enter.
func (b *elOuedBoard) Input(in ui.Intent, s rules.State, legal []rules.Move) (rules.Move, bool) {
	if b.st == nil || !b.st.Equal(s) {
		b.Sync(s)
	}
	switch in.Kind {
	case ui.Point:
		b.hover, b.hoverChoice = -1, -1
		switch in.Target.Kind {
		case "cell":
			b.hover = in.Target.N
		case "choice":
			if b.picked >= 0 {
				b.hoverChoice = in.Target.N
			}
		}
	case ui.Tap:
		b.keys = false
		switch in.Target.Kind {
		case "cell":
			return b.pick(in.Target.N)
		case "choice":
			if b.picked >= 0 {
				return b.choose(in.Target.N)
			}
		}
		b.picked, b.note = -1, ""
	case ui.Move:
		b.keys = true
		b.note = ""
		if b.inChoice {
			switch {
			case in.DY < 0:
				b.inChoice = false
			case in.DX != 0:
				b.choice = 1 - b.choice
			}
			return 0, false
		}
		f, r := b.cursor%sigeloued.Files, b.cursor/sigeloued.Files
		if in.DY > 0 && r == 0 && b.picked >= 0 {
			b.inChoice = true
			return 0, false
		}
		f = max(0, min(sigeloued.Files-1, f+in.DX))
		r = max(0, min(sigeloued.Rows-1, r-in.DY))
		b.cursor = r*sigeloued.Files + f
	case ui.Next, ui.Prev:
		b.keys = true
		if b.inChoice && b.picked >= 0 {
			// Tab goes from "Move" to "Free all" (shift-tab back) before it leaves the choice.
			plain, free := b.optionsOf(b.picked)
			if plain != nil && free != nil && (b.choice == 0) == (in.Kind == ui.Next) {
				b.choice = 1 - b.choice
				return 0, false
			}
		}
		b.inChoice = false
		b.cycle(in.Kind == ui.Next)
	case ui.Activate:
		b.keys = true
		if b.inChoice && b.picked >= 0 {
			return b.choose(b.choice)
		}
		return b.pick(b.cursor)
	}
	return 0, false
}

// cycle moves the cursor to the next (or previous) piece that can move, in square order.
func (b *elOuedBoard) cycle(forward bool) {
	var sqs []int
	for _, o := range b.opts {
		if len(sqs) == 0 || sqs[len(sqs)-1] != o.sq {
			sqs = append(sqs, o.sq)
		}
	}
	if len(sqs) == 0 {
		return
	}
	for k := 1; k <= sigeloued.Squares; k++ {
		d := k
		if !forward {
			d = -k
		}
		sq := ((b.cursor+d)%sigeloued.Squares + sigeloued.Squares) % sigeloued.Squares
		if b.pickable(sq) {
			b.cursor = sq
			return
		}
	}
}

// pick handles a tap (or enter) on square sq.
func (b *elOuedBoard) pick(sq int) (rules.Move, bool) {
	if sq < 0 || sq >= sigeloued.Squares {
		return 0, false
	}
	b.cursor = sq
	b.note = ""
	if b.picked >= 0 {
		// The landing square of the open choice's "move" plays it.
		if plain, _ := b.optionsOf(b.picked); plain != nil && sq == plain.land && sq != b.picked {
			return b.take(plain.move)
		}
		if sq == b.picked {
			b.picked, b.inChoice = -1, false
			return 0, false
		}
	}
	plain, free := b.optionsOf(sq)
	switch {
	case free != nil:
		// A big throw and a piece that can free all: open the choice.
		b.picked, b.choice, b.hoverChoice = sq, 0, -1
		if plain == nil {
			b.choice = 1
		}
		if b.keys {
			b.inChoice = true
		}
		return 0, false
	case plain != nil:
		return b.take(plain.move)
	}
	b.picked, b.inChoice = -1, false
	b.note = b.refusal(sq)
	return 0, false
}

// choose plays the choice button i (0 move, 1 free all) of the picked piece.
func (b *elOuedBoard) choose(i int) (rules.Move, bool) {
	plain, free := b.optionsOf(b.picked)
	o := plain
	if i == 1 {
		o = free
	}
	if o == nil {
		b.note = lang.T("oued.cantdo")
		if i == 0 {
			b.note = b.refusalOf(sigeloued.SquareName(b.picked))
		}
		return 0, false
	}
	return b.take(o.move)
}

// take hands mv to the play scene and closes the choice.
func (b *elOuedBoard) take(mv rules.Move) (rules.Move, bool) {
	b.picked, b.inChoice, b.hoverChoice, b.note = -1, false, -1, ""
	return mv, true
}

// refusal says why the piece on sq (or the square itself) cannot be played.
func (b *elOuedBoard) refusal(sq int) string {
	if b.st == nil {
		return ""
	}
	me := b.st.ToMove()
	for _, pc := range b.w.Pieces[me&1] {
		if elOuedSquareOf(pc.Square) == sq {
			return b.refusalOf(pc.Square)
		}
	}
	return say(b.env, me, "oued.tapone")
}

// refusalOf asks the rules why the plain move of the piece on square name is illegal, and says
// it in the player's language from the rules' typed reason.
func (b *elOuedBoard) refusalOf(name string) string {
	mv, err := b.st.ParseMove(name)
	if err != nil {
		return lang.T("oued.no")
	}
	err = b.st.Clone().Apply(mv, nil)
	if err == nil {
		return ""
	}
	var r *sigeloued.Refusal
	if !errors.As(err, &r) {
		return lang.T("oued.no")
	}
	switch r.Reason {
	case sigeloued.NoPiece:
		return lang.T("oued.no.piece")
	case sigeloued.FreeAllNeeds:
		return lang.T("oued.no.freeall")
	case sigeloued.FreeAllHeld:
		return lang.T("oued.no.block")
	case sigeloued.AlreadyFreed:
		return lang.T("oued.no.freed", r.Square)
	case sigeloued.NeverMoved:
		return lang.T("oued.no.unfreed", r.Square)
	case sigeloued.OwnPiece:
		return lang.T("oued.no.own", r.Square)
	}
	return lang.T("oued.no")
}

func (b *elOuedBoard) name(p int) string {
	if p >= 0 && p < len(b.env.Names) && b.env.Names[p] != "" {
		return b.env.Names[p]
	}
	return lang.T([2]string{"sadeqa.south", "sadeqa.north"}[p&1])
}

func (b *elOuedBoard) color(p int) sprites.PlayerColor {
	if p >= 0 && p < len(b.env.Colors) {
		return b.env.Colors[p]
	}
	return sprites.Player(p)
}

// Animate replays ev: the banner says what each throw means, pieces step square by square,
// freed pieces stand up as they leave, captured ones fly to their captor's tray.
func (b *elOuedBoard) Animate(q *board.Queue, before, after rules.State, ev rules.Events) {
	bw, ok := elOuedRead(before)
	if !ok {
		return
	}
	if !b.sameAs(bw) {
		b.load(bw)
	}
	// The plan follows the pieces through the events as the steps will move them.
	type plan struct {
		sq    int
		freed bool
	}
	var at [2][sigeloued.Pieces]plan
	for p := 0; p < 2; p++ {
		for id := range at[p] {
			at[p][id].sq = -1
		}
		for _, pc := range bw.Pieces[p] {
			if pc.ID >= 0 && pc.ID < sigeloued.Pieces {
				at[p][pc.ID] = plan{elOuedSquareOf(pc.Square), pc.Freed}
			}
		}
	}
	taken := bw.Captured
	reduced := b.env.Reduced
	var lit []int
	litAdd := func(sq int) {
		for _, x := range lit {
			if x == sq {
				return
			}
		}
		lit = append(lit, sq)
	}
	// From now until the next Sync the picture is in motion: no picking marks. While the
	// sticks are still in the air (their tumble is queued before these steps) the banner says so.
	b.busy, b.picked, b.inChoice, b.note, b.pop = true, -1, false, "", 1
	b.lit = nil
	b.line = "…"
	if len(ev) > 0 && ev[0].Kind == rules.EvThrow {
		b.line = say(b.env, ev[0].Player, "oued.throwing")
	}
	for i := 0; i < len(ev); i++ {
		e := ev[i]
		pl := e.Player & 1
		switch e.Kind {
		case rules.EvThrow:
			text := elOuedMeaning(bw, ev, i)
			who := e.Player
			b.banner1(q, text, elOuedPopTime, func() { b.meaning, b.meantBy = text, who })
		case rules.EvNoMove:
			b.banner1(q, lang.T("oued.lost", e.Value), elOuedLostTime, nil)
		case rules.EvFreeAll:
			b.banner1(q, lang.T("oued.freeall", e.Count), elOuedPopTime, nil)
		case rules.EvStep:
			if e.Piece < 0 || e.Piece >= sigeloued.Pieces {
				continue
			}
			// A run of steps of one piece.
			j := i
			for j+1 < len(ev) && ev[j+1].Kind == rules.EvStep && ev[j+1].Player == e.Player && ev[j+1].Piece == e.Piece {
				j++
			}
			pc := &b.pieces[pl][e.Piece]
			wasFreed := at[pl][e.Piece].freed
			for k := i; k <= j; k++ {
				from, to := elOuedSq(pl, ev[k].From), elOuedSq(pl, ev[k].To)
				if k == i {
					litAdd(from)
				}
				if k == j {
					litAdd(to)
				}
				if reduced {
					continue
				}
				f0, f1 := 1.0, 1.0
				if k == i && !wasFreed {
					f0 = 0
				}
				q.Add(board.Step{
					Dur: elOuedStepTime,
					Start: func() {
						*pc = elOuedPiece{from: elOuedPlace{sq: from}, to: elOuedPlace{sq: to}, hop: 0.35, freed: f0, alpha: 1}
						audio.Play(audio.Step)
					},
					Run: func(t float64) {
						pc.t = board.Ease(t)
						pc.freed = f0 + (f1-f0)*math.Min(1, t*1.5)
						if t >= 1 {
							pc.from, pc.t = pc.to, 0
						}
					},
				})
			}
			if reduced {
				from, to := elOuedSq(pl, ev[i].From), elOuedSq(pl, ev[j].To)
				q.Add(board.Step{
					Dur:   elOuedFadeTime * 2,
					Start: func() { audio.Play(audio.Step) },
					Run: func(t float64) {
						*pc = elOuedPiece{from: elOuedPlace{sq: from}, to: elOuedPlace{sq: from}, freed: 1, alpha: 1 - 2*t}
						if t >= 0.5 {
							*pc = elOuedPiece{from: elOuedPlace{sq: to}, to: elOuedPlace{sq: to}, freed: 1, alpha: 2*t - 1}
						}
					},
				})
			}
			at[pl][e.Piece] = plan{elOuedSq(pl, ev[j].To), true}
			i = j
		case rules.EvCaptured:
			victim := 1 - pl
			if e.Piece < 0 || e.Piece >= sigeloued.Pieces {
				continue
			}
			vc := &b.pieces[victim][e.Piece]
			sq, slot, captor := e.To, taken[pl], pl
			taken[pl]++
			f := 0.0
			if at[victim][e.Piece].freed {
				f = 1
			}
			at[victim][e.Piece].sq = -1
			dst := elOuedPlace{tray: true, captor: captor, slot: slot}
			dur, hop := elOuedCaptureTime, 1.2
			if reduced {
				dur, hop = elOuedFadeTime*2, 0
			}
			q.Add(board.Step{
				Dur: dur,
				Start: func() {
					*vc = elOuedPiece{from: elOuedPlace{sq: sq}, to: dst, hop: hop, freed: f, alpha: 1}
					audio.Play(audio.Capture)
				},
				Run: func(t float64) {
					if reduced {
						vc.alpha = math.Abs(1 - 2*t)
						vc.t = 0
						if t >= 0.5 {
							vc.t = 1
						}
					} else {
						// Lift first, then fly.
						vc.t = board.Ease(t)
					}
					if t >= 1 {
						vc.from, vc.t, vc.alpha = dst, 0, 1
						b.taken[captor] = slot + 1
					}
				},
			})
		case rules.EvGameOver:
			text := lang.T("log.over")
			if r := after.Ranks(); len(r) == 2 {
				switch {
				case r[0] < r[1]:
					text = say(b.env, 0, "oued.alltaken")
				case r[1] < r[0]:
					text = say(b.env, 1, "oued.alltaken")
				default:
					text = lang.T("oued.drawn", sigeloued.QuietLimit)
				}
			}
			b.banner1(q, text, elOuedPopTime, nil)
		}
	}
	if len(lit) > 0 {
		final := after.Clone()
		q.Add(board.Step{Start: func() { b.lit, b.litFor = lit, final }})
	}
}

// sameAs reports whether the picture shows w's pieces already (so an animation starts from it).
func (b *elOuedBoard) sameAs(w elOuedWire) bool {
	if b.taken != w.Captured {
		return false
	}
	for p := 0; p < 2; p++ {
		for _, pc := range w.Pieces[p] {
			if pc.ID < 0 || pc.ID >= sigeloued.Pieces {
				return false
			}
			v := b.pieces[p][pc.ID]
			if v.gone || v.from.tray || v.from.sq != elOuedSquareOf(pc.Square) || v.t != 0 {
				return false
			}
		}
	}
	return true
}

// banner1 queues the banner's main line popping up as text, held for dur.
func (b *elOuedBoard) banner1(q *board.Queue, text string, dur float64, start func()) {
	q.Add(board.Step{
		Dur: dur,
		Start: func() {
			b.line, b.pop = text, 0
			if start != nil {
				start()
			}
		},
		Run: func(t float64) { b.pop = math.Min(1, t*2.5) },
	})
}

// elOuedMeaning says what the throw ev[i] means, from the state before it and the events
// after it.
func elOuedMeaning(bw elOuedWire, ev rules.Events, i int) string {
	e := ev[i]
	p, pl := e.Count, e.Player&1
	for _, f := range ev[i+1:] {
		if f.Kind == rules.EvThrow {
			break
		}
		if f.Kind == rules.EvBigThrow {
			if f.Value == 13 {
				return lang.T("oued.m.13")
			}
			return lang.T("oued.m.bigsix", f.Value)
		}
	}
	sig := sigeloued.IsSig(p)
	if n := bw.Pending.BonusThrows; n > 0 {
		k := 4 - n
		switch {
		case sig:
			return lang.T("oued.m.bonus.sig", k)
		case p == 6:
			return lang.T("oued.m.bonus.six", k)
		case p == 0:
			return lang.T("oued.m.bonus.rough", k)
		}
		return lang.T("oued.m.bonus.move", p, k)
	}
	if bw.Pending.Six {
		switch {
		case p == 6:
			return lang.T("oued.m.six.again")
		case p == 0:
			return lang.T("oued.m.six.rough")
		}
		return lang.T("oued.m.six.then", p)
	}
	switch {
	case sig:
		return lang.T("oued.m.sig")
	case p == 6:
		return lang.T("oued.m.six")
	case p == 0 && !bw.Thrown[pl]:
		return lang.T("oued.m.rough3")
	case p == 0:
		return lang.T("oued.m.rough0")
	}
	return lang.T("oued.m.move", p)
}

// restLines are the banner's two lines at rest: what is due now, and what just happened.
func (b *elOuedBoard) restLines() (string, string) {
	if b.st == nil {
		return "", ""
	}
	w := b.w
	p := w.ToMove & 1
	last := ""
	if b.meaning != "" && b.meantBy >= 0 {
		last = say(b.env, b.meantBy, "oued.last", lowerFirst(b.meaning))
	}
	switch b.st.Phase() {
	case rules.PhaseOver:
		if len(w.Ranks) == 2 && w.Ranks[0] != w.Ranks[1] {
			win := 0
			if w.Ranks[1] < w.Ranks[0] {
				win = 1
			}
			return say(b.env, win, "oued.won"), last
		}
		return lang.T("oued.drawn", sigeloued.QuietLimit), last
	case rules.PhaseMove:
		v := 0
		if w.Value != nil {
			v = *w.Value
		}
		var now string
		switch {
		case v == 7 || v == 13:
			now = lang.T("oued.now.big", v)
		case v == 1:
			now = lang.T("oued.now.sig")
		case v == 6:
			now = lang.T("oued.now.six")
		default:
			now = lang.T("oued.now.play", v)
		}
		if len(w.Pending.Values) > 0 {
			rest := ""
			for i, x := range w.Pending.Values {
				if i == 0 {
					rest = fmt.Sprint(x)
				} else {
					rest = lang.T("oued.and", rest, fmt.Sprint(x))
				}
			}
			now = lang.T("oued.now.then", now, rest)
		}
		return now, last
	}
	switch {
	case w.Pending.BonusThrows > 0:
		k := 4 - w.Pending.BonusThrows
		if w.Pending.Thirteen {
			return lang.T("oued.bonus.13", k), last
		}
		return lang.T("oued.bonus", k), last
	case w.Pending.Six:
		return lang.T("oued.six7"), last
	case b.meantBy == p:
		return say(b.env, p, "oued.again"), last
	}
	return say(b.env, p, "oued.next"), last
}

// lowerFirst puts an English meaning after "threw" ("Amira threw six polished: …"); other
// languages set it off with a dash and keep it as it is.
func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "Sig") || lang.Current() != lang.English {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// focusOption is the option previewed now: the focused choice of the picked piece, or the
// move of the piece under the pointer or the cursor.
func (b *elOuedBoard) focusOption() *elOuedOption {
	if b.busy || b.st == nil || b.st.Phase() != rules.PhaseMove {
		return nil
	}
	if b.picked >= 0 {
		plain, free := b.optionsOf(b.picked)
		c := b.choice
		if b.hoverChoice >= 0 {
			c = b.hoverChoice
		}
		if c == 1 && free != nil {
			return free
		}
		if plain != nil {
			return plain
		}
		return free
	}
	sq := b.hover
	if b.keys || sq < 0 {
		sq = b.cursor
		if !b.keys && b.hover < 0 {
			return nil
		}
	}
	plain, free := b.optionsOf(sq)
	if plain != nil {
		return plain
	}
	return free
}

// Draw draws the trays, the board with its circuits, the last move, the hints and preview,
// the pieces and the banner.
func (b *elOuedBoard) Draw(dst *ebiten.Image) {
	if b.b == nil || b.st == nil {
		return
	}
	m := b.m
	mover := b.w.ToMove & 1
	live := b.st.Phase() != rules.PhaseOver
	for p := 0; p < 2; p++ {
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
		for p := 0; p < 2; p++ {
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
	if idle && b.keys && !b.inChoice {
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

// Steps of a piece's freeing and lift in its cached pictures: enough that a lock fading or a
// piece hopping moves smoothly, few enough that a game makes a few dozen pictures.
const (
	freedSteps = 8
	liftSteps  = 8
)

// drawOuedPiece draws a piece as sprites.DrawOuedPiece does, from a picture made once per
// colour, size step (sizeKey), freeing and lift; alpha fades the whole picture.
func (b *elOuedBoard) drawOuedPiece(dst *ebiten.Image, pc sprites.PlayerColor, x, y, r, freed, lift, alpha float64) {
	if alpha <= 0 || r <= 0 {
		return
	}
	fs := int(math.Round(math.Max(0, math.Min(1, freed)) * freedSteps))
	ls := int(math.Round(math.Max(0, math.Min(1, lift)) * liftSteps))
	st, rq := b.pieceStamp(pc, r, fs, ls)
	b.stamps.draw(dst, st, x, y, r/rq, alpha, white)
}

// pieceStamp is the picture of pc's piece at the size step of r, freeing step fs and lift
// step ls, and the radius it is painted at.
func (b *elOuedBoard) pieceStamp(pc sprites.PlayerColor, r float64, fs, ls int) (*stamp, float64) {
	k, n, rq := pieceStampKey(pc, r, fs, ls)
	return b.stamps.get(k, n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		sprites.DrawOuedPiece(img, pc, float64(n)/2, float64(n)/2, rq, float64(fs)/freedSteps, float64(ls)/liftSteps, 1)
	}), rq
}

// pieceStampKey names a piece's picture; n is its side and rq the radius it is painted at.
func pieceStampKey(pc sprites.PlayerColor, r float64, fs, ls int) (k stampKey, n int, rq float64) {
	sk, rq := sizeKey(r)
	// The piece, its side, shadow and lock lie within 1.6 radii of its centre.
	n = int(math.Ceil(rq*3.4)) + 4
	return stampKey{kind: stampPiece, c: pc.Color, text: string(rune('a' + int(pc.Mark))), w: sk, h: fs*(liftSteps+1) + ls}, n, rq
}

// Warm paints one picture the board's animations will need that is not made yet and reports
// whether it painted one: the outline of each square (lit when a piece may land there), and
// each player's piece at every lift step and every freeing step. The play
// scene calls it in frames where nothing moves, so a piece's first hop copies pictures
// instead of painting them in the middle of the animation.
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
	for p := 0; p < 2; p++ {
		pc := b.color(p)
		// Locked and freed pieces first (every hop), then the steps of a lock fading, which
		// a piece can be caught in mid-hop.
		for i := 0; i <= freedSteps; i++ {
			fs := i - 1 // 0, freedSteps, then 1, 2, …
			switch i {
			case 0:
				fs = 0
			case 1:
				fs = freedSteps
			}
			for ls := 0; ls <= liftSteps; ls++ {
				if k, _, _ := pieceStampKey(pc, r, fs, ls); !b.stamps.has(k) {
					b.pieceStamp(pc, r, fs, ls)
					return true
				}
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
	lw := math.Min(t.W*0.34, m.Pt(150))
	st := ui.SmallBold
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
	if b.circuit[0] == nil {
		br := b.b.Rect
		pad := b.cs * 0.6
		b.circOff = sprites.Pt{X: math.Floor(br.X - pad), Y: math.Floor(br.Y - pad)}
		w, h := int(br.W+2*pad)+2, int(br.H+2*pad)+2
		for p := 0; p < 2; p++ {
			b.circuit[p] = ebiten.NewImage(w, h)
			b.paintCircuit(b.circuit[p], p, -b.circOff.X, -b.circOff.Y)
		}
	}
	for _, p := range []int{1 - mover, mover} {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(b.circOff.X, b.circOff.Y)
		if p != mover {
			op.ColorScale.ScaleAlpha(0.45)
		}
		dst.DrawImage(b.circuit[p], op)
	}
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
// where the circuit turns up or down at the end of a row; moved by (dx, dy).
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
	for i := 0; i < sigeloued.CircuitLen; i++ {
		s0, s1 := elOuedSq(p, i), elOuedSq(p, (i+1)%sigeloued.CircuitLen)
		a, c := centre(s0), centre(s1)
		if s0/sigeloued.Files == s1/sigeloued.Files {
			from, to := a.Lerp(c, 0.4), a.Lerp(c, 0.6)
			sprites.DrawCircuitArrow(dst, sprites.Pt{X: from.X + 1, Y: from.Y + 1}, sprites.Pt{X: to.X + 1, Y: to.Y + 1}, w, shadow)
			sprites.DrawCircuitArrow(dst, from, to, w, col)
			continue
		}
		// A turn at the end of a row, outside the board's squares.
		side := 1.0
		if s0%sigeloued.Files == 0 {
			side = -1
		}
		half := u * 0.5
		a.X += side * half
		c.X += side * half
		bulge := u * 0.22
		if p == 1 {
			bulge = u * 0.14
		}
		sprites.DrawCircuitTurn(dst, sprites.Pt{X: a.X + 1, Y: a.Y + 1}, sprites.Pt{X: c.X + 1, Y: c.Y + 1}, side, 0, bulge, w, shadow)
		sprites.DrawCircuitTurn(dst, a, c, side, 0, bulge, w, col)
	}
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
	if v := b.w.Value; v != nil && !b.busy && b.st.Phase() == rules.PhaseMove {
		k.value, k.chip = *v, b.color(b.w.ToMove).Color
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
	st1 := ui.BodyBold
	if m.Measure(st1, line1) > w {
		st1 = ui.SmallBold
	}
	h := m.LineHeight(st1)
	if line2 != "" {
		h += m.LineHeight(ui.Small) - m.Pt(2)
	}
	top := r.CY() - h/2
	c1 := sprites.Fade(sprites.Ink, scale)
	// Each line starts where it is read from: the left, or the right in Arabic.
	m.TextStart(dst, m.Ellipsize(line1, st1, w), st1, ui.Rect{X: x, W: w}, top, c1)
	if line2 != "" {
		c2 := sprites.Wood
		if k.note {
			c2 = sprites.Terracotta
		}
		m.TextStart(dst, m.Ellipsize(line2, ui.Small, w), ui.Small, ui.Rect{X: x, W: w}, top+m.LineHeight(st1)-m.Pt(2), c2)
	}
}

// drawChoices draws "Move 7" and "Free all k, then 7−k" for the picked piece.
func (b *elOuedBoard) drawChoices(dst *ebiten.Image) {
	m := b.m
	plain, free := b.optionsOf(b.picked)
	v := 0
	if b.w.Value != nil {
		v = *b.w.Value
	}
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
