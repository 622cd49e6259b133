package scenes

import (
	"time"

	"sig/scenes/ui"
)

// HookView is what the test hooks show of the app (window.sig in the browser, the SIG_HOOK
// file on the desktop; hook_js.go, hook_desktop.go): the scene, the match in the engine
// protocol's STATE form, and where each hit area lies, so that end-to-end tests can act
// through real pointer and key events and check what the game did. Positions are in CSS
// pixels (device-independent points) from the canvas's top-left corner.
type HookView struct {
	Scene  string  `json:"scene"`
	Fading bool    `json:"fading"` // a transition between scenes is under way
	Width  float64 `json:"width"`  // the canvas in CSS pixels
	Height float64 `json:"height"`
	Scale  float64 `json:"scale"` // device pixels per CSS pixel
	Speed  string  `json:"speed"` // the animation speed setting

	// The match, on the play scene and the pause and results over it.
	Game     string   `json:"game,omitempty"`
	Seed     int64    `json:"seed,omitempty"`
	State    any      `json:"state,omitempty"` // rules.State.Wire(): the protocol's STATE
	Moves    []string `json:"moves,omitempty"` // the record's moves so far
	Legal    []string `json:"legal,omitempty"` // the decisions open to a person now
	Human    bool     `json:"human"`           // a person acts next
	Busy     bool     `json:"busy"`            // an animation plays
	Thinking bool     `json:"thinking"`        // a computer seat is searching

	// Lobby is an online match before its game begins, on the lobby scene.
	Lobby *HookLobby `json:"lobby,omitempty"`
	// Online is an online match being played (the play scene and the pause and results over it).
	Online *HookOnline `json:"online,omitempty"`
	// Entry is a screen with a text field (join, watch, the server's address): what it holds,
	// what it says under it ("" for nothing), and whether the server is being asked.
	Entry *HookEntry `json:"entry,omitempty"`

	Hits []HookHit `json:"hits"`
	Work HookWork  `json:"work"`
}

// HookLobby is the lobby as a test reads it: the match, this screen's seat (-1: none, or a
// spectator), the invitation shown (link and code), each seat's presence ("empty", "here"…),
// whether the game began, and the error shown ("" for none).
type HookLobby struct {
	Match string   `json:"match"`
	Seat  int      `json:"seat"`
	Game  string   `json:"game,omitempty"`
	Link  string   `json:"link,omitempty"`
	Code  string   `json:"code,omitempty"`
	Seats []string `json:"seats"`
	Begun bool     `json:"begun"`
	Error string   `json:"error,omitempty"`
}

// HookEntry is a text field's screen as a test reads it.
type HookEntry struct {
	Value   string `json:"value"`
	Error   string `json:"error,omitempty"`
	Waiting bool   `json:"waiting"`
}

// HookOnline is an online match in play as a test reads it: the connection's status
// ("connected", "reconnecting", "closed"), this screen's seat (-1 for a spectator), the round,
// each seat's presence, the server's moves not yet shown, the turn card's note, and on the
// results what the fairness check said ("ok", "failed"; "" before, or with no sticks).
type HookOnline struct {
	Status   string   `json:"status"`
	Seat     int      `json:"seat"`
	Round    int      `json:"round"`
	Presence []string `json:"presence"`
	Behind   int      `json:"behind"`
	Note     string   `json:"note,omitempty"`
	Fair     string   `json:"fair,omitempty"`
}

// HookHit is one hit area: its target ("button:throw", "cell:12", "hole:3"), bounds, a point
// inside it and whether a tap there reaches it.
type HookHit struct {
	ID        string  `json:"id"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	W         float64 `json:"w"`
	H         float64 `json:"h"`
	CX        float64 `json:"cx"`
	CY        float64 `json:"cy"`
	Reachable bool    `json:"reachable"`
}

// HookWork is the time the app itself spent in Update and Draw since it started (Draw only
// queues drawing commands: the graphics work after it is the renderer's), for telling our
// frame work from the browser's in BENCHMARKS.md.
type HookWork struct {
	Updates  int     `json:"updates"`
	UpdateMs float64 `json:"update_ms"`
	Draws    int     `json:"draws"`   // frames the Manager was asked for
	Painted  int     `json:"painted"` // frames it drew (an unchanged screen is not drawn again)
	DrawMs   float64 `json:"draw_ms"`
}

// frameWork accumulates HookWork.
type frameWork struct {
	updates, draws, painted int
	update, draw            time.Duration
}

// Hook is the app's HookView now.
func (m *Manager) Hook() HookView {
	v := HookView{Scene: m.cur.Name(), Fading: m.fade > 0, Speed: m.settings.Speed.String(), Scale: m.mt.Scale}
	if v.Scale <= 0 {
		v.Scale = 1
	}
	v.Width, v.Height = m.mt.W/v.Scale, m.mt.H/v.Scale
	var p *play
	switch s := m.cur.(type) {
	case *play:
		p = s
	case *pause:
		p = s.under
	case *results:
		p = s.under
	}
	if p != nil {
		st := p.d.State()
		v.Game, v.Seed, v.State = p.g.ID, p.d.Seed(), st.Wire()
		v.Moves = p.d.Match().Record().Moves
		v.Human, v.Busy, v.Thinking = p.human(), p.q.Busy() || p.dirty, p.d.Thinking()
		if n := p.net; n != nil {
			o := &HookOnline{Status: n.status.String(), Seat: n.tb.Mine(), Round: n.tb.Round(), Behind: n.tb.Behind(), Note: p.note, Presence: []string{}}
			for i := range p.players {
				o.Presence = append(o.Presence, n.state(i))
			}
			if r, ok := m.cur.(*results); ok && r.fair != "" {
				o.Fair = "ok"
				if r.unfair {
					o.Fair = "failed"
				}
			}
			v.Online = o
		}
		if v.Human {
			for _, mv := range p.legal {
				if !mv.IsThrow() {
					v.Legal = append(v.Legal, st.FormatMove(mv))
				}
			}
		}
	}
	if e, ok := m.cur.(*entry); ok {
		v.Entry = &HookEntry{Value: e.value, Error: e.err, Waiting: e.pending != nil}
	}
	if l, ok := m.cur.(*lobby); ok {
		h := &HookLobby{Match: l.match, Seat: l.seat, Link: l.link(), Code: l.shownCode(), Begun: l.begun, Error: l.err, Seats: []string{}}
		if l.g != nil {
			h.Game = l.g.ID
		}
		for i := range l.specs {
			st := l.states[i]
			if st == "" {
				st = "empty"
			}
			h.Seats = append(h.Seats, st)
		}
		v.Lobby = h
	}
	v.Hits = []HookHit{}
	m.cur.Hits().Each(func(t ui.Target, r ui.Rect, cx, cy float64, reachable bool) {
		s := v.Scale
		v.Hits = append(v.Hits, HookHit{ID: t.String(), X: r.X / s, Y: r.Y / s, W: r.W / s, H: r.H / s, CX: cx / s, CY: cy / s, Reachable: reachable})
	})
	w := m.work
	v.Work = HookWork{Updates: w.updates, UpdateMs: ms(w.update), Draws: w.draws, Painted: w.painted, DrawMs: ms(w.draw)}
	return v
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// track adds the time since t0 to *d and counts one more call; Update and Draw defer it.
func (w *frameWork) track(t0 time.Time, d *time.Duration, n *int) {
	*d += time.Since(t0)
	*n++
}
