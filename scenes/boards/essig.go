package boards

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/rules"
	"sig/rules/essig"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

func init() {
	stage.Register(essig.Info.ID, func(env *stage.Env) stage.Board { return newEsSigBoard(env) })
}

// esModel is an Es-Sîg position as the board pictures it: read from an *essig.State at rest,
// advanced by the events while an animation is built.
type esModel struct {
	n      int
	piece  [essig.MaxPlayers]int // 0 the start, 1..50 the track, 51 escaped
	wait   [essig.MaxPlayers]int // sîgs counted on a trap
	ghula  int                   // -1 before it appears
	order  [essig.MaxPlayers]int // the escape order
	nEsc   int
	toMove int
	phase  rules.Phase
}

func esModelOf(s *essig.State) esModel {
	m := esModel{n: min(s.Players(), 8), ghula: s.Ghula(), toMove: s.ToMove(), phase: s.Phase()}
	for p := 0; p < m.n; p++ {
		m.piece[p] = s.Piece(p)
		m.wait[p] = s.Waiting(p)
	}
	for _, p := range s.EscapeOrder(nil) {
		if m.nEsc < len(m.order) {
			m.order[m.nEsc] = p
			m.nEsc++
		}
	}
	return m
}

// place is where player p's ring stands in the escape order (0 the first), or -1.
func (m *esModel) place(p int) int {
	for k := 0; k < m.nEsc; k++ {
		if m.order[k] == p {
			return k
		}
	}
	return -1
}

// esChoice is one way the Ghula can be steered, worked out by playing it on a copy of the
// state and reading the events: where the Ghula would go, the squares it would pass, whom it
// would carry, and the picture after it.
type esChoice struct {
	mv      rules.Move
	forward bool
	dest    int   // the Ghula's destination, 0..50
	path    []int // the positions it passes, destination last
	carried []int // the players it would carry
	after   racePose
}

// esSigBoard is Es-Sîg's board: a plank with the 7×7 squares and the extra square
// (sprites.EsSigTable), the track drawn through them, the two traps with their sîg counts and
// the final three; the rings (one a player, in the player's colour and mark) waiting in the
// start groove, on the track, or lined up in the escape groove in escape order; and the Ghula,
// a piece of coal. When an escaped player steers the Ghula, both directions are shown on the
// board with what each would drag, and the player picks one by tapping it (or arrows and enter).
type esSigBoard struct {
	raceCore
	m  ui.Metrics
	tb *sprites.EsSigTable
	tl lang.Lang // the language tb's labels are in

	model esModel
	ready bool

	choices []esChoice
	// choiceVer counts the sets of choices shown; the two layers of a decision (under and over
	// the pieces) are pictures of a set, the hover, the cursor and the hints.
	choiceVer         int
	underPic, overPic ui.Picture[esChoiceKey]
	cursor            int // the choice the keyboard is on
	hover             int // the choice under the pointer, -1 none
	hints             bool
}

func newEsSigBoard(env *stage.Env) *esSigBoard {
	return &esSigBoard{raceCore: raceCore{env: env}, hover: -1}
}

// esSpec is the board as the rules set it out (sprites.EsSigBoard) with its words: Start, the
// sîgs each trap asks, the final spaces' Sig, the escape order's places.
func esSpec(players int) sprites.EsSigSpec {
	spec := sprites.EsSigBoard(players)
	spec.TrapWords = map[int]string{}
	for x, n := range spec.Traps {
		spec.TrapWords[x] = lang.N("essig.sigs", n, n)
	}
	spec.Start, spec.Sig = lang.T("boards.start"), lang.T("essig.sig")
	for k := 1; k < players; k++ {
		spec.Places = append(spec.Places, lang.Ordinal(k))
	}
	return spec
}

func (b *esSigBoard) players() int {
	if b.ready {
		return b.model.n
	}
	if n := len(b.env.Colors); n >= 2 {
		return min(n, 8)
	}
	return 4
}

