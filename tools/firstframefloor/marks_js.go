//go:build js

package main

import "syscall/js"

// firstFrameShown tells Sig's page (wasm/loader.js) that the first frame is drawn, as
// sig/scenes does: the loader records the time and hides its loading screen.
func firstFrameShown() {
	if f := js.Global().Get("sigFirstFrame"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}

// startupMark records a start-up stage as the page's data-sig-mark-NAME attribute
// (milliseconds after navigation), the same attribute sig/scenes writes, so the harness reads
// both programs' stages alike.
func startupMark(name string) {
	perf := js.Global().Get("performance")
	root := js.Global().Get("document").Get("documentElement")
	if perf.Type() != js.TypeObject || root.Type() != js.TypeObject {
		return
	}
	root.Get("dataset").Set("sigMark"+name, int(perf.Call("now").Float()+0.5))
}
