package scenes

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/ui"
)

// The computer seats think a few nodes only in tests: whole games against them stay fast (the
// AI's own tests measure its play).
func init() { match.Nodes = 64 }

// newTest makes a manager with settings in memory and a 1280×800 screen.
func newTest(t *testing.T, cfg Config) *Manager {
	t.Helper()
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	m, err := newManager(cfg, &memStore{})
	if err != nil {
		t.Fatalf("newManager(%+v): %v", cfg, err)
	}
	m.LayoutF(1280, 800)
	return m
}

// step runs one tick with the given intents.
func step(m *Manager, in ...ui.Intent) {
	m.inject(in...)
	if err := m.Update(); err != nil {
		panic(err)
	}
	forgetDraws()
}

// tap taps the middle of the button id through the hit areas, as a finger would.
func tap(t *testing.T, m *Manager, id string) {
	t.Helper()
	tapTarget(t, m, ui.Target{Kind: "button", ID: id})
}

func tapTarget(t *testing.T, m *Manager, target ui.Target) {
	t.Helper()
	x, y, ok := m.Current().Hits().Find(target)
	if !ok {
		t.Fatalf("%s: no %v to tap; targets: %v", m.Current().Name(), target, m.Current().Hits().Targets())
	}
	step(m, ui.Intent{Kind: ui.Tap, X: x, Y: y})
}

func want(t *testing.T, m *Manager, name string) {
	t.Helper()
	if got := m.Current().Name(); got != name {
		t.Fatalf("scene is %q, want %q", got, name)
	}
}

func TestTapThroughScenes(t *testing.T) {
	m := newTest(t, Config{})
	want(t, m, "title")
	tap(t, m, "play")
	want(t, m, "picker")
	tap(t, m, "seega")
	want(t, m, "setup")
	tap(t, m, "start")
	want(t, m, "play")
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "pause")
	tap(t, m, "menu")
	want(t, m, "title")
}

func TestKeysThroughScenes(t *testing.T) {
	m := newTest(t, Config{})
	act := ui.Intent{Kind: ui.Activate}
	// The focus starts on Play.
	step(m, act)
	want(t, m, "picker")
	// Right twice: the third card (Sig El Oued), then enter.
	step(m, ui.Intent{Kind: ui.Move, DX: 1}, ui.Intent{Kind: ui.Move, DX: 1}, act)
	want(t, m, "setup")
	if g := m.Current().(*setup).g.ID; g != "sig-el-oued" {
		t.Fatalf("setup for %s, want sig-el-oued", g)
	}
	// The focus starts on Start.
	step(m, act)
	want(t, m, "play")
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "pause")
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "play")
	step(m, ui.Intent{Kind: ui.Key, Rune: 'p'})
	want(t, m, "pause")
	// Down to Menu: resume, rules, settings, export, restart, menu.
	for i := 0; i < 5; i++ {
		step(m, ui.Intent{Kind: ui.Next})
	}
	step(m, act)
	want(t, m, "title")
}

func TestSetupKeepsThePlayerRange(t *testing.T) {
	for _, g := range games.All() {
		m := newTest(t, Config{Game: g.ID})
		want(t, m, "setup")
		s := m.Current().(*setup)
		if s.Players() != g.DefaultPlayers {
			t.Errorf("%s: setup opens with %d players, want the default %d", g.ID, s.Players(), g.DefaultPlayers)
		}
		if g.MinPlayers == g.MaxPlayers {
			if s.menu.Get("more") != nil {
				t.Errorf("%s: a fixed player count offers a count button", g.ID)
			}
			continue
		}
		for i := 0; i < 10; i++ {
			if b := s.menu.Get("more"); !b.Disabled {
				tap(t, m, "more")
			}
		}
		if s.Players() != g.MaxPlayers {
			t.Errorf("%s: more stops at %d, want %d", g.ID, s.Players(), g.MaxPlayers)
		}
		// A disabled button does nothing even when tapped.
		x, y, _ := s.Hits().Find(ui.Target{Kind: "button", ID: "more"})
		step(m, ui.Intent{Kind: ui.Tap, X: x, Y: y})
		if s.Players() != g.MaxPlayers {
			t.Errorf("%s: a tap on the disabled button went past the maximum: %d", g.ID, s.Players())
		}
		colors := map[int]bool{}
		for _, p := range s.players() {
			if colors[p.Color] {
				t.Errorf("%s: two seats share colour %d", g.ID, p.Color)
			}
			colors[p.Color] = true
		}
		for i := 0; i < 10; i++ {
			if b := s.menu.Get("fewer"); !b.Disabled {
				tap(t, m, "fewer")
			}
		}
		if s.Players() != g.MinPlayers {
			t.Errorf("%s: fewer stops at %d, want %d", g.ID, s.Players(), g.MinPlayers)
		}
		tap(t, m, "start")
		want(t, m, "play")
		if n := m.Current().(*play).State().Players(); n != g.MinPlayers {
			t.Errorf("%s: the match has %d players, want %d", g.ID, n, g.MinPlayers)
		}
	}
}

