//go:build !race

package sigwaduqqan

const raceEnabled = false
