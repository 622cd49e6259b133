package scenes

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/online"
	"sig/qr"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
	"sig/wire"
)

// lobbyMode is how this screen came to the match.
type lobbyMode uint8

const (
	lobbyHost  lobbyMode = iota // created it: invites, Start
	lobbyGuest                  // joined a seat by link or code
	lobbyWatch                  // follows it as a spectator
	lobbyQuick                  // waits for a stranger to play a two-player game
)

// lobby is an online match before its game begins: the host sees the invitation as a link, a
// short code to read aloud and a QR code for a phone at the same table, and the seats filling
// with players as they join; a guest and a spectator see the seats and wait for the host.
// When the game begins the match goes on in the play scene (startOnline).
type lobby struct {
	base
	mode     lobbyMode
	sess     *online.Session
	g        *rules.Info // once known: at once for the host and a quick match, else from the match's first event
	specs    []wire.SeatSpec
	seat     int // ours; -1 for a spectator, or before the server gave one
	match    string
	invites  []wire.Invite
	states   map[int]string // each seat's presence (wire.Presence.State)
	names    map[int]string // the names players gave as they took their seats
	show     int            // the invite the QR code shows; len(invites) is the spectators' link
	status   online.Status
	queued   bool
	begun    bool   // the game began (and no play scene took it: see startOnline)
	wasReady bool   // every seat was taken at the last build
	err      string // why the match cannot go on here
	resuming string // the match whose kept seat this screen takes back ("": none)

	code    *qr.Code
	codeImg *ebiten.Image
	codeFor string

	bar, qrR, codeR, linkR, seatsR, statusR ui.Rect
	rows                                    []ui.Rect
	clock                                   float64
	changes                                 int

	// copied is the clipboard's answer to Copy link (copyDone, copyFailed), set when it comes
	// (a browser answers later) and taken by Update; copyWord is what the button says now
	// (0: Copy link), for copiedFor seconds more.
	copied    atomic.Int32
	copyWord  int32
	copiedFor float64
	linkBtns  ui.Rect // the row of Copy link and Share
}

// What became of a Copy link.
const (
	copyDone   = 1
	copyFailed = 2
)

// startOnline makes the play scene of an online match whose game has just begun (the session
// has delivered its start event): the play scene with its online parts. A variable, so that a
// test can keep the lobby on screen past the start; nil keeps it there, saying the game began.
var startOnline = newOnlinePlay

func newLobby(m *Manager, mode lobbyMode, g *rules.Info) *lobby {
	s := &lobby{base: base{m: m}, mode: mode, g: g, seat: -1, states: map[int]string{}, names: map[int]string{}}
	s.sess = m.newSession(s.kept)
	s.build()
	return s
}

// kept is what the store keeps of this screen's seat with ticket t.
func (s *lobby) kept(t online.Ticket) keptSeat {
	k := keptSeat{Ticket: t, Host: s.mode == lobbyHost, Quick: s.mode == lobbyQuick, Invites: s.sess.Invites()}
	if len(k.Invites) == 0 {
		k.Invites = s.invites // a resumed host's, from what was kept
	}
	if s.g != nil {
		k.Game = s.g.ID
	}
	return k
}

// newResumeLobby takes back the seat k, kept on this device (a reload, a restart, the title's
// Back to your online match): the whole match comes again, and a game under way goes on in
// the play scene.
func newResumeLobby(m *Manager, k keptSeat) Scene {
	if m.matchServer() == "" {
		return newOnlineMenu(m, "")
	}
	mode := lobbyGuest
	switch {
	case k.Host:
		mode = lobbyHost
	case k.Quick:
		mode = lobbyQuick
	}
	g, _ := games.Lookup(k.Game)
	s := newLobby(m, mode, g)
	s.invites, s.resuming = k.Invites, k.Match
	t := k.Ticket
	t.Last = 0 // the whole match again: this screen starts from nothing
	s.sess.Resume(t)
	return s
}