func TestSetupSeats(t *testing.T) {
	m := newTest(t, Config{Game: "seega"})
	s := m.Current().(*setup)
	tap(t, m, "hard-0")
	tap(t, m, "human-1")
	tap(t, m, "color-1")
	tap(t, m, "name-1")
	step(m, ui.Intent{Kind: ui.Char, Rune: 'A'}, ui.Intent{Kind: ui.Char, Rune: 'm'}, ui.Intent{Kind: ui.Erase}, ui.Intent{Kind: ui.Char, Rune: 'y'}, ui.Intent{Kind: ui.Activate})
	ps := s.players()
	if ps[0].Who != (match.Computer{Level: ai.Hard}) {
		t.Errorf("seat 0 = %+v, want a hard computer", ps[0])
	}
	if ps[1].Who != (match.Person{}) || ps[1].Name != "Ay" {
		t.Errorf("seat 1 = %+v, want a person named Ay", ps[1])
	}
	if ps[1].Color == ps[0].Color {
		t.Errorf("both seats have colour %d", ps[0].Color)
	}
	if s.editing >= 0 {
		t.Errorf("still editing after enter")
	}
}

func TestConfigErrors(t *testing.T) {
	bad := []struct {
		cfg  Config
		want string
	}{
		{Config{Game: "chess"}, "unknown game"},
		{Config{Game: "seega", Players: 3}, "exactly 2"},
		{Config{Game: "es-sig", Players: 9}, "2 to 8"},
		{Config{Game: "seega", Seats: []Seat{{Who: match.Person{}}}}, "exactly 2"},
		{Config{Game: "seega", Players: 2, Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}, {Who: match.Person{}}}}, "3 seats given for 2"},
		{Config{Game: "seega", Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: 7}}}}, "unknown level"},
		{Config{Players: 2}, "need a game"},
		{Config{Lang: "xx"}, "unknown language"},
	}
	for _, b := range bad {
		_, err := newManager(b.cfg, &memStore{})
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%+v: error %v, want one saying %q", b.cfg, err, b.want)
		}
	}
	m := newTest(t, Config{Game: "seega", Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}})
	want(t, m, "play")
}

func TestParseSeats(t *testing.T) {
	got, err := ParseSeats("human, ai:hard,computer,human=Amira,ai:easy=Bot")
	if err != nil {
		t.Fatal(err)
	}
	wantSeats := []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Hard}}, {Who: match.Computer{Level: ai.Medium}}, {Who: match.Person{}, Name: "Amira"}, {Who: match.Computer{Level: ai.Easy}, Name: "Bot"}}
	if len(got) != len(wantSeats) {
		t.Fatalf("got %d seats, want %d", len(got), len(wantSeats))
	}
	for i := range got {
		if got[i] != wantSeats[i] {
			t.Errorf("seat %d = %+v, want %+v", i, got[i], wantSeats[i])
		}
	}
	for _, s := range []string{"", "human,", "robot", "ai:godlike", "human:hard", "human=", ",ai"} {
		if _, err := ParseSeats(s); err == nil {
			t.Errorf("ParseSeats(%q) accepted", s)
		}
	}
}

// decide makes the person to move choose the first legal move: by tapping it in the panel's
// list where the board is not a Picker, else directly (each board's own tests tap it).
// act takes a person's turn: the throw when the Throw button shows, else the first move.
func act(t *testing.T, m *Manager, p *play) {
	t.Helper()
	if b := p.menu.Get("throw"); b != nil && !b.Hidden {
		tap(t, m, "throw")
		return
	}
	decide(t, m, p)
}

func decide(t *testing.T, m *Manager, p *play) {
	t.Helper()
	if b := p.menu.Get("move-0"); b != nil && !b.Hidden {
		tap(t, m, "move-0")
		return
	}
	p.apply(p.legal[0], 0)
	step(m)
}

