package boards

import (
	"image/color"
	"math"
	"sort"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/rules"
	"sig/rules/essig"
	"sig/rules/sigwaduqqan"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

// This file holds what the two race games' boards (Sig wa Duqqan, Es-Sîg) share: the picture
// of the pieces and the Ghoula as a pose, poses blended into each other, pieces fanned out on a
// shared space, the soot trail and the flashes, and drawing with a fade.
//
// A race board keeps a logical model of the position (where each piece is, what it waits for,
// where the Ghoula is), read from the game's state at rest and advanced event by event while an
// animation is built. A pose is where everything is drawn for a model; each animation step goes
// from the pose shown when it starts to the pose of the model after its event, so a skipped
// step (Run(1)) leaves exactly that pose and the last step leaves the pose of the new state.

// Timings at normal speed (docs/conventions.md).
const (
	raceStepTime   = 0.12 // a piece stepping one space, eased
	raceGhoulaStep = 0.15 // the Ghoula stepping one space
	raceDragStep   = 0.05 // the Ghoula dragging its prey home, a space
	raceSeizeTime  = 0.3  // the seized pieces lifted into the Ghoula's grip
	raceHopTime    = 0.25 // riders climbing on or off, pieces put down
	raceFlyTime    = 0.8  // the Ghoula flying home from the gate
	raceCrownTime  = 0.6  // the crown (or the escape) of a finished piece
	raceCountTime  = 0.4  // a sig counted on a trap or the gate
	raceShrugTime  = 0.3  // a throw that moves nothing
	raceGreyTime   = 0.45 // a lost piece greying
	raceAppearTime = 0.5  // the Ghula appearing
	raceFadeTime   = 0.2  // reduced motion: a move is a fade out and in
)

// raceActor is one piece, or the Ghoula, as it is drawn now.
type raceActor struct {
	At    sprites.Pt
	R     float64 // radius in pixels
	Lift  float64 // 0 on the ground, 1 held up
	Alpha float64 // 0 invisible, 1 solid
	Grey  float64 // 0 in colour, 1 out of the game
	Crown float64 // 0..1: the crown of a finished piece
	Badge int     // sigs counted where it waits; -1: no counter
	Need  int     // sigs needed there
	Pulse float64 // the counter's pulse, 0..1
	Side  float64 // the counter's side: the angle from the piece to it (0: the right)
	Front bool    // drawn above the others (moving, riding, held)
	Slot  int     // Es-Sîg: the ordinal shown under an escaped ring (0: none)
}

// raceSeats is the most players either race game has.
const raceSeats = max(essig.MaxPlayers, sigwaduqqan.MaxPlayers)

// racePose is the whole picture of the pieces: one actor per player and the Ghoula.
type racePose struct {
	P    [raceSeats]raceActor
	G    raceActor
	Glow float64 // the Ghoula's embers
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

func lerpPt(a, b sprites.Pt, t float64) sprites.Pt { return a.Lerp(b, t) }

// blend is a between a and b at t (0..1); counters and flags switch half way.
func (a raceActor) blend(b raceActor, t float64) raceActor {
	out := b
	if t < 0.5 {
		out = a
	}
	out.At = lerpPt(a.At, b.At, t)
	out.R = lerp(a.R, b.R, t)
	out.Lift = lerp(a.Lift, b.Lift, t)
	out.Alpha = lerp(a.Alpha, b.Alpha, t)
	out.Grey = lerp(a.Grey, b.Grey, t)
	out.Crown = lerp(a.Crown, b.Crown, t)
	out.Pulse = lerp(a.Pulse, b.Pulse, t)
	return out
}

// blend is pose a between a and b at t.
func (a racePose) blend(b racePose, t float64) racePose {
	var out racePose
	for i := range a.P {
		out.P[i] = a.P[i].blend(b.P[i], t)
	}
	out.G = a.G.blend(b.G, t)
	out.Glow = lerp(a.Glow, b.Glow, t)
	return out
}

// along is the point a fraction s of the way along the polyline pts, s in [0, len(pts)-1]
// counting one per segment.
func along(pts []sprites.Pt, s float64) sprites.Pt {
	if len(pts) == 0 {
		return sprites.Pt{}
	}
	if s <= 0 {
		return pts[0]
	}
	i := int(s)
	if i >= len(pts)-1 {
		return pts[len(pts)-1]
	}
	return pts[i].Lerp(pts[i+1], s-float64(i))
}

// hop is the height of a hop at t in [0, 1]: up and down once.
func hop(t float64) float64 { return math.Sin(math.Pi * math.Max(0, math.Min(1, t))) }

// fan places k pieces sharing a space of size s centred on c, along the direction a (the way
// the track runs there): the centres and the radius of each piece. Many pieces spill over the
// space's edge rather than shrink out of sight.
func fan(k int, c sprites.Pt, s, a float64) ([]sprites.Pt, float64) {
	sn, cs := math.Sincos(a)
	rot := func(u, v float64) sprites.Pt { // u along the track, v across it
		return sprites.Pt{X: c.X + u*cs - v*sn, Y: c.Y + u*sn + v*cs}
	}
	switch {
	case k <= 0:
		return nil, 0
	case k == 1:
		return []sprites.Pt{c}, s * 0.42
	case k == 2:
		return []sprites.Pt{rot(-s*0.2, -s*0.14), rot(s*0.2, s*0.14)}, s * 0.32
	case k == 3:
		return []sprites.Pt{rot(-s*0.24, -s*0.16), rot(s*0.24, -s*0.16), rot(0, s*0.24)}, s * 0.29
	case k == 4:
		d := s * 0.24
		return []sprites.Pt{rot(-d, -d), rot(d, -d), rot(-d, d), rot(d, d)}, s * 0.27
	}
	// Five or more stand in a ring, just apart, with the way along the track at the top.
	r := s * 0.25
	rho := math.Max(s*0.36, r*1.08/math.Sin(math.Pi/float64(k)))
	var pts []sprites.Pt
	for i := 0; i < k; i++ {
		ang := a - math.Pi/2 + 2*math.Pi*float64(i)/float64(k)
		pts = append(pts, sprites.Pt{X: c.X + rho*math.Cos(ang), Y: c.Y + rho*math.Sin(ang)})
	}
	return pts, r
}

// sides gives each of the pieces at pts (fanned around c) the side its counter goes on: away
// from the group's middle, or up and to the right for a piece alone.
func sides(pts []sprites.Pt, c sprites.Pt) []float64 {
	out := make([]float64, len(pts))
	for i, p := range pts {
		if math.Hypot(p.X-c.X, p.Y-c.Y) < 1e-6 {
			out[i] = -math.Pi / 4
			if len(pts) > 1 {
				out[i] = -math.Pi / 2
			}
			continue
		}
		out[i] = math.Atan2(p.Y-c.Y, p.X-c.X)
	}
	return out
}

// raceTrail is the smear of soot the Ghoula leaves while it drags pieces: the points it passed,
// newest last, and how strongly it shows.
type raceTrail struct {
	Pts   []sprites.Pt
	Alpha float64
	W     float64 // its width
}

// raceFlash is a ring of light pulsing on a space: a seizure, a trap closing, a sig counted.
type raceFlash struct {
	At sprites.Pt
	R  float64
	C  color.RGBA
	A  float64
}

// drawTrail draws a soot trail, fainter and thinner toward its old end, with a few embers in
// it: one mitred ribbon, so its joints do not bead, drawn from pictures like everything that
// moves.
func (c *raceCore) drawTrail(dst *ebiten.Image, tr raceTrail) {
	n := len(tr.Pts)
	if n < 2 || tr.Alpha <= 0 {
		return
	}
	sprites.Ribbon(dst, tr.Pts, tr.W*0.55, tr.W, sprites.Fade(sprites.Charcoal, tr.Alpha*0.18), sprites.Fade(sprites.Charcoal, tr.Alpha*0.5))
	for i := 2; i < n; i += 3 {
		p := tr.Pts[i-1].Lerp(tr.Pts[i], 0.5)
		f := float64(i) / float64(n)
		c.disc(dst, p.X, p.Y, tr.W*0.1, sprites.Fade(sprites.Ember, tr.Alpha*f*0.9))
	}
}

// drawFlash draws a flash: a ring of its colour over a faint disc.
func (c *raceCore) drawFlash(dst *ebiten.Image, f raceFlash) {
	if f.A <= 0 {
		return
	}
	c.ring(dst, f.At.X, f.At.Y, f.R, math.Max(2, f.R*0.12), sprites.Fade(f.C, f.A))
	c.disc(dst, f.At.X, f.At.Y, f.R*0.95, sprites.Fade(f.C, f.A*0.18))
}

// disc draws a disc of radius r in colour col (premultiplied) from the picture of a white disc
// of its size step.
func (c *raceCore) disc(dst *ebiten.Image, x, y, r float64, col color.RGBA) {
	k, rq := sizeKey(r)
	c.sprites.drawTinted(dst, spriteKey{spriteDisc, 0, k, 0}, rq*2+4, r/rq, x, y, col, func(img *ebiten.Image, cx, cy float64) {
		sprites.Disc(img, cx, cy, rq, color.White)
	})
}

// ellipse draws an upright ellipse of radii rx across and ry down in colour col: the white
// disc of rx's size step, squashed.
func (c *raceCore) ellipse(dst *ebiten.Image, x, y, rx, ry float64, col color.RGBA) {
	if col.A == 0 || rx <= 0 || ry <= 0 {
		return
	}
	k, rq := sizeKey(rx)
	cs := [4]float32{float32(col.R) / 255, float32(col.G) / 255, float32(col.B) / 255, float32(col.A) / 255}
	c.sprites.placeXY(dst, spriteKey{spriteDisc, 0, k, 0}, rq*2+4, rx/rq, ry/rq, x, y, cs, func(img *ebiten.Image, cx, cy float64) {
		sprites.Disc(img, cx, cy, rq, color.White)
	})
}

// ring draws a ring of radius r and width w in colour col from the picture of a white ring of
// its size step and its width in 64ths of the radius.
func (c *raceCore) ring(dst *ebiten.Image, x, y, r, w float64, col color.RGBA) {
	k, rq := sizeKey(r)
	wk := int(math.Round(w / r * 64))
	c.sprites.drawTinted(dst, spriteKey{spriteRingShape, wk, k, 0}, rq*2+rq*float64(wk)/64+4, r/rq, x, y, col, func(img *ebiten.Image, cx, cy float64) {
		sprites.Ring(img, cx, cy, rq, rq*float64(wk)/64, color.White)
	})
}

// outline draws the outline of a space (poly, w wide, colour col) from a picture of it made
// when the space or the look changes: one space is outlined at a time.
func (c *raceCore) outline(dst *ebiten.Image, space int, poly []sprites.Pt, w float64, col color.RGBA) {
	if len(poly) < 3 {
		return
	}
	x0, y0, x1, y1 := poly[0].X, poly[0].Y, poly[0].X, poly[0].Y
	for _, p := range poly[1:] {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	pad := w + 2
	r := ui.Rect{X: x0 - pad, Y: y0 - pad, W: x1 - x0 + 2*pad, H: y1 - y0 + 2*pad}
	c.outlinePic.Draw(dst, r, outlineKey{space, w, col}, func(img *ebiten.Image, local ui.Rect) {
		dx, dy := local.X-r.X, local.Y-r.Y
		moved := make([]sprites.Pt, len(poly))
		for i, p := range poly {
			moved[i] = sprites.Pt{X: p.X + dx, Y: p.Y + dy}
		}
		sprites.Stroke(img, sprites.Polygon(moved), w, col)
	})
}

// outlineKey is what the outline's picture shows.
type outlineKey struct {
	space int
	w     float64
	col   color.RGBA
}

// drawOrder lists the actors of pose p to draw, back to front: the pieces at rest from the top
// of the screen down, then (the Ghoula is drawn by the caller between) those in front.
func drawOrder(p *racePose, n int) (rest, front []int) {
	for i := 0; i < n && i < len(p.P); i++ {
		if p.P[i].Alpha <= 0 {
			continue
		}
		if p.P[i].Front {
			front = append(front, i)
		} else {
			rest = append(rest, i)
		}
	}
	sort.SliceStable(rest, func(a, b int) bool { return p.P[rest[a]].At.Y < p.P[rest[b]].At.Y })
	return rest, front
}

// badge draws a counter like "3/7" in a chip beside a waiting piece, pulsing when it changes.
func (c *raceCore) drawBadge(dst *ebiten.Image, a raceActor, size float64) {
	if a.Badge < 0 || a.Alpha <= 0.05 {
		return
	}
	// The chip is a picture per count, size step and pulse step: a few antialiased paths and
	// a text each frame for every counter on the board cost more than the rest of the board.
	pulse := int(math.Round(hop(a.Pulse) * 8))
	size *= 1 + 0.25*float64(pulse)/8
	sk, sq := sizeKey(size)
	s := strconv.Itoa(a.Badge) + "/" + strconv.Itoa(a.Need)
	w := sprites.MeasureBoardText(s, size, true) + size*0.7
	h := size * 1.25
	dx, dy := math.Cos(a.Side), math.Sin(a.Side)
	// Just beyond the piece's edge on its side, the chip's own half-size away.
	d := a.R*0.85 + math.Abs(dx)*w*0.45 + math.Abs(dy)*h*0.5
	x, y := a.At.X+dx*d, a.At.Y+dy*d-a.Lift*a.R*0.3
	wq := sprites.MeasureBoardText(s, sq, true) + sq*0.7
	side := math.Max(wq, sq*1.25) + sq*0.5 + 4
	c.sprites.draw(dst, spriteKey{spriteBadge, a.Badge*1000 + a.Need, sk, pulse}, side, size/sq, x, y, 1, func(img *ebiten.Image, cx, cy float64) {
		hq := sq * 1.25
		bg := sprites.Mix(sprites.Ink, sprites.Terracotta, 0.35*float64(pulse)/8)
		sprites.Fill(img, sprites.RoundRect(cx-wq/2, cy-hq/2+sq*0.06, wq, hq, hq/2), color.RGBA{0, 0, 0, 50})
		sprites.Fill(img, sprites.RoundRect(cx-wq/2, cy-hq/2, wq, hq, hq/2), bg)
		sprites.BoardText(img, s, cx, cy, sq, true, sprites.Chalk)
	})
}

// queueTween appends a step of dur seconds that blends what is shown into the pose to()
// gives when the step starts, applying move (if any) on top for the actors that travel.
func queueTween(q *stage.Queue, dur float64, cur *racePose, start func(), to func() racePose, move func(p *racePose, t float64)) {
	var from, dest racePose
	q.Add(stage.Step{
		Dur: dur,
		Start: func() {
			if start != nil {
				start()
			}
			from, dest = *cur, to()
		},
		Run: func(t float64) {
			*cur = from.blend(dest, stage.Ease(t))
			if move != nil {
				move(cur, t)
			}
			if t >= 1 {
				*cur = dest
			}
		},
	})
}

// raceCore is the part of a race board that animates and draws the pieces and the Ghoula:
// the pose shown now and the effects around it. The games' boards embed it and give it their
// poses (what a position looks like) as functions.
type raceCore struct {
	env     *stage.Env
	cur     racePose
	busy    bool // an animation is under way
	trail   raceTrail
	smoke   []sprites.Pt // the Ghoula's flight, oldest first
	smokeA  float64
	flashes []raceFlash
	sprites spriteCache
	// outlinePic is the outline of the last move's destination.
	outlinePic ui.Picture[outlineKey]

	lastPath   []int // the spaces the last move's piece passed, destination last
	lastGhoula []int // the spaces the Ghoula walked in the last move, its start first
	lastAfter  rules.State
}

func (c *raceCore) color(p int) sprites.PlayerColor {
	if p >= 0 && p < len(c.env.Colors) {
		return c.env.Colors[p]
	}
	return sprites.Player(p)
}

// rest drops every effect: the picture is a position at rest.
func (c *raceCore) rest(s rules.State) {
	c.busy = false
	c.trail, c.smoke, c.flashes = raceTrail{}, nil, nil
	if c.lastAfter == nil || !s.Equal(c.lastAfter) {
		c.lastPath, c.lastGhoula = nil, nil
	}
}

// begin appends the step that opens a move's animation: the last move's marks go.
func (c *raceCore) begin(q *stage.Queue, after rules.State) {
	c.lastAfter = after.Clone()
	q.Add(stage.Step{Start: func() {
		c.busy = true
		c.lastPath, c.lastGhoula = nil, nil
		c.flashes, c.trail, c.smoke = nil, raceTrail{}, nil
	}})
}

// walk moves piece p space by space, raceStepTime a space, through the centres mid() gives
// (the spaces between) to where to() puts it; each(k) runs as step k begins (a mark, a sound).
func (c *raceCore) walk(q *stage.Queue, p, n int, mid func() []sprites.Pt, to func() racePose, each func(k int)) {
	if n <= 0 {
		return
	}
	if c.env.Reduced {
		c.fadeMove(q, []int{p}, false, to, func() {
			for k := 0; k < n; k++ {
				each(k)
			}
		})
		return
	}
	var start, dest racePose
	var pts []sprites.Pt
	for k := 0; k < n; k++ {
		q.Add(stage.Step{
			Dur: raceStepTime,
			Start: func() {
				if k == 0 {
					start, dest = c.cur, to()
					pts = append([]sprites.Pt{start.P[p].At}, mid()...)
					pts = append(pts, dest.P[p].At)
				}
				if each != nil {
					each(k)
				}
				audio.Play(audio.Step)
			},
			Run: func(t float64) {
				f := (float64(k) + t) / float64(n)
				c.cur = start.blend(dest, stage.Ease(f))
				a := &c.cur.P[p]
				if k+1 < len(pts) {
					a.At = pts[k].Lerp(pts[k+1], stage.Ease(t))
				}
				a.R = lerp(start.P[p].R, dest.P[p].R, f)
				a.Lift = 0.5 * hop(t)
				a.Front = true
				if k == n-1 && t >= 1 {
					c.cur = dest
				}
			},
		})
	}
}

// fadeMove is reduced motion's move: the pieces ps (and the Ghoula if ghoula) fade out where
// they are and in where to() puts them.
func (c *raceCore) fadeMove(q *stage.Queue, ps []int, ghoula bool, to func() racePose, start func()) {
	var from, dest racePose
	q.Add(stage.Step{
		Dur: raceFadeTime,
		Start: func() {
			from, dest = c.cur, to()
			if start != nil {
				start()
			}
		},
		Run: func(t float64) {
			c.cur = from.blend(dest, t)
			fade := func(a *raceActor, x, y raceActor) {
				if t < 0.5 {
					*a = x
					a.Alpha = x.Alpha * (1 - 2*t)
				} else {
					*a = y
					a.Alpha = y.Alpha * (2*t - 1)
				}
			}
			for _, p := range ps {
				fade(&c.cur.P[p], from.P[p], dest.P[p])
			}
			if ghoula {
				fade(&c.cur.G, from.G, dest.G)
			}
			if t >= 1 {
				c.cur = dest
			}
		},
	})
}

// pulse shows a counter changing on p's piece (a sig counted, a trap closing): the counter
// swells and a ring of colour tint flashes at, r wide, while the picture becomes to().
func (c *raceCore) pulse(q *stage.Queue, p int, at func() (sprites.Pt, float64), tint color.RGBA, to func() racePose) {
	queueTween(q, raceCountTime, &c.cur, func() {
		pt, r := at()
		c.flashes = []raceFlash{{At: pt, R: r, C: tint, A: 1}}
	}, to, func(cur *racePose, t float64) {
		if p >= 0 && p < len(cur.P) {
			cur.P[p].Pulse = t
		}
		if len(c.flashes) > 0 {
			c.flashes[0].A = 1 - t
		}
	})
}

// shrug wiggles actor a (a piece, or the Ghoula for -1): the throw moved nothing.
func (c *raceCore) shrug(q *stage.Queue, p int, to func() racePose) {
	queueTween(q, raceShrugTime, &c.cur, nil, to, func(cur *racePose, t float64) {
		if c.env.Reduced {
			return
		}
		a := &cur.G
		if p >= 0 && p < len(cur.P) {
			a = &cur.P[p]
		}
		a.At.X += math.Sin(t*3*math.Pi) * a.R * 0.2 * (1 - t)
	})
}

// drawActors draws the pieces and the Ghoula as posed now, the halo of the player to move
// under their piece when nothing moves, and the counters (text badge pixels high); piece draws
// one piece.
func (c *raceCore) drawActors(dst *ebiten.Image, n, toMove int, unit, badge float64, piece func(dst *ebiten.Image, i int)) {
	rest, front := drawOrder(&c.cur, n)
	if !c.busy && toMove >= 0 && toMove < n {
		a := c.cur.P[toMove]
		if a.Alpha > 0 {
			c.disc(dst, a.At.X, a.At.Y+a.R*0.08, a.R*1.3, sprites.Fade(sprites.Saffron, 0.4))
			c.ring(dst, a.At.X, a.At.Y+a.R*0.08, a.R*1.3, math.Max(2, a.R*0.13), sprites.Saffron)
		}
	}
	for _, i := range rest {
		piece(dst, i)
	}
	if !c.cur.G.Front {
		c.drawGhoula(dst)
	}
	for _, i := range front {
		if c.cur.P[i].Lift < 0.45 { // riders sit on its back: behind its face
			piece(dst, i)
		}
	}
	if c.cur.G.Front {
		c.drawGhoula(dst)
	}
	for _, i := range front {
		if c.cur.P[i].Lift >= 0.45 {
			piece(dst, i)
		}
	}
	for i := 0; i < n; i++ {
		c.drawBadge(dst, c.cur.P[i], badge)
	}
	c.drawSmoke(dst, unit)
}

func (c *raceCore) drawGhoula(dst *ebiten.Image) {
	g := c.cur.G
	if g.Alpha <= 0 {
		return
	}
	if g.Lift > 0.05 {
		// Off the ground: its shadow stays below.
		sh := g.Lift * g.R * 1.4
		c.ellipse(dst, g.At.X, g.At.Y+g.R*0.6+sh, g.R*(1-0.3*g.Lift), g.R*0.35*(1-0.3*g.Lift), sprites.Fade(color.RGBA{0, 0, 0, 255}, 0.25*g.Alpha))
	}
	glow := int(math.Round(c.cur.Glow * 4))
	k, rq := sizeKey(g.R)
	c.sprites.draw(dst, spriteKey{spriteGhoula, 0, k, glow}, rq*3.4, g.R/rq, g.At.X, g.At.Y, g.Alpha, func(img *ebiten.Image, cx, cy float64) {
		sprites.DrawGhoula(img, cx, cy, rq, float64(glow)/4)
	})
}

// drawSmoke draws the puffs the Ghoula leaves in the air: soft grey, growing and thinning as
// they age.
func (c *raceCore) drawSmoke(dst *ebiten.Image, unit float64) {
	n := len(c.smoke)
	for k, p := range c.smoke {
		age := float64(n-k) / float64(n+1)
		r := unit * (0.22 + 0.32*age)
		a := c.smokeA * (1 - age*0.7) * 0.6
		c.puff(dst, 0, p.X, p.Y, r, a)
		c.puff(dst, 1, p.X-r*0.25, p.Y-r*0.25, r*0.55, a*0.8)
	}
}

// puffColors are the smoke's dark body and light top.
var puffColors = [2]color.RGBA{{128, 120, 112, 255}, {170, 162, 152, 255}}

// puff draws a disc of smoke colour shade (0 or 1), radius r, at opacity a, from a picture.
func (c *raceCore) puff(dst *ebiten.Image, shade int, x, y, r, a float64) {
	k, rq := sizeKey(r)
	c.sprites.draw(dst, spriteKey{spritePuff, shade, k, 0}, rq*2+4, r/rq, x, y, a, func(img *ebiten.Image, cx, cy float64) {
		sprites.Disc(img, cx, cy, rq, puffColors[shade])
	})
}

// spriteKey names one cached picture: what (a piece, a ring, the Ghoula), whose, how big (in
// half pixels) and in which state (grey or ember glow, in steps).
type spriteKey struct {
	kind  uint8
	who   int
	size  int
	state int
}

const (
	spritePiece uint8 = iota
	spriteRing
	spriteGhoula
	spriteShadow
	spritePuff
	spriteBadge
	spriteDisc      // white, tinted when drawn
	spriteRingShape // white, tinted when drawn
	spriteCrown
)

// spriteCache keeps the pieces and the Ghoula drawn once per size, so a frame copies images
// instead of filling dozens of vector paths. The pictures live in ui.Pictures (bounded, shared
// by the whole app); clear lets this board's go at a layout.
type spriteCache struct {
	pics ui.Owner
	keys map[spriteKey]bool // the pictures asked for since the last clear
}

// racePicture names a race board's picture in ui.Pictures.
type racePicture struct {
	owner uint64
	k     spriteKey
}

// draw draws the picture k (made by paint around the centre of a side×side image on first use)
// centred on (x, y), scaled by scale, at opacity alpha.
func (c *spriteCache) draw(dst *ebiten.Image, k spriteKey, side, scale, x, y, alpha float64, paint func(img *ebiten.Image, cx, cy float64)) {
	if alpha <= 0.001 {
		return
	}
	a := float32(alpha)
	c.place(dst, k, side, scale, x, y, [4]float32{a, a, a, a}, paint)
}

// drawTinted is draw for a white picture, multiplied by col (premultiplied).
func (c *spriteCache) drawTinted(dst *ebiten.Image, k spriteKey, side, scale, x, y float64, col color.RGBA, paint func(img *ebiten.Image, cx, cy float64)) {
	if col.A == 0 {
		return
	}
	c.place(dst, k, side, scale, x, y, [4]float32{float32(col.R) / 255, float32(col.G) / 255, float32(col.B) / 255, float32(col.A) / 255}, paint)
}

// place copies picture k with its colour scaled by cs (premultiplied RGBA).
func (c *spriteCache) place(dst *ebiten.Image, k spriteKey, side, scale, x, y float64, cs [4]float32, paint func(img *ebiten.Image, cx, cy float64)) {
	c.placeXY(dst, k, side, scale, scale, x, y, cs, paint)
}

// placeXY is place with the picture scaled by sx across and sy down.
func (c *spriteCache) placeXY(dst *ebiten.Image, k spriteKey, side, sx, sy, x, y float64, cs [4]float32, paint func(img *ebiten.Image, cx, cy float64)) {
	if side < 1 {
		return
	}
	n := int(math.Ceil(side))
	if c.keys == nil {
		c.keys = map[spriteKey]bool{}
	}
	c.keys[k] = true
	img := ui.Pictures.Get(racePicture{c.pics.ID(), k}, n, n, func(img *ebiten.Image) {
		paint(img, float64(n)/2, float64(n)/2)
	})
	half := float64(img.Bounds().Dx()) / 2
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-half, -half)
	if sx != 1 || sy != 1 {
		op.GeoM.Scale(sx, sy)
		op.Filter = ebiten.FilterLinear
	}
	op.GeoM.Translate(x, y)
	op.ColorScale.Scale(cs[0], cs[1], cs[2], cs[3])
	dst.DrawImage(img, op)
}

// sizeSteps is how many picture sizes there are per doubling of a radius: a piece that grows
// or shrinks (lifted, dragged, arriving) is drawn from the nearest size, scaled by at most
// 2%, instead of being painted afresh at every half pixel.
const sizeSteps = 16

// sizeKey is the size step of radius r and the radius its pictures are painted at.
func sizeKey(r float64) (int, float64) {
	if r <= 0.5 {
		return math.MinInt32, 0.5
	}
	k := int(math.Round(math.Log2(r) * sizeSteps))
	return k, math.Exp2(float64(k) / sizeSteps)
}

func (c *spriteCache) clear() {
	for k := range c.keys {
		ui.Pictures.Forget(racePicture{c.pics.ID(), k})
	}
	clear(c.keys)
}

// halfPixels is r in half pixels, the cache's measure of size.
func halfPixels(r float64) int { return int(math.Round(r * 2)) }
