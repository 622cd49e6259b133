// Package ai is Sig's computer opponent: a search over rules.State that picks a move for the
// player to decide, at three levels of strength, in slices of a few milliseconds so that a scene
// never misses a frame.
//
// It imports the standard library and sig/rules only: never Ebitengine, never the scenes.
//
// # Method
//
// Two-player games (Seega, Sadeqa, Sig El Oued, and the race games when two play) are searched
// with negamax alpha-beta and iterative deepening, a transposition table keyed by State.Hash,
// and move ordering (the table's move, killer moves, a history table). A stick throw is a chance
// node: every outcome is searched and backed up weighted by its exact probability (Chances), with
// Star1 pruning on the known bounds of the values. The side to move is always ToMove(), never
// assumed to alternate: Seega's chains and blocked replays, Sadeqa's bonus moves and the extra
// throws of the race games all give one player several moves in a row. Games of three or more
// players (the race games) are searched with max-n over the same chance nodes, every player
// maximising their own value and, between moves equal to them, playing against the leader.
// Leaves are scored by the game's rules.Evaluator; ended games by their Ranks. A Monte Carlo tree
// search (Options.Method = MCTS) is kept for comparison: on equal node budgets alpha-beta beat it
// clearly in Seega and Sadeqa and tied in Sig El Oued (BENCHMARKS.md, "Computer levels").
//
// # Levels and budgets
//
// The work of a search is counted in nodes (positions reached by applying a move). Each level
// has a node budget per game, so that the same position, level, seed and budget always give the
// same move, on any machine and however the search is sliced; wall-clock limits are only an
// outer cap (and make the move depend on the machine's speed when they bite). Hard's budget is
// what a desktop core searches in about one second; the browser build searches two to three
// times slower, and NewThinker caps thinking at DefaultLimit (1 s on the desktop, 2 s in the
// browser). Easy searches two plies deep and adds seeded noise to its scores; Medium searches a
// small fraction of Hard's budget. The seed also shuffles the order in which first moves
// are tried, which decides between moves of equal value.
//
// # Throws
//
// At a throw there is nothing to decide: Choose and Thinker.Move answer Throw, and the caller
// throws the sticks itself (rules.Match.Throw, or the protocol's bare "throw"). Once the game is
// over they answer NoMove (and Choose an error).
package ai

import (
	"errors"
	"fmt"
	"time"

	"sig/rules"
)

// Throw is the answer at a throw: the caller throws the sticks (it is not a rules move).
const Throw rules.Move = -1

// NoMove is the answer once the game is over.
const NoMove rules.Move = -2

// Level is how strong the computer plays.
type Level uint8

const (
	// Easy is plausible but beatable by a beginner: a shallow search with noise.
	Easy Level = iota
	// Medium searches a fraction of Hard's budget.
	Medium
	// Hard is the strongest play within about a second on a desktop.
	Hard
)

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Medium, Hard}

func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel reads "easy", "medium" or "hard".
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if l.String() == s {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown level %q: easy, medium or hard", s)
}

// Options configure one search. The zero value of every field but Level means "the default".
type Options struct {
	Level Level
	// Seed drives Easy's noise and the order in which first moves are tried.
	Seed int64
	// Nodes is the node budget; 0 means the level's budget for the game (Budget).
	Nodes int64
	// Limit caps the total thinking time; 0 means no cap. A cap that bites makes the move depend
	// on the machine's speed.
	Limit time.Duration
	// Method is the search method; the zero value, AlphaBeta, is what the levels play.
	Method Method
}

// Stats report what a search did.
type Stats struct {
	Nodes   int64         // nodes searched
	Budget  int64         // the node budget it had
	Depth   int           // deepest iteration completed (in plies: decisions and throws)
	Elapsed time.Duration // thinking time (the sum of the slices for a Thinker)
	Score   float64       // the chosen move's value for the mover, in [-1, 1]
}

// levelParams are the search settings of one level, apart from the node budget.
type levelParams struct {
	maxDepth int     // deepest iteration
	noise    float64 // amplitude of the uniform noise added to Easy's root scores
}

var params = [...]levelParams{
	Easy:   {maxDepth: 2, noise: 0.1},
	Medium: {maxDepth: maxPly, noise: 0},
	Hard:   {maxDepth: maxPly, noise: 0},
}

// budgets are the node budgets per game and level. Hard's is what one desktop core searches in
// about a second (the rates measured per CPU second are in BENCHMARKS.md, "Rules playouts
// and search speed"); Medium's is a few hundredths of it; Easy's hardly matters, its depth
// limit comes first.
var budgets = map[string][3]int64{
	"seega":         {2_000, 15_000, 3_000_000},
	"sadeqa":        {2_000, 40_000, 1_500_000},
	"sig-el-oued":   {2_000, 30_000, 1_000_000},
	"es-sig":        {2_000, 50_000, 4_000_000},
	"sig-wa-duqqan": {1, 1, 1}, // nothing to decide
}

// defaultBudget is the budget of a game without its own entry.
var defaultBudget = [3]int64{2_000, 50_000, 1_000_000}

// Budget is the node budget of level l in the game with the given id.
func Budget(game string, l Level) int64 {
	b, ok := budgets[game]
	if !ok {
		b = defaultBudget
	}
	if int(l) >= len(b) {
		l = Hard
	}
	return b[l]
}

// ErrOver is Choose's error once the game is over.
var ErrOver = errors.New("the game is over: there is no move to choose")

// Choose searches to completion and returns the move level would play in s, for seed. At a
// throw it returns Throw; limit (if not 0) caps the thinking time. s is not changed.
func Choose(s rules.State, level Level, seed int64, limit time.Duration) (rules.Move, error) {
	mv, _, err := ChooseOptions(s, Options{Level: level, Seed: seed, Limit: limit})
	return mv, err
}

// ChooseOptions is Choose with every option, and reports what the search did.
func ChooseOptions(s rules.State, o Options) (rules.Move, Stats, error) {
	switch s.Phase() {
	case rules.PhaseOver:
		return NoMove, Stats{}, ErrOver
	case rules.PhaseThrow:
		return Throw, Stats{}, nil
	}
	if int(o.Level) >= len(params) {
		return NoMove, Stats{}, fmt.Errorf("unknown level %d", o.Level)
	}
	start := time.Now()
	sr := newSearcher(s, o)
	if o.Limit > 0 {
		deadline := start.Add(o.Limit)
		sr.tick = func() bool { return time.Now().Before(deadline) }
	}
	sr.run()
	st := sr.stats()
	st.Elapsed = time.Since(start)
	return sr.best, st, nil
}
