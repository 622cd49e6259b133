package scenes

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/ui"
)

// A record exported from the pause menu is a file in the records folder, named on screen with
// its full path; the title's records scene lists it, and it opens in the replay viewer at the
// very position it was exported from.
func TestExportThenImportFromTheFolder(t *testing.T) {
	recordsHome = t.TempDir()
	defer func() { recordsHome = "" }()
	m := newTest(t, Config{Game: "sadeqa", Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}})
	p := m.Current().(*play)
	playRandom(t, p, rand.New(rand.NewPCG(4, 4)), 14)
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "pause")
	tap(t, m, "export")
	notice := m.Current().(*pause).notice
	files, _ := filepath.Glob(filepath.Join(recordsHome, "sadeqa-*.json"))
	if len(files) != 1 || !strings.Contains(notice, files[0]) {
		t.Fatalf("notice %q, files %v: want one file, its full path on screen", notice, files)
	}
	b, _ := os.ReadFile(files[0])
	var r rules.Record
	if err := json.Unmarshal(b, &r); err != nil || r.Game != "sadeqa" || r.Version != rules.RecordVersion || len(r.Moves) != p.d.Match().Moves() {
		t.Fatalf("the file is not the game's RECORD (%v): %s", err, b)
	}
	// A second export in the same second keeps both.
	tap(t, m, "export")
	if files, _ := filepath.Glob(filepath.Join(recordsHome, "*.json")); len(files) != 2 {
		t.Fatalf("two exports left %v", files)
	}

	tap(t, m, "menu")
	want(t, m, "title")
	tap(t, m, "records")
	want(t, m, "records")
	rs := m.Current().(*records)
	if len(rs.files) != 2 || !strings.Contains(strings.Join(rs.lines, " "), "Records folder") {
		t.Fatalf("records scene lists %v with %q", rs.files, rs.lines)
	}
	tap(t, m, "file-1")
	want(t, m, "replay")
	rp := m.Current().(*replay)
	if rp.Len() != p.d.Match().Moves() || rp.Position() != 0 {
		t.Fatalf("replay of %d moves at %d, want %d at 0", rp.Len(), rp.Position(), p.d.Match().Moves())
	}
	step(m, ui.Intent{Kind: ui.Scroll, Scroll: math.Inf(1)}) // End
	if !rp.State().Equal(p.State()) {
		t.Fatalf("the replay ends at\n%v\nthe game was at\n%v", rp.State(), p.State())
	}
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "records")
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "title")
}

// The replay viewer from the results: every position it shows is the game's own after that
// many moves; keys, buttons and the scrubber move through it; Back returns to the results.
func TestReplayViewer(t *testing.T) {
	m := newTest(t, Config{Game: "sig-el-oued", Seed: 6, Seats: []Seat{{Who: match.Person{}, Name: "Amira"}, {Who: match.Computer{Level: ai.Easy}}}})
	m.settings.Speed = Instant
	p := playToEnd(t, m, 200_000)
	m.settings.Speed = Normal
	tap(t, m, "replay")
	want(t, m, "replay")
	rp := m.Current().(*replay)
	n := p.d.Match().Moves()
	if rp.Len() != n {
		t.Fatalf("replay has %d moves, want %d", rp.Len(), n)
	}
	if rp.players[0].Name != "Amira" {
		t.Errorf("replay players %+v: want the game's", rp.players)
	}
	atPosition := func(k int) {
		t.Helper()
		if rp.Position() != k {
			t.Fatalf("at move %d, want %d", rp.Position(), k)
		}
		pre, _ := p.d.Match().Prefix(k)
		if !rp.State().Equal(pre.State) {
			t.Fatalf("position %d shows\n%v\nwant\n%v", k, rp.State(), pre.State)
		}
	}
	atPosition(0)
	step(m, ui.Intent{Kind: ui.Move, DX: 1})
	atPosition(1)
	if !rp.q.Busy() && !rp.Animating() {
		t.Errorf("a step forward is not animated")
	}
	tap(t, m, "next")
	tap(t, m, "next")
	atPosition(3)
	step(m, ui.Intent{Kind: ui.Move, DX: -1})
	atPosition(2)
	step(m, ui.Intent{Kind: ui.Scroll, Scroll: 400, DY: 1}) // Page Down
	atPosition(12)
	step(m, ui.Intent{Kind: ui.Scroll, Scroll: math.Inf(1)})
	atPosition(n)
	if rp.menu.Get("next").Disabled != true || rp.menu.Get("last").Disabled != true {
		t.Errorf("forward is offered at the end")
	}
	tap(t, m, "first")
	atPosition(0)
	// The scrubber: a tap at three quarters jumps there.
	x, y, _ := rp.Hits().Find(ui.Target{Kind: "scrub"})
	r := rp.track()
	step(m, ui.Intent{Kind: ui.Tap, X: r.X + r.W*0.75, Y: y})
	atPosition(int(math.Round(0.75 * float64(n))))
	_ = x
	// Play: the moves go by on their own, faster at a higher speed, until paused.
	tap(t, m, "first")
	step(m, ui.Intent{Kind: ui.Activate, Rune: ' '})
	if !rp.playing {
		t.Fatalf("space did not start playing")
	}
	for i := 0; i < 600; i++ {
		step(m)
	}
	slow := rp.Position()
	if slow == 0 {
		t.Fatalf("ten seconds of playing showed no move")
	}
	tap(t, m, "play") // pause
	if rp.playing {
		t.Fatalf("pause did not stop")
	}
	for i := 0; i < 120; i++ {
		step(m)
	}
	atPosition(slow)
	tap(t, m, "first")
	step(m, ui.Intent{Kind: ui.Key, Rune: '+'}, ui.Intent{Kind: ui.Key, Rune: '+'})
	step(m, ui.Intent{Kind: ui.Activate, Rune: ' '})
	for i := 0; i < 600; i++ {
		step(m)
	}
	if fast := rp.Position(); fast <= slow && fast < n {
		t.Errorf("at ×4, ten seconds showed %d moves; at ×1, %d", fast, slow)
	}
	step(m, ui.Intent{Kind: ui.Back})
	want(t, m, "results")
}

