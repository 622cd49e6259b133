package scenes

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/match"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/ui"
)

// The tests run in English whatever the machine's language; TestFirstRunFollowsTheSystem sets
// a locale of its own.
func init() { systemLocale = func() string { return "" } }

// english matches the English catalogue's texts that a language l says differently: a drawn
// string it matches is an English word that slipped past the catalogue in l.
type english struct {
	exact   map[string]string // text → key
	formats []*regexp.Regexp  // the texts with arguments, the arguments matching anything
	keys    []string
}

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[dsvqxfg]`)

func englishFor(l lang.Lang) english {
	e := english{exact: map[string]string{}}
	for _, k := range lang.Keys(lang.English) {
		en := lang.In(lang.English, k)
		if !lang.Has(l, k) || lang.In(l, k) == en {
			continue // the same word in both languages ("OK", "Sig")
		}
		if !strings.Contains(en, "%") {
			e.exact[en] = k
			continue
		}
		parts := verb.Split(strings.ReplaceAll(en, "%%", "%"), -1)
		literal := 0
		for i, p := range parts {
			literal += len(strings.TrimSpace(p))
			parts[i] = regexp.QuoteMeta(p)
		}
		if literal < 4 {
			continue // too little of its own to recognise ("%s (%s)")
		}
		e.formats = append(e.formats, regexp.MustCompile("^"+strings.Join(parts, ".+")+"$"))
		e.keys = append(e.keys, k)
	}
	return e
}

// key is the catalogue key whose English text s is, or holds (a long text, such as a game's
// name, inside a line of other words), or "".
func (e english) key(s string) string {
	if k, ok := e.exact[s]; ok {
		return k
	}
	for en, k := range e.exact {
		if len(en) >= 12 && strings.Contains(s, en) {
			return k
		}
	}
	for i, re := range e.formats {
		if re.MatchString(s) {
			return e.keys[i]
		}
	}
	return ""
}

// drawnWords records every string the scenes draw while f runs.
func drawnWords(f func()) []string {
	var got []string
	ui.DrawnText = func(s string) { got = append(got, s) }
	defer func() { ui.DrawnText = nil }()
	f()
	return got
}

// TestNoEnglishOnScreen drives every menu scene, and a match of every game, in French and in
// Arabic, draws each (off screen: the drawing is recorded, not shown) and fails on any string
// drawn that is an English text of the catalogue: an untranslated literal or a missing key.
func TestNoEnglishOnScreen(t *testing.T) {
	dst := ebiten.NewImage(1280, 800)
	for _, l := range []lang.Lang{lang.French, lang.Arabic} {
		t.Run(string(l), func(t *testing.T) {
			en := englishFor(l)
			seats := []Seat{{Who: match.Person{}, Name: "Amira"}, {Who: match.Computer{Level: ai.Easy}}}
			check := func(where string, words []string) {
				t.Helper()
				if len(words) == 0 {
					t.Errorf("%s: nothing drawn", where)
				}
				for _, w := range words {
					if k := en.key(w); k != "" {
						t.Errorf("%s: %q drawn in English (key %s)", where, w, k)
					}
				}
			}
			draw := func(m *Manager) []string {
				return drawnWords(func() { m.Current().Draw(dst) })
			}
			// Where no name or game is shown, an Arabic screen has no Latin word at all but
			// the languages' own names: a literal that is in no catalogue cannot hide there.
			latin := regexp.MustCompile(`[A-Za-z]{2,}`)
			own := map[string]bool{}
			for _, x := range lang.All {
				own[x.Name] = true
			}
			noLatin := func(where string, words []string) {
				t.Helper()
				for _, w := range words {
					if l == lang.Arabic && !own[w] && latin.MatchString(w) {
						t.Errorf("%s: %q drawn in Latin letters", where, w)
					}
				}
			}
			m := newTest(t, Config{Lang: string(l)})
			defer lang.Set(lang.English)
			words := draw(m)
			check("title", words)
			noLatin("title", words)
			tap(t, m, "settings")
			words = draw(m)
			check("settings", words)
			noLatin("settings", words)
			tap(t, m, "sound-off") // the volume's "(muted)"
			check("settings muted", draw(m))
			step(m, ui.Intent{Kind: ui.Back})
			tap(t, m, "play")
			check("picker", draw(m))
			for _, g := range games.All() {
				m := newTest(t, Config{Lang: string(l), Game: g.ID})
				tap(t, m, "name-0")
				check("setup typing "+g.ID, draw(m))
				step(m, ui.Intent{Kind: ui.Activate})
				if g.MaxPlayers > 2 {
					tap(t, m, "more") // a seat with a default person's name ("Player 3")
					tap(t, m, "human-2")
				}
				check("setup "+g.ID, draw(m))
				tap(t, m, "rules")
				// The page's own words are the rules writer's (a Latin name in an Arabic
				// page is no slip): the scene's words around them are checked.
				var around []string
				for _, w := range draw(m) {
					if !strings.Contains(g.Rules[string(l)], w) {
						around = append(around, w)
					}
				}
				check("rules "+g.ID, around)

				m = newTest(t, Config{Lang: string(l), Game: g.ID, Seats: seats})
				m.settings.Speed = Instant
				p := m.Current().(*play)
				check("play "+g.ID, draw(m))
				// A few turns: the throw's caption, the computer's turn, the log.
				for i := 0; i < 200 && m.Current() == Scene(p); i++ {
					if p.human() && !p.Busy() {
						if b := p.menu.Get("throw"); b != nil && !b.Hidden {
							tap(t, m, "throw")
						} else if len(p.legal) > 0 {
							p.apply(p.legal[0], 0)
						}
					}
					step(m)
					if i == 60 {
						check("play "+g.ID, draw(m))
					}
				}
				if m.Current() != Scene(p) || g.ID != "seega" {
					continue // the cards over the match are the same for every game: one will do
				}
				step(m, ui.Intent{Kind: ui.Back})
				want(t, m, "pause")
				check("pause "+g.ID, draw(m))
				m.Goto(newResults(m, p))
				check("results "+g.ID, draw(m))
			}
			// The title offering to continue a saved match (its game's name, its moves).
			st := &memStore{}
			m, err := newManager(Config{Lang: string(l), Game: "sig-wa-duqqan", Seats: seats, Seed: 1}, st)
			if err != nil {
				t.Fatal(err)
			}
			m.LayoutF(1280, 800)
			tap(t, m, "throw")
			m, _ = newManager(Config{Lang: string(l), Seed: 1}, st)
			m.LayoutF(1280, 800)
			if m.Current().(*title).menu.Get("continue") == nil {
				t.Errorf("no continue on the title after a move was saved")
			}
			check("title with a saved match", draw(m))
			// The ends of a match: a person wins, the computer wins, a draw.
			g, _ := games.Lookup("seega")
			m = newTest(t, Config{Lang: string(l), Game: g.ID, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Hard}}}})
			p := m.Current().(*play)
			r := newResults(m, p)
			r.Layout(m.mt)
			check("results", drawnWords(func() { r.Draw(dst) }))
			for _, title := range []string{r.title} {
				if en.key(title) != "" {
					t.Errorf("results title %q is English", title)
				}
			}
		})
	}
}

// TestEnglishForCatches: the check above recognises an English text, plain or formatted, and
// lets through what French says the same way.
func TestEnglishForCatches(t *testing.T) {
	en := englishFor(lang.French)
	for _, s := range []string{lang.In(lang.English, "title.play"), lang.In(lang.English, "play.turn", "Amira"), lang.In(lang.English, "settings.volume.muted", 80)} {
		if en.key(s) == "" {
			t.Errorf("%q is not recognised as English", s)
		}
	}
	for _, s := range []string{lang.In(lang.French, "title.play"), lang.In(lang.French, "play.turn", "Amira"), "Amira", "3", lang.In(lang.English, "title.name")} {
		if k := en.key(s); k != "" {
			t.Errorf("%q taken for English (%s)", s, k)
		}
	}
}

// TestKeyboardThroughMenus drives every menu scene with the keyboard alone (tab, arrows,
// enter, escape) in each language, right to left included.
func TestKeyboardThroughMenus(t *testing.T) {
	act, next, prev, back := ui.Intent{Kind: ui.Activate}, ui.Intent{Kind: ui.Next}, ui.Intent{Kind: ui.Prev}, ui.Intent{Kind: ui.Back}
	for _, l := range lang.All {
		t.Run(string(l.Code), func(t *testing.T) {
			m := newTest(t, Config{Lang: string(l.Code)})
			defer lang.Set(lang.English)
			want(t, m, "title")
			step(m, act) // Play has the focus
			want(t, m, "picker")
			// The arrow towards the reading's end goes to the second card.
			dx := 1
			if l.Code.RTL() {
				dx = -1
			}
			step(m, ui.Intent{Kind: ui.Move, DX: dx}, act)
			want(t, m, "setup")
			if id := m.Current().(*setup).g.ID; id != games.All()[1].ID {
				t.Fatalf("the arrow led to %s, want the second card, %s", id, games.All()[1].ID)
			}
			step(m, prev, act) // from Start back to Rules
			want(t, m, "rules")
			step(m, ui.Intent{Kind: ui.Move, DY: 1}) // reads down
			step(m, back)
			want(t, m, "setup")
			step(m, next, act) // Rules, then Start
			want(t, m, "play")
			step(m, back)
			want(t, m, "pause")
			step(m, next, next, act) // Resume, Rules, Settings
			want(t, m, "settings")
			// Tab reaches every setting, in order, and comes round again.
			s := m.Current().(*settingsScene)
			seen := map[string]bool{}
			for i := 0; i < 2*len(s.menu.Buttons); i++ {
				seen[s.menu.Focused().ID] = true
				step(m, next)
			}
			for _, b := range s.menu.Buttons {
				if !b.Disabled && !seen[b.ID] {
					t.Errorf("tab never reaches %s", b.ID)
				}
			}
			for s.menu.Focused().ID != "text-large" {
				step(m, next)
			}
			step(m, act)
			if !m.settings.Large {
				t.Errorf("enter on Large did not set it")
			}
			step(m, back)
			want(t, m, "pause")
			for m.Current().(*pause).menu.Focused().ID != "menu" {
				step(m, next)
			}
			step(m, act)
			want(t, m, "title")
			// The results: Play again has the focus; tab to Menu.
			g, _ := games.Lookup("seega")
			m = newTest(t, Config{Lang: string(l.Code), Game: g.ID, Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}})
			p := m.Current().(*play)
			m.Goto(newResults(m, p))
			step(m, act)
			want(t, m, "play")
			m.Goto(newResults(m, m.Current().(*play)))
			for m.Current().(*results).menu.Focused().ID != "menu" {
				step(m, next)
			}
			step(m, act)
			want(t, m, "title")
		})
	}
}

// TestLanguageChangesAtOnce: choosing a language in the settings relabels the scene at once,
// the scene to go back to, and the reading direction; and it is kept.
func TestLanguageChangesAtOnce(t *testing.T) {
	st := &memStore{}
	m, err := newManager(Config{Seed: 1}, st)
	if err != nil {
		t.Fatal(err)
	}
	defer lang.Set(lang.English)
	m.LayoutF(1280, 800)
	tap(t, m, "settings")
	tap(t, m, "lang-ar")
	s := m.Current().(*settingsScene)
	if got := s.menu.Get("back").Label; got != lang.In(lang.Arabic, "back") {
		t.Errorf("back reads %q after choosing Arabic", got)
	}
	if !m.mt.RTL {
		t.Errorf("Arabic chosen, the layout still reads left to right")
	}
	// The back button moved to the right; the labels' column too.
	if b := s.menu.Get("back").Rect; b.CX() < m.mt.W/2 {
		t.Errorf("right to left, the back button is at the left: %+v", b)
	}
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "title")
	if got := m.Current().(*title).menu.Get("play").Label; got != lang.In(lang.Arabic, "title.play") {
		t.Errorf("the title's play button reads %q", got)
	}
	m2, _ := newManager(Config{Seed: 1}, st)
	if m2.settings.Lang != "ar" || lang.Current() != lang.Arabic {
		t.Errorf("after a restart: language %q, catalogue in %q", m2.settings.Lang, lang.Current())
	}
}

// TestFirstRunFollowsTheSystem: with nothing saved, the system's language is taken; a saved
// choice wins over it, and a -lang flag over both.
func TestFirstRunFollowsTheSystem(t *testing.T) {
	defer func(f func() string) { systemLocale = f; lang.Set(lang.English) }(systemLocale)
	systemLocale = func() string { return "fr_FR.UTF-8" }
	m, _ := newManager(Config{Seed: 1}, &memStore{})
	if m.settings.Lang != "fr" {
		t.Errorf("first run under fr_FR: %q", m.settings.Lang)
	}
	st := &memStore{}
	saveSettings(st, Settings{Volume: 0.5, Lang: "ar"})
	if m, _ := newManager(Config{Seed: 1}, st); m.settings.Lang != "ar" {
		t.Errorf("saved Arabic, system French: %q", m.settings.Lang)
	}
	if m, _ := newManager(Config{Seed: 1, Lang: "en"}, st); m.settings.Lang != "en" || lang.Current() != lang.English {
		t.Errorf("-lang en: %q", m.settings.Lang)
	}
	systemLocale = func() string { return "de_DE.UTF-8" }
	if m, _ := newManager(Config{Seed: 1}, &memStore{}); m.settings.Lang != "en" {
		t.Errorf("first run under de_DE: %q, want English", m.settings.Lang)
	}
}

// TestLargeTextFits lays every menu scene out with large text, in each language, on a phone
// and a desktop window: every button stays on screen and its label fits or is shortened.
func TestLargeTextFits(t *testing.T) {
	g, _ := games.Lookup("es-sig")
	for _, l := range lang.All {
		for _, sz := range [][2]float64{{390, 844}, {1280, 800}, {844, 390}} {
			m := newTest(t, Config{Lang: string(l.Code)})
			m.setSettings(func() Settings { s := m.settings; s.Large = true; return s }())
			m.LayoutF(sz[0], sz[1])
			if m.mt.TextScale != largeText {
				t.Fatalf("text scale %v", m.mt.TextScale)
			}
			p := newPlay(m, g, playersFrom([]Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}}), 1)
			for _, sc := range []Scene{newTitle(m), newGamePicker(m), newSetup(m, g, 0), newSettingsScene(m, nil), newRulesPage(m, g, nil), newPause(m, p), newResults(m, p), p} {
				sc.Layout(m.mt)
				scr := m.mt.Screen()
				for _, tg := range sc.Hits().Targets() {
					x, y, _ := sc.Hits().Find(tg)
					if x < 0 || y < 0 || x > scr.W || y > scr.H {
						t.Errorf("%s %s at %v: %v is off screen (%.0f, %.0f)", l.Code, sc.Name(), sz, tg, x, y)
					}
				}
			}
		}
		lang.Set(lang.English)
	}
}
