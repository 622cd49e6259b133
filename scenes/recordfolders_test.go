//go:build !js

package scenes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sig/scenes/ui"
)

// TestRecordsListsEveryFolder: a record exported while there is no Documents folder goes to the
// configuration folder; once Documents exists, the next goes there, and the title's records
// scene lists both, so that the first does not vanish from the list.
func TestRecordsListsEveryFolder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	m := newTest(t, Config{Seed: 4})
	m.settings.Speed = Instant
	p := startFromSetup(t, m, "seega", false)
	playTurns(t, m, p, 2)
	step(m, ui.Intent{Kind: ui.Back})
	tap(t, m, "export")
	first := m.Current().(*pause).notice
	if !strings.Contains(first, filepath.Join(home, ".config", "sig", "records")) {
		t.Fatalf("without Documents, the export says %q", first)
	}
	if err := os.Mkdir(filepath.Join(home, "Documents"), 0o755); err != nil {
		t.Fatal(err)
	}
	tap(t, m, "export")
	if second := m.Current().(*pause).notice; !strings.Contains(second, filepath.Join(home, "Documents", "Sig records")) {
		t.Fatalf("with Documents, the export says %q", second)
	}
	tap(t, m, "menu")
	tap(t, m, "records")
	want(t, m, "records")
	rs := m.Current().(*records)
	if len(rs.files) != 2 {
		t.Fatalf("the records scene lists %v; want both exports", rs.files)
	}
	for i := range rs.files {
		tap(t, m, "file-"+string(rune('0'+i)))
		want(t, m, "replay")
		step(m, ui.Intent{Kind: ui.Back})
		want(t, m, "records")
	}
}
