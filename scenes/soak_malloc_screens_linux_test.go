//go:build screens && linux && !android

package scenes

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// The soak's listing of C's malloc (SIG_SOAK_CENSUS): glibc's own account of its arenas, for
// the resident memory that is neither Go's nor Ebitengine's images (the graphics driver's).
// It tells memory malloc holds free (which malloc_trim gives back) from memory in use (the
// driver's caches, which it cannot). SIG_SOAK_TRIM=off turns the app's trims off
// (trimMalloc), to compare.

var mallocInfo struct {
	once       sync.Once
	fopen      func(path, mode string) uintptr
	fclose     func(f uintptr) int32
	mallocInfo func(options int32, f uintptr) int32
	ok         bool
}

func loadMallocInfo() bool {
	mallocInfo.once.Do(func() {
		mallocInfo.ok = bindGlibc(map[string]any{"fopen": &mallocInfo.fopen, "fclose": &mallocInfo.fclose, "malloc_info": &mallocInfo.mallocInfo})
	})
	return mallocInfo.ok
}

// soakTrims applies SIG_SOAK_TRIM after limitMemory.
func soakTrims() {
	if os.Getenv("SIG_SOAK_TRIM") == "off" {
		glibc.on = false
	}
}

var (
	mallocHeap  = regexp.MustCompile(`<heap nr="\d+">`)
	mallocTotal = regexp.MustCompile(`<total type="(fast|rest|mmap)" count="\d+" size="(\d+)"/>`)
	mallocSys   = regexp.MustCompile(`<system type="current" size="(\d+)"/>`)
)

// mallocParts sums malloc_info's totals up: the arenas, what the system gave them, what of
// that malloc holds free, and the large blocks mapped on their own.
func mallocParts() string {
	if !loadMallocInfo() {
		return "no glibc"
	}
	path := fmt.Sprintf("%s/sig-malloc-%d.xml", os.TempDir(), os.Getpid())
	f := mallocInfo.fopen(path, "w")
	if f == 0 {
		return "fopen failed"
	}
	mallocInfo.mallocInfo(0, f)
	mallocInfo.fclose(f)
	b, err := os.ReadFile(path)
	os.Remove(path)
	if err != nil {
		return err.Error()
	}
	// The totals are the document's last lines, after every heap's own.
	var free, mapped, sys int64
	totals := mallocTotal.FindAllSubmatch(b, -1)
	if len(totals) >= 3 {
		for _, m := range totals[len(totals)-3:] {
			n, _ := strconv.ParseInt(string(m[2]), 10, 64)
			if string(m[1]) == "mmap" {
				mapped = n
			} else {
				free += n
			}
		}
	}
	if s := mallocSys.FindAllSubmatch(b, -1); len(s) > 0 {
		sys, _ = strconv.ParseInt(string(s[len(s)-1][1]), 10, 64)
	}
	out := fmt.Sprintf("arenas %d, from the system %.1f, free in them %.1f, mapped blocks %.1f", len(mallocHeap.FindAll(b, -1)), mb(sys), mb(free), mb(mapped))
	if glibc.on {
		n, took := glibc.trims.Load(), time.Duration(glibc.took.Load())
		out += fmt.Sprintf(", trims %d (%.1f ms each on average)", n, float64(took.Microseconds())/1000/float64(max(n, 1)))
	}
	return out
}
