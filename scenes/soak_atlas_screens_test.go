//go:build screens

package scenes

import (
	"fmt"
	"image"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// The soak's listings (SIG_SOAK_CENSUS): Ebitengine's textures, its atlas pages and the
// images with a texture of their own, read from Ebitengine v2.10's internals (internal/atlas),
// as offscreen_test.go reads its queue. A test's measurement only: if the names change, the
// test binary fails to link; if the struct's first fields change, the listing is wrong, so it
// is checked against ebiten.ReadDebugInfo's total where it is printed. And the resident
// memory by where it lies (residentParts).

//go:linkname atlasBackends github.com/hajimehoshi/ebiten/v2/internal/atlas.theBackends
var atlasBackends []*atlasBackend

//go:linkname atlasBackendsM github.com/hajimehoshi/ebiten/v2/internal/atlas.backendsM
var atlasBackendsM sync.Mutex

// atlasBackend is the head of internal/atlas.backend in v2.10.4: a texture, on an atlas
// (page set) or of its own.
type atlasBackend struct {
	width, height int
	backendImage  unsafe.Pointer
	page          *packPage
	screen        bool
	source        bool
}

// packPage and packNode are the heads of internal/packing.Page and Node in v2.10.4: a page's
// tree of regions, the used leaves its images.
type packPage struct {
	root *packNode
}

type packNode struct {
	region                 image.Rectangle
	used                   bool
	parent, child0, child1 *packNode
}

// used lists the regions in use under n.
func (n *packNode) usedRegions(out []image.Rectangle) []image.Rectangle {
	if n == nil {
		return out
	}
	if n.used {
		out = append(out, n.region)
	}
	out = n.child0.usedRegions(out)
	return n.child1.usedRegions(out)
}

// atlasListing says how many textures of each sort Ebitengine holds and their bytes (width ×
// height × 4, as allocated: Ebitengine rounds sides up to powers of two), the pages' sizes
// one by one, and the total.
func atlasListing() (string, int64) {
	atlasBackendsM.Lock()
	defer atlasBackendsM.Unlock()
	var own, pages, sources, screens int
	var ownB, total int64
	var sizes []string
	pow2 := func(n int) int64 {
		r := int64(16)
		for r < int64(n) {
			r <<= 1
		}
		return r
	}
	for _, b := range atlasBackends {
		n := pow2(b.width) * pow2(b.height) * 4
		total += n
		switch {
		case b.screen:
			screens++
		case b.page == nil:
			own++
			ownB += n
		default:
			pages++
			if b.source {
				sources++
			}
			kind := "d"
			if b.source {
				kind = "s"
			}
			// What lies on the page: how much of it is used, and its largest images.
			rs := b.page.root.usedRegions(nil)
			slices.SortFunc(rs, func(a, b image.Rectangle) int { return b.Dx()*b.Dy() - a.Dx()*a.Dy() })
			area := 0
			var big []string
			for i, r := range rs {
				area += r.Dx() * r.Dy()
				if i < 4 {
					big = append(big, fmt.Sprintf("%dx%d", r.Dx(), r.Dy()))
				}
			}
			sizes = append(sizes, fmt.Sprintf("%s%dx%d(%d imgs, %.0f%% used: %s)", kind, b.width, b.height, len(rs), 100*float64(area)/float64(b.width*b.height), strings.Join(big, ",")))
		}
	}
	slices.Sort(sizes)
	return fmt.Sprintf("textures %.1f MB: %d of their own %.1f MB, %d pages (%d sources) \n         %s\n         %d screen",
		mb(total), own, mb(ownB), pages, sources, strings.Join(sizes, "\n         "), screens), total
}

// residentParts is the process's resident memory by where it lies (/proc/self/smaps), the
// eight largest: the Go runtime's arenas (anonymous mappings near its heap), other anonymous
// memory (C's malloc: its arenas and large blocks), and each named mapping by its name (the
// binary, libLLVM, Mesa's driver, "[heap]": glibc's main arena).
func residentParts() string {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return err.Error()
	}
	parts := map[string]int64{}
	var cur string
	// Go reserves its heap in 64 MB arenas, one after another from a base it picks at random
	// (Go 1.26): from the arena of a new object on, 64 GB of addresses are taken as Go's.
	probe := new([64]byte)
	goBase := uint64(uintptr(unsafe.Pointer(probe))) &^ (64<<20 - 1)
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			// A mapping's first line: range, perms, offset, device, inode[, path].
			lo, _, _ := strings.Cut(f[0], "-")
			addr, _ := strconv.ParseUint(lo, 16, 64)
			switch {
			case len(f) >= 6:
				cur = filepath.Base(f[5])
			case addr >= goBase && addr < goBase+64<<30:
				cur = "Go"
			default:
				cur = "anonymous"
			}
			continue
		}
		if f[0] == "Rss:" && len(f) >= 2 {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			parts[cur] += kb << 10
		}
	}
	names := slices.SortedFunc(maps.Keys(parts), func(a, b string) int { return int(parts[b] - parts[a]) })
	var out []string
	for i, n := range names {
		if i == 8 {
			break
		}
		out = append(out, fmt.Sprintf("%s %.1f", n, mb(parts[n])))
	}
	return strings.Join(out, ", ")
}
