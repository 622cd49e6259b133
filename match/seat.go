package match

import (
	"fmt"
	"strings"
	"time"

	"sig/ai"
	"sig/rules"
)

// Seat is who decides one player's moves: a person at this screen, the computer at a level,
// or (online play) a player on another device. A Seat is a description, a plain value that can
// be copied into a new match; the deciding itself happens in the Turn it starts.
type Seat interface {
	// Here reports whether a person at this screen decides for the seat: their moves come from
	// this screen's input (Driver.Play), and undo goes back to their decisions.
	Here() bool
	// Turn starts deciding the move due in st for the seat's player (st is the driver's own
	// copy and stays unchanged while the turn lasts). seed is the match's seed for this
	// decision. A seat decided by this screen's input returns nil.
	Turn(st rules.State, seed int64) Turn
}

// Turn is a decision under way.
type Turn interface {
	// Step decides for about budget of time and returns the decision once it is made (ok).
	Step(budget time.Duration) (d Decision, ok bool)
	// Close drops the decision (undo, a restart, leaving the match). Closing twice is harmless.
	Close()
}

// Decision is what a seat decided: to throw the sticks with the match's own generator, or a
// move (a decision, or a throw whose outcome comes from elsewhere, with the sticks' faces for
// the animation).
type Decision struct {
	Throw bool
	Move  rules.Move
	Faces uint8
}

// Person is a person at this screen.
type Person struct{}

// Here is true: a person's moves come from this screen.
func (Person) Here() bool { return true }

// Turn is nil: the screen's input decides.
func (Person) Turn(rules.State, int64) Turn { return nil }

func (Person) String() string { return "human" }

// Computer is the computer playing at a level. Its level exists only here: a person has none.
type Computer struct {
	Level ai.Level
}

// Here is false: the computer decides by itself.
func (Computer) Here() bool { return false }

// Nodes, when not 0, replaces every level's node budget: tests set it to a few nodes so that
// whole games against the computer stay fast. The app leaves it at 0.
var Nodes int64

// Search is the one place a computer's level becomes the search's options, for the app's
// computer seats and the match server's alike: the same level searches the same way wherever
// it sits. seed is the search's own randomness (never a match's throw secret).
func Search(l ai.Level, seed int64) ai.Options {
	return ai.Options{Level: l, Seed: seed, Nodes: Nodes, Limit: ai.DefaultLimit(l)}
}

// Turn starts the computer's search of the move (throwing needs no search).
func (c Computer) Turn(st rules.State, seed int64) Turn {
	return &thinking{t: ai.NewThinkerOptions(st, Search(c.Level, seed))}
}

func (c Computer) String() string { return "ai:" + c.Level.String() }

// thinking is a computer's turn: package ai's search, sliced.
type thinking struct{ t *ai.Thinker }

func (th *thinking) Step(budget time.Duration) (Decision, bool) {
	if !th.t.Step(budget) {
		return Decision{}, false
	}
	mv := th.t.Move()
	th.t.Close()
	if mv == ai.Throw {
		return Decision{Throw: true}, true
	}
	return Decision{Move: mv}, true
}

func (th *thinking) Close() { th.t.Close() }

// ParseSeat reads a seat as the -seats flag and the saves spell it: "human", or "ai" / "ai:LEVEL"
// / "computer[:LEVEL]" (LEVEL easy, medium or hard; medium when left out).
func ParseSeat(s string) (Seat, error) {
	kind, level, hasLevel := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	switch kind {
	case "human":
		if hasLevel {
			return nil, fmt.Errorf("%q: a human seat has no level", s)
		}
		return Person{}, nil
	case "ai", "computer":
		if !hasLevel {
			return Computer{Level: ai.Medium}, nil
		}
		l, err := ai.ParseLevel(level)
		if err != nil {
			return nil, fmt.Errorf("%q: unknown level %q (easy, medium or hard)", s, level)
		}
		return Computer{Level: l}, nil
	case "":
		return nil, fmt.Errorf("an empty seat: say human, ai or ai:LEVEL")
	}
	return nil, fmt.Errorf("%q: say human, ai or ai:LEVEL", s)
}
