//go:build !js

package scenes

import (
	"runtime/debug"
	"testing"
)

// TestLimitMemoryPace: the app sets the collector's pace and memory limit unless the
// environment does (GOGC, GOMEMLIMIT), so that a player or a measurement can still choose.
func TestLimitMemoryPace(t *testing.T) {
	before := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(-1)
	defer func() {
		debug.SetGCPercent(before)
		debug.SetMemoryLimit(limit)
	}()

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	limitMemory()
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("with GOGC unset the collector's pace is %d, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != memoryLimit {
		t.Errorf("with GOMEMLIMIT unset the memory limit is %d, want %d", got, memoryLimit)
	}

	t.Setenv("GOGC", "80")
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetGCPercent(80)
	debug.SetMemoryLimit(1 << 30)
	limitMemory()
	if got := debug.SetGCPercent(80); got != 80 {
		t.Errorf("with GOGC=80 the app set the pace to %d", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Errorf("with GOMEMLIMIT=1GiB the app set the limit to %d", got)
	}
}
