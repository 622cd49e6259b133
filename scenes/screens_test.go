//go:build screens

package scenes

// The screens test renders every scene in a real window and writes PNGs: run it under a
// display (Xvfb on a server) with
//
//	SIG_SHOTS=/tmp/shots go test -tags screens -run TestScreens ./scenes
//
// It is not part of the ordinary tests, which need no GPU.

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/ai"
	"sig/match"
	"sig/rules/sigeloued"
	"sig/scenes/ui"
)

func init() { runtime.LockOSThread() } // Ebitengine runs on the main thread

// shot is one screenshot: a window size and the intents that lead to the scene.
type shot struct {
	name string
	w, h int
	cfg  Config
	go_  func(t *testing.T, m *Manager)
}

func shots() []shot {
	all := englishShots()
	// The menus, a match and its end in French and Arabic (right to left), and with large
	// text: SIG_SHOT=title-ar and so on.
	for _, name := range []string{"title", "title-portrait", "picker", "picker-portrait", "setup", "setup-portrait", "rules", "settings", "settings-portrait", "pause", "pause-short", "title-short", "results", "play-sadeqa", "play-essig", "play-seega-portrait", "play-sigeloued", "play-sigeloued-throw", "play-sigwaduqqan", "play-sadeqa-portrait", "play-sadeqa-portrait-mid", "play-essig-portrait", "play-sigeloued-portrait", "rules-portrait"} {
		for _, s := range all {
			if s.name != name {
				continue
			}
			for _, l := range []string{"fr", "ar"} {
				t := s
				t.name, t.cfg.Lang = s.name+"-"+l, l
				all = append(all, t)
			}
			large := s
			large.name, large.cfg.Lang = s.name+"-ar-large", "ar"
			large.go_ = func(t *testing.T, m *Manager) {
				st := m.settings
				st.Large = true
				m.setSettings(st)
				if s.go_ != nil {
					s.go_(t, m)
				}
			}
			all = append(all, large)
			large.name, large.cfg.Lang = s.name+"-fr-large", "fr"
			all = append(all, large)
		}
	}
	return all
}

