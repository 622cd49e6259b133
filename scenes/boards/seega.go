package boards

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/rules"
	"sig/rules/seega"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

func init() {
	stage.Register(seega.Info.ID, func(env *stage.Env) stage.Board { return newSeegaBoard(env) })
}

// Seega's timings at normal speed (docs/conventions.md).
const (
	seegaPlaceTime   = 0.3  // a piece carried from the hand to its square
	seegaStepTime    = 0.12 // a piece stepping one square, eased
	seegaCaptureTime = 0.3  // a captured piece lifts, shrinks and flies to the captor's tray
	seegaToastTime   = 0.8  // "capture again!", "… cannot move"
	seegaFadeTime    = 0.15 // reduced motion: a piece fades out here and in there
)

// seegaBoard is Seega's board: a 5×5 slab in a stone courtyard with the centre inlaid, a basin
// for each player's pieces (in hand during placement, captured after it), and picking on the
// squares: a square to place on, or a piece and then where it steps.
//
// What is drawn comes from the states and the events only: the squares, hands and captures are
// loaded from a *seega.State, and animation steps replay the events (placed, step, captured,
// chain, blocked, turn) on that picture. Which pieces may be picked and where they may go come
// from the legal moves; the explanations (compulsory capture, the blocked rule) from the state's
// read accessors.
type seegaBoard struct {
	env   *stage.Env
	m     ui.Metrics
	court sprites.SeegaCourt
	cells []sprites.Cell
	capR  ui.Rect
	unit  float64 // the side of a square
	cache seegaSprites
	// Marks and texts drawn once and copied every frame; the players' names, ellipsized to fit.
	stamps stampCache
	names  [2]string
	trayLW [2]float64 // the width of the name at a basin's left end

	// The picture as it is now; animation steps change it event by event.
	sq      [seega.Squares]int8 // -1 empty, else the owner
	hand    [2]int
	taken   [2]int
	toMove  int
	last    uint32 // the squares the last turn touched
	newTurn bool   // the next placement or step starts a new last turn
	actors  []seegaActor
	toast   string
	toastA  float64
	busy    bool // an animation is under way: no picking marks

	// The decision at rest, from Sync.
	st        *seega.State
	legal     []rules.Move
	pickable  uint32 // squares holding a piece with a legal step
	placeable uint32 // squares open to a placement
	caption   string
	note      string // feedback on a refused pick, shown instead of the caption
	hints     bool
	picked    int // the square of the picked piece, or -1
	cursor    int // the keyboard cursor's square
	keys      bool
	hover     int
	after     rules.State // the position the last animation ends in
}

// seegaActor is a piece in flight: carried from the hand, stepping, or captured.
type seegaActor struct {
	owner       int
	x, y        float64
	scale, lift float64 // scale: 1 is a piece on the board
	alpha       float64
}

func newSeegaBoard(env *stage.Env) *seegaBoard {
	b := &seegaBoard{env: env, picked: -1, cursor: seega.Centre, hover: -1}
	for i := range b.sq {
		b.sq[i] = -1
	}
	return b
}

// Layout fills r with the courtyard: North's basin along the top, the slab, the caption and
// South's basin along the bottom.
func (b *seegaBoard) Layout(m ui.Metrics, r ui.Rect) {
	b.m = m
	s := math.Min(r.W, r.H)
	pad, trayH, capH, gap := s*0.025, s*0.08, s*0.07, s*0.015
	capH = math.Max(capH, captionTwoLines(m, seegaCaptionInset)) // room for two lines on a phone
	side := math.Min(r.W-2*pad, r.H-2*pad-2*trayH-capH-gap)
	side = math.Max(side, 10)
	total := 2*pad + 2*trayH + capH + gap + side
	cw := math.Min(r.W, math.Max(side+2*pad, s))
	cx := r.X + (r.W-cw)/2
	y := r.Y + (r.H-total)/2
	b.court.Dispose()
	b.court.Court = sprites.Rect{X: cx, Y: y, W: cw, H: total}
	top := sprites.Rect{X: cx + pad, Y: y + pad, W: cw - 2*pad, H: trayH}
	slab := sprites.Rect{X: r.X + (r.W-side)/2, Y: top.Y + trayH + gap, W: side, H: side}
	b.capR = ui.Rect{X: top.X, Y: slab.Y + side, W: top.W, H: capH}
	bottom := sprites.Rect{X: top.X, Y: b.capR.Bottom(), W: top.W, H: trayH}
	b.court.Slab = slab
	b.court.Trays = [2]sprites.Rect{bottom, top}
	b.cells = sprites.LayoutBoard(seega.Info.ID, slab).Cells
	b.court.Cells = b.cells
	b.unit = b.cells[0].Poly[1].X - b.cells[0].Poly[0].X
	b.cache.reset()
	b.stamps.reset()
	for p := range seega.Players {
		t := b.court.Trays[p]
		b.trayLW[p] = b.trayLabelW(p)
		b.names[p] = m.Ellipsize(b.name(p), ui.SmallBold, b.trayLW[p]-t.H*0.8)
	}
}

