// Package boards holds the boards of the five games and registers them with package board,
// each under its game's id.
//
// It imports the rules, board, ui and sprites; never the scenes.
package boards
