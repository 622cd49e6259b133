package boards

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/games"
	"sig/rules/sigwaduqqan"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
	"sig/sprites"
)

var formatVerb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[dsvqxfg]`)

// englishTexts recognises the English catalogue's texts that the language l says differently:
// the exact texts, and the texts with arguments as patterns (the arguments matching anything).
func englishTexts(l lang.Lang) func(s string) string {
	exact := map[string]string{}
	var formats []*regexp.Regexp
	var keys []string
	for _, k := range lang.Keys(lang.English) {
		en := lang.In(lang.English, k)
		if !lang.Has(l, k) || lang.In(l, k) == en {
			continue // the same in both languages ("%d/%d", "Ghoula")
		}
		if !strings.Contains(en, "%") {
			exact[en] = k
			continue
		}
		parts := formatVerb.Split(en, -1)
		letters := 0
		for i, p := range parts {
			letters += len(strings.FieldsFunc(p, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }))
			parts[i] = regexp.QuoteMeta(p)
		}
		if letters == 0 {
			continue // punctuation alone ("%s: %s, %d–%d") is no language
		}
		formats = append(formats, regexp.MustCompile("^"+strings.Join(parts, ".+")+"$"))
		keys = append(keys, k)
	}
	return func(s string) string {
		if k, ok := exact[s]; ok {
			return k
		}
		for i, re := range formats {
			if re.MatchString(s) {
				return keys[i]
			}
		}
		return ""
	}
}

// englishWords are the words of four letters or more in the boards' and the log's English
// texts that no French or Arabic text of the catalogue uses: one of them drawn on a French or
// Arabic board is English that slipped past the catalogue (a literal, a stale cached text).
func englishWords() map[string]bool {
	other := map[string]bool{}
	words := func(s string) []string {
		s = formatVerb.ReplaceAllString(s, " ")
		return strings.FieldsFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') })
	}
	for _, l := range []lang.Lang{lang.French, lang.Arabic} {
		for _, k := range lang.Keys(l) {
			for _, w := range words(lang.In(l, k)) {
				other[strings.ToLower(w)] = true
			}
		}
	}
	out := map[string]bool{}
	for _, k := range lang.Keys(lang.English) {
		if !strings.HasPrefix(k, "boards.") && !strings.HasPrefix(k, "seega.") && !strings.HasPrefix(k, "sadeqa.") &&
			!strings.HasPrefix(k, "oued.") && !strings.HasPrefix(k, "essig.") && !strings.HasPrefix(k, "log.") {
			continue
		}
		for _, w := range words(lang.In(lang.English, k)) {
			if lw := strings.ToLower(w); len(lw) >= 4 && !other[lw] {
				out[lw] = true
			}
		}
	}
	return out
}

// TestBoardsDrawNoEnglish plays part of a game on every board in French and in Arabic, drawing
// it off screen many times along the way (mid-animation, at rest, after a refused pick), and
// records every text the boards draw through ui's text path: none may be an English text of the
// catalogue, nor hold an English word of the boards' texts. The Es-Sîg board's own labels
// (START, sîg) are drawn by sprites and checked by TestEsSigLabelsSpeak.
func TestBoardsDrawNoEnglish(t *testing.T) {
	defer lang.Set(lang.Current())
	dst := ebiten.NewImage(1280, 800)
	banned := englishWords()
	if len(banned) < 50 {
		t.Fatalf("only %d English words to look for: the catalogue scan has gone wrong", len(banned))
	}
	for _, l := range []lang.Lang{lang.French, lang.Arabic} {
		lang.Set(l)
		isEnglish := englishTexts(l)
		for _, g := range games.All() {
			t.Run(string(l)+"/"+g.ID, func(t *testing.T) {
				var drawn []string
				ui.DrawnText = func(s string) { drawn = append(drawn, s) }
				defer func() { ui.DrawnText = nil }()
				playAndDraw(t, g, l, dst)
				if len(drawn) == 0 && g.ID != "sig-wa-duqqan" && g.ID != "es-sig" {
					t.Fatal("the board drew no text at all")
				}
				seen := map[string]bool{}
				for _, s := range drawn {
					if seen[s] {
						continue
					}
					seen[s] = true
					if k := isEnglish(s); k != "" {
						t.Errorf("%q drawn in English (key %s)", s, k)
						continue
					}
					for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }) {
						if banned[strings.ToLower(w)] {
							t.Errorf("%q holds the English word %q", s, w)
						}
					}
				}
				t.Logf("%d texts drawn, %d different", len(drawn), len(seen))
			})
		}
	}
}

// playAndDraw plays up to 24 random moves of g with the seats "you" (in l) and Amira, drawing
// the board every few ticks of each animation and once at rest, and trying a refused pick (an
// Enter on whatever the keyboard's focus is on) at each decision.
func playAndDraw(t *testing.T, g *rules.Info, l lang.Lang, dst *ebiten.Image) {
	st := g.NewState(g.DefaultPlayers)
	env := stage.Env{Game: g, Names: []string{lang.In(l, "log.you"), "Amira"}, Here: []bool{true, true}, You: []bool{true, false}}
	for p := 0; p < st.Players(); p++ {
		env.Colors = append(env.Colors, sprites.Players[p])
		if p >= 2 {
			env.Names = append(env.Names, lang.In(l, "log.player", p+1))
		}
	}
	b, ok := stage.New(g.ID, &env)
	if !ok {
		t.Fatalf("no board for %s", g.ID)
	}
	m := ui.NewMetrics(1280, 800, 1)
	b.Layout(m, ui.Rect{X: 12, Y: 12, W: 776, H: 776})
	b.Sync(st)
	pk, _ := b.(stage.Picker)
	rng := rand.New(rand.NewPCG(3, uint64(len(g.ID))))
	var q stage.Queue
	for n := 0; n < 24 && st.Phase() != rules.PhaseOver; n++ {
		legal := st.Legal(nil)
		if pk != nil && st.Phase() == rules.PhaseMove {
			pk.Input(ui.Intent{Kind: ui.Move, DX: 1}, st, legal)
			pk.Input(ui.Intent{Kind: ui.Activate}, st, legal)
			b.Draw(dst)
			b.Sync(st)
		}
		before := st.Clone()
		var ev rules.Events
		if err := st.Apply(legal[rng.IntN(len(legal))], &ev); err != nil {
			t.Fatal(err)
		}
		env.Reduced = n%5 == 4
		b.Animate(&q, before, st, ev)
		for tick := 0; q.Busy(); tick++ {
			if tick == 90 {
				q.Finish() // a tap: the rest of a long sowing adds no new words
				break
			}
			q.Advance(1.0 / 60)
			if tick%30 == 7 {
				b.Draw(dst)
			}
		}
		b.Sync(st)
		b.Draw(dst)
	}
}

// TestEsSigLabelsSpeak: the words painted on the Es-Sîg and Sig wa Duqqan boards themselves
// come from the catalogue, and follow a change of language.
func TestEsSigLabelsSpeak(t *testing.T) {
	defer lang.Set(lang.Current())
	for _, l := range lang.All {
		lang.Set(l.Code)
		spec := esSpec(4)
		want := []string{lang.In(l.Code, "boards.start"), lang.In(l.Code, "essig.sig")}
		if spec.Start != want[0] || spec.Sig != want[1] || len(spec.Places) != 3 {
			t.Errorf("%s: labels %q %q %q", l.Code, spec.Start, spec.Sig, spec.Places)
		}
		for x, n := range spec.Traps {
			if w := spec.TrapWords[x]; w != lang.InN(l.Code, "essig.sigs", n, n) {
				t.Errorf("%s: trap %d (%d sîgs) says %q", l.Code, x, n, w)
			}
		}
		if l.Code != lang.English && (spec.Start == "START" || spec.Places[0] == "1st") {
			t.Errorf("%s: English labels %q %q", l.Code, spec.Start, spec.Places)
		}
		h := newRaceHost(t, sigwaduqqan.Info, 2, 1, false)
		b := h.b.(*duqqanBoard)
		if b.sp.Start != want[0] {
			t.Errorf("%s: the spiral says %q, want %q", l.Code, b.sp.Start, want[0])
		}
		lang.Set(lang.English)
		b.Sync(h.st)
		if b.sp.Start != "START" {
			t.Errorf("after a change to English the spiral says %q", b.sp.Start)
		}
	}
}
