//go:build linux && !android

package scenes

import (
	"os"

	"github.com/ebitengine/purego"
)

// mmapThreshold is the size from which C's malloc in this process (glibc's: the graphics
// driver's, not Go's) takes memory straight from the system and gives it back on free. Under
// a software renderer (Mesa's llvmpipe, as in a VM or a headless box) every texture is a
// malloc: the pictures' cache paints and lets go of hundreds of them a minute. By default glibc
// raises this threshold to the largest block freed so far (up to 32 MiB), so after the first
// large texture is freed the later ones land in its arenas, which never shrink: 160 MB of
// arenas at the eight-seat spiral after a few games. At a fixed 128 KiB a texture's memory
// leaves the process with it: over the same stretch of the five games' soak, 415–445 MB
// resident against 373–492 (BENCHMARKS.md, "Memory over a long session", session 10).
const mmapThreshold = 128 << 10

// tuneMalloc fixes C's malloc threshold (mallopt's M_MMAP_THRESHOLD) unless the environment
// sets one, and reports whether it did. Where the C library is not glibc (no libc.so.6, or no
// mallopt in it) it does nothing: another malloc has its own ways.
func tuneMalloc() bool {
	if os.Getenv("MALLOC_MMAP_THRESHOLD_") != "" || os.Getenv("GLIBC_TUNABLES") != "" {
		return false
	}
	libc, err := purego.Dlopen("libc.so.6", purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return false
	}
	sym, err := purego.Dlsym(libc, "mallopt")
	if err != nil || sym == 0 {
		return false
	}
	var mallopt func(param, value int32) int32
	purego.RegisterFunc(&mallopt, sym)
	const mMmapThreshold = -3 // glibc's malloc.h
	return mallopt(mMmapThreshold, mmapThreshold) == 1
}
