package scenes

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
)

// TestLogSpeaksEveryLanguage describes a move of every kind of event in French and Arabic, for
// the person at the screen and for another player: every line is in the language (no English
// text of the catalogue, no key shown), and a throw that moves the Ghoula says so from the
// rules' flag, in each language's own words.
func TestLogSpeaksEveryLanguage(t *testing.T) {
	defer lang.Set(lang.Current())
	var ev rules.Events
	for k := rules.EvThrow; k <= rules.EvGameOver; k++ {
		for p := 0; p < 2; p++ {
			ev = append(ev, rules.Event{Kind: k, Player: p, From: 3, To: 5, Count: 2, Value: 2})
		}
	}
	for _, l := range []lang.Lang{lang.French, lang.Arabic} {
		lang.Set(l)
		en := englishFor(l)
		for _, g := range games.All() {
			names := []string{lang.In(l, "log.you"), "Amira"}
			lines := describe(g, namesEnv(0, names...), ev)
			if len(lines) < 20 {
				t.Fatalf("%s %s: only %d lines for %d events", l, g.ID, len(lines), len(ev))
			}
			for _, line := range lines {
				if k := en.key(line.Text()); k != "" || strings.Contains(line.Text(), "log.") || strings.Contains(line.Text(), "%!") {
					t.Errorf("%s %s: %q is not in %s (key %s)", l, g.ID, line.Text(), l, k)
				}
			}
		}
		g, _ := games.Lookup("sig-wa-duqqan")
		throw := describe(g, namesEnv(-1, "Amira"), rules.Events{{Kind: rules.EvThrow, Count: 3, Value: 3, Ghoula: true}})
		if want := lang.In(l, "log.worth.ghoula", lang.In(l, "log.ghoula"), 3); len(throw) != 1 || !strings.HasSuffix(throw[0].Text(), want) {
			t.Errorf("%s: a Ghoula throw reads %v, want it to end %q", l, throw, want)
		}
	}
}

// TestLogWaitsForTheAnimation: the rules apply a throw at once, but the screen tells it as it
// is shown: while the sticks are in the air the log has no line of it yet and the turn card
// still names the thrower (though the rules have passed the turn on); once the animation has
// played, the lines are there. Undoing in the middle of the animation keeps its lines, then
// says it was undone.
func TestLogWaitsForTheAnimation(t *testing.T) {
	for seed := int64(1); seed < 40; seed++ {
		m := newTest(t, Config{Game: "sig-wa-duqqan", Seed: seed, Seats: []Seat{{Who: match.Person{}, Name: "Amira"}, {Who: match.Person{}, Name: "Tesfaye"}}})
		m.settings.Speed = Normal
		m.settings.apply()
		p := m.Current().(*play)
		mover, before := p.State().ToMove(), len(p.log)
		tap(t, m, "throw")
		if p.State().ToMove() == mover {
			continue // a throw again: look for a throw that passes the turn on
		}
		if !p.Busy() {
			t.Fatal("a throw at normal speed left nothing to animate")
		}
		if len(p.log) != before {
			t.Errorf("the log tells the throw while the sticks are in the air: %v", p.log[before:])
		}
		if title, _ := p.turnText(); title != lang.T("play.turn", p.players[mover].Name) {
			t.Errorf("while %s's throw is shown the turn card says %q", p.players[mover].Name, title)
		}
		for i := 0; i < 600 && p.Busy(); i++ {
			step(m)
		}
		if p.Busy() {
			t.Fatal("the throw's animation never ended")
		}
		if len(p.log) <= before {
			t.Fatal("the throw's lines never reached the log")
		}
		thrown := p.log[before:]
		if title, _ := p.turnText(); title != lang.T("play.turn", p.players[p.State().ToMove()].Name) {
			t.Errorf("after the throw the turn card says %q", title)
		}

		// The same throw again, undone while the sticks fly: its lines, then "undone".
		m = newTest(t, Config{Game: "sig-wa-duqqan", Seed: seed, Seats: []Seat{{Who: match.Person{}, Name: "Amira"}, {Who: match.Person{}, Name: "Tesfaye"}}})
		m.settings.Speed = Normal
		m.settings.apply()
		p = m.Current().(*play)
		tap(t, m, "throw")
		step(m, ui.Intent{Kind: ui.Key, Rune: 'u'})
		got := p.log[before:]
		if len(got) != len(thrown)+1 || got[len(got)-1].Text() != lang.T("play.undone") {
			t.Fatalf("undone mid-throw, the log reads %v; want %v then %q", got, thrown, lang.T("play.undone"))
		}
		for i := range thrown {
			if got[i].Text() != thrown[i].Text() || got[i].Player != thrown[i].Player {
				t.Errorf("line %d: %v, want %v", i, got[i], thrown[i])
			}
		}
		if p.State().ToMove() != mover || p.d.Match().Moves() != 0 {
			t.Errorf("after the undo: %d moves, %d to move; want 0 and %d", p.d.Match().Moves(), p.State().ToMove(), mover)
		}
		return
	}
	t.Fatal("no seed's first throw passed the turn on")
}

