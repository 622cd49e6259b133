package stage

import (
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/solarlune/resolv"

	"sig/rules"
	"sig/scenes/ui"
	"sig/sprites"
)

// Arena is the tray in the side panel where the sticks are thrown: it shows the last throw at
// rest, and tumbles the sticks into their new places when a throw is animated. The faces that
// land up are the ones the rules chose.
//
// A throw is simulated once, when it is queued, and then replayed: the sticks leave the hand at
// the near edge of the tray, fly, bounce one to three times on its floor, knock into its walls
// and into each other (resolv shapes), slide and come to rest 0.9 to 1.3 s after release. Each
// stick rolls about its length in the air; its roll is bent, a little at a time, so that it
// settles on the face the rules chose. Everything random comes from the arena's seeded source,
// so the same seed throws the same way.
type Arena struct {
	Kind rules.Sticks
	Rect ui.Rect
	// Reduced (the reduced-motion setting) shows a throw as a short fade of the sticks into
	// where they come to rest, not their tumble through the air.
	Reduced bool
	fade    float64 // how far the sticks have faded in (1: fully shown)
	sticks  []stick
	thrown  bool
	landed  bool // the sticks of the last throw lie still
	rng     *rand.Rand

	toss *tumble // the throw being shown, nil before the first

	// still is the picture of the arena while its sticks lie still (most frames): the tray
	// and a stick are a dozen antialiased paths, painted once per resting place.
	still ui.Picture[arenaKey]
	// tray is the empty tray under sticks in the air, and floor its floor alone, laid over
	// sticks fading in; both keyed by the scale.
	tray, floor ui.Picture[float64]
	// flying names the pictures of sticks in the air in ui.Pictures (body and shadow, per
	// kind, face, roll and length), drawn turned and moved: a rough stick alone is some 25
	// paths.
	flying  ui.Owner
	painted int // pictures of sticks in the air painted so far (each first use, or after eviction)
	op      ebiten.DrawImageOptions
}

// stickKey names one picture of a stick lying along x: its shadow (shadow true) or its body.
type stickKey struct {
	owner  uint64 // the arena's flying
	shadow bool
	kind   sprites.StickKind
	marked bool
	roll   int // |tilt| in eighths
	length int // in half pixels
}

// flyingPicture is the picture k of a stick lq pixels long, tq of the way to lying on its
// side, painted on first use.
func (a *Arena) flyingPicture(k stickKey, kind sprites.StickKind, lq, tq float64) *ebiten.Image {
	k.owner = a.flying.ID()
	w, h := int(math.Ceil(lq))+6, int(math.Ceil(sprites.StickWidth(lq, tq)))+6
	return ui.Pictures.Get(k, w, h, func(img *ebiten.Image) {
		a.painted++
		cx, cy := float64(w)/2, float64(h)/2
		if k.shadow {
			sprites.DrawStickCapsule(img, cx, cy, lq, sprites.StickWidth(lq, tq), 0, color.RGBA{255, 255, 255, 255})
		} else {
			sprites.DrawStickBody(img, kind, cx, cy, lq, 0, k.marked, tq)
		}
	})
}

// Warm paints one picture a throw will need that is not made yet (a stick in the air, at each
// roll, either face up, and its shadow) and reports whether it painted one. The play scene
// calls it in frames where nothing moves, so that a throw's frames copy pictures instead of
// painting them: a rough stick is some 25 paths, and a first throw would otherwise paint
// them all in its first frames.
func (a *Arena) Warm(m ui.Metrics) bool {
	if a.Rect.W <= 0 || a.Rect.H <= 0 || len(a.sticks) == 0 {
		return false
	}
	kind, l := a.stickPixels(m, a.Rect)
	hp := int(math.Round(l * 2))
	if hp < 2 {
		return false
	}
	lq := float64(hp) / 2
	for roll := 0; roll <= rollSteps; roll++ {
		for _, k := range []stickKey{
			{shadow: true, roll: roll, length: hp},
			{kind: kind, marked: true, roll: roll, length: hp},
			{kind: kind, marked: false, roll: roll, length: hp},
		} {
			if k.owner = a.flying.ID(); !ui.Pictures.Has(k) {
				a.flyingPicture(k, kind, lq, float64(roll)/rollSteps)
				return true
			}
		}
	}
	return false
}