// newHostLobby creates a match of g with seats and shows its invitations.
func newHostLobby(m *Manager, g *rules.Info, seats []wire.SeatSpec) Scene {
	if m.matchServer() == "" {
		return newOnlineMenu(m, "")
	}
	s := newLobby(m, lobbyHost, g)
	s.specs = seats
	s.sess.Create(g.ID, seats)
	return s
}

// newJoinLobby takes the seat an invitation opens; the same link opened again (a reload)
// takes back the seat it gave, with the key kept then.
func newJoinLobby(m *Manager, iv invite) Scene {
	if m.matchServer() == "" {
		return newOnlineMenu(m, "")
	}
	s := newLobby(m, lobbyGuest, nil)
	switch t, ok := m.keptTicket(iv.Match); {
	case iv.Code != "":
		s.sess.JoinCode(iv.Code)
	case ok && t.Seat == iv.Seat:
		t.Last = 0 // the whole match again: this screen starts from nothing
		s.resuming = t.Match
		s.sess.Resume(t)
	default:
		s.sess.Join(iv.Match, iv.Seat, iv.Secret)
	}
	return s
}

// newWatchLobby follows a match (its id, or a seat's code) as a spectator.
func newWatchLobby(m *Manager, match string) Scene {
	if m.matchServer() == "" {
		return newOnlineMenu(m, "")
	}
	s := newLobby(m, lobbyWatch, nil)
	s.sess.Watch(match)
	return s
}

// newQuickLobby waits for a stranger to play g.
func newQuickLobby(m *Manager, g *rules.Info) Scene {
	if m.matchServer() == "" {
		return newOnlineMenu(m, "")
	}
	s := newLobby(m, lobbyQuick, g)
	s.sess.Quick(g.ID)
	return s
}

func (s *lobby) Name() string { return "lobby" }

// Changes counts what came from the server, so that each arrival is painted.
func (s *lobby) Changes() int { return s.changes }

// Animating keeps the waiting dots moving while the server is awaited.
func (s *lobby) Animating() bool { return s.err == "" && !s.begun }

func (s *lobby) build() {
	focus := ""
	if b := s.menu.Focused(); b != nil {
		focus = b.ID
	}
	s.menu.Buttons = s.menu.Buttons[:0]
	if s.mode == lobbyHost && len(s.invites) > 0 {
		for i, iv := range s.invites {
			label := lang.T("online.lobby.invite")
			if len(s.invites) > 1 {
				label = s.seatName(iv.Seat)
			}
			s.menu.Add(&ui.Button{ID: "show-" + strconv.Itoa(i), Label: label, Selected: s.show == i})
		}
		s.menu.Add(&ui.Button{ID: "show-watch", Label: lang.T("online.lobby.spectators"), Selected: s.show == len(s.invites)})
	}
	if s.mode == lobbyHost && s.match != "" {
		// The link, to paste in a message or hand to another app.
		if canCopy() {
			label := lang.T("online.lobby.copy")
			switch s.copyWord {
			case copyDone:
				label = lang.T("online.lobby.copied")
			case copyFailed:
				label = lang.T("online.lobby.nocopy")
			}
			s.menu.Add(&ui.Button{ID: "copy", Label: label, Look: ui.Plain})
		}
		if canShare() {
			s.menu.Add(&ui.Button{ID: "share", Label: lang.T("online.lobby.share"), Look: ui.Plain})
		}
	}
	if s.mode == lobbyHost {
		s.menu.Add(&ui.Button{ID: "start", Label: lang.T("online.lobby.start"), Icon: ui.IconPlay, Look: ui.Primary, Disabled: !s.ready()})
	}
	s.menu.Add(&ui.Button{ID: "leave", Label: lang.T("online.lobby.leave"), Look: ui.Plain})
	s.menu.Focus = -1
	if focus == "" || focus == "leave" && s.ready() && !s.wasReady {
		focus = "start" // everyone came: Enter starts
	}
	s.wasReady = s.ready()
	s.menu.FocusID(focus)
	s.menu.Fix()
	if s.mt.Unit > 0 {
		s.Layout(s.mt)
	}
}

