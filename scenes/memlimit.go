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
// grown by a quarter since the last collection, not doubled (Go's default, 100). The live heap
// is small and most of what is allocated is Ebitengine's queue of vertices, thrown away each
// frame, so what the runtime keeps from the system follows the pace: at the eight-seat spiral
// it kept up to 124–127 MB at the default pace and up to 91–101 MB at 50; over
// five minutes of the five games, 79 MB on average at 25 against 99 at 50, the resident memory
// 346 MB on average against 365, for 0.5% of the processor in collections against 0.2%
// (BENCHMARKS.md, "Memory over a long session").
const gcPercent = 25

// limitMemory sets the Go runtime's soft memory limit and the collector's pace, each unless
// its environment variable (GOMEMLIMIT, GOGC) sets it, and C's malloc threshold (tuneMalloc).
// Not in the browser: a WebAssembly page's memory never shrinks, so a limit gives nothing
// back, and the code would cost the download (scenes/memlimit_js.go); the browser's pace is
// the GOGC that wasm/loader.js gives the runtime.
func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	tuneMalloc()
}
