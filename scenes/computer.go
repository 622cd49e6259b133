package scenes

import (
	"time"

	"sig/ai"
	"sig/rules"
)

// computer chooses the move of a computer seat. It works in slices (Step) so that no frame
// waits for it: the play scene gives it a few milliseconds each tick.
type computer interface {
	// Step thinks for about budget and reports whether the move is ready.
	Step(budget time.Duration) bool
	// Move is the chosen move, once Step has reported true (ai.Throw at a throw).
	Move() rules.Move
	// Close drops the search (undo, restart, leaving the match).
	Close()
}

// thinkSlice is how long a computer seat thinks per tick: a quarter of a 60 Hz frame, so the
// single-threaded browser build keeps drawing while the computer thinks.
const thinkSlice = 4 * time.Millisecond

// computerNodes, when not 0, replaces the level's node budget: the tests set it to a few nodes
// so that whole games against the computer stay fast. The app leaves it at 0.
var computerNodes int64

// newComputer starts package ai's search of the move for the player to decide in s, at level
// ("easy", "medium", "hard"; the setup and the flags allow nothing else, anything else plays
// medium), seeded by seed. The search has the level's node budget and time cap.
func newComputer(s rules.State, level string, seed int64) computer {
	l, err := ai.ParseLevel(level)
	if err != nil {
		l = ai.Medium
	}
	o := ai.Options{Level: l, Seed: seed, Nodes: computerNodes, Limit: ai.DefaultLimit(l)}
	return ai.NewThinkerOptions(s, o)
}
