package growth

import (
	"testing"
	"time"
)

type sample struct {
	at time.Duration
	mb float64
}

func TestOf(t *testing.T) {
	at := func(s sample) time.Duration { return s.at }
	mb := func(s sample) float64 { return s.mb }
	run := []sample{{0, 40}, {time.Minute, 300}, {5 * time.Minute, 500}, {10 * time.Minute, 560}, {20 * time.Minute, 540}}
	cases := []struct {
		name string
		s    []sample
		warm time.Duration
		want Row
	}{
		// The highest before the warm-up ends (300 at one minute) does not count.
		{"after five minutes", run, 5 * time.Minute, Row{Start: 40, Warm: 500, Highest: 560, End: 540, Percent: 12}},
		// The warm-up ends with the first sample at or after it.
		{"between samples", run, 2 * time.Minute, Row{Start: 40, Warm: 500, Highest: 560, End: 540, Percent: 12}},
		{"from the start", run, 0, Row{Start: 40, Warm: 40, Highest: 560, End: 540, Percent: 1300}},
		{"no sample after the warm-up", run, time.Hour, Row{Start: 40, End: 540}},
		{"nothing yet at the warm-up", []sample{{0, 0}, {time.Minute, 0}, {2 * time.Minute, 7}}, time.Minute, Row{Highest: 7, End: 7}},
		{"no samples", nil, time.Minute, Row{}},
	}
	for _, c := range cases {
		if got := Of(c.s, at, c.warm, mb); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}