func (b *esSigBoard) Layout(m ui.Metrics, r ui.Rect) {
	b.m = m
	b.sprites.clear()
	if b.tb != nil {
		b.tb.Dispose()
	}
	b.tb, b.tl = sprites.LayoutEsSig(r.S().Inset(r.W*0.01), esSpec(b.players())), lang.Current()
	if b.ready {
		b.cur = b.pose(b.model)
		for i := range b.choices {
			b.choices[i].after = b.pose(b.choices[i].afterModel(b))
		}
	}
}

// afterModel is the position after choice c, rebuilt from what its preview recorded (the Ghula
// and everyone it carries on its destination), to lay its picture out again after a relayout.
func (c esChoice) afterModel(b *esSigBoard) esModel {
	m := b.model
	m.ghula = c.dest
	for _, p := range c.carried {
		m.piece[p] = c.dest
		m.wait[p] = 0
	}
	return m
}

func (b *esSigBoard) Sync(s rules.State) {
	st, ok := s.(*essig.State)
	if !ok {
		return
	}
	n := min(st.Players(), 8)
	if b.tb != nil && (len(b.tb.Slots) != n || b.tl != lang.Current()) {
		// The layout's grooves were made for another number of players, or its labels for
		// another language.
		b.tb.Dispose()
		b.tb, b.tl = sprites.LayoutEsSig(b.tb.Rect, esSpec(n)), lang.Current()
	}
	b.model = esModelOf(st)
	b.ready = true
	b.cur = b.pose(b.model)
	b.rest(s)
	b.preview(st)
}

// preview works out the choices of a player steering the Ghula by playing each legal move on a
// copy of the state and reading what the events report.
func (b *esSigBoard) preview(st *essig.State) {
	b.choiceVer++
	b.choices = b.choices[:0]
	b.hover = -1
	if st.Phase() != rules.PhaseMove {
		return
	}
	for _, mv := range st.Legal(nil) {
		c := st.Clone().(*essig.State)
		var ev rules.Events
		if err := c.Apply(mv, &ev); err != nil {
			continue
		}
		ch := esChoice{mv: mv, forward: mv == essig.GhulaForward, dest: st.Ghula()}
		for _, e := range ev {
			switch e.Kind {
			case rules.EvGhoulaStep:
				ch.path = append(ch.path, e.To)
				ch.dest = e.To
			case rules.EvDragged:
				ch.carried = append(ch.carried, e.Player)
			}
		}
		ch.after = b.pose(esModelOf(c))
		b.choices = append(b.choices, ch)
	}
	if b.cursor >= len(b.choices) {
		b.cursor = 0
	}
}

func (b *esSigBoard) ShowHints(s rules.State, legal []rules.Move) { b.hints = len(legal) > 0 }

func (b *esSigBoard) Hits(h *ui.HitMap) {
	if b.tb == nil {
		return
	}
	for i, c := range b.tb.Cells {
		h.AddPolygon(c.Hit, ui.Target{Kind: "cell", N: i})
	}
	for _, c := range b.choices {
		id := esChoiceID(c.mv)
		d := b.destRect(c)
		if t := b.m.Touch(); d.W < t {
			d = ui.Rect{X: d.CX() - t/2, Y: d.CY() - t/2, W: t, H: t}
		}
		h.AddRect(d, ui.Target{Kind: "ghula", ID: id})
		h.AddRect(b.tagRect(c), ui.Target{Kind: "ghula", ID: id})
	}
}

func esChoiceID(mv rules.Move) string {
	if mv == essig.GhulaForward {
		return "forward"
	}
	return "back"
}

