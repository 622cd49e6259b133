//go:build !race

package scenes

const raceEnabled = false
