//go:build js

package scenes

import (
	"syscall/js"

	"sig/sprites"
)

// firstFrameShown tells the browser page that the game has drawn its first frame: the loader
// (wasm/loader.js) then hides its loading screen and records the time, which the browser smoke
// test reads for BENCHMARKS.md. The Manager calls it once, from its first Draw. Paths are
// then drawn out in smaller batches (sprites.FirstFrameShown).
func firstFrameShown() {
	sprites.FirstFrameShown()
	if f := js.Global().Get("sigFirstFrame"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}

// startupMark notes how long after navigation the start-up reached a stage, as the page's
// data-sig-mark-NAME attribute (milliseconds, performance.now()), for the first-frame
// measurement (smoke/firstframe_test.go): where the time before the first frame goes.
func startupMark(name string) {
	perf := js.Global().Get("performance")
	root := js.Global().Get("document").Get("documentElement")
	if perf.Type() != js.TypeObject || root.Type() != js.TypeObject {
		return
	}
	ms := perf.Call("now").Float()
	root.Get("dataset").Set("sigMark"+name, int(ms+0.5))
}

// Package initialisation ends with this package's (every package it imports, Ebitengine's,
// the fonts' and the sounds', comes first).
func init() { startupMark("Init") }
