package seega

import (
	"fmt"
)

// Why says why a placement, a step or a piece is refused.
type Why uint8

const (
	// PlacingOver: every piece is placed; a piece steps instead.
	PlacingOver Why = iota + 1
	// CentreFirst: the centre stays empty until every piece is placed.
	CentreFirst
	// Occupied: the square is not empty.
	Occupied
	// StillPlacing: pieces are still being placed; nothing steps yet.
	StillPlacing
	// NoPiece: the mover has no piece on the square (it is empty).
	NoPiece
	// TheirPiece: the piece on the square is the opponent's.
	TheirPiece
	// NotAdjacent: a piece steps one square, never diagonally.
	NotAdjacent
	// MustChain: the mover must capture again with the piece that just captured.
	MustChain
	// OpensNoWay: the opponent is blocked and this piece cannot open a way for them.
	OpensNoWay
	// MustCapture: capture is compulsory and this piece (or step) captures nothing.
	MustCapture
	// Stuck: the piece has no empty square next to it.
	Stuck
)

// Refusal is the error Apply returns for a placement or a step the rules refuse, and what
// PieceRefusal says of a piece that cannot move: why, and the square it is about.
type Refusal struct {
	Why    Why
	Square string
	msg    string
}

func (r *Refusal) Error() string { return r.msg }

func refusal(w Why, sq int, format string, args ...any) *Refusal {
	return &Refusal{Why: w, Square: SquareName(sq), msg: fmt.Sprintf(format, args...)}
}

// PieceRefusal says why the mover cannot step the piece on square sq (nil when it has a legal
// step): no piece of theirs there, pieces still being placed, or no step of it that the rules
// allow now (it must capture, the blocked rule, or it is hemmed in).
func (s *State) PieceRefusal(sq int) *Refusal {
	if sq < 0 || sq >= Squares {
		return refusal(NoPiece, 0, "%d is not a square", sq)
	}
	p := int(s.toMove)
	switch {
	case s.Placing():
		return refusal(StillPlacing, sq, "pieces are still being placed")
	case s.At(sq) == 1-p:
		return refusal(TheirPiece, sq, "the piece on %s is the opponent's", SquareName(sq))
	case s.At(sq) != p:
		return refusal(NoPiece, sq, "there is no piece on %s", SquareName(sq))
	}
	for _, m := range s.legal[:s.nLegal] {
		if from, _, step, _ := decode(m); step && from == sq {
			return nil
		}
	}
	switch {
	case s.blocked >= 0:
		return refusal(OpensNoWay, sq, "the piece on %s cannot open a way for the blocked player", SquareName(sq))
	case s.chain:
		return refusal(MustChain, sq, "the piece on %s is not the one that must capture again", SquareName(sq))
	case s.MustCapture():
		return refusal(MustCapture, sq, "capture is compulsory and the piece on %s cannot capture", SquareName(sq))
	}
	return refusal(Stuck, sq, "the piece on %s has no empty square next to it", SquareName(sq))
}
