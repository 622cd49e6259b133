// Package scenes is Sig's app: the scene manager and its scenes (title, game picker, setup,
// rules, play, pause, results, settings). It turns input into intents in one place, fades
// between scenes, keeps the settings, and hosts each game's board in the play scene.
//
// # Shape
//
// Manager implements ebiten.Game. Each frame it reads mouse, touch and keyboard into intents
// (package ui: next/previous/move focus, activate, back, tap on a target, scroll, typed text),
// resolves taps against the current scene's hit areas (resolv shapes) and hands them to the
// scene's Update. Scenes keep all logic in Update; Draw only reads. Goto switches scenes with
// a 0.25 s cross-fade. Every scene can be left with back/Escape.
//
// # The play scene and the boards
//
// The play scene owns a rules.Match, the side panel (landscape) or bottom sheet (portrait),
// the computer seats (newComputer in computer.go: package ai's Thinker, a few milliseconds a tick) and the undo marks. A game's
// board plugs in through package board (the Board interface, its optional Picker and Hinter,
// the animation Queue, the sticks Arena); package boards registers one per game id. When a
// move is played, the rules apply it at once, the arena and the board queue animation steps
// from the events, and the scene drains the queue tick by tick at the chosen speed, then calls
// Board.Sync with the new state. While a person decides, intents that the panel does not use
// go to the board's Picker; a board without one gets the legal moves listed in the panel.
//
// The package imports the rules (and the registry rules/games), the AI, sprites and audio;
// nothing imports it but main and mobile.
package scenes
