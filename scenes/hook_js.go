//go:build js

package scenes

import (
	"encoding/json"
	"syscall/js"
)

// startHook defines window.sig(), which returns the app's HookView (hook.go) as an object, for
// the end-to-end tests (e2e/). It costs nothing until called: the view is built on demand.
func (m *Manager) startHook() {
	js.Global().Set("sig", js.FuncOf(func(js.Value, []js.Value) any {
		b, err := json.Marshal(m.Hook())
		if err != nil {
			return js.ValueOf(map[string]any{"error": err.Error()})
		}
		return js.Global().Get("JSON").Call("parse", string(b))
	}))
}

// publishHook does nothing in the browser: window.sig() is asked.
func (m *Manager) publishHook() {}
