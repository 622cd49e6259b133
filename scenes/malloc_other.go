//go:build !linux || android

package scenes

import "time"

// tuneMalloc and trimMalloc do nothing outside desktop Linux: the threshold and the trims are
// glibc's (scenes/malloc_linux.go says why).
func tuneMalloc() bool { return false }

func trimMalloc(time.Time, int) {}