// ready reports whether every person's seat is taken, so the host may start.
func (s *lobby) ready() bool {
	if s.err != "" || s.match == "" || len(s.specs) == 0 {
		return false
	}
	for i, sp := range s.specs {
		if sp.Kind == wire.Person && i != s.seat {
			if st := s.states[i]; st == "" || st == "empty" {
				return false
			}
		}
	}
	return true
}

// seatName is seat i's name on every screen of the match: the name its player gave, else its
// number ("Player 2", "Computer 3"), and "You" for this screen's own seat.
func (s *lobby) seatName(i int) string {
	if i == s.seat {
		return lang.T("log.you")
	}
	if n := s.names[i]; n != "" {
		return n
	}
	if i < len(s.specs) && s.specs[i].Kind == wire.Computer {
		return lang.T("player.computer", i+1)
	}
	return lang.T("player.n", i+1)
}

// seatState is what seat i's row says about it.
func (s *lobby) seatState(i int) string {
	if i < len(s.specs) && s.specs[i].Kind == wire.Computer {
		return levelWord(s.specs[i].Level)
	}
	switch s.states[i] {
	case "here":
		return lang.T("online.state.here")
	case "away":
		return lang.T("online.state.away")
	case "left":
		return lang.T("online.state.left")
	case "computer":
		return lang.T("online.state.computer")
	}
	return lang.T("online.state.empty")
}

// levelWord is a computer level's name from the server's spelling of it.
func levelWord(l string) string {
	if lang.Has(lang.Current(), "level."+l) {
		return lang.T("level." + l)
	}
	return l
}

// link is what the QR code and the link line show (the host's), "" for none yet.
func (s *lobby) link() string {
	if s.mode != lobbyHost || s.match == "" {
		return ""
	}
	site := s.m.matchSite()
	if s.show < len(s.invites) {
		return inviteLink(site, s.match, s.invites[s.show])
	}
	return watchLink(site, s.match)
}

// shownCode is the short code under the QR code ("" for the spectators' link, which has none).
func (s *lobby) shownCode() string {
	if s.show < len(s.invites) {
		return s.invites[s.show].Code
	}
	return ""
}