// Input picks the Ghula's direction: a tap on a choice's label or destination, an arrow toward
// a choice (along the track where the Ghula stands) then enter or space.
func (b *esSigBoard) Input(in ui.Intent, s rules.State, legal []rules.Move) (rules.Move, bool) {
	if st, ok := s.(*essig.State); ok && len(b.choices) == 0 && st.Phase() == rules.PhaseMove {
		b.preview(st)
	}
	if len(b.choices) == 0 {
		return 0, false
	}
	pick := func(k int) (rules.Move, bool) {
		if k < 0 || k >= len(b.choices) || !rules.Contains(legal, b.choices[k].mv) {
			return 0, false
		}
		b.cursor = k
		return b.choices[k].mv, true
	}
	switch in.Kind {
	case ui.Move:
		fwd := b.heading(b.model.ghula)
		d := float64(in.DX)*math.Cos(fwd) + float64(in.DY)*math.Sin(fwd)
		want := d > 0.1
		if math.Abs(d) <= 0.1 {
			want = !b.choices[b.cursor].forward
		}
		for k, c := range b.choices {
			if c.forward == want {
				b.cursor = k
			}
		}
	case ui.Next, ui.Prev:
		// Tab goes from one direction to the other.
		d := 1
		if in.Kind == ui.Prev {
			d = len(b.choices) - 1
		}
		b.cursor = (b.cursor + d) % len(b.choices)
	case ui.Activate:
		return pick(b.cursor)
	case ui.Tap:
		if k := b.choiceAt(in.Target); k >= 0 {
			return pick(k)
		}
	case ui.Point:
		b.hover = b.choiceAt(in.Target)
	}
	return 0, false
}

// choiceAt is the choice a target stands for (its label, or its destination square), or -1.
func (b *esSigBoard) choiceAt(t ui.Target) int {
	for k, c := range b.choices {
		switch {
		case t.Kind == "ghula" && t.ID == esChoiceID(c.mv):
			return k
		case t.Kind == "cell" && c.dest >= 1 && t.N == c.dest-1:
			return k
		}
	}
	return -1
}

// heading is the direction of travel at position x.
func (b *esSigBoard) heading(x int) float64 {
	if b.tb == nil || x < 1 || x > len(b.tb.Heading) {
		return -math.Pi / 2
	}
	return b.tb.Heading[x-1]
}

// at is where position x is drawn: a square, or the Ghula's place at the start.
func (b *esSigBoard) at(x int) sprites.Pt {
	switch {
	case x >= 1 && x <= len(b.tb.Cells):
		return b.tb.Cells[x-1].Center
	case x <= 0:
		return b.tb.Home
	}
	return esExitMiddle(b.tb)
}

func esExitMiddle(tb *sprites.EsSigTable) sprites.Pt {
	return sprites.Pt{X: tb.Exit.X + tb.Exit.W/2, Y: tb.Exit.Y + tb.Exit.H/2}
}

// pose is where everything stands in position m.
func (b *esSigBoard) pose(m esModel) racePose {
	var p racePose
	for i := range p.P {
		p.P[i].Badge = -1
	}
	tb := b.tb
	if tb == nil || len(tb.Cells) < essig.Last {
		return p
	}
	u := tb.Unit
	p.Glow = 0.3
	switch {
	case m.ghula < 0:
		p.G = raceActor{At: tb.Cells[essig.Last-1].Center, R: u * 0.38, Badge: -1}
	case m.ghula == essig.Home:
		p.G = raceActor{At: tb.Home, R: u * 0.34, Alpha: 1, Badge: -1}
	default:
		p.G = raceActor{At: tb.Cells[m.ghula-1].Center, R: u * 0.38, Alpha: 1, Badge: -1}
	}
	groups := map[int][]int{}
	for q := 0; q < m.n; q++ {
		a := &p.P[q]
		a.Alpha = 1
		switch x := m.piece[q]; {
		case x <= essig.Home:
			if q < len(tb.Slots) {
				a.At = tb.Slots[q]
			}
			a.R = tb.SlotR * 0.92
		case x >= essig.Escaped:
			k := m.place(q)
			if k >= 0 && k < len(tb.Places) {
				a.At = tb.Places[k]
			} else {
				a.At = esExitMiddle(tb)
			}
			a.R = tb.PlaceR * 0.95
		default:
			groups[x] = append(groups[x], q)
			if need := essig.TrapSigs(x); need > 0 {
				a.Badge, a.Need = m.wait[q], need
			}
		}
	}
	for x, qs := range groups {
		c := tb.Cells[x-1]
		centre, size := c.Center, c.Size
		h := b.heading(x)
		if m.ghula == x {
			// The Ghula stands at the back of the square, the rings at the front.
			hx, hy := math.Cos(h), math.Sin(h)
			p.G.At = sprites.Pt{X: centre.X - hx*size*0.26, Y: centre.Y - hy*size*0.26}
			p.G.R = u * 0.32
			centre = sprites.Pt{X: centre.X + hx*size*0.22, Y: centre.Y + hy*size*0.22}
			size *= 0.8
		}
		pts, r := fan(len(qs), centre, size, h)
		side := sides(pts, centre)
		for k, q := range qs {
			p.P[q].At, p.P[q].R, p.P[q].Side = pts[k], r, side[k]
		}
	}
	return p
}

