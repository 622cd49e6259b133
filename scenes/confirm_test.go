package scenes

import (
	"testing"

	"sig/scenes/ui"
)

// TestNewGameAsksBeforeEndingOne: a game played for a few turns and left by Pause → Menu is
// not thrown away by starting another from the setup: Start asks, Back returns to the setup,
// Continue brings back the very game, and only "Start the new game" starts another (after
// which the title's Continue holds the new game, once a move of it is played).
func TestNewGameAsksBeforeEndingOne(t *testing.T) {
	m := newTest(t, Config{Seed: 5})
	m.settings.Speed = Instant
	a := startFromSetup(t, m, "seega", false)
	playTurns(t, m, a, 3)
	moves := a.d.Match().Moves()
	step(m, ui.Intent{Kind: ui.Back})
	tap(t, m, "menu")
	want(t, m, "title")

	tap(t, m, "play")
	tap(t, m, "sadeqa")
	want(t, m, "setup")
	tap(t, m, "start")
	want(t, m, "discard")
	tap(t, m, "keep")
	want(t, m, "setup")
	tap(t, m, "start")
	want(t, m, "discard")
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "setup")

	tap(t, m, "start")
	tap(t, m, "continue")
	want(t, m, "play")
	b := m.Current().(*play)
	if b.g.ID != "seega" || b.d.Match().Moves() != moves {
		t.Fatalf("Continue on the card gave %s after %d moves, want seega after %d", b.g.ID, b.d.Match().Moves(), moves)
	}
	samePlay(t, a, b)

	step(m, ui.Intent{Kind: ui.Back})
	tap(t, m, "menu")
	tap(t, m, "play")
	tap(t, m, "sadeqa")
	tap(t, m, "start")
	tap(t, m, "discard")
	want(t, m, "play")
	c := m.Current().(*play)
	if c.g.ID != "sadeqa" || c.d.Match().Moves() != 0 {
		t.Fatalf("the new game is %s after %d moves, want sadeqa from the start", c.g.ID, c.d.Match().Moves())
	}
}

// TestNewGameWithoutOneInProgress: with no game in progress, Start starts at once.
func TestNewGameWithoutOneInProgress(t *testing.T) {
	m := newTest(t, Config{})
	startFromSetup(t, m, "seega", false)
}

// TestRestartAsks: Pause → Restart of a game with moves played asks first; Keep playing and
// Back change nothing, and only Start again begins a new match.
func TestRestartAsks(t *testing.T) {
	m := newTest(t, Config{Seed: 3})
	m.settings.Speed = Instant
	a := startFromSetup(t, m, "sig-el-oued", false)
	playTurns(t, m, a, 3)
	moves := a.d.Match().Moves()

	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "pause")
	tap(t, m, "restart")
	want(t, m, "discard")
	tap(t, m, "resume")
	want(t, m, "play")
	if m.Current() != a || a.d.Match().Moves() != moves {
		t.Fatalf("Keep playing: %d moves, want the same match with %d", m.Current().(*play).d.Match().Moves(), moves)
	}

	step(m, ui.Intent{Kind: ui.Back})
	tap(t, m, "restart")
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "pause")

	tap(t, m, "restart")
	tap(t, m, "restart")
	want(t, m, "play")
	if b := m.Current().(*play); b == a || b.d.Match().Moves() != 0 {
		t.Fatalf("Start again gave a match with %d moves (the same scene: %v)", b.d.Match().Moves(), b == a)
	}
}