// pieceR is the radius of a piece on a square.
func (b *seegaBoard) pieceR() float64 { return b.unit * 0.4 }

// traySlot is where the i-th piece of player p's basin lies, and the radius it is drawn at.
func (b *seegaBoard) traySlot(p, i int) (x, y, r float64) {
	t := b.court.Trays[p&1]
	lw := b.trayLW[p&1]
	w := (t.W - lw - t.H*0.3) / seega.PiecesEach
	r = math.Min(w*0.56, t.H*0.34)
	return t.X + lw + (float64(i)+0.5)*w, t.Y + t.H*0.53, r
}

// trayLabelW is the width of the name at the left end of player p's basin: what it needs, within
// a quarter to a half of the basin.
func (b *seegaBoard) trayLabelW(p int) float64 {
	t := b.court.Trays[p&1]
	need := math.Max(b.m.Measure(ui.SmallBold, b.name(p)), b.m.Measure(ui.Small, seegaTrayWords()[1][12])) + t.H*0.9
	return math.Max(t.W*0.25, math.Min(t.W*0.5, need))
}

// Sync shows s at rest and works out what may be picked from its legal moves.
func (b *seegaBoard) Sync(s rules.State) {
	st, ok := s.(*seega.State)
	if !ok {
		return
	}
	b.load(st)
	b.actors = b.actors[:0]
	b.toast, b.busy = "", false
	if b.after == nil || !b.after.Equal(s) {
		b.last = 0 // undo, or the first position: no last move to show
	}
	b.st = st.Clone().(*seega.State)
	b.legal = st.Legal(b.legal)
	b.pickable, b.placeable = 0, 0
	for _, mv := range b.legal {
		for sq := 0; sq < seega.Squares; sq++ {
			if mv == seega.PlaceMove(sq) && st.Placing() {
				b.placeable |= 1 << sq
			}
		}
	}
	if !st.Placing() {
		for from := 0; from < seega.Squares; from++ {
			if b.steps(from) != 0 {
				b.pickable |= 1 << from
			}
		}
	}
	b.picked, b.note = -1, ""
	b.caption = b.explain(st)
}

// load copies the squares, hands and captures of st into the picture.
func (b *seegaBoard) load(st *seega.State) {
	for sq := range b.sq {
		b.sq[sq] = int8(st.At(sq))
	}
	b.hand = [2]int{st.InHand(0), st.InHand(1)}
	b.taken = [2]int{st.Captured(0), st.Captured(1)}
	b.toMove = st.ToMove()
}

// steps is the set of squares (bit sq) the piece on from may legally step to now.
func (b *seegaBoard) steps(from int) uint32 {
	var out uint32
	for nb := seega.Neighbours(from); nb != 0; nb &= nb - 1 {
		to := bits.TrailingZeros32(nb)
		if rules.Contains(b.legal, seega.StepMove(from, to)) {
			out |= 1 << to
		}
	}
	return out
}

// name is player p's name.
func (b *seegaBoard) name(p int) string { return playerName(b.env, p) }

// explain is the standing caption for the position: what the player to move does now, and
// why when a rule narrows it.
func (b *seegaBoard) explain(st *seega.State) string {
	p := st.ToMove()
	switch {
	case st.Phase() == rules.PhaseOver:
		return b.result(st)
	case st.Placing():
		if st.PlacingPiece() == seega.PlacedEachTurn {
			return tell(b.env, p, "seega.place.2")
		}
		return tell(b.env, p, "seega.place.1")
	case st.Blocked() >= 0:
		return say(b.env, p, "seega.blocked", b.name(st.Blocked()))
	case st.Chain():
		return tell(b.env, p, "seega.chain")
	case st.MustCapture():
		return tell(b.env, p, "seega.must")
	}
	return tell(b.env, p, "seega.pick")
}

