//go:build race

package sigwaduqqan

// The race detector slows the random games down some twenty-fold; play fewer of them there.
const raceEnabled = true
