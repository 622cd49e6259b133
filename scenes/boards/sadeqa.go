package boards

import (
	"errors"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/rules"
	"sig/rules/sadeqa"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

func init() {
	stage.Register(sadeqa.Info.ID, func(env *stage.Env) stage.Board { return newSadeqaBoard(env) })
}

// Sadeqa's timings at normal speed (docs/conventions.md).
const (
	sadeqaLiftTime    = 0.2  // the seeds of the first lap leave their hole
	sadeqaLapTime     = 0.25 // the pause between laps, as the seeds of the next hole are lifted
	sadeqaSeedTime    = 0.08 // one seed dropped into the next hole
	sadeqaWaranaTime  = 0.45 // the spear of a new warana is laid
	sadeqaCaptureTime = 0.3  // captured seeds lift, shrink and fly to the captor's store
	sadeqaToastTime   = 0.8  // "bonus move!", "… passes"
	sadeqaFadeTime    = 0.12 // reduced motion: a change fades in
)

// sadeqaShown is the most seeds drawn in one hole; the count beside it tells the rest.
const sadeqaShown = 40

// sadeqaSpot is where one seed lies in a hole of radius 1 (x, y), turned by angle, darkened by
// shade.
type sadeqaSpot struct{ x, y, angle, shade float64 }

// sadeqaSpots[n] are the places of n seeds in a hole, worked out once: a few seeds lie in a loose
// ring (with one in the middle from six on), more fill the hole in a sunflower spiral, drawn
// smaller as the pile grows. Each hole turns the pattern its own way (see drawPile).
var sadeqaSpots = func() [sadeqaShown + 1][]sadeqaSpot {
	var out [sadeqaShown + 1][]sadeqaSpot
	for n := 1; n <= sadeqaShown; n++ {
		s := sadeqaSeedSize(n)
		spots := make([]sadeqaSpot, n)
		for i := range spots {
			var d, a float64
			switch {
			case n == 1:
			case n <= 7:
				ring, k := n, i
				if n >= 6 {
					ring, k = n-1, i-1 // the first seed in the middle
				}
				if k >= 0 {
					d = 0.26 + 0.035*float64(ring)
					a = 2*math.Pi*float64(k)/float64(ring) + 0.3
				}
			default:
				d = (1 - 1.35*s) * math.Sqrt((float64(i)+0.5)/float64(n))
				a = float64(i)*2.39996 + 0.4
			}
			j := sadeqaHash(i+n*41, 7)
			spots[i] = sadeqaSpot{
				x:     d*math.Cos(a) + (j-0.5)*s*0.35,
				y:     d*math.Sin(a) + (sadeqaHash(i+n*41, 8)-0.5)*s*0.35,
				angle: a + 1.2 + j*2.4,
				shade: sadeqaHash(i, 9) * 0.55,
			}
		}
		out[n] = spots
	}
	return out
}()

// sadeqaSeedSize is the half length of a seed in a hole of radius 1 holding n seeds.
func sadeqaSeedSize(n int) float64 {
	if n <= 12 {
		return 0.21
	}
	return 0.21 * math.Sqrt(12/float64(min(n, sadeqaShown)))
}

// sadeqaHash is a small deterministic hash in [0, 1), for the seeds' jitter.
func sadeqaHash(i, salt int) float64 {
	h := uint32(i*2654435761 + salt*40503 + 12345)
	h ^= h >> 15
	h *= 2246822519
	h ^= h >> 13
	return float64(h&0xffff) / 65536
}

// sadeqaCounts are the counts as text, so drawing them allocates nothing.
var sadeqaCounts = func() [sadeqa.Seeds + 1]string {
	var out [sadeqa.Seeds + 1]string
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}()

func sadeqaCount(n int) string {
	if n >= 0 && n < len(sadeqaCounts) {
		return sadeqaCounts[n]
	}
	return strconv.Itoa(n)
}

// sadeqaBoard is Sadeqa's board: the carved 2×10 board with its seeds drawn as seeds and
// counted, a dish for each player's captured seeds, and picking by tapping one of your holes.
// Sowings are shown seed by seed, lap after lap, from the events; waranas get their owner's
// spear; captured seeds fly to the captor's dish.
type sadeqaBoard struct {
	env   *stage.Env
	m     ui.Metrics
	table sprites.SadeqaTable
	cells []sprites.Cell
	capR  ui.Rect
	hole  float64 // a hole's radius
	numH  float64 // the band above and below the board for the hole names
	// tall: the board turned upright for a phone (sprites.HoleCellsTall), the hole names in
	// bands numW wide at its left and right.
	tall bool
	numW float64
	seed *sprites.SeedSprite
	op   ebiten.DrawImageOptions
	// Pictures drawn once and copied every frame, and the texts they show.
	stamps   stampCache
	cache    seegaSprites // the players' counters beside their names
	names    [2]string
	labelW   [2]float64 // the width of the name and score at a dish's left end
	score    [2]string
	scoreFor [2][2]int
	tag      string
	tagFor   [2]int
	tagLang  lang.Lang
	// scoreLang is the language of score (a language change makes it afresh).
	scoreLang lang.Lang

	// The picture as it is now; animation steps change it event by event.
	holes    [sadeqa.Holes]int
	owner    [sadeqa.Holes]int
	captured [2]int
	toMove   int
	origins  uint32 // the holes the last turn sowed from
	newTurn  bool
	hand     int // seeds in the sower's hand
	handAt   sprites.Pt
	handUp   float64 // 0 on the hole, 1 lifted
	lap      int
	drop     sadeqaDrop
	spear    [sadeqa.Holes]float64 // a new warana's spear grows from 0 to 1
	fly      []sadeqaFly
	toast    string
	toastA   float64
	caption  string
	// explained: the caption is the standing instruction (explain), whose words depend on how
	// the board lies; any other caption clears it.
	explained bool
	busy      bool
	fade      float64 // reduced motion: the holes in faded fading in (1 done)
	faded     uint32

	// The decision at rest, from Sync.
	st     *sadeqa.State
	legal  []rules.Move
	hints  bool
	note   string
	cursor int
	keys   bool
	hover  int
	after  rules.State
}

// sadeqaDrop is the seed falling from the hand into a hole.
type sadeqaDrop struct {
	on       bool
	from, to sprites.Pt
	t        float64
}

// sadeqaFly is a captured seed on its way to a dish.
type sadeqaFly struct {
	from, to sprites.Pt
	x, y     float64
	scale    float64
}

func newSadeqaBoard(env *stage.Env) *sadeqaBoard {
	b := &sadeqaBoard{env: env, hover: -1, cursor: 0}
	for i := range b.owner {
		b.owner[i] = -1
		b.spear[i] = 1
	}
	return b
}

// sadeqaUpright is how much taller than wide a place must be for the board to turn upright.
const sadeqaUpright = 1.3

// UprightHeight is the height the board takes turned upright (on a phone held upright) in a
// place w wide: holes a finger can hit (each row of the turned board a touch target tall),
// the dishes with both lines of their labels, and the caption.
func (b *sadeqaBoard) UprightHeight(m ui.Metrics, w float64) float64 {
	storeH, gap := sadeqaTallBands(m)
	capH := b.tallCaptionH(m, w-2*sadeqaTallPad(m))
	// The cells' pitch is the board's height less its frame (sprites.LayoutSadeqaTall), over
	// the holes of a row.
	pitch := m.Touch() + m.Pt(0.1)
	bh := pitch * sadeqa.RowHoles / (1 - 2*sprites.SadeqaTallFrame*sprites.SadeqaTallBoardW/sprites.SadeqaTallBoardH)
	return math.Max(w*sadeqaUpright+1, bh+2*storeH+capH+3*gap+2*sadeqaTallPad(m))
}

// sadeqaTallBands are the heights of the dishes, the caption and the gaps between them on the
// board turned upright.
func sadeqaTallBands(m ui.Metrics) (storeH, gap float64) {
	bold := m.LineHeight(ui.SmallBold)
	_, below := m.LineMargins(ui.Small)
	return bold*sadeqaTwoLines + below, m.Pt(2)
}

// tallCaptionH is the height of the caption's strip on the board turned upright, w wide: a line
// of the small type where every caption the board may say fits one (the prompts, a
// sowing, a later lap, a spear, a capture and the result, with these players' names and the
// most seeds), else two lines of the small type ("Sow from one of your holes (the right
// column)" in French or in larger text): measured, so that it is never cut, and the board
// keeps what height it can.
func (b *sadeqaBoard) tallCaptionH(m ui.Metrics, w float64) float64 {
	_, capBelow := m.LineMargins(ui.SmallBold)
	one := m.LineHeight(ui.SmallBold) + capBelow + m.Pt(6)
	// The words' width: the strip inset as drawCaption insets it, less drawCaptionBanner's pad.
	r := ui.Rect{W: w, H: one}.Inset(one * sadeqaCaptionInset)
	room := r.W - 2*captionPad(m, r)
	most, far := sadeqaSeedWord(sadeqa.Seeds), sadeqa.Holes-1
	var says []string
	for p := range sadeqa.Players {
		says = append(says,
			tell(b.env, p, "sadeqa.sow.left"), tell(b.env, p, "sadeqa.sow.right"), tell(b.env, p, "sadeqa.bonus"),
			say(b.env, p, "sadeqa.sows", most, b.holeOf(far)), b.lifts(p, 9, sadeqa.Seeds, far),
			say(b.env, p, "sadeqa.spears", b.holeOf(far)), b.captures(p, sadeqa.Seeds, far),
			lang.T("sadeqa.result", lang.N("sadeqa.why.quiet", sadeqa.QuietLimit, sadeqa.QuietLimit), winsText(b.env, p), sadeqa.Seeds, sadeqa.Seeds))
	}
	for _, s := range says {
		if m.Measure(ui.Small, s) > room {
			return captionTwoLines(m, sadeqaCaptionInset)
		}
	}
	return one
}

// sadeqaCaptionInset is the margin round the caption in its strip, a fraction of its height.
const sadeqaCaptionInset = 0.08

// sadeqaTwoLines is how many small bold lines high a dish must be for its label's two lines
// (the name, the score under it): a dish less high shows the name alone.
const sadeqaTwoLines = 2.0

// sadeqaTallPad is the margin around the board turned upright.
func sadeqaTallPad(m ui.Metrics) float64 { return m.Pt(2) }

// dishTwoLines reports whether dish d holds its label's two lines.
func (b *sadeqaBoard) dishTwoLines(d sprites.Rect) bool {
	return d.H >= b.m.LineHeight(ui.SmallBold)*sadeqaTwoLines
}

// Layout places, top to bottom: North's dish, North's hole numbers, the board, South's hole
// numbers, the caption and South's dish; in a place much taller than wide (a phone held
// upright), the board turns upright between the dishes, its hole names at its sides.
func (b *sadeqaBoard) Layout(m ui.Metrics, r ui.Rect) {
	b.m = m
	was := b.tall
	b.tall = r.H > r.W*sadeqaUpright
	if b.explained && b.st != nil && was != b.tall {
		b.caption = b.explain(b.st) // the player's side named as the board now lies
	}
	if b.tall {
		b.layoutTall(m, r)
		return
	}
	s := math.Min(r.W, r.H)
	pad := s * 0.02
	bw := r.W - 2*pad
	bh := bw * 3.2 / 10.6
	numH := math.Max(m.LineHeight(ui.Small), s*0.04)
	capH := math.Max(m.LineHeight(ui.BodyBold)+m.Pt(8), s*0.07)
	gap := s * 0.02
	storeH := (r.H - 2*pad - bh - 2*numH - capH - 2*gap) / 2
	storeH = math.Min(storeH, s*0.115)
	if storeH < s*0.06 { // a wide, short strip: shrink the board to keep the dishes
		storeH = s * 0.06
		bh = r.H - 2*pad - 2*numH - capH - 2*gap - 2*storeH
		bw = bh * 10.6 / 3.2
	}
	total := 2*storeH + 2*gap + 2*numH + bh + capH
	y := r.Y + (r.H-total)/2
	x := r.X + (r.W-bw)/2
	b.table.Dispose()
	dw := bw * 0.92 // the dishes sit a little inside the board's width
	north := sprites.Rect{X: x + (bw-dw)/2, Y: y, W: dw, H: storeH}
	y += storeH + gap + numH
	brd := sprites.LayoutBoard(sadeqa.Info.ID, sprites.Rect{X: x, Y: y, W: bw, H: bh})
	y += bh + numH
	b.capR = ui.Rect{X: x, Y: y, W: bw, H: capH}
	y += capH + gap
	south := sprites.Rect{X: x + (bw-dw)/2, Y: y, W: dw, H: storeH}
	b.table.Board = brd
	b.table.Stores = [2]sprites.Rect{south, north}
	b.numH = numH
	b.placed()
}

// layoutTall places the board turned upright: North's dish at the top, the board with North's
// column at the left and South's at the right, each hole's name beside it outside the board,
// the caption, and South's dish at the foot.
func (b *sadeqaBoard) layoutTall(m ui.Metrics, r ui.Rect) {
	storeH, gap := sadeqaTallBands(m)
	pad := sadeqaTallPad(m)
	in := r.Inset(pad)
	capH := b.tallCaptionH(m, in.W)
	b.numW = 0
	for _, n := range sadeqaHoleNames() {
		b.numW = math.Max(b.numW, m.Measure(ui.Small, n))
	}
	b.numW += m.Pt(10)
	y := in.Y
	north := sprites.Rect{X: in.X, Y: y, W: in.W, H: storeH}
	y += storeH + gap
	bh := in.H - 2*storeH - capH - 3*gap
	b.table.Dispose()
	brd := sprites.LayoutSadeqaTall(sprites.Rect{X: in.X + b.numW, Y: y, W: in.W - 2*b.numW, H: bh})
	y += bh + gap
	b.capR = ui.Rect{X: in.X, Y: y, W: in.W, H: capH}
	y += capH + gap
	south := sprites.Rect{X: in.X, Y: y, W: in.W, H: storeH}
	b.table.Board = brd
	b.table.Stores = [2]sprites.Rect{south, north}
	b.placed()
}

// placed makes what follows from the places of the holes and dishes: the seed picture, the
// dishes' labels.
func (b *sadeqaBoard) placed() {
	m := b.m
	b.cells = b.table.Board.Cells
	b.hole = b.cells[0].Size / 2
	b.seed.Dispose()
	b.seed = sprites.NewSeedSprite(b.hole * 0.21)
	b.stamps.reset()
	b.cache.reset()
	for p := range sadeqa.Players {
		b.labelW[p] = b.storeLabelW(p)
		mr := math.Min(b.table.Stores[p].H*0.16, m.Pt(9))
		b.names[p] = m.Ellipsize(b.name(p), ui.SmallBold, b.labelW[p]-mr*2.6)
	}
}

// Sync shows s at rest.
func (b *sadeqaBoard) Sync(s rules.State) {
	st, ok := s.(*sadeqa.State)
	if !ok {
		return
	}
	b.load(st)
	if b.after == nil || !b.after.Equal(s) {
		b.origins = 0
	}
	b.hand, b.handUp, b.lap = 0, 0, 0
	b.drop.on = false
	b.fly = b.fly[:0]
	b.toast, b.busy, b.fade, b.faded = "", false, 1, 0
	for i := range b.spear {
		b.spear[i] = 1
	}
	b.st = st.Clone().(*sadeqa.State)
	b.legal = st.Legal(b.legal)
	b.note = ""
	b.caption, b.explained = b.explain(st), true
	if sadeqa.Place(b.cursor).Row != st.ToMove() {
		b.cursor = sadeqa.Hole(st.ToMove(), 1)
	}
}

// load copies the seeds, waranas and captures of st into the picture.
func (b *sadeqaBoard) load(st *sadeqa.State) {
	for i := range b.holes {
		b.holes[i] = st.Seeds(i)
		b.owner[i] = st.Warana(i)
	}
	b.captured = [2]int{st.Captured(0), st.Captured(1)}
	b.toMove = st.ToMove()
}

func (b *sadeqaBoard) name(p int) string {
	if p >= 0 && p < len(b.env.Names) && b.env.Names[p] != "" {
		return b.env.Names[p]
	}
	if p == sadeqa.North {
		return lang.T("sadeqa.north")
	}
	return lang.T("sadeqa.south")
}

// explain is the standing caption for the position.
func (b *sadeqaBoard) explain(st *sadeqa.State) string {
	p := st.ToMove()
	switch {
	case st.Phase() == rules.PhaseOver:
		return b.result(st)
	case st.Bonus():
		return tell(b.env, p, "sadeqa.bonus")
	case p == sadeqa.North && b.tall:
		return tell(b.env, p, "sadeqa.sow.left") // the board turned upright on a phone
	case p == sadeqa.North:
		return tell(b.env, p, "sadeqa.sow.top")
	case b.tall:
		return tell(b.env, p, "sadeqa.sow.right")
	}
	return tell(b.env, p, "sadeqa.sow.bottom")
}

// result says how the game ended and the score.
func (b *sadeqaBoard) result(st *sadeqa.State) string {
	out := st.Outcome()
	sc := out.Scores
	wins := lang.T("sadeqa.draw")
	first := 0 // the winner's score first
	if len(out.Winners) == 1 {
		first = out.Winners[0]
		wins = winsText(b.env, first)
	}
	why := lang.T("sadeqa.why.nomove")
	switch out.Ending {
	case rules.QuietMoves:
		why = lang.N("sadeqa.why.quiet", sadeqa.QuietLimit, sadeqa.QuietLimit)
	case rules.Repetition:
		why = lang.T("sadeqa.why.repeat")
	}
	return lang.T("sadeqa.result", why, wins, sc[first], sc[1-first])
}

// ShowHints marks the holes the player to move may sow from (nil clears them).
func (b *sadeqaBoard) ShowHints(s rules.State, legal []rules.Move) { b.hints = legal != nil }

// Animate replays ev on the picture, starting from before: each lap's lift, each seed, each
// warana, capture, bonus move and pass.
func (b *sadeqaBoard) Animate(q *stage.Queue, before, after rules.State, ev rules.Events) {
	start, ok := before.(*sadeqa.State)
	if _, ok2 := after.(*sadeqa.State); !ok || !ok2 {
		return
	}
	start = start.Clone().(*sadeqa.State)
	b.after = after.Clone()
	q.Add(stage.Step{Start: func() {
		b.load(start)
		b.busy, b.note, b.hand = true, "", 0
		b.fly = b.fly[:0]
	}})
	at := -1 // the hole the hand is over
	for i := 0; i < len(ev); i++ {
		e := ev[i]
		switch e.Kind {
		case rules.EvLift:
			b.animLift(q, e)
			at = e.From
		case rules.EvSow:
			if b.env.Reduced {
				j := i
				for j < len(ev) && ev[j].Kind == rules.EvSow {
					j++
				}
				b.animLapFade(q, ev[i:j])
				at = ev[j-1].To
				i = j - 1
				continue
			}
			b.animSow(q, e, at, i+1 == len(ev) || ev[i+1].Kind != rules.EvSow)
			at = e.To
		case rules.EvWarana:
			b.animWarana(q, e)
		case rules.EvCaptured:
			b.animCapture(q, e)
		case rules.EvBonus:
			b.animToast(q, lang.T("sadeqa.toast.bonus"), sadeqaToastTime)
		case rules.EvPass:
			p := e.Player
			b.animToast(q, say(b.env, p, "sadeqa.toast.pass"), sadeqaToastTime*1.4)
		case rules.EvTurn:
			p := e.Player
			q.Add(stage.Step{Start: func() { b.toMove, b.newTurn = p, true }})
		case rules.EvGameOver:
			out := after.(*sadeqa.State).Outcome()
			sc := out.Scores
			msg := lang.T("sadeqa.toast.draw", sc[0], sc[1])
			if len(out.Winners) == 1 {
				w := out.Winners[0]
				msg = say(b.env, w, "sadeqa.toast.win", sc[w], sc[1-w])
			}
			b.animToast(q, msg, sadeqaToastTime*1.6)
		}
	}
}

// handOver is where the hand hovers over hole i.
func (b *sadeqaBoard) handOver(i int) sprites.Pt {
	c := b.cells[i].Center
	return sprites.Pt{X: c.X, Y: c.Y - b.hole*0.55}
}

// holeOf names hole i as the rules and the log do: S1..S10 for South's row, N1..N10 for
// North's, each numbered from its owner's left.
func (b *sadeqaBoard) holeOf(i int) string { return sadeqaHoleNames()[i%sadeqa.Holes] }

// sadeqaHoleNames are the holes' names in the current language (S1…N10, ج1…ش10), made once
// per language so that a frame formats no text.
func sadeqaHoleNames() *[sadeqa.Holes]string {
	l := lang.Current()
	if out, ok := sadeqaHoleCache[l]; ok {
		return out
	}
	out := new([sadeqa.Holes]string)
	for i := range out {
		pl := sadeqa.Place(i) // the rules name the hole: its row and number
		key := "log.hole.south"
		if pl.Row == sadeqa.North {
			key = "log.hole.north"
		}
		out[i] = lang.T(key, pl.N)
	}
	sadeqaHoleCache[l] = out
	return out
}

var sadeqaHoleCache = map[lang.Lang]*[sadeqa.Holes]string{}

func (b *sadeqaBoard) animLift(q *stage.Queue, e rules.Event) {
	p, from, n, lap := e.Player, e.From, e.Count, e.Value
	dur := sadeqaLapTime
	if lap == 1 {
		dur = sadeqaLiftTime
	}
	if b.env.Reduced {
		dur = sadeqaFadeTime
	}
	first := true
	q.Add(stage.Step{
		Dur: dur,
		Start: func() {
			b.holes[from] = 0
			b.hand, b.lap = n, lap
			b.handAt = b.handOver(from)
			if lap == 1 {
				if b.newTurn {
					b.origins, b.newTurn = 0, false
				}
				b.origins |= 1 << from
			}
			b.explained = false
			b.caption = say(b.env, p, "sadeqa.sows", sadeqaSeedWord(n), b.holeOf(from))
			if lap > 1 {
				b.caption = b.lifts(p, lap, n, from)
			}
			first = true
		},
		Run: func(t float64) {
			if t < 1 && first {
				first = false
				audio.Play(audio.Seed)
			}
			b.handUp = stage.Ease(t)
			if b.env.Reduced {
				b.handUp = 1
			}
		},
	})
}

// sadeqaSeedWord counts seeds in words: "no seeds", "1 seed", "3 seeds".
func sadeqaSeedWord(n int) string {
	if n == 0 {
		return lang.T("sadeqa.seeds.none")
	}
	return lang.N("sadeqa.seeds", n, n)
}

// lifts is a later lap's caption: "Lap 2: Amira lifts 5 seeds from N3".
func (b *sadeqaBoard) lifts(p, lap, n, from int) string {
	if b.env.IsYou(p) {
		return lang.T("sadeqa.lifts.you", lap, sadeqaSeedWord(n), b.holeOf(from))
	}
	return lang.T("sadeqa.lifts", b.name(p), lap, sadeqaSeedWord(n), b.holeOf(from))
}

// animSow drops one seed from the hand, which moves on from hole from to hole e.To; last is
// the lap's last seed (the hand is then empty).
func (b *sadeqaBoard) animSow(q *stage.Queue, e rules.Event, from int, last bool) {
	to, count := e.To, e.Count
	dur := sadeqaSeedTime
	if b.env.Reduced {
		dur = sadeqaSeedTime / 2
	}
	clicked := false
	q.Add(stage.Step{
		Dur:   dur,
		Start: func() { clicked = false },
		Run: func(t float64) {
			if t >= 1 {
				b.holes[to] = count
				if b.hand > 0 {
					b.hand--
				}
				b.handAt = b.handOver(to)
				b.drop.on = false
				if last {
					b.hand, b.handUp = 0, 0
				}
				return
			}
			a, z := b.handAt, b.handOver(to)
			if from >= 0 {
				a = b.handOver(from)
			}
			// The hand glides to the next hole; the seed falls from it in the second half.
			g := stage.Ease(math.Min(1, t/0.55))
			b.handAt = sprites.Pt{X: a.X + (z.X-a.X)*g, Y: a.Y + (z.Y-a.Y)*g}
			if t >= 0.45 {
				b.drop = sadeqaDrop{on: true, from: z, to: b.cells[to].Center, t: (t - 0.45) / 0.55}
				if !clicked {
					clicked = true
					audio.Play(audio.Seed)
				}
			}
		},
	})
}

// animLapFade is a whole lap under reduced motion: the seeds appear in their holes at once,
// fading in, and the hand empties.
func (b *sadeqaBoard) animLapFade(q *stage.Queue, evs rules.Events) {
	evs = append(rules.Events(nil), evs...)
	q.Add(stage.Step{
		Dur: sadeqaFadeTime,
		Start: func() {
			b.faded = 0
			for _, e := range evs {
				b.holes[e.To] = e.Count
				b.faded |= 1 << e.To
			}
			b.hand, b.handUp = 0, 0
			b.fade = 0
		},
		Run: func(t float64) {
			b.fade = t
			if t >= 1 {
				b.faded = 0
			}
		},
	})
}

func (b *sadeqaBoard) animWarana(q *stage.Queue, e rules.Event) {
	p, to := e.Player, e.To
	dur := sadeqaWaranaTime
	if b.env.Reduced {
		dur = sadeqaFadeTime
	}
	sounded := false
	q.Add(stage.Step{
		Dur: dur,
		Start: func() {
			b.owner[to] = p
			b.spear[to] = 0
			b.explained = false
			b.caption = say(b.env, p, "sadeqa.spears", b.holeOf(to))
		},
		Run: func(t float64) {
			if t < 1 && !sounded {
				sounded = true
				audio.Play(audio.Capture)
			}
			// The spear drops in with a little overshoot.
			b.spear[to] = math.Min(1, t*1.25) + 0.12*math.Sin(math.Min(1, t*1.25)*math.Pi)
			if t >= 1 {
				b.spear[to] = 1
			}
		},
	})
}

// captures is the caption of p's capture of n seeds from the other player's warana on hole
// from, said to whichever of the two is at the screen.
func (b *sadeqaBoard) captures(p, n, from int) string {
	seeds, hole := sadeqaSeedWord(n), b.holeOf(from)
	switch {
	case b.env.IsYou(p):
		return lang.T("sadeqa.captures.you", seeds, b.name(1-p), hole)
	case b.env.IsYou(1 - p):
		return lang.T("sadeqa.captures.fromyou", b.name(p), seeds, hole)
	}
	return lang.T("sadeqa.captures", b.name(p), seeds, b.name(1-p), hole)
}

// storeSpot is where the i-th captured seed lies in player p's dish, and its half length.
func (b *sadeqaBoard) storeSpot(p, i int) (x, y, r float64) {
	d := b.table.Stores[p&1]
	rows := 3
	in := sprites.Rect{X: d.X + d.H*0.45, Y: d.Y + d.H*0.18, W: d.W - d.H*0.9, H: d.H * 0.64}
	// The label takes the dish's left end.
	lw := b.labelW[p&1] + d.H*0.2
	in.X += lw
	in.W -= lw
	cols := (sadeqa.Seeds + rows - 1) / rows
	dx := in.W / float64(cols)
	dy := in.H / float64(rows)
	col, row := i/rows, i%rows
	r = math.Min(dx*0.62, dy*0.45)
	x = in.X + (float64(col)+0.5)*dx + (sadeqaHash(i, 21)-0.5)*dx*0.4
	y = in.Y + (float64(row)+0.5)*dy + (sadeqaHash(i, 22)-0.5)*dy*0.3
	return x, y, r
}

func (b *sadeqaBoard) animCapture(q *stage.Queue, e rules.Event) {
	p, from, n := e.Player, e.From, e.Count
	dur := sadeqaCaptureTime
	if b.env.Reduced {
		dur = sadeqaFadeTime
	}
	base := 0
	sounded := false
	q.Add(stage.Step{
		Dur: dur,
		Start: func() {
			base = b.captured[p]
			b.holes[from] = max(0, b.holes[from]-n)
			b.fly = b.fly[:0]
			c := b.cells[from].Center
			for k := 0; k < n; k++ {
				x, y, _ := b.storeSpot(p, base+k)
				from := sprites.Pt{X: c.X + float64(k)*b.hole*0.3 - b.hole*0.15*float64(n-1), Y: c.Y}
				b.fly = append(b.fly, sadeqaFly{from: from, to: sprites.Pt{X: x, Y: y}, x: from.X, y: from.Y, scale: 1})
			}
			b.explained = false
			b.caption = b.captures(p, n, from)
			sounded = false
		},
		Run: func(t float64) {
			if t >= 1 {
				b.captured[p] = base + n
				b.fly = b.fly[:0]
				return
			}
			if !sounded {
				sounded = true
				audio.Play(audio.Capture)
			}
			for k := range b.fly {
				f := &b.fly[k]
				_, _, sr := b.storeSpot(p, base+k)
				if b.env.Reduced {
					f.x, f.y, f.scale = f.to.X, f.to.Y, sr/(b.hole*0.21)
					continue
				}
				lift := math.Min(1, t/0.3)
				g := stage.Ease(math.Max(0, (t-0.3)/0.7))
				f.x = f.from.X + (f.to.X-f.from.X)*g
				f.y = f.from.Y + (f.to.Y-f.from.Y)*g - lift*b.hole*0.3*(1-g) - math.Sin(g*math.Pi)*b.hole*0.8
				f.scale = (1+0.5*lift)*(1-g) + g*sr/(b.hole*0.21)
			}
		},
	})
}

// animToast shows msg over the board for d seconds, fading in and out.
func (b *sadeqaBoard) animToast(q *stage.Queue, msg string, d float64) {
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

// Hits adds one target a hole: its column of the board on its own row's side, numbers and count
// included, so even a narrow phone gives a target taller than it is wide.
func (b *sadeqaBoard) Hits(h *ui.HitMap) {
	if b.table.Board == nil {
		return
	}
	br := b.table.Board.Rect
	if b.tall {
		// Upright: each hole's row of its own column, its name beside it included: a
		// target a touch tall and half the board wide.
		s1, s2, n1 := sadeqa.Hole(sadeqa.South, 1), sadeqa.Hole(sadeqa.South, 2), sadeqa.Hole(sadeqa.North, 1)
		mid := (b.cells[s1].Center.X + b.cells[n1].Center.X) / 2
		pitch := b.cells[s1].Center.Y - b.cells[s2].Center.Y
		for i, c := range b.cells {
			y := c.Center.Y - pitch/2
			if sadeqa.Place(i).Row == sadeqa.South {
				h.AddRect(ui.Rect{X: mid, Y: y, W: br.X + br.W + b.numW - mid, H: pitch}, ui.Target{Kind: "hole", N: i})
			} else {
				h.AddRect(ui.Rect{X: br.X - b.numW, Y: y, W: mid - br.X + b.numW, H: pitch}, ui.Target{Kind: "hole", N: i})
			}
		}
		return
	}
	s1, s2, n1 := sadeqa.Hole(sadeqa.South, 1), sadeqa.Hole(sadeqa.South, 2), sadeqa.Hole(sadeqa.North, 1)
	mid := (b.cells[s1].Center.Y + b.cells[n1].Center.Y) / 2
	numH := b.numH
	for i, c := range b.cells {
		w := b.cells[s2].Center.X - b.cells[s1].Center.X
		x := c.Center.X - w/2
		if sadeqa.Place(i).Row == sadeqa.South {
			h.AddRect(ui.Rect{X: x, Y: mid, W: w, H: br.Y + br.H - mid + numH}, ui.Target{Kind: "hole", N: i})
		} else {
			h.AddRect(ui.Rect{X: x, Y: br.Y - numH, W: w, H: mid - br.Y + numH}, ui.Target{Kind: "hole", N: i})
		}
	}
}

// Input sows from the tapped hole if it is a legal move; arrows move a cursor over the holes
// and enter (or space) sows from the hole under it.
func (b *sadeqaBoard) Input(in ui.Intent, s rules.State, legal []rules.Move) (rules.Move, bool) {
	st, ok := s.(*sadeqa.State)
	if !ok {
		return 0, false
	}
	if b.st == nil || !b.st.Equal(st) {
		b.Sync(st)
	}
	b.legal = append(b.legal[:0], legal...)
	switch in.Kind {
	case ui.Point:
		b.hover = -1
		if in.Target.Kind == "hole" {
			b.hover = in.Target.N
		}
	case ui.Tap:
		b.keys = false
		if in.Target.Kind != "hole" || in.Target.N < 0 || in.Target.N >= sadeqa.Holes {
			b.note = ""
			return 0, false
		}
		return b.choose(in.Target.N)
	case ui.Move:
		if !b.keys {
			b.keys = true
			return 0, false
		}
		// The board is drawn as South sees it (South's row at the bottom): up is toward
		// North's row. Upright, South's row runs up the right column and North's is at the
		// left: up is toward South's right, left toward North's row.
		dc, dr := in.DX, -in.DY
		if b.tall {
			dc, dr = -in.DY, -in.DX
		}
		if i, ok := sadeqa.Toward(b.cursor, dc, dr); ok {
			b.cursor = i
		}
	case ui.Activate:
		if !b.keys {
			b.keys = true
			return 0, false
		}
		return b.choose(b.cursor)
	case ui.Next, ui.Prev:
		// Tab walks the focus over the holes the player to move may sow from, left to right
		// as they lie on screen.
		b.keys = true
		b.cursor = b.cycle(in.Kind == ui.Next)
	case ui.Back:
		b.note = ""
	}
	return 0, false
}

// cycle is the next (or previous) hole on screen after the cursor that is a legal sowing.
func (b *sadeqaBoard) cycle(forward bool) int {
	at := 0
	for n, i := range sadeqaReading {
		if i == b.cursor {
			at = n
		}
	}
	for k := 1; k <= len(sadeqaReading); k++ {
		d := k
		if !forward {
			d = -k
		}
		i := sadeqaReading[((at+d)%len(sadeqaReading)+len(sadeqaReading))%len(sadeqaReading)]
		if b.legalHole(i) {
			return i
		}
	}
	return b.cursor
}

// sadeqaReading are the holes in the order they are read on screen: North's row (drawn on top,
// as South sees the board) left to right, then South's row left to right.
var sadeqaReading = func() (out [sadeqa.Holes]int) {
	n := 0
	for _, row := range []int{sadeqa.North, sadeqa.South} {
		for col := 0; col < sadeqa.RowHoles; col++ {
			out[n], _ = sadeqa.HoleAt(row, col)
			n++
		}
	}
	return out
}()

// choose sows from hole i if that is a legal move, and says why not otherwise.
func (b *sadeqaBoard) choose(i int) (rules.Move, bool) {
	st := b.st
	p := st.ToMove()
	mv, owner := sadeqa.Sow(i)
	if owner != p {
		b.note = say(b.env, 1-p, "sadeqa.note.row")
		return 0, false
	}
	if rules.Contains(b.legal, mv) {
		b.note = ""
		return mv, true
	}
	// The rules say why: a typed refusal.
	var r *sadeqa.Refusal
	if !errors.As(st.Clone().Apply(mv, nil), &r) {
		return 0, false
	}
	switch r.Why {
	case sadeqa.IsWarana:
		b.note = lang.T("sadeqa.note.warana", r.Hole)
	case sadeqa.Empty:
		b.note = lang.T("sadeqa.note.empty", r.Hole)
	default:
		b.note = lang.T("sadeqa.note.endless", r.Hole)
	}
	return 0, false
}

func (b *sadeqaBoard) color(p int) sprites.PlayerColor {
	if p >= 0 && p < len(b.env.Colors) {
		return b.env.Colors[p]
	}
	return sprites.Player(p)
}

// legalHole reports whether hole i is a legal move for the player to move now.
func (b *sadeqaBoard) legalHole(i int) bool {
	mv, owner := sadeqa.Sow(i)
	return b.st != nil && owner == b.st.ToMove() && rules.Contains(b.legal, mv)
}

// Draw draws the table, the seeds where the picture has them, the counts, the dishes, the hand
// of a sowing under way, the seeds in flight, the caption and any announcement. Everything but
// the seeds is a stamp (drawn once, then copied), so a frame allocates next to nothing.
func (b *sadeqaBoard) Draw(dst *ebiten.Image) {
	if len(b.cells) == 0 {
		return
	}
	b.table.Draw(dst)
	R := b.hole
	st := &b.stamps
	idle := !b.busy && b.st != nil && b.st.Phase() != rules.PhaseOver
	b.drawLabels(dst)
	tint, ring := st.disc(R*0.84), st.ring(R*0.86, math.Max(1.5, R*0.05))
	glow, hint, hintRing := st.disc(R*1.08), st.disc(R*0.95), st.ring(R, math.Max(2, R*0.09))
	for i, c := range b.cells {
		x, y := c.Center.X, c.Center.Y
		if o := b.owner[i]; o >= 0 {
			pc := b.color(o).Color
			st.draw(dst, tint, x, y+R*0.1, 1, 1, sprites.Fade(pc, 0.45))
			st.draw(dst, ring, x, y+R*0.05, 1, 1, sprites.Fade(sprites.Mix(pc, sprites.Ink, 0.3), 0.8))
		}
		if b.origins&(1<<i) != 0 {
			// The last turn sowed from here: a soft glow (hints are rings).
			st.draw(dst, glow, x, y, 1, 1, sprites.Fade(sprites.Saffron, 0.3))
		}
		if idle && b.hints && b.legalHole(i) {
			st.draw(dst, hint, x, y, 1, 1, sprites.Fade(sprites.Saffron, 0.16))
			st.draw(dst, hintRing, x, y, 1, 1, sprites.Saffron)
		}
		if idle && i == b.hover && b.legalHole(i) {
			st.draw(dst, hint, x, y, 1, 1, sprites.Fade(sprites.Chalk, 0.18))
		}
		alpha := 1.0
		if b.faded&(1<<i) != 0 {
			alpha = b.fade
		}
		b.drawPile(dst, x, y, R, b.holes[i], float64(i)*2.1, alpha)
	}
	for i, c := range b.cells {
		if o := b.owner[i]; o >= 0 {
			st.draw(dst, b.spearStamp(o), c.Center.X, c.Center.Y, b.spear[i], 1, white)
		}
	}
	b.drawCounts(dst)
	for p := range sadeqa.Players {
		for k := 0; k < b.captured[p]; k++ {
			x, y, r := b.storeSpot(p, k)
			b.seed.Draw(dst, &b.op, x, y, r, sadeqaHash(k, 23)*6.28, sadeqaHash(k, 24)*0.5, 1)
		}
	}
	if idle && b.keys {
		c := b.cells[b.cursor].Center
		st.draw(dst, st.ring(R*1.12, math.Max(2.5, R*0.1)), c.X, c.Y, 1, 1, sprites.Saffron)
	}
	if b.drop.on {
		d := b.drop
		t := d.t * d.t
		b.seed.Draw(dst, &b.op, d.from.X+(d.to.X-d.from.X)*t, d.from.Y+(d.to.Y-d.from.Y)*t, R*0.21, 1.1, 0.2, 1)
	}
	if b.hand > 0 {
		b.drawHand(dst)
	}
	b.drawCaption(dst)
	for _, f := range b.fly {
		b.seed.Draw(dst, &b.op, f.x, f.y, R*0.21*f.scale, 0.8, 0.1, 1)
	}
	if b.toast != "" && b.toastA > 0 {
		br := b.table.Board.Rect
		st.draw(dst, announcementStamp(st, b.m, br.W, br.H, b.toast), br.X+br.W/2, br.Y+br.H/2, 1, b.toastA, white)
	}
}

// spearStamp is the picture of player p's spear, centred on the hole it lies across.
func (b *sadeqaBoard) spearStamp(p int) *stamp {
	R := b.hole
	n := int(math.Ceil(R*3.2)) + 4
	pc := b.color(p)
	return b.stamps.get(stampKey{kind: stampSpear, c: pc.Color, w: n}, n, n, float64(n)/2, float64(n)/2, func(img *ebiten.Image) {
		sprites.DrawSpear(img, pc, float64(n)/2, float64(n)/2, R, 1)
	})
}

// drawPile draws n seeds in a hole of radius R at (x, y), the pattern turned by turn, at
// opacity alpha.
func (b *sadeqaBoard) drawPile(dst *ebiten.Image, x, y, R float64, n int, turn, alpha float64) {
	if n <= 0 {
		return
	}
	shown := min(n, sadeqaShown)
	sr := sadeqaSeedSize(shown) * R
	sn, cs := math.Sincos(turn)
	for k := shown - 1; k >= 0; k-- {
		s := sadeqaSpots[shown][k]
		dx, dy := s.x*cs-s.y*sn, s.x*sn+s.y*cs
		b.seed.Draw(dst, &b.op, x+dx*R, y+dy*R, sr, s.angle+turn, s.shade, alpha)
	}
}

// drawHand draws the seeds the sower holds, lifted above the holes, with how many there are and
// the lap under way.
func (b *sadeqaBoard) drawHand(dst *ebiten.Image) {
	R := b.hole
	st := &b.stamps
	up := b.handUp
	x, y := b.handAt.X, b.handAt.Y-R*0.2*up
	hr := R * 0.78
	// A cupped palm of light held over the holes, its shadow on the board.
	palm := st.disc(hr)
	st.draw(dst, palm, x+R*0.15*up, y+R*0.6*up+R*0.12, 1, 1, sprites.Fade(sprites.Ink, 0.25))
	st.draw(dst, palm, x, y, 1, 1, sprites.Fade(sprites.Mix(sprites.Chalk, sprites.Saffron, 0.25), 0.88))
	st.draw(dst, st.ring(hr, math.Max(1.5, R*0.07)), x, y, 1, 1, sprites.Saffron)
	b.drawPile(dst, x, y, hr*0.95, min(b.hand, 14), 0.5, 1)
	// How many seeds are in hand and the lap under way, on a tag above the hand.
	tag := b.tagStamp()
	w := float64(tag.img.Bounds().Dx())
	br := b.table.Board.Rect
	tx := math.Max(br.X, math.Min(x-w/2, br.X+br.W-w))
	st.draw(dst, tag, tx, y-hr-b.m.Pt(3), 1, 1, white)
}

// tagStamp is the hand's tag, "lap 3 · 12 seeds", anchored at its bottom left.
func (b *sadeqaBoard) tagStamp() *stamp {
	if b.tagFor != [2]int{b.lap, b.hand} || b.tagLang != lang.Current() {
		b.tagFor, b.tagLang = [2]int{b.lap, b.hand}, lang.Current()
		b.tag = lang.T("sadeqa.seeds.none")
		if b.hand > 0 { // the count standing alone: Arabic's nominative (بذرتان)
			b.tag = lang.N("sadeqa.tag.seeds", b.hand, b.hand)
		}
		if b.lap > 0 {
			b.tag = lang.T("sadeqa.tag.lap", sadeqaCount(b.lap), b.tag)
		}
	}
	m := b.m
	k := stampKey{kind: stampTag, text: b.tag}
	if s, ok := b.stamps.held(k); ok {
		return s
	}
	st := ui.SmallBold
	w := m.Measure(st, b.tag) + m.Pt(16)
	h := m.LineHeight(st)
	return b.stamps.get(k, int(math.Ceil(w)), int(math.Ceil(h)), 0, h, func(img *ebiten.Image) {
		sprites.Fill(img, sprites.RoundRect(0, 0, w, h, h/2), sprites.Fade(sprites.Ink, 0.85))
		m.Text(img, b.tag, st, w/2, 0, ui.Center, sprites.Chalk)
	})
}

// badgeStamp is a count's badge on background bg, anchored at its centre.
func (b *sadeqaBoard) badgeStamp(m ui.Metrics, n int, bg color.RGBA) *stamp {
	st := ui.SmallBold
	h := m.LineHeight(st) * 0.82
	k := stampKey{kind: stampBadge, text: sadeqaCount(n), c: bg, h: int(h * 4)}
	if s, ok := b.stamps.held(k); ok {
		return s
	}
	w := math.Max(h, m.Measure(st, k.text)+m.Pt(8))
	// The picture is as tall as the line's ink, which may pass the small pill.
	above, below := m.InkMargins(st, k.text)
	ink := m.LineHeight(st) + 2*math.Max(above, below)
	W, H := int(math.Ceil(w))+2, int(math.Ceil(math.Max(h, ink)))+2
	return b.stamps.get(k, W, H, float64(W)/2, float64(H)/2, func(img *ebiten.Image) {
		cy := float64(H) / 2
		sprites.Fill(img, sprites.RoundRect(1, cy-h/2, w, h, h/2), bg)
		m.Text(img, k.text, st, 1+w/2, cy-m.LineHeight(st)/2, ui.Center, sprites.Chalk)
	})
}

// drawCounts writes each hole's count on a small dark badge on the hole's outer side (in the
// owner's colour for a warana).
func (b *sadeqaBoard) drawCounts(dst *ebiten.Image) {
	m := b.m
	R := b.hole
	// On a small board the counts shrink so that they cover little of the seeds (upright,
	// they stand beside the holes and keep their size).
	if lh := m.LineHeight(ui.SmallBold) * 0.82; lh > R*0.62 && !b.tall {
		m.Unit *= R * 0.62 / lh
	}
	h := m.LineHeight(ui.SmallBold) * 0.82
	for i, c := range b.cells {
		x, y := c.Center.X, c.Center.Y+R*0.98-h*0.25
		row := sadeqa.Place(i).Row
		switch {
		case b.tall && row == sadeqa.South:
			x, y = c.Center.X+R*1.05, c.Center.Y+R*0.55 // South: at the right, low
		case b.tall:
			x, y = c.Center.X-R*1.05, c.Center.Y+R*0.55 // North: at the left
		case row == sadeqa.North:
			y = c.Center.Y - R*0.98 + h*0.25
		}
		bg := sprites.Fade(sprites.Ink, 0.72)
		if o := b.owner[i]; o >= 0 {
			bg = sprites.Mix(b.color(o).Color, sprites.Ink, 0.45)
		}
		b.stamps.draw(dst, b.badgeStamp(m, b.holes[i], bg), x, y, 1, 1, white)
	}
}

// drawLabels writes each hole's name (S1..S10 left to right under the board, N1..N10 right to
// left above it, each row numbered from its owner's left) and names the dishes with the scores.
func (b *sadeqaBoard) drawLabels(dst *ebiten.Image) {
	st := ui.Small
	m := b.m
	lh := m.LineHeight(st)
	br := b.table.Board.Rect
	dim := sprites.Fade(sprites.Mix(sprites.Wood, sprites.Ink, 0.5), 0.9)
	for i, c := range b.cells {
		x, y := c.Center.X, br.Y+br.H+(b.numH-lh)/2
		row := sadeqa.Place(i).Row
		switch {
		case b.tall && row == sadeqa.South:
			x, y = br.X+br.W+b.numW/2, c.Center.Y-lh/2 // South's names at the right
		case b.tall:
			x, y = br.X-b.numW/2, c.Center.Y-lh/2 // North's at the left
		case row == sadeqa.North:
			y = br.Y - b.numH + (b.numH-lh)/2
		}
		col := dim
		if b.toMove == row {
			col = sprites.Ink
		}
		b.stamps.text(dst, m, sadeqaHoleNames()[i], st, x, y, ui.Center, col)
	}
	sc := [2]int{b.captured[0], b.captured[1]}
	for i, o := range b.owner {
		if o >= 0 {
			sc[o] += b.holes[i]
		}
	}
	bold := m.LineHeight(ui.SmallBold)
	for p := range sadeqa.Players {
		d := b.table.Stores[p]
		x := d.X + d.H*0.45
		if p == b.toMove && (b.st == nil || b.st.Phase() != rules.PhaseOver) {
			g := d.H * 0.07
			b.stamps.draw(dst, b.stamps.outline(d.W+2*g, d.H+2*g, d.H*0.45+g, math.Max(2, d.H*0.05)), d.X-g, d.Y-g, 1, 1, sprites.Saffron)
		}
		two := b.dishTwoLines(d)
		top := d.Y + d.H/2 - bold
		if !two {
			top = d.Y + d.H/2 - bold/2
		}
		mr := math.Min(d.H*0.16, m.Pt(9))
		b.cache.draw(dst, b.color(p), x+mr, top+bold/2, mr, 1)
		b.stamps.text(dst, m, b.names[p], ui.SmallBold, x+mr*2.6, top, ui.Start, sprites.Chalk)
		if two {
			b.stamps.text(dst, m, b.scoreText(p, sc[p]), ui.Small, x, top+bold*0.95, ui.Start, sprites.Fade(sprites.Chalk, 0.85))
		}
	}
}

// storeLabelW is the width of the name and score at the left end of player p's dish: what they
// need, within a quarter to a half of the dish. It does not change with the score, so the seeds
// in the dish keep their places.
func (b *sadeqaBoard) storeLabelW(p int) float64 {
	d := b.table.Stores[p&1]
	in := d.W - d.H*0.9
	need := math.Max(b.m.Measure(ui.SmallBold, b.name(p))+b.m.Pt(24), b.m.Measure(ui.Small, lang.N("sadeqa.score.captured", sadeqa.Seeds, sadeqa.Seeds, sadeqa.Seeds)))
	return math.Max(in*0.25, math.Min(in*0.45, need))
}

// scoreText is player p's score line: the points, and how many of them are captured seeds. The
// text is kept until the numbers change, so drawing it allocates nothing.
func (b *sadeqaBoard) scoreText(p, score int) string {
	if b.scoreFor[p] != [2]int{score, b.captured[p]} || b.score[p] == "" || b.scoreLang != lang.Current() {
		b.scoreFor[p] = [2]int{score, b.captured[p]}
		b.scoreLang = lang.Current()
		switch {
		case score == b.captured[p]:
			b.score[p] = lang.N("sadeqa.score", score, score)
		case b.captured[p] == 0:
			b.score[p] = lang.N("sadeqa.score.waranas", score, score)
		default:
			b.score[p] = lang.N("sadeqa.score.captured", score, score, b.captured[p])
		}
	}
	return b.score[p]
}

// drawCaption writes the caption (or the feedback on a refused move) under the board.
func (b *sadeqaBoard) drawCaption(dst *ebiten.Image) {
	msg := b.caption
	ink := sprites.Ink
	if b.note != "" {
		msg, ink = b.note, sprites.Mix(sprites.Terracotta, sprites.Ink, 0.3)
	}
	if msg == "" {
		return
	}
	r := b.capR.Inset(b.capR.H * sadeqaCaptionInset)
	b.stamps.draw(dst, bannerStamp(&b.stamps, b.m, r.W, r.H, msg, ink), r.X, r.Y, 1, 1, white)
}