// result says how the game ended, from the rules' outcome: who won (or a draw), why, and the
// captures, the winner's count first.
func (b *seegaBoard) result(st *seega.State) string {
	out := st.Outcome()
	winner := -1
	if len(out.Winners) == 1 {
		winner = out.Winners[0]
	}
	wins := lang.T("seega.draw")
	if winner >= 0 {
		wins = winsText(b.env, winner)
	}
	score := ""
	if sc := out.Scores; len(sc) == 2 {
		first := max(winner, 0)
		score = fmt.Sprintf("%d–%d", sc[first], sc[1-first])
	}
	switch out.Ending {
	case rules.AllTaken:
		return say(b.env, 1-winner, "seega.nopieces", wins)
	case rules.QuietMoves:
		return lang.T("seega.quiet", wins, score)
	case rules.Repetition:
		return lang.T("seega.repeat", wins, score)
	}
	return lang.T("seega.over", wins)
}

// ShowHints marks the squares open to a placement and the pieces that can move (legal nil:
// only what the rules force is marked: the pieces that must capture).
func (b *seegaBoard) ShowHints(s rules.State, legal []rules.Move) { b.hints = legal != nil }

// Animate replays ev on the picture, starting from before.
func (b *seegaBoard) Animate(q *stage.Queue, before, after rules.State, ev rules.Events) {
	start, ok := before.(*seega.State)
	if _, ok2 := after.(*seega.State); !ok || !ok2 {
		return
	}
	start = start.Clone().(*seega.State)
	b.after = after.Clone()
	q.Add(stage.Step{Start: func() {
		b.load(start)
		b.actors = b.actors[:0]
		b.picked, b.busy, b.note = -1, true, ""
	}})
	for i := 0; i < len(ev); i++ {
		e := ev[i]
		switch e.Kind {
		case rules.EvPlaced:
			b.animPlace(q, e)
		case rules.EvStep:
			b.animStep(q, e)
		case rules.EvCaptured:
			j := i
			for j < len(ev) && ev[j].Kind == rules.EvCaptured {
				j++
			}
			b.animCapture(q, ev[i:j])
			i = j - 1
		case rules.EvChain:
			b.animToast(q, lang.T("seega.toast.chain"), seegaToastTime)
		case rules.EvBlocked:
			b.animToast(q, say(b.env, e.Player, "seega.toast.blocked"), seegaToastTime*1.4)
		case rules.EvTurn:
			p := e.Player
			q.Add(stage.Step{Start: func() { b.toMove, b.newTurn = p, true }})
		case rules.EvGameOver:
			msg := lang.T("seega.toast.draw")
			if e.Player >= 0 {
				msg = say(b.env, e.Player, "seega.toast.win")
			}
			b.animToast(q, msg, seegaToastTime*1.5)
		}
	}
}

// touch marks sq as part of the last turn (a new turn clears the previous one's marks).
func (b *seegaBoard) touch(sq ...int) {
	if b.newTurn {
		b.last, b.newTurn = 0, false
	}
	for _, s := range sq {
		b.last |= 1 << s
	}
}

func (b *seegaBoard) animPlace(q *stage.Queue, e rules.Event) {
	p, to := e.Player&1, e.To
	var a *seegaActor
	var fx, fy, fr float64
	sound := seegaQuiet
	dur := seegaPlaceTime
	if b.env.Reduced {
		dur = seegaFadeTime
	}
	q.Add(stage.Step{
		Dur: dur,
		Start: func() {
			if b.hand[p] > 0 {
				b.hand[p]--
			}
			fx, fy, fr = b.traySlot(p, b.hand[p])
			b.actors = append(b.actors, seegaActor{owner: p, x: fx, y: fy, scale: fr / b.pieceR(), alpha: 1})
			a = &b.actors[len(b.actors)-1]
			b.touch(to)
			b.caption = say(b.env, p, "log.placed", seega.SquareName(to))
			sound = audio.Step
		},
		Run: func(t float64) {
			b.sound(&sound, t)
			c := b.cells[to].Center
			if t >= 1 {
				b.sq[to] = int8(p)
				b.dropActor()
				return
			}
			if b.env.Reduced {
				a.x, a.y, a.scale, a.alpha, a.lift = c.X, c.Y, 1, t, 0
				return
			}
			e := stage.Ease(t)
			a.x = fx + (c.X-fx)*e
			a.y = fy + (c.Y-fy)*e
			a.scale = fr/b.pieceR() + (1-fr/b.pieceR())*e
			a.lift = math.Sin(t * math.Pi)
		},
	})
}

