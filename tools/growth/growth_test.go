package growth

import (
	"math"
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

// TestWindows: the means of whole windows from the warm-up on (a window the samples reach less
// than half of is left out), and the highest's growth over the first, whatever the spread of
// single samples within them.
func TestWindows(t *testing.T) {
	type sample struct {
		at time.Duration
		v  float64
	}
	var s []sample
	for i := 0; i <= 20; i++ {
		v := 100.0 + float64(i/5)*10 // 100 in [0,5), 110 in [5,10), 120 in [10,15), 130 in [15,20), 140 at 20
		if i%2 == 1 {
			v += 50 // a spike every other sample: the spread, not growth
		}
		s = append(s, sample{time.Duration(i) * time.Second, v})
	}
	means, pct := Windows(s, func(x sample) time.Duration { return x.at }, 5*time.Second, 5*time.Second, func(x sample) float64 { return x.v })
	// By hand: [5,10) is 110 five times and three spikes (at 5, 7, 9), 700/5; [10,15) 120 five
	// times and two (11, 13), 700/5; [15,20) 130 five times and three (15, 17, 19), 800/5.
	if len(means) != 3 || means[0] != 140 || means[1] != 140 || means[2] != 160 {
		t.Fatalf("means %v, want [140 140 160] (the windows from 5 s; the one at 20 s has one sample of five)", means)
	}
	if want := 20.0 / 140 * 100; math.Abs(pct-want) > 1e-9 {
		t.Errorf("growth %v%%, want %v%% (160 over 140)", pct, want)
	}
	if m, p := Windows([]sample(nil), func(x sample) time.Duration { return x.at }, 0, time.Second, func(x sample) float64 { return x.v }); m != nil || p != 0 {
		t.Errorf("no samples: %v, %v", m, p)
	}
}
