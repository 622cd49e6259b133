//go:build !js

package scenes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// startHook reads SIG_HOOK: a path where the app keeps its HookView (hook.go) as JSON, written
// again whenever it changes, for the desktop end-to-end test (e2e/). Unset, nothing is done.
func (m *Manager) startHook() {
	m.hookPath = os.Getenv("SIG_HOOK")
}

// publishHook writes the HookView to SIG_HOOK when it has changed, and every few ticks for the
// work counters alone (so that a test can see ticks pass between a press and its release),
// through a temporary file and a rename, so a reader never sees half of it.
func (m *Manager) publishHook() {
	if m.hookPath == "" {
		return
	}
	v := m.Hook()
	work := v.Work
	v.Work = HookWork{}
	b, err := json.Marshal(v)
	if err != nil || (bytes.Equal(b, m.hookLast) && m.work.updates-m.hookTick < 4) {
		return
	}
	m.hookLast, m.hookTick = b, m.work.updates
	v.Work = work
	if b, err = json.Marshal(v); err != nil {
		return
	}
	tmp := m.hookPath + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err == nil {
		err = os.Rename(tmp, m.hookPath)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sig: SIG_HOOK:", err)
		m.hookPath = "" // one message, not one a frame
	}
}
