//go:build screens

package scenes

// The screens of Play online, against a match server started by the test on 127.0.0.1:
//
//	SIG_SHOTS=/tmp/shots go test -tags screens -run TestOnlineScreens ./scenes

import (
	"net"
	"os"
	"testing"
	"time"

	"sig/scenes/ui"
)

func onlineShots(t *testing.T, addr, dead string) []shot {
	// host creates a match of game with seats (the setup's taps), and has a friend join the
	// second seat by its code when join is set.
	host := func(game string, more int, join bool) func(t *testing.T, m *Manager) {
		return func(t *testing.T, m *Manager) {
			tap(t, m, "online")
			tap(t, m, "create")
			tap(t, m, game)
			for range more {
				tap(t, m, "more")
			}
			tap(t, m, "start")
			l := lobbyOf(t, m)
			until(t, "the match", func() bool { return len(l.invites) > 0 }, m)
			if join {
				// The friend's manager in the same language: the catalogue's language is the process's.
				g := newTest(t, Config{Server: addr, Join: l.invites[0].Code, Lang: m.settings.Lang})
				until(t, "the friend", func() bool { return l.states[l.invites[0].Seat] == "here" }, m, g)
			}
			for range 30 {
				step(m)
			}
		}
	}
	typing := func(t *testing.T, m *Manager) {
		tap(t, m, "online")
		tap(t, m, "join")
		typeText(m, "WTPX-K7")
	}
	touchTyping := func(t *testing.T, m *Manager) {
		tap(t, m, "online")
		tap(t, m, "join")
		x, y, _ := m.Current().Hits().Find(ui.Target{Kind: "button", ID: "field"})
		step(m, ui.Intent{Kind: ui.Tap, X: x, Y: y, Touch: true})
		typeText(m, "WTPX")
	}
	noServer := func(t *testing.T, m *Manager) {
		giveUp = 200 * time.Millisecond
		tap(t, m, "online")
		tap(t, m, "create")
		tap(t, m, "seega")
		tap(t, m, "start")
		l := lobbyOf(t, m)
		until(t, "the session to give up", func() bool { return l.err != "" }, m)
	}
	guest := func(t *testing.T, m *Manager) {
		h := newTest(t, Config{Server: addr, Lang: m.settings.Lang})
		host("sig-wa-duqqan", 0, false)(t, h)
		hl := lobbyOf(t, h)
		m.cur = newJoinLobby(m, invite{Code: hl.invites[0].Code})
		m.cur.Layout(m.mt)
		l := lobbyOf(t, m)
		until(t, "the seat", func() bool { return l.seat >= 0 && l.g != nil }, m, h)
		for range 30 {
			step(m, ui.Intent{})
		}
	}
	var all []shot
	for _, l := range []string{"en", "fr", "ar"} {
		sfx := ""
		if l != "en" {
			sfx = "-" + l
		}
		all = append(all,
			shot{"online-menu" + sfx, 1280, 800, Config{Server: addr, Lang: l}, func(t *testing.T, m *Manager) { tap(t, m, "online") }},
			shot{"online-menu-portrait" + sfx, 390, 844, Config{Server: addr, Lang: l}, func(t *testing.T, m *Manager) { tap(t, m, "online") }},
			shot{"online-lobby" + sfx, 1280, 800, Config{Server: addr, Lang: l}, host("seega", 0, true)},
			shot{"online-lobby-portrait" + sfx, 390, 844, Config{Server: addr, Lang: l}, host("seega", 0, true)},
			shot{"online-lobby-four" + sfx, 1280, 800, Config{Server: addr, Lang: l}, host("sig-wa-duqqan", 2, true)},
			shot{"online-join" + sfx, 1280, 800, Config{Server: addr, Lang: l}, typing},
			shot{"online-join-portrait" + sfx, 390, 844, Config{Server: addr, Lang: l}, touchTyping},
			shot{"online-guest" + sfx, 1280, 800, Config{Server: addr, Lang: l}, guest},
			shot{"online-noserver" + sfx, 1280, 800, Config{Server: dead, Lang: l}, noServer},
			shot{"online-noserver-portrait" + sfx, 390, 844, Config{Server: dead, Lang: l}, noServer},
			shot{"online-unset" + sfx, 1280, 800, Config{Lang: l}, func(t *testing.T, m *Manager) { tap(t, m, "online") }},
		)
	}
	return all
}

func TestOnlineScreens(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	addr := startMatchServer(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := ln.Addr().String()
	ln.Close()
	all := onlineShots(t, addr, dead)
	all = onlyShots(all)
	runShots(t, dir, all)
}