// playToEnd runs the play scene, pressing the first offered button (throw or a listed move)
// whenever a person must act, until the results show; it fails after limit ticks.
func playToEnd(t *testing.T, m *Manager, limit int) *play {
	t.Helper()
	p := m.Current().(*play)
	for i := 0; i < limit; i++ {
		switch m.Current().Name() {
		case "results":
			return p
		case "play":
		default:
			t.Fatalf("left the play scene for %s", m.Current().Name())
		}
		if p.human() && !p.Busy() && p.State().Phase() != rules.PhaseOver {
			if b := p.menu.Get("throw"); b != nil && !b.Hidden {
				tap(t, m, "throw")
				continue
			}
			decide(t, m, p)
			continue
		}
		step(m)
	}
	t.Fatalf("%s: no result after %d ticks (%d moves)", p.g.ID, limit, p.d.Match().Moves())
	return nil
}

func TestEveryGamePlaysToTheEnd(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.ID, func(t *testing.T) {
			m := newTest(t, Config{Game: g.ID, Seed: 3, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}})
			m.settings.Speed = Instant
			p := playToEnd(t, m, 200_000)
			if p.State().Phase() != rules.PhaseOver {
				t.Fatalf("results before the end")
			}
			r := m.Current().(*results)
			if len(r.rows) != 2 || r.rows[0].rank != 1 {
				t.Errorf("results rows %+v", r.rows)
			}
			tap(t, m, "again")
			want(t, m, "play")
			step(m, ui.Intent{Kind: ui.Back})
			tap(t, m, "menu")
			want(t, m, "title")
		})
	}
}

func TestAnimationsDrainAndSkip(t *testing.T) {
	m := newTest(t, Config{Game: "sig-wa-duqqan", Seed: 5, Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}})
	p := m.Current().(*play)
	tap(t, m, "throw")
	if !p.Busy() {
		t.Fatalf("no animation after a throw")
	}
	moves := p.d.Match().Moves()
	// A tap during the animation finishes it and is not taken as a move.
	step(m, ui.Intent{Kind: ui.Activate, Rune: ' '})
	if p.Busy() {
		t.Fatalf("space did not finish the animation")
	}
	if p.d.Match().Moves() != moves {
		t.Fatalf("the skipping space also played a move")
	}
	// Left alone, every animation drains.
	tap(t, m, "throw")
	for i := 0; i < 600 && p.Busy(); i++ {
		step(m)
	}
	if p.Busy() {
		t.Fatalf("the animation queue never drained")
	}
}

func TestUndoAgainstTheComputer(t *testing.T) {
	m := newTest(t, Config{Game: "seega", Seed: 9, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}})
	m.settings.Speed = Instant
	p := m.Current().(*play)
	if b := p.menu.Get("undo"); !b.Disabled {
		t.Fatalf("undo offered before any move")
	}
	before := p.State().Clone()
	decide(t, m, p)
	// Let the placing and the computer's reply happen.
	for i := 0; i < 400 && !(p.human() && !p.Busy()); i++ {
		step(m)
	}
	if p.State().Equal(before) {
		t.Fatalf("nothing happened")
	}
	step(m, ui.Intent{Kind: ui.Key, Rune: 'u'})
	if !p.State().Equal(before) {
		t.Fatalf("undo gave\n%v\nwant\n%v", p.State(), before)
	}
}

func TestSettingsAreKept(t *testing.T) {
	st := &memStore{}
	m, err := newManager(Config{Seed: 1}, st)
	if err != nil {
		t.Fatal(err)
	}
	m.LayoutF(800, 1200) // portrait
	tap(t, m, "settings")
	tap(t, m, "speed-Fast")
	tap(t, m, "sound-off")
	tap(t, m, "volume-down")
	tap(t, m, "text-large")
	tap(t, m, "lang-fr")
	m2, _ := newManager(Config{Seed: 1}, st)
	s := m2.settings
	if s.Speed != Fast || !s.Muted || s.Volume != 0.7 || s.Lang != "fr" || !s.Large {
		t.Errorf("settings after a restart: %+v", s)
	}
	// A corrupt store gives the defaults, not an error.
	bad := &memStore{m: map[string][]byte{"settings": []byte(`{"volume": "loud"`)}}
	m3, err := newManager(Config{Seed: 1}, bad)
	if err != nil || m3.settings != defaultSettings() {
		t.Errorf("corrupt settings: %v, %+v", err, m3.settings)
	}
}

