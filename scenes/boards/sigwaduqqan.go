package boards

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/rules"
	"sig/rules/sigwaduqqan"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

func init() {
	stage.Register(sigwaduqqan.Info.ID, func(env *stage.Env) stage.Board { return newDuqqanBoard(env) })
}

// duqModel is a Sig wa Duqqan position as the board pictures it: read from a
// *sigwaduqqan.State at rest, advanced by the events while an animation is built.
type duqModel struct {
	n       int
	piece   [sigwaduqqan.MaxPlayers]int  // 1..86
	gate    [sigwaduqqan.MaxPlayers]int  // sigs counted on the gate
	lost    [sigwaduqqan.MaxPlayers]bool // dragged home: out of the game
	crowned [sigwaduqqan.MaxPlayers]bool // reached the centre (crowned once its arrival is shown)
	ghoula  int                          // 1..80
	toMove  int
	over    bool
}

func duqModelOf(s *sigwaduqqan.State) duqModel {
	m := duqModel{n: min(s.Players(), 8), ghoula: s.Ghoula(), toMove: s.ToMove(), over: s.Phase() == rules.PhaseOver}
	for p := 0; p < m.n; p++ {
		m.piece[p] = s.Piece(p)
		m.gate[p] = s.GateSigs(p)
		m.lost[p] = s.Lost(p)
		m.crowned[p] = s.Finished(p)
	}
	return m
}

// duqqanBoard is Sig wa Duqqan's board: the spiral traced in sand (sprites.Spiral), one piece a
// player in the player's colour and mark, fanned out where several share a space, the gate
// counter of every piece waiting there, the finished crowned at the centre and the lost greyed
// in the yard, and the Ghoula, a lump of charcoal that walks the track, carries the unmoved
// pieces on its first walk, and drags whoever it seizes home with a trail of soot.
//
// There are no decisions in this game: the play scene throws the sticks; the board only shows.
type duqqanBoard struct {
	raceCore
	m      ui.Metrics
	sp     *sprites.Spiral
	spLang lang.Lang // the language of the word along sp's neck

	model duqModel
	ready bool
}

func newDuqqanBoard(env *stage.Env) *duqqanBoard { return &duqqanBoard{raceCore: raceCore{env: env}} }

func (b *duqqanBoard) Layout(m ui.Metrics, r ui.Rect) {
	b.m = m
	if b.sp != nil {
		b.sp.Dispose()
	}
	b.sprites.clear()
	sq := r.S()
	b.sp = sprites.LayoutSpiral(sigwaduqqan.Centre, sigwaduqqan.Gate, sigwaduqqan.FinalStretch, sq.Inset(sq.W*0.015))
	b.sp.Start, b.spLang = lang.T("boards.start"), lang.Current()
	if b.ready {
		b.cur = b.pose(b.model)
	}
}

func (b *duqqanBoard) Sync(s rules.State) {
	st, ok := s.(*sigwaduqqan.State)
	if !ok {
		return
	}
	if b.sp != nil && b.spLang != lang.Current() {
		// The language changed (in the settings, during a pause): the word along the neck too.
		b.sp.Dispose()
		b.sp.Start, b.spLang = lang.T("boards.start"), lang.Current()
	}
	b.model = duqModelOf(st)
	b.ready = true
	b.cur = b.pose(b.model)
	b.rest(s)
}

func (b *duqqanBoard) Hits(h *ui.HitMap) {
	if b.sp == nil {
		return
	}
	for i, c := range b.sp.Cells {
		h.AddPolygon(c.Hit, ui.Target{Kind: "cell", N: i})
	}
}

// cell is space s's cell (1..86), clamped.
func (b *duqqanBoard) cell(s int) sprites.Cell {
	return b.sp.Cells[max(0, min(len(b.sp.Cells)-1, s-1))]
}