// A record that arrives (dropped, chosen, pasted) opens in the viewer; the engine's answer
// with a record in it is taken too.
func TestIncomingRecords(t *testing.T) {
	g, _ := games.Lookup("seega")
	match, _ := rules.NewMatch(g, 2, 9)
	rng := rand.New(rand.NewPCG(9, 9))
	var legal []rules.Move
	for i := 0; i < 20; i++ {
		legal = match.State.Legal(legal)
		match.PlayMove(legal[rng.IntN(len(legal))], nil)
	}
	rec := encodeRecord(match.Record())
	answer, _ := json.Marshal(map[string]any{"ok": true, "record": match.Record()})
	for name, b := range map[string][]byte{"record": rec, "engine answer": answer, "with BOM": append([]byte("\xef\xbb\xbf"), rec...)} {
		m := newTest(t, Config{})
		deliver(b, nil)
		step(m)
		want(t, m, "replay")
		rp := m.Current().(*replay)
		step(m, ui.Intent{Kind: ui.Scroll, Scroll: math.Inf(1)})
		if !rp.State().Equal(match.State) {
			t.Errorf("%s: the imported record ends elsewhere", name)
		}
		step(m, ui.Intent{Kind: ui.Back})
		want(t, m, "title")
	}
}

// badRecords are inputs the import must refuse.
func badRecords() map[string][]byte {
	return map[string][]byte{
		"empty":        nil,
		"text":         []byte("hello"),
		"truncated":    []byte(`{"game":"seega","players":2,"seed":1,"mov`),
		"wrong game":   []byte(`{"game":"chess","players":2,"seed":1,"moves":[],"version":1}`),
		"version 2":    []byte(`{"game":"seega","players":2,"seed":1,"moves":[],"version":2}`),
		"players":      []byte(`{"game":"seega","players":7,"seed":1,"moves":[],"version":1}`),
		"illegal":      []byte(`{"game":"seega","players":2,"seed":1,"moves":["z9"],"version":1}`),
		"bare throw":   []byte(`{"game":"sadeqa","players":2,"seed":1,"moves":["throw"],"version":1}`),
		"extra field":  []byte(`{"game":"seega","players":2,"seed":1,"moves":[],"version":1,"x":1}`),
		"two records":  []byte(`{"game":"seega","players":2,"seed":1,"moves":[],"version":1}{}`),
		"a saved game": []byte(`{"format":"sig-save","version":1}`),
	}
}

// A bad record gets a clear message and changes nothing: the saved game stays as it was.
func TestBadRecordChangesNothing(t *testing.T) {
	save := goodSave(t)
	for name, b := range badRecords() {
		st := &memStore{}
		st.save(autosaveEntry, save)
		m := newTestStore(t, st)
		deliver(b, nil)
		step(m)
		want(t, m, "records")
		if n := m.Current().(*records).notice; !strings.Contains(n, "cannot be read") {
			t.Errorf("%s: notice %q", name, n)
		}
		if got, _ := st.load(autosaveEntry); !bytes.Equal(got, save) {
			t.Errorf("%s: a refused record changed the saved game", name)
		}
		// A second bad one says so on the same scene.
		deliver(nil, os.ErrPermission)
		step(m)
		want(t, m, "records")
		step(m, ui.Intent{Kind: ui.Back})
		want(t, m, "title")
		if m.Current().(*title).menu.Get("continue") == nil {
			t.Errorf("%s: continue is gone after a refused record", name)
		}
	}
}

// FuzzImportRecord: no input crashes the import; one it accepts exports and imports again to
// the same game; none touches the saved game.
func FuzzImportRecord(f *testing.F) {
	for _, b := range badRecords() {
		f.Add(b)
	}
	g, _ := games.Lookup("sig-wa-duqqan")
	match, _ := rules.NewMatch(g, 3, 2)
	for i := 0; i < 30 && match.State.Phase() != rules.PhaseOver; i++ {
		if _, err := match.Play("throw"); err != nil {
			f.Fatal(err)
		}
	}
	f.Add(encodeRecord(match.Record()))
	f.Add([]byte(`{"game":"sadeqa","players":2,"seed":3,"moves":["throw 2","4"],"version":1}`))
	save := goodSave(f)
	st := &memStore{}
	m, err := newManager(Config{Seed: 1}, st)
	if err != nil {
		f.Fatal(err)
	}
	m.LayoutF(1280, 800)
	home := m.cur
	f.Fuzz(func(t *testing.T, b []byte) {
		st.save(autosaveEntry, save)
		g, match, _, err := parseRecord(b)
		if err == nil {
			g2, match2, _, err := parseRecord(encodeRecord(match.Record()))
			if err != nil || g2 != g || !match2.State.Equal(match.State) {
				t.Fatalf("an imported record does not export and import again: %v", err)
			}
		}
		m.openRecord(b, nil)
		if got, _ := st.load(autosaveEntry); !bytes.Equal(got, save) {
			t.Fatalf("importing changed the saved game")
		}
		m.cur = home
	})
}
