package scenes

import "time"

// thinkPacer sizes the slice a computer seat thinks for in each tick. A fixed slice is either
// too timid (a hard move of one second of thinking takes four on screen at 4 ms a frame) or too
// greedy (on a slow machine, or in the single-threaded browser where the frame's drawing also
// runs on the one thread, frames are dropped). So the pacer watches the time between ticks: while
// ticks come at the display's rate it lengthens the slice a little each tick, and when a tick
// comes late it shortens it at once (additive increase, multiplicative decrease, as TCP paces
// its sending), keeping the frame rate at 60 while giving the search what the frame leaves.
type thinkPacer struct {
	last  time.Time     // when the previous tick thought; zero before the first
	slice time.Duration // the current slice
}

const (
	minSlice   = 2 * time.Millisecond
	startSlice = 4 * time.Millisecond
	maxSlice   = 12 * time.Millisecond
	// onTime is the longest gap between ticks that still counts as a frame on time at 60 Hz
	// (16.7 ms, with a little jitter allowed).
	onTime = 17500 * time.Microsecond
	// catchUp is the shortest gap between two ticks drawn on separate frames: Ebitengine runs
	// extra ticks back to back when a frame was late, and those must not grow the slice.
	catchUp = 5 * time.Millisecond
	// idle is a gap after which the computer was not thinking (a human's turn, an animation,
	// a pause): the next tick starts afresh.
	idle = 250 * time.Millisecond
	// slow is a frame's own time (its gap less the slice) past which frames are late whatever
	// the computer does: two 60 Hz frames.
	slow = 33 * time.Millisecond
)

// next is the slice to think for in the tick happening at now.
func (p *thinkPacer) next(now time.Time) time.Duration {
	gap := now.Sub(p.last)
	p.last = now
	switch {
	case p.slice == 0 || gap > idle || gap < 0:
		p.slice = startSlice
	case gap < catchUp:
		return minSlice // a catch-up tick: the frame is already late, think little
	case gap <= onTime:
		p.slice = min(p.slice+p.slice/16+time.Millisecond/4, maxSlice)
	case gap-p.slice > slow:
		// The frame is slow without the search (a loaded or feeble machine, software
		// rendering): thinking less would not bring 60 frames a second back, only delay the
		// move by many seconds, so think as much as a frame allows.
		p.slice = maxSlice
	default:
		p.slice = max(p.slice*5/8, minSlice)
	}
	return p.slice
}
