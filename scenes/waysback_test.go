package scenes

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/ui"
)

// TestEverySceneHasAWayBack walks every scene a player can reach from the title, the way a
// player does: a finger's tap on each button on screen, Back, and playing a game to its end.
// Every scene Back reaches leaves on Back without a crash, every button's tap is taken without
// one, and from every scene the title can be reached again.
func TestEverySceneHasAWayBack(t *testing.T) {
	recordsHome = t.TempDir()
	defer func() { recordsHome = "" }()
	writeRecord(t, filepath.Join(recordsHome, "seega-walk.json"))
	w := &walker{server: startMatchServer(t), saved: walkSavedGame(t)}
	w.explore(t)

	// The scenes a player reaches: a change that drops one says so here.
	for _, s := range []string{"title", "title+continue", "picker", "setup", "setup+keyboard", "rules", "play", "pause",
		"settings", "server", "results", "replay", "records", "online", "online-picker", "online-setup", "quick-picker",
		"join", "join+keyboard", "watch", "watch+keyboard", "server+keyboard", "lobby-host", "lobby-quick"} {
		if _, ok := w.paths[s]; !ok {
			t.Errorf("the walk never reached %s", s)
		}
	}
	// From every scene there is a way back to the title: through the steps the walk saw.
	home := map[string]bool{"title": true, "title+continue": true}
	for changed := true; changed; {
		changed = false
		for _, e := range w.edges {
			if home[e.to] && !home[e.from] {
				home[e.from], changed = true, true
			}
		}
	}
	for s := range w.paths {
		if !home[s] {
			t.Errorf("no way back to the title from %s (reached by %v)", s, w.paths[s])
		}
	}
	t.Logf("%d scenes reached, %d steps taken between them: %v", len(w.paths), len(w.edges), slices.Sorted(maps.Keys(w.paths)))
}

// walkSavedGame is a store holding a game of Seega begun (a move played, then left through the
// pause menu), which the title offers to continue.
func walkSavedGame(t *testing.T) map[string][]byte {
	t.Helper()
	st := &memStore{m: map[string][]byte{}}
	m, err := newManager(Config{Seed: 1, Game: "seega", Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}}, st)
	if err != nil {
		t.Fatal(err)
	}
	m.LayoutF(1280, 800)
	p := m.Current().(*play)
	p.apply(p.legal[0], 0)
	settleWalk(m)
	step(m, ui.Intent{Kind: ui.Back})
	tap(t, m, "menu")
	want(t, m, "title")
	if m.Current().(*title).menu.Get("continue") == nil {
		t.Fatal("the title offers no game to continue after one was left")
	}
	return st.m
}

