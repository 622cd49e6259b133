// Package growth sums a memory run's samples up as the soaks report them against the memory
// target (no growth beyond 10% after the first minutes; BENCHMARKS.md, "Memory over a long
// session"): a quantity at the start, when the
// warm-up ends, at its highest after that, how far the highest is over the warm-up's value,
// and at the end, read from single samples (Of) and from means over a span (Smoothed). The
// desktop soak (scenes) and the browser's run (e2e) both report it: one reading of "growth"
// keeps their tables comparable.
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

// Smoothed is Of read from means over span instead of single samples: Warm is the mean of
// the samples in [warm, warm+span), Highest the highest mean of the samples in [t, t+span) for
// t the time of any sample from warm on whose span ends by the last sample's time; Start and
// End stay single samples. It is the soaks' measure of growth. A process's memory from one
// sample to the next is not a level: a burst of drawing (a replay opened, a board painted)
// takes memory that C's malloc and Go's runtime keep until the app's next trim (every 10 s on
// Linux), and Go's heap runs up to twice its live size between collections. In 30-minute
// soaks single samples spread over 30-50 MB around a flat mean (a standard deviation of 11-13
// MB; samples just after a trim 6-9 MB lower on average than the others), so Of's one sample
// against the highest of three hundred measured that spread more than any growth (+6.5% to
// +12.3% on runs whose five-minute means stayed within 2%). A mean over a span of several
// trims (the soaks use a minute: 12 samples, six trims) evens that out and still follows
// growth: memory that leaks raises every later span's mean. With no whole span after warm
// (the run ends before warm+span), Warm and Highest are 0.
func Smoothed[S any](samples []S, at func(S) time.Duration, warm, span time.Duration, v func(S) float64) Row {
	var r Row
	if len(samples) == 0 || span <= 0 {
		return r
	}
	r.Start, r.End = v(samples[0]), v(samples[len(samples)-1])
	last := at(samples[len(samples)-1])
	mean := func(from time.Duration) (float64, bool) {
		sum, n := 0.0, 0
		for _, s := range samples {
			if t := at(s); t >= from && t < from+span {
				sum, n = sum+v(s), n+1
			}
		}
		return sum / float64(max(n, 1)), n > 0
	}
	if warm+span > last {
		return r
	}
	warmMean, ok := mean(warm)
	if !ok {
		return r
	}
	r.Warm, r.Highest = warmMean, warmMean
	for _, s := range samples {
		if t := at(s); t >= warm && t+span <= last {
			m, _ := mean(t)
			r.Highest = max(r.Highest, m)
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
// is mostly the spread between screens, whichever way the one sample falls (four 30-minute
// soaks: +6.5% to +12.3% by Of, their windows' means within 2% of the first). A window counts when the
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
