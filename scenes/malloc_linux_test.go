//go:build linux && !android

package scenes

import (
	"os"
	"runtime"
	"testing"
	"time"
)

// TestTuneMalloc: on a glibc system (Debian's, as CI's) the app fixes C's malloc threshold and
// its number of arenas through mallopt, found at run time; a lookup or a call that fails says
// so here rather than leaving the resident memory to grow unseen.
func TestTuneMalloc(t *testing.T) {
	if _, err := os.Stat("/lib/x86_64-linux-gnu/libc.so.6"); err != nil {
		t.Skip("no glibc at Debian's place for it on this machine")
	}
	if os.Getenv("MALLOC_MMAP_THRESHOLD_") != "" || os.Getenv("MALLOC_ARENA_MAX") != "" || os.Getenv("GLIBC_TUNABLES") != "" {
		t.Skip("the environment tunes malloc itself")
	}
	if !tuneMalloc() {
		t.Fatal("mallopt(M_MMAP_THRESHOLD) or mallopt(M_ARENA_MAX) was not set through glibc")
	}
}

// TestTrimMalloc: the driver's free blocks, and Go's, are given back at most every trimEvery, only after
// frames were drawn since the last trim, and one trim at a time, off the game's goroutine.
func TestTrimMalloc(t *testing.T) {
	if _, err := os.Stat("/lib/x86_64-linux-gnu/libc.so.6"); err != nil {
		t.Skip("no glibc at Debian's place for it on this machine")
	}
	tuneMalloc()
	if !glibc.on {
		t.Fatal("tuneMalloc found no malloc_trim in glibc")
	}
	done := func() int64 {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for glibc.trimming.Load() {
			if time.Now().After(deadline) {
				t.Fatal("a trim did not finish in ten seconds")
			}
			time.Sleep(time.Millisecond)
		}
		return glibc.trims.Load()
	}
	start := done()
	now := glibc.at.Add(time.Hour)
	frames := glibc.drawn
	trimMalloc(now, frames)
	if n := done(); n != start {
		t.Fatalf("no frame drawn since the last trim, yet it trimmed (%d trims, was %d)", n, start)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	trimMalloc(now, frames+1)
	if n := done(); n != start+1 {
		t.Fatalf("a frame drawn and an hour passed: %d trims, want %d", n, start+1)
	}
	if runtime.ReadMemStats(&after); after.NumForcedGC == before.NumForcedGC {
		t.Error("the trim gave back nothing of Go's: no collection forced (debug.FreeOSMemory)")
	}
	trimMalloc(now.Add(trimEvery-time.Millisecond), frames+2)
	if n := done(); n != start+1 {
		t.Fatalf("trimmed again before trimEvery passed: %d trims, want %d", n, start+1)
	}
	trimMalloc(now.Add(trimEvery), frames+3)
	if n := done(); n != start+2 {
		t.Fatalf("trimEvery passed and frames drawn: %d trims, want %d", n, start+2)
	}
	if glibc.took.Load() <= 0 {
		t.Error("the trims' time was not counted")
	}
}