// writeRecord writes the record of a few moves of Seega at path, for the records scene to list.
func writeRecord(t *testing.T, path string) {
	t.Helper()
	g, _ := games.Lookup("seega")
	d, err := match.New(g, []match.Seat{match.Person{}, match.Person{}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for range 6 {
		if _, err := d.Play(d.State().Legal(nil)[0], 0); err != nil {
			t.Fatal(err)
		}
	}
	b, err := json.Marshal(d.Match().Record())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A step is what a player does: a tap on a button, Back, or (in a game) playing it to its end.
type walkStep struct {
	tap    string // a button's ID
	back   bool
	finish bool
}

func (s walkStep) String() string {
	switch {
	case s.back:
		return "Back"
	case s.tap == "back":
		return "the back arrow"
	case s.finish:
		return "play to the end"
	}
	return s.tap
}

type walkEdge struct {
	from, to string
	by       walkStep
}

// walker explores the scenes breadth first. Each step is taken from a new manager led there
// along the shortest way found (scenes keep no history a test could rewind).
type walker struct {
	server string
	saved  map[string][]byte // the settings and saved game the title offers to continue
	paths  map[string]walkWay
	edges  []walkEdge
}

// walkWay is the shortest way found to a scene: from the title of a first start, or of a start
// with a game saved, and the steps from there.
type walkWay struct {
	saved bool
	steps []walkStep
}

func (w walkWay) String() string {
	if w.saved {
		return fmt.Sprintf("%v from the title with a game saved", w.steps)
	}
	return fmt.Sprint(w.steps)
}

// walkSkips are the buttons the walk does not tap, each family by the start of its IDs.
var walkSkips = []struct{ prefix, why string }{
	{"quit", "leaves the program: nothing to come back from"},
	{"key:", "types a letter: the field's scene stays"},
	{"move-", "a move in the game: the walk plays games to their end instead"},
	{"throw", "a throw in the game: the walk plays games to their end instead"},
	{"undo", "takes a move back: the game's scene stays"},
	{"hints", "shows the hints: the game's scene stays"},
	{"emote", "a greeting to the other players online: the game's scene stays"},
}

// walkKey names the scene on screen as the walk tells scenes apart: by name, and by what the
// same scene is for where it leads elsewhere (a game picked or set up to play online, a lobby
// of its kind), and with an on-screen keyboard up.
func walkKey(m *Manager) string {
	key := m.Current().Name()
	switch s := m.Current().(type) {
	case *title:
		if s.menu.Get("continue") != nil {
			key += "+continue" // a game saved to go on with
		}
	case *gamePicker:
		switch s.mode {
		case pickOnline:
			key = "online-" + key
		case pickQuick:
			key = "quick-" + key
		}
	case *setup:
		if s.online {
			key = "online-" + key
		}
		if s.kb != nil {
			key += "+keyboard"
		}
	case *entry:
		if s.kb != nil {
			key += "+keyboard"
		}
	case *lobby:
		key += "-" + [...]string{lobbyHost: "host", lobbyGuest: "guest", lobbyWatch: "watch", lobbyQuick: "quick"}[s.mode]
	}
	return key
}

// explore walks from the title until every scene reached has had each of its buttons tapped,
// Back pressed and, in a game, the game played to its end.
func (w *walker) explore(t *testing.T) {
	w.paths = map[string]walkWay{"title": {}, "title+continue": {saved: true}}
	queue := []string{"title", "title+continue"}
	for len(queue) > 0 {
		from := queue[0]
		queue = queue[1:]
		path := w.paths[from]
		m, err := w.replay(path)
		if err != nil {
			t.Errorf("the way to %s, %v: %v", from, path, err)
			continue
		}
		var steps []walkStep
		if !strings.HasPrefix(from, "title") {
			steps = append(steps, walkStep{back: true})
		}
		if from == "play" {
			steps = append(steps, walkStep{finish: true})
		}
		for _, id := range tappable(m) {
			steps = append(steps, walkStep{tap: id})
		}
		release(m)
		for _, s := range steps {
			way := walkWay{path.saved, append(slices.Clone(path.steps), s)}
			m, err := w.replay(way)
			if err != nil {
				t.Errorf("from %s (reached by %v), %s: %v", from, path, s, err)
				continue
			}
			to := walkKey(m)
			release(m)
			if (s.back || s.tap == "back") && to == from {
				t.Errorf("%s (reached by %v): %s stays there", from, path, s)
			}
			if to == from {
				continue
			}
			w.edges = append(w.edges, walkEdge{from, to, s})
			if _, seen := w.paths[to]; !seen {
				w.paths[to] = way
				queue = append(queue, to)
			}
		}
	}
}

// tappable lists the buttons on m's screen a tap reaches, one of each numbered family
// ("name-0" for every seat's name) and none of walkSkips.
func tappable(m *Manager) []string {
	var ids []string
	families := map[string]bool{}
	m.Current().Hits().Each(func(tg ui.Target, _ ui.Rect, _, _ float64, reachable bool) {
		if tg.Kind != "button" || !reachable {
			return
		}
		for _, s := range walkSkips {
			if strings.HasPrefix(tg.ID, s.prefix) {
				return
			}
		}
		family := strings.TrimRight(tg.ID, "0123456789")
		if families[family] {
			return
		}
		families[family] = true
		ids = append(ids, tg.ID)
	})
	return ids
}

// replay takes the steps from the title on a new manager (its settings in memory, the match
// server the test's) and returns it, or what went wrong: a step that could not be taken, or a
// crash, with the step it came at.
func (w *walker) replay(way walkWay) (m *Manager, err error) {
	st := &memStore{m: map[string][]byte{}}
	if way.saved {
		maps.Copy(st.m, w.saved)
	}
	m, err = newManager(Config{Seed: 1, Server: w.server}, st)
	if err != nil {
		return nil, err
	}
	m.LayoutF(1280, 800)
	at := "the title"
	defer func() {
		if p := recover(); p != nil {
			release(m)
			m, err = nil, fmt.Errorf("crashed at %s: %v", at, p)
		}
	}()
	settleWalk(m)
	for i, s := range way.steps {
		at = fmt.Sprintf("step %d (%s) in %s", i+1, s, m.Current().Name())
		switch {
		case s.back:
			step(m, ui.Intent{Kind: ui.Back})
		case s.finish:
			if err := finishGame(m); err != nil {
				release(m)
				return nil, err
			}
		default:
			x, y, ok := m.Current().Hits().Find(ui.Target{Kind: "button", ID: s.tap})
			if !ok {
				release(m)
				return nil, fmt.Errorf("%s: no button %q to tap", at, s.tap)
			}
			step(m, ui.Intent{Kind: ui.Tap, X: x, Y: y, Touch: true})
		}
		settleWalk(m)
	}
	return m, nil
}

// settleWalk lets a scene change's fade end and, in a lobby, the match server answer.
func settleWalk(m *Manager) {
	for range 20 {
		step(m)
	}
	if l, ok := m.Current().(*lobby); ok {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if l.match != "" || l.err != "" || l.queued || m.Current() != Scene(l) {
				return
			}
			step(m)
		}
	}
}

// finishGame plays the game on screen to its results at once: the person to move throws or
// takes the first move, the computers decide as they do.
func finishGame(m *Manager) error {
	p, ok := m.Current().(*play)
	if !ok {
		return fmt.Errorf("no game to play: the scene is %s", m.Current().Name())
	}
	m.settings.Speed = Instant
	for range 200_000 {
		if m.Current() != Scene(p) {
			return nil
		}
		if p.human() && !p.Busy() && p.State().Phase() != rules.PhaseOver {
			if b := p.menu.Get("throw"); b != nil && !b.Hidden {
				x, y, _ := p.Hits().Find(ui.Target{Kind: "button", ID: "throw"})
				step(m, ui.Intent{Kind: ui.Tap, X: x, Y: y})
				continue
			}
			p.apply(p.legal[0], 0)
		}
		step(m)
	}
	return fmt.Errorf("%s: no result after 200,000 ticks", p.g.ID)
}

// release ends what a walked manager holds open: a lobby's session with the match server.
func release(m *Manager) {
	if l, ok := m.Current().(*lobby); ok {
		l.sess.Close()
	}
}
