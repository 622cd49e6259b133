package scenes

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/ui"
)

// playRandom plays n moves in the play scene: for a person, as the buttons would (a throw
// with the match's own generator when one is due, else a random legal move); for a computer
// seat, its own decision, thought through the match driver. It stops early at the end.
func playRandom(t *testing.T, p *play, rng *rand.Rand, n int) {
	t.Helper()
	for i := 0; i < n && p.d.State().Phase() != rules.PhaseOver; i++ {
		before := p.d.Match().Moves()
		switch {
		case !p.human():
			for p.d.Match().Moves() == before {
				p.compWait = computerWait * 2 // no pause: the computer thinks at once
				p.computerTurn()
			}
		case p.d.State().Phase() == rules.PhaseThrow:
			p.throw()
		default:
			p.apply(p.legal[rng.IntN(len(p.legal))], 0)
		}
		if p.d.Match().Moves() != before+1 {
			t.Fatalf("move %d was not played: %s", before+1, p.note)
		}
		p.q.Finish()
		p.compWait = 0
		p.advance()
	}
}

func wireJSON(t *testing.T, s rules.State) string {
	t.Helper()
	b, err := json.Marshal(s.Wire())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// samePlay fails unless b is a exact copy of a: position, record, undo marks, seats, seed and
// the computer's search count.
func samePlay(t *testing.T, a, b *play) {
	t.Helper()
	if !a.d.State().Equal(b.d.State()) {
		t.Fatalf("restored state\n%v\nwant\n%v", b.d.State(), a.d.State())
	}
	if wa, wb := wireJSON(t, a.d.State()), wireJSON(t, b.d.State()); wa != wb {
		t.Fatalf("restored wire %s, want %s", wb, wa)
	}
	ra, rb := a.d.Match().Record(), b.d.Match().Record()
	if strings.Join(ra.Moves, ",") != strings.Join(rb.Moves, ",") || ra.Seed != rb.Seed {
		t.Fatalf("restored record %+v, want %+v", rb, ra)
	}
	if !slices.Equal(a.d.Marks(), b.d.Marks()) {
		t.Fatalf("restored undo marks %v, want %v", b.d.Marks(), a.d.Marks())
	}
	if len(a.players) != len(b.players) {
		t.Fatalf("restored %d players, want %d", len(b.players), len(a.players))
	}
	for i := range a.players {
		if a.players[i] != b.players[i] {
			t.Fatalf("restored player %d %+v, want %+v", i, b.players[i], a.players[i])
		}
	}
	if a.d.Seed() != b.d.Seed() || a.d.Thinks() != b.d.Thinks() {
		t.Fatalf("restored seed %d thinks %d, want %d %d", b.d.Seed(), b.d.Thinks(), a.d.Seed(), a.d.Thinks())
	}
}

// Every game, saved at random points and loaded again, is the same game, and goes on
// identically: the same throws from the generator, the same positions.
func TestSaveRoundTripEveryGame(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.ID, func(t *testing.T) {
			for seed := int64(1); seed <= 6; seed++ {
				rng := rand.New(rand.NewPCG(uint64(seed), 99))
				// Some of the seats are people: they are what the undo marks follow.
				seats := []Seat{{Who: match.Person{}, Name: "Amira"}, {Who: match.Computer{Level: ai.Hard}}}
				for len(seats) < g.MaxPlayers && rng.IntN(2) == 0 {
					seats = append(seats, Seat{Who: []match.Seat{match.Person{}, match.Computer{Level: ai.Easy}}[rng.IntN(2)]})
				}
				st := &memStore{}
				m, err := newManager(Config{Game: g.ID, Seed: seed * 7, Seats: seats}, st)
				if err != nil {
					t.Fatal(err)
				}
				m.LayoutF(1280, 800)
				a := m.Current().(*play)
				playRandom(t, a, rng, rng.IntN(120))
				if a.d.State().Phase() == rules.PhaseOver {
					continue // the finished game cleared its save: TestFinishedGameClearsTheSave
				}
				saved, _ := st.load(autosaveEntry)
				if saved == nil {
					t.Fatalf("seed %d: no autosave after %d moves", seed, a.d.Match().Moves())
				}
				if !bytes.Equal(saved, encodeSave(a.saved())) {
					t.Fatalf("seed %d: the autosave is not the game as it is now", seed)
				}
				m2, _ := newManager(Config{Seed: 5}, st)
				m2.LayoutF(1280, 800)
				b, err := restorePlay(m2, saved)
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, saved)
				}
				b.Layout(m2.mt) // as Goto does
				samePlay(t, a, b)
				// Continued play: the same decisions give the same game, throws included.
				r1, r2 := rand.New(rand.NewPCG(uint64(seed), 5)), rand.New(rand.NewPCG(uint64(seed), 5))
				for k := 0; k < 40 && a.d.State().Phase() != rules.PhaseOver; k++ {
					playRandom(t, a, r1, 1)
					playRandom(t, b, r2, 1)
					if !a.d.State().Equal(b.d.State()) {
						t.Fatalf("seed %d: %d moves after loading, the games differ:\n%v\n%v", seed, k+1, a.d.State(), b.d.State())
					}
				}
				// Undo in the restored game goes where undo in the original goes.
				if a.d.CanUndo() {
					a.undo()
					b.undo()
					samePlay(t, a, b)
				}
			}
		})
	}
}

