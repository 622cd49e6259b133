//go:build js

package scenes

import (
	"encoding/json"
	"syscall/js"
)

// startHook defines window.sig(), which returns the app's HookView (hook.go) as an object, for
// the end-to-end tests (e2e/). The view is a snapshot the game loop publishes at the end of
// each frame, once a page has asked for it: JavaScript never calls into Go for it, which could
// block the page's one thread on a Go goroutine parked mid-frame. Until the first frame after
// the first call, sig() returns null. Pages that never call it pay nothing.
func (m *Manager) startHook() {
	js.Global().Call("eval", `window.sig = () => { window.sigWanted = true; return window.sigView ? JSON.parse(window.sigView) : null; };`)
}

// publishHook keeps window.sigView up to date, once window.sig() has been called.
func (m *Manager) publishHook() {
	g := js.Global()
	if !g.Get("sigWanted").Truthy() {
		return
	}
	b, err := json.Marshal(m.Hook())
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	g.Set("sigView", string(b))
}
