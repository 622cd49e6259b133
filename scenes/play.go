package scenes

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/match"
	"sig/rules"
	_ "sig/scenes/boards" // registers the five games' boards
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

// play hosts a match: the game's board (package stage), the side panel (whose turn, the sticks
// arena, the log, pause, undo and hints), the computer seats, and the way to the results.
//
// The rules apply at once; the board and the arena turn what happened into animation steps,
// which this scene drains tick by tick. It reads moves from people only while the queue is
// empty; a tap or space during an animation finishes it.
type play struct {
	base
	g       *rules.Info
	players []player
	d       *match.Driver // the match: seats, undo, the computer's thinking, the autosave hook
	env     stage.Env
	brd     stage.Board
	laid    boardLaid // what brd was last laid out for
	picker  stage.Picker
	q       stage.Queue
	arena   *stage.Arena
	legal   []rules.Move
	log     []logLine
	logVer  int  // counts the log's changes: its picture is painted again when it moves on
	changes int  // counts the changes to the position shown (see Changes)
	dirty   bool // the board must be synced to the match when the queue drains
	// thrown is the throw the sticks show, for their caption (said in the language of the
	// moment); nil before the first throw.
	thrown *match.Played
	note   string // a refused move's reason
	// turnFor is the note the panel was divided for: a new note may need more lines.
	turnFor string
	acting  int // the player whose move is being shown (the turn card names them meanwhile)
	// warmedAt is the frame (the manager's count) in which a picture was last painted ahead.
	warmedAt int

	// net is the online match's part (nil for a match at this screen only).
	net *netPlay

	saveFailed bool   // the autosave failed once (said once on the turn card)
	saveNote   string // that failure, for the turn card once the move is shown
	toolNames  bool   // the toolbar's names are written under its icons (a narrow panel)

	pace     thinkPacer // how long a computer seat thinks each tick
	compWait float64
	overWait float64
	page     int  // which page of the move list is shown
	resulted bool // the results are on screen over the match (the turn card no longer announces them)

	// The log and the turn card are painted once per change, not once per frame (their
	// lines and pieces are pictures of ui.Pictures).
	logPic  ui.Picture[logKeyVer]
	turnPic ui.Picture[turnKey]

	landscape                                               bool
	boardR, panel, topR, turnR, arenaR, actRoom, actR, logR ui.Rect
	capY                                                    float64
}

// Timings at normal speed.
const (
	throwTime    = 1.0 // the sticks in the air
	computerWait = 0.6 // before a computer seat acts
	resultsWait  = 1.0 // between the last move and the results
)

// newPlay starts a match of g between players, seeded by seed.
func newPlay(m *Manager, g *rules.Info, players []player, seed int64) *play {
	d, err := match.New(g, seatsOf(players), seed)
	note := ""
	if err != nil {
		// The setup and the flags keep the count in range; this is a defect, shown in the
		// player's words, not a crash (the error goes to the log).
		note = failed("play.seats.refused", err)
		players = playersFrom(make([]Seat, g.DefaultPlayers))
		d, _ = match.New(g, seatsOf(players), seed)
	}
	s := playing(m, players, d)
	s.note = note
	name := words(func() string { return gameName(g) })
	first := logKey(0, "play.begins", name, words(func() string { return s.env.Names[0] }))
	if s.env.IsYou(0) {
		first = logKey(0, "play.begins.you", name)
	}
	s.addLog(first)
	return s
}

// envOf is what the boards of g are told of players: their colours and names, who is decided
// here, and who is "you".
func envOf(g *rules.Info, players []player, reduced bool) stage.Env {
	env := stage.Env{Game: g, Reduced: reduced, Names: seatNames(players)}
	you := youOf(players)
	for i, p := range players {
		env.Colors = append(env.Colors, sprites.Players[p.Color%len(sprites.Players)])
		env.Here = append(env.Here, p.here())
		env.You = append(env.You, i == you)
	}
	return env
}

// seatsOf are the match's seats of players.
func seatsOf(players []player) []match.Seat {
	seats := make([]match.Seat, len(players))
	for i, p := range players {
		seats[i] = p.who()
	}
	return seats
}

// playing is the play scene of the match d between players, shown at rest.
func playing(m *Manager, players []player, d *match.Driver) *play {
	g := d.Game()
	s := &play{base: base{m: m}, g: g, players: players, d: d}
	s.env = envOf(g, players, m.settings.Reduced)
	if b, ok := stage.New(g.ID, &s.env); ok {
		s.brd = b
		s.picker, _ = b.(stage.Picker)
	}
	s.arena = stage.NewArena(g.Sticks, d.Seed())
	d.Changed = s.autosave
	s.brd.Sync(d.State())
	s.refresh()
	return s
}

func (s *play) Name() string { return "play" }

// State is the match's current state (for tests).
func (s *play) State() rules.State { return s.d.State() }

// Busy reports whether an animation is playing.
func (s *play) Busy() bool { return s.q.Busy() }

// Animating reports whether the screen changes by itself now: an animation plays, the
// results are coming, or the board has a motion of its own (a board may implement Animating
// too). A computer thinking changes nothing on screen: those frames are not painted again,
// which leaves the frame's time to the search (in the browser it shares the one thread);
// its move, when it comes, is a change (Changes).
func (s *play) Animating() bool {
	if s.q.Busy() || s.dirty || s.d.Over() || s.net != nil && s.net.animating() {
		return true
	}
	a, ok := s.brd.(interface{ Animating() bool })
	return ok && a.Animating()
}

