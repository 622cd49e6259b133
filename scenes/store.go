package scenes

import (
	"errors"
	"strings"
)

// store keeps small named entries between runs: the settings ("settings"), the unfinished
// game ("autosave"), a save set aside ("autosave.bad"). On desktops and phones an entry is a
// file NAME.json in the user's configuration folder (store_file.go); in the browser it is the
// localStorage key "sig.NAME" (store_js.go); in tests it lives in memory (memStore).
type store interface {
	// load reads the entry name; an absent entry is nil and no error.
	load(name string) ([]byte, error)
	// save replaces the entry name with b, whole or not at all.
	save(name string, b []byte) error
	// remove deletes the entry name; an absent entry is no error.
	remove(name string) error
}

// validEntry reports whether name can name an entry: lower-case letters, digits, '.' and '-',
// so that it is a safe file name and a plain storage key everywhere.
func validEntry(name string) bool {
	if name == "" || len(name) > 64 || strings.HasPrefix(name, ".") || strings.Contains(name, "..") {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-') {
			return false
		}
	}
	return true
}

var errEntryName = errors.New("not a valid entry name")

// entryPlace says where a store keeps the entry name, for a person looking for it: a file's full
// path, a storage key. A store that cannot say gives the name.
func entryPlace(st store, name string) string {
	if p, ok := st.(interface{ place(string) string }); ok {
		return p.place(name)
	}
	return name
}

// setAside moves the entry name to name+".bad" (replacing an older one), so that whatever was
// wrong with it can be looked at and nothing reads it again.
func setAside(st store, name string) error {
	b, err := st.load(name)
	if err != nil {
		return err
	}
	if b != nil {
		if err := st.save(name+".bad", b); err != nil {
			return err
		}
	}
	return st.remove(name)
}

// memStore keeps the entries in memory only (tests, and scripted captures).
type memStore struct {
	m map[string][]byte
	// fail makes every save fail (tests of a full disk or blocked storage).
	fail bool
}

func (s *memStore) load(name string) ([]byte, error) {
	if !validEntry(name) {
		return nil, errEntryName
	}
	b, ok := s.m[name]
	if !ok {
		return nil, nil
	}
	return append([]byte{}, b...), nil // present but empty is not absent: a file cut to nothing
}

func (s *memStore) save(name string, b []byte) error {
	if !validEntry(name) {
		return errEntryName
	}
	if s.fail {
		return errors.New("storage is full")
	}
	if s.m == nil {
		s.m = map[string][]byte{}
	}
	s.m[name] = append([]byte(nil), b...)
	return nil
}

func (s *memStore) remove(name string) error {
	if !validEntry(name) {
		return errEntryName
	}
	delete(s.m, name)
	return nil
}
