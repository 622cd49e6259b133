package scenes

import (
	"strings"
	"testing"

	"sig/scenes/lang"
	"sig/scenes/ui"
)

// newTestOn is newTest with the store st: a second run of the app on the same device.
func newTestOn(t *testing.T, cfg Config, st store) *Manager {
	t.Helper()
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	m, err := newManager(cfg, st)
	if err != nil {
		t.Fatalf("newManager(%+v): %v", cfg, err)
	}
	m.LayoutF(1280, 800)
	return m
}

// hostSeega goes on m from the title through Play online and Seega's setup to the lobby of a
// new match, and returns the lobby once the server made the match.
func hostSeega(t *testing.T, m *Manager) *lobby {
	t.Helper()
	tap(t, m, "online")
	tap(t, m, "create")
	tap(t, m, "seega")
	tap(t, m, "start")
	l := lobbyOf(t, m)
	until(t, "the match", func() bool { return len(l.invites) == 1 && l.g != nil }, m)
	return l
}

// playSeat is the seat the play scene of m holds online (-2: not on an online play scene).
func playSeat(m *Manager) int {
	if p, ok := m.Current().(*play); ok && p.net != nil {
		return p.net.tb.Mine()
	}
	return -2
}

// The app restarted (or the page reloaded) in the middle of an online match takes its seat
// back, however the seat was taken: the host's, and the guest's taken by a typed code. A seat
// left on the way to the title is offered there and taken back from it.
func TestOnlineSeatKeptOnRestart(t *testing.T) {
	addr := startMatchServer(t)
	hostSt, guestSt := &memStore{}, &memStore{}
	host := newTestOn(t, Config{Server: addr}, hostSt)
	hl := hostSeega(t, host)
	code := hl.shownCode()

	// The host reloads in the lobby: the same lobby, its invitation still shown.
	host = newTestOn(t, Config{Server: addr}, hostSt)
	hl = lobbyOf(t, host)
	until(t, "the host's seat back", func() bool { return hl.seat == 0 && hl.g != nil }, host)
	if hl.mode != lobbyHost || hl.shownCode() != code {
		t.Fatalf("the host's lobby after a reload: mode %d, code %q (was %q)", hl.mode, hl.shownCode(), code)
	}

	guest := newTestOn(t, Config{Server: addr}, guestSt)
	tap(t, guest, "online")
	tap(t, guest, "join")
	typeText(guest, strings.ToLower(strings.ReplaceAll(code, "-", "")))
	step(guest, ui.Intent{Kind: ui.Activate})
	until(t, "the guest's lobby", func() bool { l, ok := guest.Current().(*lobby); return ok && l.seat == 1 }, guest, host)
	until(t, "the host to see the guest", func() bool { return hl.ready() }, host, guest)
	tap(t, host, "start")
	until(t, "the game on both", func() bool { return playSeat(host) == 0 && playSeat(guest) == 1 }, host, guest)

	// Both restart mid-game: each is back at its seat of the same match.
	match := hl.match
	for i, st := range []*memStore{hostSt, guestSt} {
		m := newTestOn(t, Config{Server: addr}, st)
		if _, ok := m.Current().(*lobby); !ok {
			t.Fatalf("seat %d: a restart in the middle of the match shows %q, not the way back to it", i+1, m.Current().Name())
		}
		until(t, "the seat back", func() bool { return playSeat(m) == i }, m)
		if got := m.Current().(*play).net.tb.Session().Ticket().Match; got != match {
			t.Fatalf("seat %d is back in match %s, not %s", i+1, got, match)
		}
		if i == 0 {
			host = m
		} else {
			guest = m
		}
	}

	// The guest goes to the title: Back to your online match is offered, and takes the seat.
	guest.Current().(*play).leave()
	guest.Goto(newTitle(guest))
	step(guest)
	want(t, guest, "title")
	if b := guest.Current().(*title).menu.Get("rejoin"); b == nil || b.Label != lang.T("online.rejoin") {
		t.Fatalf("the title offers no way back to the match: %v", guest.Current().Hits().Targets())
	}
	tap(t, guest, "rejoin")
	until(t, "the seat back from the title", func() bool { return playSeat(guest) == 1 }, guest, host)
}

