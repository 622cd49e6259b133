//go:build !race

package essig

const raceEnabled = false
