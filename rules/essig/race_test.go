//go:build race

package essig

// The race detector slows the random games down some twenty-fold; play fewer of them there.
const raceEnabled = true
