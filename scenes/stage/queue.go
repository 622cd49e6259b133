package stage

import "math"

// Step is one animation step: it lasts Dur seconds at normal speed, calls Start when it begins
// (a sound, a flag) and Run with its progress t in [0, 1] (eased or not, as the step likes) on
// every tick until it is done. Run(1) is always called, so a skipped step still ends in place.
type Step struct {
	Dur   float64
	Start func()
	Run   func(t float64)
}

// Queue is the animation steps waiting to be shown, drained in order, tick by tick.
type Queue struct {
	steps   []Step
	elapsed float64
	started bool
}

// Add appends steps.
func (q *Queue) Add(s ...Step) { q.steps = append(q.steps, s...) }

// Wait appends a pause.
func (q *Queue) Wait(d float64) { q.steps = append(q.steps, Step{Dur: d}) }

// Len is the number of steps left.
func (q *Queue) Len() int { return len(q.steps) }

// Busy reports whether steps are waiting.
func (q *Queue) Busy() bool { return len(q.steps) > 0 }

// Advance plays dt seconds (already scaled by the speed setting), through as many steps as
// that covers.
func (q *Queue) Advance(dt float64) {
	for len(q.steps) > 0 && dt >= 0 {
		s := &q.steps[0]
		if !q.started {
			q.started = true
			if s.Start != nil {
				s.Start()
			}
		}
		left := s.Dur - q.elapsed
		if dt < left {
			q.elapsed += dt
			if s.Run != nil {
				s.Run(q.elapsed / s.Dur)
			}
			return
		}
		dt -= left
		if s.Run != nil {
			s.Run(1)
		}
		q.pop()
		if dt == 0 {
			return
		}
	}
}

// Finish runs every step to its end at once (a tap or space skips the animation).
func (q *Queue) Finish() {
	for len(q.steps) > 0 {
		s := &q.steps[0]
		if !q.started && s.Start != nil {
			s.Start()
		}
		if s.Run != nil {
			s.Run(1)
		}
		q.pop()
	}
}

// Clear drops every step without running it (undo, restart).
func (q *Queue) Clear() {
	q.steps = q.steps[:0]
	q.elapsed, q.started = 0, false
}

func (q *Queue) pop() {
	copy(q.steps, q.steps[1:])
	q.steps = q.steps[:len(q.steps)-1]
	q.elapsed, q.started = 0, false
}

// Ease is a smooth start and stop for t in [0, 1].
func Ease(t float64) float64 {
	t = math.Max(0, math.Min(1, t))
	return t * t * (3 - 2*t)
}
