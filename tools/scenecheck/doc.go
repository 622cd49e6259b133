// Package scenecheck holds one test: the scenes and the art (scenes/..., sprites/...) know no
// game by its id and keep no copy of a game's geography or throw rules. The rules packages say
// those (a square's spot on the board, the centre, the track's special spaces, what a throw is
// worth); a scene or a sprite that writes them again is a rule that escaped, and it drifts from
// the rules without any test noticing (an El Oued log that reads the circuits from a copy of
// its own names the wrong square of every capture; docs/scene-checks.md). The test reads the sources, so it costs no build
// of the game and runs in the unit step in well under a second.
package scenecheck
