package scenes

import (
	"testing"

	"sig/match"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
)

// layoutCounter is a board that counts the times it is laid out.
type layoutCounter struct {
	stage.Board
	n int
}

func (c *layoutCounter) Layout(m ui.Metrics, r ui.Rect) {
	c.n++
	c.Board.Layout(m, r)
}

// TestOverlaysKeepTheBoardsLayout: Pause and the results lay the play scene out again under
// them; the board keeps its layout (and its pictures) unless the screen, the language or the
// seats' names changed.
func TestOverlaysKeepTheBoardsLayout(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.English)
	g, _ := games.Lookup("sig-wa-duqqan")
	m := newTest(t, Config{})
	m.LayoutF(1280, 800)
	p := newPlay(m, g, playersFrom([]Seat{{Who: match.Person{}}, {Who: match.Person{}}, {Who: match.Person{}}}), 1)
	c := &layoutCounter{Board: p.brd}
	p.brd = c
	p.Layout(m.mt)
	if c.n != 1 {
		t.Fatalf("the first layout laid the board out %d times, want 1", c.n)
	}
	for _, sc := range []Scene{newPause(m, p), newResults(m, p)} {
		sc.Layout(m.mt)
		if c.n != 1 {
			t.Errorf("%s laid the board out again (%d layouts) with nothing changed", sc.Name(), c.n)
		}
	}
	lang.Set(lang.French)
	newPause(m, p).Layout(m.mt)
	if c.n != 2 {
		t.Errorf("after a change of language the board was laid out %d times, want 2", c.n)
	}
	p.players[1].Name = "Amira"
	p.Layout(m.mt)
	if c.n != 3 {
		t.Errorf("after a seat's name changed the board was laid out %d times, want 3", c.n)
	}
	m.LayoutF(390, 844)
	p.Layout(m.mt)
	if c.n != 4 {
		t.Errorf("after the screen changed the board was laid out %d times, want 4", c.n)
	}
}
