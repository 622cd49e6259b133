//go:build js

package scenes

import (
	"errors"
	"syscall/js"
)

// webStore keeps each entry in the browser's localStorage under the key "sig.NAME".
type webStore struct{}

var errNoStorage = errors.New("no localStorage")

// storage is the page's localStorage, or an error where it is blocked (private mode, a
// sandboxed frame), where even reading the property throws.
func storage() (ls js.Value, err error) {
	defer func() {
		if recover() != nil {
			ls, err = js.Value{}, errNoStorage
		}
	}()
	ls = js.Global().Get("localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return js.Value{}, errNoStorage
	}
	return ls, nil
}

func (webStore) place(name string) string { return "localStorage sig." + name }

func (webStore) load(name string) (b []byte, err error) {
	if !validEntry(name) {
		return nil, errEntryName
	}
	defer func() {
		if recover() != nil {
			b, err = nil, errNoStorage
		}
	}()
	ls, err := storage()
	if err != nil {
		return nil, err
	}
	v := ls.Call("getItem", "sig."+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, nil
	}
	return []byte(v.String()), nil
}

// save sets the key in one call: localStorage writes an item whole or throws (quota), leaving
// the old value.
func (webStore) save(name string, b []byte) (err error) {
	if !validEntry(name) {
		return errEntryName
	}
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the browser refused to store the entry (storage full or blocked)")
		}
	}()
	ls, err := storage()
	if err != nil {
		return err
	}
	ls.Call("setItem", "sig."+name, string(b))
	return nil
}

func (webStore) remove(name string) (err error) {
	if !validEntry(name) {
		return errEntryName
	}
	defer func() {
		if recover() != nil {
			err = errNoStorage
		}
	}()
	ls, err := storage()
	if err != nil {
		return err
	}
	ls.Call("removeItem", "sig."+name)
	return nil
}

func defaultStore() store { return webStore{} }
