package scenes

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"

	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/server"
)

// matchServer starts a real match server (cmd/sigserver's parts: an embedded NATS store and the
// WebSocket endpoint) on 127.0.0.1 and stops it when the test ends; it returns the address a
// player types in Settings.
func startMatchServer(t *testing.T) string {
	t.Helper()
	st, err := server.OpenStore(context.Background(), server.StoreConfig{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{Store: st, Rate: 1000, Burst: 1000})
	mux := http.NewServeMux()
	mux.Handle("/ws", srv.Handler(nil))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: mux}
	go hs.Serve(ln)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
	})
	return ln.Addr().String()
}

// until steps m (and the others, whose sessions must keep moving too) until cond holds, for at
// most ten seconds of the wall clock: the server answers over real sockets.
func until(t *testing.T, what string, cond func() bool, ms ...*Manager) {
	t.Helper()
	untilWithin(t, what, 10*time.Second, cond, ms...)
}

// untilWithin is until with a fail-safe of its own: a walk that steps big screens on a busy
// machine (TestTextFits's) may take longer than ten seconds to see a state it is sure to
// reach, and fails only when it does not come at all.
func untilWithin(t *testing.T, what string, failSafe time.Duration, cond func() bool, ms ...*Manager) {
	t.Helper()
	deadline := time.Now().Add(failSafe)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", failSafe, what)
		}
		for _, m := range ms {
			step(m)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func typeText(m *Manager, s string) {
	for _, r := range s {
		step(m, ui.Intent{Kind: ui.Char, Rune: r})
	}
}

func lobbyOf(t *testing.T, m *Manager) *lobby {
	t.Helper()
	l, ok := m.Current().(*lobby)
	if !ok {
		t.Fatalf("scene is %q, want the lobby", m.Current().Name())
	}
	return l
}

// The whole way a host and a friend take: the title, Play online, Create, Seega's setup with
// the second seat for an invited person, the lobby with its code and QR code; the friend types
// the code (in lower case, without the dash, as people do) and both see the seats fill; the
// host starts.
func TestOnlineCreateJoinStart(t *testing.T) {
	addr := startMatchServer(t)
	host := newTest(t, Config{Server: addr})
	want(t, host, "title")
	tap(t, host, "online")
	want(t, host, "online")
	tap(t, host, "create")
	want(t, host, "picker")
	tap(t, host, "seega")
	want(t, host, "setup")
	if !host.Current().(*setup).seats[1].here() {
		t.Fatal("the second seat of an online match is not for a person")
	}
	tap(t, host, "start")
	hl := lobbyOf(t, host)
	until(t, "the match to be created", func() bool { return len(hl.invites) == 1 }, host)
	if b := hl.menu.Get("start"); b == nil || !b.Disabled {
		t.Fatal("Start is usable before the invited seat is taken")
	}
	code := hl.shownCode()
	if _, ok := normalCode(code); !ok {
		t.Fatalf("the lobby shows %q, not a code", code)
	}
	// The QR code holds the invite link, and the link opens the seat the code opens.
	link := hl.link()
	checkQR(t, hl, link)
	iv, err := parseInvite(link)
	if err != nil || iv.Match != hl.match || iv.Seat != hl.invites[0].Seat || iv.Secret != hl.invites[0].Secret {
		t.Fatalf("the link %q reads as %+v (%v)", link, iv, err)
	}
	if !strings.HasPrefix(link, "http://"+addr+"/?join=") {
		t.Errorf("the link %q does not lead to the server's site", link)
	}

	guest := newTest(t, Config{Server: addr})
	tap(t, guest, "online")
	tap(t, guest, "join")
	want(t, guest, "join")
	typeText(guest, strings.ToLower(strings.ReplaceAll(code, "-", "")))
	step(guest, ui.Intent{Kind: ui.Activate})
	// The join screen stays until the server gives the seat.
	until(t, "the guest's lobby", func() bool { _, ok := guest.Current().(*lobby); return ok }, guest, host)
	gl := lobbyOf(t, guest)
	until(t, "the guest to be seated", func() bool { return gl.seat == 1 && gl.g != nil }, guest, host)
	if gl.g.ID != "seega" || len(gl.specs) != 2 {
		t.Errorf("the guest sees %s with %d seats, want seega with 2", gl.g.ID, len(gl.specs))
	}
	until(t, "the host to see the guest", func() bool { return hl.ready() }, host, guest)
	if hl.seatState(1) != lang.T("online.state.here") {
		t.Errorf("the host sees seat 2 as %q", hl.seatState(1))
	}
	if hl.menu.Get("start").Disabled {
		t.Fatal("Start is still disabled with every seat taken")
	}
	// A spectator follows by one of the seats' codes, typed in Watch a match.
	watcher := newTest(t, Config{Server: addr})
	tap(t, watcher, "online")
	tap(t, watcher, "watch")
	want(t, watcher, "watch")
	typeText(watcher, code)
	step(watcher, ui.Intent{Kind: ui.Activate})
	wl := lobbyOf(t, watcher)
	until(t, "the spectator to see the match", func() bool { return wl.match == hl.match && wl.g != nil }, watcher, host, guest)
	if wl.seat != -1 || wl.menu.Get("start") != nil {
		t.Errorf("the spectator holds seat %d, or may start", wl.seat)
	}
	tap(t, host, "start")
	until(t, "the game to begin on every screen", func() bool {
		return begun(host) && begun(guest) && begun(watcher)
	}, host, guest, watcher)
	for _, m := range []*Manager{host, guest, watcher} {
		want(t, m, "play") // the lobby handed the match to the play scene
	}
}

// Quick match: two strangers ask for Seega and are paired; the game begins on both.
func TestQuickMatch(t *testing.T) {
	addr := startMatchServer(t)
	var ms []*Manager
	var ls []*lobby
	for range 2 {
		m := newTest(t, Config{Server: addr})
		tap(t, m, "online")
		tap(t, m, "quick")
		want(t, m, "picker")
		tap(t, m, "seega")
		ls = append(ls, lobbyOf(t, m))
		ms = append(ms, m)
		if len(ms) == 1 {
			l := lobbyOf(t, m)
			until(t, "the first to queue", func() bool { return l.queued }, m)
		}
	}
	until(t, "the pairing", func() bool { return begun(ms[0]) && begun(ms[1]) }, ms...)
	a, b := ls[0], ls[1]
	if a.match != b.match || a.seat == b.seat || a.g.ID != "seega" {
		t.Errorf("paired into %s seat %d and %s seat %d (%s)", a.match, a.seat, b.match, b.seat, a.g.ID)
	}
}

// begun reports whether m's match began: its play scene took over, or the lobby says so.
func begun(m *Manager) bool {
	if l, ok := m.Current().(*lobby); ok {
		return l.begun
	}
	return m.Current().Name() == "play"
}

// checkQR reads the lobby's QR code with an independent decoder.
func checkQR(t *testing.T, l *lobby, link string) {
	t.Helper()
	dst := ebiten.NewImage(1280, 800)
	defer dst.Deallocate()
	l.Draw(dst)
	if l.code == nil || l.codeFor != link {
		t.Fatalf("the lobby drew no QR code of %q", link)
	}
	modules := make([][]bool, l.code.Size)
	for y := range modules {
		modules[y] = make([]bool, l.code.Size)
		for x := range modules[y] {
			modules[y][x] = l.code.Dark(x, y)
		}
	}
	res, err := decoder.NewDecoder().DecodeBoolMap(modules, nil)
	if err != nil {
		t.Fatalf("the QR code does not read: %v", err)
	}
	if res.GetText() != link {
		t.Errorf("the QR code reads %q, want %q", res.GetText(), link)
	}
}

// A code that is not one, typed: said under the field, and nothing is asked of the server.
func TestJoinRefusesWhatIsNotACode(t *testing.T) {
	m := newTest(t, Config{Server: "127.0.0.1:9"})
	tap(t, m, "online")
	tap(t, m, "join")
	for _, bad := range []string{"ABC", "ABCD-EFG0", "hello world!"} {
		e := m.Current().(*entry)
		e.value = ""
		typeText(m, bad)
		tap(t, m, "ok")
		want(t, m, "join")
		if e.err != lang.T("online.err.code") {
			t.Errorf("%q: the field says %q", bad, e.err)
		}
	}
}

// A code nobody gave, a used invitation and a full match each get their own words, on the join
// screen itself: it stays, with the code as typed and the reason under it, whether the code
// was typed or given at start (-join).
func TestJoinRefusals(t *testing.T) {
	addr := startMatchServer(t)
	host := newTest(t, Config{Server: addr})
	hl := hostSeega(t, host)
	code := hl.shownCode()

	typed := func(what string) *Manager {
		t.Helper()
		m := newTest(t, Config{Server: addr})
		tap(t, m, "online")
		tap(t, m, "join")
		typeText(m, what)
		step(m, ui.Intent{Kind: ui.Activate})
		until(t, "an answer to "+what, func() bool {
			e, ok := m.Current().(*entry)
			return !ok || e.pending == nil
		}, m, host)
		return m
	}
	refused := func(m *Manager, what, typed string, words ...string) {
		t.Helper()
		want(t, m, "join")
		e := m.Current().(*entry)
		if e.value != typed {
			t.Errorf("%s: the field holds %q, not the %q typed", what, e.value, typed)
		}
		for _, w := range words {
			if e.err == w {
				return
			}
		}
		t.Errorf("%s: the join screen says %q, want one of %q", what, e.err, words)
	}
	refused(typed("zzzz-zzzz"), "an unknown code", "zzzz-zzzz", lang.T("online.err.nomatch"))
	atStart := newTest(t, Config{Server: addr, Join: "ZZZZ-ZZZZ"})
	until(t, "an answer to -join", func() bool { e, ok := atStart.Current().(*entry); return !ok || e.pending == nil }, atStart)
	refused(atStart, "an unknown code given at start", "ZZZZ-ZZZZ", lang.T("online.err.nomatch"))
	if m := typed(code); lobbyOf(t, m).seat != 1 {
		t.Fatalf("the code given: seat %d", lobbyOf(t, m).seat)
	}
	refused(typed(code), "a used code", code, lang.T("online.err.used"), lang.T("online.err.full"))
}

// No server there: Play online says so plainly, and the title and a local game work on.
func TestOnlineWithNoServer(t *testing.T) {
	old := giveUp
	giveUp = 300 * time.Millisecond
	defer func() { giveUp = old }()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // a port where nothing listens
	m := newTest(t, Config{Server: addr})
	tap(t, m, "online")
	tap(t, m, "create")
	tap(t, m, "seega")
	tap(t, m, "start")
	l := lobbyOf(t, m)
	until(t, "the session to give up", func() bool { return l.err != "" }, m)
	if w := lang.T("online.noserver", "ws://"+addr+"/ws"); l.err != w {
		t.Errorf("the lobby says %q, want %q", l.err, w)
	}
	tap(t, m, "leave")
	want(t, m, "online")
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "title")
	tap(t, m, "play")
	tap(t, m, "seega")
	tap(t, m, "start")
	want(t, m, "play")

	// With no server set at all, Play online says how to set one and offers only that.
	m = newTest(t, Config{})
	tap(t, m, "online")
	if !m.Current().(*onlineMenu).menu.Get("create").Disabled {
		t.Error("Create is usable with no server")
	}
	tap(t, m, "server")
	want(t, m, "server")
	typeText(m, "not a server::")
	tap(t, m, "ok")
	if e := m.Current().(*entry); e.err != lang.T("online.err.address") {
		t.Errorf("a bad address: %q", e.err)
	}
	m.Current().(*entry).value = ""
	typeText(m, "192.168.1.20:8090")
	step(m, ui.Intent{Kind: ui.Activate})
	want(t, m, "online")
	if m.settings.Server != "ws://192.168.1.20:8090/ws" {
		t.Errorf("the server kept is %q", m.settings.Server)
	}
}