// keepFlying keeps the pictures of the sticks in the air (Warm's) while the arena is shown:
// between two throws they go unused for longer than the picture cache keeps an unused picture,
// and a throw then painted them again as it flew (a rough stick is some 25 paths, and a throw
// of El Oued's six needs up to 27 pictures), where frames do not come fast enough to warm them
// while nothing moves: on a slow phone, the longest frames of the game.
func (a *Arena) keepFlying(m ui.Metrics) {
	kind, l := a.stickPixels(m, a.Rect)
	hp := int(math.Round(l * 2))
	if hp < 2 {
		return
	}
	id := a.flying.ID()
	for roll := 0; roll <= rollSteps; roll++ {
		ui.Pictures.Keep(stickKey{owner: id, shadow: true, roll: roll, length: hp})
		ui.Pictures.Keep(stickKey{owner: id, kind: kind, marked: true, roll: roll, length: hp})
		ui.Pictures.Keep(stickKey{owner: id, kind: kind, marked: false, roll: roll, length: hp})
	}
}

// stickPixels is the kind of the sticks and how long they are, in pixels, in the tray r, as
// the next throw will lay them.
func (a *Arena) stickPixels(m ui.Metrics, r ui.Rect) (sprites.StickKind, float64) {
	asp := a.throwAspect()
	L := stickLength(asp, len(a.sticks))
	fl := r.Inset(m.Pt(4)).Inset(m.Pt(3))
	kind := sprites.GreenWhite
	if a.Kind == rules.SixPolishedRough {
		kind = sprites.PolishedRough
	}
	return kind, L * math.Min(fl.W/asp, fl.H)
}

// rollSteps is how finely a flying stick's roll is drawn.
const rollSteps = 8

// drawFlying draws a stick in the air from its pictures: the shadow on the floor under (x, y),
// the body lift pixels above, as sprites.DrawStickLifted draws it.
func (a *Arena) drawFlying(dst *ebiten.Image, kind sprites.StickKind, x, y, l, angle float64, marked bool, tilt, lift float64) {
	lift = math.Max(0, lift)
	roll := int(math.Round(math.Min(1, math.Abs(tilt)) * rollSteps))
	hp := int(math.Round(l * 2))
	if hp < 2 {
		return
	}
	lq, tq := float64(hp)/2, float64(roll)/rollSteps
	get := func(k stickKey) *ebiten.Image { return a.flyingPicture(k, kind, lq, tq) }
	place := func(img *ebiten.Image, scale, x, y float64, shade float32) {
		b := img.Bounds()
		op := &a.op
		op.GeoM.Reset()
		op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
		op.GeoM.Scale(scale*l/lq, scale*l/lq)
		op.GeoM.Rotate(angle)
		op.GeoM.Translate(x, y)
		op.ColorScale.Reset()
		if shade >= 0 {
			// The shadow's picture is white: black at opacity shade.
			op.ColorScale.Scale(0, 0, 0, shade)
		}
		op.Filter = ebiten.FilterLinear
		dst.DrawImage(img, op)
	}
	dx, dy, alpha := sprites.StickShadow(l, tilt, lift)
	place(get(stickKey{shadow: true, roll: roll, length: hp}), 1, x+dx, y+dy, float32(alpha)/255)
	place(get(stickKey{kind: kind, marked: marked, roll: roll, length: hp}), sprites.StickGrow(l, lift), x, y-lift, -1)
}