// The title offers Continue, first and focused, for an unfinished saved game; it restores the
// play scene exactly.
func TestTitleContinues(t *testing.T) {
	st := &memStore{}
	m, _ := newManager(Config{Game: "seega", Seed: 4, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}}, st)
	m.LayoutF(1280, 800)
	a := m.Current().(*play)
	playRandom(t, a, rand.New(rand.NewPCG(1, 2)), 9)

	m2, _ := newManager(Config{Seed: 1}, st)
	m2.LayoutF(1280, 800)
	want(t, m2, "title")
	ti := m2.Current().(*title)
	if b := ti.menu.Focused(); b == nil || b.ID != "continue" || ti.menu.Buttons[0].ID != "continue" {
		t.Fatalf("the title's first, focused button is %v, want continue", ti.menu.Focused())
	}
	if sub := ti.menu.Get("continue").Sub; !strings.Contains(sub, "Seega") {
		t.Errorf("Continue says %q: it should name the game", sub)
	}
	step(m2, ui.Intent{Kind: ui.Activate})
	want(t, m2, "play")
	samePlay(t, a, m2.Current().(*play))
}

func TestNoContinueWithoutASave(t *testing.T) {
	m := newTest(t, Config{})
	ti := m.Current().(*title)
	if ti.menu.Get("continue") != nil || ti.notice != "" {
		t.Fatalf("an empty store offers continue %v / notice %q", ti.menu.Get("continue"), ti.notice)
	}
	if b := ti.menu.Focused(); b == nil || b.ID != "play" {
		t.Fatalf("focus on %v, want play", b)
	}
}

// A finished game clears the save: the title does not offer to continue it.
func TestFinishedGameClearsTheSave(t *testing.T) {
	st := &memStore{}
	m, _ := newManager(Config{Game: "sadeqa", Seed: 3, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}}, st)
	m.LayoutF(1280, 800)
	m.settings.Speed = Instant
	playToEnd(t, m, 200_000)
	if b, _ := st.load(autosaveEntry); b != nil {
		t.Fatalf("a finished game left its save: %s", b)
	}
	m2, _ := newManager(Config{Seed: 1}, st)
	m2.LayoutF(1280, 800)
	if ti := m2.Current().(*title); ti.menu.Get("continue") != nil {
		t.Fatalf("continue offered for a finished game")
	}
	// A save of a finished game (written before a crash could clear it) is not offered either.
	p := m.Current().(*results).under
	st.save(autosaveEntry, encodeSave(p.saved()))
	m3, _ := newManager(Config{Seed: 1}, st)
	m3.LayoutF(1280, 800)
	if ti := m3.Current().(*title); ti.menu.Get("continue") != nil || ti.notice != "" {
		t.Fatalf("a finished save: continue %v, notice %q", ti.menu.Get("continue"), ti.notice)
	}
}

// goodSave is a saved Seega game a few moves in.
func goodSave(t testing.TB) []byte {
	st := &memStore{}
	m, err := newManager(Config{Game: "seega", Seed: 8, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Hard}}}}, st)
	if err != nil {
		t.Fatal(err)
	}
	m.LayoutF(1280, 800)
	p := m.Current().(*play)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 7; i++ {
		p.apply(p.legal[rng.IntN(len(p.legal))], 0)
		p.q.Finish()
	}
	b, _ := st.load(autosaveEntry)
	if b == nil {
		t.Fatal("no save")
	}
	return b
}

