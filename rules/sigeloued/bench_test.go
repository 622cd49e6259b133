package sigeloued

import (
	"math/rand/v2"
	"testing"

	"sig/rules"
)

// BenchmarkPlayout plays random games from the start: throws drawn as the sticks fall,
// decisions uniformly at random, no events.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	start, s := New(), New()
	buf := make([]rules.Move, 0, 16)
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		for s.phase != rules.PhaseOver {
			var m rules.Move
			if s.phase == rules.PhaseThrow {
				m = rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 6)))
			} else {
				buf = s.Legal(buf)
				m = buf[rng.IntN(len(buf))]
			}
			if err := s.Apply(m, nil); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "playouts/s")
	b.ReportMetric(float64(moves)/sec, "moves/s")
}

// BenchmarkHotPath is the search's inner step on positions taken from random games: copy the
// position, list its moves, apply one without events.
func BenchmarkHotPath(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var positions []*State
	for len(positions) < 4096 {
		s := New()
		for s.phase != rules.PhaseOver {
			positions = append(positions, s.Clone().(*State))
			legal := s.Legal(nil)
			m := legal[rng.IntN(len(legal))]
			if s.phase == rules.PhaseThrow {
				m = rules.ThrowMove(rules.ThrowCount(rules.Faces(rng, 6)))
			}
			_ = s.Apply(m, nil)
		}
	}
	s := New()
	buf := make([]rules.Move, 0, 16)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(positions[i%len(positions)])
		buf = s.Legal(buf)
		if err := s.Apply(buf[i%len(buf)], nil); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
