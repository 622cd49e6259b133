package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/online"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
	"sig/wire"
)

// onlineMenu is Play online: create a match and invite people, join one with a code, play a
// stranger (quick match), or watch. On a desktop or phone it also says which match server it
// uses and leads to changing it; in a browser the server is the one that served the page.
type onlineMenu struct {
	base
	bar    ui.Rect
	server ui.Rect // the line naming the server
	// serverLines is that line wrapped to the buttons' width.
	serverLines []string
	notice      string // why the last attempt failed (no server, a refused code…)
	noteR       ui.Rect
}

func newOnlineMenu(m *Manager, notice string) *onlineMenu {
	s := &onlineMenu{base: base{m: m}, notice: notice}
	s.build()
	return s
}

func (s *onlineMenu) Name() string { return "online" }

func (s *onlineMenu) build() {
	none := s.m.matchServer() == ""
	s.menu.Buttons = s.menu.Buttons[:0]
	s.menu.Add(&ui.Button{ID: "create", Label: lang.T("online.create"), Sub: lang.T("online.create.sub"), Icon: ui.IconPlay, Look: ui.Primary, Disabled: none, Draw: twoLineFace})
	s.menu.Add(&ui.Button{ID: "join", Label: lang.T("online.join"), Sub: lang.T("online.join.sub"), Disabled: none, Draw: twoLineFace})
	s.menu.Add(&ui.Button{ID: "quick", Label: lang.T("online.quick"), Sub: lang.T("online.quick.sub"), Disabled: none, Draw: twoLineFace})
	s.menu.Add(&ui.Button{ID: "watch", Label: lang.T("online.watch"), Sub: lang.T("online.watch.sub"), Disabled: none, Draw: twoLineFace})
	s.menu.Add(&ui.Button{ID: "name", Label: s.nameLine(), Look: ui.Quiet, Disabled: none})
	if !isBrowser {
		s.menu.Add(&ui.Button{ID: "server", Label: lang.T("online.server"), Icon: ui.IconGear, Look: ui.Quiet})
	}
	s.menu.Add(&ui.Button{ID: "back", Label: lang.T("back"), Icon: ui.IconBack, Look: ui.Quiet})
	s.menu.Focus = -1
	s.menu.Fix()
	if none {
		s.menu.FocusID("server")
	}
	if s.mt.Unit > 0 {
		s.Layout(s.mt)
	}
}

