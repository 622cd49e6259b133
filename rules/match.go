package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RecordVersion is the version of the RECORD format this build writes and reads.
const RecordVersion = 1

// Record is a whole game as the protocol's RECORD: the moves played, throws spelled as the
// counts they produced, never the steps the rules applied by themselves. Saves and replays use it.
//
// Names, optional, are the players' names as the game showed them, one per player in turn
// order: a replay says them instead of "Player 1"… They change nothing in the game; a record
// without them is as valid, and Replay refuses names that are not one short line per player.
type Record struct {
	Game    string   `json:"game"`
	Players int      `json:"players"`
	Seed    int64    `json:"seed"`
	Moves   []string `json:"moves"`
	Version int      `json:"version"`
	Names   []string `json:"names,omitempty"`
}

// MaxRecordName is the longest name, in characters, a record's Names may hold.
const MaxRecordName = 64

// CheckNames reports what is wrong with r's Names, if anything: not one per player, or a name
// that is empty, too long, not UTF-8 or holds a control character.
func (r Record) CheckNames() error {
	if len(r.Names) == 0 {
		return nil
	}
	if len(r.Names) != r.Players {
		return fmt.Errorf("record has %d names for %d players", len(r.Names), r.Players)
	}
	for i, n := range r.Names {
		if !utf8.ValidString(n) || strings.TrimSpace(n) == "" || utf8.RuneCountInString(n) > MaxRecordName ||
			strings.IndexFunc(n, unicode.IsControl) >= 0 {
			return fmt.Errorf("record name %d is not a usable name (one line of 1 to %d characters)", i+1, MaxRecordName)
		}
	}
	return nil
}

// Match is a game being played: its state, the moves that led there, and the seeded random
// generator that throws the sticks when nobody forces an outcome.
type Match struct {
	Game  *Info
	Seed  int64
	State State
	moves []Move
	pcg   *rand.PCG
	rng   *rand.Rand
}

// NewMatch starts a game of g for the given number of players; seed drives every throw the
// match makes itself, so the same seed and the same decisions give the same game.
func NewMatch(g *Info, players int, seed int64) (*Match, error) {
	s, err := g.New(players)
	if err != nil {
		return nil, err
	}
	pcg := rand.NewPCG(uint64(seed), 0x5369_6720_7761_2044) // "Sig wa D"
	return &Match{Game: g, Seed: seed, State: s, pcg: pcg, rng: rand.New(pcg)}, nil
}

// Moves is the number of moves played so far.
func (m *Match) Moves() int { return len(m.moves) }

// MoveAt is the i-th move played.
func (m *Match) MoveAt(i int) Move { return m.moves[i] }

// Throw throws the sticks with the match's own generator and returns the throw move and the
// faces (one bit a stick, set where the marked side is up) for the animation. It does not play it.
func (m *Match) Throw() (Move, uint8, error) {
	if m.State.Phase() != PhaseThrow {
		return 0, 0, fmt.Errorf("no throw is due now: the game is at %s", m.State.Phase())
	}
	peek := *m.pcg
	faces := Faces(rand.New(&peek), m.Game.Sticks.Count())
	return ThrowMove(ThrowCount(faces)), faces, nil
}

// Play plays a move spelled as the protocol does; the bare "throw" throws with the match's
// generator. It returns what happened. A refused move changes nothing.
func (m *Match) Play(s string) (Events, error) {
	s = strings.TrimSpace(s)
	var mv Move
	if s == "throw" {
		if m.State.Phase() != PhaseThrow {
			return nil, fmt.Errorf("no throw is due now: the game is at %s", m.State.Phase())
		}
		// Peek at the throw without drawing, so a refused play cannot move the generator.
		peek := *m.pcg
		faces := Faces(rand.New(&peek), m.Game.Sticks.Count())
		mv = ThrowMove(ThrowCount(faces))
	} else {
		var err error
		if mv, err = m.State.ParseMove(s); err != nil {
			return nil, err
		}
	}
	var ev Events
	if err := m.PlayMove(mv, &ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// PlayMove applies mv, appending what happened to ev (which may be nil), and records it.
func (m *Match) PlayMove(mv Move, ev *Events) error {
	if err := m.State.Apply(mv, ev); err != nil {
		return err
	}
	if mv.IsThrow() {
		// Every throw played draws once, forced or not, so the generator's state depends only on
		// the seed and the number of throws: a loaded record throws on exactly as the original.
		Faces(m.rng, m.Game.Sticks.Count())
	}
	m.moves = append(m.moves, mv)
	return nil
}

// Record is the game so far in the protocol's RECORD form.
func (m *Match) Record() Record {
	r := Record{Game: m.Game.ID, Players: m.State.Players(), Seed: m.Seed, Moves: make([]string, len(m.moves)), Version: RecordVersion}
	for i, mv := range m.moves {
		r.Moves[i] = m.State.FormatMove(mv)
	}
	return r
}

// Replay rebuilds a match from its record, through the same automatic steps. A bad record
// (wrong version, game, player count or any illegal move) is refused whole with the reason.
func Replay(g *Info, r Record) (*Match, error) {
	if r.Version != RecordVersion {
		return nil, fmt.Errorf("record version %d is not supported (this build reads version %d)", r.Version, RecordVersion)
	}
	if g == nil || g.ID != r.Game {
		return nil, fmt.Errorf("record is for game %q", r.Game)
	}
	if err := r.CheckNames(); err != nil {
		return nil, err
	}
	m, err := NewMatch(g, r.Players, r.Seed)
	if err != nil {
		return nil, err
	}
	for i, s := range r.Moves {
		if strings.TrimSpace(s) == "throw" {
			return nil, fmt.Errorf("record move %d: a record holds the count of each throw (\"throw N\"), not a bare \"throw\"", i+1)
		}
		if _, err := m.Play(s); err != nil {
			return nil, fmt.Errorf("record move %d (%q): %w", i+1, s, err)
		}
	}
	return m, nil
}

// Prefix rebuilds this match as it was after its first n moves (for undo and replays).
func (m *Match) Prefix(n int) (*Match, error) {
	if n < 0 || n > len(m.moves) {
		return nil, fmt.Errorf("no move %d in a game of %d moves", n, len(m.moves))
	}
	p, err := NewMatch(m.Game, m.State.Players(), m.Seed)
	if err != nil {
		return nil, err
	}
	for _, mv := range m.moves[:n] {
		if err := p.PlayMove(mv, nil); err != nil {
			return nil, fmt.Errorf("replaying move %d: %w", len(p.moves)+1, err)
		}
	}
	return p, nil
}
