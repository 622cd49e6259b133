//go:build !linux || android

package scenes

import "time"

// tuneMalloc and trimMalloc do nothing outside desktop Linux: the threshold and the trims are
// glibc's (scenes/malloc_linux.go says why).
func tuneMalloc() bool { return false }

// trimsMalloc is false here: the game loop's call to trimMalloc is compiled out (in the
// browser, where every byte of the download counts, and elsewhere alike).
const trimsMalloc = false

func trimMalloc(time.Time, int) {}