// addLog adds lines to the log, keeping the last 40.
func (s *play) addLog(lines ...logLine) {
	s.log = append(s.log, lines...)
	if len(s.log) > 40 {
		s.log = s.log[len(s.log)-40:]
	}
	s.logVer++
}

// Changes counts the changes of the position shown (a move applied, an undo, the board synced
// after an animation): the manager paints a frame whenever it moves on, though nothing is
// animating.
func (s *play) Changes() int { return s.changes }

func (s *play) Layout(mt ui.Metrics) {
	s.mt = mt
	// The language, the text size or the scale may have changed with the same rectangles: the
	// seats' default names are said in the language of the moment.
	s.env.Names = seatNames(s.players)
	s.logPic.Release()
	s.turnPic.Release()
	scr := mt.Screen().Inset(mt.Pt(12))
	gap := mt.Pt(12)
	s.landscape = mt.W >= mt.H
	if s.landscape {
		pw := math.Max(mt.Pt(300), math.Min(mt.Pt(440), scr.W*0.32))
		pw = math.Min(pw, scr.W*0.6)
		var b ui.Rect
		s.panel, b = scr.CutRight(pw)
		b.W -= gap
		side := math.Max(0, math.Min(b.W, b.H))
		s.boardR = ui.Rect{X: b.X + (b.W-side)/2, Y: b.Y + (b.H-side)/2, W: side, H: side}
	} else {
		sheet := math.Max(math.Min(mt.Pt(330), scr.H*0.6), scr.H-scr.W-gap)
		var b ui.Rect
		s.panel, b = scr.CutBottom(sheet)
		b.H -= gap
		side := math.Max(0, math.Min(b.W, b.H))
		s.boardR = ui.Rect{X: b.X + (b.W-side)/2, Y: b.Y + (b.H-side)/2, W: side, H: side}
		if up, ok := s.brd.(stage.Upright); ok {
			// A board that stands upright on a phone takes the height it asks for; the sheet
			// under it keeps what it needs and no more.
			h := math.Min(up.UprightHeight(mt, scr.W), scr.H-gap-s.sheetMin())
			if h > scr.W {
				s.panel, s.boardR = scr.CutBottom(scr.H - h - gap)
				s.boardR.H = h
			}
		}
	}
	s.laid.layout(s.brd, &s.env, mt, s.boardR)
	s.sections()
	s.refresh()
}

// sheetMin is the least height of the panel under the board on a phone held upright: the
// toolbar with its names, the turn card at its smallest, the sticks and their caption, the
// action area where the panel offers moves or a throw; the log takes what is left.
func (s *play) sheetMin() float64 {
	mt := s.mt
	pad, gap, lh := mt.Pt(10), mt.Pt(10), mt.LineHeight(ui.Small)
	above, below := mt.LineMargins(ui.Small)
	h := 2*pad + mt.Pt(44) + mt.RingOut() + above + lh + below
	h += gap + math.Max(mt.Pt(50), mt.LineHeight(ui.Heading)+lh+below)
	sticks := s.g.Sticks != rules.NoSticks
	if sticks {
		_, capBelow := mt.LineMargins(ui.SmallBold)
		h += gap + mt.Pt(44) + mt.Pt(3) + mt.LineHeight(ui.SmallBold) + capBelow + mt.RingOut() + mt.Pt(2)
	}
	if _, picks := s.brd.(stage.Picker); !picks || sticks {
		h += gap + s.throwH()
	}
	return h // the panel's margin under the turn card: nothing more below it
}

// throwH is the throw button's height: 52 points, or its name and the key under it at the
// chosen text size, Naskh's marks included.
func (s *play) throwH() float64 {
	mt := s.mt
	above, _ := mt.LineMargins(ui.BodyBold)
	_, below := mt.LineMargins(ui.Small)
	return math.Max(mt.Pt(52), mt.LineHeight(ui.BodyBold)+mt.LineHeight(ui.Small)+above+below+mt.Pt(6))
}

