//go:build !js

package scenes

import (
	"os"
	"runtime/debug"
)

// memoryLimit is the Go runtime's soft memory limit in the app (debug.SetMemoryLimit): past
// it, the collector runs sooner than its usual pace (when the heap has doubled since the last
// collection) and the runtime gives freed memory back to the system at once. The live heap at
// the eight-seat spiral is some 70–120 MB, most of it Ebitengine's queue of vertices, which it
// keeps for the app's life; at the usual pace the runtime held 250–370 MB from the system
// with it, a good part of the resident memory issue 13 measured (BENCHMARKS.md, "Memory over
// a long session"). Well above the live heap, so that the collector is not kept running: the
// runtime spends at most half the processor on it even when the heap passes the limit.
const memoryLimit = 192 << 20

// limitMemory sets the Go runtime's soft memory limit to memoryLimit, unless the GOMEMLIMIT
// environment variable sets one. Not in the browser: a WebAssembly page's memory never
// shrinks, and the limit's code would cost the download (scenes/memlimit_js.go).
func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