func (b *seegaBoard) animStep(q *stage.Queue, e rules.Event) {
	p, from, to := e.Player&1, e.From, e.To
	var a *seegaActor
	sound := seegaQuiet
	dur := seegaStepTime
	if b.env.Reduced {
		dur = seegaFadeTime
	}
	q.Add(stage.Step{
		Dur: dur,
		Start: func() {
			b.sq[from] = -1
			c := b.cells[from].Center
			b.actors = append(b.actors, seegaActor{owner: p, x: c.X, y: c.Y, scale: 1, alpha: 1})
			a = &b.actors[len(b.actors)-1]
			b.touch(from, to)
			b.caption = say(b.env, p, "seega.stepped", seega.SquareName(from), seega.SquareName(to))
			sound = audio.Step
		},
		Run: func(t float64) {
			b.sound(&sound, t)
			if t >= 1 {
				b.sq[to] = int8(p)
				b.dropActor()
				return
			}
			c0, c1 := b.cells[from].Center, b.cells[to].Center
			if b.env.Reduced {
				a.x, a.y, a.alpha = c1.X, c1.Y, t
				return
			}
			e := stage.Ease(t)
			a.x, a.y = c0.X+(c1.X-c0.X)*e, c0.Y+(c1.Y-c0.Y)*e
			a.lift = 0.35 * math.Sin(t*math.Pi)
		},
	})
}

// animCapture lifts the pieces captured by one move together, shrinks them and flies them to
// the captor's basin.
func (b *seegaBoard) animCapture(q *stage.Queue, evs rules.Events) {
	captor := evs[0].Player & 1
	sqs := make([]int, len(evs))
	owners := make([]int, len(evs))
	for i, e := range evs {
		sqs[i], owners[i] = e.From, e.Piece&1
	}
	first := len(b.actors) // index of the first captured actor, fixed at Start
	base := 0
	sound := seegaQuiet
	dur := seegaCaptureTime
	if b.env.Reduced {
		dur = seegaFadeTime * 1.5
	}
	q.Add(stage.Step{
		Dur: dur,
		Start: func() {
			first = len(b.actors)
			base = b.taken[captor]
			for i, sq := range sqs {
				b.sq[sq] = -1
				c := b.cells[sq].Center
				b.actors = append(b.actors, seegaActor{owner: owners[i], x: c.X, y: c.Y, scale: 1, alpha: 1})
			}
			b.caption = say(b.env, captor, "seega.captures.one")
			if len(sqs) > 1 {
				b.caption = sayN(b.env, captor, "seega.took", len(sqs), len(sqs))
			}
			sound = audio.Capture
		},
		Run: func(t float64) {
			b.sound(&sound, t)
			if t >= 1 {
				b.taken[captor] = base + len(sqs)
				b.actors = b.actors[:first]
				return
			}
			for i, sq := range sqs {
				a := &b.actors[first+i]
				c := b.cells[sq].Center
				tx, ty, tr := b.traySlot(captor, base+i)
				if b.env.Reduced {
					a.alpha = 1 - t
					continue
				}
				// The first third lifts the piece in place; then it shrinks on its way.
				lift := math.Min(1, t/0.3)
				fly := stage.Ease(math.Max(0, (t-0.3)/0.7))
				a.lift = lift * (1 - fly)
				a.x = c.X + (tx-c.X)*fly
				a.y = c.Y + (ty-c.Y)*fly - math.Sin(fly*math.Pi)*b.unit*0.5
				a.scale = 1 + 0.08*lift - (1+0.08-tr/b.pieceR())*fly
			}
		},
	})
}

// seegaQuiet is "no sound due".
const seegaQuiet audio.Sound = -1

// sound plays *s once, on the first tick of a step that is really shown: a step finished at
// once (a skip) stays silent, so skipping a long animation is not a burst of noise.
func (b *seegaBoard) sound(s *audio.Sound, t float64) {
	if *s != seegaQuiet && t < 1 {
		audio.Play(*s)
	}
	*s = seegaQuiet
}

// dropActor removes the actor added last (a piece that has landed).
func (b *seegaBoard) dropActor() {
	if len(b.actors) > 0 {
		b.actors = b.actors[:len(b.actors)-1]
	}
}

// animToast shows msg over the board for d seconds, fading in and out.
func (b *seegaBoard) animToast(q *stage.Queue, msg string, d float64) {
	q.Add(stage.Step{
		Dur:   d,
		Start: func() { b.toast = msg },
		Run: func(t float64) {
			b.toastA = math.Min(1, math.Min(t/0.15, (1-t)/0.2))
			if t >= 1 {
				b.toast, b.toastA = "", 0
			}
		},
	})
}

// Hits adds the 25 squares.
func (b *seegaBoard) Hits(h *ui.HitMap) {
	for i, c := range b.cells {
		h.AddPolygon(c.Hit, ui.Target{Kind: "cell", N: i})
	}
}

