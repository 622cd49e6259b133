package scenes

import (
	"encoding/json"
	"strings"
	"testing"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/ui"
)

// startFromSetup starts a game of id as a player does on a fresh install: the title's Play, the
// game's card in the picker, and Start in the setup (with hotSeat, the second seat is made a
// person first). It returns the play scene.
func startFromSetup(t *testing.T, m *Manager, id string, hotSeat bool) *play {
	t.Helper()
	want(t, m, "title")
	tap(t, m, "play")
	want(t, m, "picker")
	tap(t, m, id)
	want(t, m, "setup")
	if hotSeat {
		tap(t, m, "human-1")
	}
	tap(t, m, "start")
	want(t, m, "play")
	return m.Current().(*play)
}

// playTurns lets the game go on for n of the people's turns, taken with the panel's buttons (or
// the first move on a board that takes its moves by taps), the computer seats answering, and
// stops at rest with the game not over.
func playTurns(t *testing.T, m *Manager, p *play, n int) {
	t.Helper()
	for turns, ticks := 0, 0; turns < n; ticks++ {
		if ticks > 20_000 {
			t.Fatalf("%s: %d turns taken in %d ticks", p.g.ID, turns, ticks)
		}
		if p.d.Over() {
			t.Fatalf("%s: the game ended after %d moves: too short for this test", p.g.ID, p.d.Match().Moves())
		}
		if p.human() && !p.Busy() && !p.dirty {
			act(t, m, p)
			turns++
			continue
		}
		step(m)
	}
	for p.Busy() || p.dirty || !p.human() {
		step(m)
	}
}

// TestContinueFromSetup: for every game, alone against the computer and in hot seat, a game
// started through the setup as a player starts it, left by Pause → Menu, is offered by the
// title's Continue, which brings back the very game (position, record, undo, seats) and the
// sticks showing the throw in play. The save holds no level for a person.
func TestContinueFromSetup(t *testing.T) {
	for _, g := range games.All() {
		for _, hotSeat := range []bool{false, true} {
			name := g.ID + "/computer"
			if hotSeat {
				name = g.ID + "/hotseat"
			}
			t.Run(name, func(t *testing.T) {
				st := &memStore{}
				m, err := newManager(Config{Seed: 11}, st)
				if err != nil {
					t.Fatal(err)
				}
				m.LayoutF(1280, 800)
				m.settings.Speed = Instant
				a := startFromSetup(t, m, g.ID, hotSeat)
				playTurns(t, m, a, 5)
				step(m, ui.Intent{Kind: ui.Back})
				want(t, m, "pause")
				tap(t, m, "menu")
				want(t, m, "title")

				saved, _ := st.load(autosaveEntry)
				var sg savedGame
				if err := json.Unmarshal(saved, &sg); err != nil {
					t.Fatalf("the autosave does not read: %v\n%s", err, saved)
				}
				for i, sp := range sg.Players {
					if sp.Human && sp.Level != "" {
						t.Errorf("seat %d, a person, is saved with level %q", i+1, sp.Level)
					}
				}
				ti := m.Current().(*title)
				if ti.notice != "" {
					t.Fatalf("the title says %q", ti.notice)
				}
				if ti.menu.Get("continue") == nil {
					t.Fatalf("no Continue for the game started from the setup; store: %s", saved)
				}
				// The app is closed and opened again on the same store.
				m2, err := newManager(Config{Seed: 2}, st)
				if err != nil {
					t.Fatal(err)
				}
				m2.LayoutF(1280, 800)
				want(t, m2, "title")
				tap(t, m2, "continue")
				want(t, m2, "play")
				b := m2.Current().(*play)
				samePlay(t, a, b)
				for i := range a.players {
					if a.players[i] != b.players[i] {
						t.Errorf("seat %d continued as %+v, was %+v", i+1, b.players[i], a.players[i])
					}
				}
				if a.arena.Thrown() != b.arena.Thrown() || a.arena.Faces() != b.arena.Faces() || a.captionText() != b.captionText() {
					t.Errorf("the sticks: thrown %v, faces %b, %q before; thrown %v, faces %b, %q after Continue",
						a.arena.Thrown(), a.arena.Faces(), a.captionText(), b.arena.Thrown(), b.arena.Faces(), b.captionText())
				}
			})
		}
	}
}