func (s *lobby) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	foot, rest := rest.CutBottom(mt.Pt(72))
	rest = rest.Inset(mt.Pt(8))
	// Below the header's reach: its title and line may take 12 points under the bar
	// (drawHeader), and the focus ring of a toggle at the top reaches above it.
	_, rest = rest.CutTop(mt.Pt(4) + mt.RingOut())
	gap := mt.Pt(16)
	rowH := mt.Pt(52)
	n := len(s.specs)
	// The seats' side: its heading, the rows, and under them where the match stands, on as
	// many lines as the longest thing it may say takes (at the width it gets on a phone), with
	// Naskh's dots, clear of the focus ring of the buttons at the foot.
	_, below := mt.LineMargins(ui.Body)
	statusH := float64(s.statusLines(rest.W))*mt.LineHeight(ui.Body) + below + mt.RingOut()
	seatsH := mt.LineHeight(ui.BodyBold) + mt.Pt(6) + float64(n)*(rowH+mt.Pt(6)) + mt.Pt(6) + statusH
	host := s.mode == lobbyHost
	toggles := []*ui.Button{}
	for _, b := range s.menu.Buttons {
		if len(b.ID) > 5 && b.ID[:5] == "show-" {
			toggles = append(toggles, b)
		}
	}
	togH := 0.0
	if len(toggles) > 0 {
		togH = mt.Pt(44) + mt.Pt(8)
	}
	codeH := mt.LineHeight(ui.Small) + mt.LineHeight(ui.Title)
	linkH := 3 * mt.LineHeight(ui.Small)
	var linkBtns []*ui.Button
	for _, id := range []string{"copy", "share"} {
		if b := s.menu.Get(id); b != nil {
			linkBtns = append(linkBtns, b)
		}
	}
	if len(linkBtns) > 0 {
		linkH += mt.Pt(4) + mt.Pt(44) + mt.RingOut()
	}
	var left, right ui.Rect
	if !mt.Portrait() && rest.W > mt.Pt(700) {
		left, right = rest.CutLeft(math.Min(rest.W*0.48, mt.Pt(520)))
		right.X += gap
		right.W -= gap
		left, right = mt.Flip(left, rest), mt.Flip(right, rest)
	} else {
		top := togH + codeH + linkH + mt.Pt(200)
		if !host {
			top = math.Min(mt.Pt(220), rest.H-seatsH)
		}
		left, right = rest.CutTop(math.Max(0, math.Min(top, rest.H-seatsH)))
		right.Y += mt.Pt(8)
	}
	// The invitation's side: the toggles, the QR code, the code and the link.
	y := left.Y
	if len(toggles) > 0 {
		ws := left.Columns(len(toggles), mt.Pt(8))
		for i, b := range toggles {
			r := ws[i]
			r.Y, r.H = y, mt.Pt(44)
			b.Rect = mt.Flip(r, left)
		}
		y += togH
	}
	side := math.Max(0, math.Min(left.W, left.Bottom()-y-codeH-linkH-mt.Pt(12)))
	if host {
		s.qrR = ui.Rect{X: left.CX() - side/2, Y: y, W: side, H: side}
		y += side + mt.Pt(8)
		s.codeR = ui.Rect{X: left.X, Y: y, W: left.W, H: codeH}
		y += codeH + mt.Pt(4)
		s.linkR = ui.Rect{X: left.X, Y: y, W: left.W, H: 3 * mt.LineHeight(ui.Small)}
		s.linkBtns = ui.Rect{}
		if len(linkBtns) > 0 {
			gapB := mt.Pt(8)
			bw := math.Min(mt.Pt(200), (left.W-gapB*float64(len(linkBtns)-1))/float64(len(linkBtns)))
			rowW := bw*float64(len(linkBtns)) + gapB*float64(len(linkBtns)-1)
			s.linkBtns = ui.Rect{X: left.CX() - rowW/2, Y: s.linkR.Bottom() + mt.Pt(4), W: rowW, H: mt.Pt(44)}
			for i, b := range linkBtns {
				b.Rect = mt.Flip(ui.Rect{X: s.linkBtns.X + float64(i)*(bw+gapB), Y: s.linkBtns.Y, W: bw, H: s.linkBtns.H}, s.linkBtns)
			}
		}
	} else {
		s.qrR, s.codeR, s.linkR = left.Inset(mt.Pt(8)), ui.Rect{}, ui.Rect{}
	}
	// The seats' side.
	s.seatsR = right
	y = right.Y + mt.LineHeight(ui.BodyBold) + mt.Pt(6)
	s.rows = s.rows[:0]
	for range n {
		s.rows = append(s.rows, ui.Rect{X: right.X, Y: y, W: right.W, H: rowH})
		y += rowH + mt.Pt(6)
	}
	s.statusR = ui.Rect{X: right.X, Y: y + mt.Pt(6), W: right.W, H: right.Bottom() - y - mt.Pt(6)}
	if n == 0 {
		s.statusR = right
	}
	// The footer: Leave, and Start for the host.
	bw := math.Min(mt.Pt(220), (foot.W-gap)/2)
	if b := s.menu.Get("start"); b != nil {
		s.menu.Get("leave").Rect = mt.Flip(ui.Rect{X: foot.CX() - bw - gap/2, Y: foot.Y + mt.Pt(10), W: bw, H: mt.Pt(52)}, foot)
		b.Rect = mt.Flip(ui.Rect{X: foot.CX() + gap/2, Y: foot.Y + mt.Pt(10), W: bw, H: mt.Pt(52)}, foot)
	} else {
		s.menu.Get("leave").Rect = ui.Rect{X: foot.CX() - bw/2, Y: foot.Y + mt.Pt(10), W: bw, H: mt.Pt(52)}
	}
	s.rehit()
}

