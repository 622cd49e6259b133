package scenes

import (
	"math"
	"testing"

	"sig/scenes/lang"
	"sig/scenes/ui"
)

// touch taps target through the hit areas with a finger, as on a phone.
func touch(t *testing.T, m *Manager, target ui.Target) {
	t.Helper()
	x, y, ok := m.Current().Hits().Find(target)
	if !ok {
		t.Fatalf("%s: no %v to touch; targets: %v", m.Current().Name(), target, m.Current().Hits().Targets())
	}
	step(m, ui.Intent{Kind: ui.Point, X: x, Y: y, Down: true, Touch: true}, ui.Intent{Kind: ui.Tap, X: x, Y: y, Touch: true})
}

func touchKey(t *testing.T, m *Manager, id string) {
	t.Helper()
	touch(t, m, ui.Target{Kind: "button", ID: id})
}

// typeKeys touches the on-screen key of each letter of word in turn.
func typeKeys(t *testing.T, m *Manager, word string) {
	t.Helper()
	for _, r := range word {
		touchKey(t, m, "key:"+string(r))
	}
}

func TestKeyboardTypesAName(t *testing.T) {
	m := newTest(t, Config{Game: "seega"})
	s := m.Current().(*setup)
	touchKey(t, m, "name-0")
	if s.editing != 0 || s.kb == nil {
		t.Fatalf("a finger on the name: editing %d, keyboard %v; want seat 0 and a keyboard", s.editing, s.kb != nil)
	}
	// A capital at the start of the name and after a space; the accents on their own layer.
	typeKeys(t, m, "zoe")
	touchKey(t, m, keyErase)
	touchKey(t, m, keyNext)
	typeKeys(t, m, "ë")
	touchKey(t, m, keyNext)
	touchKey(t, m, keySpace)
	typeKeys(t, m, "ba")
	touchKey(t, m, keyShift)
	typeKeys(t, m, "r")
	// A physical keyboard still types while the keys are on screen.
	step(m, ui.Intent{Kind: ui.Char, Rune: 'i'})
	if got := s.seats[0].Name; got != "Zoë BaRi" {
		t.Errorf("typed name = %q, want %q", got, "Zoë BaRi")
	}
	touchKey(t, m, keyDone)
	if s.editing >= 0 || s.kb != nil {
		t.Errorf("after done: editing %d, keyboard shown %v; want neither", s.editing, s.kb != nil)
	}
	if got := s.players()[0].Name; got != "Zoë BaRi" {
		t.Errorf("seat 0 is named %q, want %q", got, "Zoë BaRi")
	}
	if _, _, ok := s.Hits().Find(ui.Target{Kind: "button", ID: keySpace}); ok {
		t.Errorf("the keyboard's keys can still be tapped after done")
	}
}

func TestKeyboardOnlyForFingers(t *testing.T) {
	m := newTest(t, Config{Game: "seega"})
	s := m.Current().(*setup)
	tap(t, m, "name-1") // a mouse click: the desk has a keyboard
	if s.editing != 1 || s.kb != nil {
		t.Fatalf("a click on the name: editing %d, keyboard %v; want seat 1 and no keyboard", s.editing, s.kb != nil)
	}
	step(m, ui.Intent{Kind: ui.Activate})
	step(m, ui.Intent{Kind: ui.Activate}) // enter on the focused name: typing, no keyboard either
	if s.editing != 1 || s.kb != nil {
		t.Fatalf("enter on the name: editing %d, keyboard %v; want seat 1 and no keyboard", s.editing, s.kb != nil)
	}
}