// Animate turns a move's events into steps: rings walking square by square (in from the start
// groove, out to the escape groove), trap counts, escapes, the Ghula appearing, and the Ghula
// steered along the track carrying every ring it meets.
func (b *esSigBoard) Animate(q *stage.Queue, before, after rules.State, ev rules.Events) {
	bs, ok1 := before.(*essig.State)
	as, ok2 := after.(*essig.State)
	if !ok1 || !ok2 || b.tb == nil {
		return
	}
	m := esModelOf(bs)
	b.begin(q, after)
	q.Add(stage.Step{Start: func() { b.choices, b.choiceVer = b.choices[:0], b.choiceVer+1 }})
	for i := 0; i < len(ev); {
		e := ev[i]
		p := e.Player
		switch e.Kind {
		case rules.EvStep:
			j := i
			for j+1 < len(ev) && ev[j+1].Kind == rules.EvStep && ev[j+1].Player == p {
				j++
			}
			m2 := m
			from, to := e.From, ev[j].To
			m2.piece[p], m2.wait[p] = to, 0
			if to >= essig.Escaped {
				for k := j + 1; k < len(ev); k++ {
					if ev[k].Kind == rules.EvFinished && ev[k].Player == p && m2.place(p) < 0 && m2.nEsc < len(m2.order) {
						m2.order[m2.nEsc] = p
						m2.nEsc++
					}
				}
			}
			b.walk(q, p, to-from, func() []sprites.Pt {
				var pts []sprites.Pt
				for x := from + 1; x < to; x++ {
					pts = append(pts, b.at(x))
				}
				return pts
			}, func() racePose { return b.pose(m2) }, func(k int) {
				b.model = m2
				if x := from + k + 1; x <= essig.Last {
					b.lastPath = append(b.lastPath, x)
				}
			})
			m, i = m2, j+1
			continue
		case rules.EvTrapped, rules.EvSigCounted:
			m2 := m
			x := e.To
			tint := sprites.Terracotta
			if e.Kind == rules.EvSigCounted {
				m2.wait[p] = e.Count
				x = e.From
				tint = sprites.Saffron
			}
			b.pulse(q, p, func() (sprites.Pt, float64) {
				c := b.tb.Cells[max(0, min(len(b.tb.Cells)-1, x-1))]
				return c.Center, c.Size * 0.7
			}, tint, func() racePose { return b.pose(m2) })
			m = m2
		case rules.EvFinished:
			m2 := m
			b.pulse(q, p, func() (sprites.Pt, float64) {
				k := max(0, min(len(b.tb.Places)-1, m2.place(p)))
				return b.tb.Places[k], b.tb.PlaceR * 1.5
			}, sprites.Saffron, func() racePose { return b.pose(m2) })
		case rules.EvGhoulaAppears:
			m2 := m
			m2.ghula = e.To
			b.appear(q, m2)
			m = m2
		case rules.EvGhoulaStep:
			i = b.steer(q, &m, ev, i)
			continue
		case rules.EvNoMove:
			m0 := m
			who := p
			if m.piece[p] >= essig.Escaped {
				who = -1 // the Ghula's value was 0
			}
			b.shrug(q, who, func() racePose { return b.pose(m0) })
		case rules.EvTurn:
			m.toMove = p
		}
		i++
	}
	final := esModelOf(as)
	q.Add(stage.Step{Start: func() { b.model = final }})
}

