package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"sig/ai"
	"sig/rules"
	"sig/rules/games"
)

// session is the engine's one game in progress; requests act on it.
type session struct {
	match *rules.Match
	names []string // the players' names a loaded record gave (none after "new")
}

// request is every field any request may carry; which ones count depends on Cmd.
type request struct {
	Cmd     *string         `json:"cmd"`
	Game    *string         `json:"game"`
	Players json.RawMessage `json:"players"`
	Seed    json.RawMessage `json:"seed"`
	Move    *string         `json:"move"`
	Level   *string         `json:"level"`
	TimeMS  json.RawMessage `json:"time_ms"`
	Record  json.RawMessage `json:"record"`
}

type failure struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

// handle answers one request line. Whatever the line holds, it answers with one JSON object,
// and a refused request leaves the session as it was.
func (s *session) handle(line []byte) (answer []byte) {
	defer func() {
		if p := recover(); p != nil {
			answer = encode(failure{Error: fmt.Sprintf("internal error: %v", p)})
		}
	}()
	v, err := s.dispatch(line)
	if err != nil {
		return encode(failure{Error: err.Error()})
	}
	return encode(v)
}

func encode(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(`{"ok":false,"error":"internal error: cannot encode the answer"}`)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

func (s *session) dispatch(line []byte) (any, error) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil, errors.New("empty request: send one JSON object per line, e.g. {\"cmd\":\"games\"}")
	}
	if line[0] != '{' {
		return nil, errors.New("malformed request: each line must be one JSON object")
	}
	var req request
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&req); err != nil {
		return nil, fmt.Errorf("malformed JSON: %v", err)
	}
	if dec.More() {
		return nil, errors.New("malformed request: more than one JSON value on the line")
	}
	if req.Cmd == nil {
		return nil, errors.New(`missing "cmd": one of games, new, state, legal, play, ai, record, load`)
	}
	switch *req.Cmd {
	case "games":
		return s.games(), nil
	case "new":
		return s.newGame(req)
	case "load":
		return s.load(req)
	case "state", "legal", "play", "ai", "record":
		if s.match == nil {
			return nil, fmt.Errorf("no game yet: send {\"cmd\":\"new\",\"game\":ID} (or load) before %q", *req.Cmd)
		}
	default:
		return nil, fmt.Errorf("unknown command %q: one of games, new, state, legal, play, ai, record, load", *req.Cmd)
	}
	switch *req.Cmd {
	case "state":
		return stateAnswer{OK: true, State: s.match.State.Wire()}, nil
	case "legal":
		return s.legal(), nil
	case "play":
		return s.play(req)
	case "ai":
		return s.ai(req)
	default: // "record"
		r := s.match.Record()
		r.Names = s.names
		return recordAnswer{OK: true, Record: r}, nil
	}
}

type gameEntry struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	MinPlayers     int    `json:"min_players"`
	MaxPlayers     int    `json:"max_players"`
	DefaultPlayers int    `json:"default_players"`
}

type gamesAnswer struct {
	OK    bool        `json:"ok"`
	Games []gameEntry `json:"games"`
}

func (s *session) games() gamesAnswer {
	a := gamesAnswer{OK: true}
	for _, g := range games.All() {
		a.Games = append(a.Games, gameEntry{g.ID, g.Name, g.MinPlayers, g.MaxPlayers, g.DefaultPlayers})
	}
	return a
}

type stateAnswer struct {
	OK    bool `json:"ok"`
	State any  `json:"state"`
}

func (s *session) newGame(req request) (any, error) {
	if req.Game == nil {
		return nil, fmt.Errorf(`"new" needs "game": one of %s`, strings.Join(games.IDs(), ", "))
	}
	g, ok := games.Lookup(*req.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q: one of %s", *req.Game, strings.Join(games.IDs(), ", "))
	}
	players := g.DefaultPlayers
	if present(req.Players) {
		n, err := integer(req.Players, "players")
		if err != nil {
			return nil, err
		}
		if n < math.MinInt32 || n > math.MaxInt32 {
			return nil, fmt.Errorf("bad player count %d: %s is played by %d to %d players", n, g.ID, g.MinPlayers, g.MaxPlayers)
		}
		players = int(n)
	}
	seed := rand.Int64N(1 << 53) // exact in any JSON reader, JavaScript's included
	if present(req.Seed) {
		n, err := integer(req.Seed, "seed")
		if err != nil {
			return nil, err
		}
		seed = n
	}
	m, err := rules.NewMatch(g, players, seed)
	if err != nil {
		return nil, err
	}
	s.match, s.names = m, nil
	return stateAnswer{OK: true, State: m.State.Wire()}, nil
}

// present reports whether an optional field was given (null counts as absent).
func present(raw json.RawMessage) bool {
	return len(raw) > 0 && string(raw) != "null"
}

// integer reads a JSON number that must be a whole number fitting in 64 bits.
func integer(raw json.RawMessage, field string) (int64, error) {
	var num json.Number
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return 0, fmt.Errorf("%q must be a whole number", field)
	}
	num, ok := v.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%q must be a whole number, not %s", field, raw)
	}
	n, err := num.Int64()
	if err != nil {
		return 0, fmt.Errorf("%q must be a whole number that fits in 64 bits, not %s", field, num)
	}
	return n, nil
}

type legalAnswer struct {
	OK      bool      `json:"ok"`
	Moves   []string  `json:"moves"`
	Chances []float64 `json:"chances,omitempty"`
}

