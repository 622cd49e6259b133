//go:build !js

package scenes

import (
	"os"
	"path/filepath"
	"testing"
)

// The desktop store keeps an entry per file, replaces it whole, and sets a bad save aside as a
// file of its own; the settings stay where they were (settings.json).
func TestFileStore(t *testing.T) {
	dir := t.TempDir()
	st := fileStore{dir: dir}
	if b, err := st.load("autosave"); b != nil || err != nil {
		t.Fatalf("absent entry: %q, %v", b, err)
	}
	if err := st.save("autosave", []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := st.save("autosave", []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "autosave.json")); string(b) != "two" {
		t.Fatalf("autosave.json holds %q", b)
	}
	saveSettings(st, Settings{Volume: 0.3, Lang: "en"})
	if s := loadSettings(st); s.Volume != 0.3 {
		t.Fatalf("settings read back as %+v", s)
	}
	if _, err := os.Stat(filepath.Join(dir, "settings.json")); err != nil {
		t.Fatalf("the settings are not in settings.json: %v", err)
	}
	if err := setAside(st, "autosave"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "autosave.bad.json")); string(b) != "two" {
		t.Fatalf("autosave.bad.json holds %q", b)
	}
	if b, _ := st.load("autosave"); b != nil {
		t.Fatalf("the set-aside entry is still there: %q", b)
	}
	if err := st.remove("autosave"); err != nil {
		t.Fatalf("removing an absent entry: %v", err)
	}
	for _, bad := range []string{"", "../x", "a/b", "A", ".hidden", "x..y"} {
		if err := st.save(bad, []byte("x")); err == nil {
			t.Errorf("entry name %q accepted", bad)
		}
	}
	files, _ := os.ReadDir(dir)
	for _, f := range files {
		if filepath.Ext(f.Name()) == ".tmp" {
			t.Errorf("a temporary file was left behind: %s", f.Name())
		}
	}
	if got := entryPlace(st, "autosave.bad"); got != filepath.Join(dir, "autosave.bad.json") {
		t.Errorf("entryPlace = %q", got)
	}
	// An empty file is a save cut to nothing: present, so it is set aside, not ignored.
	os.WriteFile(filepath.Join(dir, "autosave.json"), nil, 0o644)
	if b, err := st.load("autosave"); b == nil || err != nil {
		t.Errorf("an empty file reads as absent")
	}
}
