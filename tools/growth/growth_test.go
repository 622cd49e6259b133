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
	want := func(from, to int) float64 {
		sum, n := 0.0, 0
		for _, x := range s[from:to] {
			sum, n = sum+x.v, n+1
		}
		return sum / float64(n)
	}
	if len(means) != 3 || means[0] != want(5, 10) || means[1] != want(10, 15) || means[2] != want(15, 20) {
		t.Fatalf("means %v, want those of [5,10), [10,15), [15,20) s (%v, %v, %v); the window at 20 s has one sample of five", means, want(5, 10), want(10, 15), want(15, 20))
	}
	if w := (means[2] - means[0]) / means[0] * 100; pct != w || pct <= 0 {
		t.Errorf("growth %v%%, want %v%%", pct, w)
	}
	if m, p := Windows([]sample(nil), func(x sample) time.Duration { return x.at }, 0, time.Second, func(x sample) float64 { return x.v }); m != nil || p != 0 {
		t.Errorf("no samples: %v, %v", m, p)
	}
}
