package scenes

import (
	"testing"
	"time"
)

// TestThinkPacer: frames on time let the computer think longer, a late frame cuts the slice at
// once, catch-up ticks think little, and the slice stays within its bounds.
func TestThinkPacer(t *testing.T) {
	var p thinkPacer
	now := time.Unix(0, 0)
	if got := p.next(now); got != startSlice {
		t.Fatalf("first slice %v, want %v", got, startSlice)
	}
	prev := startSlice
	for i := 0; i < 200; i++ { // frames on time: the slice grows, never past maxSlice
		now = now.Add(16 * time.Millisecond)
		got := p.next(now)
		if got < prev || got > maxSlice {
			t.Fatalf("tick %d on time: slice %v after %v (max %v)", i, got, prev, maxSlice)
		}
		prev = got
	}
	if prev != maxSlice {
		t.Fatalf("after 200 frames on time the slice is %v, want %v", prev, maxSlice)
	}
	now = now.Add(33 * time.Millisecond) // a dropped frame
	if got := p.next(now); got >= prev {
		t.Fatalf("late frame: slice %v, was %v: it must shrink", got, prev)
	}
	now = now.Add(time.Millisecond) // a catch-up tick right after
	if got := p.next(now); got != minSlice {
		t.Fatalf("catch-up tick: slice %v, want %v", got, minSlice)
	}
	for i := 0; i < 50; i++ { // frames a little late, as if by thinking: the slice bottoms out
		now = now.Add(p.slice + 16*time.Millisecond)
		if got := p.next(now); got < minSlice {
			t.Fatalf("slice %v under the minimum", got)
		}
	}
	if p.slice != minSlice {
		t.Fatalf("late by the thinking: slice %v, want %v", p.slice, minSlice)
	}
	now = now.Add(200 * time.Millisecond) // a frame slow by itself: think all a frame allows
	if got := p.next(now); got != maxSlice {
		t.Fatalf("slow frame: slice %v, want %v", got, maxSlice)
	}
	now = now.Add(time.Second) // the computer was not thinking: start afresh
	if got := p.next(now); got != startSlice {
		t.Fatalf("after an idle second: slice %v, want %v", got, startSlice)
	}
}