// pose is where everything stands in position m.
func (b *duqqanBoard) pose(m duqModel) racePose {
	var p racePose
	for i := range p.P {
		p.P[i].Badge = -1
	}
	if b.sp == nil || len(b.sp.Cells) < sigwaduqqan.Centre {
		return p
	}
	sp := b.sp
	w := sp.Band
	p.G = raceActor{At: b.cell(m.ghoula).Center, R: w * 0.46, Alpha: 1, Badge: -1}
	p.Glow = 0.3
	groups := map[int][]int{}
	for q := 0; q < m.n; q++ {
		groups[m.piece[q]] = append(groups[m.piece[q]], q)
	}
	for s, qs := range groups {
		switch s {
		case sigwaduqqan.Start:
			// The yard: everyone has a place on a ring around the middle, where the Ghoula waits,
			// leaving the neck clear.
			span := 2*math.Pi - 1.3
			r := math.Min(w*0.32, sp.YardR*0.62*span/float64(max(1, m.n-1))*0.5)
			for _, q := range qs {
				a := sp.Heading[0] + 0.65 + span*float64(q)/float64(max(1, m.n-1))
				p.P[q].At = sprites.Pt{X: sp.Yard.X + math.Cos(a)*sp.YardR*0.64, Y: sp.Yard.Y + math.Sin(a)*sp.YardR*0.64}
				p.P[q].R = r
			}
		case sigwaduqqan.Centre:
			c := b.cell(s)
			rc := c.Size / 1.5
			for k, q := range qs {
				at := c.Center
				if len(qs) > 1 {
					a := -math.Pi/2 + 2*math.Pi*float64(k)/float64(len(qs))
					at = sprites.Pt{X: at.X + math.Cos(a)*rc*0.5, Y: at.Y + math.Sin(a)*rc*0.5}
				}
				p.P[q].At = at
				p.P[q].R = w * 0.3
			}
		default:
			c := b.cell(s)
			h := sp.Heading[s-1]
			centre, size := c.Center, c.Size
			if m.ghoula == s {
				// The Ghoula stands at the back of the space, the pieces at the front.
				hx, hy := math.Cos(h), math.Sin(h)
				p.G.At = sprites.Pt{X: centre.X - hx*size*0.28, Y: centre.Y - hy*size*0.28}
				centre = sprites.Pt{X: centre.X + hx*size*0.24, Y: centre.Y + hy*size*0.24}
				size *= 0.85
			}
			pts, r := fan(len(qs), centre, size, h)
			side := sides(pts, centre)
			for k, q := range qs {
				p.P[q].At, p.P[q].R, p.P[q].Side = pts[k], r, side[k]
			}
		}
	}
	for q := 0; q < m.n; q++ {
		a := &p.P[q]
		a.Alpha = 1
		if m.lost[q] {
			a.Grey = 1
		}
		if m.crowned[q] && m.piece[q] == sigwaduqqan.Centre {
			a.Crown = 1
		}
		if m.piece[q] == sigwaduqqan.Gate {
			a.Badge, a.Need = m.gate[q], sigwaduqqan.GateSigs
		}
	}
	if m.ghoula == sigwaduqqan.Start {
		p.G.At = sprites.Pt{X: sp.Yard.X, Y: sp.Yard.Y + sp.YardR*0.02}
		p.G.R = w * 0.5
	}
	return p
}

// clutch places the pieces qs in the Ghoula's grip, g being where it is drawn.
func clutch(p *racePose, g raceActor, qs []int) {
	for k, q := range qs {
		side := float64(k%2*2 - 1)
		row := float64(k / 2)
		a := &p.P[q]
		a.At = sprites.Pt{X: g.At.X + side*g.R*(0.85+0.25*row), Y: g.At.Y + g.R*(0.35+0.3*row)}
		a.R = g.R * 0.48
		a.Lift, a.Front = 0.6, true
	}
}

// ride puts the pieces qs on the Ghoula's back, g being where it is drawn.
func ride(p *racePose, g raceActor, qs []int) {
	n := float64(len(qs))
	for k, q := range qs {
		a := &p.P[q]
		x := (float64(k) - (n-1)/2) * g.R * math.Min(0.62, 1.9/math.Max(1, n))
		a.At = sprites.Pt{X: g.At.X + x, Y: g.At.Y - g.R*0.95 - math.Abs(x)*0.15}
		a.R = g.R * 0.52
		a.Lift, a.Front = 0.3, true
	}
}

