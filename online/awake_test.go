package online

import (
	"context"
	"testing"
	"time"
)

// TestAwakeClockSkipsSleep: the clock counts the time between its looks, except that a look
// long overdue (the program could not run: a page busy for half a minute) counts one second.
func TestAwakeClockSkipsSleep(t *testing.T) {
	t0 := time.Unix(1000, 0)
	c := newAwake(10*time.Second, t0)
	now := t0
	for range 8 { // 2 s awake, looked at on time
		now = now.Add(awakeStep)
		c.tick(now)
	}
	if got := c.Spent(); got != 2*time.Second {
		t.Fatalf("8 looks a step apart: %v awake, want 2s", got)
	}
	now = now.Add(30 * time.Second) // busy: no look for 30 s
	c.tick(now)
	if got := c.Spent(); got != 3*time.Second {
		t.Fatalf("after a 30 s gap: %v awake, want 3s (the gap counts one second)", got)
	}
	select {
	case <-c.Over():
		t.Fatal("over after 3 s awake of a 10 s limit")
	default:
	}
	for range 28 {
		now = now.Add(awakeStep)
		c.tick(now)
	}
	select {
	case <-c.Over():
	default:
		t.Fatalf("not over after %v awake of a 10 s limit", c.Spent())
	}
}

// TestAwakeTimeoutEnds: on a program that runs freely an awake timeout ends about when a wall
// clock's would; cancelled first, it ends at once.
func TestAwakeTimeoutEnds(t *testing.T) {
	start := time.Now()
	ctx, cancel := awakeTimeout(context.Background(), 600*time.Millisecond)
	defer cancel()
	select {
	case <-ctx.Done():
		if d := time.Since(start); d < 600*time.Millisecond {
			t.Fatalf("ended after %v, before its 600 ms", d)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("an awake timeout of 600 ms still running after 20 s")
	}
	ctx2, cancel2 := awakeTimeout(context.Background(), time.Hour)
	cancel2()
	<-ctx2.Done()
}