func TestEveryLayoutSize(t *testing.T) {
	sizes := [][2]float64{{1280, 800}, {390, 844}, {844, 390}, {3840, 2160}, {320, 568}, {568, 320}, {2000, 600}, {800, 800}}
	for _, g := range games.All() {
		m := newTest(t, Config{Game: g.ID, Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}})
		p := m.Current().(*play)
		for _, sz := range sizes {
			m.LayoutF(sz[0], sz[1])
			scr := m.mt.Screen()
			for _, b := range p.menu.Buttons {
				if b.Hidden {
					continue
				}
				if b.Rect.H < m.mt.Touch()-0.01 {
					t.Errorf("%s at %v: button %s is %.0f px high, under 44 points (%.0f px)", g.ID, sz, b.ID, b.Rect.H, m.mt.Touch())
				}
				if b.Rect.X < -0.5 || b.Rect.Y < -0.5 || b.Rect.Right() > scr.W+0.5 || b.Rect.Bottom() > scr.H+0.5 {
					t.Errorf("%s at %v: button %s off screen: %+v", g.ID, sz, b.ID, b.Rect)
				}
			}
			if p.boardR.W <= 0 || p.boardR.Right() > scr.W+0.5 || p.boardR.Bottom() > scr.H+0.5 {
				t.Errorf("%s at %v: board %+v off screen", g.ID, sz, p.boardR)
			}
		}
	}
}

func TestDescribeAgrees(t *testing.T) {
	g, _ := games.Lookup("sadeqa")
	ev := rules.Events{
		{Kind: rules.EvExtraThrow, Player: 0},
		{Kind: rules.EvPass, Player: 1},
		{Kind: rules.EvBlocked, Player: 0},
		{Kind: rules.EvLift, Player: 1, From: 12, Count: 5, Value: 2},
		{Kind: rules.EvSow, Player: 1, To: 13},
		{Kind: rules.EvPass, Player: 0},
	}
	got := describe(g, namesEnv(0, "You", "Amira"), ev)
	want := []string{"You throw again", "Amira passes", "You are blocked: the other player goes again", "Amira sows 5 seeds from N3 (lap 2)", "You pass"}
	if len(got) != len(want) {
		t.Fatalf("lines %v", got)
	}
	for i := range want {
		if got[i].Text() != want[i] {
			t.Errorf("line %d = %q, want %q", i, got[i].Text(), want[i])
		}
	}
}

// TestMenusFitEveryScreen lays every menu scene out on phones, desktops and odd windows and
// checks that each button is on screen and at least 44 points high.
func TestMenusFitEveryScreen(t *testing.T) {
	sizes := [][2]float64{{1280, 800}, {390, 844}, {844, 390}, {3840, 2160}, {320, 568}, {568, 320}, {2000, 600}}
	g, _ := games.Lookup("es-sig")
	for _, sz := range sizes {
		m := newTest(t, Config{})
		m.LayoutF(sz[0], sz[1])
		p := newPlay(m, g, playersFrom([]Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}), 1)
		scenes := []Scene{newTitle(m), newGamePicker(m), newSetup(m, g, 0), newSettingsScene(m, nil), newRulesPage(m, g, nil), newPause(m, p), newResults(m, p)}
		for _, sc := range scenes {
			sc.Layout(m.mt)
			scr := m.mt.Screen()
			for _, tg := range sc.Hits().Targets() {
				x, y, _ := sc.Hits().Find(tg)
				if x < 0 || y < 0 || x > scr.W || y > scr.H {
					t.Errorf("%s at %v: %v is off screen (%.0f, %.0f)", sc.Name(), sz, tg, x, y)
				}
			}
			var menu *ui.Menu
			switch s := sc.(type) {
			case *title:
				menu = &s.menu
			case *gamePicker:
				menu = &s.menu
			case *settingsScene:
				// Its rows scroll: the hit areas (checked above) are what must be on screen.
			case *pause:
				menu = &s.menu
			case *results:
				menu = &s.menu
			}
			if menu == nil {
				continue
			}
			for _, b := range menu.Buttons {
				if b.Hidden || b.Draw != nil {
					continue
				}
				if b.Rect.H < m.mt.Touch()-0.01 || b.Rect.W < m.mt.Touch()-0.01 {
					t.Errorf("%s at %v: button %s is %.0f×%.0f, under 44 points", sc.Name(), sz, b.ID, b.Rect.W, b.Rect.H)
				}
				if b.Rect.X < 0 || b.Rect.Y < 0 || b.Rect.Right() > scr.W+0.5 || b.Rect.Bottom() > scr.H+0.5 {
					t.Errorf("%s at %v: button %s off screen: %+v", sc.Name(), sz, b.ID, b.Rect)
				}
			}
		}
	}
}

