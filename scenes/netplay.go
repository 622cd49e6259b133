package scenes

import (
	"errors"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/match"
	"sig/online"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
	"sig/wire"
)

// netPlay is what the play scene adds for a match on the match server: the table that turns the
// server's events into the driver's moves, who is connected, the banner while the connection
// comes back, emotes, and the choice the others make for a player gone too long.
type netPlay struct {
	tb      *online.Table
	status  online.Status
	err     error
	broken  bool // the screen is out of step with the match: it shows so and plays no more
	strip   bool // the emote buttons are open
	emotes  []shownEmote
	awayAt  map[int]time.Time // when each away seat went away, as the presence said
	decided map[int]bool      // seats whose fate was asked or is being decided already
	taken   map[int]bool      // seats the computer took over
	clock   float64
	seatsR  ui.Rect // the seats' list, in the panel
	pickR   ui.Rect // the emote picker's panel, while it is open
}

// seatsHeight is the height the seats' list takes in the panel.
func (n *netPlay) seatsHeight(s *play) float64 {
	return float64(len(s.players))*(s.mt.LineHeight(ui.Small)+s.mt.Pt(4)) + s.mt.Pt(14)
}

// shownEmote is an emote on screen: who, what, and how long it still shows.
type shownEmote struct {
	seat  int
	emote string
	left  float64
}

// awayAfter is how long a player must have been gone before the others are asked what becomes
// of their seat (the server's -away default; the server refuses an earlier choice).
var awayAfter = 3 * time.Minute

// emoteTime is how long an emote shows.
const emoteTime = 3.5

// newOnlinePlay is the play scene of the online match sess follows, once its game has begun.
func newOnlinePlay(m *Manager, sess *online.Session) Scene {
	tb := online.NewTable(sess)
	if tb.Driver() == nil {
		// The lobby hands the match over at its start event: not reached.
		return newTitle(m)
	}
	return onlinePlaying(m, tb)
}

// onlinePlaying is the play scene of tb's round being played: every move the server played
// before is shown at once, the live ones animate.
func onlinePlaying(m *Manager, tb *online.Table) *play {
	d := tb.Driver()
	s := playing(m, onlinePlayers(tb), d)
	d.Changed = nil // the server keeps an online match: it is no game of the autosave's
	s.net = &netPlay{tb: tb, awayAt: map[int]time.Time{}, decided: map[int]bool{}, taken: map[int]bool{}}
	s.net.status, s.net.err = tb.Session().Status()
	s.net.presence(s)
	name := words(func() string { return gameName(s.g) })
	first := logKey(0, "play.begins", name, words(func() string { return s.env.Names[0] }))
	if s.env.IsYou(0) {
		first = logKey(0, "play.begins.you", name)
	}
	s.addLog(first)
	// A page reloaded mid-game (or a spectator arriving late) shows the moves played before as
	// done, and its log tells them as a local Continue's does.
	s.net.catchUp(s, 0)
	s.brd.Sync(d.State())
	s.showThrow()
	s.refresh()
	return s
}

// catchUp plays at once every move the server played but the last keep, and logs them as
// they would have been had they been animated; it reports whether the screen is still in
// step with the match.
func (n *netPlay) catchUp(s *play, keep int) bool {
	done, err := n.tb.CatchUp(keep)
	for _, p := range done {
		s.addLog(describe(s.g, &s.env, p.Events)...)
	}
	if err != nil {
		n.outOfStep(s, err)
		return false
	}
	return true
}

// onlinePlayers are the seats as this screen names them: "you" for its own, a player's number
// for the other people, the computer at its level for the server's computer seats.
func onlinePlayers(tb *online.Table) []player {
	specs := tb.Seats()
	seats := make([]Seat, len(specs))
	names := map[int]string{}
	for _, ev := range tb.Session().Events() {
		if ev.Kind == wire.EvSeated {
			names[ev.Seat] = ev.Name // the name its player gave, as the server took it
		}
	}
	for i, sp := range specs {
		switch {
		case i == tb.Mine():
			seats[i].Who = match.Person{}
		case sp.Kind == wire.Computer:
			l, err := ai.ParseLevel(sp.Level)
			if err != nil {
				l = ai.Medium
			}
			seats[i].Who = match.Computer{Level: l}
		default:
			seats[i].Who, seats[i].Name = online.Remote{}, names[i]
		}
	}
	return playersFrom(seats)
}

// ready reports whether the person here may decide now.
func (n *netPlay) ready() bool { return !n.broken && n.tb.Ready() }