// Animate turns a throw's events into steps: the piece walking space by space, the gate's
// count, the crown, and the Ghoula's walk with its riders, its seizure and its drag home.
func (b *duqqanBoard) Animate(q *stage.Queue, before, after rules.State, ev rules.Events) {
	bs, ok1 := before.(*sigwaduqqan.State)
	as, ok2 := after.(*sigwaduqqan.State)
	if !ok1 || !ok2 || b.sp == nil {
		return
	}
	m := duqModelOf(bs)
	b.begin(q, after)
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
			m2.piece[p] = ev[j].To
			b.walk(q, m2, p, e.From, ev[j].To)
			m, i = m2, j+1
			continue
		case rules.EvTrapped, rules.EvSigCounted:
			m2 := m
			if e.Kind == rules.EvSigCounted {
				m2.gate[p] = e.Count
			}
			tint := sprites.Saffron
			if e.Kind == rules.EvTrapped {
				tint = sprites.Terracotta
			}
			b.pulse(q, p, func() (sprites.Pt, float64) {
				c := b.cell(sigwaduqqan.Gate)
				return c.Center, c.Size * 0.62
			}, tint, func() racePose { return b.pose(m2) })
			m = m2
		case rules.EvFinished:
			m2 := m
			m2.crowned[p] = true
			b.crown(q, m2, p)
			m = m2
		case rules.EvNoMove:
			m0 := m
			b.shrug(q, p, func() racePose { return b.pose(m0) })
		case rules.EvGhoulaStep:
			i = b.ghoulaMove(q, &m, ev, i)
			continue
		case rules.EvGhoulaReturns:
			m2 := m
			m2.ghoula = e.To
			b.fly(q, m2, e.From)
			m = m2
		case rules.EvTurn:
			m.toMove = p
		case rules.EvGameOver:
			m.over = true
		}
		i++
	}
	final := duqModelOf(as)
	q.Add(stage.Step{Start: func() { b.model = final }})
}

// walk moves p's piece space by space from one space to another (m2: the position after).
func (b *duqqanBoard) walk(q *stage.Queue, m2 duqModel, p, from, to int) {
	b.raceCore.walk(q, p, to-from, func() []sprites.Pt {
		var pts []sprites.Pt
		for s := from + 1; s < to; s++ {
			pts = append(pts, b.cell(s).Center)
		}
		return pts
	}, func() racePose { return b.pose(m2) }, func(k int) {
		b.model = m2
		b.lastPath = append(b.lastPath, from+k+1)
	})
}

// spaces lists a..b.
func spaces(a, b int) []int {
	var out []int
	for s := a; s <= b; s++ {
		out = append(out, s)
	}
	return out
}

// crown drops the crown on a piece that reached the centre.
func (b *duqqanBoard) crown(q *stage.Queue, m2 duqModel, p int) {
	queueTween(q, raceCrownTime, &b.cur, func() {
		b.model = m2
		c := b.cell(sigwaduqqan.Centre)
		b.flashes = []raceFlash{{At: c.Center, R: c.Size * 0.7, C: sprites.Saffron, A: 1}}
	}, func() racePose { return b.pose(m2) }, func(cur *racePose, t float64) {
		if len(b.flashes) > 0 {
			b.flashes[0].A = 1 - t
			b.flashes[0].R = b.cell(sigwaduqqan.Centre).Size * (0.5 + 0.3*t)
		}
	})
}

