package sigeloued

import (
	"math"
	"testing"

	"sig/rules"
)

// TestReachChance: the chances of reaching a distance in one turn are at least those of the
// single throws that do it, an unfreed piece reaches less far, and nothing is certain.
func TestReachChance(t *testing.T) {
	single := [5]float64{1: 12.0 / 64, 2: 15.0 / 64, 3: 20.0 / 64, 4: 15.0 / 64}
	for d := 1; d <= 4; d++ {
		if reachChance[0][d] < single[d] {
			t.Errorf("distance %d: %.4f, less than the throw alone (%.4f)", d, reachChance[0][d], single[d])
		}
	}
	// Five steps need two values (a sig and a 4, two sigs and a 3...): some chance, less than a 4's.
	if c := reachChance[0][5]; c <= 0 || c >= reachChance[0][4] {
		t.Errorf("distance 5: %.4f", c)
	}
	// An unfreed piece reaches one step as a freed one does (only a sig frees it), but two,
	// three and four only after a sig.
	if reachChance[1][1] != reachChance[0][1] {
		t.Errorf("one step: unfreed %.4f, freed %.4f", reachChance[1][1], reachChance[0][1])
	}
	for d := 2; d < CircuitLen; d++ {
		if reachChance[1][d] > reachChance[0][d] {
			t.Errorf("distance %d: unfreed %.4f > freed %.4f", d, reachChance[1][d], reachChance[0][d])
		}
	}
	for u := range reachChance {
		for d, c := range reachChance[u] {
			if c < 0 || c >= 1 || math.IsNaN(c) {
				t.Errorf("reachChance[%d][%d] = %v", u, d, c)
			}
		}
	}
}

// TestEvaluateZeroSum: what one player gains the other loses, in every position of random games.
func TestEvaluateZeroSum(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		m, _ := rules.NewMatch(Info, 2, seed)
		for step := 0; m.State.Phase() != rules.PhaseOver; step++ {
			s := m.State.(*State)
			if a, b := s.Evaluate(0), s.Evaluate(1); math.Abs(a+b) > 1e-12 {
				t.Fatalf("seed %d step %d: Evaluate(0) %v, Evaluate(1) %v\n%s", seed, step, a, b, s)
			}
			legal := s.Legal(nil)
			mv := legal[step%len(legal)]
			if s.Phase() == rules.PhaseThrow {
				mv, _, _ = m.Throw()
			}
			if err := m.PlayMove(mv, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}