// badSaves are saves this build must refuse, each for a different reason.
func badSaves(t testing.TB) map[string][]byte {
	good := goodSave(t)
	edit := func(f func(sg *savedGame)) []byte {
		var sg savedGame
		if err := json.Unmarshal(good, &sg); err != nil {
			t.Fatal(err)
		}
		f(&sg)
		return encodeSave(sg)
	}
	return map[string][]byte{
		"truncated":     good[:len(good)/2],
		"garbage":       []byte("\x00\x01 not json at all"),
		"empty object":  []byte("{}"),
		"a record":      encodeRecord(rules.Record{Game: "seega", Players: 2, Seed: 1, Version: 1}),
		"next version":  edit(func(sg *savedGame) { sg.Version = saveVersion + 1 }),
		"foreign":       edit(func(sg *savedGame) { sg.Format = "chess-save" }),
		"unknown game":  edit(func(sg *savedGame) { sg.Game, sg.Record.Game = "chess", "chess" }),
		"illegal move":  edit(func(sg *savedGame) { sg.Record.Moves = append(sg.Record.Moves, "a1-a2") }),
		"bare throw":    edit(func(sg *savedGame) { sg.Game, sg.Record.Game, sg.Record.Moves = "sadeqa", "sadeqa", []string{"throw"} }),
		"seed mismatch": edit(func(sg *savedGame) { sg.Seed++ }),
		"bad colour":    edit(func(sg *savedGame) { sg.Players[1].Color = 99 }),
		"bad level":     edit(func(sg *savedGame) { sg.Players[1].Level = "godlike" }),
		"blank name":    edit(func(sg *savedGame) { sg.Players[0].Name = "   " }),
		"long name":     edit(func(sg *savedGame) { sg.Players[0].Name = strings.Repeat("x", maxName+1) }),
		"no level":      edit(func(sg *savedGame) { sg.Players[1].Level = "" }),
		"one player":    edit(func(sg *savedGame) { sg.Players = sg.Players[:1]; sg.Record.Players = 1 }),
		"trailing":      append(append([]byte{}, good...), []byte(`{"x":1}`)...),
	}
}

// A save that cannot be continued is set aside as autosave.bad with a notice on the title;
// nothing crashes, nothing is offered, and the next game saves afresh.
func TestBadSaveIsSetAside(t *testing.T) {
	for name, bad := range badSaves(t) {
		t.Run(name, func(t *testing.T) {
			st := &memStore{}
			st.save(autosaveEntry, bad)
			m := newTestStore(t, st)
			ti := m.Current().(*title)
			if ti.menu.Get("continue") != nil {
				t.Fatalf("continue offered for a bad save")
			}
			if ti.notice == "" || !strings.Contains(ti.notice, "autosave.bad") {
				t.Fatalf("notice %q: want one saying where the save went", ti.notice)
			}
			if b, _ := st.load(autosaveEntry); b != nil {
				t.Fatalf("the bad save is still in place")
			}
			if b, _ := st.load(autosaveEntry + ".bad"); !bytes.Equal(b, bad) {
				t.Fatalf("the set-aside entry holds %q, want the bad save", b)
			}
			// The notice is shown once: back at the title later, it is gone.
			if ti2 := newTitle(m); ti2.notice != "" {
				t.Fatalf("notice shown again: %q", ti2.notice)
			}
		})
	}
}

// A store that cannot be written does not stop the game: the turn card says so once.
func TestSaveFailureIsShown(t *testing.T) {
	st := &memStore{fail: true}
	m, _ := newManager(Config{Game: "seega", Seed: 2, Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}}, st)
	m.LayoutF(1280, 800)
	p := m.Current().(*play)
	p.apply(p.legal[0], 0)
	if !strings.Contains(p.note, "could not be saved") {
		t.Fatalf("note %q after a failed save", p.note)
	}
	p.apply(p.legal[0], 0)
	if p.note != "" || p.d.Match().Moves() != 2 {
		t.Fatalf("the game did not go on after a failed save: note %q, %d moves", p.note, p.d.Match().Moves())
	}
}

func newTestStore(t *testing.T, st store) *Manager {
	t.Helper()
	m, err := newManager(Config{Seed: 1}, st)
	if err != nil {
		t.Fatal(err)
	}
	m.LayoutF(1280, 800)
	return m
}

// FuzzLoadSave: no input crashes the loader; one it accepts survives a save and a load
// unchanged; one it refuses is set aside without touching anything else in the store.
func FuzzLoadSave(f *testing.F) {
	f.Add(goodSave(f))
	for _, b := range badSaves(f) {
		f.Add(b)
	}
	m, err := newManager(Config{Seed: 1}, &memStore{})
	if err != nil {
		f.Fatal(err)
	}
	m.LayoutF(1280, 800)
	f.Fuzz(func(t *testing.T, b []byte) {
		sg, _, match, err := decodeSave(b)
		if err != nil {
			st := &memStore{}
			st.save(settingsEntry, []byte(`{"volume":0.5}`))
			st.save(autosaveEntry, b)
			if p, notice := resumable(&Manager{store: st, settings: m.settings, rng: m.rng}); p != nil || notice == "" {
				t.Fatalf("a refused save: continue %v, notice %q", p != nil, notice)
			}
			if got, _ := st.load(settingsEntry); string(got) != `{"volume":0.5}` {
				t.Fatalf("setting a save aside changed the settings: %q", got)
			}
			return
		}
		p, err := restorePlay(m, b)
		if err != nil {
			t.Fatalf("decodeSave accepts what restorePlay refuses: %v", err)
		}
		if !p.d.State().Equal(match.State) {
			t.Fatalf("the restored play scene differs from the replayed record")
		}
		again, _, match2, err := decodeSave(encodeSave(p.saved()))
		if err != nil || !match2.State.Equal(match.State) || again.Thinks != sg.Thinks {
			t.Fatalf("a loaded save does not survive saving again: %v", err)
		}
	})
}
