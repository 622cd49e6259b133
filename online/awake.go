package online

import (
	"context"
	"sync"
	"time"
)

// Time awake: the waits of a first connection (how long one attempt may take, when to say the
// server cannot be reached) are measured in the time this program was able to run, not on the
// wall clock. A browser page runs the game and hears from its sockets on one thread: while it
// draws its first frames on a slow phone or a loaded machine it can be busy for half a minute,
// and its socket's "open" waits behind that. Measured on the wall clock, a connection the server
// accepted at once timed out unheard, and Play online said the server could not be reached (seen
// in the browser tests at load 30: two attempts of 33 s and 28 s, each timed out after its 10 s
// before the page could run the socket's open).

// awakeStep is how often an awakeClock looks at the time; a look that comes later than
// awakeLate after the last counts only awakeLate: the program was not running in between (a
// process starved by a loaded machine, looking every second or two, still counts at least half
// its time).
const (
	awakeStep = 250 * time.Millisecond
	awakeLate = 4 * awakeStep
)

// awakeClock adds up the time a program was awake since it started, and closes Over once that
// reaches its limit (0: never).
type awakeClock struct {
	mu    sync.Mutex
	spent time.Duration
	last  time.Time
	limit time.Duration
	over  chan struct{}
	once  sync.Once
	stop  chan struct{}
	ended sync.Once
}

// startAwake starts a clock looking at the time every awakeStep until Stop.
func startAwake(limit time.Duration) *awakeClock {
	c := newAwake(limit, time.Now())
	go func() {
		t := time.NewTicker(awakeStep)
		defer t.Stop()
		for {
			select {
			case <-c.stop:
				return
			case <-t.C:
				c.tick(time.Now())
			}
		}
	}()
	return c
}

func newAwake(limit time.Duration, now time.Time) *awakeClock {
	return &awakeClock{last: now, limit: limit, over: make(chan struct{}), stop: make(chan struct{})}
}

// tick counts the time since the last look, up to awakeLate: a longer gap was spent asleep
// (or busy elsewhere).
func (c *awakeClock) tick(now time.Time) {
	c.mu.Lock()
	gap := now.Sub(c.last)
	c.last = now
	if gap > awakeLate {
		gap = awakeLate
	}
	if gap > 0 {
		c.spent += gap
	}
	reached := c.limit > 0 && c.spent >= c.limit
	c.mu.Unlock()
	if reached {
		c.once.Do(func() { close(c.over) })
	}
}

// Spent is the time awake so far.
func (c *awakeClock) Spent() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.spent
}

// Over is closed once the time awake reaches the limit.
func (c *awakeClock) Over() <-chan struct{} { return c.over }

// Stop ends the clock (a second Stop is harmless).
func (c *awakeClock) Stop() { c.ended.Do(func() { close(c.stop) }) }

// awakeTimeout is context.WithTimeout with d measured in time awake.
func awakeTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	c := startAwake(d)
	go func() {
		defer c.Stop()
		select {
		case <-c.Over():
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}
