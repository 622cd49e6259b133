package scenes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/sprites"
)

// A saved game is the unfinished match as versioned JSON: who sits where, the seed, and the
// match's RECORD (docs/engine-protocol.md). Loading replays the record through the rules,
// so the position, the generator that throws the sticks and the undo marks come back exactly
// as they were; nothing of the position itself is stored, so nothing in a save can contradict
// the rules.
//
//	{"format": "sig-save", "version": 1, "game": "seega",
//	 "players": [{"color": 0, "human": true}, {"name": "Amira", "color": 1, "level": "hard"}],
//	 "seed": 42, "thinks": 3, "record": RECORD}
//
// A name is stored only when the player typed it: the others are said in the language of the
// moment. Only a computer seat has a level. Saves written before these rules (every name
// stored, people given the level "medium" by the setup) still load: a stored name that is the
// seat's default name in one of the languages is taken as the default, and a person's level is
// ignored.

// saveFormat and saveVersion mark a file as this app's saved game, in the layout this build
// reads.
const (
	saveFormat  = "sig-save"
	saveVersion = 1
)

// autosaveEntry is the store entry of the unfinished game; a save that cannot be read is moved
// to autosaveEntry+".bad".
const autosaveEntry = "autosave"

// maxSaveSize bounds what is read as a save or a record: a real one is a few kilobytes.
const maxSaveSize = 4 << 20

// savedGame is a saved game as stored.
type savedGame struct {
	Format  string        `json:"format"`
	Version int           `json:"version"`
	Game    string        `json:"game"`
	Players []savedPlayer `json:"players"`
	Seed    int64         `json:"seed"`
	// Thinks is how many searches the computer seats have started: it seeds the next one, so a
	// continued game goes on exactly as it would have.
	Thinks int          `json:"thinks"`
	Record rules.Record `json:"record"`
}

// savedPlayer is a seat in a saved game.
type savedPlayer struct {
	Name  string `json:"name,omitempty"`
	Color int    `json:"color"`
	Human bool   `json:"human"`
	Level string `json:"level,omitempty"`
}

// errSave is what is wrong with a save, for the notice; the wrapped error says the details.
var errSave = errors.New("not a saved game of this app")

// saved is the play scene's match as a saved game.
func (s *play) saved() savedGame {
	sg := savedGame{Format: saveFormat, Version: saveVersion, Game: s.g.ID, Seed: s.d.Seed(), Thinks: s.d.Thinks(), Record: s.d.Match().Record()}
	for _, p := range s.players {
		sp := savedPlayer{Name: p.Name, Color: p.Color, Human: p.here()}
		if l, ok := p.level(); ok {
			sp.Level = l.String()
		}
		sg.Players = append(sg.Players, sp)
	}
	return sg
}

// encodeSave is sg as stored.
func encodeSave(sg savedGame) []byte {
	b, err := json.Marshal(sg)
	if err != nil {
		panic("scenes: a saved game does not marshal: " + err.Error()) // only plain fields: a defect
	}
	return b
}

// decodeSave reads a saved game and replays its record. Anything wrong (not JSON, cut short,
// another format or version, an unknown game, seats that do not fit the game, a record that
// does not replay) is an error saying what, and nothing is made.
func decodeSave(b []byte) (savedGame, *rules.Info, *rules.Match, error) {
	var sg savedGame
	if len(b) > maxSaveSize {
		return sg, nil, nil, fmt.Errorf("%w: %d bytes is too large", errSave, len(b))
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&sg); err != nil {
		return sg, nil, nil, fmt.Errorf("%w: %v", errSave, err)
	}
	if _, err := d.Token(); err != io.EOF {
		return sg, nil, nil, fmt.Errorf("%w: something follows the saved game", errSave)
	}
	if sg.Format != saveFormat {
		return sg, nil, nil, fmt.Errorf("%w: format %q", errSave, sg.Format)
	}
	if sg.Version != saveVersion {
		return sg, nil, nil, fmt.Errorf("%w: version %d (this build reads version %d)", errSave, sg.Version, saveVersion)
	}
	g, ok := games.Lookup(sg.Game)
	if !ok {
		return sg, nil, nil, fmt.Errorf("%w: unknown game %q", errSave, sg.Game)
	}
	if n := len(sg.Players); n < g.MinPlayers || n > g.MaxPlayers {
		return sg, nil, nil, fmt.Errorf("%w: %d players for %s", errSave, n, g.ID)
	}
	if sg.Record.Players != len(sg.Players) || sg.Record.Seed != sg.Seed || sg.Record.Game != sg.Game {
		return sg, nil, nil, fmt.Errorf("%w: the record does not match the players, seed or game", errSave)
	}
	if sg.Thinks < 0 {
		return sg, nil, nil, fmt.Errorf("%w: %d searches", errSave, sg.Thinks)
	}
	for i, p := range sg.Players {
		if !utf8.ValidString(p.Name) || utf8.RuneCountInString(p.Name) > maxName || p.Name != "" && strings.TrimSpace(p.Name) == "" {
			return sg, nil, nil, fmt.Errorf("%w: player %d has no usable name", errSave, i+1)
		}
		if p.Color < 0 || p.Color >= len(sprites.Players) {
			return sg, nil, nil, fmt.Errorf("%w: player %d has colour %d", errSave, i+1, p.Color)
		}
		if _, err := ai.ParseLevel(p.Level); !p.Human && err != nil {
			return sg, nil, nil, fmt.Errorf("%w: player %d has level %q", errSave, i+1, p.Level)
		}
	}
	match, err := rules.Replay(g, sg.Record)
	if err != nil {
		return sg, nil, nil, fmt.Errorf("%w: %v", errSave, err)
	}
	return sg, g, match, nil
}