// appear brings the Ghula onto the board in a puff of smoke (m2: after).
func (b *esSigBoard) appear(q *stage.Queue, m2 esModel) {
	queueTween(q, raceAppearTime, &b.cur, func() {
		audio.Play(audio.Ghoula)
		b.model = m2
		c := b.tb.Cells[essig.Last-1].Center
		b.smoke = b.smoke[:0]
		for k := 0; k < 7; k++ {
			a := 2 * math.Pi * float64(k) / 7
			b.smoke = append(b.smoke, sprites.Pt{X: c.X + math.Cos(a)*b.tb.Unit*0.4, Y: c.Y + math.Sin(a)*b.tb.Unit*0.35})
		}
		b.smokeA = 1
	}, func() racePose { return b.pose(m2) }, func(cur *racePose, t float64) {
		cur.Glow = 1
		if !b.env.Reduced {
			cur.G.R *= 0.4 + 0.6*stage.Ease(t)
		}
		b.smokeA = 1 - t
		if t >= 1 {
			b.smoke = nil
		}
	})
}

// steer animates the Ghula's move that starts with the step event ev[i]: it walks square by
// square, the rings on each square it reaches climb on, and at the end all are put down; rings
// put down on a trap get their counter. It advances m and returns the next event's index.
func (b *esSigBoard) steer(q *stage.Queue, m *esModel, ev rules.Events, i int) int {
	j := i
	for j+1 < len(ev) && ev[j+1].Kind == rules.EvGhoulaStep {
		j++
	}
	g0, g1 := ev[i].From, ev[j].To
	dir := 1
	if g1 < g0 {
		dir = -1
	}
	n := (g1 - g0) * dir
	type carry struct{ p, from, to int }
	var carried []carry
	var trapped []rules.Event
	k := j + 1
	for ; k < len(ev) && (ev[k].Kind == rules.EvDragged || ev[k].Kind == rules.EvTrapped); k++ {
		if ev[k].Kind == rules.EvDragged {
			carried = append(carried, carry{ev[k].Player, ev[k].From, ev[k].To})
		} else {
			trapped = append(trapped, ev[k])
		}
	}
	mAfter := *m
	mAfter.ghula = g1
	var who []int
	for _, c := range carried {
		mAfter.piece[c.p], mAfter.wait[c.p] = c.to, 0 // where the rules put it down
		who = append(who, c.p)
	}
	// onBoard lists the rings carried once the Ghula has taken s steps.
	onBoard := func(s int) []int {
		var out []int
		for _, c := range carried {
			if (c.from-g0)*dir <= s && c.from != g1 {
				out = append(out, c.p)
			}
		}
		return out
	}
	hiss := func() { audio.Play(audio.Ghoula) }
	marks := func() {
		b.lastGhoula = []int{g0}
		for x := g0 + dir; x != g1+dir; x += dir {
			b.lastGhoula = append(b.lastGhoula, x)
		}
	}
	if b.env.Reduced {
		b.fadeMove(q, who, true, func() racePose { return b.pose(mAfter) }, func() { hiss(); marks(); b.model = mAfter })
	} else {
		var start, dest racePose
		var pts []sprites.Pt
		for s := 0; s < n; s++ {
			q.Add(stage.Step{
				Dur: raceGhoulaStep,
				Start: func() {
					if s == 0 {
						start = b.cur
						dest = b.pose(mAfter)
						pts = []sprites.Pt{start.G.At}
						for x := g0 + dir; x != g1; x += dir {
							pts = append(pts, b.at(x))
						}
						pts = append(pts, dest.G.At)
						hiss()
						b.lastGhoula = []int{g0}
						b.trail = raceTrail{W: b.tb.Unit * 0.3, Alpha: 0}
					}
					b.lastGhoula = append(b.lastGhoula, g0+dir*(s+1))
				},
				Run: func(t float64) {
					b.cur = start
					g := &b.cur.G
					g.At = pts[s].Lerp(pts[s+1], stage.Ease(t))
					g.At.Y -= g.R * 0.25 * hop(t)
					g.R = lerp(start.G.R, dest.G.R, (float64(s)+t)/float64(n))
					g.Front = true
					b.cur.Glow = 1
					if riders := onBoard(s); len(riders) > 0 {
						ride(&b.cur, *g, riders)
						if b.trail.Alpha == 0 {
							b.trail.Alpha = 1
							b.trail.Pts = []sprites.Pt{pts[s]}
						}
					}
					if b.trail.Alpha > 0 {
						b.trail.Pts = append(b.trail.Pts[:min(len(b.trail.Pts), s+1)], g.At)
					}
				},
			})
		}
		// Everyone carried is put down on the Ghula's square (the start: back to their places).
		queueTween(q, raceHopTime, &b.cur, func() { b.model = mAfter }, func() racePose { return b.pose(mAfter) }, func(cur *racePose, t float64) {
			b.trail.Alpha = math.Min(b.trail.Alpha, 1-t)
		})
	}
	*m = mAfter
	for _, e := range trapped {
		x, p := e.To, e.Player
		m2 := *m
		b.pulse(q, p, func() (sprites.Pt, float64) {
			c := b.tb.Cells[max(0, min(len(b.tb.Cells)-1, x-1))]
			return c.Center, c.Size * 0.7
		}, sprites.Terracotta, func() racePose { return b.pose(m2) })
	}
	return k
}

