//go:build race

package scenes

// raceEnabled: the race detector slows drawing about tenfold; the tests that draw every scene
// in eighteen languages and sizes, or play a long session, run without it (.ci/run's
// "scenes at full speed" step) instead.
const raceEnabled = true
