// Package rules is the rules engine of Sig: the interface every one of the five games
// implements, the typed events a move reports, stick throws, and matches with their records.
//
// It is pure game logic and imports the standard library only: never Ebitengine, never the
// scenes, never the AI. Each game lives in its own sub-package (rules/seega, rules/sadeqa, …);
// rules/games lists them. The rulings every game follows are docs/rulings.md.
package rules

import (
	"errors"
	"fmt"
)

// Move is one decision or one stick throw, encoded per game in a small integer so that search
// can generate and apply moves without allocating. Throw moves share one encoding across games
// (see ThrowMove); everything else is the game's own. FormatMove and ParseMove turn a Move into
// the protocol's spelling and back.
type Move int32

// throwBase keeps throw moves clear of every game's own move numbers.
const throwBase Move = 1 << 24

// ThrowMove is the move "throw n": the sticks land with n white (or polished) faces up.
func ThrowMove(n int) Move { return throwBase + Move(n) }

// IsThrow reports whether m is a stick throw.
func (m Move) IsThrow() bool { return m >= throwBase && m <= throwBase+8 }

// ThrowCount is the number of white (polished) faces up of a throw move.
func (m Move) ThrowCount() int { return int(m - throwBase) }

// Phase is what the game waits for next.
type Phase uint8

const (
	// PhaseThrow: the player ToMove throws the sticks (a chance node).
	PhaseThrow Phase = iota
	// PhaseMove: the player ToMove makes a genuine choice among two or more moves.
	PhaseMove
	// PhaseOver: the game has ended; Ranks says how.
	PhaseOver
)

func (p Phase) String() string {
	switch p {
	case PhaseThrow:
		return "throw"
	case PhaseMove:
		return "move"
	case PhaseOver:
		return "over"
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// State is one position of one game, with everything needed to go on from it.
//
// A decision with only one option is never asked for: Apply plays forced moves (a single legal
// move, a lost throw, a pass) itself, so after any Apply the state is at a throw, at a genuine
// choice between two or more moves, or over.
//
// The search hot path is CopyFrom, Legal and Apply with nil events: none of them allocates.
type State interface {
	// Info describes the game this state belongs to.
	Info() *Info
	// Players is the number of players, 0 … Players()-1 in turn order.
	Players() int
	// ToMove is the player who throws or decides next (meaningless once the game is over).
	ToMove() int
	// Phase is what the game waits for: a throw, a decision, or nothing (over).
	Phase() Phase
	// Turn counts the turns so far (informative).
	Turn() int
	// Legal appends the legal moves to buf[:0], in a stable order, and returns it. At a throw,
	// these are ThrowMove(n) for every possible count n; empty once the game is over.
	Legal(buf []Move) []Move
	// Chances appends to buf[:0] the probability of each move Legal lists, in the same order,
	// and returns it; at a decision (not a throw) it returns buf[:0].
	Chances(buf []float64) []float64
	// Apply plays m, then every forced step after it. If ev is not nil, what happened is
	// appended to it. An illegal move returns an error that says why and changes nothing.
	Apply(m Move, ev *Events) error
	// Ranks is nil until the game is over, then one rank per player, 1 the best.
	Ranks() []int
	// Clone returns an independent copy.
	Clone() State
	// CopyFrom makes this state equal to src, which must be of the same game; it reuses this
	// state's memory, so search can copy without allocating.
	CopyFrom(src State)
	// Equal reports whether o is the same position of the same game (everything that can
	// influence the rest of the game, the turn counter included).
	Equal(o State) bool
	// Hash is a hash of the whole position, for transposition tables.
	Hash() uint64
	// String draws the position as readable text.
	String() string
	// FormatMove spells m as the protocol does ("throw 3", "c2-c3", "free-all e1", "7").
	FormatMove(m Move) string
	// ParseMove reads the protocol's spelling of a move. It checks the spelling, not legality.
	ParseMove(s string) (Move, error)
	// Wire is the protocol's STATE object for this position, ready for encoding/json.
	Wire() any
}

// Evaluator is implemented by games that can estimate a position for the computer players
// without searching: Evaluate returns player p's prospects in [-1, 1] (1: won).
type Evaluator interface {
	Evaluate(p int) float64
}

// Checker is implemented by games with invariants that must hold in every reachable state
// (80 seeds in Sadeqa, piece counts in Seega); the generic tests call it after every move.
type Checker interface {
	Check() error
}

// Common is the part of the protocol's STATE that every game shares; each game's Wire embeds it.
type Common struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	ToMove  int    `json:"to_move"`
	Phase   string `json:"phase"`
	Ranks   []int  `json:"ranks"`
	Turn    int    `json:"turn"`
}

// CommonOf fills the shared STATE fields from s.
func CommonOf(s State) Common {
	return Common{
		Game:    s.Info().ID,
		Players: s.Players(),
		ToMove:  s.ToMove(),
		Phase:   s.Phase().String(),
		Ranks:   s.Ranks(),
		Turn:    s.Turn(),
	}
}

// Sticks says which sticks a game throws.
type Sticks uint8

const (
	// NoSticks: the game has no throws (Seega, Sadeqa).
	NoSticks Sticks = iota
	// FourGreenWhite: four sticks, green on one side and white on the other; a throw counts the
	// white faces up (Sig wa Duqqan, Es-Sîg).
	FourGreenWhite
	// SixPolishedRough: six sticks, polished on one side and rough on the other; a throw counts
	// the polished faces up (Sig El Oued).
	SixPolishedRough
)

// Count is how many sticks are thrown.
func (s Sticks) Count() int {
	switch s {
	case FourGreenWhite:
		return 4
	case SixPolishedRough:
		return 6
	}
	return 0
}

// Info describes one game for the registry, the menus and the protocol.
type Info struct {
	ID                                     string // protocol id, e.g. "sig-wa-duqqan"
	Name                                   string // display name, e.g. "Sig wa Duqqan"
	Place                                  string // where it is played, e.g. "Djerba, Tunisia"
	Summary                                string // one line on what it is
	MinPlayers, MaxPlayers, DefaultPlayers int
	Sticks                                 Sticks
	// Rules is the player-facing rules page in Markdown, by language ("en", "fr", "ar").
	Rules map[string]string
	// NewState starts a game for the given number of players (already checked to be in range).
	NewState func(players int) State
	// Where names the places of the game's events (see WhereFunc).
	Where WhereFunc
	// Ghoula is how the game's sources spell its Ghoula ("Ghula" in Es-Sîg), "" in the games
	// without one.
	Ghoula string
}

// New starts a game of this kind, checking the player count.
func (g *Info) New(players int) (State, error) {
	if players < g.MinPlayers || players > g.MaxPlayers {
		if g.MinPlayers == g.MaxPlayers {
			return nil, fmt.Errorf("bad player count %d: %s is played by exactly %d players", players, g.ID, g.MinPlayers)
		}
		return nil, fmt.Errorf("bad player count %d: %s is played by %d to %d players", players, g.ID, g.MinPlayers, g.MaxPlayers)
	}
	return g.NewState(players), nil
}

// ErrOver is returned by Apply once the game has ended.
var ErrOver = errors.New("the game is over")

// Contains reports whether m is among moves.
func Contains(moves []Move, m Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