// pump takes what the server said since the last frame.
func (n *netPlay) pump(s *play) {
	for _, no := range n.tb.Pump() {
		switch no.Kind {
		case online.NStatus:
			n.status, n.err = no.Status, no.Err
			s.changes++
		case online.NRound:
			// A rematch began while this screen still shows the last game.
			s.m.Goto(onlinePlaying(s.m, n.tb))
			return
		case online.NRefused:
			n.refused(s, no)
		case online.NPresence:
			n.presence(s)
		case online.NEmote:
			n.emotes = append(n.emotes, shownEmote{seat: no.Seat, emote: no.Emote, left: emoteTime})
			s.changes++
		case online.NTakeover:
			n.taken[no.Seat] = true
			delete(n.awayAt, no.Seat)
			if no.Seat >= 0 && no.Seat < len(s.players) {
				s.players[no.Seat].Who = match.Computer{Level: ai.Medium}
				s.env = envOf(s.g, s.players, s.m.settings.Reduced)
				s.env.Names = seatNames(s.players)
			}
			s.addLog(logKey(no.Seat, "net.log.takeover", words(func() string { return s.env.Names[no.Seat] })))
		case online.NLeft:
			s.addLog(logKey(no.Seat, "net.log.left", words(func() string { return s.env.Names[no.Seat] })))
		}
	}
}

// refused shows why the server refused a message; a move shown at once has been taken back.
func (n *netPlay) refused(s *play, no online.Note) {
	why := lang.T("net.refused.other")
	if no.Refusal != nil {
		why = reasonWords(no.Refusal.Reason)
	}
	if no.Move == "" {
		if no.Refusal != nil && no.Refusal.Reason == wire.ReasonNotAway {
			n.decided = map[int]bool{} // not yet: the choice comes back when it may be made
		}
		s.note = why
		s.refresh()
		return
	}
	s.q.Finish()
	s.arena.Settle()
	s.dirty = false
	s.brd.Sync(s.d.State())
	s.showThrow()
	s.note = lang.T("net.refused.move", no.Move, why)
	s.addLog(logKey(-1, "net.log.takenback", no.Move))
	s.refresh()
}

// reasonWords says a refusal's reason in the player's words.
func reasonWords(r wire.Reason) string {
	switch r {
	case wire.ReasonIllegal:
		return lang.T("net.reason.illegal")
	case wire.ReasonNotYourTurn:
		return lang.T("net.reason.turn")
	case wire.ReasonRate:
		return lang.T("net.reason.rate")
	case wire.ReasonNotAway:
		return lang.T("net.reason.notaway")
	case wire.ReasonFinished:
		return lang.T("net.reason.finished")
	case wire.ReasonBusy:
		return lang.T("net.reason.busy")
	}
	return lang.T("net.refused.other")
}

// presence notes when each seat went away, as the server said.
func (n *netPlay) presence(s *play) {
	now := time.Now()
	for _, p := range n.tb.Presence() {
		switch p.State {
		case "away":
			if _, ok := n.awayAt[p.Seat]; !ok {
				n.awayAt[p.Seat] = now.Add(-time.Duration(p.Away) * time.Second)
			}
		case "left":
			if _, ok := n.awayAt[p.Seat]; !ok {
				n.awayAt[p.Seat] = now.Add(-awayAfter)
			}
		default:
			delete(n.awayAt, p.Seat)
			delete(n.decided, p.Seat)
		}
	}
	s.changes++
	s.refresh()
}

// state is seat i's connection as last said ("here", "away", "left", "computer", "empty").
func (n *netPlay) state(i int) string {
	if n.taken[i] {
		return "computer"
	}
	for _, p := range n.tb.Presence() {
		if p.Seat == i {
			return p.State
		}
	}
	return ""
}

// gone is the seat the others may now decide about (-1: none): away long enough, or left.
func (n *netPlay) gone() int {
	if n.tb.Mine() < 0 || n.tb.Over() != nil {
		return -1
	}
	for i := range n.tb.Seats() {
		at, ok := n.awayAt[i]
		if ok && !n.decided[i] && i != n.tb.Mine() && time.Since(at) >= awayAfter {
			return i
		}
	}
	return -1
}

// outOfStep stops play on this screen and says why.
func (n *netPlay) outOfStep(s *play, err error) {
	n.broken = true
	s.note = lang.T("net.outofstep")
	_ = err
}

