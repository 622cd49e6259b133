package seega

import (
	"math/rand/v2"
	"testing"

	"sig/rules"
)

// BenchmarkPlayout plays whole random games from the start (uniform choice among the legal
// moves, no events). moves/s counts the moves chosen (Apply calls); the forced moves the rules
// play by themselves come on top.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := New()
	start := New()
	buf := make([]rules.Move, 0, maxLegal)
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		for s.Phase() != rules.PhaseOver {
			buf = s.Legal(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))], nil); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "playouts/s")
	b.ReportMetric(float64(moves)/sec, "moves/s")
}

// BenchmarkHotPath is what search does at every node: copy a position, list its moves, apply
// one without events. The positions come from random games, placement and movement alike.
func BenchmarkHotPath(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var pool []*State
	buf := make([]rules.Move, 0, maxLegal)
	for len(pool) < 1024 {
		s := New()
		for s.Phase() != rules.PhaseOver {
			pool = append(pool, s.Clone().(*State))
			buf = s.Legal(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))], nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	pool = pool[:1024]
	s := New()
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(pool[i&1023])
		buf = s.Legal(buf)
		if err := s.Apply(buf[i%len(buf)], nil); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
