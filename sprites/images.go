package sprites

import (
	"image"
	"runtime"
	"sync"
	"weak"

	"github.com/hajimehoshi/ebiten/v2"
)

// Every image the app makes itself goes through NewImage (or NewImageFromImage) with the name
// of its kind, and is given back with Release: so the memory soak and its short form can count
// the live images by kind, see which kind grows, and catch an image dropped without being
// deallocated. Such an image keeps its room in Ebitengine's atlas pages until Go's collector
// happens to run, which it seldom does while the Go heap changes little (the images are not Go
// memory and do not pace it). The count costs a map entry an image; the images themselves are
// made rarely (pictures are painted once and copied).

// ImageCount counts the images of one kind.
type ImageCount struct {
	Live      int   // made, and neither released nor collected
	Bytes     int64 // the live ones' pixels, 4 bytes each
	Made      int   // made in all
	Released  int   // deallocated by their owner (Release)
	Collected int   // dropped without Release, found by Go's collector: each one a leak until it ran
}

type imageRecord struct {
	kind  string
	bytes int64
}

var images struct {
	sync.Mutex
	live   map[weak.Pointer[ebiten.Image]]imageRecord
	counts map[string]ImageCount
}

// NewImage makes a w×h image of the given kind (a short name: "picture", "backdrop").
func NewImage(kind string, w, h int) *ebiten.Image {
	return track(kind, ebiten.NewImage(w, h))
}

// NewUnmanagedImage makes a w×h image of the given kind with a texture of its own, outside
// Ebitengine's atlas pages (ebiten.NewImageOptions.Unmanaged). For pictures painted once and
// copied: on a page, a picture painted while the frame already copies from the other pages
// lands on a new page of its own, pages grow by doubling to fit and are given back only once
// every image on them is gone, so pictures let go one by one left some sixty pages of 1 to
// 8 MB a tenth to a third used (BENCHMARKS.md, "Memory over a long session"). A texture of its
// own goes back to the system the moment it is released. The cost: a copy from it is a draw of
// its own, not batched with copies from other images.
func NewUnmanagedImage(kind string, w, h int) *ebiten.Image {
	return track(kind, ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true}))
}

// NewImageFromImage makes an image of the given kind from src's pixels.
func NewImageFromImage(kind string, src image.Image) *ebiten.Image {
	return track(kind, ebiten.NewImageFromImage(src))
}

func track(kind string, img *ebiten.Image) *ebiten.Image {
	b := img.Bounds()
	r := imageRecord{kind: kind, bytes: int64(b.Dx()) * int64(b.Dy()) * 4}
	k := weak.Make(img)
	images.Lock()
	if images.live == nil {
		images.live = map[weak.Pointer[ebiten.Image]]imageRecord{}
		images.counts = map[string]ImageCount{}
	}
	images.live[k] = r
	c := images.counts[kind]
	c.Live++
	c.Bytes += r.bytes
	c.Made++
	images.counts[kind] = c
	images.Unlock()
	runtime.AddCleanup(img, collected, k)
	return img
}

// Release deallocates img (made by NewImage) now: its room in Ebitengine's atlas goes back at
// once rather than when the collector runs. img must not be drawn afterwards. A nil img is
// nothing to release.
func Release(img *ebiten.Image) {
	if img == nil {
		return
	}
	forget(weak.Make(img), false)
	img.Deallocate()
}

// collected runs when an image made by NewImage was dropped without Release.
func collected(k weak.Pointer[ebiten.Image]) { forget(k, true) }

func forget(k weak.Pointer[ebiten.Image], byCollector bool) {
	images.Lock()
	defer images.Unlock()
	r, ok := images.live[k]
	if !ok {
		return // released already (the collector's call after a Release), or not ours
	}
	delete(images.live, k)
	c := images.counts[r.kind]
	c.Live--
	c.Bytes -= r.bytes
	if byCollector {
		c.Collected++
	} else {
		c.Released++
	}
	images.counts[r.kind] = c
}

// ImageCounts is the count of the images made by NewImage, by kind.
func ImageCounts() map[string]ImageCount {
	images.Lock()
	defer images.Unlock()
	m := make(map[string]ImageCount, len(images.counts))
	for k, c := range images.counts {
		m[k] = c
	}
	return m
}