// advance plays the server's next move once the screen is at rest, and ends the round when
// the server said it ended.
func (n *netPlay) advance(s *play) {
	if n.broken {
		return
	}
	if n.tb.Over() != nil {
		s.overWait += tick
		if s.overWait >= resultsWait*s.waitFactor() {
			s.m.Goto(newResults(s.m, s))
		}
		return
	}
	if n.tb.Behind() > 8 {
		// Long behind (back from a long absence): the moves missed are shown done.
		if !n.catchUp(s, 1) {
			return
		}
		s.brd.Sync(s.d.State())
		s.showThrow()
		s.refresh()
	}
	p, ok, err := n.tb.Next()
	switch {
	case err != nil:
		n.outOfStep(s, err)
	case ok:
		s.played(p)
	default:
		if s.changes == 0 {
			s.refresh()
		}
	}
}

// tick moves the emotes and the waiting dots on.
func (n *netPlay) tick(s *play) {
	n.clock += tick
	k := n.emotes[:0]
	for _, e := range n.emotes {
		e.left -= tick
		if e.left > 0 {
			k = append(k, e)
		}
	}
	if len(k) != len(n.emotes) {
		s.changes++
	}
	n.emotes = k
	if g := n.gone(); g >= 0 && s.menu.Get("choose-computer") == nil {
		s.refresh()
	}
}

// animating reports whether the screen changes by itself: the banner's dots, an emote.
func (n *netPlay) animating() bool {
	return n.status == online.Reconnecting || n.status == online.Connecting || len(n.emotes) > 0
}

// buttons adds the online buttons to the play scene's menu: the emote strip when open, and the
// choice for a seat whose player is gone.
func (n *netPlay) buttons(s *play) {
	if n.strip && n.tb.Mine() >= 0 {
		for _, e := range wire.Emotes {
			s.menu.Add(&ui.Button{ID: "emote-" + e, Label: lang.T("net.emote." + e)})
		}
	}
	if g := n.gone(); g >= 0 {
		s.menu.Add(&ui.Button{ID: "choose-computer", Label: lang.T("net.choose.computer"), Look: ui.Primary})
		s.menu.Add(&ui.Button{ID: "choose-end", Label: lang.T("net.choose.end")})
	}
}

// handle acts on an online button or key; it reports whether it took the intent.
func (n *netPlay) handle(s *play, id string) bool {
	switch {
	case id == "emote":
		n.strip = !n.strip
		s.refresh()
		if n.strip {
			s.menu.FocusID("emote-" + wire.Emotes[0])
		}
	case strings.HasPrefix(id, "emote-"):
		n.tb.Session().Emote(strings.TrimPrefix(id, "emote-"))
		n.strip = false
		s.refresh()
	case id == "choose-computer" || id == "choose-end":
		g := n.gone()
		if g < 0 {
			return true
		}
		n.decided[g] = true
		choice := wire.ChoiceComputer
		if id == "choose-end" {
			choice = wire.ChoiceEnd
		}
		n.tb.Session().Choose(g, choice)
		s.refresh()
	default:
		return false
	}
	return true
}

// key sends emote k (1 to 6) at once; it reports whether it did.
func (n *netPlay) key(r rune) bool {
	if n.tb.Mine() < 0 || r < '1' || r > rune('0'+len(wire.Emotes)) {
		return false
	}
	n.tb.Session().Emote(wire.Emotes[r-'1'])
	return true
}

// layout places the online buttons over the board: the emotes in a row at its foot, the choice
// in a card at its middle.
func (n *netPlay) layout(s *play) {
	mt := s.mt
	var strip []*ui.Button
	for _, b := range s.menu.Buttons {
		if strings.HasPrefix(b.ID, "emote-") {
			strip = append(strip, b)
		}
	}
	n.pickR = ui.Rect{}
	if len(strip) > 0 {
		// A menu of its own: a panel at the board's foot, its title over the buttons, nothing
		// of the board showing between them.
		pad := mt.Pt(12)
		h := mt.Pt(44)
		gap := mt.Pt(6)
		// As many a row as leave every label whole (six, three, two or one).
		room := s.boardR.W - mt.Pt(16) - 2*pad
		perRow := 1
		for _, k := range []int{6, 3, 2} {
			w := (room - float64(k-1)*gap) / float64(k)
			fits := true
			for _, b := range strip {
				fits = fits && mt.Measure(ui.BodyBold, b.Label) <= w-mt.Pt(20)
			}
			if fits {
				perRow = k
				break
			}
		}
		rows := (len(strip) + perRow - 1) / perRow
		// The title, and room under it for a focused button's ring.
		headH := mt.LineHeight(ui.BodyBold) + mt.RingOut() + mt.Pt(6)
		panelH := pad + headH + float64(rows)*h + float64(rows-1)*gap + pad
		n.pickR = ui.Rect{X: s.boardR.X + mt.Pt(8), Y: s.boardR.Bottom() - mt.Pt(8) - panelH, W: s.boardR.W - mt.Pt(16), H: panelH}
		r := n.pickR.Inset(pad)
		w := (r.W - float64(perRow-1)*gap) / float64(perRow)
		top := r.Y + headH
		for i, b := range strip {
			row, col := i/perRow, i%perRow
			b.Rect = mt.Flip(ui.Rect{X: r.X + float64(col)*(w+gap), Y: top + float64(row)*(h+gap), W: w, H: h}, r)
		}
	}
	c, e := s.menu.Get("choose-computer"), s.menu.Get("choose-end")
	if c != nil && e != nil {
		card := n.choiceCard(s)
		bw := math.Min(card.W-mt.Pt(32), mt.Pt(320))
		c.Rect = ui.Rect{X: card.CX() - bw/2, Y: card.Bottom() - mt.Pt(2*52+12+16), W: bw, H: mt.Pt(52)}
		e.Rect = ui.Rect{X: card.CX() - bw/2, Y: card.Bottom() - mt.Pt(52+16), W: bw, H: mt.Pt(52)}
	}
}