func (s *onlineMenu) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	rest = rest.Inset(mt.Pt(8))
	note := s.notice
	if note == "" && s.m.matchServer() == "" {
		note = lang.T("online.noserver.none")
	}
	s.noteR = noticeRect(mt, rest, note)
	if s.noteR.H > 0 {
		rest.H -= s.noteR.H + mt.Pt(12)
	}
	ids := []string{"create", "join", "quick", "watch"}
	bw := math.Min(mt.Pt(420), rest.W)
	bh, gap := mt.Pt(64), mt.Pt(12)
	if mt.TextScale > 1 {
		bh = mt.Pt(72)
	}
	// Each button as tall as its label and its second line wrapped at the button's width (a
	// longer language, larger text or a phone): never cut.
	heights := make([]float64, len(ids))
	least := make([]float64, len(ids))
	for i, id := range ids {
		least[i] = twoLineH(mt, s.menu.Get(id), bw)
		heights[i] = math.Max(bh, least[i])
	}
	// The line naming the server, wrapped, and the button that changes it under the reach
	// of its focus ring and the ink below the line (Naskh's dots).
	s.serverLines = nil
	srvH := 0.0
	_, below := mt.LineMargins(ui.Small)
	if !isBrowser {
		s.serverLines = mt.Wrap(s.serverLine(), ui.Small, bw)
		srvH = float64(len(s.serverLines))*mt.LineHeight(ui.Small) + below + mt.RingOut() + mt.Pt(2) + mt.Touch() + mt.Pt(12)
	}
	nameH := mt.Touch() + mt.Pt(8)
	sum := func() float64 {
		t := float64(len(ids)-1)*gap + mt.Pt(16) + srvH + nameH
		for _, h := range heights {
			t += h
		}
		return t
	}
	if over := sum() - rest.H; over > 0 {
		// A short screen: the buttons give up their spare height, not their words.
		for i := range heights {
			heights[i] = math.Max(math.Max(mt.Touch(), least[i]), heights[i]-over/float64(len(ids)))
		}
	}
	y := rest.Y + math.Max(0, (rest.H-sum())/2)
	for i, id := range ids {
		s.menu.Get(id).Rect = ui.Rect{X: rest.CX() - bw/2, Y: y, W: bw, H: heights[i]}
		y += heights[i] + gap
	}
	y += mt.Pt(4)
	if b := s.menu.Get("name"); b != nil {
		w := math.Min(bw, mt.Measure(ui.BodyBold, b.Label)+mt.Pt(48))
		b.Rect = ui.Rect{X: rest.CX() - w/2, Y: y, W: w, H: mt.Touch()}
		y += nameH
	}
	s.server = ui.Rect{}
	if b := s.menu.Get("server"); b != nil {
		lines := float64(len(s.serverLines)) * mt.LineHeight(ui.Small)
		s.server = ui.Rect{X: rest.CX() - bw/2, Y: y, W: bw, H: lines}
		w := math.Min(bw, mt.Measure(ui.BodyBold, b.Label)+mt.Pt(64))
		b.Rect = ui.Rect{X: rest.CX() - w/2, Y: y + lines + below + mt.RingOut() + mt.Pt(2), W: w, H: mt.Touch()}
	}
	s.rehit()
}

func (s *onlineMenu) Update(in []ui.Intent) {
	for _, it := range in {
		if it.Kind == ui.Back {
			s.m.Goto(newTitle(s.m))
			return
		}
		id := s.menu.Handle(it)
		if id == "" {
			continue
		}
		click()
		switch id {
		case "back":
			s.m.Goto(newTitle(s.m))
		case "create":
			s.m.Goto(newOnlinePicker(s.m, false))
		case "quick":
			s.m.Goto(newOnlinePicker(s.m, true))
		case "join":
			s.m.Goto(newEntry(s.m, entryJoin, ""))
		case "watch":
			s.m.Goto(newEntry(s.m, entryWatch, ""))
		case "server":
			s.m.Goto(newEntry(s.m, entryServer, ""))
		case "name":
			s.m.Goto(newEntry(s.m, entryName, ""))
		default:
			continue
		}
		return
	}
}

func (s *onlineMenu) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawHeader(dst, s.bar, lang.T("online.title"), "")
	if s.server.W > 0 {
		for i, l := range s.serverLines {
			mt.Text(dst, l, ui.Small, s.server.CX(), s.server.Y+float64(i)*mt.LineHeight(ui.Small), ui.Center, sprites.Wood)
		}
	}
	s.menu.Draw(dst, mt)
	note := s.notice
	if note == "" && s.m.matchServer() == "" {
		note = lang.T("online.noserver.none")
	}
	drawNotice(dst, mt, s.noteR, note)
}

// nameLine is the name button's words: what this player is called at the table, or an
// invitation to choose it.
func (s *onlineMenu) nameLine() string {
	if n := s.m.settings.Name; n != "" {
		return lang.T("online.name.at", n)
	}
	return lang.T("online.name.none")
}

// serverLine names the match server in use, or says there is none.
func (s *onlineMenu) serverLine() string {
	if u := s.m.matchServer(); u != "" {
		return lang.T("online.server.at", u)
	}
	return lang.T("online.server.none")
}

// matchServer is the WebSocket address of the match server Play online uses: the page's own
// in a browser, else the one given with -server or in Settings ("" for none).
func (m *Manager) matchServer() string {
	if u := online.PageServer(); u != "" {
		return u
	}
	return m.settings.Server
}

