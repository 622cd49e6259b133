package ui

import "testing"

// TestQuickPressBetweenSlowFramesActs: a key pressed and released between two ticks (frames
// slower than the typing, as with a software renderer) is reported by Ebitengine as just
// pressed, held 0 ticks; it must act once, like a press held into the tick. A key held on acts
// again every fourth tick after 24, and a key not pressed never.
func TestQuickPressBetweenSlowFramesActs(t *testing.T) {
	cases := []struct {
		just bool
		held int
		want bool
	}{
		{true, 0, true},   // pressed and released within the tick
		{true, 1, true},   // pressed in the tick, still down
		{false, 0, false}, // not pressed
		{false, 2, false}, // held, before the repeat starts
		{false, 25, false},
		{false, 28, true}, // the repeat
	}
	for _, c := range cases {
		if got := keyActs(c.just, c.held); got != c.want {
			t.Errorf("just pressed %v, held %d ticks: acts %v, want %v", c.just, c.held, got, c.want)
		}
	}
}