// TestLogNamesWhatTheRulesName plays random games of every game and describes each event of
// each move: every place the log names is the place the rules name for that event (Info.Where),
// which rulestest.CheckPlaces checks against the rules' own positions before and after every
// move of the random-play tests. A capture in Sig El Oued must name the square the piece was
// taken on, a step its first and last square, a sowing its hole.
func TestLogNamesWhatTheRulesName(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.English)
	games := games.All()
	moves := 0
	for _, g := range games {
		for seed := int64(1); seed <= 20; seed++ {
			m, err := rules.NewMatch(g, g.DefaultPlayers, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(seed), 7))
			for n := 0; n < 400 && m.State.Phase() != rules.PhaseOver; n++ {
				legal := m.State.Legal(nil)
				var ev rules.Events
				if err := m.PlayMove(legal[rng.IntN(len(legal))], &ev); err != nil {
					t.Fatal(err)
				}
				moves++
				for _, e := range ev {
					if err := namesAsRules(g, e); err != nil {
						t.Fatalf("%s seed %d move %d: %v", g.ID, seed, n, err)
					}
				}
			}
		}
	}
	if moves < 5000 {
		t.Fatalf("only %d moves played", moves)
	}
	t.Logf("%d moves of %d games described", moves, len(games))
}

// namesAsRules checks the log's line for the event e alone against the places the rules name.
func namesAsRules(g *rules.Info, e rules.Event) error {
	from, to := g.Where(e)
	var want []rules.Place
	switch e.Kind {
	case rules.EvStep:
		want = []rules.Place{from, to}
	case rules.EvCaptured, rules.EvLift:
		want = []rules.Place{from}
	case rules.EvPlaced, rules.EvWarana, rules.EvTrapped, rules.EvGhoulaAppears, rules.EvGhoulaStep, rules.EvDragged:
		want = []rules.Place{to}
	}
	lines := describe(g, namesEnv(-1, "Amira", "Tesfaye", "Ines", "Kofi"), rules.Events{e})
	for _, pl := range want {
		if pl.Kind == rules.NoPlace {
			return fmt.Errorf("the rules name no place for %v", e)
		}
		w := placeWords(pl)
		if len(lines) != 1 || !namesPlace(lines[0].Text(), w) {
			return fmt.Errorf("%v is told as %v; the rules say it happened on %q", e, lines, w)
		}
	}
	return nil
}

