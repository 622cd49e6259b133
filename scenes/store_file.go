//go:build !js

package scenes

import (
	"os"
	"path/filepath"
)

// fileStore keeps the settings in the user's configuration folder.
type fileStore struct{}

func (fileStore) path() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "sig", "settings.json"), nil
}

func (f fileStore) load() ([]byte, error) {
	p, err := f.path()
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

func (f fileStore) save(b []byte) error {
	p, err := f.path()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

func defaultStore() store { return fileStore{} }
