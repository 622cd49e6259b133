package boards

import (
	"sig/rules"
	"sig/rules/sigeloued"
	"sig/scenes/lang"
	"sig/scenes/ui"
)

func (b *elOuedBoard) ShowHints(s rules.State, legal []rules.Move) { b.hints = legal != nil }

// Hits adds the 18 squares and, at a big throw, the two choice buttons (shown once a piece
// that can free all is picked).
func (b *elOuedBoard) Hits(h *ui.HitMap) {
	if b.b == nil {
		return
	}
	for i, c := range b.b.Cells {
		h.AddPolygon(c.Hit, ui.Target{Kind: "cell", N: i})
	}
	if b.big() {
		for i, id := range []string{"move", "free"} {
			h.AddRect(b.choices[i], ui.Target{Kind: "choice", ID: id, N: i})
		}
	}
}

// Input picks a move from taps on the squares and the choice buttons, the pointer's hover,
// arrows (a cursor over the squares, down into the buttons), tab (the next piece that can
// move) and enter.
func (b *elOuedBoard) Input(in ui.Intent, s rules.State, legal []rules.Move) (rules.Move, bool) {
	if b.st == nil || !b.st.Equal(s) {
		b.Sync(s)
	}
	switch in.Kind {
	case ui.Point:
		b.hover, b.hoverChoice = -1, -1
		switch in.Target.Kind {
		case "cell":
			b.hover = in.Target.N
		case "choice":
			if b.picked >= 0 {
				b.hoverChoice = in.Target.N
			}
		}
	case ui.Tap:
		b.keys = false
		switch in.Target.Kind {
		case "cell":
			return b.pick(in.Target.N)
		case "choice":
			if b.picked >= 0 {
				return b.choose(in.Target.N)
			}
		}
		b.picked, b.note = -1, ""
	case ui.Move:
		b.keys = true
		b.note = ""
		if b.inChoice {
			switch {
			case in.DY < 0:
				b.inChoice = false
			case in.DX != 0:
				b.choice = 1 - b.choice
			}
			return 0, false
		}
		// The board is drawn as South sees it (row 1 at the bottom): down is toward row 1, and
		// down from row 1 goes into the choice buttons under the board.
		sq, ok := sigeloued.Toward(b.cursor, in.DX, -in.DY)
		if !ok && in.DY > 0 && b.picked >= 0 {
			b.inChoice = true
			return 0, false
		}
		if ok {
			b.cursor = sq
		}
	case ui.Next, ui.Prev:
		b.keys = true
		if b.inChoice && b.picked >= 0 {
			// Tab goes from "Move" to "Free all" (shift-tab back) before it leaves the choice.
			plain, free := b.optionsOf(b.picked)
			if plain != nil && free != nil && (b.choice == 0) == (in.Kind == ui.Next) {
				b.choice = 1 - b.choice
				return 0, false
			}
		}
		b.inChoice = false
		b.cycle(in.Kind == ui.Next)
	case ui.Activate:
		b.keys = true
		if b.inChoice && b.picked >= 0 {
			return b.choose(b.choice)
		}
		return b.pick(b.cursor)
	}
	return 0, false
}

// cycle moves the cursor to the next (or previous) piece that can move, in square order.
func (b *elOuedBoard) cycle(forward bool) {
	var sqs []int
	for _, o := range b.opts {
		if len(sqs) == 0 || sqs[len(sqs)-1] != o.sq {
			sqs = append(sqs, o.sq)
		}
	}
	if len(sqs) == 0 {
		return
	}
	for k := 1; k <= sigeloued.Squares; k++ {
		d := k
		if !forward {
			d = -k
		}
		sq := ((b.cursor+d)%sigeloued.Squares + sigeloued.Squares) % sigeloued.Squares
		if b.pickable(sq) {
			b.cursor = sq
			return
		}
	}
}

// pick handles a tap (or enter) on square sq.
func (b *elOuedBoard) pick(sq int) (rules.Move, bool) {
	if sq < 0 || sq >= sigeloued.Squares {
		return 0, false
	}
	b.cursor = sq
	b.note = ""
	if b.picked >= 0 {
		// The landing square of the open choice's "move" plays it.
		if plain, _ := b.optionsOf(b.picked); plain != nil && sq == plain.land && sq != b.picked {
			return b.take(plain.move)
		}
		if sq == b.picked {
			b.picked, b.inChoice = -1, false
			return 0, false
		}
	}
	plain, free := b.optionsOf(sq)
	switch {
	case free != nil:
		// A big throw and a piece that can free all: open the choice.
		b.picked, b.choice, b.hoverChoice = sq, 0, -1
		if plain == nil {
			b.choice = 1
		}
		if b.keys {
			b.inChoice = true
		}
		return 0, false
	case plain != nil:
		return b.take(plain.move)
	}
	b.picked, b.inChoice = -1, false
	b.note = b.refusal(sq)
	return 0, false
}

// choose plays the choice button i (0 move, 1 free all) of the picked piece.
func (b *elOuedBoard) choose(i int) (rules.Move, bool) {
	plain, free := b.optionsOf(b.picked)
	o := plain
	if i == 1 {
		o = free
	}
	if o == nil {
		b.note = lang.T("oued.cantdo")
		if i == 0 {
			b.note = b.refusalOf(b.picked)
		}
		return 0, false
	}
	return b.take(o.move)
}

// take hands mv to the play scene and closes the choice.
func (b *elOuedBoard) take(mv rules.Move) (rules.Move, bool) {
	b.picked, b.inChoice, b.hoverChoice, b.note = -1, false, -1, ""
	return mv, true
}

// focusOption is the option previewed now: the focused choice of the picked piece, or the
// move of the piece under the pointer or the cursor.
func (b *elOuedBoard) focusOption() *elOuedOption {
	if b.busy || b.st == nil || b.st.Phase() != rules.PhaseMove {
		return nil
	}
	if b.picked >= 0 {
		plain, free := b.optionsOf(b.picked)
		c := b.choice
		if b.hoverChoice >= 0 {
			c = b.hoverChoice
		}
		if c == 1 && free != nil {
			return free
		}
		if plain != nil {
			return plain
		}
		return free
	}
	sq := b.hover
	if b.keys || sq < 0 {
		sq = b.cursor
		if !b.keys && b.hover < 0 {
			return nil
		}
	}
	plain, free := b.optionsOf(sq)
	if plain != nil {
		return plain
	}
	return free
}
