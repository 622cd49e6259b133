//go:build linux && !android

package scenes

import (
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

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
// resident against 373–492 (BENCHMARKS.md, "Memory over a long session").
const mmapThreshold = 128 << 10

// trimEvery is how often, while frames are drawn, the blocks malloc holds free are given back
// (malloc_trim). Below the threshold, the driver's smaller blocks (its command bins, shader
// variants, small textures) share fifteen arenas, and what they free stays with them: over a
// 30-minute soak of the five games, untrimmed, the arenas grew from 63 to 98 MB on average
// between the second five minutes and the last, and the resident memory outside Go's and the
// images' from 154 to 180 MB; trimmed every ten seconds, in four runs, the arenas stopped
// growing by the tenth minute (at 59 to 89 MB, by run) and that memory stayed within 145–161
// MB (BENCHMARKS.md, "Memory over a long session"). A trim takes about 10 ms on
// average on an idle machine and 30–60 ms on a loaded one, on a goroutine of its own: the
// game's thread waits only if it mallocs in the arena being trimmed. With Go's collection
// and free pages first (trimMalloc), 86 ms on average in the soak, still off the game's
// goroutine.
const trimEvery = 10 * time.Second

// arenaMax is how many arenas C's malloc may make (mallopt's M_ARENA_MAX): glibc gives each
// thread that mallocs at once an arena of its own, up to eight a processor, and the renderer's
// threads (llvmpipe rasterizes on every processor) make fifteen. What one arena frees serves
// only the threads that use it, and trims give back only whole free pages: without the limit
// the arenas' memory rose for the first six minutes of the soak, by some 30 MB, before it
// levelled (BENCHMARKS.md, "Memory over a long session"). The limit holds for arenas made after it is set: those made
// before New (seven in the soak) stay, and the renderer's threads share them, 61–87 MB of
// arenas by five-minute window against 90–102.
const arenaMax = 2

// trimsMalloc: the game loop calls trimMalloc on this platform.
const trimsMalloc = true

// glibc's malloc controls, found at run time (the app links no C): nil where the C library
// is not glibc (no libc.so.6, or not these functions in it).
var glibc struct {
	once     sync.Once
	mallopt  func(param, value int32) int32
	trim     func(pad uintptr) int32
	on       bool         // tuneMalloc found glibc: trimMalloc trims
	at       time.Time    // the last trim's start
	drawn    int          // frames drawn at the last trim
	trimming atomic.Bool  // a trim is running
	trims    atomic.Int64 // trims done
	took     atomic.Int64 // their time in all, nanoseconds (the soak reports it)
}

func loadGlibc() bool {
	glibc.once.Do(func() {
		if !bindGlibc(map[string]any{"mallopt": &glibc.mallopt, "malloc_trim": &glibc.trim}) {
			glibc.mallopt, glibc.trim = nil, nil
		}
	})
	return glibc.mallopt != nil
}

// bindGlibc points each Go function variable at glibc's function of that name (fns maps names
// to pointers to func variables), and reports whether it found every one.
func bindGlibc(fns map[string]any) bool {
	libc, err := purego.Dlopen("libc.so.6", purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return false
	}
	for name, fn := range fns {
		sym, err := purego.Dlsym(libc, name)
		if err != nil || sym == 0 {
			return false
		}
		purego.RegisterFunc(fn, sym)
	}
	return true
}

// tuneMalloc fixes C's malloc threshold (mallopt's M_MMAP_THRESHOLD) and its number of arenas
// (M_ARENA_MAX), each unless the environment sets it, turns the periodic trims on, and reports
// whether it set both. New runs it before Ebitengine starts the renderer. Where the C library
// is not glibc it does nothing: another malloc has its own ways.
func tuneMalloc() bool {
	if !loadGlibc() {
		return false
	}
	glibc.on = true
	if os.Getenv("GLIBC_TUNABLES") != "" {
		return false
	}
	const mMmapThreshold, mArenaMax = -3, -8 // glibc's malloc.h
	threshold := os.Getenv("MALLOC_MMAP_THRESHOLD_") == "" && glibc.mallopt(mMmapThreshold, mmapThreshold) == 1
	arenas := os.Getenv("MALLOC_ARENA_MAX") == "" && glibc.mallopt(mArenaMax, arenaMax) == 1
	return threshold && arenas
}

// trimMalloc gives back what malloc holds free, and what Go's runtime holds free, on a
// goroutine of its own, when tuneMalloc found glibc, trimEvery has passed since the last trim
// and frames were drawn since (drawn counts them: a still screen frees nothing). The game
// loop calls it after each frame.
func trimMalloc(now time.Time, drawn int) {
	if !glibc.on || drawn == glibc.drawn || now.Sub(glibc.at) < trimEvery || !glibc.trimming.CompareAndSwap(false, true) {
		return
	}
	glibc.at, glibc.drawn = now, drawn
	go func() {
		defer glibc.trimming.Store(false)
		start := time.Now()
		// Go's free pages first: the runtime gives back what a burst (a board's picture
		// painted, a replay opened) left it only slowly, and between two samples of the soak
		// it kept 75 to 98 MB for a live heap of 45 to 66; collecting here, once a trim, costs
		// one collection in some thirty.
		debug.FreeOSMemory()
		glibc.trim(0)
		glibc.took.Add(int64(time.Since(start)))
		glibc.trims.Add(1)
	}()
}