func (b *esSigBoard) Draw(dst *ebiten.Image) {
	if b.tb == nil {
		return
	}
	b.tb.Draw(dst)
	if !b.ready {
		return
	}
	b.drawLast(dst)
	b.drawTrail(dst, b.trail)
	for _, f := range b.flashes {
		b.drawFlash(dst, f)
	}
	b.drawChoices(dst, false)
	toMove := b.model.toMove
	if b.model.phase == rules.PhaseOver {
		toMove = -1
	}
	b.drawActors(dst, b.model.n, toMove, b.tb.Unit, math.Max(b.tb.Unit*0.26, b.m.Pt(11)), b.drawRing)
	b.drawChoices(dst, true)
}

// esChoiceKey is what a decision's layers show.
type esChoiceKey struct {
	ver, hover, cursor int
	hints              bool
}

// drawChoices draws a steering decision's layer under the pieces or over them, from a picture
// of the whole screen (the layers reach over the board's edge) painted when the decision, the
// hover or the cursor changes, and let go when there is no decision.
func (b *esSigBoard) drawChoices(dst *ebiten.Image, over bool) {
	pic, paint := &b.underPic, b.drawChoicesUnder
	if over {
		pic, paint = &b.overPic, b.drawChoicesOver
	}
	if b.busy || len(b.choices) == 0 {
		pic.Release()
		return
	}
	k := esChoiceKey{b.choiceVer, b.hover, b.cursor, b.hints}
	pic.Draw(dst, ui.Rect{W: b.m.W, H: b.m.H}, k, func(img *ebiten.Image, _ ui.Rect) { paint(img) })
}

func (b *esSigBoard) drawRing(dst *ebiten.Image, i int) {
	a := b.cur.P[i]
	if a.Lift > 0 {
		b.disc(dst, a.At.X+a.R*0.1, a.At.Y+a.R*0.3, a.R*0.8, sprites.Fade(color.RGBA{0, 0, 0, 255}, 0.16*a.Alpha))
	}
	b.ring(dst, i, a.At.X, a.At.Y-a.R*0.25*a.Lift, a.R, a.Alpha)
}

// ring draws player i's ring, r its radius, at opacity alpha.
func (b *esSigBoard) ring(dst *ebiten.Image, i int, x, y, r, alpha float64) {
	k, rq := sizeKey(r)
	b.sprites.draw(dst, spriteKey{spriteRing, i, k, 0}, rq*2.6, r/rq, x, y, alpha, func(img *ebiten.Image, cx, cy float64) {
		sprites.DrawWeddingRing(img, b.color(i), cx, cy, rq)
	})
}

