package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Reader turns Ebitengine's mouse, touch and keyboard state into intents, once per tick. It is
// the one place that reads input; everything after it sees intents only.
type Reader struct {
	// Text makes typed characters Char intents (a text field has the focus) instead of
	// shortcut keys.
	Text bool

	down           bool
	touch          ebiten.TouchID
	touching       bool
	startX, startY float64
	lastX, lastY   float64
	dragging       bool
	keys           []ebiten.Key
	chars          []rune
}

// dragStart is how far (in points) a press must move to become a drag rather than a tap.
const dragStart = 10

// Read appends this tick's intents to out. unit is pixels per point (for drag distances and
// wheel steps). Positions are in screen pixels, as Ebitengine reports them after LayoutF.
func (r *Reader) Read(out []Intent, unit float64) []Intent {
	out = r.keyboard(out, unit)
	out = r.pointer(out, unit)
	return out
}

// keyActs reports whether a key that repeats while held (Backspace, the arrows, Tab, Page Up and
// Down) acts this tick: pressed in it, or held long enough to repeat. "Pressed in it" is
// Ebitengine's just-pressed, not a press duration of 1: when frames are slow, a quick press and
// its release arrive between two ticks and are stamped with the same one, and Ebitengine then
// reports the key pressed this tick but held for 0 ticks, so a duration of 1 would lose it.
func keyActs(justPressed bool, held int) bool {
	return justPressed || (held > 24 && held%4 == 0)
}

func (r *Reader) keyboard(out []Intent, unit float64) []Intent {
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	repeat := func(k ebiten.Key) bool {
		return keyActs(inpututil.IsKeyJustPressed(k), inpututil.KeyPressDuration(k))
	}
	if repeat(ebiten.KeyTab) {
		if shift {
			out = append(out, Intent{Kind: Prev})
		} else {
			out = append(out, Intent{Kind: Next})
		}
	}
	for _, a := range []struct {
		k      ebiten.Key
		dx, dy int
	}{{ebiten.KeyArrowLeft, -1, 0}, {ebiten.KeyArrowRight, 1, 0}, {ebiten.KeyArrowUp, 0, -1}, {ebiten.KeyArrowDown, 0, 1}} {
		if repeat(a.k) {
			out = append(out, Intent{Kind: Move, DX: a.dx, DY: a.dy})
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter) {
		out = append(out, Intent{Kind: Activate})
	}
	if inpututil.IsKeyJustPressed(ebiten.KeySpace) && !r.Text {
		out = append(out, Intent{Kind: Activate, Rune: ' '})
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		out = append(out, Intent{Kind: Back})
	}
	if repeat(ebiten.KeyBackspace) {
		if r.Text {
			out = append(out, Intent{Kind: Erase})
		} else if inpututil.IsKeyJustPressed(ebiten.KeyBackspace) {
			out = append(out, Intent{Kind: Back})
		}
	}
	if repeat(ebiten.KeyPageDown) {
		out = append(out, Intent{Kind: Scroll, Scroll: 400 * unit, DY: 1})
	}
	if repeat(ebiten.KeyPageUp) {
		out = append(out, Intent{Kind: Scroll, Scroll: -400 * unit, DY: -1})
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyHome) {
		out = append(out, Intent{Kind: Scroll, Scroll: math.Inf(-1)})
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEnd) {
		out = append(out, Intent{Kind: Scroll, Scroll: math.Inf(1)})
	}
	r.chars = ebiten.AppendInputChars(r.chars[:0])
	for _, c := range r.chars {
		switch {
		case r.Text:
			out = append(out, Intent{Kind: Char, Rune: c})
		case c != ' ' && !ebiten.IsKeyPressed(ebiten.KeyControl) && !ebiten.IsKeyPressed(ebiten.KeyMeta):
			out = append(out, Intent{Kind: Key, Rune: c})
		}
	}
	return out
}

func (r *Reader) pointer(out []Intent, unit float64) []Intent {
	// Touch first: the first finger down drives the pointer until it lifts.
	var x, y float64
	pressed, justPressed, released := false, false, false
	finger := r.touching
	if !r.touching {
		for _, id := range inpututil.AppendJustPressedTouchIDs(nil) {
			r.touch, r.touching = id, true
			justPressed, finger = true, true
			break
		}
	}
	switch {
	case r.touching:
		if inpututil.IsTouchJustReleased(r.touch) {
			r.touching = false
			released = true
			x, y = r.lastX, r.lastY
		} else {
			tx, ty := ebiten.TouchPosition(r.touch)
			x, y = float64(tx), float64(ty)
			pressed = true
		}
	default:
		x, y = ebiten.CursorPositionF()
		pressed = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
		justPressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
		released = inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	}
	if justPressed {
		r.down, r.dragging = true, false
		r.startX, r.startY = x, y
		r.lastX, r.lastY = x, y
	}
	moved := x != r.lastX || y != r.lastY
	if r.down && pressed {
		if !r.dragging && math.Hypot(x-r.startX, y-r.startY) > dragStart*unit {
			r.dragging = true
		}
		if r.dragging && y != r.lastY {
			out = append(out, Intent{Kind: Scroll, Scroll: r.lastY - y, X: x, Y: y})
		}
	}
	if moved || justPressed || released {
		out = append(out, Intent{Kind: Point, X: x, Y: y, Down: pressed && !released && !r.dragging, Touch: finger})
	}
	if released && r.down {
		if !r.dragging {
			out = append(out, Intent{Kind: Tap, X: x, Y: y, Touch: finger})
		}
		r.down, r.dragging = false, false
	}
	r.lastX, r.lastY = x, y
	if _, wy := ebiten.Wheel(); wy != 0 {
		out = append(out, Intent{Kind: Scroll, Scroll: -wy * 48 * unit, X: x, Y: y})
	}
	return out
}

// Resolve fills in the target of every pointer intent from the hit areas h.
func Resolve(in []Intent, h *HitMap) {
	for i := range in {
		if in[i].Kind == Tap || in[i].Kind == Point {
			in[i].Target, _ = h.At(in[i].X, in[i].Y)
		}
	}
}
