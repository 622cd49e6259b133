//go:build screens

package scenes

// The screens of Play online that keep a seat and say what is true: the join screen keeping a
// refused code, the title's way back to a match, the lobby's Copy link, another person's turn,
// the results of a game ended for a player gone, and names (Play online's name button, its
// field, the setup's and the lobby's), in English and Arabic, wide and on a phone:
//
//	SIG_SHOTS=docs/screenshots/issue36-online go test -tags screens -run TestSeatKeptScreens ./scenes

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"sig/online"
	"sig/scenes/ui"
	"sig/server"
	"sig/wire"
)

func TestSeatKeptScreens(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration, c func() bool, l func(string, func(bool))) {
		awayAfter, canCopy, copyLink = d, c, l
	}(awayAfter, canCopy, copyLink)
	awayAfter = 300 * time.Millisecond
	canCopy = func() bool { return true }
	copyLink = func(_ string, done func(bool)) { done(true) }
	url := matchServerWith(t, server.Config{Away: 300 * time.Millisecond})

	refused := func(t *testing.T, m *Manager) {
		tap(t, m, "online")
		tap(t, m, "join")
		typeText(m, "zzzz-zzzz")
		step(m, ui.Intent{Kind: ui.Activate})
		until(t, "the refusal", func() bool { e, ok := m.Current().(*entry); return ok && e.pending == nil && e.err != "" }, m)
	}
	rejoin := func(t *testing.T, m *Manager) {
		k := keptSeat{Ticket: online.Ticket{Server: m.matchServer(), Match: "abcdefghijklmnopqrstuvwxyz", Seat: 1, Key: "abcdefghijklmnopqrstuvwxyz", Last: 9}, Game: "seega"}
		b, _ := json.Marshal(k)
		m.store.save(ticketEntry, b)
		m.cur = newTitle(m)
		m.cur.Layout(m.mt)
		for range 3 {
			step(m)
		}
	}
	copied := func(t *testing.T, m *Manager) {
		tap(t, m, "online")
		tap(t, m, "create")
		tap(t, m, "seega")
		tap(t, m, "start")
		l := lobbyOf(t, m)
		until(t, "the match", func() bool { return len(l.invites) > 0 }, m)
		tap(t, m, "copy")
		step(m)
	}
	// pair opens a Seega match between two sessions; m shows seat mine's side of it.
	pair := func(t *testing.T, m *Manager, mine int) (mineS, other *online.Session) {
		hs, gs := online.New(online.Config{URL: url}), online.New(online.Config{URL: url})
		t.Cleanup(hs.Close)
		t.Cleanup(gs.Close)
		hs.Create("seega", []wire.SeatSpec{{Kind: wire.Person}, {Kind: wire.Person}})
		waitFor(t, "the invite", func() bool { hs.Poll(); return len(hs.Invites()) > 0 })
		iv := hs.Invites()[0]
		gs.Join(hs.Ticket().Match, iv.Seat, iv.Secret)
		waitFor(t, "the guest's seat", func() bool { gs.Poll(); return gs.Seat() == 1 })
		hs.Start()
		s, o := hs, gs
		if mine == 1 {
			s, o = gs, hs
		}
		waitFor(t, "the start", func() bool {
			s.Poll()
			for _, ev := range s.Events() {
				if ev.Kind == wire.EvStart {
					return true
				}
			}
			return false
		})
		m.Goto(newOnlinePlay(m, s))
		return s, o
	}
	theirs := func(t *testing.T, m *Manager) {
		pair(t, m, 1)
		p := onlineScene(m)
		until(t, "the host's turn at rest", func() bool { q, _ := p.shownTurn(); return q == 0 && !p.q.Busy() && !p.dirty }, m)
		for range 10 {
			step(m)
		}
	}
	gone := func(t *testing.T, m *Manager) {
		_, other := pair(t, m, 0)
		p := onlineScene(m)
		other.Close()
		until(t, "the choice", func() bool { return p.menu.Get("choose-end") != nil }, m)
		time.Sleep(400 * time.Millisecond)
		tap(t, m, "choose-end")
		untilWithin(t, "the results", 30*time.Second, func() bool { return m.Current().Name() == "results" }, m)
		for range 10 {
			step(m)
		}
	}
	menuNamed := func(t *testing.T, m *Manager) {
		st := m.settings
		st.Name = "Amira"
		m.setSettings(st)
		tap(t, m, "online")
	}
	nameEntry := func(t *testing.T, m *Manager) {
		tap(t, m, "online")
		tap(t, m, "name")
		typeText(m, "Amira")
	}
	named := func(t *testing.T, m *Manager) {
		st := m.settings
		st.Name = "Amira"
		m.setSettings(st)
		tap(t, m, "online")
		tap(t, m, "create")
		tap(t, m, "seega")
	}
	lobbyNames := func(t *testing.T, m *Manager) {
		named(t, m)
		tap(t, m, "start")
		l := lobbyOf(t, m)
		until(t, "the match", func() bool { return len(l.invites) > 0 }, m)
		g := online.New(online.Config{URL: url, Name: "Bilal"})
		t.Cleanup(g.Close)
		g.JoinCode(l.invites[0].Code)
		until(t, "the friend", func() bool { g.Poll(); return l.seatName(1) == "Bilal" && l.states[1] == "here" }, m)
		for range 10 {
			step(m)
		}
	}
	var all []shot
	for _, l := range []string{"en", "ar"} {
		cfg := Config{Server: url, Lang: l}
		for _, size := range []struct {
			sfx  string
			w, h int
		}{{"", 1280, 800}, {"-portrait", 390, 844}} {
			sfx := size.sfx + "-" + l
			all = append(all,
				shot{"join-refused" + sfx, size.w, size.h, cfg, refused},
				shot{"title-rejoin" + sfx, size.w, size.h, cfg, rejoin},
				shot{"lobby-copied" + sfx, size.w, size.h, cfg, copied},
				shot{"play-theirs" + sfx, size.w, size.h, cfg, theirs},
				shot{"results-gone" + sfx, size.w, size.h, cfg, gone},
				shot{"online-menu-name" + sfx, size.w, size.h, cfg, menuNamed},
				shot{"name-entry" + sfx, size.w, size.h, cfg, nameEntry},
				shot{"setup-named" + sfx, size.w, size.h, cfg, named},
				shot{"lobby-names" + sfx, size.w, size.h, cfg, lobbyNames},
			)
		}
	}
	runShots(t, dir, all)
}