func (s *lobby) Update(in []ui.Intent) {
	s.clock += tick
	if c := s.copied.Swap(0); c != 0 {
		// The clipboard answered: its word shows on the button for a while.
		s.copyWord, s.copiedFor = c, 3
		s.build()
	} else if s.copiedFor > 0 {
		if s.copiedFor -= tick; s.copiedFor <= 0 {
			s.copyWord = 0
			s.build()
		}
	}
	s.poll()
	if s.m.Current() != Scene(s) {
		return // the game began: the play scene has the match now
	}
	for _, it := range in {
		if it.Kind == ui.Back {
			s.leave()
			return
		}
		id := s.menu.Handle(it)
		if id == "" {
			continue
		}
		click()
		switch id {
		case "leave", "back":
			s.leave()
			return
		case "start":
			if s.ready() {
				s.sess.Start()
			}
		case "copy":
			copyLink(s.link(), func(ok bool) {
				w := int32(copyFailed)
				if ok {
					w = copyDone
				}
				s.copied.Store(w)
			})
		case "share":
			if s.g != nil {
				shareLink(lang.T("online.lobby.share.title", gameName(s.g)), s.link())
			}
		case "show-watch":
			s.show = len(s.invites)
			s.build()
		default:
			if n, ok := strings.CutPrefix(id, "show-"); ok {
				if k, err := strconv.Atoi(n); err == nil && k >= 0 && k < len(s.invites) {
					s.show = k
					s.build()
				}
			}
		}
	}
}

// leave gives the seat up (a spectator just goes) and goes back to Play online. A seat being
// taken back and not reached yet stays kept: the title offers it again.
func (s *lobby) leave() {
	if s.mode == lobbyWatch || s.err != "" || s.seat < 0 {
		s.sess.Close()
	} else {
		s.sess.Leave()
		s.m.forgetSeat(s.match)
	}
	s.m.Goto(newOnlineMenu(s.m, ""))
}

// poll takes what the server said since the last tick.
func (s *lobby) poll() {
	rebuild := false
	for _, u := range s.sess.Poll() {
		s.changes++
		switch u.Kind {
		case online.KStatus:
			s.status = u.Status
			if u.Status == online.Closed && u.Err != nil {
				s.err = onlineError(s.m, u.Err)
				rebuild = true
				var r *wire.Refusal
				if errors.As(u.Err, &r) && s.resuming != "" {
					s.m.forgetSeat(s.resuming) // the server has no such seat any more
				}
			}
		case online.KCreated:
			s.match, s.seat, s.invites = u.Match, u.Seat, u.Invites
			rebuild = true
		case online.KJoined:
			s.match, s.seat = u.Match, u.Seat
			s.queued = false
			rebuild = true
		case online.KWatching:
			s.match = u.Match
		case online.KQueued:
			s.queued = true
		case online.KPresence:
			for _, p := range u.Presence {
				s.states[p.Seat] = p.State
			}
			rebuild = true
		case online.KRefused:
			if u.For == wire.TStart && u.Refusal != nil {
				s.err = refusalText(string(u.Refusal.Reason))
				rebuild = true
			}
		case online.KEvent:
			switch ev := u.Event; ev.Kind {
			case wire.EvOpen:
				if g, ok := games.Lookup(ev.Game); ok {
					s.g = g
				}
				s.specs = ev.Seats
				rebuild = true
			case wire.EvSeated:
				s.names[ev.Seat] = ev.Name
				if s.states[ev.Seat] == "" || s.states[ev.Seat] == "empty" {
					s.states[ev.Seat] = "here"
				}
				rebuild = true
			case wire.EvStart:
				s.begun = true
				if startOnline != nil {
					s.m.Goto(startOnline(s.m, s.sess))
					return
				}
				rebuild = true
			case wire.EvOver:
				if !s.begun {
					s.err = lang.T("online.err.finished")
				}
			}
		}
	}
	if rebuild {
		s.build()
	}
}