// ghoulaMove animates the Ghoula's move that starts with the step event ev[i]: its walk (with
// the riders of its first walk), the pieces put down, the seizure, the drag home and the
// losers greying; it advances m and returns the index of the first event after it.
func (b *duqqanBoard) ghoulaMove(q *stage.Queue, m *duqModel, ev rules.Events, i int) int {
	j := i
	for j+1 < len(ev) && ev[j+1].Kind == rules.EvGhoulaStep {
		j++
	}
	g0, g1 := ev[i].From, ev[j].To
	k := j + 1
	var riders, seized, lost []int
	for ; k < len(ev) && ev[k].Kind == rules.EvRide; k++ {
		riders = append(riders, ev[k].Player)
	}
	for ; k < len(ev) && ev[k].Kind == rules.EvSeized; k++ {
		seized = append(seized, ev[k].Player)
	}
	// Where the dragged pieces and the Ghoula end up, as the events say (EvDragged's and
	// EvGhoulaReturns' To: the start).
	landing := map[int]int{}
	home := g1
	for ; k < len(ev) && ev[k].Kind == rules.EvDragged; k++ {
		landing[ev[k].Player] = ev[k].To
	}
	returns := k < len(ev) && ev[k].Kind == rules.EvGhoulaReturns && len(seized) > 0
	if returns {
		home = ev[k].To
		k++
	}
	for ; k < len(ev) && ev[k].Kind == rules.EvLost; k++ {
		lost = append(lost, ev[k].Player)
	}

	mRun := *m
	mRun.ghoula = g1
	for _, r := range riders {
		mRun.piece[r] = g1
	}
	reduced := b.env.Reduced
	hiss := func() { audio.Play(audio.Ghoula) }

	// Riders climb on.
	if len(riders) > 0 && !reduced {
		queueTween(q, raceHopTime, &b.cur, nil, func() racePose {
			p := b.cur
			ride(&p, p.G, riders)
			return p
		}, nil)
	}
	// The walk.
	if reduced {
		b.fadeMove(q, riders, true, func() racePose { return b.pose(mRun) }, func() { hiss(); b.lastGhoula = spaces(g0, g1) })
	} else {
		n := g1 - g0
		var start, dest racePose
		var pts []sprites.Pt
		for s := 0; s < n; s++ {
			q.Add(stage.Step{
				Dur: raceGhoulaStep,
				Start: func() {
					if s == 0 {
						start = b.cur
						dest = b.pose(mRun)
						if len(riders) > 0 {
							ride(&dest, dest.G, riders)
						}
						pts = []sprites.Pt{start.G.At}
						for x := g0 + 1; x < g1; x++ {
							pts = append(pts, b.cell(x).Center)
						}
						pts = append(pts, dest.G.At)
						hiss()
						b.lastGhoula = []int{g0}
					}
					b.lastGhoula = append(b.lastGhoula, g0+s+1)
				},
				Run: func(t float64) {
					f := (float64(s) + t) / float64(n)
					b.cur = start.blend(dest, stage.Ease(f))
					g := &b.cur.G
					g.At = pts[s].Lerp(pts[s+1], stage.Ease(t))
					g.Lift = 0.35 * hop(t)
					g.At.Y -= g.R * 0.25 * hop(t)
					g.Front = true
					b.cur.Glow = 1
					if len(riders) > 0 {
						ride(&b.cur, *g, riders)
					}
					if s == n-1 && t >= 1 {
						b.cur = dest
						b.cur.Glow = 1
					}
				},
			})
		}
		// Riders are put down where it stopped.
		if len(riders) > 0 {
			queueTween(q, raceHopTime, &b.cur, nil, func() racePose { return b.pose(mRun) }, nil)
		}
	}
	*m = mRun
	if len(seized) == 0 {
		return k
	}

	// The seizure: the pieces on its square are lifted into its grip.
	held := func() racePose {
		p := b.pose(mRun)
		p.G.Front = true
		p.Glow = 1
		clutch(&p, p.G, seized)
		return p
	}
	queueTween(q, raceSeizeTime, &b.cur, func() {
		audio.Play(audio.Capture)
		c := b.cell(g1)
		b.flashes = []raceFlash{{At: c.Center, R: c.Size * 0.7, C: sprites.Ember, A: 1}}
	}, held, func(cur *racePose, t float64) {
		if len(b.flashes) > 0 {
			b.flashes[0].A = 1 - t*0.6
		}
	})

	// The drag home, fast, leaving a trail of soot.
	mHome := mRun
	mHome.ghoula = home
	for _, s := range seized {
		if to, ok := landing[s]; ok {
			mHome.piece[s] = to
		}
	}
	if reduced {
		b.fadeMove(q, seized, true, func() racePose { return b.pose(mHome) }, hiss)
	} else {
		var start, dest racePose
		var pts []sprites.Pt
		dur := math.Max(0.2, float64(g1-home)*raceDragStep)
		q.Add(stage.Step{
			Dur: dur,
			Start: func() {
				hiss()
				start = b.cur
				dest = b.pose(mHome)
				dest.G.Front = true
				dest.Glow = 1
				clutch(&dest, dest.G, seized)
				pts = []sprites.Pt{start.G.At}
				for x := g1 - 1; x > home; x-- {
					pts = append(pts, b.cell(x).Center)
				}
				pts = append(pts, dest.G.At)
				b.trail = raceTrail{W: b.sp.Band * 0.42, Alpha: 1}
				b.flashes = nil
			},
			Run: func(t float64) {
				b.cur = start.blend(dest, t)
				s := t * float64(len(pts)-1)
				g := &b.cur.G
				g.At = along(pts, s)
				g.Front = true
				b.cur.Glow = 1
				clutch(&b.cur, *g, seized)
				idx := int(s)
				b.trail.Pts = append(b.trail.Pts[:0], pts[:min(idx+1, len(pts))]...)
				b.trail.Pts = append(b.trail.Pts, g.At)
				if t >= 1 {
					b.cur = dest
				}
			},
		})
	}
	*m = mHome

	// The seized are out of the game: grey, set down in the yard.
	mLost := mHome
	for _, l := range lost {
		mLost.lost[l] = true
	}
	queueTween(q, raceGreyTime, &b.cur, nil, func() racePose { return b.pose(mLost) }, func(cur *racePose, t float64) {
		b.trail.Alpha = 1 - t
	})
	*m = mLost
	return k
}