// savedSeats are the seats of a decoded save: a person's level (written by older builds) is
// ignored, and a stored name that is the seat's default name in one of the languages (older
// builds stored every name) is taken as the default, said in the language of the moment.
func savedSeats(sg savedGame) []player {
	players := make([]player, len(sg.Players))
	for i, p := range sg.Players {
		players[i] = player{Seat: Seat{Who: match.Person{}, Name: p.Name}, Color: p.Color}
		if !p.Human {
			l, _ := ai.ParseLevel(p.Level) // decodeSave refused a computer without a level
			players[i].Who = match.Computer{Level: l}
		}
	}
	seats := make([]Seat, len(players))
	for i, p := range players {
		seats[i] = Seat{Who: p.Who}
	}
	for _, l := range lang.All {
		defaults := namesIn(l.Code, seats)
		for i := range players {
			if players[i].Name == defaults[i] {
				players[i].Name = ""
			}
		}
	}
	return players
}

// restorePlay makes the play scene of a saved game, exactly as it was when it was saved: the
// moves are played again one by one through the match driver (the log and the undo marks are
// rebuilt from what they report), and the board shows the position at rest.
func restorePlay(m *Manager, b []byte) (*play, error) {
	sg, g, _, err := decodeSave(b)
	if err != nil {
		return nil, err
	}
	players := savedSeats(sg)
	var events []rules.Events
	d, err := match.Resume(g, seatsOf(players), sg.Thinks, sg.Record, func(p match.Played, _ rules.State) {
		events = append(events, p.Events)
	})
	if err != nil {
		// decodeSave replayed the same record a moment ago: the rules are not deterministic.
		return nil, fmt.Errorf("%w: %v", errSave, err)
	}
	s := playing(m, players, d)
	var log []logLine // told of the scene's own seats, so that their names follow the language
	for _, ev := range events {
		log = append(log, describe(g, &s.env, ev)...)
	}
	if len(log) > 40 {
		log = log[len(log)-40:]
	}
	s.log = append(log, logKey(-1, "saves.log.continued"))
	s.showThrow()
	return s, nil
}

// autosave keeps the match in the store after every move and undo; a finished match clears it,
// so that Continue is only offered for a game still being played. A failure to save is shown
// on the turn card once and does not stop the game.
func (s *play) autosave() {
	if !s.m.saves {
		return
	}
	var err error
	if s.d.Over() {
		err = s.m.store.remove(autosaveEntry)
	} else {
		err = s.m.store.save(autosaveEntry, encodeSave(s.saved()))
	}
	if err != nil && !s.saveFailed {
		s.saveFailed = true
		s.saveNote = failed("saves.note.failed", err)
	}
}

// resumable is what the title knows of the store's saved game: the play scene to continue
// (nil for none) and, when a save had to be set aside, the notice saying so.
func resumable(m *Manager) (*play, string) {
	b, err := m.store.load(autosaveEntry)
	if err != nil {
		return nil, failed("saves.notice.unreadable", err)
	}
	if b == nil {
		return nil, ""
	}
	p, err := restorePlay(m, b)
	if err != nil {
		// A save this build cannot continue is moved aside, never deleted nor overwritten: the
		// next game saves into a free entry.
		if aerr := setAside(m.store, autosaveEntry); aerr != nil {
			return nil, failed("saves.notice.stuck", errors.Join(err, aerr))
		}
		return nil, failed("saves.notice.setaside", err, entryPlace(m.store, autosaveEntry+".bad"))
	}
	if p.d.Over() {
		// Saved as it ended (a crash between the last move and clearing): nothing to continue.
		_ = m.store.remove(autosaveEntry)
		return nil, ""
	}
	return p, ""
}
