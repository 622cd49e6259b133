package scenes

import (
	"fmt"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/match"
	"sig/rules"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

// replay is the replay viewer: a finished or imported game shown move by move on its own
// board, with the sticks' throws and the log. Step forward and back, play and pause, four
// speeds, and a scrubber to jump to any move; keys: ← → a move, Home End, Page Up/Down ten
// moves, space play, + − speed.
//
// It never works out rules: it replays the record once through rules.Match, keeping the
// position after every move and what each move reported (the events), and shows those.
type replay struct {
	base
	back    Scene
	g       *rules.Info
	players []player
	env     stage.Env
	brd     stage.Board
	laid    boardLaid // what brd was last laid out for
	arena   *stage.Arena
	q       stage.Queue

	states []rules.State // the position after k moves, k = 0…len(moves)
	moves  []replayMove
	k      int // the position shown
	log    []logLine

	playing   bool
	speed     int     // index into replaySpeeds
	wait      float64 // seconds before the next move while playing
	scrubbing bool    // a press on the scrubber is being dragged

	landscape                                          bool
	boardR, panel, headR, infoR, arenaR, scrubR, ctrlR ui.Rect
	logR                                               ui.Rect
}

// replayMove is one move of the record and what it did.
type replayMove struct {
	mv    rules.Move
	text  string // as the protocol spells it
	faces uint8  // for a throw: the sticks as they landed
	ev    rules.Events
	lines []logLine
}

// replaySpeeds are the viewer's speeds, times normal; replayGap is the pause between moves
// while playing, at normal speed.
var replaySpeeds = []float64{0.5, 1, 2, 4}

const replayGap = 0.45

// newReplay shows match from its start. players may be nil (an imported record): the seats
// are then "Player 1"… in the default colours. back is where Back leads.
func newReplay(m *Manager, g *rules.Info, rm *rules.Match, players []player, back Scene) *replay {
	n := rm.State.Players()
	if len(players) != n {
		players = make([]player, n)
		for i := range players {
			players[i] = player{Seat: Seat{Name: lang.T("saves.replay.player", i+1)}, Color: i % len(sprites.Players)}
		}
	}
	s := &replay{base: base{m: m}, back: back, g: g, players: players, speed: 1}
	s.env = envOf(g, players, m.settings.Reduced)
	s.brd, _ = stage.New(g.ID, &s.env)
	s.arena = stage.NewArena(g.Sticks, rm.Seed)

	// One pass through the match driver: the positions, the throws' faces, the events.
	s.states = append(s.states, g.NewState(n))
	_, err := match.Resume(g, seatsOf(players), 0, rm.Record(), func(p match.Played, after rules.State) {
		// The move is spelled in the position it was played in.
		rmv := replayMove{mv: p.Move, text: s.states[len(s.states)-1].FormatMove(p.Move), faces: p.Faces, ev: p.Events}
		rmv.lines = describe(g, &s.env, rmv.ev)
		s.moves = append(s.moves, rmv)
		s.states = append(s.states, after.Clone())
	})
	if err != nil {
		// rm played these very moves: not reached. Show what replayed.
		s.moves, s.states = s.moves[:0], s.states[:1]
	}
	s.brd.Sync(s.states[0])
	s.rebuildLog()
	s.menu.Add(&ui.Button{ID: "back", Label: lang.T("back"), Icon: ui.IconBack, Look: ui.Dark})
	s.menu.Add(&ui.Button{ID: "first", Label: lang.T("saves.replay.first"), Look: ui.Dark, Draw: transportFace(glyphFirst)})
	s.menu.Add(&ui.Button{ID: "prev", Label: lang.T("saves.replay.back"), Look: ui.Dark, Draw: transportFace(glyphPrev)})
	s.menu.Add(&ui.Button{ID: "play", Label: lang.T("saves.replay.play"), Look: ui.Primary, Draw: transportFace(glyphPlay)})
	s.menu.Add(&ui.Button{ID: "next", Label: lang.T("saves.replay.forward"), Look: ui.Dark, Draw: transportFace(glyphNext)})
	s.menu.Add(&ui.Button{ID: "last", Label: lang.T("saves.replay.last"), Look: ui.Dark, Draw: transportFace(glyphLast)})
	s.menu.Add(&ui.Button{ID: "speed", Look: ui.Dark})
	s.menu.FocusID("play")
	s.refresh()
	return s
}

func (s *replay) Name() string { return "replay" }

// name gives the seats the names a record keeps (none: they stay "Player 1"…). A name that is
// one of the languages' word for "you" (the person who exported the record, unnamed) is "you"
// again, said in the language of the moment.
func (s *replay) name(names []string) {
	if len(names) != len(s.players) {
		return
	}
	for i, n := range names {
		s.players[i].Name, s.env.Names[i] = n, n
		for _, l := range lang.All {
			if n == lang.In(l.Code, "log.you") {
				s.env.You[i], s.env.Names[i] = true, lang.T("log.you")
			}
		}
	}
}

// Position is the number of moves shown played, and Len the record's (for tests).
func (s *replay) Position() int { return s.k }
func (s *replay) Len() int      { return len(s.moves) }

// State is the position shown.
func (s *replay) State() rules.State { return s.states[s.k] }

// Animating reports whether the screen changes by itself: a move animating, or playing.
func (s *replay) Animating() bool { return s.q.Busy() || s.playing }

func (s *replay) Layout(mt ui.Metrics) {
	s.mt = mt
	scr := mt.Screen().Inset(mt.Pt(12))
	gap := mt.Pt(12)
	s.landscape = mt.W >= mt.H
	var b ui.Rect
	if s.landscape {
		pw := math.Max(mt.Pt(320), math.Min(mt.Pt(440), scr.W*0.34))
		pw = math.Min(pw, scr.W*0.6)
		s.panel, b = scr.CutRight(pw)
		b.W -= gap
	} else {
		sheet := math.Max(math.Min(mt.Pt(360), scr.H*0.6), scr.H-scr.W-gap)
		s.panel, b = scr.CutBottom(sheet)
		b.H -= gap
	}
	side := math.Max(0, math.Min(b.W, b.H))
	s.boardR = ui.Rect{X: b.X + (b.W-side)/2, Y: b.Y + (b.H-side)/2, W: side, H: side}
	s.laid.layout(s.brd, &s.env, mt, s.boardR)

	in := s.panel.Inset(mt.Pt(12))
	var r ui.Rect
	s.headR, r = in.CutTop(mt.Pt(44))
	_, r = r.CutTop(mt.Pt(8))
	// The card of the move shown: its number, and what the move did on as many lines as the
	// longest of this game's moves takes (never a line dropped), with Naskh's dots.
	_, below := mt.LineMargins(ui.Small)
	lines := max(2, s.infoLines(in.W-mt.Pt(58)))
	s.infoR, r = r.CutTop(mt.LineHeight(ui.Heading) + mt.LineHeight(ui.Small)*float64(lines) + below + mt.Pt(4))
	arenaH := 0.0
	if s.g.Sticks != rules.NoSticks {
		arenaH = math.Min(mt.Pt(90), math.Max(0, r.H-mt.Pt(200)))
	}
	s.arenaR, r = r.CutTop(arenaH)
	if arenaH < mt.Pt(40) {
		s.arenaR = ui.Rect{}
	}
	s.arena.Rect = s.arenaR
	_, r = r.CutTop(mt.Pt(8))
	s.scrubR, r = r.CutTop(mt.Pt(36))
	_, r = r.CutTop(mt.Pt(8))
	// The speed's button holds its name and the keys under it, at the chosen text size.
	speedH := math.Max(mt.Pt(40), mt.LineHeight(ui.BodyBold)+mt.LineHeight(ui.Small)+mt.Pt(4))
	s.ctrlR, r = r.CutTop(mt.Pt(48) + speedH + mt.Pt(8))
	_, r = r.CutTop(mt.Pt(8))
	s.logR = r

	head := s.menu.Get("back")
	head.Rect = ui.Rect{X: s.headR.X, Y: s.headR.Y, W: math.Min(s.headR.W*0.45, mt.Pt(44)+mt.Measure(ui.BodyBold, head.Label)+mt.Pt(24)), H: s.headR.H}
	row1, row2 := s.ctrlR.CutTop(mt.Pt(44))
	_, row2 = row2.CutTop(mt.Pt(4))
	cols := row1.Columns(5, mt.Pt(6))
	for i, id := range []string{"first", "prev", "play", "next", "last"} {
		s.menu.Get(id).Rect = cols[i]
	}
	s.menu.Get("speed").Rect = ui.Rect{X: row2.X, Y: row2.Y + mt.RingOut(), W: row2.W, H: speedH}
	s.rehit()
}

// infoLines is how many lines, w wide, the longest of what the card may say under the move's
// number takes: the start, and each move in words (the last with the game's end).
func (s *replay) infoLines(w float64) int {
	mt := s.mt
	n := len(mt.Wrap(lang.T("saves.replay.startpos"), ui.Small, w))
	for k, mv := range s.moves {
		sub := mv.text
		if len(mv.lines) > 0 {
			sub = mv.lines[0].Text()
		}
		if k == len(s.moves)-1 {
			sub += " · " + lang.T("saves.replay.end")
		}
		n = max(n, len(mt.Wrap(sub, ui.Small, w)))
	}
	return n
}

func (s *replay) rehit() {
	s.hits.Reset()
	s.hits.AddRect(s.scrubR, ui.Target{Kind: "scrub"})
	s.menu.AddHits(&s.hits)
}

// refresh updates the buttons that show the state: play or pause, the speed, the ends.
func (s *replay) refresh() {
	p := s.menu.Get("play")
	if s.playing {
		p.Label, p.Draw = lang.T("saves.replay.pause"), transportFace(glyphPause)
	} else {
		p.Label, p.Draw = lang.T("saves.replay.play"), transportFace(glyphPlay)
	}
	p.Disabled = len(s.moves) == 0
	s.menu.Get("first").Disabled = s.k == 0
	s.menu.Get("prev").Disabled = s.k == 0
	s.menu.Get("next").Disabled = s.k == len(s.moves)
	s.menu.Get("last").Disabled = s.k == len(s.moves)
	s.menu.Get("speed").Label = lang.T("saves.replay.speed", strconv.FormatFloat(replaySpeeds[s.speed], 'g', -1, 64))
	s.menu.Get("speed").Sub = "+ / -"
}

// forward plays the next move with its animation.
func (s *replay) forward() {
	if s.k >= len(s.moves) {
		s.playing = false
		return
	}
	s.q.Finish()
	s.brd.Sync(s.states[s.k])
	mv := s.moves[s.k]
	if mv.mv.IsThrow() && s.arenaR.W > 0 {
		sound := audio.Clatter4
		if s.g.Sticks == rules.SixPolishedRough {
			sound = audio.Clatter6
		}
		s.arena.Throw(&s.q, mv.faces, throwTime, func() { audio.Play(sound) })
	}
	s.brd.Animate(&s.q, s.states[s.k], s.states[s.k+1], mv.ev)
	s.k++
	s.log = append(s.log, mv.lines...)
	s.trimLog()
	s.wait = replayGap
	if s.k == len(s.moves) {
		s.playing = false
	}
}

// jump shows the position after n moves at once, without animation.
func (s *replay) jump(n int) {
	n = max(0, min(len(s.moves), n))
	s.q.Clear()
	s.k = n
	// The sticks show the last throw played up to here, or lie neatly before the first.
	s.arena.Unthrow()
	for i := n - 1; i >= 0; i-- {
		if s.moves[i].mv.IsThrow() {
			s.arena.Rest(s.moves[i].faces)
			break
		}
	}
	s.brd.Sync(s.states[n])
	s.rebuildLog()
	if n == len(s.moves) {
		s.playing = false
	}
}

func (s *replay) rebuildLog() {
	s.log = s.log[:0]
	for i := max(0, s.k-30); i < s.k; i++ {
		s.log = append(s.log, s.moves[i].lines...)
	}
	s.trimLog()
}

func (s *replay) trimLog() {
	if len(s.log) > 60 {
		s.log = append(s.log[:0], s.log[len(s.log)-60:]...)
	}
}

// scrubTo jumps to the move under x on the scrubber.
func (s *replay) scrubTo(x float64) {
	if s.scrubR.W <= 0 {
		return
	}
	tr := s.track()
	f := (x - tr.X) / tr.W
	n := int(math.Round(math.Max(0, math.Min(1, f)) * float64(len(s.moves))))
	if n != s.k {
		s.jump(n)
	}
}

func (s *replay) Update(in []ui.Intent) {
	s.env.Reduced = s.m.settings.Reduced
	scrolled := false
	for _, it := range in {
		switch it.Kind {
		case ui.Back:
			s.leave()
			return
		case ui.Move:
			if it.DX != 0 {
				// Like the scrubber and the transport buttons, the arrows keep time running left
				// to right in every language, as media controls do.
				dx := it.DX
				s.playing = false
				if dx > 0 {
					s.forward()
				} else {
					s.jump(s.k - 1)
				}
				continue
			}
		case ui.Scroll:
			switch {
			case math.IsInf(it.Scroll, -1):
				s.playing = false
				s.jump(0)
				continue
			case math.IsInf(it.Scroll, 1):
				s.jump(len(s.moves))
				continue
			case it.DY != 0: // Page Up, Page Down
				s.playing = false
				s.jump(s.k + 10*it.DY)
				continue
			case s.scrubbing:
				scrolled = true
				s.scrubTo(it.X)
				continue
			}
		case ui.Point:
			if it.Target.Kind == "scrub" && it.Down {
				s.scrubbing, s.playing = true, false
				s.scrubTo(it.X)
			}
		case ui.Tap:
			if it.Target.Kind == "scrub" {
				s.playing = false
				s.scrubTo(it.X)
				s.scrubbing = false
				continue
			}
		case ui.Activate:
			if it.Rune == ' ' {
				s.toggle()
				continue
			}
		case ui.Key:
			switch it.Rune {
			case '+', '=':
				s.speed = min(len(replaySpeeds)-1, s.speed+1)
			case '-', '_':
				s.speed = max(0, s.speed-1)
			}
			continue
		}
		id := s.menu.Handle(it)
		if id == "" {
			continue
		}
		click()
		switch id {
		case "back":
			s.leave()
			return
		case "first":
			s.playing = false
			s.jump(0)
		case "prev":
			s.playing = false
			s.jump(s.k - 1)
		case "play":
			s.toggle()
		case "next":
			s.playing = false
			s.forward()
		case "last":
			s.jump(len(s.moves))
		case "speed":
			s.speed = (s.speed + 1) % len(replaySpeeds)
		}
	}
	if !scrolled {
		for _, it := range in {
			if it.Kind == ui.Point && !it.Down {
				s.scrubbing = false
			}
		}
	}
	s.advance()
	s.refresh()
	s.menu.Fix()
}

// toggle plays or pauses; playing at the end starts again from the beginning.
func (s *replay) toggle() {
	if len(s.moves) == 0 {
		return
	}
	s.playing = !s.playing
	if s.playing && s.k == len(s.moves) {
		s.jump(0)
		s.playing = true
	}
	s.wait = 0
}

func (s *replay) advance() {
	sp := replaySpeeds[s.speed]
	if s.q.Busy() {
		if f := s.m.settings.Speed.Factor(); f > 0 {
			s.q.Advance(tick * f * sp)
		} else {
			s.q.Finish()
		}
		if !s.q.Busy() {
			s.brd.Sync(s.states[s.k])
		}
		return
	}
	if s.playing {
		s.wait -= tick * sp
		if s.wait <= 0 {
			s.forward()
		}
	}
}

func (s *replay) leave() {
	s.q.Clear()
	s.m.Goto(s.back)
}

func (s *replay) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.brd.Draw(dst)
	ui.WoodPanel(dst, mt, s.panel)

	// The heading: whose game, and where in it.
	back := s.menu.Get("back")
	tx := back.Rect.Right() + mt.Pt(10)
	mt.Text(dst, mt.Ellipsize(lang.T("saves.replay.title", s.g.Name), ui.BodyBold, s.headR.Right()-tx), ui.BodyBold, tx, s.headR.CY()-mt.LineHeight(ui.BodyBold)/2, ui.Start, sprites.Chalk)

	r := s.infoR
	ui.Fill(dst, r, mt.Pt(12), 0, sprites.Fade(sprites.Chalk, 0.92))
	title := lang.T("saves.replay.move", s.k, len(s.moves))
	sub := lang.T("saves.replay.startpos")
	x := r.X + mt.Pt(14)
	if s.k > 0 {
		mv := s.moves[s.k-1]
		who := s.states[s.k-1].ToMove()
		if who >= 0 && who < len(s.players) {
			sprites.DrawPiece(dst, sprites.Players[s.players[who].Color%len(sprites.Players)], r.X+mt.Pt(26), r.CY(), mt.Pt(14), 0)
			x = r.X + mt.Pt(50)
		}
		sub = mv.text
		if len(mv.lines) > 0 {
			sub = mv.lines[0].Text() // what the move did, in words
		}
	}
	if s.k == len(s.moves) && s.states[s.k].Phase() == rules.PhaseOver {
		sub += " · " + lang.T("saves.replay.end")
	}
	w := r.Right() - x - mt.Pt(8)
	top := r.Y + mt.Pt(8)
	mt.Text(dst, mt.Ellipsize(title, ui.Heading, w), ui.Heading, x, top, ui.Start, sprites.Ink)
	lines := mt.Wrap(sub, ui.Small, w)
	for i, l := range lines {
		mt.Text(dst, l, ui.Small, x, top+mt.LineHeight(ui.Heading)+float64(i)*mt.LineHeight(ui.Small), ui.Start, sprites.Wood)
	}
	if s.arenaR.W > 0 {
		s.arena.Draw(dst, mt)
	}
	s.drawScrubber(dst)
	s.menu.Draw(dst, mt)
	s.drawLog(dst)
	if help := s.keyHelp(); s.logR.H > mt.LineHeight(ui.Small)*float64(len(help)+1) {
		y := s.logR.Bottom() - float64(len(help))*mt.LineHeight(ui.Small)
		for _, l := range help {
			mt.Text(dst, l, ui.Small, s.logR.CX(), y, ui.Center, sprites.Fade(sprites.Sand, 0.8))
			y += mt.LineHeight(ui.Small)
		}
	}
}