// fly sends the Ghoula home from the gate through the air, trailing smoke (m2: after).
func (b *duqqanBoard) fly(q *stage.Queue, m2 duqModel, from int) {
	if b.env.Reduced {
		b.fadeMove(q, nil, true, func() racePose { return b.pose(m2) }, func() { audio.Play(audio.Ghoula) })
		return
	}
	var start, dest racePose
	var a, c, d sprites.Pt
	q.Add(stage.Step{
		Dur: raceFlyTime,
		Start: func() {
			audio.Play(audio.Ghoula)
			start, dest = b.cur, b.pose(m2)
			b.model = m2
			a, d = start.G.At, dest.G.At
			// The arc bows toward the top of the board.
			c = sprites.Pt{X: (a.X+d.X)/2 - (d.Y-a.Y)*0.25, Y: math.Min(a.Y, d.Y) - b.sp.Radius*0.55}
			b.smoke, b.smokeA = nil, 1
		},
		Run: func(t float64) {
			b.cur = start.blend(dest, t)
			e := stage.Ease(t)
			u := 1 - e
			g := &b.cur.G
			g.At = sprites.Pt{X: u*u*a.X + 2*u*e*c.X + e*e*d.X, Y: u*u*a.Y + 2*u*e*c.Y + e*e*d.Y}
			g.R = lerp(start.G.R, dest.G.R, t) * (1 + 0.35*hop(t))
			g.Lift = hop(t)
			g.Front = true
			b.cur.Glow = 1
			if len(b.smoke) == 0 || math.Hypot(b.smoke[len(b.smoke)-1].X-g.At.X, b.smoke[len(b.smoke)-1].Y-g.At.Y) > b.sp.Band*0.28 {
				b.smoke = append(b.smoke, g.At)
			}
			b.smokeA = 1 - t*t
			if t >= 1 {
				b.cur = dest
				b.smoke = nil
			}
		},
	})
}

