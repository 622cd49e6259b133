// Package sprites is Sig's art: the palette, the embedded fonts, the procedural textures (sand,
// wood grain) and the drawing of everything that sits on a board: player pieces with their marks,
// green-and-white and polished/rough sticks, the charcoal Ghoula, Es-Sîg rings, Sadeqa seeds, and
// a small picture of each game's board for the menus.
//
// Everything is drawn in code with ebiten/v2/vector; nothing is copied. The package knows the
// games only by their ids and geometry (geometry.go); it must not import the rules, the scenes
// or the audio.
package sprites
