//go:build js

package scenes

import "syscall/js"

// firstFrameShown tells the browser page that the game has drawn its first frame: the loader
// (wasm/loader.js) then hides its loading screen and records the time, which the browser smoke
// test reads for BENCHMARKS.md. The Manager calls it once, from its first Draw.
func firstFrameShown() {
	if f := js.Global().Get("sigFirstFrame"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}
