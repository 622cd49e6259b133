package rules

import "fmt"

// EventKind says what happened. Scenes animate events; they never work out the rules.
type EventKind uint8

// The events. Positions (From, To) are in each game's own numbering, documented by the game:
// track spaces in the race games, circuit indices of the mover's circuit in Sig El Oued (but a
// capture's To is a square), squares 0..24 (rank*5+file) in Seega, holes 0..19 (S1..S10 then
// N1..N10) in Sadeqa. Scenes never read that numbering: the game's Info.Where names the places
// of each event (a square, a hole, the start, …).
const (
	// EvThrow: Player threw; Count marked faces up, worth Value for what it will move (for a
	// player steering the Ghoula, the Ghoula's value).
	EvThrow EventKind = iota + 1
	// EvExtraThrow: Player throws again.
	EvExtraThrow
	// EvNoMove: nothing can use Player's throw of Value; it is lost.
	EvNoMove
	// EvStep: Player's Piece moves one space, From → To. A move of n spaces is n steps.
	EvStep
	// EvTrapped: Player's Piece stopped on To, where it needs Value sigs to go on.
	EvTrapped
	// EvSigCounted: a sig counted for Player's Piece waiting on From: Count of Value.
	EvSigCounted
	// EvFinished: Player's piece reached the end of the race (the centre, or escaped); Count is
	// its place in the escape order (1 the first) where the game ranks by it.
	EvFinished
	// EvLost: Player has lost and takes no more turns.
	EvLost
	// EvGhoulaAppears: the Ghoula (Ghula) comes into play on To.
	EvGhoulaAppears
	// EvGhoulaStep: the Ghoula moves one space, From → To, steered by Player.
	EvGhoulaStep
	// EvGhoulaReturns: the Ghoula goes back from From to the start To (after sweeping the track,
	// or after dragging its prey home).
	EvGhoulaReturns
	// EvRide: Player's Piece, never moved, rides along with the Ghoula's first move, From → To.
	EvRide
	// EvSeized: the Ghoula seizes Player's Piece on From.
	EvSeized
	// EvDragged: the Ghoula drags Player's Piece from From to To, where the piece is put down
	// (in Es-Sîg the square the Ghula lands on, in Sig wa Duqqan the start). A piece the Ghoula
	// sets off from, passes or lands on in Es-Sîg may be carried forward, or put down where it
	// was (From == To).
	EvDragged
	// EvFreed: Player's unfreed Piece is freed (it moves for the first time).
	EvFreed
	// EvBigThrow: Player's throws join into one big throw worth Value (7 or 13).
	EvBigThrow
	// EvFreeAll: Player frees all Count unfreed pieces at once.
	EvFreeAll
	// EvPlaced: Player put a piece on To (Count: pieces left in hand).
	EvPlaced
	// EvCaptured: Player captured. Seega: the opposing piece on the square From (Piece is its
	// owner). Sig El Oued: the opposing Piece on the square To (row*6+file), whose index along
	// its owner's circuit was From. Sadeqa: Count seeds out of the warana From. Info.Where
	// names the square or hole of the capture in every game.
	EvCaptured
	// EvChain: Player captured and must capture again.
	EvChain
	// EvBlocked: Player has no legal move; the opponent plays again.
	EvBlocked
	// EvLift: Player lifts Count seeds from From and sows on; Value is the lap, 1 the first.
	EvLift
	// EvSow: one seed falls into To, which now holds Count.
	EvSow
	// EvWarana: the hole To becomes a warana owned by Player.
	EvWarana
	// EvBonus: Player makes a bonus move.
	EvBonus
	// EvPass: Player has no legal move and passes.
	EvPass
	// EvTurn: Player's turn begins.
	EvTurn
	// EvGameOver: the game has ended; the state's Ranks say how.
	EvGameOver
)

var eventNames = [...]string{
	EvThrow: "throw", EvExtraThrow: "extra-throw", EvNoMove: "no-move", EvStep: "step",
	EvTrapped: "trapped", EvSigCounted: "sig-counted", EvFinished: "finished", EvLost: "lost",
	EvGhoulaAppears: "ghoula-appears", EvGhoulaStep: "ghoula-step", EvGhoulaReturns: "ghoula-returns",
	EvRide: "ride", EvSeized: "seized", EvDragged: "dragged", EvFreed: "freed",
	EvBigThrow: "big-throw", EvFreeAll: "free-all", EvPlaced: "placed", EvCaptured: "captured",
	EvChain: "chain", EvBlocked: "blocked", EvLift: "lift", EvSow: "sow", EvWarana: "warana",
	EvBonus: "bonus", EvPass: "pass", EvTurn: "turn", EvGameOver: "game-over",
}

func (k EventKind) String() string {
	if int(k) < len(eventNames) && eventNames[k] != "" {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is one thing that happened while a move was applied. Which fields mean something
// depends on Kind (see the kinds); the rest are zero.
type Event struct {
	Kind   EventKind `json:"kind"`
	Player int       `json:"player"`
	Piece  int       `json:"piece"`
	From   int       `json:"from"`
	To     int       `json:"to"`
	Count  int       `json:"count"`
	Value  int       `json:"value"`
	// Ghoula marks an EvThrow whose Value moves the Ghoula (Ghula) rather than the thrower's
	// piece: an escaped Es-Sîg player steering it, a Sig wa Duqqan player at the centre (or a
	// 3 on the final stretch). The scenes read it instead of re-deriving the rule. It is not
	// part of the protocol's events (json:"-"), which stay as docs/engine-protocol.md gives them.
	Ghoula bool `json:"-"`
}

// Events collects what Apply reports. A nil *Events collects nothing (the search hot path).
type Events []Event

// Add appends e; it is a no-op on a nil receiver, so rules code can report unconditionally.
func (ev *Events) Add(e Event) {
	if ev != nil {
		*ev = append(*ev, e)
	}
}

// MarshalText spells an event kind in the protocol's events.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

func (e Event) String() string {
	return fmt.Sprintf("%s p%d piece%d %d→%d count=%d value=%d", e.Kind, e.Player, e.Piece, e.From, e.To, e.Count, e.Value)
}