// drawScrubber draws the track, the part played and the knob; while it is dragged, the move
// number over the knob.
func (s *replay) drawScrubber(dst *ebiten.Image) {
	mt := s.mt
	r := s.scrubR
	if r.W <= 0 {
		return
	}
	cy := r.CY()
	th := mt.Pt(8)
	// Each part from a picture (ui.Fill): the track, the part played and the knob (a
	// terracotta disc under a chalk one: its ring). The track is the knob's travel, so the
	// knob at either end stays within the scrubber.
	tr := s.track()
	ui.Fill(dst, ui.Rect{X: tr.X, Y: cy - th/2, W: tr.W, H: th}, th/2, 0, sprites.Mix(sprites.DarkWood, sprites.Ink, 0.3))
	knob := s.knob()
	kx := knob.CX()
	ui.Fill(dst, ui.Rect{X: tr.X, Y: cy - th/2, W: kx - tr.X, H: th}, th/2, 0, sprites.Saffron)
	ui.Fill(dst, knob, knob.W/2, 0, sprites.Terracotta)
	kr := mt.Pt(10)
	ui.Fill(dst, ui.Rect{X: kx, Y: cy}.Inset(-kr), kr, 0, sprites.Chalk)
	if s.scrubbing {
		label := fmt.Sprint(s.k)
		mt.Text(dst, label, ui.SmallBold, kx, r.Y-mt.LineHeight(ui.SmallBold)+mt.Pt(2), ui.Center, sprites.Chalk)
	}
}