// sections divides the panel: the top buttons, whose turn, the sticks arena and its caption,
// the action area (the throw button or the moves) and the log. On a short panel the arena and
// the turn card shrink and the log goes before any button would leave the screen.
func (s *play) sections() {
	mt := s.mt
	pad := mt.Pt(14)
	if s.panel.H < mt.Pt(400) {
		pad = mt.Pt(10)
	}
	in := s.panel.Inset(pad)
	gap := mt.Pt(10)
	// The turn card holds a heading and a line under it, at the chosen text size, with room
	// for Naskh's dots below the line.
	_, below := mt.LineMargins(ui.Small)
	topH, turnH := mt.Pt(48), math.Max(mt.Pt(64), mt.LineHeight(ui.Heading)+mt.LineHeight(ui.Small)+below+mt.Pt(6))
	// Pause, undo and hints: their names beside their icons where the columns are wide enough,
	// else under them, in a line of their own.
	// (A name that would fit its button only cut, in a longer language or larger text, goes
	// under it too: the button's own label shortens no further than the small type.)
	col := (in.W - 2*gap) / 3
	s.toolNames = col < mt.Pt(116)
	for _, id := range s.tools() {
		s.toolNames = s.toolNames || mt.Measure(ui.SmallBold, toolName(id)) > col-mt.Pt(50)
	}
	if s.toolNames {
		_, nameBelow := mt.LineMargins(ui.Small)
		nameAbove, _ := mt.LineMargins(ui.Small)
		topH = mt.Pt(44) + mt.RingOut() + nameAbove + mt.LineHeight(ui.Small) + nameBelow
	}
	arenaH, capH := 0.0, 0.0
	if s.g.Sticks != rules.NoSticks {
		// The caption under the sticks: its line, the ink below it (Naskh's dots), and the
		// reach of the focus ring of the throw button under it, which must not cross it.
		_, capBelow := mt.LineMargins(ui.SmallBold)
		arenaH, capH = mt.Pt(96), mt.Pt(3)+mt.LineHeight(ui.SmallBold)+capBelow+mt.RingOut()+mt.Pt(2)
	}
	actMin, logMin := s.throwH(), mt.LineHeight(ui.Small)*3+gap
	fixed := func() float64 { return topH + turnH + arenaH + capH + actMin + 3*gap + logMin }
	// The lines under the name: as many as the longest of what the card may say in this game
	// needs (a computer's level and what it does, a note, in a longer language or larger
	// text), and a second one where the panel has room for it; the log gives up its room
	// before what is due now is cut.
	need := s.turnLines(in.W)
	s.turnFor = s.note
	one, lh := turnH, mt.LineHeight(ui.Small)
	if more := one + float64(max(need, 2)-1)*lh; fixed()-turnH+more <= in.H {
		turnH = more
	} else if more := one + float64(need-1)*lh; fixed()-turnH+more <= in.H {
		turnH = more
	} else if fixed()-turnH+more-logMin <= in.H {
		turnH, logMin = more, 0
	}
	if fixed() > in.H {
		logMin = 0
	}
	if fixed() > in.H {
		turnH = math.Min(turnH, math.Max(mt.Pt(50), mt.LineHeight(ui.Heading)+mt.LineHeight(ui.Small)+below))
	}
	if fixed() > in.H && arenaH > 0 {
		arenaH = math.Max(mt.Pt(44), arenaH-(fixed()-in.H))
	}
	var r ui.Rect
	s.topR, r = in.CutTop(topH)
	_, r = r.CutTop(gap)
	s.turnR, r = r.CutTop(turnH)
	_, r = r.CutTop(gap)
	s.arenaR, r = r.CutTop(arenaH)
	s.capY = s.arenaR.Bottom() + mt.Pt(3)
	_, r = r.CutTop(capH)
	if arenaH == 0 {
		s.arenaR = ui.Rect{}
	}
	s.arena.Rect = s.arenaR
	s.actRoom = ui.Rect{X: r.X, Y: r.Y, W: r.W, H: math.Max(actMin, r.H-logMin)}
}

// turnLines is how many lines under the name the turn card needs for the longest of what it
// may say in this game (its words w wide): what each seat may be doing, the end, and the note
// of the moment.
func (s *play) turnLines(w float64) int {
	mt := s.mt
	w -= mt.Pt(70) // the piece beside the words (paintTurn)
	subs := []string{lang.T("play.over.sub"), s.note}
	for _, pl := range s.players {
		doing := []string{"play.sub.moving", "play.sub.throwing", "play.sub.thinking", "play.sub.theirs"}
		if pl.here() {
			doing = []string{"play.sub.moving", "play.sub.throw", "play.sub.steer", "play.sub.choose"}
		}
		for _, k := range doing {
			sub := lang.T(k)
			if l, ok := pl.level(); ok {
				sub = lang.T("play.sub.computer", levelName(l), sub)
			}
			subs = append(subs, sub)
		}
	}
	n := 1
	for _, sub := range subs {
		n = max(n, len(mt.Wrap(sub, ui.Small, w)))
	}
	return n
}

// layoutPanel places the buttons in their sections; the log takes what the actions leave.
func (s *play) layoutPanel() {
	mt := s.mt
	gap := mt.Pt(10)
	cols := s.topR.Columns(3, gap)
	for i, id := range s.tools() {
		if b := s.menu.Get(id); b != nil {
			b.Rect = mt.Flip(cols[i], s.topR)
			if s.toolNames {
				// A narrow panel: the icon on the button, its name under it.
				b.Rect.H = mt.Pt(44)
				b.Label, b.Sub = "", ""
			}
		}
	}
	actH := 0.0 // nothing to do here: the log takes the room
	if b := s.menu.Get("throw"); b != nil && !b.Hidden {
		actH = s.throwH()
	}
	if n := s.moveButtons(); n > 0 {
		perRow := s.movesPerRow(s.actRoom.W)
		rows := (n + perRow - 1) / perRow
		actH = float64(rows)*mt.Pt(44) + float64(rows-1)*mt.Pt(8)
	}
	actH = math.Min(actH, s.actRoom.H)
	s.actR = ui.Rect{X: s.actRoom.X, Y: s.actRoom.Y, W: s.actRoom.W, H: actH}
	in := s.panel.Inset(mt.Pt(10))
	top := s.actR.Bottom() + gap
	if actH == 0 {
		top = s.actR.Y
	}
	s.logR = ui.Rect{X: s.actR.X, Y: top, W: s.actR.W, H: math.Max(0, in.Bottom()-top)}
	if s.net != nil {
		// Online, the seats and their connections sit at the top of the log's room.
		s.net.seatsR, s.logR = s.logR.CutTop(math.Min(s.logR.H, s.net.seatsHeight(s)))
	}
	s.placeActions()
	if s.net != nil {
		s.net.layout(s)
	}
	s.rehit()
}

// toolbar are the buttons at the top of the panel, in their order.
var toolbar = [...]string{"pause", "undo", "hints"}

// tools are the toolbar's buttons: online, the emotes take undo's place (the server's history
// is not undone).
func (s *play) tools() [3]string {
	if s.net != nil {
		return [3]string{"pause", "emote", "hints"}
	}
	return toolbar
}