// drawLast marks the last move: the squares the ring passed, its destination outlined, and
// the Ghula's path in soot.
func (b *esSigBoard) drawLast(dst *ebiten.Image) {
	u := b.tb.Unit
	for k, x := range b.lastGhoula {
		if k == 0 || x < 1 || x > len(b.tb.Cells) {
			continue
		}
		c := b.tb.Cells[x-1].Center
		b.disc(dst, c.X, c.Y, u*0.07, sprites.Fade(sprites.Charcoal, 0.5))
	}
	for k, x := range b.lastPath {
		if x < 1 || x > len(b.tb.Cells) {
			continue
		}
		c := b.tb.Cells[x-1]
		if k == len(b.lastPath)-1 {
			b.outline(dst, x, c.Poly, math.Max(2, u*0.06), sprites.Fade(sprites.Saffron, 0.9))
			continue
		}
		b.disc(dst, c.Center.X, c.Center.Y, u*0.08, sprites.Fade(sprites.Saffron, 0.7))
	}
}

// The choices' colours: back toward the start in indigo, forward toward the exit in terracotta.
func esChoiceColor(forward bool) color.RGBA {
	if forward {
		return sprites.Mix(sprites.Terracotta, sprites.Saffron, 0.2)
	}
	return sprites.Mix(sprites.Indigo, sprites.Chalk, 0.25)
}

// destRect is the square (or the Ghula's place at the start) a choice leads to.
func (b *esSigBoard) destRect(c esChoice) ui.Rect {
	u := b.tb.Unit
	if c.dest >= 1 && c.dest <= len(b.tb.Cells) {
		p := b.tb.Cells[c.dest-1].Poly
		return ui.Rect{X: p[0].X, Y: p[0].Y, W: p[1].X - p[0].X, H: p[2].Y - p[1].Y}
	}
	h := b.tb.Home
	return ui.Rect{X: h.X - u*0.46, Y: h.Y - u*0.46, W: u * 0.92, H: u * 0.92}
}

// tagRect is where a choice's label goes: a small tag straddling the gutter above its
// destination (to the right of the extra square, which has nothing above it), kept on the plank.
func (b *esSigBoard) tagRect(c esChoice) ui.Rect {
	u := b.tb.Unit
	size := b.tagSize()
	label := esChoiceLabel(c.forward)
	w := sprites.MeasureBoardText(label, size, true) + size*2.6 + float64(len(c.carried))*size*0.95
	h := size * 1.7
	d := b.destRect(c)
	x, y := d.X+d.W/2-w/2, d.Y-u*0.04-h/2
	if c.dest >= essig.Last {
		x, y = d.X+d.W+u*0.06, d.Y+d.H/2-h/2
	}
	r := ui.Rect{X: x, Y: y, W: w, H: h}
	pl := b.tb.Rect
	r.X = math.Max(pl.X+u*0.05, math.Min(pl.X+pl.W-u*0.05-w, r.X))
	r.Y = math.Max(pl.Y+u*0.03, math.Min(pl.Y+pl.H-u*0.03-h, r.Y))
	return r
}

// tagSize is the text size of the choices' tags: a fifth of a square, never unreadably small.
func (b *esSigBoard) tagSize() float64 {
	return math.Max(b.tb.Unit*0.21, b.m.Pt(11))
}

func esChoiceLabel(forward bool) string {
	if forward {
		return lang.T("essig.forward")
	}
	return lang.T("essig.back")
}