func (s *lobby) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	title := lang.T("online.title")
	if s.g != nil {
		title = gameName(s.g)
	}
	s.drawHeader(dst, s.bar, title, s.subtitle())
	if s.link() != "" {
		s.drawInvite(dst)
	} else if s.g != nil && s.qrR.W > 0 && s.qrR.H > 0 {
		// No invitation to show (a guest, a spectator, or no match made): the game's board.
		colors := make([]sprites.PlayerColor, max(2, len(s.specs)))
		for i := range colors {
			colors[i] = sprites.Player(i)
		}
		side := math.Min(s.qrR.W, s.qrR.H)
		sprites.DrawBoardPictureFor(dst, s.g.ID, s.qrR.Centered(side, side).S(), colors)
	}
	s.drawSeats(dst)
	s.menu.Draw(dst, mt)
}

// subtitle says where the match stands.
func (s *lobby) subtitle() string {
	switch s.mode {
	case lobbyHost:
		return lang.T("online.lobby.host")
	case lobbyWatch:
		return lang.T("online.lobby.watching")
	case lobbyQuick:
		return lang.T("online.quick")
	}
	return lang.T("online.lobby.guest")
}

// drawInvite draws the QR code of the link shown, the code under it and the link itself.
func (s *lobby) drawInvite(dst *ebiten.Image) {
	mt := s.mt
	link := s.link()
	if link == "" || s.qrR.W < mt.Pt(40) {
		return
	}
	if link != s.codeFor {
		if s.codeImg != nil {
			sprites.Release(s.codeImg)
			s.codeImg = nil
		}
		s.codeFor = link
		if c, err := qr.Encode([]byte(link), qr.M); err == nil {
			s.code = c
			s.codeImg = sprites.NewImageFromImage("invite code", c.Image(1))
		}
	}
	if s.codeImg != nil {
		// Whole pixels to a module, on white: what a camera reads best.
		n := float64(s.codeImg.Bounds().Dx())
		scale := math.Max(1, math.Floor(s.qrR.W/n))
		side := n * scale
		x, y := math.Round(s.qrR.CX()-side/2), math.Round(s.qrR.Y+(s.qrR.H-side)/2)
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Scale(scale, scale)
		op.GeoM.Translate(x, y)
		dst.DrawImage(s.codeImg, op)
	}
	if code := s.shownCode(); code != "" {
		mt.Text(dst, lang.T("online.lobby.code"), ui.Small, s.codeR.CX(), s.codeR.Y, ui.Center, sprites.Wood)
		mt.Text(dst, code, ui.Title, s.codeR.CX(), s.codeR.Y+mt.LineHeight(ui.Small), ui.Center, sprites.Ink)
	} else {
		mt.Text(dst, mt.Ellipsize(lang.T("online.lobby.spectators.sub"), ui.Small, s.codeR.W), ui.Small, s.codeR.CX(), s.codeR.Y, ui.Center, sprites.Wood)
	}
	// The link, cut where it must be to fit (a link has no spaces to wrap at).
	y := s.linkR.Y
	for i, line := range splitToFit(mt, link, ui.Small, s.linkR.W) {
		if i == 3 {
			break
		}
		mt.Text(dst, line, ui.Small, s.linkR.CX(), y, ui.Center, sprites.Indigo)
		y += mt.LineHeight(ui.Small)
	}
}

// splitToFit cuts s into lines no wider than w, at any character.
func splitToFit(mt ui.Metrics, s string, st ui.Style, w float64) []string {
	var lines []string
	r := []rune(s)
	for len(r) > 0 {
		n := len(r)
		for n > 1 && mt.Measure(st, string(r[:n])) > w {
			n--
		}
		lines = append(lines, string(r[:n]))
		r = r[n:]
	}
	return lines
}