// arenaKey is everything a still arena's picture shows.
type arenaKey struct {
	sticks [8]stick
	n      int
	landed bool
	kind   rules.Sticks
	unit   float64
}

// stick is one stick as it is drawn now, in tray units: the tray's floor is aspect wide and 1
// high, x to the right and y down, z up from the floor.
type stick struct {
	x, y, z float64
	angle   float64 // about the vertical: 0 lies along x
	roll    float64 // about its length: cos(roll) > 0 shows the marked face
	marked  bool    // the face it will rest on
}

// The physics of a throw, in tray units (the tray is 1 high) and seconds.
const (
	tumbleDT      = 1.0 / 120 // the simulation's step
	tumbleMaxTime = 2.2       // every stick is stopped by then, come what may
	gravity       = 9.0
	wallHeight    = 0.22 // sticks higher than this fly over the walls
	stickContactZ = 0.2  // sticks lower than this knock into each other
	slideFriction = 3.2  // the floor slows a sliding stick by this much per second
	spinFriction  = 14.0 // and its turning, in radians per second per second
	restSpeed     = 0.03
	restSpin      = 0.25
	// shapeScale turns tray units into the units of the resolv shapes: resolv's segment test
	// is written for pixel-sized coordinates (it nudges by a whole unit for corner cases), so
	// the shapes are a tray 100 high.
	shapeScale = 100.0
	// The rest comes 0.9 to 1.3 s after release at normal speed.
	restMin, restMax = 0.9, 1.3
)

// tumble is a simulated throw: the pose of every stick at every step, and when all lay still.
type tumble struct {
	aspect  float64
	length  float64 // a stick's length
	frames  [][]stick
	rest    float64 // simulated seconds until every stick lay still
	bounces []int   // how often each stick bounced off the floor
	faces   uint8   // the faces it lands on
}

// NewArena makes a tray for the sticks of kind k (none for games without sticks).
func NewArena(k rules.Sticks, seed int64) *Arena {
	a := &Arena{Kind: k, rng: rand.New(rand.NewPCG(uint64(seed), 17)), fade: 1}
	a.sticks = make([]stick, k.Count())
	a.layNeatly()
	return a
}

// layNeatly lays the sticks side by side, upright, as before the first throw.
func (a *Arena) layNeatly() {
	n := len(a.sticks)
	asp := defaultAspect
	for i := range a.sticks {
		s := &a.sticks[i]
		*s = stick{}
		s.x = asp * (float64(i) + 0.5) / float64(n)
		s.y = 0.5
		s.angle = math.Pi/2 + (a.rng.Float64()-0.5)*0.2
		s.marked = i%2 == 0
		if !s.marked {
			s.roll = math.Pi
		}
	}
}

// Unthrow lays the sticks neatly again, as before the first throw (an undo back before it).
func (a *Arena) Unthrow() {
	a.layNeatly()
	a.toss = nil
	a.thrown, a.landed, a.fade = false, false, 1
}

// defaultAspect is the tray's width over its height before it has been laid out.
const defaultAspect = 3.6

// Thrown reports whether anything was thrown yet (before that, the sticks lie neatly).
func (a *Arena) Thrown() bool { return a.thrown }

// Landed reports whether the last throw has come to rest (false before the first throw).
func (a *Arena) Landed() bool { return a.thrown && a.landed }

// Faces is the faces the sticks show now: one bit a stick, set where the marked face is up.
func (a *Arena) Faces() uint8 {
	var f uint8
	for i, s := range a.sticks {
		if math.Cos(s.roll) > 0 {
			f |= 1 << i
		}
	}
	return f
}

// Hits adds the tray as a way to throw: a tap on the sticks is a tap on the play scene's
// "throw" button, which the menu honours only while that button is offered.
func (a *Arena) Hits(h *ui.HitMap) {
	if a.Rect.W > 0 && a.Rect.H > 0 && len(a.sticks) > 0 {
		h.AddRect(a.Rect, ui.Target{Kind: "button", ID: "throw"})
	}
}

