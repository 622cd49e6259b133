//go:build linux && !android

package scenes

import (
	"os"
	"testing"
)

// TestTuneMalloc: on a glibc system (Debian's, as CI's) the app fixes C's malloc threshold
// through mallopt, found at run time; a lookup or a call that fails says so here rather than
// leaving the resident memory to grow unseen.
func TestTuneMalloc(t *testing.T) {
	if _, err := os.Stat("/lib/x86_64-linux-gnu/libc.so.6"); err != nil {
		t.Skip("no glibc at Debian's place for it on this machine")
	}
	if os.Getenv("MALLOC_MMAP_THRESHOLD_") != "" || os.Getenv("GLIBC_TUNABLES") != "" {
		t.Skip("the environment sets malloc's threshold itself")
	}
	if !tuneMalloc() {
		t.Fatal("mallopt(M_MMAP_THRESHOLD) was not set through glibc")
	}
}
