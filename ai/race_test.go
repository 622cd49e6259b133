//go:build race

package ai

// raceEnabled: the race detector slows the search about tenfold; the heaviest tests shrink.
const raceEnabled = true