// toolName is the name written under toolbar button id on a narrow panel.
func toolName(id string) string { return lang.T("play." + id) }

func (s *play) movesPerRow(w float64) int {
	return int(math.Max(1, math.Floor((w+s.mt.Pt(8))/(s.mt.Pt(96)+s.mt.Pt(8)))))
}

// moveButtons counts the move buttons (and the "more" button) currently offered.
func (s *play) moveButtons() int {
	n := 0
	for _, b := range s.menu.Buttons {
		if isMoveButton(b.ID) && !b.Hidden {
			n++
		}
	}
	return n
}

func isMoveButton(id string) bool { return strings.HasPrefix(id, "move-") || id == "more" }

// placeActions puts the throw button or the move buttons into the action area.
func (s *play) placeActions() {
	mt := s.mt
	if b := s.menu.Get("throw"); b != nil && !b.Hidden {
		b.Rect = s.actR.Centered(math.Min(s.actR.W, mt.Pt(240)), s.throwH())
	}
	var moves []*ui.Button
	for _, b := range s.menu.Buttons {
		if isMoveButton(b.ID) && !b.Hidden {
			moves = append(moves, b)
		}
	}
	if len(moves) == 0 {
		return
	}
	perRow := s.movesPerRow(s.actR.W)
	w := (s.actR.W - float64(perRow-1)*mt.Pt(8)) / float64(perRow)
	for i, b := range moves {
		row, col := i/perRow, i%perRow
		b.Rect = mt.Flip(ui.Rect{X: s.actR.X + float64(col)*(w+mt.Pt(8)), Y: s.actR.Y + float64(row)*(mt.Pt(44)+mt.Pt(8)), W: w, H: mt.Pt(44)}, s.actR)
		if b.Rect.Bottom() > s.actR.Bottom()+1 {
			b.Hidden = true
		}
	}
}

// boardHasKeys reports whether the keyboard belongs to the board: a person picks a move on a
// board that is a Picker.
func (s *play) boardHasKeys() bool {
	return s.picker != nil && !s.q.Busy() && s.human() && s.d.State().Phase() == rules.PhaseMove
}

// human reports whether the player to act now is decided at this screen.
func (s *play) human() bool {
	if s.net != nil {
		return s.net.ready() // online: the person's turn, with everything the server said shown
	}
	return s.d.Here()
}

// refresh rebuilds the panel's buttons for the position at rest.
func (s *play) refresh() {
	s.changes++
	st := s.d.State()
	s.legal = st.Legal(s.legal)
	focus := ""
	if b := s.menu.Focused(); b != nil {
		focus = b.ID
	}
	s.menu.Buttons = s.menu.Buttons[:0]
	// The subs are the keys' names as printed on keyboards (space's is translated).
	s.menu.Add(&ui.Button{ID: "pause", Label: lang.T("play.pause"), Sub: "Esc", Icon: ui.IconPause, Look: ui.Dark})
	if s.net != nil {
		s.menu.Add(&ui.Button{ID: "emote", Label: lang.T("play.emote"), Sub: "E", Icon: ui.IconSpeech, Look: ui.Dark, Selected: s.net.strip, Disabled: s.net.tb.Mine() < 0})
	} else {
		s.menu.Add(&ui.Button{ID: "undo", Label: lang.T("play.undo"), Sub: "U", Icon: ui.IconUndo, Look: ui.Dark, Disabled: !s.d.CanUndo()})
	}
	s.menu.Add(&ui.Button{ID: "hints", Label: lang.T("play.hints"), Sub: "H", Icon: ui.IconHint, Look: ui.Dark, Selected: s.m.settings.Hints})
	idle := !s.q.Busy() && st.Phase() != rules.PhaseOver && s.human()
	s.menu.Add(&ui.Button{ID: "throw", Label: lang.T("play.throw"), Sub: lang.T("play.key.space"), Icon: ui.IconSticks, Look: ui.Primary, Hidden: !(idle && st.Phase() == rules.PhaseThrow)})
	if idle && st.Phase() == rules.PhaseMove && s.picker == nil {
		per := s.movesPage()
		if s.page*per >= len(s.legal) {
			s.page = 0
		}
		for i := s.page * per; i < len(s.legal) && i < (s.page+1)*per; i++ {
			s.menu.Add(&ui.Button{ID: "move-" + strconv.Itoa(i), Label: st.FormatMove(s.legal[i])})
		}
		if len(s.legal) > per {
			s.menu.Add(&ui.Button{ID: "more", Label: lang.T("play.more", s.page+1, (len(s.legal)+per-1)/per), Look: ui.Quiet})
		}
	}
	if h, ok := s.brd.(stage.Hinter); ok {
		if s.m.settings.Hints && idle && st.Phase() == rules.PhaseMove {
			h.ShowHints(st, s.legal)
		} else {
			h.ShowHints(st, nil)
		}
	}
	if s.net != nil {
		s.net.buttons(s)
	}
	s.menu.Focus = -1
	switch {
	case idle && st.Phase() == rules.PhaseThrow:
		s.menu.FocusID("throw")
	case idle && st.Phase() == rules.PhaseMove && s.picker == nil && (focus == "" || focus == "throw" || focus == "pause" || isMoveButton(focus)):
		if focus == "more" {
			s.menu.FocusID("more")
		}
		if s.menu.Focus < 0 {
			s.menu.FocusID("move-" + strconv.Itoa(s.page*s.movesPage()))
		}
	default:
		s.menu.FocusID(focus)
	}
	if s.menu.Focus < 0 {
		s.menu.FocusID("pause")
	}
	if s.boardHasKeys() {
		s.menu.Focus = -1 // the board draws its own focus
	}
	if s.mt.Unit > 0 {
		if s.note != s.turnFor {
			s.sections() // a note that may need more lines under the name
		}
		s.layoutPanel()
	}
}

