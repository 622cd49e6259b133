package ai

import (
	"testing"
	"time"

	"sig/rules/games"
)

// BenchmarkSearch measures the search speed of every game, in nodes per second, on positions of
// random games (a Hard search of 200,000 nodes each). The node budgets of the levels are set
// from these rates (BENCHMARKS.md).
func BenchmarkSearch(b *testing.B) {
	for _, g := range games.All() {
		ps := decisions(g, g.DefaultPlayers, 8, 1)
		if len(ps) == 0 {
			continue
		}
		b.Run(g.ID, func(b *testing.B) {
			nodes := int64(0)
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				_, st, _ := ChooseOptions(ps[i%len(ps)], Options{Level: Hard, Nodes: 200_000, Seed: int64(i)})
				nodes += st.Nodes
				i++
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkSlices runs whole Hard searches in slices of 4 ms, as a scene does once a frame, and
// reports the longest slice: what one frame loses to the computer's thinking.
func BenchmarkSlices(b *testing.B) {
	for _, g := range games.All() {
		ps := decisions(g, g.DefaultPlayers, 4, 2)
		if len(ps) == 0 {
			continue
		}
		b.Run(g.ID, func(b *testing.B) {
			var longest, total time.Duration
			slices, i := 0, 0
			for b.Loop() {
				t := NewThinkerOptions(ps[i%len(ps)], Options{Level: Hard, Nodes: 300_000, Seed: int64(i)})
				for done := false; !done; {
					start := time.Now()
					done = t.Step(4 * time.Millisecond)
					d := time.Since(start)
					longest = max(longest, d)
					total += d
					slices++
				}
				i++
			}
			b.ReportMetric(float64(longest.Microseconds())/1000, "max-slice-ms")
			b.ReportMetric(float64(total.Microseconds())/1000/float64(slices), "mean-slice-ms")
		})
	}
}
