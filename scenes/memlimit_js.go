//go:build js

package scenes

// limitMemory does nothing in the browser (scenes/memlimit.go says why).
func limitMemory() {}