// Throw appends to q the tumble of the sticks landing with faces up (one bit a stick, set where
// the marked side is up); start runs as they leave the hand (the clatter). The sticks come to
// rest 0.9 to 1.3 s after release, times dur (1 at normal speed): the step lasts that long.
func (a *Arena) Throw(q *Queue, faces uint8, dur float64, start func()) {
	if len(a.sticks) == 0 {
		return
	}
	if dur <= 0 {
		dur = 1
	}
	tb := a.simulate(faces)
	if a.Reduced {
		// The same throw, the same faces: the sticks appear where they come to rest.
		q.Add(Step{
			Dur: ReducedFade * dur,
			Start: func() {
				a.thrown, a.landed, a.fade = true, false, 0
				a.toss = tb
				a.pose(tb, tb.rest)
				if start != nil {
					start()
				}
			},
			Run: func(t float64) {
				a.toss, a.thrown = tb, true
				a.pose(tb, tb.rest)
				a.fade = t
				a.landed = t >= 1
			},
		})
		return
	}
	span := math.Max(restMin, math.Min(restMax, tb.rest))
	q.Add(Step{
		Dur: span * dur,
		Start: func() {
			a.thrown, a.landed = true, false
			a.toss = tb
			if start != nil {
				start()
			}
		},
		Run: func(t float64) {
			a.toss = tb
			a.thrown = true
			a.pose(tb, t*tb.rest)
			a.landed = t >= 1
		},
	})
}

// Settle lays the sticks of the last throw where they come to rest, at once: for a queue
// cleared mid-throw (undo), which would otherwise leave them in the air.
func (a *Arena) Settle() {
	if a.toss != nil {
		a.pose(a.toss, a.toss.rest)
		a.landed, a.fade = true, 1
	}
}

// Rest lays the sticks at once where a throw landing on faces comes to rest, as though it had
// been thrown and had landed: the throw in play after an undo or in a continued game.
func (a *Arena) Rest(faces uint8) {
	if len(a.sticks) == 0 {
		return
	}
	tb := a.simulate(faces)
	a.toss = tb
	a.pose(tb, tb.rest)
	a.thrown, a.landed, a.fade = true, true, 1
}

// ReducedFade is how long (at normal speed) the short fade lasts that stands in for a long
// animation when reduced motion is on.
const ReducedFade = 0.3

// pose sets the sticks to where the tumble has them at simulated time tm.
func (a *Arena) pose(tb *tumble, tm float64) {
	k := tm / tumbleDT
	i := int(math.Floor(k))
	if i >= len(tb.frames)-1 {
		copy(a.sticks, tb.frames[len(tb.frames)-1])
		return
	}
	if i < 0 {
		i, k = 0, 0
	}
	f := k - float64(i)
	p, q := tb.frames[i], tb.frames[i+1]
	for j := range a.sticks {
		s := p[j]
		s.x += (q[j].x - s.x) * f
		s.y += (q[j].y - s.y) * f
		s.z += (q[j].z - s.z) * f
		s.angle += (q[j].angle - s.angle) * f
		s.roll += (q[j].roll - s.roll) * f
		a.sticks[j] = s
	}
}

// throwAspect is the shape of the tray's floor a throw is simulated in: its width over its
// height.
func (a *Arena) throwAspect() float64 {
	if a.Rect.W <= 0 || a.Rect.H <= 0 {
		return defaultAspect
	}
	fl := a.Rect.Inset(7) // the floor, as Draw lays it (near enough at any scale)
	return math.Max(1.5, math.Min(12, fl.W/math.Max(1, fl.H)))
}

// stickLength is how long a stick is in a tray of aspect asp holding n sticks.
func stickLength(asp float64, n int) float64 {
	return math.Min(0.78, asp/float64(max(n, 1))*2.0)
}

