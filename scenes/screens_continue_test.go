//go:build screens

package scenes

// A game started as a player starts it (title → Play → the game's card → Start), left by
// Pause → Menu and continued; the setup's picture for 2 and 8 players; the play toolbar.
// Captured as TestScreens does (same driver):
//
//	SIG_SHOTS=/tmp/shots go test -tags screens -run TestScreensContinue ./scenes

import (
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/ui"
)

// throughSetup starts game id from the title as a player does, and lets the person take turns
// turns (the throw, or the first move), the computer answering, at normal speed; it ends at
// rest on the person's turn.
func throughSetup(t *testing.T, m *Manager, id string, turns int) *play {
	tap(t, m, "play")
	tap(t, m, id)
	tap(t, m, "start")
	p := m.Current().(*play)
	for taken, i := 0, 0; i < 20000; i++ {
		if p.human() && !p.Busy() && !p.dirty {
			if taken == turns {
				break
			}
			if b := p.menu.Get("throw"); b != nil && !b.Hidden {
				tap(t, m, "throw")
			} else if b := p.menu.Get("move-0"); b != nil && !b.Hidden {
				tap(t, m, "move-0")
			} else {
				p.apply(p.legal[0], 0)
			}
			taken++
			continue
		}
		step(m)
	}
	return p
}

func continueShots() []shot {
	toTitle := func(t *testing.T, m *Manager) {
		step(m, ui.Intent{Kind: ui.Back})
		tap(t, m, "menu")
	}
	return []shot{
		{"continue-1-play", 1280, 800, Config{}, func(t *testing.T, m *Manager) { throughSetup(t, m, "sig-wa-duqqan", 5) }},
		{"continue-2-title", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "sig-wa-duqqan", 5)
			toTitle(t, m)
		}},
		{"continue-3-continued", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "sig-wa-duqqan", 5)
			toTitle(t, m)
			if m.Current().(*title).menu.Get("continue") != nil {
				tap(t, m, "continue")
			}
		}},
		{"continue-seega-title", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "seega", 2)
			toTitle(t, m)
		}},
		{"undo-1-before", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "sig-el-oued", 4)
		}},
		{"undo-2-after", 1280, 800, Config{}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "sig-el-oued", 4)
			step(m, ui.Intent{Kind: ui.Key, Rune: 'u'})
		}},
		{"setup-duqqan-2", 1280, 800, Config{Game: "sig-wa-duqqan", Players: 2}, nil},
		{"setup-duqqan-8", 1280, 800, Config{Game: "sig-wa-duqqan", Players: 8}, nil},
		{"setup-essig-3", 1280, 800, Config{Game: "es-sig", Players: 3}, nil},
		{"toolbar-portrait", 390, 844, Config{}, func(t *testing.T, m *Manager) { throughSetup(t, m, "sig-wa-duqqan", 1) }},
		{"toolbar-hints-fr", 1280, 800, Config{Lang: "fr"}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "seega", 0)
			step(m, ui.Intent{Kind: ui.Key, Rune: 'h'})
		}},
	}
}

func TestScreensContinue(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ebiten.SetWindowTitle("Sig screens")
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	all := continueShots()
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
