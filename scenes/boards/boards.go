// Package boards holds the boards of the five games and registers them with package stage,
// each under its game's id.
//
// It imports the rules, stage, ui and sprites; never the scenes.
package boards