// movesPage is how many move buttons fit in the action area at once, keeping a place for the
// "more" button.
func (s *play) movesPage() int {
	if s.mt.Unit == 0 || s.actRoom.H == 0 {
		return 12
	}
	perRow := s.movesPerRow(s.actRoom.W)
	rows := int(math.Max(1, math.Floor((s.actRoom.H+s.mt.Pt(8))/(s.mt.Pt(44)+s.mt.Pt(8)))))
	return int(math.Max(1, float64(rows*perRow-1)))
}

func (s *play) rehit() {
	s.hits.Reset()
	s.brd.Hits(&s.hits)
	s.arena.Hits(&s.hits) // a tap on the sticks is a tap on the throw button
	if s.net != nil && s.net.pickR.H > 0 {
		s.hits.AddRect(s.net.pickR, ui.Target{Kind: "picker"}) // the emote menu covers the board
	}
	s.menu.AddHits(&s.hits)
}

func (s *play) Update(in []ui.Intent) {
	s.env.Reduced = s.m.settings.Reduced // the settings may have changed during a pause
	s.arena.Reduced = s.env.Reduced
	if s.net != nil {
		if s.net.pump(s); s.m.cur != Scene(s) {
			return // a rematch began: its scene took over
		}
		s.net.tick(s)
	}
	if s.note != s.turnFor && s.mt.Unit > 0 {
		s.sections() // a note set since the last refresh may need more lines under the name
		s.layoutPanel()
	}
	busy := s.q.Busy()
	for _, it := range in {
		if it.Kind == ui.Back {
			// Back first drops a half-made choice on the board (a picked Seega piece); only
			// with nothing to drop does it pause.
			if c, ok := s.brd.(stage.Canceler); ok && c.Cancel() {
				continue
			}
			s.pause()
			return
		}
		if it.Kind == ui.Key && (it.Rune == 'p' || it.Rune == 'P') {
			s.pause()
			return
		}
		if busy && (it.Kind == ui.Activate || (it.Kind == ui.Tap && it.Target.ID != "pause")) {
			// A tap or space finishes the animation at once; the intent is used up by that.
			s.q.Finish()
			continue
		}
		if it.Kind == ui.Key {
			switch it.Rune {
			case 'u', 'U':
				s.undo()
			case 'h', 'H':
				s.toggleHints()
			case 'e', 'E':
				if s.net != nil {
					s.net.handle(s, "emote")
				}
			default:
				if s.net != nil {
					s.net.key(it.Rune)
				}
			}
			continue
		}
		if it.Kind == ui.Activate && it.Rune == ' ' && !busy && s.human() && s.d.State().Phase() == rules.PhaseThrow {
			s.throw()
			continue
		}
		if it.Kind == ui.Activate && it.Rune == ' ' && !s.boardHasKeys() {
			// Space throws (above), picks on the board, or takes the move its focus is on;
			// it never presses pause, undo or hints because the focus ring sat there (the
			// computer's turn, say): that is Enter's, or a tap's.
			if b := s.menu.Focused(); b == nil || !isMoveButton(b.ID) {
				continue
			}
		}
		if s.boardHasKeys() && (it.Kind == ui.Next || it.Kind == ui.Prev || it.Kind == ui.Move || it.Kind == ui.Activate) {
			// The board has the keyboard while a person picks on it; the panel stays a tap
			// (or P, U, H) away.
			if mv, ok := s.picker.Input(it, s.d.State(), s.legal); ok {
				s.apply(mv, 0)
			}
			continue
		}
		id := s.menu.Handle(it)
		if id == "" {
			if s.picker != nil && !busy && s.human() && s.d.State().Phase() == rules.PhaseMove {
				if mv, ok := s.picker.Input(it, s.d.State(), s.legal); ok {
					s.apply(mv, 0)
				}
			}
			continue
		}
		click()
		if s.net != nil && s.net.handle(s, id) {
			busy = s.q.Busy()
			continue
		}
		switch {
		case id == "pause":
			s.pause()
			return
		case id == "undo":
			s.undo()
		case id == "hints":
			s.toggleHints()
		case id == "throw":
			s.throw()
		case id == "more":
			s.page++
			s.refresh()
		case strings.HasPrefix(id, "move-"):
			if k, err := strconv.Atoi(id[5:]); err == nil && k >= 0 && k < len(s.legal) {
				s.apply(s.legal[k], 0)
			}
		}
		busy = s.q.Busy()
	}
	s.advance()
	s.warm()
}

// warm paints, while nothing moves, one of the pictures the next throw or move will need (the
// sticks in the air, the board's pieces in motion): one a frame, and only while frames come
// on time. Under software rendering painting a picture is tens of milliseconds of the
// rasteriser's time, and a picture a tick piles up into frames of seconds; there the pictures
// are painted when first needed.
// It reports whether it painted one.
func (s *play) warm() bool {
	if s.q.Busy() || s.dirty || s.m.drawn == s.warmedAt || s.m.frameGap > 20*time.Millisecond {
		return false
	}
	s.warmedAt = s.m.drawn
	if s.arenaR.W > 0 && s.arena.Warm(s.mt) {
		return true
	}
	if w, ok := s.brd.(stage.Warmer); ok {
		return w.Warm()
	}
	return false
}

