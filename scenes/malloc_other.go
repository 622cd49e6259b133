//go:build !linux || android

package scenes

// tuneMalloc does nothing outside desktop Linux: the threshold it sets is glibc's
// (scenes/malloc_linux.go says why).
func tuneMalloc() bool { return false }
