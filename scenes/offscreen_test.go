//go:build !screens

package scenes

import (
	"sync"
	"sync/atomic"
	_ "unsafe" // go:linkname, to reach Ebitengine's queue of work waiting for a frame
)

// The scene tests draw without a window: no game runs, so Ebitengine never begins a frame.
// Every draw, pixel write and image release made outside a frame waits in its atlas's queue
// (appendDeferred) for the next frame to begin, and holds a copy of its vertices or pixels and
// every image it touches meanwhile; with no frame, the queue only grows until the process ends
// (TestTextFits, all of it in one process: past 24 GiB). Nothing can ever run that work here
// (there is no graphics driver to run it on, and no test reads pixels without a game), so the
// harness lets it go, each tick: forgetDraws. The tests' checks read what the scenes record
// (ui.TextDrawn, ui.BoxDrawn, the pictures' counts), never pixels.
//
// Under the screens tag the tests run a real game (ebiten.RunGame) whose frames do run that
// queue, and an image written before it started must keep its pixels: this file is left out
// there. The names below are Ebitengine v2.10's (internal/atlas/image.go); if they change, the
// test binary fails to link, it never drops work silently.

//go:linkname atlasDeferred github.com/hajimehoshi/ebiten/v2/internal/atlas.deferred
var atlasDeferred []func()

//go:linkname atlasDeferredM github.com/hajimehoshi/ebiten/v2/internal/atlas.deferredM
var atlasDeferredM sync.Mutex

//go:linkname atlasInited github.com/hajimehoshi/ebiten/v2/internal/atlas.inited
var atlasInited atomic.Bool

// forgetDraws drops the work waiting for a frame that will never come: only while no graphics
// driver has been set up in this process (atlasInited: the first frame sets one up, and from
// then on the queue runs each frame).
func forgetDraws() {
	if atlasInited.Load() {
		return
	}
	atlasDeferredM.Lock()
	atlasDeferred = nil // the closures, and what they hold, become garbage now
	atlasDeferredM.Unlock()
}