// advance drains the animation queue and, at rest, lets computers act and ends the game.
func (s *play) advance() {
	if s.q.Busy() {
		if f := s.m.settings.Speed.Factor(); f > 0 {
			s.q.Advance(tick * f)
		} else {
			s.q.Finish()
		}
		if s.q.Busy() {
			return
		}
	}
	if s.dirty {
		s.dirty = false
		s.brd.Sync(s.d.State())
		s.refresh()
	}
	st := s.d.State()
	switch {
	case s.net != nil:
		s.net.advance(s)
	case st.Phase() == rules.PhaseOver:
		s.overWait += tick
		if s.overWait >= resultsWait*s.waitFactor() {
			s.m.Goto(newResults(s.m, s))
		}
	case !s.human():
		s.computerTurn()
	}
}

// waitFactor scales the pauses by the animation speed (none at Instant).
func (s *play) waitFactor() float64 {
	switch s.m.settings.Speed {
	case Slow:
		return 1.5
	case Fast:
		return 0.5
	case Instant:
		return 0.1
	}
	return 1
}

// computerTurn lets a seat not decided here act: a short pause, then its throw or its move,
// thought in slices.
func (s *play) computerTurn() {
	if s.compWait < computerWait*s.waitFactor() {
		s.compWait += tick
		return
	}
	p, ok, err := s.d.Think(s.pace.next(time.Now()))
	switch {
	case err != nil:
		s.note = lang.T("play.refused")
	case ok:
		s.compWait = 0
		s.played(p)
	}
}

// throw throws the sticks for the person to act.
func (s *play) throw() {
	if s.net != nil {
		// The server throws: the sticks tumble when its throw comes back (Table.Next).
		if err := s.net.tb.Throw(); err != nil {
			s.note = lang.T("play.refused")
		}
		s.refresh()
		return
	}
	p, err := s.d.Throw()
	if err != nil {
		s.note = lang.T("play.refused")
		return
	}
	s.played(p)
}

// apply plays a person's decision mv (or a throw, with its faces for the arena). A refused move
// is noted and changes nothing.
func (s *play) apply(mv rules.Move, faces uint8) {
	if s.net != nil {
		// Shown at once and sent; taken back if the server refuses it (netPlay.refused).
		p, err := s.net.tb.Play(mv)
		if err != nil {
			s.note = lang.T("play.refused")
			return
		}
		s.played(p)
		return
	}
	p, err := s.d.Play(mv, faces)
	if err != nil {
		s.note = lang.T("play.refused")
		return
	}
	s.played(p)
}

// played queues the animation of a move the driver has played (the rules applied it at once,
// and the autosave has the position after it).
func (s *play) played(p match.Played) {
	s.note, s.saveNote = s.saveNote, ""
	s.page = 0
	mover, ev := p.Player, p.Events
	if p.Move.IsThrow() {
		sound := audio.Clatter4
		if s.g.Sticks == rules.SixPolishedRough {
			sound = audio.Clatter6
		}
		s.arena.Throw(&s.q, p.Faces, throwTime, func() { audio.Play(sound) })
		s.q.Add(stage.Step{Start: func() { s.thrown = &p }})
	}
	s.brd.Animate(&s.q, p.Before, s.d.State(), ev)
	// The log tells what happened once it has been seen to happen: a throw's lines when the
	// sticks have landed and the board has moved, not while they are in the air.
	lines := describe(s.g, &s.env, ev)
	if s.q.Busy() {
		s.q.Add(stage.Step{Start: func() { s.addLog(lines...) }})
	} else {
		s.addLog(lines...)
	}
	s.acting = mover
	s.dirty = true
	s.refresh()
	if !s.q.Busy() {
		s.advance()
	}
}

// captionText is the caption under the sticks: what the throw shown was and does, or before
// the first throw what the sticks are for.
func (s *play) captionText() string {
	st := s.d.State()
	switch {
	case s.thrown != nil && !s.q.Busy() && st.Phase() == rules.PhaseThrow && st.ToMove() != s.thrown.Player:
		// Another player's turn to throw: the last player's throw is told no more (the log
		// keeps it), and the turn card says what is due.
		return ""
	case s.thrown != nil:
		return s.throwCaption(s.thrown.Events, s.thrown.Player)
	case !s.arena.Thrown():
		return lang.N("play.caption.idle."+faceKey(s.g), s.g.Sticks.Count(), s.g.Sticks.Count())
	}
	return ""
}

// showThrow lays the sticks as the throw in play landed, with its caption (after an undo, and
// in a continued game), or neatly before the first throw.
func (s *play) showThrow() {
	if s.g.Sticks == rules.NoSticks {
		return
	}
	p, ok := s.d.LastThrow()
	if !ok {
		s.arena.Unthrow()
		s.thrown = nil
		return
	}
	s.arena.Rest(p.Faces)
	s.thrown = &p
}

// throwCaption says what a throw was and what it does.
func (s *play) throwCaption(ev rules.Events, mover int) string {
	for i, e := range ev {
		if e.Kind == rules.EvThrow {
			key := "play.caption"
			for _, f := range ev {
				if f.Kind == rules.EvExtraThrow && f.Player == mover {
					key = "play.caption.again"
					break
				}
			}
			return lang.N(key+"."+faceKey(s.g), e.Count, e.Count, throwWorth(s.g, ev, i))
		}
	}
	return ""
}