// Input picks on the board: a square to place on; or a piece, then the square it steps to.
// Arrows move a cursor over the squares and enter (or space) picks there; tapping the picked
// piece again, a square off the board, or escape puts it back.
func (b *seegaBoard) Input(in ui.Intent, s rules.State, legal []rules.Move) (rules.Move, bool) {
	st, ok := s.(*seega.State)
	if !ok {
		return 0, false
	}
	if b.st == nil || !b.st.Equal(st) {
		b.Sync(st) // the picker is asked about the position last synced; never trust a stale one
	}
	st = b.st
	b.legal = append(b.legal[:0], legal...)
	switch in.Kind {
	case ui.Point:
		b.hover = -1
		if in.Target.Kind == "cell" {
			b.hover = in.Target.N
		}
	case ui.Tap:
		b.keys = false
		if in.Target.Kind != "cell" || in.Target.N < 0 || in.Target.N >= seega.Squares {
			b.picked, b.note = -1, ""
			return 0, false
		}
		return b.choose(st, in.Target.N)
	case ui.Move:
		if !b.keys {
			b.keys = true
			if b.picked >= 0 {
				b.cursor = b.picked
			}
			return 0, false
		}
		// The board is drawn with rank 1 at the bottom: up is toward rank 5.
		if sq, ok := seega.Toward(b.cursor, in.DX, -in.DY); ok {
			b.cursor = sq
		}
	case ui.Activate:
		if !b.keys {
			b.keys = true
			return 0, false
		}
		return b.choose(st, b.cursor)
	case ui.Next, ui.Prev:
		// Tab walks the focus over the squares that can be acted on now, in reading order.
		b.keys = true
		b.cursor = seegaCycle(b.cursor, b.focusable(), in.Kind == ui.Next)
	case ui.Back:
		b.picked, b.note = -1, ""
	}
	return 0, false
}

// focusable are the squares Tab stops on: the open squares while placing, the picked piece and
// its steps once a piece is picked, else the pieces that can move.
func (b *seegaBoard) focusable() uint32 {
	switch {
	case b.st != nil && b.st.Placing():
		return b.placeable
	case b.picked >= 0:
		return b.steps(b.picked) | 1<<b.picked
	}
	return b.pickable
}

// seegaCycle is the next (or previous) square after from in set, wrapping around; from itself
// when set is empty.
func seegaCycle(from int, set uint32, forward bool) int {
	for k := 1; k <= seega.Squares; k++ {
		d := k
		if !forward {
			d = -k
		}
		sq := ((from+d)%seega.Squares + seega.Squares) % seega.Squares
		if set&(1<<sq) != 0 {
			return sq
		}
	}
	return from
}

// Cancel puts the picked piece back (escape); it reports whether one was picked.
func (b *seegaBoard) Cancel() bool {
	if b.picked < 0 {
		return false
	}
	b.picked, b.note = -1, ""
	return true
}

// choose acts on square sq: place there, pick the piece there, or step the picked piece there.
func (b *seegaBoard) choose(st *seega.State, sq int) (rules.Move, bool) {
	p := st.ToMove()
	if st.Placing() {
		mv := seega.PlaceMove(sq)
		if rules.Contains(b.legal, mv) {
			b.note = ""
			return mv, true
		}
		// The rules say why: a typed refusal.
		var r *seega.Refusal
		if errors.As(st.Clone().Apply(mv, nil), &r) {
			switch r.Why {
			case seega.CentreFirst:
				b.note = lang.T("seega.note.centre")
			case seega.Occupied:
				b.note = lang.T("seega.note.taken")
			}
		}
		return 0, false
	}
	if b.picked >= 0 {
		switch mv := seega.StepMove(b.picked, sq); {
		case sq == b.picked:
			b.picked, b.note = -1, ""
			return 0, false
		case rules.Contains(b.legal, mv):
			b.picked, b.note = -1, ""
			return mv, true
		case b.pickable&(1<<sq) != 0:
			b.picked, b.note = sq, ""
			return 0, false
		}
		if st.At(sq) != p {
			b.note = lang.T("seega.note.notstep")
			return 0, false
		}
	}
	switch {
	case b.pickable&(1<<sq) != 0:
		b.picked, b.note = sq, ""
		if b.keys {
			b.cursor = sq
		}
	default:
		// The rules say why the piece there cannot move (or that there is none of the mover's).
		b.picked = -1
		b.note = lang.T("seega.note.first")
		if r := st.PieceRefusal(sq); r != nil {
			switch r.Why {
			case seega.OpensNoWay:
				b.note = lang.T("seega.note.openway", b.name(st.Blocked()))
			case seega.MustCapture, seega.MustChain:
				b.note = lang.T("seega.note.mustcapture")
			case seega.Stuck:
				b.note = lang.T("seega.note.stuck")
			case seega.TheirPiece:
				b.note = say(b.env, 1-p, "seega.note.theirs")
			}
		}
	}
	return 0, false
}

