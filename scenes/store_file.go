//go:build !js

package scenes

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// fileStore keeps each entry as a file NAME.json in the user's configuration folder (sig/).
type fileStore struct {
	dir string // "" for os.UserConfigDir()/sig
}

func (f fileStore) path(name string) (string, error) {
	if !validEntry(name) {
		return "", errEntryName
	}
	dir := f.dir
	if dir == "" {
		cfg, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(cfg, "sig")
	}
	return filepath.Join(dir, name+".json"), nil
}

func (f fileStore) place(name string) string {
	if p, err := f.path(name); err == nil {
		return p
	}
	return name
}

func (f fileStore) load(name string) ([]byte, error) {
	p, err := f.path(name)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

// save writes a temporary file beside the entry and renames it over the entry, so that a crash
// or a full disk mid-write leaves the old entry whole.
func (f fileStore) save(name string, b []byte) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	return f.writeFile(p, b)
}

// writeFile writes b to path atomically: a temporary file beside it, renamed over it.
func (fileStore) writeFile(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".*.tmp")
	if err != nil {
		return err
	}
	werr := tmp.Chmod(0o644) // CreateTemp makes it private; an entry or a record is not secret
	if werr == nil {
		_, werr = tmp.Write(b)
	}
	if err := tmp.Close(); werr == nil {
		werr = err
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), p)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}

func (f fileStore) remove(name string) error {
	p, err := f.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func defaultStore() store { return fileStore{} }
