package scenes

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
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
	// Texts drawn cut whose whole a view one tap away tells (ui.Elided), and every view's words.
	promised := map[string]string{}
	var views []string
	look := func(where string) {
		t.Helper()
		for i := 0; i < 20; i++ {
			step(m) // let a transition end
		}
		var drawn []ui.Drawn
		var texts []layered[ui.Drawn]
		var boxes []layered[ui.Box]
		layer := 0
		ui.TextDrawn = func(d ui.Drawn) {
			drawn = append(drawn, d)
			texts = append(texts, layered[ui.Drawn]{d, layer})
		}
		ui.BoxDrawn = func(b ui.Box) { boxes = append(boxes, layered[ui.Box]{b, layer}) }
		ui.Veiled = func() { layer++ }
		m.redraw = true
		m.Draw(dst)
		forgetDraws()
		ui.TextDrawn, ui.BoxDrawn, ui.Veiled = nil, nil, nil
		shootFit(t, dst, w, h, l, large, where)
		if len(drawn) == 0 {
			t.Errorf("%s: no text drawn", where)
		}
		report := func(d ui.Drawn, msg string) {
			key := where + "|" + d.Text + "|" + msg
			if !seen[key] {
				seen[key] = true
				bad = append(bad, fmt.Sprintf("%s: %q %s", where, d.Text, msg))
			}
		}
		var words []string
		for _, d := range drawn {
			words = append(words, d.Text)
		}
		views = append(views, strings.Join(strings.Fields(strings.Join(words, " ")), " "))
		for _, d := range drawn {
			if full, ok := ui.ElidedFrom(d.Text); ok {
				promised[full] = where + ": " + fmt.Sprintf("%q", d.Text)
			} else if full, ok := ui.Shortened(d.Text); ok {
				report(d, fmt.Sprintf("is shortened from %q, and the whole cannot be read anywhere", full))
			} else if strings.Contains(d.Text, "…") && !ellipsisIsWords(d.Text) {
				report(d, "ends in \"…\" the catalogue did not write, and the whole cannot be read anywhere")
			}
			if ui.Scrolls(d.Dst) {
				continue // a scrolling view: what passes its edges is reached by scrolling
			}
			if msg := outside(d); msg != "" {
				report(d, msg)
			}
		}
		for _, msg := range crossed(texts, boxes, dst.Bounds()) {
			bad = append(bad, where+": "+msg)
		}
		for _, msg := range mixedRows(boxes) {
			bad = append(bad, where+": "+msg)
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
		if m.Current().Name() == "discard" {
			// The game before is still in progress: the card asks before it ends.
			look("discard, setup " + g.ID)
			tap(t, m, "discard")
		}
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
		tap(t, m, "restart")
		look("discard, restart " + g.ID)
		tap(t, m, "resume")
		back()
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
	if m.Current().Name() == "discard" {
		tap(t, m, "discard")
	}
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
	for full, cut := range promised {
		whole := strings.Join(strings.Fields(full), " ")
		found := false
		for _, v := range views {
			found = found || strings.Contains(v, whole)
		}
		if !found {
			bad = append(bad, fmt.Sprintf("%s is cut from %q, which no view shows whole", cut, full))
		}
	}
	if len(bad) > 0 {
		t.Errorf("%d texts outside their box:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}

// fitShots, when set (by TestFitShots, in a running game: pixels can be read only there), is
// the folder shootFit writes each view look sees into, as a PNG, to look at a failure.
var fitShots string

// shootFit writes what look saw into fitShots (when SIG_FITAT, if set, is part of the view's
// name).
func shootFit(t *testing.T, dst *ebiten.Image, w, h float64, l string, large bool, where string) {
	if fitShots == "" || !strings.Contains(where, os.Getenv("SIG_FITAT")) {
		return
	}
	dir := fitShots
	name := fmt.Sprintf("%gx%g-%s", w, h, l)
	if large {
		name += "-large"
	}
	name += "-" + strings.NewReplacer(" ", "-", ",", "").Replace(where) + ".png"
	if err := writePNG(dst, filepath.Join(dir, name)); err != nil {
		t.Errorf("writing %s: %v", name, err)
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

// layered is a text or a widget's box with the layer it was drawn on: an overlay's veil starts
// a new one, and what it covers is meant to be covered.
type layered[T any] struct {
	v     T
	layer int
}

// crossed lists the texts drawn on the screen that a widget's box (a button, a focus ring) of
// the same layer crosses without holding them: a caption cut by the button under it, or by
// that button's focus ring.
func crossed(texts []layered[ui.Drawn], boxes []layered[ui.Box], screen image.Rectangle) []string {
	const slack = 1
	var out []string
	said := map[string]bool{}
	for _, t := range texts {
		if t.v.Dst != screen || ui.Scrolls(t.v.Dst) {
			continue // drawn into a picture or a scrolling clip: its place on screen is not known here
		}
		ink := t.v.Ink
		for _, b := range boxes {
			if b.layer != t.layer {
				continue
			}
			r := b.v.R
			if b.v.Clip != (image.Rectangle{}) {
				// A widget in a clip (a scrolling list) is cut to it.
				c := b.v.Clip
				x0, y0 := math.Max(r.X, float64(c.Min.X)), math.Max(r.Y, float64(c.Min.Y))
				x1, y1 := math.Min(r.X+r.W, float64(c.Max.X)), math.Min(r.Y+r.H, float64(c.Max.Y))
				r = ui.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
			}
			overlapW := math.Min(ink.X+ink.W, r.X+r.W) - math.Max(ink.X, r.X)
			overlapH := math.Min(ink.Y+ink.H, r.Y+r.H) - math.Max(ink.Y, r.Y)
			if overlapW <= slack || overlapH <= slack {
				continue // apart
			}
			if !b.v.Ring && r.Contains(ink.X+ink.W/2, ink.Y+ink.H/2) {
				continue // the widget's own words (whether they fit it is outside's concern)
			}
			if b.v.Ring && ink.X >= r.X-slack && ink.Y >= r.Y-slack && ink.X+ink.W <= r.X+r.W+slack && ink.Y+ink.H <= r.Y+r.H+slack {
				continue // the words of the widget the ring surrounds
			}
			what := "a button's box"
			if b.v.Ring {
				what = "a focus ring"
			}
			msg := fmt.Sprintf("%q is crossed by %s at (%.0f,%.0f %.0fx%.0f): its ink at (%.0f,%.0f %.0fx%.0f)", t.v.Text, what, r.X, r.Y, r.W, r.H, ink.X, ink.Y, ink.W, ink.H)
			if !said[msg] {
				said[msg] = true
				out = append(out, msg)
			}
		}
	}
	return out
}

// mixedRows lists the rows of buttons (the same top and height, on one layer) whose labels are
// drawn in different sizes: a button that shrank its own type to fit.
func mixedRows(boxes []layered[ui.Box]) []string {
	type row struct {
		y, h  float64
		layer int
	}
	styles := map[row]map[ui.Style]bool{}
	var order []row
	for _, b := range boxes {
		if b.v.Ring || !b.v.Labelled {
			continue
		}
		k := row{math.Round(b.v.R.Y), math.Round(b.v.R.H), b.layer}
		if styles[k] == nil {
			styles[k] = map[ui.Style]bool{}
			order = append(order, k)
		}
		styles[k][b.v.Label] = true
	}
	var out []string
	for _, k := range order {
		if len(styles[k]) > 1 {
			out = append(out, fmt.Sprintf("the row of buttons at y=%.0f draws its labels in %d different sizes", k.y, len(styles[k])))
		}
	}
	return out
}

// ellipsisIsWords reports whether the "…" in s is the catalogue's own ("Thinking…", "You
// throw the sticks…"), not a cut: s ends as one of the catalogue's texts with an ellipsis
// ends, in any language, or is the last line of one wrapped (whole words of its end).
func ellipsisIsWords(s string) bool {
	for _, l := range []lang.Lang{lang.English, lang.French, lang.Arabic} {
		for _, k := range lang.Keys(l) {
			v := lang.In(l, k)
			i := strings.Index(v, "…")
			if i < 0 {
				continue
			}
			// The words from the last argument on: "%s throws the sticks…" → " throws the sticks…".
			tail := v
			if at := verb.FindAllStringIndex(v[:i], -1); len(at) > 0 {
				tail = v[at[len(at)-1][1]:]
			}
			if strings.HasSuffix(s, tail) {
				return true
			}
			// The last line of such a text wrapped ("Coup en" / "cours…"): the words after a
			// space of the text's own end.
			if strings.HasSuffix(tail, " "+s) {
				return true
			}
		}
	}
	return false
}