// choiceCard is where the choice for a gone player is asked: the middle of the board.
func (n *netPlay) choiceCard(s *play) ui.Rect {
	mt := s.mt
	w := math.Min(s.boardR.W-mt.Pt(24), mt.Pt(460))
	h := mt.Pt(24) + 2*mt.LineHeight(ui.Body) + mt.Pt(2*52+12+16+8)
	return s.boardR.Centered(w, h)
}

// banner is what the banner over the board says (empty: none).
func (n *netPlay) banner() (text string, loud bool) {
	switch {
	case n.broken:
		return lang.T("net.outofstep"), true
	case n.status == online.Reconnecting:
		return lang.T("net.reconnecting"), false
	case n.status == online.Closed && errors.Is(n.err, online.ErrReplaced):
		return lang.T("net.replaced"), true
	case n.status == online.Closed && n.err != nil:
		return lang.T("net.closed"), true
	}
	return "", false
}

// draw draws the online parts over the board (under the buttons, which the menu draws after):
// the seats and their connections, the banner, the emotes, the card of the choice for a gone
// player.
func (n *netPlay) draw(s *play, dst *ebiten.Image) {
	mt := s.mt
	if text, loud := n.banner(); text != "" {
		if !loud {
			text += strings.Repeat(".", 1+int(n.clock*2)%3)
		}
		w := math.Min(s.boardR.W-mt.Pt(16), mt.Measure(ui.BodyBold, text+"...")+mt.Pt(40))
		r := ui.Rect{X: s.boardR.CX() - w/2, Y: s.boardR.Y + mt.Pt(8), W: w, H: mt.LineHeight(ui.BodyBold) + mt.Pt(16)}
		c := sprites.Indigo
		if loud {
			c = sprites.Terracotta
		}
		sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, mt.Pt(10)), sprites.Fade(c, 0.94))
		mt.Text(dst, mt.Ellipsize(text, ui.BodyBold, r.W-mt.Pt(24)), ui.BodyBold, r.CX(), r.Y+mt.Pt(8), ui.Center, sprites.Chalk)
	}
	// Emotes: the newest at the bottom, over the board's lower middle (above the picker).
	y := s.boardR.Bottom() - mt.Pt(70)
	if n.pickR.H > 0 {
		ui.Popup(dst, mt, n.pickR)
		mt.TextStart(dst, mt.Ellipsize(lang.T("play.emote"), ui.BodyBold, n.pickR.W-mt.Pt(24)), ui.BodyBold, n.pickR.Inset(mt.Pt(12)), n.pickR.Y+mt.Pt(10), sprites.Ink)
		y = n.pickR.Y - mt.LineHeight(ui.Body) - mt.Pt(20)
	}
	for i := len(n.emotes) - 1; i >= 0 && i >= len(n.emotes)-3; i-- {
		e := n.emotes[i]
		name := ""
		if e.seat >= 0 && e.seat < len(s.env.Names) {
			name = s.env.Names[e.seat]
		}
		text := lang.T("net.emote.says", name, lang.T("net.emote."+e.emote))
		w := math.Min(s.boardR.W-mt.Pt(16), mt.Measure(ui.Body, text)+mt.Pt(56))
		r := ui.Rect{X: s.boardR.CX() - w/2, Y: y, W: w, H: mt.LineHeight(ui.Body) + mt.Pt(14)}
		a := float32(math.Min(1, e.left/0.5))
		sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, r.H/2), sprites.Fade(sprites.Chalk, 0.95*float64(a)))
		if e.seat >= 0 && e.seat < len(s.players) {
			dot := mt.Flip(ui.Rect{X: r.X + mt.Pt(6), W: mt.Pt(28)}, r)
			s.pieceDot(dst, s.players[e.seat].Color%len(sprites.Players), dot.CX(), r.CY(), mt.Pt(10))
		}
		words := mt.Flip(ui.Rect{X: r.X + mt.Pt(40), W: r.W - mt.Pt(52)}, r)
		mt.TextStart(dst, mt.Ellipsize(text, ui.Body, words.W), ui.Body, words, r.Y+mt.Pt(7), sprites.Ink)
		y -= r.H + mt.Pt(6)
	}
	if g := n.gone(); g >= 0 && s.menu.Get("choose-computer") != nil {
		card := n.choiceCard(s)
		ui.Panel(dst, mt, card)
		name := s.env.Names[g]
		line := lang.T("net.gone", name)
		if n.state(g) == "left" {
			line = lang.T("net.gone.left", name)
		}
		ls := mt.Wrap(line, ui.Body, card.W-mt.Pt(40))
		yy := card.Y + mt.Pt(16)
		for i, l := range ls {
			if i == 2 {
				break
			}
			mt.Text(dst, l, ui.Body, card.CX(), yy, ui.Center, sprites.Ink)
			yy += mt.LineHeight(ui.Body)
		}
	}
}

