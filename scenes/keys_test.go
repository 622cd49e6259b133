package scenes

import (
	"math/rand/v2"
	"strings"
	"testing"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/ui"
)

// At a decision on a board that is a Picker, the arrows and Enter reach the board and play a
// legal move: Seega's placing and stepping, Es-Sîg's steering, El Oued's pieces. The throws are
// the throw button's; the keys wander at random (seeded) until the board has a complete choice (a Seega step
// found that way can take a few thousand keys).
func TestKeysPlayOnPickingBoards(t *testing.T) {
	for _, c := range []struct {
		id    string
		seats int
		want  int // decisions to make by keys
	}{{"seega", 2, 30}, {"es-sig", 3, 2}, {"sig-el-oued", 2, 6}} {
		t.Run(c.id, func(t *testing.T) {
			g, _ := games.Lookup(c.id)
			seats := make([]Seat, c.seats)
			for i := range seats {
				seats[i] = Seat{Who: match.Person{}}
			}
			m := newTest(t, Config{Game: c.id, Seed: 11, Seats: seats})
			m.settings.Speed = Instant
			p := m.Current().(*play)
			if p.picker == nil {
				t.Fatalf("%s's board is not a Picker", c.id)
			}
			rng := rand.New(rand.NewPCG(7, 8))
			arrows := []ui.Intent{{Kind: ui.Move, DX: -1}, {Kind: ui.Move, DX: 1}, {Kind: ui.Move, DY: -1}, {Kind: ui.Move, DY: 1}}
			engine := g.NewState(c.seats)
			done, checked := 0, 0
			for tick := 0; done < c.want; tick++ {
				if tick > 200_000 || m.Current().Name() != "play" {
					t.Fatalf("after %d ticks, %d of %d decisions by keys (scene %s)", tick, done, c.want, m.Current().Name())
				}
				st := p.State()
				if p.Busy() || st.Phase() == rules.PhaseOver {
					step(m)
					continue
				}
				if st.Phase() == rules.PhaseThrow {
					tap(t, m, "throw")
					continue
				}
				if !p.boardHasKeys() {
					t.Fatalf("a person decides on %s but the board does not have the keys", c.id)
				}
				if c.id == "es-sig" {
					if _, got := p.turnText(); !strings.Contains(got, "Steer the Ghula") {
						t.Errorf("turn card at a steering decision says %q", got)
					}
				}
				moves := p.d.Match().Moves()
				for k := 0; p.d.Match().Moves() == moves; k++ {
					if k > 20000 {
						t.Fatalf("20000 keys at a decision of %s played nothing: %v legal %v", c.id, p.State(), p.legal)
					}
					in := ui.Intent{Kind: ui.Activate}
					if rng.IntN(2) == 0 {
						in = arrows[rng.IntN(len(arrows))]
					}
					step(m, in)
				}
				for ; checked < p.d.Match().Moves(); checked++ {
					if err := engine.Apply(p.d.Match().MoveAt(checked), nil); err != nil {
						t.Fatalf("move %d: the engine refuses %v: %v", checked, p.d.Match().MoveAt(checked), err)
					}
				}
				if !engine.Equal(p.State()) {
					t.Fatalf("after the keys the scene has\n%v\nthe engine\n%v", p.State(), engine)
				}
				done++
			}
		})
	}
}

