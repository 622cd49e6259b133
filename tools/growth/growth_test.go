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

// TestSmoothed: a sawtooth around a flat level is no growth by the means, though single
// samples (Of) make the same run 900% (one high sample at its end); a level that rises is
// growth; a span that reaches past the last sample does not count.
func TestSmoothed(t *testing.T) {
	at := func(s sample) time.Duration { return s.at }
	mb := func(s sample) float64 { return s.mb }
	// One sample a second for 20 s: 140 at odd seconds, 100 at even ones (a mean of 120 over
	// any four), and a spike of 1000 in the last sample.
	var flat, rising []sample
	for i := 0; i <= 20; i++ {
		v := 100.0
		if i%2 == 1 {
			v = 140
		}
		if i == 20 {
			v = 1000
		}
		flat = append(flat, sample{time.Duration(i) * time.Second, v})
		if i >= 12 && i < 20 {
			v += 50 // from 12 s on the level is 170 (150 and 190)
		}
		rising = append(rising, sample{time.Duration(i) * time.Second, v})
	}
	warm, span := 6*time.Second, 4*time.Second
	// By hand: the span from 6 s holds 100, 140, 100, 140 (120); the last whole span starts at
	// 16 s (it ends at 20, the last sample's time, which it leaves out).
	if got, want := Smoothed(flat, at, warm, span, mb), (Row{Start: 100, Warm: 120, Highest: 120, End: 1000}); got != want {
		t.Errorf("flat: got %+v, want %+v", got, want)
	}
	if got := Of(flat, at, warm, mb); got.Percent != 900 {
		t.Errorf("flat by Of: %v%%, want 900%% (the spike of 1000 over 100 at 6 s)", got.Percent)
	}
	// Rising: the spans from 12 s to 16 s hold 150, 190, 150, 190 (170): 50 over 120.
	got := Smoothed(rising, at, warm, span, mb)
	if got.Warm != 120 || got.Highest != 170 || math.Abs(got.Percent-50.0/120*100) > 1e-9 {
		t.Errorf("rising: got %+v, want Warm 120, Highest 170, %v%%", got, 50.0/120*100)
	}
	// A span that starts between samples: from 5.5 s, the samples at 6, 7, 8 and 9 s.
	if got := Smoothed(flat, at, 5500*time.Millisecond, span, mb); got.Warm != 120 {
		t.Errorf("warm between samples: Warm %v, want 120", got.Warm)
	}
	for name, c := range map[string]struct {
		s          []sample
		warm, span time.Duration
	}{
		"no whole span after the warm-up": {flat, 17 * time.Second, span},
		"no span":                         {flat, warm, 0},
		"no samples":                      {nil, warm, span},
	} {
		if got := Smoothed(c.s, at, c.warm, c.span, mb); got.Warm != 0 || got.Highest != 0 || got.Percent != 0 {
			t.Errorf("%s: got %+v, want no Warm, Highest or growth", name, got)
		}
	}
}