// body is a stick in the simulation.
type body struct {
	x, y, z    float64
	vx, vy, vz float64
	angle, w   float64 // yaw and its rate
	roll, rw   float64 // roll and its rate
	delay      float64 // seconds before it leaves the hand
	bounces    int     // bounces left before it stays on the floor
	bounced    int
	floor      bool // lying on the floor
	still      bool
	lastImpact float64 // when it last met the floor
	shape      *resolv.ConvexPolygon
	half       [2]float64 // the shape's half length and half width
}

// simulate throws the sticks so that they land with faces up and records the flight.
func (a *Arena) simulate(faces uint8) *tumble {
	n := len(a.sticks)
	asp := a.throwAspect()
	L := stickLength(asp, n)
	W := L * 0.13
	tb := &tumble{aspect: asp, length: L, faces: faces, bounces: make([]int, n)}

	// The walls: thick blocks around the floor, so no stick slips through one in a step.
	const thick = 2.0
	k := shapeScale
	walls := []*resolv.ConvexPolygon{
		resolv.NewRectangleFromTopLeft(-thick*k, -thick*k, (asp+2*thick)*k, thick*k), // far
		resolv.NewRectangleFromTopLeft(-thick*k, k, (asp+2*thick)*k, thick*k),        // near
		resolv.NewRectangleFromTopLeft(-thick*k, 0, thick*k, k),                      // left
		resolv.NewRectangleFromTopLeft(asp*k, 0, thick*k, k),                         // right
	}

	bs := make([]body, n)
	// The hand: all the sticks held together, roughly parallel, above the near edge.
	handX := asp * (0.35 + 0.3*a.rng.Float64())
	handA := math.Pi/2 + (a.rng.Float64()-0.5)*0.6
	for i := range bs {
		b := &bs[i]
		off := (float64(i) - float64(n-1)/2) * W * 1.6
		b.x = handX + off
		b.y = 1.05 + a.rng.Float64()*0.05
		b.z = 0.35 + a.rng.Float64()*0.1
		b.angle = handA + (a.rng.Float64()-0.5)*0.3
		b.delay = float64(i)*0.025 + a.rng.Float64()*0.02
		// Aim at a spot on the floor: spread across the tray, not too near a wall.
		tx := asp*0.12 + a.rng.Float64()*asp*0.76
		ty := 0.45 + a.rng.Float64()*0.35
		b.vz = 0.7 + a.rng.Float64()*0.3
		land := (b.vz + math.Sqrt(b.vz*b.vz+2*gravity*b.z)) / gravity
		b.vx = (tx - b.x) / land
		b.vy = (ty - b.y) / land
		b.w = (a.rng.Float64()*2 - 1) * 7
		b.rw = (14 + a.rng.Float64()*16) * float64(1-2*a.rng.IntN(2))
		b.roll = a.rng.Float64() * 2 * math.Pi
		b.bounces = 1 + a.rng.IntN(3)
		b.shape = resolv.NewRectangle(0, 0, L*shapeScale, W*shapeScale)
		b.half = [2]float64{L * shapeScale / 2, W * shapeScale / 2}
	}

	snapshot := func() []stick {
		f := make([]stick, n)
		for i := range bs {
			b := &bs[i]
			f[i] = stick{x: b.x, y: b.y, z: b.z, angle: b.angle, roll: b.roll, marked: faces&(1<<i) != 0}
		}
		return f
	}
	tb.frames = append(tb.frames, snapshot())
	tm := 0.0
	for tm < tumbleMaxTime {
		tm += tumbleDT
		all := true
		for i := range bs {
			b := &bs[i]
			if tm < b.delay || b.still {
				all = all && b.still
				continue
			}
			all = false
			a.fly(b, tm)
		}
		// Collisions, near the floor only: the walls, then each pair of sticks.
		// A stick lying still has been cleared of everything; what is farther than half a
		// stick from a wall, or a stick's length from another stick, cannot touch it.
		for i := range bs {
			b := &bs[i]
			if tm < b.delay || b.z > wallHeight || b.still {
				continue
			}
			near := [4]bool{b.y < L/2, b.y > 1-L/2, b.x < L/2, b.x > asp-L/2}
			for k, w := range walls {
				if !near[k] {
					continue
				}
				place(b)
				if set := b.shape.Intersection(w); !set.IsEmpty() {
					collide(b, nil, set, L, 0.35)
				}
			}
			keepInside(b, asp, L, W)
		}
		for i := range bs {
			for j := i + 1; j < len(bs); j++ {
				p, q := &bs[i], &bs[j]
				if tm < p.delay || tm < q.delay || p.z > stickContactZ || q.z > stickContactZ || (p.still && q.still) {
					continue
				}
				if dx, dy := p.x-q.x, p.y-q.y; dx*dx+dy*dy > L*L {
					continue
				}
				place(p)
				place(q)
				if set := p.shape.Intersection(q.shape); !set.IsEmpty() {
					collide(p, q, set, L, 0.3)
				}
			}
		}
		for i := range bs {
			b := &bs[i]
			if b.floor && !b.still && math.Hypot(b.vx, b.vy) < restSpeed && math.Abs(b.w) < restSpin && math.Abs(b.rw) < restSpin {
				b.still = true
				b.vx, b.vy, b.w, b.rw = 0, 0, 0, 0
			}
		}
		tb.frames = append(tb.frames, snapshot())
		if all {
			break
		}
	}
	tb.rest = tm
	for i := range bs {
		tb.bounces[i] = bs[i].bounced
	}

	// Bend each stick's roll so that it rests on its face: the whole correction is spread over
	// its flight up to its last meeting with the floor, while it spins fast.
	for i := range bs {
		end := tb.frames[len(tb.frames)-1][i].roll
		want := math.Round(end/(2*math.Pi)) * 2 * math.Pi
		if faces&(1<<i) == 0 {
			want = math.Round((end-math.Pi)/(2*math.Pi))*2*math.Pi + math.Pi
		}
		d := want - end
		until := math.Max(bs[i].lastImpact, bs[i].delay+0.1)
		for k, f := range tb.frames {
			t := (float64(k)*tumbleDT - bs[i].delay) / (until - bs[i].delay)
			f[i].roll += d * Ease(t)
		}
	}
	return tb
}