// -server is remembered in Settings; -join and -watch with nonsense are refused at once.
func TestOnlineFlags(t *testing.T) {
	st := &memStore{}
	m, err := newManager(Config{Server: "10.0.0.5:8090"}, st)
	if err != nil {
		t.Fatal(err)
	}
	if m.settings.Server != "ws://10.0.0.5:8090/ws" {
		t.Fatalf("-server gave %q", m.settings.Server)
	}
	again, err := newManager(Config{}, st)
	if err != nil || again.settings.Server != "ws://10.0.0.5:8090/ws" {
		t.Fatalf("the next run's server: %q, %v", again.settings.Server, err)
	}
	for _, cfg := range []Config{
		{Join: "nonsense"},
		{Join: "ABCD-EFG"},
		{Watch: "?"},
		{Join: "ABCD-EFGH", Watch: "ABCD-EFGH"},
		{Server: "ftp://x"},
		{Server: "host:99999"},
		{Join: "ABCD-EFGH", Game: "seega"},
	} {
		if _, err := newManager(cfg, &memStore{}); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
}

func TestInviteAndServerSpellings(t *testing.T) {
	for in, want := range map[string]string{
		"192.168.1.20:8090":        "ws://192.168.1.20:8090/ws",
		"http://example.org":       "ws://example.org/ws",
		"https://example.org/":     "wss://example.org/ws",
		"wss://example.org/sig/ws": "wss://example.org/sig/ws",
		" localhost:8090 ":         "ws://localhost:8090/ws",
	} {
		if got, err := serverURL(in); got != want || err != nil {
			t.Errorf("serverURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "ftp://x", "http://", "a b", "ws://h:0"} {
		if got, err := serverURL(bad); err == nil {
			t.Errorf("serverURL(%q) = %q, accepted", bad, got)
		}
	}
	id := strings.Repeat("a", 26)
	sec := strings.Repeat("b2", 13)
	for in, want := range map[string]invite{
		"abcd efgh":                          {Code: "ABCD-EFGH"},
		"abcdefgh":                           {Code: "ABCD-EFGH"},
		id + ".1." + sec:                     {Match: id, Seat: 1, Secret: sec},
		"http://h/?join=" + id + ".3." + sec: {Match: id, Seat: 3, Secret: sec},
		"https://h/sig/?join=WXYZ-2345":      {Code: "WXYZ-2345"},
	} {
		if got, err := parseInvite(in); got != want || err != nil {
			t.Errorf("parseInvite(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "ABCD-EFGI", "ABCD-EFGH-J", id + ".9." + sec, id + ".8." + sec, id + "." + sec, "ABCD.1." + sec, "http://h/?watch=" + id} {
		if got, err := parseInvite(bad); err == nil {
			t.Errorf("parseInvite(%q) = %+v, accepted", bad, got)
		}
	}
	if got := siteOf("wss://example.org/sig/ws"); got != "https://example.org/sig/" {
		t.Errorf("siteOf = %q", got)
	}
	if got := siteOf("ws://10.0.0.5:8090/ws"); got != "http://10.0.0.5:8090/" {
		t.Errorf("siteOf = %q", got)
	}
}

// textFitServer is the match server TestTextFits's Play online screens talk to.
var textFitServer string

// lookOnline takes m from the title through Play online's screens, as a player does, and looks
// at each: the menu, with and without a server; the code, spectator and server fields, typed
// into; the online setup of the game with the most seats; the host's lobby (invitation and
// spectators) with a friend joined; a guest's lobby; the match started, with the emote picker
// open; and the lobby saying no server answers.
func lookOnline(t *testing.T, m *Manager, look func(string)) {
	t.Helper()
	for i := 0; i < 40 && m.Current().Name() != "title"; i++ {
		step(m, ui.Intent{Kind: ui.Back})
	}
	want(t, m, "title")
	st := m.settings
	st.Server = ""
	m.setSettings(st)
	tap(t, m, "online")
	look("online, no server")
	tap(t, m, "server")
	typeText(m, "192.168.100.200:8090")
	look("server field")
	m.Current().(*entry).value = ""
	typeText(m, textFitServer)
	tap(t, m, "ok")
	want(t, m, "online")
	look("online")
	tap(t, m, "join")
	typeText(m, "WTPX-K7Q")
	look("join field")
	tap(t, m, "ok")
	look("join field, refused")
	tap(t, m, "back")
	tap(t, m, "watch")
	look("watch field")
	tap(t, m, "back")
	tap(t, m, "create")
	look("online picker")
	tap(t, m, "sig-wa-duqqan")
	for s := m.Current().(*setup); s.n < s.g.MaxPlayers; {
		tap(t, m, "more")
	}
	look("online setup")
	tap(t, m, "start")
	hl := lobbyOf(t, m)
	// Each wait is for what the screens report (the match made, the friend seated, the host
	// seeing them here), one after the other, with a generous fail-safe: the sockets are
	// real and the machine may be busy.
	const failSafe = 2 * time.Minute
	untilWithin(t, "the match", failSafe, func() bool { return len(hl.invites) > 0 }, m)
	guest := newTest(t, Config{Server: textFitServer, Lang: m.settings.Lang})
	guest.LayoutF(m.mt.W, m.mt.H)
	guest.setSettings(m.settings)
	seat := hl.invites[0].Seat
	guest.cur = newJoinLobby(guest, invite{Code: hl.invites[0].Code})
	guest.cur.Layout(guest.mt)
	gl := lobbyOf(t, guest)
	untilWithin(t, "the friend to be seated", failSafe, func() bool { return gl.seat == seat && gl.g != nil }, guest, m)
	untilWithin(t, "the host to see the friend here", failSafe, func() bool { return hl.states[seat] == "here" }, m, guest)
	look("lobby")
	tap(t, m, "show-watch")
	look("lobby, spectators")
	// The guest's screen, looked at on m: the same manager's hook sees its texts.
	gl.m = m
	m.cur = gl
	gl.Layout(m.mt)
	look("lobby, guest")
	gl.m = guest
	m.cur = hl
	hl.Layout(m.mt)
	// The match started, and the emote picker opened over the board.
	tap(t, m, "start")
	untilWithin(t, "the match to start", failSafe, func() bool { return m.Current().Name() == "play" }, m, guest)
	tap(t, m, "emote")
	look("play online, emotes")
	step(m, ui.Intent{Kind: ui.Back})
	tap(t, m, "menu")
	old := giveUp
	giveUp = 100 * time.Millisecond
	defer func() { giveUp = old }()
	st = m.settings
	st.Server = "ws://127.0.0.1:9/ws" // the discard port: nothing answers there
	m.setSettings(st)
	m.Goto(newQuickLobby(m, hl.g))
	ql := lobbyOf(t, m)
	untilWithin(t, "the session to give up", failSafe, func() bool { return ql.err != "" }, m)
	look("lobby, no server")
	tap(t, m, "leave")
}
