// Package boards holds the boards of the five games and registers them with package board.
//
// A game without a board of its own gets the plain board of stub.go, registered as the
// fallback: the real board geometry drawn by sprites, the position read from the protocol's
// STATE object (rules.State.Wire), the squares the last move touched lit up, and no picking on
// the board (the play scene lists the legal moves instead). Each game's own board (a Picker, a
// Hinter, real animations) registers under the game's id and takes precedence.
//
// It imports the rules, board, ui and sprites; never the scenes.
package boards

import "sig/scenes/board"

func init() {
	board.RegisterFallback(func(id string, env *board.Env) board.Board { return newStub(id, env) })
}