// Draw draws the courtyard, the pieces where the picture has them, the marks of the decision
// under way, the pieces in flight, the caption and any announcement. Marks and texts are
// stamps (drawn once, then copied), so a frame allocates next to nothing.
func (b *seegaBoard) Draw(dst *ebiten.Image) {
	if len(b.cells) == 0 {
		return
	}
	b.court.Draw(dst)
	b.drawCoordinates(dst)
	b.drawTrays(dst)
	u := b.unit
	st := &b.stamps
	idle := !b.busy && b.st != nil && b.st.Phase() != rules.PhaseOver

	// The last turn's squares glow softly under everything.
	cell := b.cellStamp()
	for sq := 0; sq < seega.Squares; sq++ {
		if b.last&(1<<sq) != 0 {
			c := b.cells[sq].Center
			st.draw(dst, cell, c.X, c.Y, 1, 1, sprites.Fade(sprites.Saffron, 0.32))
		}
	}
	var dests uint32
	var doomed uint32 // the pieces some step of the picked piece would capture
	if idle && b.picked >= 0 {
		dests = b.steps(b.picked)
		for to := 0; to < seega.Squares; to++ {
			if dests&(1<<to) != 0 {
				doomed |= b.st.Captures(seega.StepMove(b.picked, to))
			}
		}
	}
	if idle {
		if b.hints {
			dot := st.disc(u * 0.09)
			for sq := 0; sq < seega.Squares; sq++ {
				if b.placeable&(1<<sq) != 0 {
					c := b.cells[sq].Center
					st.draw(dst, dot, c.X, c.Y, 1, 1, sprites.Fade(sprites.Olive, 0.75))
				}
			}
		}
		if b.hover >= 0 && (b.placeable|b.pickable|dests)&(1<<b.hover) != 0 {
			c := b.cells[b.hover].Center
			st.draw(dst, cell, c.X, c.Y, 1, 1, sprites.Fade(sprites.Chalk, 0.3))
		}
	}

	mark := b.hints || (b.st != nil && (b.st.MustCapture() || b.st.Blocked() >= 0))
	for sq := 0; sq < seega.Squares; sq++ {
		o := int(b.sq[sq])
		if o < 0 {
			continue
		}
		c := b.cells[sq].Center
		if idle && sq == b.picked {
			st.draw(dst, st.ring(b.pieceR()*1.18, math.Max(2.5, u*0.05)), c.X, c.Y, 1, 1, sprites.Saffron)
			sprites.DrawPiece(dst, b.color(o), c.X, c.Y, b.pieceR(), 1)
			continue
		}
		b.cache.draw(dst, b.color(o), c.X, c.Y, b.pieceR(), 1)
		if idle && mark && b.picked < 0 && b.pickable&(1<<sq) != 0 {
			st.draw(dst, st.ring(b.pieceR()*1.15, math.Max(2.5, u*0.06)), c.X, c.Y, 1, 1, sprites.Saffron)
		}
		if doomed&(1<<sq) != 0 {
			st.draw(dst, b.doomedStamp(), c.X, c.Y, 1, 1, white)
		}
	}
	for sq := 0; sq < seega.Squares; sq++ {
		if dests&(1<<sq) != 0 {
			c := b.cells[sq].Center
			st.draw(dst, b.destStamp(), c.X, c.Y, 1, 1, white)
		}
	}
	for _, a := range b.actors {
		r := b.pieceR() * a.scale
		if a.lift > 0.01 && a.alpha >= 0.999 {
			sprites.DrawPiece(dst, b.color(a.owner), a.x, a.y, r, a.lift)
		} else {
			b.cache.draw(dst, b.color(a.owner), a.x, a.y, r, a.alpha)
		}
	}
	if b.keys && idle {
		c := b.cells[b.cursor].Center
		st.draw(dst, b.cursorStamp(), c.X, c.Y, 1, 1, sprites.Saffron)
	}
	b.drawCaption(dst)
	if b.toast != "" && b.toastA > 0 {
		s := b.court.Slab
		st.draw(dst, announcementStamp(st, b.m, s.W, s.H, b.toast), s.X+s.W/2, s.Y+s.H/2, 1, b.toastA, white)
	}
}