// drawSeats draws the seats, each with its colour, its name and whether its player is here,
// and under them where the match stands.
func (s *lobby) drawSeats(dst *ebiten.Image) {
	mt := s.mt
	if len(s.rows) > 0 {
		mt.TextStart(dst, mt.Ellipsize(lang.T("online.lobby.seats"), ui.BodyBold, s.seatsR.W), ui.BodyBold, s.seatsR, s.seatsR.Y, sprites.Ink)
	}
	for i, r := range s.rows {
		sprites.Fill(dst, sprites.RoundRect(r.X, r.Y, r.W, r.H, mt.Pt(10)), sprites.Fade(sprites.Chalk, 0.85))
		if i == s.seat {
			sprites.FrameRoundRect(dst, r.X, r.Y, r.W, r.H, mt.Pt(10), mt.Pt(2), sprites.Indigo)
		}
		pr := mt.Pt(12)
		px := r.X + mt.Pt(12) + pr
		if mt.RTL {
			px = r.Right() - mt.Pt(12) - pr
		}
		sprites.DrawPiece(dst, sprites.Player(i), px, r.CY(), pr, 0)
		text := ui.Rect{X: r.X + mt.Pt(12) + 2*pr + mt.Pt(10), Y: r.Y, W: r.W - 2*pr - mt.Pt(34), H: r.H}
		text = mt.Flip(text, r)
		name, state := s.seatName(i), s.seatState(i)
		nameW := math.Min(mt.Measure(ui.BodyBold, name), text.W*0.5)
		mt.TextStart(dst, mt.Ellipsize(name, ui.BodyBold, nameW+1), ui.BodyBold, text, r.CY()-mt.LineHeight(ui.BodyBold)/2, sprites.Ink)
		col := sprites.Wood
		if s.states[i] == "here" {
			col = sprites.Olive
		}
		stR := mt.Flip(ui.Rect{X: text.X + nameW + mt.Pt(12), Y: r.Y, W: text.W - nameW - mt.Pt(12), H: r.H}, text)
		if mt.RTL {
			stR = ui.Rect{X: text.X, Y: r.Y, W: text.W - nameW - mt.Pt(12), H: r.H}
		}
		mt.TextStart(dst, mt.Ellipsize(state, ui.Small, stR.W), ui.Small, stR, r.CY()-mt.LineHeight(ui.Small)/2, col)
	}
	msg, col := s.statusText(), sprites.Wood
	if s.err != "" {
		msg, col = s.err, sprites.Terracotta
	}
	y := s.statusR.Y
	for i, l := range mt.Wrap(msg, ui.Body, s.statusR.W) {
		if y+mt.LineHeight(ui.Body) > s.statusR.Bottom()+1 && i > 0 {
			break
		}
		mt.TextStart(dst, l, ui.Body, s.statusR, y, col)
		y += mt.LineHeight(ui.Body)
	}
}

// statusLines is how many lines the longest of what the status may say takes, w wide.
func (s *lobby) statusLines(w float64) int {
	mt := s.mt
	n := len(mt.Wrap(s.err, ui.Body, w))
	for _, k := range []string{"online.lobby.begun", "online.reconnecting", "online.quick.waiting", "online.connecting", "online.lobby.ready", "online.lobby.waiting", "online.lobby.watch.wait", "online.lobby.guest.wait"} {
		n = max(n, len(mt.Wrap(lang.T(k)+"...", ui.Body, w)))
	}
	return n
}

// statusText says what the screen waits for.
func (s *lobby) statusText() string {
	dots := [...]string{"", ".", "..", "..."}[int(s.clock*2)%4]
	switch {
	case s.begun:
		return lang.T("online.lobby.begun")
	case s.status == online.Reconnecting:
		return lang.T("online.reconnecting") + dots
	case s.match == "" && s.mode == lobbyQuick && s.queued:
		return lang.T("online.quick.waiting") + dots
	case s.match == "":
		return lang.T("online.connecting") + dots
	case s.mode == lobbyHost && s.ready():
		return lang.T("online.lobby.ready")
	case s.mode == lobbyHost:
		return lang.T("online.lobby.waiting") + dots
	case s.mode == lobbyWatch:
		return lang.T("online.lobby.watch.wait") + dots
	}
	return lang.T("online.lobby.guest.wait") + dots
}