func TestSettingsScrollToFocus(t *testing.T) {
	m := newTest(t, Config{})
	m.LayoutF(568, 320)
	tap(t, m, "settings")
	s := m.Current().(*settingsScene)
	for i := 0; i < 40 && s.menu.Focused().ID != "lang-en"; i++ {
		step(m, ui.Intent{Kind: ui.Next})
	}
	if _, _, ok := s.Hits().Find(ui.Target{Kind: "button", ID: "lang-en"}); !ok {
		t.Fatalf("the focused language button was not scrolled into view (scroll %.0f)", s.scroll)
	}
	step(m, ui.Intent{Kind: ui.Scroll, Scroll: math.Inf(-1)})
	if s.scroll != 0 {
		t.Errorf("Home left the scroll at %.0f", s.scroll)
	}
}

// TestComputerNames: a lone computer seat is just "Computer"; several are numbered by seat, as
// the players are.
func TestComputerNames(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.English)
	one := seatNames(playersFrom([]Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}))
	two := seatNames(playersFrom([]Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Hard}}}))
	if one[0] != "You" || one[1] != "Computer" || two[1] != "Computer 2" || two[2] != "Computer 3" {
		t.Errorf("names %q / %q", one, two)
	}
}

// TestEveryChangeIsPainted: the manager skips painting frames where nothing changed, so every
// change must still reach the screen: after each tick in which the play scene's record or
// animation changed (a computer's move, an animation's last step, at every speed), the next
// Draw paints.
func TestEveryChangeIsPainted(t *testing.T) {
	dst := ebiten.NewImage(640, 400)
	for _, g := range games.All() {
		for _, speed := range []Speed{Normal, Instant} {
			t.Run(fmt.Sprintf("%s/%s", g.ID, speed.String()), func(t *testing.T) {
				// A person against the computer: the computer's move at Instant speed, or the
				// last step of its animation, leaves the scene at rest with the person to act.
				m := newTest(t, Config{Game: g.ID, Seed: 9, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}})
				m.settings.Speed = speed
				type look struct {
					moves int
					busy  bool
				}
				seen := func() (look, bool) {
					p, ok := m.Current().(*play)
					if !ok {
						return look{}, false
					}
					return look{p.d.Match().Moves(), p.Busy()}, true
				}
				changes := 0
				for i := 0; i < 3000; i++ {
					before, ok := seen()
					if !ok {
						break
					}
					if p := m.Current().(*play); p.human() && !p.Busy() && p.State().Phase() != rules.PhaseOver {
						act(t, m, p)
					} else {
						step(m)
					}
					after, ok := seen()
					if !ok {
						break
					}
					painted := m.work.painted
					m.Draw(dst)
					forgetDraws()
					if after != before {
						changes++
						if m.work.painted == painted {
							t.Fatalf("tick %d: the play went from %+v to %+v and the next frame was not painted", i, before, after)
						}
					}
				}
				if changes < 10 {
					t.Fatalf("only %d changes in 3000 ticks: the game did not move", changes)
				}
			})
		}
	}
}

// TestResultsSayWhoWon plays Sig wa Duqqan between two computers to the results: docs/rulings.md
// says every player who reaches the centre wins, however many they are, so two players both at
// the centre are two winners, never "A draw"; one at the centre is the one winner.
func TestResultsSayWhoWon(t *testing.T) {
	shared, single := 0, 0
	for seed := int64(1); seed <= 6 && (shared == 0 || single == 0); seed++ {
		m := newTest(t, Config{Game: "sig-wa-duqqan", Seed: seed, Seats: []Seat{{Name: "Amira", Who: match.Computer{Level: ai.Easy}}, {Name: "Kofi", Who: match.Computer{Level: ai.Easy}}}})
		m.settings.Speed = Instant
		p := playToEnd(t, m, 400_000)
		r := m.Current().(*results)
		var at []string
		for i, pl := range p.players {
			if p.State().(rules.Locator).Locate(i, 0).Kind == rules.Centre {
				at = append(at, pl.Name)
			}
		}
		var want string
		switch len(at) {
		case 1:
			single++
			want = lang.T("results.wins", at[0])
		case 2:
			shared++
			want = lang.T("results.winners", strings.Join(at, lang.T("results.sep")+" "))
		default:
			t.Fatalf("seed %d: %d players at the centre at the end", seed, len(at))
		}
		if r.title != want {
			t.Errorf("seed %d: %v at the centre, the results say %q; want %q", seed, at, r.title, want)
		}
	}
	if shared == 0 {
		t.Error("no game ended with both players at the centre")
	}
}