// fly moves b one step: through the air, or sliding on the floor.
func (a *Arena) fly(b *body, tm float64) {
	dt := tumbleDT
	b.x += b.vx * dt
	b.y += b.vy * dt
	b.angle += b.w * dt
	b.roll += b.rw * dt
	if !b.floor {
		b.vz -= gravity * dt
		b.z += b.vz * dt
		if b.z <= 0 {
			b.z = 0
			b.lastImpact = tm
			if b.bounces > 0 {
				b.bounces--
				b.bounced++
				b.vz = -b.vz * 0.38
				b.vx *= 0.7
				b.vy *= 0.7
				b.w = b.w*0.6 + (math.Sin(b.roll)*3 + 1.5*math.Cos(b.angle*3))
				b.rw *= 0.55
			} else {
				b.vz = 0
				b.floor = true
				b.vx *= 0.6
				b.vy *= 0.6
			}
		}
		return
	}
	// On the floor: friction slows the slide, the turning and the rolling.
	if v := math.Hypot(b.vx, b.vy); v > 0 {
		k := math.Max(0, v-slideFriction*dt) / v
		b.vx *= k
		b.vy *= k
	}
	b.w = towardZero(b.w, spinFriction*dt)
	b.rw *= math.Exp(-18 * dt)
}

func towardZero(v, d float64) float64 {
	if v > d {
		return v - d
	}
	if v < -d {
		return v + d
	}
	return 0
}