// undo goes back to before the last action of a person at the screen (against the computer:
// your previous decision, with the computer's replies undone too).
func (s *play) undo() {
	if s.net != nil || !s.d.CanUndo() {
		return
	}
	if err := s.d.Undo(); err != nil {
		s.note = lang.T("play.refused")
		return
	}
	s.q.Finish()     // what was under way is shown done first: its log lines among it
	s.arena.Settle() // a throw cut short lands at once rather than hanging in the air
	s.note, s.saveNote = s.saveNote, ""
	s.compWait, s.overWait, s.dirty = 0, 0, false
	s.showThrow()
	s.brd.Sync(s.d.State())
	s.addLog(logKey(-1, "play.undone"))
	s.refresh()
}

// toggleHints turns the hints on or off, and says which on the turn card.
func (s *play) toggleHints() {
	st := s.m.settings
	st.Hints = !st.Hints
	s.m.setSettings(st)
	s.note = lang.T("play.hints.off")
	if st.Hints {
		s.note = lang.T("play.hints.on")
	}
	s.refresh()
}

func (s *play) pause() {
	s.q.Finish()
	click()
	s.m.Goto(newPause(s.m, s))
}

// restart is a new match with the same players.
func (s *play) restart() *play {
	s.d.Close()
	return newPlay(s.m, s.g, s.players, s.m.nextSeed())
}

// record is the match's record: online, the round's as the server played it, with the seed
// its throws came from once revealed.
func (s *play) record() rules.Record {
	r := s.d.Match().Record()
	if s.net != nil {
		r = s.net.tb.Record()
	}
	if len(s.env.Names) == r.Players {
		r.Names = append([]string(nil), s.env.Names...) // as the table showed them
	}
	return r
}

// leave drops the match's computer search.
func (s *play) leave() {
	s.d.Close()
	if s.net != nil {
		// The seat stays ours: the server shows it away, and the kept ticket takes it back.
		s.net.tb.Session().Close()
	}
	s.logPic.Release()
	s.turnPic.Release()
}

func (s *play) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.brd.Draw(dst)
	if s.net != nil {
		s.net.draw(s, dst)
	}
	ui.WoodPanel(dst, mt, s.panel)
	s.drawTurn(dst)
	if s.arenaR.W > 0 {
		s.arena.Draw(dst, mt)
		cap := s.captionText()
		if mt.Measure(ui.SmallBold, cap) > s.arenaR.W && s.thrown == nil && !s.arena.Thrown() {
			// Before the first throw, in a long language and larger text: how to count, without
			// the number of sticks the tray shows.
			cap = lang.T("play.caption.idle.short." + faceKey(s.g))
		}
		mt.Text(dst, mt.Ellipsize(cap, ui.SmallBold, s.arenaR.W), ui.SmallBold, s.arenaR.CX(), s.capY, ui.Center, sprites.Sand)
	}
	s.menu.Draw(dst, mt)
	if s.toolNames {
		for _, id := range s.tools() {
			if b := s.menu.Get(id); b != nil {
				// Below the reach of the button's focus ring, which would cross the name.
				above, _ := mt.LineMargins(ui.Small)
				mt.Text(dst, toolName(id), ui.Small, b.Rect.CX(), b.Rect.Bottom()+mt.RingOut()+above, ui.Center, sprites.Sand)
			}
		}
	}
	s.drawLog(dst)
	if s.net != nil {
		s.net.drawSeats(s, dst)
	}
}

// turnKey is what the turn card shows.
type turnKey struct {
	title, sub string
	color      int // the colour of the piece shown, -1 for none
}

// drawTurn draws whose turn it is: the player's piece (colour and mark), name and what is due.
func (s *play) drawTurn(dst *ebiten.Image) {
	k := turnKey{color: -1}
	k.title, k.sub = s.turnText()
	if p, over := s.shownTurn(); !over && p >= 0 && p < len(s.players) {
		k.color = s.players[p].Color % len(sprites.Players)
	}
	s.turnPic.Draw(dst, s.turnR, k, func(img *ebiten.Image, r ui.Rect) { s.paintTurn(img, r, k) })
}

// paintTurn paints the turn card k in r.
func (s *play) paintTurn(dst *ebiten.Image, r ui.Rect, k turnKey) {
	mt := s.mt
	sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, mt.Pt(12)), sprites.Fade(sprites.Chalk, 0.92))
	title, sub := k.title, k.sub
	if k.color >= 0 {
		piece := mt.Flip(ui.Rect{X: r.X + mt.Pt(14), W: mt.Pt(36)}, r) // at the right, right to left
		s.pieceDot(dst, k.color, piece.CX(), r.CY(), mt.Pt(18))
	}
	words := mt.Flip(ui.Rect{X: r.X + mt.Pt(62), W: r.W - mt.Pt(70)}, r)
	_, below := mt.LineMargins(ui.Small)
	// The name in the heading's type, or the body's where it is too long; what is due under
	// it, on as many lines as the card holds.
	st := ui.Heading
	if mt.Measure(st, title) > words.W {
		st = ui.BodyBold
	}
	lh := mt.LineHeight(ui.Small)
	lines := mt.Wrap(sub, ui.Small, words.W)
	room := max(1, int((r.H-mt.LineHeight(st)-below)/lh))
	if len(lines) > room {
		lines = lines[:room]
		lines[room-1] = mt.Ellipsize(lines[room-1]+" …", ui.Small, words.W)
	}
	top := r.CY() - (mt.LineHeight(st)+float64(len(lines))*lh+below)/2 + mt.Pt(2)
	mt.TextStart(dst, mt.Ellipsize(title, st, words.W), st, words, top, sprites.Ink)
	for i, l := range lines {
		mt.TextStart(dst, l, ui.Small, words, top+mt.LineHeight(st)-mt.Pt(4)+float64(i)*lh, sprites.Wood)
	}
}