// namesPlace reports whether line names the place w as a word of its own ("a3" is not in "a31").
func namesPlace(line, w string) bool {
	for i := 0; ; {
		k := strings.Index(line[i:], w)
		if k < 0 {
			return false
		}
		a, b := i+k, i+k+len(w)
		before := a == 0 || !isWordByte(line[a-1])
		after := b == len(line) || !isWordByte(line[b])
		if before && after {
			return true
		}
		i = a + 1
	}
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// TestLogCountsAgree: a count in the log takes the noun's form for that number in each
// language, as a reader of the language writes it: one seed and two, French 0 and 1 in the
// singular, Arabic's dual and its forms for 3–10 and 11–99 (and in Arabic no verb whose
// subject is the seat: Amira is a woman, and a computer has no gender).
func TestLogCountsAgree(t *testing.T) {
	defer lang.Set(lang.Current())
	g, _ := games.Lookup("sadeqa")
	sow := func(n int) string {
		ev := rules.Events{{Kind: rules.EvLift, Player: 1, From: 12, Count: n, Value: 1}, {Kind: rules.EvSow, Player: 1, To: 13}}
		return describe(g, namesEnv(0, "You", "Amira"), ev)[0].Text()
	}
	for _, c := range []struct {
		l    lang.Lang
		n    int
		want string
	}{
		{lang.English, 1, "Amira sows 1 seed from N3"},
		{lang.English, 2, "Amira sows 2 seeds from N3"},
		{lang.French, 1, "Amira sème 1 graine depuis N3"},
		{lang.French, 11, "Amira sème 11 graines depuis N3"},
		{lang.Arabic, 1, "Amira: بذر بذرة واحدة من ش3"},
		{lang.Arabic, 2, "Amira: بذر بذرتين من ش3"},
		{lang.Arabic, 5, "Amira: بذر 5 بذور من ش3"},
		{lang.Arabic, 11, "Amira: بذر 11 بذرة من ش3"},
		{lang.Arabic, 100, "Amira: بذر 100 بذرة من ش3"},
	} {
		lang.Set(c.l)
		if got := sow(c.n); got != c.want {
			t.Errorf("%s, %d seeds: %q, want %q", c.l, c.n, got, c.want)
		}
	}
}

// TestLogSaysItAgainInANewLanguage plays some of a Sig El Oued game in English, then changes
// the language to French the way a player does (pause, settings, Français, back, resume): every
// line already in the log is now said in French, and nothing of the catalogue's English is left
// (issue 13: the log stayed in the old language).
func TestLogSaysItAgainInANewLanguage(t *testing.T) {
	defer lang.Set(lang.Current())
	m := newTest(t, Config{Game: "sig-el-oued", Seed: 4, Lang: "en", Seats: []Seat{{Name: "Amira", Who: match.Computer{Level: ai.Easy}}, {Name: "Kofi", Who: match.Computer{Level: ai.Easy}}}})
	m.settings.Speed = Instant
	p := m.Current().(*play)
	for i := 0; i < 3000 && len(p.log) < 12; i++ {
		step(m)
	}
	if len(p.log) < 12 {
		t.Fatalf("only %d log lines", len(p.log))
	}
	before := make([]string, len(p.log))
	for i, l := range p.log {
		before[i] = l.Text()
	}
	n := len(p.log)
	step(m, ui.Intent{Kind: ui.Back})
	tap(t, m, "settings")
	tap(t, m, "lang-fr")
	tap(t, m, "back")
	tap(t, m, "resume")
	p = m.Current().(*play)
	en := englishFor(lang.French)
	changed := 0
	for i, l := range p.log[:n] {
		text := l.Text()
		if k := en.key(text); k != "" {
			t.Errorf("line %d is still the English of %s: %q", i, k, text)
		}
		if text != before[i] {
			changed++
		}
	}
	if changed < n/2 {
		t.Errorf("only %d of %d lines changed with the language: %q", changed, n, before)
	}
}

// namesEnv is what the log is told of players called names, player you being the one the words
// call "you" (-1: nobody); all of them sit at this screen.
func namesEnv(you int, names ...string) *stage.Env {
	env := &stage.Env{Names: names}
	for i := range names {
		env.Here = append(env.Here, true)
		env.You = append(env.You, i == you)
	}
	return env
}

// TestLogSpellsEachGamesSig: each race game's log spells the one-white throw as its sources do,
// "sig" at Sig wa Duqqan's gate and "sîg" on Es-Sîg's traps; the rules say where the count
// happened, and real games supply the events.
func TestLogSpellsEachGamesSig(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.English)
	for _, c := range []struct{ id, want, not string }{
		{"sig-wa-duqqan", " sig ", "sîg"},
		{"es-sig", " sîg", " sig "},
	} {
		g, _ := games.Lookup(c.id)
		seen := 0
		for seed := int64(1); seed <= 40 && seen == 0; seed++ {
			m, err := rules.NewMatch(g, 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			var buf []rules.Move
			for m.State.Phase() != rules.PhaseOver && m.Moves() < 3000 && seen == 0 {
				var mv rules.Move
				if m.State.Phase() == rules.PhaseThrow {
					mv, _, _ = m.Throw()
				} else {
					buf = m.State.Legal(buf)
					mv = buf[0]
				}
				var ev rules.Events
				if err := m.PlayMove(mv, &ev); err != nil {
					t.Fatal(err)
				}
				for _, e := range ev {
					if e.Kind != rules.EvSigCounted {
						continue
					}
					seen++
					line := describe(g, namesEnv(-1, "Amira", "Kofi"), rules.Events{e})[0].Text()
					if !strings.Contains(line, c.want) || strings.Contains(line, c.not) {
						t.Errorf("%s: %q, want %q and not %q", c.id, line, c.want, c.not)
					}
				}
			}
		}
		if seen == 0 {
			t.Errorf("%s: no sig counted in 40 games", c.id)
		}
	}
}