// place puts b's resolv shape where b is. The corners are turned here, once, rather than by
// resolv's rotation, which would turn them again at every test.
func place(b *body) {
	sn, cs := math.Sincos(b.angle)
	hl, hw := b.half[0], b.half[1]
	for k, c := range [4][2]float64{{-hl, -hw}, {hl, -hw}, {hl, hw}, {-hl, hw}} {
		b.shape.Points[k] = resolv.NewVector(c[0]*cs-c[1]*sn, c[0]*sn+c[1]*cs)
	}
	b.shape.SetPosition(b.x*shapeScale, b.y*shapeScale)
	b.shape.SetRotation(0) // and the bounds follow the corners
}

// collide separates p from q (a wall when q is nil) by the intersection's minimum translation
// and exchanges an impulse at the contact, with restitution e. Both are rods of length L and
// unit mass.
func collide(p, q *body, set resolv.IntersectionSet, L, e float64) {
	mtv := set.MTV.Scale(1.0 / shapeScale)
	depth := mtv.Magnitude()
	if depth == 0 {
		return
	}
	nx, ny := mtv.X/depth, mtv.Y/depth // from q toward p
	var cx, cy float64
	for _, in := range set.Intersections {
		cx += in.Point.X
		cy += in.Point.Y
	}
	cx /= float64(len(set.Intersections)) * shapeScale
	cy /= float64(len(set.Intersections)) * shapeScale
	inertia := L * L / 12
	invQ, invIQ := 0.0, 0.0
	if q != nil {
		invQ, invIQ = 1, 1/inertia
		p.x += mtv.X / 2
		p.y += mtv.Y / 2
		q.x -= mtv.X / 2
		q.y -= mtv.Y / 2
	} else {
		p.x += mtv.X
		p.y += mtv.Y
	}
	rpx, rpy := cx-p.x, cy-p.y
	vpx, vpy := p.vx-p.w*rpy, p.vy+p.w*rpx
	var rqx, rqy, vqx, vqy float64
	if q != nil {
		rqx, rqy = cx-q.x, cy-q.y
		vqx, vqy = q.vx-q.w*rqy, q.vy+q.w*rqx
	}
	vn := (vpx-vqx)*nx + (vpy-vqy)*ny
	if vn >= 0 {
		return // already parting
	}
	rpn := rpx*ny - rpy*nx
	rqn := rqx*ny - rqy*nx
	j := -(1 + e) * vn / (1 + invQ + rpn*rpn/inertia + rqn*rqn*invIQ)
	p.vx += j * nx
	p.vy += j * ny
	p.w += rpn * j / inertia
	p.still = false
	if q != nil {
		q.vx -= j * nx
		q.vy -= j * ny
		q.w -= rqn * j * invIQ
		q.still = false
	}
	// A knock on the floor makes the sticks chatter: damp the spin a little.
	p.w *= 0.9
}

// keepInside puts back a stick that got past a wall all the same (a stick wholly inside a
// wall block has no crossing edges for resolv to find).
func keepInside(b *body, asp, L, W float64) {
	c, s := math.Abs(math.Cos(b.angle)), math.Abs(math.Sin(b.angle))
	hx := (L*c + W*s) / 2
	hy := (L*s + W*c) / 2
	if b.x < hx {
		b.x, b.vx = hx, math.Abs(b.vx)*0.3
	}
	if b.x > asp-hx {
		b.x, b.vx = asp-hx, -math.Abs(b.vx)*0.3
	}
	if b.y < hy {
		b.y, b.vy = hy, math.Abs(b.vy)*0.3
	}
	if b.y > 1-hy {
		b.y, b.vy = 1-hy, -math.Abs(b.vy)*0.3
	}
}

