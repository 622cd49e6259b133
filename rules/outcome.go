package rules

import "fmt"

// Ending says why a game ended.
type Ending uint8

// The endings of the five games.
const (
	// NotEnded: the game goes on.
	NotEnded Ending = iota
	// AllTaken: a player has no pieces left (Seega), or has lost all six (Sig El Oued).
	AllTaken
	// QuietMoves: too long without a capture (Seega's 40 moves, Sadeqa's and Sig El Oued's
	// quiet turns).
	QuietMoves
	// Repetition: the same position for the third time (Seega, Sadeqa).
	Repetition
	// NoMoves: neither player can move (Sadeqa's natural end).
	NoMoves
	// AllEscaped: every player but one has escaped (Es-Sîg).
	AllEscaped
	// RaceDone: every player has reached the centre or been taken by the Ghoula (Sig wa
	// Duqqan); all who reached the centre share first place.
	RaceDone
)

var endingNames = [...]string{NotEnded: "not ended", AllTaken: "all taken", QuietMoves: "quiet moves",
	Repetition: "repetition", NoMoves: "no moves", AllEscaped: "all escaped", RaceDone: "race done"}

func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return fmt.Sprintf("Ending(%d)", uint8(e))
}

// Outcome is how a game ended, the same for all five games: the scenes say it from this and
// never work out a winner themselves.
type Outcome struct {
	Ending Ending
	// Ranks is one rank per player, 1 the best (the state's Ranks).
	Ranks []int
	// Winners are the players ranked first, in player order.
	Winners []int
	// Draw: the game is drawn (nobody won). Players who share first place in a race that
	// lets them (Sig wa Duqqan) have all won: that is no draw.
	Draw bool
	// Scores is what each player counts at the end where the game counts something (pieces
	// captured in Seega and Sig El Oued, points in Sadeqa); nil in the race games.
	Scores []int
}

// Ender is implemented by every game's state: Outcome is how the game ended (Ending NotEnded
// and no ranks while it goes on).
type Ender interface {
	Outcome() Outcome
}

// NewOutcome fills an outcome's winners from ranks; draw says whether shared first places
// are a draw.
func NewOutcome(e Ending, ranks []int, draw bool, scores []int) Outcome {
	o := Outcome{Ending: e, Ranks: ranks, Scores: scores}
	if ranks == nil {
		return Outcome{}
	}
	for p, r := range ranks {
		if r == 1 {
			o.Winners = append(o.Winners, p)
		}
	}
	o.Draw = draw && len(o.Winners) > 1
	return o
}

// Decision says what kind of choice a player faces at a decision.
type Decision uint8

const (
	// ChooseMove: pick one of the legal moves on the board (the usual decision).
	ChooseMove Decision = iota
	// SteerGhoula: send the Ghoula (Ghula) back or forward (Es-Sîg's only decision).
	SteerGhoula
)

// Decider is implemented by the states of games with more than one kind of decision (or a kind
// other than ChooseMove): Decision is the kind of the decision now due.
type Decider interface {
	Decision() Decision
}
