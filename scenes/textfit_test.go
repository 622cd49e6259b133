package scenes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/games"
	"sig/scenes/ui"
)

// TestTextFits: every text drawn in every scene and on every board, in English, French and
// Arabic, at normal and large text, on a laptop (1280×800), a large screen (1920×1080) and a
// phone held upright (390×844), lies inside the image it is drawn into: the screen, the picture
// made for it, or the clip cut to its box (ui.TextDrawn sees each one and where its ink lies).
// The scenes are reached as a player reaches them: the title, Settings, the game records, the
// picker, each game's Setup, each game in play a few moves in, Pause and the rules over it, and
// the results and the replay of a game played to its end.
func TestTextFits(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("every scene in eighteen languages and sizes: run without -race or -short (.ci/run does)")
	}
	textFitServer = startMatchServer(t) // Play online's screens, against a real server
	type screen struct{ w, h float64 }
	screens := []screen{{1280, 800}, {1920, 1080}, {390, 844}}
	for _, sc := range screens {
		for _, l := range []string{"en", "fr", "ar"} {
			for _, large := range []bool{false, true} {
				name := fmt.Sprintf("%gx%g/%s", sc.w, sc.h, l)
				if large {
					name += "/large"
				}
				t.Run(name, func(t *testing.T) {
					checkTextFits(t, sc.w, sc.h, l, large)
				})
			}
		}
	}
}

func checkTextFits(t *testing.T, w, h float64, l string, large bool) {
	m := newTest(t, Config{Lang: l})
	m.LayoutF(w, h)
	st := m.settings
	st.Large = large
	st.Speed = Instant
	m.setSettings(st)
	dst := ebiten.NewImage(int(w), int(h))
	defer dst.Deallocate()
	var bad []string
	seen := map[string]bool{}
	look := func(where string) {
		t.Helper()
		for i := 0; i < 20; i++ {
			step(m) // let a transition end
		}
		var drawn []ui.Drawn
		ui.TextDrawn = func(d ui.Drawn) { drawn = append(drawn, d) }
		m.redraw = true
		m.Draw(dst)
		ui.TextDrawn = nil
		if len(drawn) == 0 {
			t.Errorf("%s: no text drawn", where)
		}
		for _, d := range drawn {
			if ui.Scrolls(d.Dst) {
				continue // a scrolling view: what passes its edges is reached by scrolling
			}
			if msg := outside(d); msg != "" {
				key := where + "|" + d.Text
				if !seen[key] {
					seen[key] = true
					bad = append(bad, fmt.Sprintf("%s: %q %s", where, d.Text, msg))
				}
			}
		}
	}
	back := func() { step(m, ui.Intent{Kind: ui.Back}) }
	look("title")
	tap(t, m, "settings")
	look("settings")
	back()
	tap(t, m, "records")
	look("records")
	back()
	for _, g := range games.All() {
		tap(t, m, "play")
		look("picker")
		tap(t, m, g.ID)
		if s, ok := m.Current().(*setup); ok && g.MaxPlayers > g.MinPlayers {
			for s.n < g.MaxPlayers {
				tap(t, m, "more")
			}
		}
		look("setup " + g.ID)
		tap(t, m, "start")
		p := m.Current().(*play)
		for i := 0; i < 4000 && p.d.Match().Moves() < 12 && p.State().Phase() != rules.PhaseOver; i++ {
			if p.human() && !p.Busy() {
				act(t, m, p)
			} else {
				step(m)
			}
		}
		look("play " + g.ID)
		back()
		look("pause " + g.ID)
		tap(t, m, "rules")
		look("rules " + g.ID)
		back()
		tap(t, m, "menu")
	}
	// A game to its end: the results and the replay (two computers, the shortest game).
	tap(t, m, "play")
	tap(t, m, "seega")
	tap(t, m, "easy-0")
	tap(t, m, "start")
	for i := 0; i < 200000 && m.Current().Name() == "play"; i++ {
		step(m)
	}
	look("results seega")
	tap(t, m, "replay")
	for i := 0; i < 200; i++ {
		step(m)
	}
	look("replay seega")
	back()
	lookOnline(t, m, look)
	if len(bad) > 0 {
		t.Errorf("%d texts outside their box:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}

// outside says how d's ink passes the image it is drawn into, or "" if it lies inside (within
// a pixel: antialiasing).
func outside(d ui.Drawn) string {
	const slack = 1
	b := d.Dst
	var s []string
	if d.Ink.X < float64(b.Min.X)-slack {
		s = append(s, fmt.Sprintf("left by %.1f px", float64(b.Min.X)-d.Ink.X))
	}
	if r := d.Ink.X + d.Ink.W; r > float64(b.Max.X)+slack {
		s = append(s, fmt.Sprintf("right by %.1f px", r-float64(b.Max.X)))
	}
	if d.Ink.Y < float64(b.Min.Y)-slack {
		s = append(s, fmt.Sprintf("above by %.1f px", float64(b.Min.Y)-d.Ink.Y))
	}
	if bt := d.Ink.Y + d.Ink.H; bt > float64(b.Max.Y)+slack {
		s = append(s, fmt.Sprintf("below by %.1f px", bt-float64(b.Max.Y)))
	}
	if len(s) == 0 {
		return ""
	}
	return fmt.Sprintf("passes its %dx%d box at (%d,%d) %s", b.Dx(), b.Dy(), b.Min.X, b.Min.Y, strings.Join(s, ", "))
}
