//go:build js

package scenes

import "syscall/js"

// copyLink puts s on the clipboard (the page's navigator.clipboard, which a browser gives a
// page from a secure address, within a moment of a tap or a key) and tells done whether the
// browser took it, later, from the page's event loop. A variable, for tests.
var copyLink = func(s string, done func(ok bool)) {
	err := jsCall(func() {
		clip := js.Global().Get("navigator").Get("clipboard")
		if clip.IsUndefined() || clip.IsNull() || clip.Get("writeText").IsUndefined() {
			done(false)
			return
		}
		promise(clip.Call("writeText", s), func(js.Value) { done(true) }, func(js.Value) { done(false) })
	})
	if err != nil {
		done(false)
	}
}

// canCopy reports whether copyLink can work here (a variable, for tests).
var canCopy = func() bool {
	c := js.Global().Get("navigator").Get("clipboard")
	return !c.IsUndefined() && !c.IsNull()
}

// canShare reports whether the browser shares links with other apps (navigator.share: phones,
// some desktops).
func canShare() bool {
	return js.Global().Get("navigator").Get("share").Type() == js.TypeFunction
}

// shareLink hands link, with its title, to the browser's share sheet.
func shareLink(title, link string) {
	defer func() { recover() }()
	o := js.Global().Get("Object").New()
	o.Set("title", title)
	o.Set("url", link)
	// A sheet closed without sharing rejects the promise: nothing to say about it.
	promise(js.Global().Get("navigator").Call("share", o), func(js.Value) {}, func(js.Value) {})
}
