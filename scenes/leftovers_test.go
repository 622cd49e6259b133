package scenes

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/scenes/lang"
)

// TestResultsCardHidesTheTurnCard: a game between two computers, started from the setup, shown
// to its end: the results are on screen, and the turn card under them no longer says they are
// coming.
func TestResultsCardHidesTheTurnCard(t *testing.T) {
	m := newTest(t, Config{Seed: 8})
	computersToResults(t, m)
	for range 20 {
		step(m)
	}
	dst := ebiten.NewImage(1280, 800)
	defer dst.Deallocate()
	words := drawnWords(func() { m.Draw(dst) })
	for _, w := range words {
		if strings.Contains(w, lang.T("play.over.sub")) {
			t.Errorf("with the results on screen, the screen still says %q", w)
		}
	}
}

// computersToResults starts, from the title, a game of Seega between two computers (the first
// seat made one in the setup) and shows it at once to its results.
func computersToResults(t *testing.T, m *Manager) {
	t.Helper()
	m.settings.Speed = Instant
	tap(t, m, "play")
	tap(t, m, "seega")
	tap(t, m, "easy-0")
	tap(t, m, "start")
	for i := 0; i < 200_000 && m.Current().Name() == "play"; i++ {
		step(m)
	}
	want(t, m, "results")
}

// TestThrowCaptionEndsWithTheTurn: in a game of Sig el Oued against the computer, started from
// the setup, when the person's turn to throw comes after the computer's throw, the caption under
// the sticks no longer tells the computer's throw as though it were in play.
func TestThrowCaptionEndsWithTheTurn(t *testing.T) {
	m := newTest(t, Config{Seed: 12})
	m.settings.Speed = Instant
	p := startFromSetup(t, m, "sig-el-oued", false)
	checked := 0
	for turns := 0; turns < 12; turns++ {
		playTurns(t, m, p, 1)
		st := p.d.State()
		if p.thrown == nil || p.thrown.Player == st.ToMove() || st.Phase() != rules.PhaseThrow {
			continue
		}
		checked++
		theirs := p.throwCaption(p.thrown.Events, p.thrown.Player)
		if got := p.captionText(); got == theirs || got != "" {
			t.Fatalf("your turn to throw, and the caption under the sticks says %q (the computer's throw: %q)", got, theirs)
		}
	}
	if checked == 0 {
		t.Fatalf("no turn to throw came after another player's throw")
	}
}