// shownTurn is whose turn the screen shows, and whether the game is over there: the rules'
// position, but for the mover's while their move is still being shown (the rules have moved
// on at once; the screen has not yet).
func (s *play) shownTurn() (p int, over bool) {
	if s.q.Busy() && s.acting >= 0 && s.acting < len(s.players) {
		return s.acting, false
	}
	return s.d.State().ToMove(), s.d.Over()
}

// turnText is the turn card's title and line: whose turn it is and what is due (a refused
// move's reason instead, while there is one).
func (s *play) turnText() (title, sub string) {
	st := s.d.State()
	p, over := s.shownTurn()
	switch {
	case over && s.resulted:
		title = lang.T("play.over")
	case over:
		title, sub = lang.T("play.over"), lang.T("play.over.sub")
	case p < 0 || p >= len(s.players):
		title = "…"
	default:
		pl := s.players[p]
		title = lang.Sentence(lang.T("play.turn", lang.Said(s.env.Names[p])), s.env.Names[p])
		if s.env.IsYou(p) {
			title = lang.T("play.turn.you")
		}
		switch {
		case s.q.Busy():
			sub = lang.T("play.sub.moving")
		case pl.elsewhere():
			sub = lang.T("play.sub.theirs") // a person on another device: no telling what they do
		case !pl.here() && st.Phase() == rules.PhaseThrow:
			sub = lang.T("play.sub.throwing")
		case !pl.here():
			sub = lang.T("play.sub.thinking")
		case st.Phase() == rules.PhaseThrow:
			sub = lang.T("play.sub.throw")
		case decision(st) == rules.SteerGhoula:
			sub = lang.T("play.sub.steer")
		default:
			sub = lang.T("play.sub.choose")
		}
		if l, ok := pl.level(); ok {
			sub = lang.T("play.sub.computer", levelName(l), sub)
		}
	}
	if s.note != "" {
		sub = s.note
	}
	return title, sub
}

// drawLog draws the last lines of the log that fit, newest at the bottom.
func (s *play) drawLog(dst *ebiten.Image) {
	if s.logR.H < s.mt.LineHeight(ui.Small) {
		return
	}
	// Keyed by the language too: the lines are said again in a new language.
	s.logPic.Draw(dst, s.logR, logKeyVer{s.logVer, lang.Current()}, s.paintLog)
}

// pieceDot draws player colour c's piece, radius r, centred on (x, y), from a picture: the
// log and the turn card are painted again at the end of every animation, and a piece is a
// handful of paths, twenty lines of them a few milliseconds.
func (s *play) pieceDot(dst *ebiten.Image, c int, x, y, r float64) {
	n := int(math.Ceil(r*2.6)) + 4
	img := ui.Pictures.Get(dotKey{c, r}, n, n, func(img *ebiten.Image) {
		sprites.DrawPiece(img, sprites.Players[c], float64(n)/2, float64(n)/2, r, 0)
	})
	half := float64(img.Bounds().Dx()) / 2
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(x-half, y-half)
	dst.DrawImage(img, op)
}

// dotKey names a picture of a player's piece: its colour and radius.
type dotKey struct {
	c int
	r float64
}

// paintLog paints the log's last lines that fit in r.
func (s *play) paintLog(dst *ebiten.Image, r ui.Rect) {
	mt := s.mt
	lh := mt.LineHeight(ui.Small)
	// The player's piece, then the line: from the right for a right-to-left reader.
	dot := mt.Flip(ui.Rect{X: r.X, W: mt.Pt(14)}, r)
	words := mt.Flip(ui.Rect{X: r.X + mt.Pt(18), W: r.W - mt.Pt(18)}, r)
	// Room below the last line for the ink that passes it (Naskh's dots below the letters):
	// the log's picture ends at the bottom of r.
	_, below := mt.LineMargins(ui.Small)
	rows := logRows(mt, s.log, words.W, int((r.H-below)/lh))
	if len(rows) == 0 {
		return
	}
	start := rows[0].entry
	y := r.Bottom() - below - float64(len(rows))*lh
	for _, row := range rows {
		l := s.log[row.entry]
		if l.Player >= 0 && l.Player < len(s.players) && row.first {
			s.pieceDot(dst, s.players[l.Player].Color%len(sprites.Players), dot.CX(), y+lh/2, mt.Pt(7))
		}
		alpha := 0.55 + 0.45*float64(row.entry-start+1)/float64(len(s.log)-start)
		s.logText(dst, row.text, words, y, alpha)
		y += lh
	}
}

// logText draws a log line's text in the rectangle words (its top at y) at opacity alpha,
// straight into the log's picture: a line is one draw from the glyph sheet. A picture a line,
// at a game between computers' pace, means 45,000 textures made and let go in the 30-minute
// soak (BENCHMARKS.md, "Memory over a long session").
func (s *play) logText(dst *ebiten.Image, text string, words ui.Rect, y, alpha float64) {
	// At whole pixels, as the pictures of lines were copied.
	words.X, y = math.Round(words.X), math.Round(y)
	s.mt.TextStart(dst, text, ui.Small, words, y, sprites.Fade(sprites.Chalk, alpha))
}

// decision is the kind of decision due in st, as its rules say.
func decision(st rules.State) rules.Decision {
	if d, ok := st.(rules.Decider); ok {
		return d.Decision()
	}
	return rules.ChooseMove
}

// logKeyVer names a picture of the log: its version and the language it is said in.
type logKeyVer struct {
	ver  int
	lang lang.Lang
}