// knobR is the scrubber knob's radius.
const knobR = 12

// track is the line the knob's centre travels on the scrubber: inset by the knob's radius,
// so that the knob lies inside the scrubber at both ends.
func (s *replay) track() ui.Rect {
	in := s.mt.Pt(knobR)
	return ui.Rect{X: s.scrubR.X + in, Y: s.scrubR.Y, W: math.Max(1, s.scrubR.W-2*in), H: s.scrubR.H}
}

// knob is the scrubber knob's box at the move shown.
func (s *replay) knob() ui.Rect {
	tr := s.track()
	f := 0.0
	if n := len(s.moves); n > 0 {
		f = float64(s.k) / float64(n)
	}
	return ui.Rect{X: tr.X + f*tr.W, Y: tr.CY()}.Inset(-s.mt.Pt(knobR))
}

// keyHelp is the line of keys under the log, wrapped.
func (s *replay) keyHelp() []string {
	// All of it, however many lines it takes (the log above gives way).
	return s.mt.Wrap(lang.T("saves.replay.keys"), ui.Small, s.logR.W)
}

// drawLog draws the last lines of the log that fit, newest at the bottom, above the key help.
func (s *replay) drawLog(dst *ebiten.Image) {
	mt := s.mt
	r := s.logR
	lh := mt.LineHeight(ui.Small)
	r.H -= lh * (float64(len(s.keyHelp())) + 0.5)
	n := int(r.H / lh)
	if n <= 0 {
		return
	}
	// The player's piece, then the line (wrapped, never cut): from the right for a
	// right-to-left reader.
	dot := mt.Flip(ui.Rect{X: r.X, W: mt.Pt(14)}, r)
	words := mt.Flip(ui.Rect{X: r.X + mt.Pt(18), W: r.W - mt.Pt(18)}, r)
	rows := logRows(mt, s.log, words.W, n)
	if len(rows) == 0 {
		return
	}
	start := rows[0].entry
	y := r.Bottom() - float64(len(rows))*lh
	for _, row := range rows {
		l := s.log[row.entry]
		if l.Player >= 0 && l.Player < len(s.players) && row.first {
			sprites.DrawPiece(dst, sprites.Players[s.players[l.Player].Color%len(sprites.Players)], dot.CX(), y+lh/2, mt.Pt(7), 0)
		}
		alpha := 0.55 + 0.45*float64(row.entry-start+1)/float64(len(s.log)-start)
		mt.TextStart(dst, row.text, ui.Small, words, y, sprites.Fade(sprites.Chalk, alpha))
		y += lh
	}
}