// cellStamp is a white square the size of a square's floor, tinted when drawn (the last move,
// the hovered square); anchored at its centre.
func (b *seegaBoard) cellStamp() *stamp {
	s := b.unit
	n := int(math.Ceil(s)) + 2
	return b.stamps.get(stampKey{kind: stampCell, w: n}, n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		o := (float64(n) - s) / 2
		sprites.Fill(img, sprites.RoundRect(o+s*0.04, o+s*0.05, s*0.92, s*0.9, s*0.06), white)
	})
}

// cursorStamp is the keyboard cursor: a ring around a square (white, tinted saffron).
func (b *seegaBoard) cursorStamp() *stamp {
	u := b.unit
	g := u * 0.04
	w := math.Max(2.5, u*0.05)
	n := int(math.Ceil(u+2*g+2*w)) + 2
	return b.stamps.get(stampKey{kind: stampCell, text: "cursor", w: n}, n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		o := (float64(n) - u) / 2
		sprites.Stroke(img, sprites.RoundRect(o-g, o-g, u+2*g, u+2*g, u*0.1), w, white)
	})
}

// doomedStamp marks a piece the picked piece would capture: a terracotta ring with a cross.
func (b *seegaBoard) doomedStamp() *stamp {
	r := b.pieceR()
	n := int(math.Ceil(r*2.5)) + 4
	return b.stamps.get(stampKey{kind: stampDoomed, w: n}, n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		x, y := float64(n)/2, float64(n)/2
		w := math.Max(2, b.unit*0.04)
		sprites.Ring(img, x, y, r*1.1, w, sprites.Terracotta)
		d := r * 0.32
		sprites.Line(img, sprites.Pt{X: x - d, Y: y - d}, sprites.Pt{X: x + d, Y: y + d}, w*1.2, sprites.Terracotta)
		sprites.Line(img, sprites.Pt{X: x - d, Y: y + d}, sprites.Pt{X: x + d, Y: y - d}, w*1.2, sprites.Terracotta)
	})
}

// destStamp marks a square the picked piece may step to.
func (b *seegaBoard) destStamp() *stamp {
	u := b.unit
	n := int(math.Ceil(u*0.7)) + 4
	return b.stamps.get(stampKey{kind: stampDest, w: n}, n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		x, y := float64(n)/2, float64(n)/2
		sprites.Disc(img, x, y, u*0.3, sprites.Fade(sprites.Saffron, 0.28))
		sprites.Ring(img, x, y, u*0.3, math.Max(2, u*0.035), sprites.Saffron)
		sprites.Disc(img, x, y, u*0.1, sprites.Mix(sprites.Saffron, sprites.Terracotta, 0.25))
	})
}

// drawCoordinates engraves the files a..e under the squares and the ranks 1..5 beside them, the
// names the log and the move list use.
func (b *seegaBoard) drawCoordinates(dst *ebiten.Image) {
	st := ui.Small
	lh := b.m.LineHeight(st)
	s := b.court.Slab
	ink := sprites.Fade(sprites.Mix(sprites.Stone, sprites.Ink, 0.7), 0.75)
	bottom := b.cells[0].Poly[2].Y
	left := b.cells[0].Poly[0].X
	// The files' names under the squares of rank 1, the ranks' beside those of file a, spelled
	// as the rules spell squares.
	for f := 0; f < seega.Size; f++ {
		sq, _ := seega.SquareAt(f, 0)
		c := b.cells[sq].Center
		b.stamps.text(dst, b.m, seega.FileName(f), st, c.X, bottom+(s.Y+s.H-bottom)/2-lh/2, ui.Center, ink)
	}
	for r := 0; r < seega.Size; r++ {
		sq, _ := seega.SquareAt(0, r)
		c := b.cells[sq].Center
		b.stamps.text(dst, b.m, seega.RankName(r), st, s.X+(left-s.X)/2, c.Y-lh/2, ui.Center, ink)
	}
}

func (b *seegaBoard) color(p int) sprites.PlayerColor {
	if p >= 0 && p < len(b.env.Colors) {
		return b.env.Colors[p]
	}
	return sprites.Player(p)
}