// drawSeats draws, in the panel above the log, each seat's piece, name and whether its
// player is connected (a green light here, saffron away).
func (n *netPlay) drawSeats(s *play, dst *ebiten.Image) {
	mt := s.mt
	box := n.seatsR
	lh := mt.LineHeight(ui.Small) + mt.Pt(4)
	if box.H < lh {
		return
	}
	sprites.Fill(dst, sprites.RoundRect(box.X, box.Y, box.W, box.H-mt.Pt(6), mt.Pt(8)), sprites.Fade(sprites.Ink, 0.35))
	y := box.Y + mt.Pt(4)
	for i := range s.players {
		if y+lh > box.Bottom() {
			break
		}
		dot := mt.Flip(ui.Rect{X: box.X + mt.Pt(6), W: mt.Pt(22)}, box)
		s.pieceDot(dst, s.players[i].Color%len(sprites.Players), dot.CX(), y+lh/2, mt.Pt(7))
		light := mt.Flip(ui.Rect{X: box.X + mt.Pt(28), W: mt.Pt(10)}, box)
		c := sprites.Fade(sprites.Chalk, 0.25)
		switch n.state(i) {
		case "here":
			c = sprites.StickGreen
		case "away":
			c = sprites.Saffron
		}
		if n.unknown(i) {
			c = sprites.Fade(sprites.Chalk, 0.25) // no word from the server now: not green
		}
		if i == n.tb.Mine() {
			c = sprites.StickGreen
			if n.status != online.Connected {
				c = sprites.Saffron
			}
		}
		sprites.Fill(dst, sprites.RoundRect(light.CX()-mt.Pt(4), y+lh/2-mt.Pt(4), mt.Pt(8), mt.Pt(8), mt.Pt(4)), c)
		words := mt.Flip(ui.Rect{X: box.X + mt.Pt(42), W: box.W - mt.Pt(48)}, box)
		row := lang.T("net.seat", s.env.Names[i], n.stateWord(i))
		mt.TextStart(dst, mt.Ellipsize(row, ui.Small, words.W), ui.Small, words, y+mt.Pt(2), sprites.Chalk)
		y += lh
	}
}

// unknown reports whether seat i's connection cannot be known now: another person's, while
// this screen has no connection to the server to hear of it.
func (n *netPlay) unknown(i int) bool {
	if i == n.tb.Mine() || n.status == online.Connected {
		return false
	}
	st := n.state(i)
	return st == "here" || st == "away"
}

// stateWord says seat i's connection.
func (n *netPlay) stateWord(i int) string {
	if i == n.tb.Mine() {
		if n.status == online.Reconnecting {
			return lang.T("net.state.away")
		}
		return lang.T("net.state.here")
	}
	if n.unknown(i) {
		return lang.T("net.state.unknown")
	}
	switch n.state(i) {
	case "here":
		return lang.T("net.state.here")
	case "away":
		return lang.T("net.state.away")
	case "left":
		return lang.T("net.state.left")
	case "computer":
		return lang.T("net.state.computer")
	}
	return lang.T("net.state.away")
}
