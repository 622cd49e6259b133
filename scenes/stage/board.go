// Package stage is what every game's board stands on in the play scene: the Board interface
// every game implements (with its optional Picker, for boards a person picks moves on), the
// animation queue the play scene drains tick by tick, and the sticks arena that shows every
// throw. Package boards, beside it, holds the five games' boards.
//
// # How a game's board plugs in
//
// A board is made by a Maker registered for the game's id (package boards holds the five). The
// play scene owns the rules.Match, the side panel, the computer seats and the turn order; the
// board owns the picture of the position and the picking on it:
//
//  1. Layout(m, r): place everything in the square (or strip) r; rebuild the hit areas.
//  2. Sync(s): show s at rest. Called at the start, after undo, and whenever the queue has
//     drained, so what is drawn never drifts from the rules.
//  3. Animate(q, before, after, ev): the rules have already applied a move (before → after);
//     append to q the steps that show what ev reports (steps, sowings, captures, the Ghoula…).
//     The play scene drains q at the chosen speed, finishes it at once on a tap or space, and
//     calls Sync(after) when it is empty. Boards never work out rules themselves: everything
//     they show comes from the events and the states.
//  4. Hits(h): add the board's hit areas (resolv shapes: spiral cells, holes, squares) with
//     their targets ("cell" N in the game's own numbering, see sprites.Board).
//  5. Input (optional, the Picker interface): while a human decides, the play scene passes the
//     intents the panel did not use (taps and pointer moves on the board's targets) and all
//     of the keyboard's focus intents (next, previous, arrows, activate) to the board, which
//     answers with the chosen move once it has one (Seega: a piece, then where to step). The
//     board then has the keyboard: it draws its own saffron focus; the panel's buttons stay a
//     tap (or Esc, U, H) away. A board that is not a Picker gets the plain list of legal
//     moves in the panel.
//  6. Draw(dst): draw the board, the pieces as they are now (mid-animation), highlights.
//
// Rules of thumb: all logic in Update-time calls (Sync, Animate, Input, Tick), Draw only reads;
// nothing waits for an animation that a tap or space cannot finish at once.
//
// The package imports the rules, ui and sprites; never the scenes (which import it).
package stage

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/scenes/ui"
	"sig/sprites"
)

// Board draws one game's board in the play scene.
type Board interface {
	// Layout places the board inside r (screen pixels) for the metrics m.
	Layout(m ui.Metrics, r ui.Rect)
	// Sync shows s at rest, dropping any animation state.
	Sync(s rules.State)
	// Animate appends to q the steps showing ev, which took the game from before to after.
	Animate(q *Queue, before, after rules.State, ev rules.Events)
	// Hits adds the board's hit areas to h.
	Hits(h *ui.HitMap)
	// Draw draws the board as it is now.
	Draw(dst *ebiten.Image)
}

// Picker is a board on which a human picks moves directly (tapping holes, squares, pieces).
type Picker interface {
	// Input handles one intent while the player to move decides among legal; it returns the
	// chosen move and true once the choice is complete.
	Input(in ui.Intent, s rules.State, legal []rules.Move) (rules.Move, bool)
}

// Hinter is a board that can show the legal moves (the "hints" setting).
type Hinter interface {
	// ShowHints marks the moves in legal on the board (nil clears them).
	ShowHints(s rules.State, legal []rules.Move)
}

// Warmer is a board that paints ahead the pictures its animations will need. A picture
// painted in the middle of an animation is a frame's processor time many times over (a
// piece is a dozen paths); painted in a frame where nothing moves, it costs nothing anyone
// sees.
type Warmer interface {
	// Warm paints at most one picture not made yet and reports whether it painted one.
	Warm() bool
}

// Upright is a board that, on a screen held upright, wants a place taller than it is wide
// (Sadeqa's long board, turned): the play scene gives it the height it asks for, as far as the
// panel under it can spare, and a square otherwise.
type Upright interface {
	// UprightHeight is the height the board would take in a place w wide.
	UprightHeight(m ui.Metrics, w float64) float64
}

// Canceler is a Picker that can hold a half-made choice (Seega: a piece picked, its step not yet
// chosen). Escape or back should put that back before it pauses the game.
type Canceler interface {
	// Cancel drops the half-made choice; it reports whether there was one.
	Cancel() bool
}

// Env is what a board is told about the match and the settings. The play scene owns it and
// keeps it current; boards read it.
type Env struct {
	Game   *rules.Info
	Colors []sprites.PlayerColor // one per player
	Names  []string
	// Here[p] is set when a person at this screen decides for player p: only they are told
	// what to do; anyone else's turn is named, not instructed.
	Here []bool
	// You[p] is set for the player the words call "you" (the one person at this screen who
	// gave no name); for nobody else, and at most one.
	You     []bool
	Reduced bool // reduced motion: fade rather than move
}

// IsYou reports whether the words call player p "you".
func (e *Env) IsYou(p int) bool { return e != nil && p >= 0 && p < len(e.You) && e.You[p] }

// IsHere reports whether a person at this screen decides for player p.
func (e *Env) IsHere(p int) bool { return e != nil && p >= 0 && p < len(e.Here) && e.Here[p] }

// Maker makes the board of one game.
type Maker func(env *Env) Board

var makers = map[string]Maker{}

// Register records the maker of game id's board (called by package boards).
func Register(id string, mk Maker) { makers[id] = mk }

// New makes game id's board, or reports that there is none.
func New(id string, env *Env) (Board, bool) {
	if mk, ok := makers[id]; ok {
		return mk(env), true
	}
	return nil, false
}
