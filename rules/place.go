package rules

import "fmt"

// PlaceKind says what kind of place a Place is.
type PlaceKind uint8

// The kinds of place the five games have.
const (
	// NoPlace: the event or piece has no place (a captured piece, a piece in hand).
	NoPlace PlaceKind = iota
	// Square: a square of the board (Seega, Sig El Oued), spelled by Name ("c2").
	Square
	// Hole: a hole of Sadeqa's board, in Row (0 South's, 1 North's), N 1..10 along the sowing.
	Hole
	// Space: a numbered space of a race track; N is its number.
	Space
	// Start: where a race begins (Es-Sîg's home off the board, Sig wa Duqqan's space 1).
	Start
	// Gate: Sig wa Duqqan's gate, where a piece waits for seven sigs.
	Gate
	// Centre: Sig wa Duqqan's centre, the end of the race.
	Centre
	// Exit: beyond Es-Sîg's last space, where an escaped piece is.
	Exit
)

var placeKindNames = [...]string{NoPlace: "none", Square: "square", Hole: "hole", Space: "space",
	Start: "start", Gate: "gate", Centre: "centre", Exit: "exit"}

func (k PlaceKind) String() string {
	if int(k) < len(placeKindNames) {
		return placeKindNames[k]
	}
	return fmt.Sprintf("PlaceKind(%d)", uint8(k))
}

// Place is a place of a game's board as players name it: what scenes show and say instead of
// the games' own numbering. Two places are the same place exactly when they are ==.
type Place struct {
	Kind PlaceKind
	// Name spells a square ("c2"); empty for the other kinds.
	Name string
	// Row is a hole's row: 0 South's, 1 North's.
	Row int
	// N is a hole's number in its row (1..10), or a track's number for every place on a race
	// track (Start, Gate, Centre and Exit too), so that scenes can tell forward from back.
	N int
}

// String spells p in plain ASCII, for tests and messages (scenes say it in words).
func (p Place) String() string {
	switch p.Kind {
	case Square:
		return p.Name
	case Hole:
		return fmt.Sprintf("%c%d", "SN"[p.Row&1], p.N)
	case Space:
		return fmt.Sprint(p.N)
	}
	return p.Kind.String()
}

// WhereFunc names the places of an event: where it starts (from) and where it ends (to), NoPlace
// for an end it does not have. Each game answers for its own events (Info.Where), so that the
// meaning of From and To (a circuit index, a square, a hole) never leaves the game's package.
//
// What each kind names:
//   - EvStep, EvRide, EvDragged, EvGhoulaStep, EvGhoulaReturns: from → to, the piece's (or the
//     Ghoula's) place before and after.
//   - EvPlaced, EvWarana, EvGhoulaAppears, EvTrapped: to, where it happens.
//   - EvSigCounted, EvSeized, EvLift: from, where the piece (or the seeds lifted) lies.
//   - EvSow: to, the hole the seed falls into.
//   - EvCaptured: from, where the captured piece (or the seeds) was taken.
//   - EvFinished: to, where a finished piece is (the centre, the exit).
type WhereFunc func(e Event) (from, to Place)

// Locator is implemented by the states of games whose pieces are told apart (Sig El Oued and
// the race games): Locate is where player's piece is, NoPlace once it is off the board
// (captured); player -1 asks for the Ghoula (NoPlace while it is not in play).
type Locator interface {
	Locate(player, piece int) Place
}

// Holder is implemented by the states of games whose pieces are not told apart (Seega, and
// Sadeqa's seeds): Holds is whose pieces a place holds (-1 for nobody, or for seeds, which
// belong to nobody) and how many.
type Holder interface {
	Holds(p Place) (player, count int)
}
