//go:build screens && (!linux || android)

package scenes

// Outside desktop Linux the C library is not glibc: nothing to list (soak_malloc_screens_linux_test.go).
func mallocParts() string { return "not glibc" }

func soakTrims() {}
