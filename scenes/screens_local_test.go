//go:build screens

package scenes

// The screens a player meets on one device that ask before a game is lost and say what is
// true: the card before a game in progress ends (from the setup's Start and from Pause →
// Restart), Sadeqa's instruction on a phone and on a laptop, the emote picker of an online
// match, a record's replay after End, the results over the ended game, and the caption when
// your turn to throw comes. In English and Arabic, at 1280×800 and 390×844:
//
//	SIG_SHOTS=docs/screenshots/issue36-local go test -tags screens -run TestScreensLocal ./scenes

import (
	"fmt"
	"math"
	"os"
	"testing"

	"sig/rules"
	"sig/scenes/ui"
)

func localShots(url, records string) []shot {
	toTitle := func(t *testing.T, m *Manager) {
		step(m, ui.Intent{Kind: ui.Back})
		tap(t, m, "menu")
	}
	base := []shot{
		{"discard-new", 0, 0, Config{}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "seega", 3)
			toTitle(t, m)
			tap(t, m, "play")
			tap(t, m, "sadeqa")
			tap(t, m, "start")
			want(t, m, "discard")
		}},
		{"discard-restart", 0, 0, Config{}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "sig-el-oued", 3)
			step(m, ui.Intent{Kind: ui.Back})
			tap(t, m, "restart")
			want(t, m, "discard")
		}},
		{"sadeqa-instruction", 0, 0, Config{}, func(t *testing.T, m *Manager) {
			throughSetup(t, m, "sadeqa", 0)
		}},
		{"emote-picker", 0, 0, Config{}, func(t *testing.T, m *Manager) {
			_, o := onlineShotOf(t, m, url, nil, "seega")
			runOnline(t, m, o, func(p *play) bool { return p.d.Match().Moves() >= 4 && p.human() && !p.Busy() })
			tap(t, m, "emote")
		}},
		{"replay-end", 0, 0, Config{}, func(t *testing.T, m *Manager) {
			recordsHome = records
			throughSetup(t, m, "sig-el-oued", 6)
			step(m, ui.Intent{Kind: ui.Back})
			tap(t, m, "export")
			tap(t, m, "menu")
			tap(t, m, "records")
			tap(t, m, "file-0")
			rp := m.Current().(*replay)
			for range 3 {
				tap(t, m, "next")
				for i := 0; i < 600 && rp.q.Busy(); i++ {
					step(m)
				}
			}
			step(m, ui.Intent{Kind: ui.Scroll, Scroll: math.Inf(1)})
			os.RemoveAll(records)
			os.MkdirAll(records, 0o755)
		}},
		{"results", 0, 0, Config{}, func(t *testing.T, m *Manager) {
			computersToResults(t, m)
			for range 30 {
				step(m)
			}
		}},
		{"your-throw", 0, 0, Config{}, func(t *testing.T, m *Manager) {
			p := throughSetup(t, m, "sig-el-oued", 3)
			for i := 0; i < 20000; i++ {
				st := p.d.State()
				if p.human() && !p.Busy() && !p.dirty && st.Phase() == rules.PhaseThrow && p.thrown != nil && p.thrown.Player != st.ToMove() {
					return
				}
				if p.human() && !p.Busy() && !p.dirty {
					act(t, m, p)
					continue
				}
				step(m)
			}
		}},
	}
	var all []shot
	for _, s := range base {
		for _, sz := range [][2]int{{1280, 800}, {390, 844}} {
			for _, l := range []string{"en", "ar"} {
				c := s
				c.name = fmt.Sprintf("%s-%dx%d-%s", s.name, sz[0], sz[1], l)
				c.w, c.h = sz[0], sz[1]
				c.cfg.Lang = l
				all = append(all, c)
			}
		}
	}
	return all
}

func TestScreensLocal(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defer func() { recordsHome = "" }()
	all := localShots(matchServer(t), t.TempDir())
	all = onlyShots(all)
	runShots(t, dir, all)
}
