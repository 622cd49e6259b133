//go:build js

package scenes

import (
	"errors"
	"syscall/js"
)

// webStore keeps the settings in the browser's localStorage.
type webStore struct{}

const storageKey = "sig.settings"

func (webStore) load() (b []byte, err error) {
	defer func() {
		if recover() != nil { // storage blocked (private mode, sandboxed frame)
			b, err = nil, errors.New("no localStorage")
		}
	}()
	ls := js.Global().Get("localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return nil, errors.New("no localStorage")
	}
	v := ls.Call("getItem", storageKey)
	if v.IsNull() || v.IsUndefined() {
		return nil, nil
	}
	return []byte(v.String()), nil
}

func (webStore) save(b []byte) (err error) {
	defer func() {
		if recover() != nil {
			err = errors.New("no localStorage")
		}
	}()
	ls := js.Global().Get("localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return errors.New("no localStorage")
	}
	ls.Call("setItem", storageKey, string(b))
	return nil
}

func defaultStore() store { return webStore{} }