func englishShots() []shot {
	two := []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Medium}}}
	four := []Seat{{Who: match.Person{}}, {Who: match.Computer{Level: ai.Easy}}, {Who: match.Computer{Level: ai.Medium}}, {Who: match.Computer{Level: ai.Hard}}}
	playFor := func(m *Manager, ticks int) {
		m.settings.Speed = Instant
		for i := 0; i < ticks; i++ {
			p, ok := m.Current().(*play)
			if !ok {
				return
			}
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
	return []shot{
		{"title", 1280, 800, Config{}, nil},
		{"title-portrait", 390, 844, Config{}, nil},
		{"title-short", 640, 360, Config{}, nil},
		{"picker", 1280, 800, Config{}, func(t *testing.T, m *Manager) { tap(t, m, "play") }},
		{"picker-portrait", 390, 844, Config{}, func(t *testing.T, m *Manager) { tap(t, m, "play") }},
		{"setup", 1280, 800, Config{Game: "sig-wa-duqqan"}, func(t *testing.T, m *Manager) {
			tap(t, m, "hard-1")
		}},
		{"setup-portrait", 390, 844, Config{Game: "es-sig", Players: 5}, nil},
		{"rules", 1280, 800, Config{Game: "sig-el-oued"}, func(t *testing.T, m *Manager) { tap(t, m, "rules") }},
		// A rules page on a phone, scrolled to where the words wrap around French punctuation.
		{"rules-portrait", 390, 844, Config{Game: "sadeqa"}, func(t *testing.T, m *Manager) {
			tap(t, m, "rules")
			step(m, ui.Intent{Kind: ui.Scroll, Scroll: 300})
		}},
		{"rules-scrolled", 1280, 800, Config{Game: "sig-el-oued"}, func(t *testing.T, m *Manager) {
			tap(t, m, "rules")
			step(m, ui.Intent{Kind: ui.Scroll, Scroll: 1100})
		}},
		{"settings", 1280, 800, Config{}, func(t *testing.T, m *Manager) { tap(t, m, "settings") }},
		{"settings-portrait", 390, 844, Config{}, func(t *testing.T, m *Manager) { tap(t, m, "settings") }},
		{"play-sigwaduqqan", 1280, 800, Config{Game: "sig-wa-duqqan", Seats: four}, func(t *testing.T, m *Manager) { playFor(m, 900) }},
		{"play-essig", 1280, 800, Config{Game: "es-sig", Seats: four}, func(t *testing.T, m *Manager) { playFor(m, 900) }},
		{"play-sigeloued", 1280, 800, Config{Game: "sig-el-oued", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 300) }},
		// El Oued at the first throw, the focus on Throw: the caption over it, in Arabic too.
		{"play-sigeloued-throw", 1280, 800, Config{Game: "sig-el-oued", Seats: two}, func(t *testing.T, m *Manager) {
			m.Current().(*play).menu.FocusID("throw")
		}},
		{"play-seega", 1280, 800, Config{Game: "seega", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 60) }},
		// An El Oued throw no piece can use: the banner says so, as the log does.
		{"play-sigeloued-lost", 1280, 800, Config{Game: "sig-el-oued", Seats: two}, func(t *testing.T, m *Manager) {
			lost := func() bool {
				p, ok := m.Current().(*play)
				return !ok || !p.Busy() && len(p.log) > 1 && p.log[len(p.log)-1].key == "log.nomove"
			}
			for i := 0; i < 5000 && !lost(); i++ {
				playFor(m, 1)
			}
		}},
		// An El Oued capture, the game stopped right after it: the log names the square the
		// captured piece stood on, where the captor's piece now stands.
		{"play-sigeloued-capture", 1280, 800, Config{Game: "sig-el-oued", Seats: two}, func(t *testing.T, m *Manager) {
			taken := func() int {
				p, ok := m.Current().(*play)
				if !ok {
					return -1
				}
				s := p.State().(*sigeloued.State)
				return s.Captured(0) + s.Captured(1)
			}
			for i := 0; i < 5000 && taken() == 0; i++ {
				playFor(m, 1)
			}
			// The log tells the capture once its animation has played.
			m.settings.Speed = Instant
			for i := 0; i < 600 && m.Current().(*play).Busy(); i++ {
				step(m)
			}
			m.settings.Speed = Normal
		}},
		{"play-sadeqa", 1280, 800, Config{Game: "sadeqa", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 200) }},
		// Mid-game pictures for the README (docs/screenshots): early enough that nobody has won.
		{"readme-sigeloued", 1280, 800, Config{Game: "sig-el-oued", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 90) }},
		{"readme-sadeqa", 1280, 800, Config{Game: "sadeqa", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 50) }},
		{"play-sadeqa-portrait", 390, 844, Config{Game: "sadeqa", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 200) }},
		{"play-sadeqa-portrait-mid", 390, 844, Config{Game: "sadeqa", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 40) }},
		{"play-seega-portrait", 390, 844, Config{Game: "seega", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 60) }},
		{"play-essig-portrait", 390, 844, Config{Game: "es-sig", Seats: four}, func(t *testing.T, m *Manager) { playFor(m, 300) }},
		{"play-sigeloued-portrait", 390, 844, Config{Game: "sig-el-oued", Seats: two}, func(t *testing.T, m *Manager) { playFor(m, 300) }},
		{"play-sigwaduqqan-portrait", 390, 844, Config{Game: "sig-wa-duqqan", Seats: four}, func(t *testing.T, m *Manager) { playFor(m, 300) }},
		{"pause", 1280, 800, Config{Game: "seega", Seats: two}, func(t *testing.T, m *Manager) {
			step(m, ui.Intent{Kind: ui.Back})
		}},
		{"pause-short", 640, 360, Config{Game: "sig-el-oued", Seats: two}, func(t *testing.T, m *Manager) {
			step(m, ui.Intent{Kind: ui.Back})
		}},
		{"play-essig-4k", 1920, 1080, Config{Game: "es-sig", Seats: four}, func(t *testing.T, m *Manager) { playFor(m, 300) }},
		{"results", 1280, 800, Config{Game: "seega", Seats: []Seat{{Who: match.Computer{Level: ai.Easy}, Name: "Amira"}, {Who: match.Computer{Level: ai.Hard}}}}, func(t *testing.T, m *Manager) {
			m.settings.Speed = Instant
			for i := 0; i < 100000 && m.Current().Name() == "play"; i++ {
				step(m)
			}
		}},
		// Sig wa Duqqan between two computers, both at the centre at the end (seed 7): two
		// winners, not "A draw".
		{"results-sigwaduqqan", 1280, 800, Config{Game: "sig-wa-duqqan", Seats: []Seat{{Who: match.Computer{Level: ai.Easy}, Name: "Amira"}, {Who: match.Computer{Level: ai.Easy}, Name: "Kofi"}}}, func(t *testing.T, m *Manager) {
			m.settings.Speed = Instant
			for i := 0; i < 400000 && m.Current().Name() == "play"; i++ {
				step(m)
			}
		}},
		// The on-screen keyboard, opened by a finger on a name (last: the Arabic one changes the
		// language).
		{"keyboard", 1280, 800, Config{Game: "seega"}, func(t *testing.T, m *Manager) {
			touchKey(t, m, "name-0")
			typeKeys(t, m, "amira")
		}},
		{"keyboard-portrait", 390, 844, Config{Game: "sig-wa-duqqan"}, func(t *testing.T, m *Manager) {
			touchKey(t, m, "name-1")
			typeKeys(t, m, "zo")
		}},
		{"keyboard-portrait-fr", 390, 844, Config{Game: "seega", Lang: "fr"}, func(t *testing.T, m *Manager) {
			touchKey(t, m, "name-1")
			typeKeys(t, m, "zo")
			touchKey(t, m, keyNext)
			typeKeys(t, m, "é")
		}},
		{"keyboard-portrait-ar", 390, 844, Config{Game: "sadeqa", Lang: "ar"}, func(t *testing.T, m *Manager) {
			touchKey(t, m, "name-1")
			typeKeys(t, m, "فاطمة")
		}},
	}
}

