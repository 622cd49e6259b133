package scenes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/games"
)

// A game record is the protocol's RECORD (docs/engine-protocol.md): the game, the number
// of players, the seed and the moves as played, and, optionally, the players' names
// (rules.Record.Names), which the replay says instead of "Player 1"…. The app exports it as a
// small JSON file and
// imports any RECORD, from this app on another platform or from sigengine, after replaying it
// whole through the rules: a record that does not replay is refused with the reason and
// changes nothing.

// errRecord is what is wrong with an imported record; the wrapped error says the details.
var errRecord = errors.New("not a game record")

// errNothingDropped: a drop onto the window held no file that could be read (a folder, say).
var errNothingDropped = errors.New("nothing readable was dropped")

// encodeRecord is r as exported: indented, so that a person can read the moves.
func encodeRecord(r rules.Record) []byte {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		panic("scenes: a record does not marshal: " + err.Error()) // only plain fields: a defect
	}
	return append(b, '\n')
}

// parseRecord reads a RECORD, or the engine's answer that carries one ({"ok": true, "record":
// RECORD}), and replays it; names are the players' names the record keeps (none in a record
// without them). Anything else (not JSON, cut short, unknown fields, another version or game,
// a move the rules refuse, names that are not one per player) is an error saying what.
func parseRecord(b []byte) (*rules.Info, *rules.Match, []string, error) {
	if len(b) > maxSaveSize {
		return nil, nil, nil, fmt.Errorf("%w: %d bytes is too large", errRecord, len(b))
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // a byte-order mark from a text editor
	var probe map[string]json.RawMessage
	if json.Unmarshal(b, &probe) == nil {
		if inner, ok := probe["record"]; ok {
			if _, top := probe["moves"]; !top {
				b = inner // the engine's answer: the record inside it
			}
		}
	}
	var r rules.Record
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&r); err != nil {
		return nil, nil, nil, fmt.Errorf("%w: %v", errRecord, err)
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, nil, nil, fmt.Errorf("%w: something follows the record", errRecord)
	}
	g, ok := games.Lookup(r.Game)
	if !ok {
		return nil, nil, nil, fmt.Errorf("%w: unknown game %q", errRecord, r.Game)
	}
	m, err := rules.Replay(g, r)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%w: %v", errRecord, err)
	}
	return g, m, r.Names, nil
}

// recordName is the file name an exported record gets: the game and the time, so that a
// folder of them sorts by game and then by date.
func recordName(game string, t time.Time) string {
	return fmt.Sprintf("%s-%s.json", game, t.Format("2006-01-02-150405"))
}

// isRecordName reports whether a file name looks like a record (a .json file).
func isRecordName(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".json") && !strings.HasPrefix(name, ".")
}

// incoming is a record on its way in: the bytes of a dropped, chosen or pasted file, or why
// they could not be read.
type incoming struct {
	data []byte
	err  error
}

// inbox holds what arrived from outside the game loop (a goroutine reading a dropped file, the
// browser's callbacks) until the next Update takes it.
var inbox struct {
	mu     sync.Mutex
	items  []incoming
	notice string
}

// deliver puts a record (or the reason there is none) in the inbox.
func deliver(b []byte, err error) {
	inbox.mu.Lock()
	defer inbox.mu.Unlock()
	inbox.items = append(inbox.items, incoming{b, err})
}

// lateNotice replaces the notice on screen once the next Update runs (a clipboard write that
// finished after the export's own notice was shown).
func lateNotice(s string) {
	inbox.mu.Lock()
	defer inbox.mu.Unlock()
	inbox.notice = s
}

// takeNotice is the late notice, if one came, once.
func takeNotice() string {
	inbox.mu.Lock()
	defer inbox.mu.Unlock()
	n := inbox.notice
	inbox.notice = ""
	return n
}

func takeIncoming() (incoming, bool) {
	inbox.mu.Lock()
	defer inbox.mu.Unlock()
	if len(inbox.items) == 0 {
		return incoming{}, false
	}
	it := inbox.items[0]
	inbox.items = inbox.items[1:]
	return it, true
}

// readDropped reads the first file dropped on the window into the inbox. It runs on its own
// goroutine: in a browser, reading a dropped file waits for the page.
func readDropped(files fs.FS) {
	var name string
	_ = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && name == "" {
			name = p
			return fs.SkipAll
		}
		return nil
	})
	if name == "" {
		deliver(nil, errNothingDropped)
		return
	}
	f, err := files.Open(name)
	if err != nil {
		deliver(nil, err)
		return
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSaveSize+1))
	deliver(b, err)
}

// takeRecords is the manager's look at records arriving from outside, once a tick: a file
// dropped on the window (desktop and browser alike) starts being read; a record that has come
// opens in the replay viewer, and one that cannot be read is said on the records scene.
func (m *Manager) takeRecords() {
	if m.live {
		if files := ebiten.DroppedFiles(); files != nil {
			go readDropped(files)
		}
	}
	if n := takeNotice(); n != "" {
		if ns, ok := m.cur.(interface{ setNotice(string) }); ok {
			ns.setNotice(n)
			m.redraw = true
		}
	}
	if it, ok := takeIncoming(); ok {
		m.openRecord(it.data, it.err)
	}
}

// openRecord shows a record in the replay viewer, or, when it cannot be read, says why on the
// records scene and changes nothing else (the saved game, the scene underneath).
func (m *Manager) openRecord(b []byte, err error) {
	m.redraw = true
	var g *rules.Info
	var match *rules.Match
	var names []string
	if err == nil {
		g, match, names, err = parseRecord(b)
	}
	back := m.cur
	if r, ok := back.(*replay); ok {
		back = r.back // one replay replaces another: back still leads where it led
	}
	if err != nil {
		rs, ok := m.cur.(*records)
		if !ok {
			rs = newRecords(m, back)
			m.Goto(rs)
		}
		key := "saves.records.bad"
		if errors.Is(err, errNothingDropped) {
			key = "saves.records.nothing"
		}
		rs.setNotice(failed(key, err))
		return
	}
	rp := newReplay(m, g, match, nil, back)
	rp.name(names)
	m.Goto(rp)
}