// The log and the throw captions name the charcoal as each game does, and say which way it
// carries the pieces.
func TestGhoulaWording(t *testing.T) {
	es, _ := games.Lookup("es-sig")
	names := []string{"You", "Amira", "Bot"}
	lines := func(ev rules.Events) string {
		var out []string
		for _, l := range describe(es, namesEnv(0, names...), ev) {
			out = append(out, l.Text())
		}
		return strings.Join(out, "\n")
	}
	got := lines(rules.Events{
		{Kind: rules.EvThrow, Player: 0, Count: 4, Value: 4, Ghoula: true},
		{Kind: rules.EvGhoulaStep, Player: 0, From: 20, To: 21},
		{Kind: rules.EvGhoulaStep, Player: 0, From: 21, To: 22},
		{Kind: rules.EvDragged, Player: 1, From: 20, To: 22},
		{Kind: rules.EvDragged, Player: 2, From: 22, To: 22},
		{Kind: rules.EvTurn, Player: 1},
	})
	for _, w := range []string{"You threw 4 white up: the Ghula moves 4", "You send the Ghula to space 22", "Amira is carried forward to space 22"} {
		if !strings.Contains(got, w) {
			t.Errorf("log\n%s\nlacks %q", got, w)
		}
	}
	if strings.Contains(got, "Ghoula") || strings.Contains(got, "dragged back") {
		t.Errorf("Es-Sîg log\n%s\nsays Ghoula or dragged back", got)
	}
	if got := lines(rules.Events{{Kind: rules.EvThrow, Player: 1, Count: 3, Value: 0, Ghoula: true}, {Kind: rules.EvNoMove, Player: 1}, {Kind: rules.EvTurn, Player: 2}}); !strings.Contains(got, "3 white up: the Ghula moves 0") {
		t.Errorf("a Ghula throw of 0 reads %q", got)
	}
	if got := lines(rules.Events{{Kind: rules.EvThrow, Player: 1, Count: 2, Value: 0}, {Kind: rules.EvNoMove, Player: 1}, {Kind: rules.EvTurn, Player: 2}}); strings.Contains(got, "Ghula") {
		t.Errorf("a piece's throw of 0 reads %q", got)
	}
	if got := lines(rules.Events{{Kind: rules.EvThrow, Player: 1, Count: 0, Value: 6, Ghoula: true}}); !strings.Contains(got, "the Ghula moves 6") {
		t.Errorf("a throw to steer reads %q", got)
	}
	duq, _ := games.Lookup("sig-wa-duqqan")
	d := describe(duq, namesEnv(0, names...), rules.Events{
		{Kind: rules.EvThrow, Player: 0, Count: 3, Value: 3, Ghoula: true},
		{Kind: rules.EvGhoulaStep, Player: 0, From: 40, To: 41},
		{Kind: rules.EvSeized, Player: 1, From: 41},
		{Kind: rules.EvDragged, Player: 1, From: 41, To: 1},
	})
	if len(d) < 4 || d[0].Text() != "You threw 3 white up: the Ghoula moves 3" || !strings.Contains(d[3].Text(), "dragged back to the start") {
		t.Errorf("Sig wa Duqqan log %v", d)
	}
}

// A tap on the sticks tray throws, as the throw button does, and only while a person may throw;
// undo in the middle of the first throw lays the sticks neatly again rather than leaving them in
// the air (or showing the throw undone).
func TestTrayThrowsAndUndoSettles(t *testing.T) {
	m := newTest(t, Config{Game: "sig-wa-duqqan", Seed: 4, Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}})
	p := m.Current().(*play)
	r := p.arena.Rect
	if r.W == 0 {
		t.Fatalf("no sticks tray")
	}
	if got, ok := p.Hits().At(r.CX(), r.CY()); !ok || got != (ui.Target{Kind: "button", ID: "throw"}) {
		t.Fatalf("the tray's target is %v, %v", got, ok)
	}
	step(m, ui.Intent{Kind: ui.Tap, X: r.CX(), Y: r.CY()})
	if p.d.Match().Moves() != 1 || !p.Busy() {
		t.Fatalf("a tap on the tray: %d moves, busy %v", p.d.Match().Moves(), p.Busy())
	}
	step(m) // the sticks are in the air
	if p.arena.Landed() {
		t.Fatalf("the sticks landed at once")
	}
	step(m, ui.Intent{Kind: ui.Key, Rune: 'u'})
	if p.d.Match().Moves() != 0 || p.Busy() {
		t.Fatalf("undo: %d moves, busy %v", p.d.Match().Moves(), p.Busy())
	}
	if p.arena.Thrown() || p.thrown != nil {
		t.Fatalf("undo left the sticks thrown (landed %v), caption %v", p.arena.Landed(), p.thrown)
	}
	// While the computer acts, the tray is not a throw button.
	m = newTest(t, Config{Game: "sig-wa-duqqan", Seed: 4, Seats: []Seat{{Who: match.Computer{Level: ai.Easy}}, {Who: match.Person{}}}})
	p = m.Current().(*play)
	r = p.arena.Rect
	step(m, ui.Intent{Kind: ui.Tap, X: r.CX(), Y: r.CY()})
	if p.d.Match().Moves() != 0 {
		t.Fatalf("a tap on the tray threw for the computer")
	}
}