func (b *duqqanBoard) Draw(dst *ebiten.Image) {
	if b.sp == nil {
		return
	}
	b.sp.Draw(dst)
	if !b.ready {
		return
	}
	b.drawLast(dst)
	b.drawTrail(dst, b.trail)
	for _, f := range b.flashes {
		b.drawFlash(dst, f)
	}
	toMove := b.model.toMove
	if b.model.over {
		toMove = -1
	}
	b.drawActors(dst, b.model.n, toMove, b.sp.Band, math.Max(b.sp.Band*0.3, b.m.Pt(11)), b.drawPiece)
}

func (b *duqqanBoard) drawPiece(dst *ebiten.Image, i int) {
	a := b.cur.P[i]
	alpha := a.Alpha * (1 - 0.25*a.Grey)
	if a.Lift > 0 {
		// Held up: a wider, fainter shadow below, the piece raised.
		sr := a.R * (1 + 0.08*a.Lift)
		k, rq := sizeKey(sr)
		b.sprites.draw(dst, spriteKey{spriteShadow, 0, k, 0}, rq*2+4, sr/rq, a.At.X+a.R*0.15*a.Lift, a.At.Y+a.R*(0.12+0.3*a.Lift), 0.2*alpha, func(img *ebiten.Image, cx, cy float64) {
			sprites.Disc(img, cx, cy, rq, color.RGBA{0, 0, 0, 255})
		})
	}
	// A piece greying (lost) is its colour picture with its grey picture laid over it ever
	// more opaquely: two pictures a size, where a picture per grey step meant four lost pieces
	// painting four new pictures in the same frames.
	k, rq := sizeKey(a.R)
	piece := func(g int, alpha float64) {
		b.sprites.draw(dst, spriteKey{spritePiece, i, k, g}, rq*2.7, a.R/rq, a.At.X, a.At.Y-a.R*0.2*a.Lift, alpha, func(img *ebiten.Image, cx, cy float64) {
			pc := b.color(i)
			if g > 0 {
				pc.Color = sprites.Mix(pc.Color, color.RGBA{150, 142, 130, 255}, 0.7)
			}
			sprites.DrawPiece(img, pc, cx, cy, rq, 0)
		})
	}
	g := math.Max(0, math.Min(1, a.Grey))
	if g < 1 {
		piece(0, alpha)
	}
	if g > 0 {
		piece(1, alpha*g)
	}
	if a.Crown > 0 {
		y := a.At.Y - a.R*0.95 - (1-a.Crown)*a.R*2.2
		k, rq := sizeKey(a.R * 0.62)
		b.sprites.draw(dst, spriteKey{spriteCrown, 0, k, 0}, rq*2.6+4, a.R*0.62/rq, a.At.X, y, 1, func(img *ebiten.Image, cx, cy float64) {
			sprites.DrawCrown(img, cx, cy, rq)
		})
	}
}

// drawLast marks the last move: the spaces the piece passed, its destination outlined, and the
// Ghoula's walk in soot.
func (b *duqqanBoard) drawLast(dst *ebiten.Image) {
	w := b.sp.Band
	for k, s := range b.lastGhoula {
		if k == 0 {
			continue
		}
		c := b.cell(s)
		b.disc(dst, c.Center.X, c.Center.Y, w*0.09, sprites.Fade(sprites.Charcoal, 0.4))
	}
	for k, s := range b.lastPath {
		c := b.cell(s)
		if k == len(b.lastPath)-1 {
			b.outline(dst, s, c.Poly, math.Max(2, w*0.08), sprites.Fade(sprites.Saffron, 0.9))
			continue
		}
		b.disc(dst, c.Center.X, c.Center.Y, w*0.1, sprites.Fade(sprites.Saffron, 0.7))
	}
	// A space's number stays readable over the marks laid on it.
	for _, path := range [][]int{b.lastGhoula, b.lastPath} {
		for _, s := range path {
			b.sp.DrawNumber(dst, s)
		}
	}
}
