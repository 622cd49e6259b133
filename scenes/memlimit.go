//go:build !js

package scenes

import (
	"os"
	"runtime/debug"
)

// memoryLimit is the Go runtime's soft memory limit in the app (debug.SetMemoryLimit): past
// it, the collector runs sooner than its usual pace and the runtime gives freed memory back to
// the system at once. Well above the live heap (40–60 MB at the eight-seat spiral), so that
// the collector is not kept running: the runtime spends at most half the processor on it even
// when the heap passes the limit.
const memoryLimit = 192 << 20

// gcPercent is the collector's pace in the app (debug.SetGCPercent): it runs when the heap has
// grown by half since the last collection, not doubled (Go's default, 100). The live heap is
// small and most of what is allocated is Ebitengine's queue of vertices, thrown away each
// frame; at the default pace the runtime kept up to 124–127 MB from the system at the
// eight-seat spiral, at this one up to 91–101 MB, for 0.6% of the processor in collections instead of 0.3%
// (BENCHMARKS.md, "Memory over a long session", session 10).
const gcPercent = 50

// limitMemory sets the Go runtime's soft memory limit and the collector's pace, each unless
// its environment variable (GOMEMLIMIT, GOGC) sets it, and C's malloc threshold (tuneMalloc). Not in the browser: a WebAssembly
// page's memory never shrinks, and the code would cost the download (scenes/memlimit_js.go).
func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	tuneMalloc()
}
