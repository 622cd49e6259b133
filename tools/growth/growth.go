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

// Windows is the quantity's mean over each window w long from warm on, and how far the highest
// window's mean is over the first's, in percent: growth read from the trend. Of compares one
// sample with the highest of hundreds, and on a run that changes screens every few seconds that
// is mostly the spread between screens, whichever way the one sample falls (session 15's soaks:
// +6.5% to +12.3% by Of, their windows' means within 2% of the first). A window counts when the
// samples reach at least half of it; one with no sample is left out.
func Windows[S any](samples []S, at func(S) time.Duration, warm, w time.Duration, v func(S) float64) (means []float64, percent float64) {
	if len(samples) == 0 || w <= 0 {
		return nil, 0
	}
	last := at(samples[len(samples)-1])
	for start := warm; last >= start+w/2; start += w {
		sum, n := 0.0, 0
		for _, s := range samples {
			if t := at(s); t >= start && t < start+w {
				sum, n = sum+v(s), n+1
			}
		}
		if n > 0 {
			means = append(means, sum/float64(n))
		}
	}
	if len(means) == 0 || means[0] == 0 {
		return means, 0
	}
	highest := means[0]
	for _, m := range means {
		highest = max(highest, m)
	}
	return means, (highest - means[0]) / means[0] * 100
}