func (s *session) legal() legalAnswer {
	st := s.match.State
	moves := st.Legal(nil)
	a := legalAnswer{OK: true, Moves: make([]string, len(moves))}
	for i, mv := range moves {
		a.Moves[i] = st.FormatMove(mv)
	}
	if st.Phase() == rules.PhaseThrow {
		a.Chances = st.Chances(nil)
	}
	return a
}

type playAnswer struct {
	OK     bool          `json:"ok"`
	State  any           `json:"state"`
	Events []rules.Event `json:"events"`
}

func (s *session) play(req request) (any, error) {
	if req.Move == nil {
		return nil, errors.New(`"play" needs "move", e.g. {"cmd":"play","move":"throw"}`)
	}
	if s.match.State.Phase() == rules.PhaseOver {
		return nil, errors.New("the game is over: no more moves")
	}
	ev, err := s.match.Play(*req.Move)
	if err != nil {
		return nil, err
	}
	if ev == nil {
		ev = rules.Events{}
	}
	return playAnswer{OK: true, State: s.match.State.Wire(), Events: ev}, nil
}

type moveAnswer struct {
	OK   bool   `json:"ok"`
	Move string `json:"move"`
}

func (s *session) ai(req request) (any, error) {
	level := "medium"
	if req.Level != nil {
		level = *req.Level
	}
	switch level {
	case "easy", "medium", "hard":
	default:
		return nil, fmt.Errorf("unknown level %q: easy, medium or hard", level)
	}
	var limit time.Duration
	if present(req.TimeMS) {
		n, err := integer(req.TimeMS, "time_ms")
		if err != nil {
			return nil, err
		}
		if n <= 0 || n > 600_000 {
			return nil, fmt.Errorf(`"time_ms" must be between 1 and 600000, not %d`, n)
		}
		limit = time.Duration(n) * time.Millisecond
	}
	st := s.match.State
	switch st.Phase() {
	case rules.PhaseOver:
		return nil, errors.New("the game is over: there is no move to suggest")
	case rules.PhaseThrow:
		// A throw is no decision: whoever plays throws the sticks.
		return moveAnswer{OK: true, Move: "throw"}, nil
	}
	mv, err := chooseMove(st.Clone(), level, s.match.Seed+int64(s.match.Moves()), limit)
	if err != nil {
		return nil, err
	}
	return moveAnswer{OK: true, Move: st.FormatMove(mv)}, nil
}

// chooseMove asks the computer opponent (package ai) for its move.
func chooseMove(s rules.State, level string, seed int64, limit time.Duration) (rules.Move, error) {
	l, err := ai.ParseLevel(level)
	if err != nil {
		return 0, err
	}
	return ai.Choose(s, l, seed, limit)
}

type recordAnswer struct {
	OK     bool         `json:"ok"`
	Record rules.Record `json:"record"`
}

func (s *session) load(req request) (any, error) {
	if !present(req.Record) {
		return nil, errors.New(`"load" needs "record": {"game":ID,"players":N,"seed":S,"moves":[…],"version":1}`)
	}
	rec, err := parseRecord(req.Record)
	if err != nil {
		return nil, err
	}
	g, ok := games.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("bad record: unknown game %q", rec.Game)
	}
	m, err := rules.Replay(g, rec)
	if err != nil {
		return nil, fmt.Errorf("bad record: %v", err)
	}
	s.match, s.names = m, rec.Names
	return stateAnswer{OK: true, State: m.State.Wire()}, nil
}

// parseRecord reads a RECORD strictly: every field present and of the right type.
func parseRecord(raw json.RawMessage) (rules.Record, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return rules.Record{}, errors.New("bad record: it must be a JSON object")
	}
	for _, k := range []string{"game", "players", "seed", "moves", "version"} {
		if !present(fields[k]) {
			return rules.Record{}, fmt.Errorf("bad record: missing %q", k)
		}
	}
	var rec rules.Record
	if err := json.Unmarshal(fields["game"], &rec.Game); err != nil {
		return rec, errors.New(`bad record: "game" must be a string`)
	}
	players, err := integer(fields["players"], "players")
	if err != nil {
		return rec, fmt.Errorf("bad record: %v", err)
	}
	if players < 0 || players > 64 {
		return rec, fmt.Errorf("bad record: bad player count %d", players)
	}
	rec.Players = int(players)
	if rec.Seed, err = integer(fields["seed"], "seed"); err != nil {
		return rec, fmt.Errorf("bad record: %v", err)
	}
	version, err := integer(fields["version"], "version")
	if err != nil {
		return rec, fmt.Errorf("bad record: %v", err)
	}
	if version != rules.RecordVersion {
		return rec, fmt.Errorf("bad record: version %d is not supported (this engine reads version %d)", version, rules.RecordVersion)
	}
	rec.Version = int(version)
	if err := json.Unmarshal(fields["moves"], &rec.Moves); err != nil {
		return rec, errors.New(`bad record: "moves" must be a list of strings`)
	}
	if present(fields["names"]) {
		// Optional: the players' names, one per player (rules.Record.CheckNames).
		if err := json.Unmarshal(fields["names"], &rec.Names); err != nil {
			return rec, errors.New(`bad record: "names" must be a list of strings`)
		}
		if err := rec.CheckNames(); err != nil {
			return rec, fmt.Errorf("bad record: %v", err)
		}
	}
	return rec, nil
}
