//go:build screens

package scenes

// The saved-game and record screens, captured as TestScreens does (same driver):
//
//	SIG_SHOTS=/tmp/shots go test -tags screens -run TestScreensSaves ./scenes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/match"
	"sig/scenes/ui"
)

// withStore gives the shot's manager a store holding a save, and shows the title again.
func withStore(t *testing.T, m *Manager, entries map[string][]byte) {
	st := &memStore{}
	for k, v := range entries {
		st.save(k, v)
	}
	m.store = st
	m.cur = newTitle(m)
	m.cur.Layout(m.mt)
}

func saveShots(dir string) []shot {
	two := []Seat{{Who: match.Person{}, Name: "Amira"}, {Who: match.Computer{Level: ai.Medium}}}
	toResults := func(m *Manager) {
		m.settings.Speed = Instant
		for i := 0; i < 200000 && m.Current().Name() == "play"; i++ {
			p := m.Current().(*play)
			if p.human() && !p.Busy() {
				if b := p.menu.Get("throw"); b != nil && !b.Hidden {
					p.throw()
				} else if len(p.legal) > 0 {
					p.apply(p.legal[i%len(p.legal)], 0)
				}
			}
			step(m)
		}
		m.settings.Speed = Normal
	}
	replayAt := func(t *testing.T, m *Manager, k int) {
		toResults(m)
		tap(t, m, "replay")
		rp := m.Current().(*replay)
		rp.jump(k)
		tap(t, m, "next")
		for i := 0; i < 20; i++ {
			step(m) // the move half played
		}
	}
	return []shot{
		{"saves-title-continue", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			withStore(t, m, map[string][]byte{autosaveEntry: goodSave(t)})
		}},
		{"saves-title-continue-portrait", 390, 844, Config{}, func(t *testing.T, m *Manager) {
			withStore(t, m, map[string][]byte{autosaveEntry: goodSave(t)})
		}},
		{"saves-title-continue-short", 640, 360, Config{}, func(t *testing.T, m *Manager) {
			withStore(t, m, map[string][]byte{autosaveEntry: goodSave(t)})
		}},
		{"saves-title-setaside", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			good := goodSave(t)
			withStore(t, m, map[string][]byte{autosaveEntry: good[:len(good)/2]})
		}},
		{"saves-title-continue-ar", 1280, 800, Config{Lang: "ar"}, func(t *testing.T, m *Manager) {
			withStore(t, m, map[string][]byte{autosaveEntry: goodSave(t)})
		}},
		{"saves-export-pause", 1280, 800, Config{Game: "seega", Seats: two}, func(t *testing.T, m *Manager) {
			p := m.Current().(*play)
			for i := 0; i < 12; i++ {
				p.apply(p.legal[i%len(p.legal)], 0)
				p.q.Finish()
			}
			step(m, ui.Intent{Kind: ui.Back})
			tap(t, m, "export")
		}},
		{"saves-results", 1280, 800, Config{Game: "sadeqa", Seats: two}, func(t *testing.T, m *Manager) {
			toResults(m)
			tap(t, m, "export")
		}},
		{"saves-records", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			tap(t, m, "records")
		}},
		{"saves-records-bad", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			tap(t, m, "records")
			m.openRecord([]byte(`{"game":"seega","players":2,"seed":1,"moves":["z9"],"version":1}`), nil)
		}},
		{"saves-replay-sadeqa", 1280, 800, Config{Game: "sadeqa", Seats: two}, func(t *testing.T, m *Manager) { replayAt(t, m, 30) }},
		{"saves-replay-sigeloued", 1280, 800, Config{Game: "sig-el-oued", Seats: two}, func(t *testing.T, m *Manager) { replayAt(t, m, 40) }},
		{"saves-replay-seega-portrait", 390, 844, Config{Game: "seega", Seats: two}, func(t *testing.T, m *Manager) { replayAt(t, m, 26) }},
		{"saves-replay-essig", 1280, 800, Config{Game: "es-sig", Seats: []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Easy}}}}, func(t *testing.T, m *Manager) {
			replayAt(t, m, 60)
			step(m, ui.Intent{Kind: ui.Point, X: m.Current().(*replay).scrubR.CX(), Y: m.Current().(*replay).scrubR.CY(), Down: true, Target: ui.Target{Kind: "scrub"}})
		}},
		{"saves-replay-ar", 1280, 800, Config{Game: "sig-el-oued", Seats: two, Lang: "ar"}, func(t *testing.T, m *Manager) { replayAt(t, m, 20) }},
	}
}

func TestScreensSaves(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Exports go to a folder of the shots, never the user's own.
	recordsHome = filepath.Join(dir, "home", "Documents", "Sig records")
	defer func() { recordsHome = "" }()
	ebiten.SetWindowTitle("Sig screens")
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	all := saveShots(dir)
	if only := os.Getenv("SIG_SHOT"); only != "" {
		var keep []shot
		for _, s := range all {
			if strings.HasPrefix(s.name, only) {
				keep = append(keep, s)
			}
		}
		all = keep
	}
	d := &driver{t: t, dir: dir, shots: all}
	if err := ebiten.RunGame(d); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}