// The transport buttons' glyphs.
type glyph uint8

const (
	glyphFirst glyph = iota
	glyphPrev
	glyphPlay
	glyphPause
	glyphNext
	glyphLast
)

// transportFace draws a dark button with the glyph g in place of its label (the label stays,
// for tests and for anything that reads buttons by their words).
func transportFace(g glyph) func(dst *ebiten.Image, m ui.Metrics, b *ui.Button, hot bool) {
	return func(dst *ebiten.Image, m ui.Metrics, b *ui.Button, hot bool) {
		face := *b
		face.Label, face.Sub, face.Draw = "", "", nil
		ui.DrawButton(dst, m, &face, hot, false)
		ink := sprites.Chalk
		if b.Disabled {
			ink = sprites.Fade(sprites.Sand, 0.5)
		}
		cx, cy, r := b.Rect.CX(), b.Rect.CY(), math.Min(b.Rect.H, b.Rect.W)*0.22
		dir := 1.0 // time runs left to right on media controls, in every language
		// From pictures (ui.Fill), as the scrubber.
		tri := func(x float64, d float64) {
			ui.Fill(dst, ui.Rect{X: x - r*0.8, Y: cy - r, W: r * 1.6, H: 2 * r}, 0, d, ink)
		}
		bar := func(x float64) {
			ui.Fill(dst, ui.Rect{X: x - r*0.18, Y: cy - r, W: r * 0.36, H: 2 * r}, r*0.1, 0, ink)
		}
		switch g {
		case glyphPlay:
			tri(cx+dir*r*0.15, dir)
		case glyphPause:
			bar(cx - r*0.4)
			bar(cx + r*0.4)
		case glyphNext:
			tri(cx-dir*r*0.2, dir)
			bar(cx + dir*r*0.75)
		case glyphPrev:
			tri(cx+dir*r*0.2, -dir)
			bar(cx - dir*r*0.75)
		case glyphLast:
			tri(cx-dir*r*0.9, dir)
			tri(cx+dir*r*0.45, dir)
			bar(cx + dir*r*1.35)
		case glyphFirst:
			tri(cx+dir*r*0.9, -dir)
			tri(cx-dir*r*0.45, -dir)
			bar(cx - dir*r*1.35)
		}
	}
}
