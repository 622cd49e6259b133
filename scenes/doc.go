// Package scenes is Sig's app: the scene manager and its scenes (title, game picker, setup,
// rules, play, pause, results, settings, records, replay). It turns input into intents in one place, fades
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
// board plugs in through package stage (the Board interface, its optional Picker and Hinter,
// the animation Queue, the sticks Arena); package boards registers one per game id. When a
// move is played, the rules apply it at once, the arena and the board queue animation steps
// from the events, and the scene drains the queue tick by tick at the chosen speed, then calls
// Board.Sync with the new state. While a person decides, intents that the panel does not use
// go to the board's Picker; a board without one gets the legal moves listed in the panel.
//
// # Saves, records and replays
//
// The store (store.go) keeps named entries between runs: a file NAME.json in the user's
// configuration folder, written atomically, or the browser's localStorage key "sig.NAME". The
// play scene saves itself as "autosave" after every move and undo (save.go: versioned JSON,
// the seats and the match's RECORD, replayed through the rules on load) and clears it when
// the game ends; the title offers Continue for it, or sets a save it cannot continue aside as
// "autosave.bad" with a notice. Records (records.go) are exported from the pause menu and the
// results, imported from the title's records scene or by dropping a file on the window, and
// shown by the replay viewer (replay.go), which replays the record once through rules.Match
// and shows the positions and events it kept.
//
// The package imports the rules (and the registry rules/games), the AI, sprites and audio;
// nothing imports it but main and mobile.
package scenes