// drawChoicesUnder draws what lies under the pieces for a steering decision: each direction's
// path (with hints on), its destination outlined, the rings it would carry marked where they
// stand.
func (b *esSigBoard) drawChoicesUnder(dst *ebiten.Image) {
	if b.busy || len(b.choices) == 0 {
		return
	}
	u := b.tb.Unit
	for k, c := range b.choices {
		col := esChoiceColor(c.forward)
		strong := k == b.hover || k == b.cursor
		if b.hints || strong {
			prev := b.at(b.model.ghula)
			for _, x := range c.path {
				nx := b.at(x)
				sprites.Line(dst, prev, nx, u*0.16, sprites.Fade(col, 0.35))
				prev = nx
			}
		}
		d := b.destRect(c)
		a := 0.75
		if strong {
			a = 1
		}
		sprites.Fill(dst, sprites.RoundRect(d.X, d.Y, d.W, d.H, u*0.08), sprites.Fade(col, 0.22))
		sprites.Stroke(dst, sprites.RoundRect(d.X+u*0.04, d.Y+u*0.04, d.W-u*0.08, d.H-u*0.08, u*0.08), math.Max(2, u*0.08), sprites.Fade(col, a))
		for _, p := range c.carried {
			at := b.cur.P[p]
			sprites.Ring(dst, at.At.X, at.At.Y, at.R*1.25, math.Max(1.5, u*0.04), sprites.Fade(col, a))
		}
	}
}

// drawChoicesOver draws a steering decision's ghosts and labels over the pieces: the Ghula and
// the rings it would carry, faint, where they would end, and each direction's label.
func (b *esSigBoard) drawChoicesOver(dst *ebiten.Image) {
	if b.busy || len(b.choices) == 0 {
		return
	}
	u := b.tb.Unit
	for k, c := range b.choices {
		col := esChoiceColor(c.forward)
		for _, p := range c.carried {
			a := c.after.P[p]
			b.ring(dst, p, a.At.X, a.At.Y, a.R, 0.6)
		}
		g := c.after.G
		gk, rq := sizeKey(g.R)
		b.sprites.draw(dst, spriteKey{spriteGhoula, 0, gk, 1}, rq*3.4, g.R/rq, g.At.X, g.At.Y, 0.5, func(img *ebiten.Image, cx, cy float64) {
			sprites.DrawGhoula(img, cx, cy, rq, 0.25)
		})

		r := b.tagRect(c)
		strong := k == b.hover || k == b.cursor
		sprites.Fill(dst, sprites.RoundRect(r.X+u*0.02, r.Y+u*0.04, r.W, r.H, r.H/2), color.RGBA{0, 0, 0, 80})
		bg := sprites.Mix(col, sprites.Ink, 0.3)
		if strong {
			bg = sprites.Mix(col, sprites.Ink, 0.05)
		}
		sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, r.H/2), bg)
		if k == b.cursor {
			f := u * 0.05
			sprites.Stroke(dst, sprites.RoundRect(r.X-f, r.Y-f, r.W+2*f, r.H+2*f, r.H/2+f), math.Max(2, u*0.05), sprites.Saffron)
		}
		// The arrow, the word, then the rings it would carry.
		size := b.tagSize()
		label := esChoiceLabel(c.forward)
		tw := sprites.MeasureBoardText(label, size, true)
		x := r.X + size*0.6
		cy := r.Y + r.H/2
		if !c.forward {
			esArrow(dst, x+size*0.35, cy, size*0.42, math.Pi, sprites.Chalk)
			x += size * 1.0
		}
		sprites.BoardText(dst, label, x+tw/2, cy, size, true, sprites.Chalk)
		x += tw + size*0.4
		if c.forward {
			esArrow(dst, x+size*0.2, cy, size*0.42, 0, sprites.Chalk)
			x += size * 0.9
		}
		for _, p := range c.carried {
			b.ring(dst, p, x+size*0.45, cy, size*0.42, 1)
			x += size * 0.95
		}
	}
}

// esArrow draws a filled arrowhead at (x, y) pointing along angle a.
func esArrow(dst *ebiten.Image, x, y, r, a float64, c color.RGBA) {
	s, co := math.Sincos(a)
	pt := func(u, v float64) sprites.Pt { return sprites.Pt{X: x + u*co - v*s, Y: y + u*s + v*co} }
	sprites.Fill(dst, sprites.Polygon([]sprites.Pt{pt(r, 0), pt(-r*0.7, r*0.8), pt(-r*0.7, -r*0.8)}), c)
}
