//go:build screens

package scenes

// Screenshots of an online match, against a real match server on 127.0.0.1:
//
//	SIG_SHOTS=/tmp/shots go test -tags screens -run TestNetplayScreens ./scenes
//
// (run alone: Ebitengine runs one game a process).

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/online"
	"sig/rules"
	"sig/wire"
)

// cutter is a network that can be cut: every connection closed and new ones refused.
type cutter struct {
	mu    sync.Mutex
	down  bool
	conns []online.Conn
}

func (c *cutter) dial(ctx context.Context, url string) (online.Conn, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.down {
		return nil, context.DeadlineExceeded
	}
	conn, err := online.Dial(ctx, url)
	if err == nil {
		c.conns = append(c.conns, conn)
	}
	return conn, err
}

func (c *cutter) cut() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = true
	for _, conn := range c.conns {
		conn.Close()
	}
	c.conns = nil
}

// opponent is the other player, at a screen of its own (a Table, as the app's), playing the
// first legal move on its turn.
type opponent struct {
	tb *online.Table
}

func (o *opponent) frame() {
	o.tb.Pump()
	for {
		if _, ok, err := o.tb.Next(); err != nil || !ok {
			break
		}
	}
	if !o.tb.Ready() {
		return
	}
	st := o.tb.Driver().State()
	if st.Phase() == rules.PhaseThrow {
		o.tb.Throw()
		return
	}
	o.tb.Play(st.Legal(nil)[0])
}

// onlineShot opens an Es-Sîg match on url between this screen's manager (seat 0) and an
// opponent (seat 1), and shows it in the play scene.
func onlineShot(t *testing.T, m *Manager, url string, dial online.Dialer) (*play, *opponent) {
	return onlineShotOf(t, m, url, dial, "es-sig")
}

// onlineShotOf is onlineShot with a match of game.
func onlineShotOf(t *testing.T, m *Manager, url string, dial online.Dialer, game string) (*play, *opponent) {
	me := online.New(online.Config{URL: url, Dial: dial, Backoff: time.Hour})
	them := online.New(online.Config{URL: url})
	me.Create(game, []wire.SeatSpec{{Kind: wire.Person}, {Kind: wire.Person}})
	waitFor(t, "the invite", func() bool { me.Poll(); return len(me.Invites()) > 0 })
	iv := me.Invites()[0]
	them.Join(me.Ticket().Match, iv.Seat, iv.Secret)
	waitFor(t, "the seat", func() bool { them.Poll(); return them.Seat() == 1 })
	me.Start()
	waitFor(t, "the start", func() bool {
		for _, ev := range me.Events() {
			if ev.Kind == wire.EvStart {
				return true
			}
		}
		return false
	})
	m.Goto(newOnplay(m, me))
	return m.Current().(*play), &opponent{tb: online.NewTable(them)}
}

func newOnplay(m *Manager, s *online.Session) Scene { return newOnlinePlay(m, s) }

// run steps the screen and the opponent, the screen's person taking the first thing offered,
// until cond holds (or 20 s pass).
func runOnline(t *testing.T, m *Manager, o *opponent, cond func(p *play) bool) {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		p, ok := m.Current().(*play)
		if ok && cond(p) {
			return
		}
		if !ok {
			if r, isRes := m.Current().(*results); isRes && cond(r.under) {
				return
			}
		}
		o.frame()
		if ok && p.human() && !p.Busy() {
			act(t, m, p)
		} else {
			step(m)
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("the online shot's moment did not come")
}

func TestNetplayScreens(t *testing.T) {
	dir := os.Getenv("SIG_SHOTS")
	if dir == "" {
		t.Skip("SIG_SHOTS is not set")
	}
	os.MkdirAll(dir, 0o755)
	url := matchServer(t)
	var all []shot
	for _, l := range []string{"en", "fr", "ar"} {
		all = append(all,
			shot{"online-move-" + l, 1280, 800, Config{Lang: l}, func(t *testing.T, m *Manager) {
				p, o := onlineShot(t, m, url, nil)
				// A few turns, an emote from the opponent, then its throw caught in the air.
				runOnline(t, m, o, func(p *play) bool { return p.d.Match().Moves() >= 6 && p.d.State().ToMove() == 1 })
				o.tb.Session().Emote("well-played")
				runOnline(t, m, o, func(p *play) bool { return p.Busy() && p.acting == 1 && len(p.net.emotes) > 0 })
				for i := 0; i < 25 && p.Busy(); i++ {
					step(m)
				}
			}},
			shot{"online-reconnecting-" + l, 1280, 800, Config{Lang: l}, func(t *testing.T, m *Manager) {
				c := &cutter{}
				_, o := onlineShot(t, m, url, c.dial)
				runOnline(t, m, o, func(p *play) bool { return p.d.Match().Moves() >= 4 && p.human() })
				c.cut()
				runOnline(t, m, o, func(p *play) bool { return p.net.status == online.Reconnecting })
				step(m)
			}},
			shot{"online-results-" + l, 1280, 800, Config{Lang: l}, func(t *testing.T, m *Manager) {
				m.settings.Speed = Instant
				_, o := onlineShot(t, m, url, nil)
				deadline := time.Now().Add(60 * time.Second)
				for m.Current().Name() != "results" && time.Now().Before(deadline) {
					o.frame()
					if p, ok := m.Current().(*play); ok && p.human() && !p.Busy() {
						act(t, m, p)
					} else {
						step(m)
					}
				}
				want(t, m, "results")
			}},
		)
	}
	if only := os.Getenv("SIG_SHOT"); only != "" {
		var keep []shot
		for _, s := range all {
			if strings.Contains(","+only+",", ","+s.name+",") {
				keep = append(keep, s)
			}
		}
		all = keep
	}
	ebiten.SetWindowTitle("Sig online screens")
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	d := &driver{t: t, dir: dir, shots: all}
	if err := ebiten.RunGame(d); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}
