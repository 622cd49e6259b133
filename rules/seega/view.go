package seega

import "sig/rules"

// Read-only accessors for the play scene, which draws the position and explains it; none of
// them changes the state or works out anything the rules above do not already decide.

// At is the owner of the piece on sq (0 or 1), or -1 if sq is empty or not a square.
func (s *State) At(sq int) int {
	if sq < 0 || sq >= Squares {
		return -1
	}
	switch {
	case s.pieces[0]&(1<<sq) != 0:
		return 0
	case s.pieces[1]&(1<<sq) != 0:
		return 1
	}
	return -1
}

// InHand is the number of pieces player p still has to place.
func (s *State) InHand(p int) int { return int(s.inHand[p&1]) }

// Captured is the number of pieces player p has taken.
func (s *State) Captured(p int) int { return int(s.captured[p&1]) }

// PlacingPiece is which piece of the turn the player to move places next (1..PlacedEachTurn),
// or 0 once every piece is placed.
func (s *State) PlacingPiece() int { return int(s.placing) }

// Chain reports whether the player to move must capture again.
func (s *State) Chain() bool { return s.chain }

// Blocked is the player who cannot move while the opponent plays again under the blocked rule,
// or -1.
func (s *State) Blocked() int { return int(s.blocked) }

// MustCapture reports whether the player to move must capture (capture is compulsory and
// some move captures, or a chain goes on).
func (s *State) MustCapture() bool {
	if s.reason != NotOver || s.Placing() {
		return false
	}
	if s.chain {
		return true
	}
	p := s.toMove
	return s.blocked < 0 && threatened(s.pieces[p], s.pieces[1-p]) != 0
}

// Captures is the set of squares (bit sq set) whose pieces the step m of the player to move
// would capture; 0 for a placement or a move that is not a step.
func (s *State) Captures(m rules.Move) uint32 {
	from, to, step, ok := decode(m)
	if !ok || !step || s.Placing() {
		return 0
	}
	p := s.toMove
	own := s.pieces[p]
	if own&(1<<from) == 0 {
		return 0
	}
	return captures(to, own, s.pieces[1-p])
}

// Outcome is how the game ended: captures decide, or the guards (40 quiet moves, a third
// repetition) give it to the player with more captures, a draw when level.
func (s *State) Outcome() rules.Outcome {
	if s.reason == NotOver {
		return rules.Outcome{}
	}
	e := rules.AllTaken
	switch s.reason {
	case QuietMoves:
		e = rules.QuietMoves
	case Repetition:
		e = rules.Repetition
	}
	return rules.NewOutcome(e, s.Ranks(), true, []int{s.Captured(0), s.Captured(1)})
}

// Neighbours is the set of squares (bit sq set) one orthogonal step from sq: where a piece on
// sq may step to, if empty.
func Neighbours(sq int) uint32 {
	if sq < 0 || sq >= Squares {
		return 0
	}
	return adj[sq]
}

// FileRank is where square sq lies: its file 0..4 (a..e) and its rank 0..4 (ranks 1..5).
func FileRank(sq int) (file, rank int) { return sq % Size, sq / Size }

// SquareAt is the square on file f and rank r (as FileRank counts them), and whether there is
// one.
func SquareAt(f, r int) (int, bool) {
	if f < 0 || f >= Size || r < 0 || r >= Size {
		return -1, false
	}
	return r*Size + f, true
}

// Toward is the square df files toward file e and dr ranks toward rank 5 from square sq, and
// whether there is one (false past the board's edge, or for a square off the board).
func Toward(sq, df, dr int) (int, bool) {
	if sq < 0 || sq >= Squares {
		return -1, false
	}
	f, r := FileRank(sq)
	return SquareAt(f+df, r+dr)
}
