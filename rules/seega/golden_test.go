package seega

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sig/rules"
)

var update = flag.Bool("update", false, "rewrite testdata/seega.golden")

// TestGolden plays one whole seeded game (random choices) and compares every move, its events
// and the positions at the start of the moving phase and at the end with testdata/seega.golden.
// Regenerate with: go test ./rules/seega -run Golden -update
func TestGolden(t *testing.T) {
	m, err := rules.NewMatch(Info, 2, 2026)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2026, 1))
	var b strings.Builder
	fmt.Fprintf(&b, "Seega, seed 2026, random choices\n\n%s\n", m.State)
	var legal []rules.Move
	for n := 1; m.State.Phase() != rules.PhaseOver; n++ {
		s := m.State.(*State)
		placing, who := s.Placing(), mark[s.toMove]
		legal = s.Legal(legal)
		mv := legal[rng.IntN(len(legal))]
		text := s.FormatMove(mv)
		var ev rules.Events
		if err := m.PlayMove(mv, &ev); err != nil {
			t.Fatalf("move %d %q: %v", n, text, err)
		}
		fmt.Fprintf(&b, "%d. %c %s: %s\n", n, who, text, eventsText(ev))
		if placing && !s.Placing() {
			fmt.Fprintf(&b, "\n%s\n", s)
		}
	}
	fmt.Fprintf(&b, "\n%s", m.State)
	got := b.String()
	path := filepath.Join("testdata", "seega.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("the game differs from %s (run with -update if the change is intended):\n%s", path, got)
	}
}