// TestOldSaveWithPersonLevelLoads: a save written before seats had their level only for the
// computer (the setup gave people "medium", and every default name was stored in the language of
// the day) is continued: the level is ignored, and the default names follow the language now.
func TestOldSaveWithPersonLevelLoads(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.English)
	old := `{"format":"sig-save","version":1,"game":"seega","players":[` +
		`{"name":"Vous","color":0,"human":true,"level":"medium"},{"name":"Ordinateur","color":1,"human":false,"level":"hard"}],` +
		`"seed":42,"thinks":0,"record":{"game":"seega","players":2,"seed":42,"moves":["a1","b1"],"version":1}}`
	st := &memStore{}
	st.save(autosaveEntry, []byte(old))
	m := newTestStore(t, st)
	ti := m.Current().(*title)
	if ti.notice != "" || ti.menu.Get("continue") == nil {
		t.Fatalf("an old save: notice %q, continue %v", ti.notice, ti.menu.Get("continue") != nil)
	}
	tap(t, m, "continue")
	p := m.Current().(*play)
	if names := seatNames(p.players); strings.Join(names, ",") != "You,Computer" {
		t.Errorf("the old save's seats are called %q, want You and Computer (in English now)", names)
	}
	if p.d.Match().Moves() != 2 || !p.players[0].here() || p.players[1].here() {
		t.Errorf("continued %d moves, seats %+v", p.d.Match().Moves(), p.players)
	}
	if !p.env.IsYou(0) {
		t.Errorf("the person at the screen is not called you")
	}
	// Saved again, strictly: no level for the person, no default name.
	sg := p.saved()
	if sg.Players[0].Level != "" || sg.Players[0].Name != "" || sg.Players[1].Level != "hard" {
		t.Errorf("saved again as %+v", sg.Players)
	}
}

// TestUndoShowsTheThrowInPlay: after an undo the sticks lie as the throw now in play landed
// (the last throw left in the record, its faces as they were seen when it landed), never as the
// throw undone, and their caption says that throw.
func TestUndoShowsTheThrowInPlay(t *testing.T) {
	m := newTest(t, Config{Game: "sig-wa-duqqan", Seed: 6, Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}})
	m.settings.Speed = Instant
	p := m.Current().(*play)
	seen := map[int]uint8{} // the faces shown at rest after the throw that is move k
	caption := map[int]string{}
	undone := 0
	for ticks := 0; undone < 6 && ticks < 20_000; ticks++ {
		if p.Busy() || p.dirty || !p.human() {
			step(m)
			continue
		}
		rec := p.d.Match()
		if k := rec.Moves() - 1; k >= 0 && rec.MoveAt(k).IsThrow() {
			if _, ok := seen[k]; !ok {
				seen[k], caption[k] = p.arena.Faces(), p.captionText()
			}
		}
		// Every fourth turn at a throw, take back the last action, then play on.
		if rec.Moves() > 6 && p.d.State().Phase() == rules.PhaseThrow && rec.Moves()%4 == 0 && p.d.CanUndo() {
			step(m, ui.Intent{Kind: ui.Key, Rune: 'u'})
			undone++
			rec = p.d.Match()
			k := lastThrowIndex(rec)
			if k < 0 {
				if p.arena.Thrown() {
					t.Fatalf("undo to before any throw, yet the sticks show faces %b", p.arena.Faces())
				}
				continue
			}
			if got := p.arena.Faces(); got != seen[k] || !p.arena.Landed() {
				t.Fatalf("after undo (%d moves left) the sticks show %b (landed %v), want %b: the throw in play, move %d (%s)",
					rec.Moves(), got, p.arena.Landed(), seen[k], k+1, rec.Record().Moves[k])
			}
			if got := p.captionText(); got != caption[k] {
				t.Fatalf("after undo the caption reads %q, want %q", got, caption[k])
			}
			continue
		}
		act(t, m, p)
	}
	if undone < 6 {
		t.Fatalf("only %d undos tried", undone)
	}
}

// lastThrowIndex is the index of the last throw in r's moves, -1 for none.
func lastThrowIndex(r *rules.Match) int {
	for k := r.Moves() - 1; k >= 0; k-- {
		if r.MoveAt(k).IsThrow() {
			return k
		}
	}
	return -1
}

// TestSpaceNeverPauses: Space throws when a throw is due and otherwise presses nothing of the
// toolbar, wherever the focus ring sits (during the computer's turn it sits on Pause); Enter
// still presses the focused button.
func TestSpaceNeverPauses(t *testing.T) {
	m := newTest(t, Config{Game: "sig-wa-duqqan", Seed: 4, Seats: []Seat{{Who: match.Computer{Level: ai.Easy}}, {Who: match.Person{}}}})
	p := m.Current().(*play)
	space := ui.Intent{Kind: ui.Activate, Rune: ' '}
	for _, id := range toolbar {
		p.menu.FocusID(id)
		before := m.settings.Hints
		step(m, space)
		if m.Current() != p || m.settings.Hints != before || p.d.Match().Moves() != 0 {
			t.Fatalf("space with the focus on %s: scene %s, hints %v→%v, %d moves", id, m.Current().Name(), before, m.settings.Hints, p.d.Match().Moves())
		}
	}
	p.menu.FocusID("pause")
	step(m, ui.Intent{Kind: ui.Activate})
	want(t, m, "pause")
	// A person's throw: space throws.
	m = newTest(t, Config{Game: "sig-wa-duqqan", Seed: 4, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}})
	p = m.Current().(*play)
	p.menu.FocusID("pause")
	step(m, space)
	if m.Current() != p || p.d.Match().Moves() != 1 || !p.d.Match().MoveAt(0).IsThrow() {
		t.Fatalf("space at a throw due: scene %s, %d moves", m.Current().Name(), p.d.Match().Moves())
	}
}

