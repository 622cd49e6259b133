// Package growth sums a memory run's samples up as the soaks report them against issue 13's
// target (no growth beyond 10% after the first minutes): a quantity at the start, when the
// warm-up ends, at its highest after that, how far the highest is over the warm-up's value,
// and at the end. The desktop soak (scenes) and the browser's run (e2e) both report it: one
// reading of "growth" keeps their tables comparable.
package growth

import "time"

// Row is one quantity over a run.
type Row struct {
	Start, Warm, Highest, End float64
	Percent                   float64 // (Highest − Warm) / Warm × 100; 0 when Warm is 0
}

// Of reads the quantity v over samples, taken at at(sample) from the run's start, in order;
// the warm-up ends with the first sample at or after warm. With no sample after it, Warm and
// Highest are 0.
func Of[S any](samples []S, at func(S) time.Duration, warm time.Duration, v func(S) float64) Row {
	var r Row
	if len(samples) == 0 {
		return r
	}
	r.Start, r.End = v(samples[0]), v(samples[len(samples)-1])
	found := false
	for _, s := range samples {
		if !found && at(s) >= warm {
			r.Warm, found = v(s), true
		}
		if found {
			r.Highest = max(r.Highest, v(s))
		}
	}
	if r.Warm > 0 {
		r.Percent = (r.Highest - r.Warm) / r.Warm * 100
	}
	return r
}