// Quick match: a page reloaded while playing a stranger takes its seat back.
func TestQuickMatchSeatKept(t *testing.T) {
	addr := startMatchServer(t)
	sts := []*memStore{{}, {}}
	var ms []*Manager
	for i := range 2 {
		m := newTestOn(t, Config{Server: addr}, sts[i])
		tap(t, m, "online")
		tap(t, m, "quick")
		tap(t, m, "seega")
		ms = append(ms, m)
		if i == 0 {
			l := lobbyOf(t, m)
			until(t, "the first to queue", func() bool { return l.queued }, m)
		}
	}
	until(t, "the pairing", func() bool { return playSeat(ms[0]) >= 0 && playSeat(ms[1]) >= 0 }, ms...)
	seat := playSeat(ms[1])
	again := newTestOn(t, Config{Server: addr}, sts[1])
	until(t, "the stranger's seat back", func() bool { return playSeat(again) == seat }, again, ms[0])
}

// The host's lobby has Copy link where the device has a clipboard: it copies the link the
// QR code shows (the spectators' when that is shown) and says so on the button.
func TestLobbyCopiesTheLink(t *testing.T) {
	oldCopy, oldCan := copyLink, canCopy
	defer func() { copyLink, canCopy = oldCopy, oldCan }()
	var copied []string
	canCopy = func() bool { return true }
	copyLink = func(s string, done func(bool)) { copied = append(copied, s); done(true) }
	addr := startMatchServer(t)
	host := newTest(t, Config{Server: addr})
	hl := hostSeega(t, host)
	tap(t, host, "copy")
	step(host)
	if len(copied) != 1 || copied[0] != hl.link() || !strings.Contains(copied[0], "?join=") {
		t.Fatalf("Copy link copied %q; the lobby shows %q", copied, hl.link())
	}
	if b := hl.menu.Get("copy"); b == nil || b.Label != lang.T("online.lobby.copied") {
		t.Fatalf("the button after copying: %+v", b)
	}
	tap(t, host, "show-watch")
	tap(t, host, "copy")
	if len(copied) != 2 || copied[1] != hl.link() || !strings.Contains(copied[1], "?watch=") {
		t.Fatalf("Copy link with the spectators' link shown copied %q", copied)
	}
	canCopy = func() bool { return false }
	hl.build()
	if hl.menu.Get("copy") != nil {
		t.Fatal("Copy link shown where nothing can be copied")
	}
}

// Names online: the host types a name in the setup of an online match; it is kept on the
// device (the next setup shows it) and shown to the table; a guest chooses one in Play online
// (Your name at the table) and is shown by it on the host's screens, and the other way round.
func TestOnlineNames(t *testing.T) {
	addr := startMatchServer(t)
	host := newTest(t, Config{Server: addr})
	tap(t, host, "online")
	tap(t, host, "create")
	tap(t, host, "seega")
	tap(t, host, "name-0")
	typeText(host, "Amira")
	step(host, ui.Intent{Kind: ui.Activate})
	want(t, host, "setup")
	tap(t, host, "start")
	hl := lobbyOf(t, host)
	if host.settings.Name != "Amira" {
		t.Fatalf("the name typed is not kept: settings say %q", host.settings.Name)
	}
	until(t, "the match", func() bool { return len(hl.invites) == 1 }, host)

	// The guest chooses a name from Play online (a name field of its own).
	guest := newTest(t, Config{Server: addr})
	tap(t, guest, "online")
	tap(t, guest, "name")
	want(t, guest, "name")
	typeText(guest, "Bilal\x01")
	step(guest, ui.Intent{Kind: ui.Activate})
	want(t, guest, "online")
	if guest.settings.Name != "Bilal" {
		t.Fatalf("the name chosen in Play online is kept as %q", guest.settings.Name)
	}
	if b := guest.Current().(*onlineMenu).menu.Get("name"); b == nil || b.Label != lang.T("online.name.at", "Bilal") {
		t.Fatalf("Play online's name button: %+v", b)
	}
	tap(t, guest, "join")
	typeText(guest, hl.shownCode())
	step(guest, ui.Intent{Kind: ui.Activate})
	until(t, "the names on both lobbies", func() bool {
		gl, ok := guest.Current().(*lobby)
		return ok && gl.seatName(0) == "Amira" && hl.seatName(1) == "Bilal"
	}, guest, host)
	tap(t, host, "start")
	until(t, "the game on both", func() bool { return playSeat(host) == 0 && playSeat(guest) == 1 }, host, guest)
	if n := host.Current().(*play).env.Names[1]; n != "Bilal" {
		t.Errorf("the host's play scene names the guest %q", n)
	}
	if n := guest.Current().(*play).env.Names[0]; n != "Amira" {
		t.Errorf("the guest's play scene names the host %q", n)
	}

	again := newTestOn(t, Config{Server: addr}, host.store.(*memStore))
	again.Goto(newOnlineSetup(again, host.Current().(*play).g))
	if s := again.Current().(*setup); s.seats[0].Name != "Amira" {
		t.Errorf("the next online setup names the host %q", s.seats[0].Name)
	}
}