// TestToolbarSaysWhatItDoes: Pause, Undo and Hints carry their names, beside the icon on a wide
// panel and under it on a narrow one (within the panel, clear of the turn card); toggling the
// hints says so on the turn card.
func TestToolbarSaysWhatItDoes(t *testing.T) {
	for _, size := range [][2]float64{{1920, 1080}, {1280, 800}, {390, 844}} {
		m, err := newManager(Config{Game: "seega", Seed: 1, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}}, &memStore{})
		if err != nil {
			t.Fatal(err)
		}
		m.LayoutF(size[0], size[1])
		p := m.Current().(*play)
		for _, id := range toolbar {
			b := p.menu.Get(id)
			named := b.Label == lang.T("play."+id)
			if p.toolNames {
				mt := p.mt
				w, top := mt.Measure(ui.Small, toolName(id)), b.Rect.Bottom()
				if named || w > b.Rect.W || top+mt.LineHeight(ui.Small) > p.turnR.Y || top+mt.LineHeight(ui.Small) > p.topR.Bottom()+1 {
					t.Errorf("%v: %s's name under it (%.0f wide in %.0f; %.0f–%.0f, turn card at %.0f)", size, id, w, b.Rect.W, top, top+mt.LineHeight(ui.Small), p.turnR.Y)
				}
			} else if !named {
				t.Errorf("%v: %s's button reads %q and nothing is written under it", size, id, b.Label)
			}
		}
		if size[0] == 1280 {
			if !p.toolNames {
				t.Errorf("at 1280×800 the toolbar's names are expected under the icons")
			}
			step(m, ui.Intent{Kind: ui.Key, Rune: 'h'})
			_, sub := p.turnText()
			if on := m.settings.Hints; sub != lang.T(map[bool]string{true: "play.hints.on", false: "play.hints.off"}[on]) {
				t.Errorf("after H (hints %v) the turn card says %q", on, sub)
			}
		}
	}
}

// TestSeatNamesFollowTheLanguage: a seat's default name ("Ordinateur 2") and the caption under
// the sticks are said in the language of the moment after a change mid-game; a name the player
// typed stays as typed.
func TestSeatNamesFollowTheLanguage(t *testing.T) {
	defer lang.Set(lang.Current())
	m := newTest(t, Config{Lang: "fr", Game: "es-sig", Seed: 2, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}, Name: "Amira"}}})
	m.settings.Speed = Instant
	p := m.Current().(*play)
	aboutTwo := func() bool {
		for _, l := range p.log {
			if l.Player == 1 {
				return true
			}
		}
		return false
	}
	for i := 0; i < 5000 && (p.thrown == nil || !aboutTwo() || p.Busy() || p.captionText() == ""); i++ {
		if p.human() && !p.Busy() {
			act(t, m, p)
		}
		step(m)
	}
	if got := strings.Join(p.env.Names, ","); got != "Vous,Ordinateur 2,Amira" {
		t.Fatalf("in French the seats are %q", got)
	}
	capFr := p.captionText()
	// A log line about the second seat (a computer with the default name). Inside a French
	// sentence the name takes its article from the catalogue: "L’ordinateur 2 lance…".
	line := -1
	for i, l := range p.log {
		if l.Player == 1 && strings.Contains(l.Text(), "L’ordinateur 2") {
			line = i
		}
	}
	if line < 0 {
		t.Fatalf("no log line names L’ordinateur 2: %v", p.log)
	}
	st := m.settings
	st.Lang = "en"
	m.setSettings(st)
	p.Layout(m.mt) // as coming back from the settings does
	if got := strings.Join(p.env.Names, ","); got != "You,Computer 2,Amira" {
		t.Errorf("after the change to English the seats are %q", got)
	}
	if got := p.log[line].Text(); !strings.Contains(got, "Computer 2") {
		t.Errorf("after the change to English the log still says %q", got)
	}
	capEn := p.captionText()
	if capEn == capFr || !strings.Contains(capEn, " up") {
		t.Errorf("the sticks' caption was %q in French, %q in English", capFr, capEn)
	}
}
