package ai

import (
	"runtime"
	"time"

	"sig/rules"
)

// Thinker is a search that runs in slices, so that a scene can think a few milliseconds per
// frame and go on drawing:
//
//	t := ai.NewThinker(state, ai.Hard, seed)
//	defer t.Close()
//	// every frame:
//	if t.Step(4 * time.Millisecond) {
//		mv := t.Move() // ai.Throw at a throw: throw the sticks yourself
//	}
//
// The search runs on its own goroutine, which works only while Step waits for it and is
// blocked on a channel between slices, so it is safe in the single-threaded browser build. It
// looks at the clock every few hundred nodes: a slice lasts its budget plus well under a
// millisecond. Slicing never changes the result: the same position, options and node budget
// give the same move however the work is cut up.
//
// A Thinker is used from one goroutine. Close it when its move is not wanted any more (a
// Thinker dropped without Close is stopped by the garbage collector, later).
type Thinker struct {
	in *thinking
}

// thinking is the Thinker's state, shared with its search goroutine (never the Thinker itself,
// so that a dropped Thinker can be collected and its search stopped).
type thinking struct {
	sr      *searcher
	move    rules.Move // the answer when there is nothing to search
	started bool
	done    bool
	limit   time.Duration
	spent   time.Duration // thinking time of the finished slices
	w       window        // the current slice
	resume  chan window   // Step → search: think during this window (closed: stop)
	paused  chan bool     // search → Step: the slice is over (true: the search is finished)
}

// window is one slice of thinking time.
type window struct{ start, end time.Time }

// NewThinker prepares a search of s at level, for seed, with the level's node budget and
// DefaultLimit(level) as its cap on time. s is not changed, and may be changed by the caller
// meanwhile.
func NewThinker(s rules.State, level Level, seed int64) *Thinker {
	return NewThinkerOptions(s, Options{Level: level, Seed: seed, Limit: DefaultLimit(level)})
}

// DefaultLimit caps a level's thinking time in a game: one second on the desktop and two in the
// browser (where the same search runs two to three times slower). Hard's node budgets are sized
// to about a second of a desktop core, Easy's and Medium's to a small part of it; a slower machine
// reaches the cap and plays the move of a shorter search (which then depends on its speed).
func DefaultLimit(l Level) time.Duration {
	d := time.Second
	if runtime.GOARCH == "wasm" {
		d *= 2
	}
	return d
}

// NewThinkerOptions is NewThinker with every option; Limit caps the sum of the slices.
func NewThinkerOptions(s rules.State, o Options) *Thinker {
	in := &thinking{limit: o.Limit}
	switch {
	case s.Phase() == rules.PhaseOver:
		in.move, in.done = NoMove, true
	case s.Phase() == rules.PhaseThrow:
		in.move, in.done = Throw, true
	case int(o.Level) >= len(params):
		o.Level = Hard
		fallthrough
	default:
		in.sr = newSearcher(s, o)
	}
	t := &Thinker{in: in}
	runtime.AddCleanup(t, (*thinking).stop, in)
	return t
}

// Step thinks for about budget and reports whether the search is finished. Once it is, Step
// returns true at once.
func (t *Thinker) Step(budget time.Duration) bool {
	in := t.in
	if in.done {
		return true
	}
	now := time.Now()
	w := window{start: now, end: now.Add(budget)}
	if !in.started {
		in.started = true
		in.w = w
		in.resume = make(chan window)
		in.paused = make(chan bool)
		in.sr.tick = in.tick
		go in.think()
	} else {
		in.resume <- w
	}
	if <-in.paused {
		in.done = true
	}
	return in.done
}

// Done reports whether the search is finished.
func (t *Thinker) Done() bool { return t.in.done }

// Move is the move to play: the search's best so far, final once Step has returned true. It is
// always legal in the position given; Throw at a throw, NoMove once the game is over.
func (t *Thinker) Move() rules.Move {
	if t.in.sr == nil {
		return t.in.move
	}
	return t.in.sr.best
}

// Stats report the work done so far.
func (t *Thinker) Stats() Stats {
	if t.in.sr == nil {
		return Stats{}
	}
	st := t.in.sr.stats()
	st.Elapsed = t.in.spent
	return st
}

// Close stops the search; Move keeps the best move found. Closing twice is harmless.
func (t *Thinker) Close() { t.in.stop() }

func (in *thinking) stop() {
	if in.started && !in.done {
		close(in.resume)
		<-in.paused
	}
	in.done = true
}

// think runs the search on its goroutine.
func (in *thinking) think() {
	in.sr.run()
	in.spent += time.Since(in.w.start)
	in.paused <- true
}

// tick is the search's look at the clock: at the end of a slice it hands control back to Step
// and waits for the next one.
func (in *thinking) tick() bool {
	now := time.Now()
	if in.limit > 0 && in.spent+now.Sub(in.w.start) >= in.limit {
		return false
	}
	if now.Before(in.w.end) {
		return true
	}
	in.spent += now.Sub(in.w.start)
	in.paused <- false
	w, ok := <-in.resume
	if !ok {
		return false
	}
	in.w = w
	return true
}
