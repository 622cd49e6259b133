//go:build js

package scenes

import "syscall/js"

// navigator is the page's navigator.
func navigator() js.Value { return js.Global().Get("navigator") }

// copyLink puts s on the clipboard (the page's navigator.clipboard, which a browser gives a
// page from a secure address, within a moment of a tap or a key) and tells done whether the
// browser took it, later, from the page's event loop. A variable, for tests.
var copyLink = func(s string, done func(ok bool)) {
	if jsCall(func() {
		promise(navigator().Get("clipboard").Call("writeText", s), func(js.Value) { done(true) }, func(js.Value) { done(false) })
	}) != nil {
		done(false)
	}
}

// canCopy reports whether copyLink can work here (a variable, for tests).
var canCopy = func() bool { return navigator().Get("clipboard").Truthy() }

// canShare reports whether the browser shares links with other apps (navigator.share: phones,
// some desktops).
func canShare() bool { return navigator().Get("share").Truthy() }

// shareLink hands link, with its title, to the browser's share sheet (a sheet closed without
// sharing rejects the promise: nothing to say about it).
func shareLink(title, link string) {
	_ = jsCall(func() {
		promise(navigator().Call("share", map[string]any{"title": title, "url": link}), func(js.Value) {}, func(js.Value) {})
	})
}