// drawTrays draws each basin's label and pieces: in hand during placement, the opponent's
// captured pieces after it. The basin of the player to move is ringed in saffron.
func (b *seegaBoard) drawTrays(dst *ebiten.Image) {
	over := b.st != nil && b.st.Phase() == rules.PhaseOver
	for p := range seega.Players {
		t := b.court.Trays[p]
		if p == b.toMove && !over {
			rad := t.H * 0.3
			g := t.H * 0.06
			b.stamps.draw(dst, b.stamps.outline(t.W+2*g, t.H+2*g, rad+g, math.Max(2, t.H*0.05)), t.X-g, t.Y-g, 1, 1, sprites.Saffron)
		}
		pc := b.color(p)
		mr := t.H * 0.2
		b.cache.draw(dst, pc, t.X+t.H*0.42, t.Y+t.H/2, mr, 1)
		n, what, owner := b.hand[p], 0, p
		if n == 0 && b.taken[p] > 0 || b.hand[0]+b.hand[1] == 0 {
			n, what, owner = b.taken[p], 1, 1-p
		}
		st := ui.SmallBold
		lh := b.m.LineHeight(st)
		ty := t.Y + t.H/2 - lh
		if t.H < lh*2 {
			ty = t.Y + t.H/2 - lh/2
		}
		b.stamps.text(dst, b.m, b.names[p], st, t.X+t.H*0.75, ty, ui.Start, sprites.Chalk)
		if t.H >= lh*2 && n >= 0 && n <= seega.PiecesEach {
			b.stamps.text(dst, b.m, seegaTrayWords()[what][n], ui.Small, t.X+t.H*0.75, ty+lh*0.95, ui.Start, sprites.Fade(sprites.Chalk, 0.8))
		}
		for i := 0; i < n; i++ {
			x, y, r := b.traySlot(p, i)
			b.cache.draw(dst, b.color(owner), x, y, r, 1)
		}
	}
}

// seegaTrayWords are the basins' counts ("12 in hand", "3 captured") in the current language,
// made once per language so that a frame formats no text.
func seegaTrayWords() *[2][seega.PiecesEach + 1]string {
	l := lang.Current()
	if w, ok := seegaTrayCache[l]; ok {
		return w
	}
	w := new([2][seega.PiecesEach + 1]string)
	for n := range w[0] {
		w[0][n] = lang.T("seega.tray.hand", n)
		w[1][n] = lang.N("seega.tray.captured", n, n)
	}
	seegaTrayCache[l] = w
	return w
}

var seegaTrayCache = map[lang.Lang]*[2][seega.PiecesEach + 1]string{}

// drawCaption writes the caption (or the feedback on a refused pick) in the strip between the
// slab and South's basin: one line if it fits, else two smaller ones.
func (b *seegaBoard) drawCaption(dst *ebiten.Image) {
	msg := b.caption
	ink := sprites.Ink
	if b.picked >= 0 && !b.busy {
		msg = lang.T("seega.hint.picked")
	}
	if b.note != "" {
		msg, ink = b.note, sprites.Mix(sprites.Terracotta, sprites.Ink, 0.3)
	}
	if msg == "" {
		return
	}
	r := b.capR.Inset(b.capR.H * seegaCaptionInset)
	b.stamps.draw(dst, bannerStamp(&b.stamps, b.m, r.W, r.H, msg, ink), r.X, r.Y, 1, 1, white)
}

// seegaSprites caches pictures of resting pieces, one per colour and size, so a board full of
// pieces costs one image copy each per frame instead of a handful of vector fills. The
// pictures live in ui.Pictures (bounded, shared by the whole app).
type seegaSprites struct {
	pics ui.Owner
	keys map[seegaSpriteKey]bool // the pictures asked for since the last reset
	op   ebiten.DrawImageOptions // reused: drawing allocates nothing
}

type seegaSpriteKey struct {
	owner uint64
	c     color.RGBA
	r     float64
}

func (c *seegaSprites) reset() {
	for k := range c.keys {
		ui.Pictures.Forget(k)
	}
	clear(c.keys)
}

// draw draws a resting piece of colour pc at (x, y), radius r, with opacity alpha. Sizes are
// rounded to quarter pixels so pieces in flight (shrinking) reuse a handful of pictures.
func (c *seegaSprites) draw(dst *ebiten.Image, pc sprites.PlayerColor, x, y, r, alpha float64) {
	if r <= 0.5 || alpha <= 0 {
		return
	}
	key := seegaSpriteKey{c.pics.ID(), pc.Color, math.Round(r * 4)}
	if c.keys == nil {
		c.keys = map[seegaSpriteKey]bool{}
	}
	c.keys[key] = true
	rr := key.r / 4
	sz := int(math.Ceil(rr*2.6)) + 4
	img := ui.Pictures.Get(key, sz, sz, func(img *ebiten.Image) {
		sprites.DrawPiece(img, pc, float64(sz)/2, float64(sz)/2, rr, 0)
	})
	n := float64(img.Bounds().Dx())
	op := &c.op
	op.GeoM.Reset()
	op.GeoM.Translate(x-n/2, y-n/2)
	op.ColorScale.Reset()
	op.ColorScale.ScaleAlpha(float32(alpha))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, op)
}

// seegaCaptionInset is the margin round the caption in its strip, a fraction of its height.
const seegaCaptionInset = 0.05