// Draw draws the tray and the sticks.
func (a *Arena) Draw(dst *ebiten.Image, m ui.Metrics) {
	r := a.Rect
	if r.W <= 0 || r.H <= 0 || len(a.sticks) == 0 {
		return
	}
	a.keepFlying(m)
	k := arenaKey{n: len(a.sticks), landed: a.Landed(), kind: a.Kind, unit: m.Unit}
	if (a.thrown && !a.landed) || len(a.sticks) > len(k.sticks) {
		// In motion (a stick may fly over the wall, out of the still picture): the tray from
		// its picture, the sticks from theirs.
		a.tray.Draw(dst, r, m.Unit, func(img *ebiten.Image, local ui.Rect) { a.paintTray(img, m, local) })
		a.paintSticks(dst, m, r)
	} else {
		copy(k.sticks[:], a.sticks)
		a.still.Draw(dst, r, k, func(img *ebiten.Image, local ui.Rect) {
			a.paintTray(img, m, local)
			a.paintSticks(img, m, local)
		})
	}
	if a.fade < 1 {
		// Fading in: the tray's floor laid over the sticks, thinning away.
		a.floor.DrawFaded(dst, r, m.Unit, 1-a.fade, func(img *ebiten.Image, local ui.Rect) {
			in := local.Inset(m.Pt(4))
			sprites.FillTextured(img, sprites.RoundRect(in.X, in.Y, in.W, in.H, m.Pt(12)*0.7), sprites.SandTexture(), m.Unit, color.RGBA{235, 225, 205, 255})
		})
	}
}

// paintTray paints the empty tray in r.
func (a *Arena) paintTray(dst *ebiten.Image, m ui.Metrics, r ui.Rect) {
	rad := m.Pt(12)
	sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, rad), sprites.Mix(sprites.DarkWood, sprites.Ink, 0.35))
	in := r.Inset(m.Pt(4))
	sprites.FillTextured(dst, sprites.RoundRect(in.X, in.Y, in.W, in.H, rad*0.7), sprites.SandTexture(), m.Unit, color.RGBA{235, 225, 205, 255})
	// A soft inner shadow along the far wall: the tray has sides.
	sprites.Fill(dst, sprites.RoundRect(in.X, in.Y, in.W, in.H*0.12, rad*0.7), color.RGBA{0, 0, 0, 28})
}

// paintSticks draws the sticks as they lie now in the tray r, from their pictures: on the
// screen while they fly, into the still picture once they lie.
func (a *Arena) paintSticks(dst *ebiten.Image, m ui.Metrics, r ui.Rect) {
	in := r.Inset(m.Pt(4))
	asp, L := defaultAspect, stickLength(defaultAspect, len(a.sticks))
	if a.toss != nil {
		asp, L = a.toss.aspect, a.toss.length
	}
	fl := in.Inset(m.Pt(3))  // the floor the sticks lie on, clear of the rim
	sx, sy := fl.W/asp, fl.H // pixels per tray unit, across and down
	l := L * math.Min(sx, sy)
	kind := sprites.GreenWhite
	if a.Kind == rules.SixPolishedRough {
		kind = sprites.PolishedRough
	}
	// Lowest first, so a stick in the air passes over the ones on the floor.
	order := make([]int, 0, 8)
	for i := range a.sticks {
		order = append(order, i)
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && a.sticks[order[j]].z < a.sticks[order[j-1]].z; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, i := range order {
		s := a.sticks[i]
		x, y := fl.X+s.x*sx, fl.Y+s.y*sy
		up := math.Cos(s.roll) > 0
		if a.Landed() && up {
			// Counted faces glow softly once the sticks lie still.
			sprites.Fill(dst, sprites.Ellipse(x, y, l*0.6, l*0.16, s.angle), sprites.Fade(sprites.Saffron, 0.55))
		}
		// In flight and at rest alike, each stick is copied from its picture (Warm paints them
		// while nothing moves): painted into the still picture as it lands, six rough sticks
		// were some 150 paths in one frame, the longest frame of a throw.
		a.drawFlying(dst, kind, x, y, l, s.angle, up, math.Sin(s.roll), s.z*sy)
	}
}
