package sadeqa

import (
	"math/rand/v2"
	"syscall"
	"testing"

	"sig/rules"
)

// BenchmarkPlayout plays random games from the opening.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := New()
	start := New()
	buf := make([]rules.Move, 0, RowHoles)
	moves := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for range b.N {
		s.CopyFrom(start)
		for s.phase != rules.PhaseOver {
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
	b.ReportMetric(float64(moves)/(cpuSeconds()-cpu0), "moves/cpu-s")
}

// cpuSeconds is the CPU time this process has used: on a busy machine, moves per CPU second
// says more about the code than moves per second of wall time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// BenchmarkHotPath is what a search does at every node: copy the position, list the moves,
// apply one without events.
func BenchmarkHotPath(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	// A pool of positions met in random games, so the benchmark sees the whole game.
	var pool []*State
	for len(pool) < 4096 {
		s := New()
		for s.phase != rules.PhaseOver {
			pool = append(pool, s.Clone().(*State))
			l := s.Legal(nil)
			s.Apply(l[rng.IntN(len(l))], nil)
		}
	}
	s := New()
	buf := make([]rules.Move, 0, RowHoles)
	for _, p := range pool { // warm the history's capacity
		s.CopyFrom(p)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for i := range b.N {
		s.CopyFrom(pool[i%len(pool)])
		buf = s.Legal(buf)
		if err := s.Apply(buf[i%len(buf)], nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(b.N)/(cpuSeconds()-cpu0), "moves/cpu-s")
}

// BenchmarkEndless measures the exact check of an endless sowing: North's 8 in the position of
// TestEndlessSowing comes back to its first lap after 4535 laps, which Brent's method notices
// within 8192.
func BenchmarkEndless(b *testing.B) {
	s, err := Parse("north: 5 0 5 3 4 5 6 5 0 1\nsouth: 4 5 2 8 7 6 5 4 3 2\nto move: north\ncaptured: 0 0")
	if err != nil {
		b.Fatal(err)
	}
	r, board := s.rule(North), s.holes
	b.ReportAllocs()
	for range b.N {
		if !r.endless(board, Hole(North, 8)) {
			b.Fatal("not endless")
		}
	}
}