func TestKeyboardTapElsewhereCloses(t *testing.T) {
	m := newTest(t, Config{Game: "seega"})
	s := m.Current().(*setup)
	before := s.seats[1].Color
	touchKey(t, m, "name-0")
	typeKeys(t, m, "a")
	// Between two keys: nothing under the panel is reached, and the keyboard stays.
	a, q := s.kb.menu.Get("key:a").Rect, s.kb.menu.Get("key:q").Rect
	step(m, ui.Intent{Kind: ui.Tap, X: (a.CX() + q.CX()) / 2, Y: (a.Bottom() + q.Y) / 2, Touch: true})
	if s.kb == nil || s.editing != 0 || s.seats[0].Name != "A" {
		t.Fatalf("a tap between keys: keyboard %v, editing %d, name %q; want the keyboard, seat 0, %q", s.kb != nil, s.editing, s.seats[0].Name, "A")
	}
	touchKey(t, m, "color-1")
	if s.kb != nil || s.editing >= 0 {
		t.Errorf("a tap on the form: keyboard %v, editing %d; want both closed", s.kb != nil, s.editing)
	}
	if s.seats[1].Color == before {
		t.Errorf("the tap that closed the keyboard did not reach the colour")
	}
	if s.seats[0].Name != "A" {
		t.Errorf("name after closing = %q, want %q", s.seats[0].Name, "A")
	}
}

func TestKeyboardArabic(t *testing.T) {
	m := newTest(t, Config{Game: "sadeqa", Lang: "ar"})
	defer lang.Set(lang.English)
	s := m.Current().(*setup)
	touchKey(t, m, "name-1")
	if s.kb == nil || !s.kb.layers[s.kb.layer].rtl {
		t.Fatalf("in Arabic the keyboard opens on the Arabic letters")
	}
	typeKeys(t, m, "علي")
	typeKeys(t, m, "آ")
	touchKey(t, m, keyErase)
	touchKey(t, m, keySpace)
	// The Latin letters are a layer away; a capital after the space.
	touchKey(t, m, keyNext)
	typeKeys(t, m, "xy")
	touchKey(t, m, keyDone)
	if got := s.players()[1].Name; got != "علي Xy" {
		t.Errorf("seat 1 is named %q, want %q", got, "علي Xy")
	}
}

// TestKeyboardFits checks every key lies on screen, apart from the others and at least 28
// points wide and 36 high, on a phone held upright and a wide window, in every layer.
func TestKeyboardFits(t *testing.T) {
	for _, size := range [][2]float64{{390, 844}, {1280, 800}, {640, 360}} {
		for _, l := range []lang.Lang{lang.English, lang.French, lang.Arabic} {
			m := newTest(t, Config{Game: "es-sig", Players: 6, Lang: string(l)})
			m.LayoutF(size[0], size[1])
			s := m.Current().(*setup)
			step(m, ui.Intent{Kind: ui.Scroll, Scroll: math.Inf(1)})
			touchKey(t, m, "name-5")
			if s.kb == nil {
				t.Fatalf("%v %s: no keyboard", size, l)
			}
			// The name being typed is in view above the keyboard.
			if b := s.menu.Get("name-5").Rect; b.Bottom() > s.kb.panel.Y || b.Y < s.form.Y-1 {
				t.Errorf("%v %s: the name (%v) is hidden (form %v, keyboard %v)", size, l, b, s.form, s.kb.panel)
			}
			for range s.kb.layers {
				keys := s.kb.menu.Buttons
				for i, b := range keys {
					r := b.Rect
					if r.X < 0 || r.Y < 0 || r.Right() > size[0]+0.5 || r.Bottom() > size[1]+0.5 {
						t.Errorf("%v %s: key %s at %v is off screen", size, l, b.ID, r)
					}
					if min := 28.0; r.W < min || r.H < 36 && size[1] > 400 {
						t.Errorf("%v %s: key %s is %.0f×%.0f", size, l, b.ID, r.W, r.H)
					}
					for _, o := range keys[i+1:] {
						if r.X < o.Rect.Right() && o.Rect.X < r.Right() && r.Y < o.Rect.Bottom() && o.Rect.Y < r.Bottom() {
							t.Errorf("%v %s: keys %s %v and %s %v overlap", size, l, b.ID, r, o.ID, o.Rect)
						}
					}
				}
				touchKey(t, m, keyNext)
			}
			lang.Set(lang.English)
		}
	}
}