// matchSite is the web address invite links point to: the site the match server serves.
func (m *Manager) matchSite() string {
	if u := pageAddress(); u != "" {
		return u
	}
	return siteOf(m.matchServer())
}

// giveUp is how long a first connection is tried before Play online says the server cannot
// be reached: long enough for a page still starting on a slow phone (a variable: tests of an
// unreachable server wait less).
var giveUp = 20 * time.Second

// ticketEntry is the store entry of the last online seat held (keptSeat), so that a reload, a
// restart or a second opening of the same invite link takes the seat back instead of being
// refused.
const ticketEntry = "online-ticket"

// keptSeat is the ticketEntry: the session's ticket, and what a screen needs to show the seat
// again after a reload or a restart: the game, and whether this device made the match (with
// its invitations, which only the answer to create carries) or came to it by quick match.
type keptSeat struct {
	online.Ticket
	Game    string        `json:"game,omitempty"`
	Host    bool          `json:"host,omitempty"`
	Quick   bool          `json:"quick,omitempty"`
	Invites []wire.Invite `json:"invites,omitempty"`
}

// newSession opens a session with the match server; kept turns each ticket it gives into the
// entry the store keeps.
func (m *Manager) newSession(kept func(online.Ticket) keptSeat) *online.Session {
	return online.New(online.Config{
		URL:    m.matchServer(),
		GiveUp: giveUp,
		Name:   m.settings.Name,
		Keep: func(t online.Ticket) {
			if b, err := json.Marshal(kept(t)); err == nil {
				_ = m.store.save(ticketEntry, b)
			}
		},
	})
}

// keptSeat is the seat kept (ok false: none, or not one that can be taken back).
func (m *Manager) keptSeat() (keptSeat, bool) {
	var k keptSeat
	b, err := m.store.load(ticketEntry)
	if err != nil || json.Unmarshal(b, &k) != nil || !k.Valid() {
		return k, false
	}
	return k, true
}

// keptTicket is the ticket kept for match on the current server (ok false: none).
func (m *Manager) keptTicket(match string) (online.Ticket, bool) {
	k, ok := m.keptSeat()
	return k.Ticket, ok && k.Match == match && k.Server == m.matchServer()
}

// liveSeat is the seat this device holds in a match still going on the current server: the
// title offers it, and a reload or a restart takes it back.
func (m *Manager) liveSeat() (keptSeat, bool) {
	k, ok := m.keptSeat()
	return k, ok && k.Seat >= 0 && !k.Over && k.Server != "" && k.Server == m.matchServer()
}

// forgetSeat forgets the seat kept in match: it was left, or the server no longer has it.
func (m *Manager) forgetSeat(match string) {
	if k, ok := m.keptSeat(); ok && k.Match == match {
		_ = m.store.remove(ticketEntry)
	}
}

// onlineError says in the player's language why a session could not go on.
func onlineError(m *Manager, err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, online.ErrReplaced):
		return lang.T("online.err.replaced")
	}
	var r *wire.Refusal
	if errors.As(err, &r) {
		return refusalText(string(r.Reason))
	}
	var c *online.CloseError
	if errors.As(err, &c) {
		// The server answered, then closed: say how, not that it cannot be reached.
		return lang.T("online.err.closed", fmt.Sprintf("%d %s", c.Code, c.Reason))
	}
	return lang.T("online.noserver", m.matchServer())
}

// refusalText is the player's words for a refusal's reason.
func refusalText(reason string) string {
	switch reason {
	case "no-match", "no-seat", "wrong-secret", "bad-field":
		return lang.T("online.err.nomatch")
	case "invite-used":
		return lang.T("online.err.used")
	case "full":
		return lang.T("online.err.full")
	case "finished":
		return lang.T("online.err.finished")
	case "started":
		return lang.T("online.err.started")
	case "seats-empty":
		return lang.T("online.err.seats")
	case "rate", "busy":
		return lang.T("online.err.busy")
	}
	return lang.T("online.err.other", reason)
}