// driver shows one shot after another and captures each.
type driver struct {
	t     *testing.T
	dir   string
	shots []shot
	i     int
	m     *Manager
	frame int
	err   error
}

func (d *driver) start() {
	s := d.shots[d.i]
	ebiten.SetWindowSize(s.w, s.h)
	cfg := s.cfg
	cfg.Seed = 7
	m, err := newManager(cfg, &memStore{})
	if err != nil {
		d.err = err
		return
	}
	m.scaleFn = func() float64 { return ebiten.Monitor().DeviceScaleFactor() }
	m.LayoutF(float64(s.w), float64(s.h))
	if s.go_ != nil {
		s.go_(d.t, m)
	}
	m.fade, m.prev = 0, nil
	d.m, d.frame = m, 0
}

func (d *driver) Update() error {
	if d.err != nil {
		return d.err
	}
	if d.m == nil {
		d.start()
	}
	return nil
}

func (d *driver) Draw(screen *ebiten.Image) {
	if d.m == nil {
		return
	}
	d.m.Draw(screen)
	d.frame++
	s := d.shots[d.i]
	b := screen.Bounds()
	// Wait for the window to take the shot's size before capturing.
	if d.frame < 3 || b.Dx() != int(float64(s.w)*d.m.mt.Scale) {
		return
	}
	path := filepath.Join(d.dir, s.name+".png")
	if err := writePNG(screen, path); err != nil {
		d.err = err
		return
	}
	fmt.Println("wrote", path)
	d.i++
	d.m = nil
	if d.i == len(d.shots) {
		d.err = ebiten.Termination
	}
}

func (d *driver) Layout(w, h int) (int, int) { panic("LayoutF is used") }

func (d *driver) LayoutF(w, h float64) (float64, float64) {
	if d.m == nil {
		return w, h
	}
	return d.m.LayoutF(w, h)
}

func TestScreens(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	all := shots()
	if only := os.Getenv("SIG_SHOT"); only != "" {
		// One name, or several separated by commas.
		var keep []shot
		for _, s := range all {
			for _, name := range strings.Split(only, ",") {
				if s.name == name {
					keep = append(keep, s)
				}
			}
		}
		if len(keep) == 0 {
			var names []string
			for _, s := range all {
				names = append(names, s.name)
			}
			t.Fatalf("SIG_SHOT=%q names no shot; the shots are: %s", only, strings.Join(names, " "))
		}
		all = keep
	}
	runShots(t, dir, all)
}

// runShots opens the window and takes every shot in all, one after the other, into dir.
func runShots(t *testing.T, dir string, all []shot) {
	ebiten.SetWindowTitle("Sig screens")
	ebiten.SetScreenClearedEveryFrame(false) // as New does: the manager skips unchanged frames
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	d := &driver{t: t, dir: dir, shots: all}
	if err := ebiten.RunGame(d); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}

// onlyShots keeps the shots SIG_SHOT names (names or name prefixes, separated by commas), or
// all of them when it is unset.
func onlyShots(all []shot) []shot {
	only := os.Getenv("SIG_SHOT")
	if only == "" {
		return all
	}
	var keep []shot
	for _, s := range all {
		for _, name := range strings.Split(only, ",") {
			if strings.HasPrefix(s.name, name) {
				keep = append(keep, s)
				break
			}
		}
	}
	return keep
}
