package ui

import "fmt"

// Kind says what the player means.
type Kind uint8

// The intents. Mouse, touch and keyboard all end up as these.
const (
	None Kind = iota
	// Next and Prev move the focus in reading order (tab, shift+tab).
	Next
	Prev
	// Move moves the focus toward DX, DY (arrow keys).
	Move
	// Activate acts on the focused widget (enter, space; Rune is ' ' for space).
	Activate
	// Back leaves the current scene (escape, the browser's or the phone's back).
	Back
	// Tap is a click or a tap released at X, Y on Target (the zero Target: nothing there).
	Tap
	// Point is the pointer resting or moving at X, Y over Target (hover), or pressing (Down).
	Point
	// Scroll scrolls by DY pixels (wheel, drag, page keys); positive shows what is further down.
	Scroll
	// Char is a typed character (Rune), Erase a backspace: for text fields.
	Char
	Erase
	// Key is a shortcut letter (Rune): u undo, h hints, p pause.
	Key
)

var kindNames = [...]string{"none", "next", "prev", "move", "activate", "back", "tap", "point", "scroll", "char", "erase", "key"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Target is what a hit area stands for: a button ("button", its ID), a cell of a board ("cell",
// its number), a hole, a piece… Boards and scenes choose the kinds.
type Target struct {
	Kind string
	ID   string
	N    int
}

// IsZero reports whether t is no target at all.
func (t Target) IsZero() bool { return t == Target{} }

func (t Target) String() string {
	if t.ID != "" {
		return t.Kind + ":" + t.ID
	}
	return fmt.Sprintf("%s:%d", t.Kind, t.N)
}

// Intent is one thing the player means this frame.
type Intent struct {
	Kind   Kind
	Target Target
	X, Y   float64 // pointer position in screen pixels (Tap, Point)
	DX, DY int     // direction (Move)
	Scroll float64 // pixels (Scroll)
	Rune   rune    // Char, Key; ' ' for an Activate from the space bar
	Down   bool    // Point: the pointer is pressed
	Touch  bool    // Tap, Point: a finger on a touch screen, not a mouse
}

func (in Intent) String() string {
	switch in.Kind {
	case Tap, Point:
		return fmt.Sprintf("%s %s @%.0f,%.0f", in.Kind, in.Target, in.X, in.Y)
	case Move:
		return fmt.Sprintf("move %d,%d", in.DX, in.DY)
	case Scroll:
		return fmt.Sprintf("scroll %.0f", in.Scroll)
	case Char, Key:
		return fmt.Sprintf("%s %q", in.Kind, in.Rune)
	}
	return in.Kind.String()
}
