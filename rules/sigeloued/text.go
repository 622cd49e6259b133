package sigeloued

import (
	"fmt"
	"strconv"
	"strings"

	"sig/rules"
)

// FormatMove spells m as the protocol does: "throw 3", "e1", "free-all e1".
func (s *State) FormatMove(m rules.Move) string {
	switch {
	case m.IsThrow():
		return "throw " + strconv.Itoa(m.ThrowCount())
	case m >= 0 && m < Squares:
		return squareNames[m]
	case m >= freeAllBase && m < freeAllBase+Squares:
		return "free-all " + squareNames[m-freeAllBase]
	}
	return fmt.Sprintf("move(%d)", int32(m))
}

// ParseMove reads "throw N" (N 0..6), "e1" or "free-all e1". It checks the spelling only.
func (s *State) ParseMove(text string) (rules.Move, error) {
	f := strings.Fields(text)
	switch {
	case len(f) == 2 && f[0] == "throw":
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 || n > 6 {
			return 0, fmt.Errorf("bad throw %q: six sticks show 0 to 6 polished faces", text)
		}
		return rules.ThrowMove(n), nil
	case len(f) == 1:
		if sq, ok := parseSquare(f[0]); ok {
			return rules.Move(sq), nil
		}
	case len(f) == 2 && f[0] == "free-all":
		if sq, ok := parseSquare(f[1]); ok {
			return freeAllBase + rules.Move(sq), nil
		}
	}
	return 0, fmt.Errorf("cannot read move %q: want \"throw N\", a square such as \"e1\", or \"free-all e1\"", text)
}

func parseSquare(t string) (int, bool) {
	if len(t) != 2 || t[0] < 'a' || t[0] > 'f' || t[1] < '1' || t[1] > '3' {
		return 0, false
	}
	return int(t[1]-'1')*Files + int(t[0]-'a'), true
}

// String draws the position: the board (row 3 at the top) and the rest of the state as
// key=value words, in the form Parse reads. On the board "S3" is South's unfreed piece 3, "s3"
// a freed one, "s3'" a freed one on its second pass through the central row (circuit indices
// 18..23); North's pieces are "N" and "n"; "." is an empty square.
func (s *State) String() string {
	var b strings.Builder
	for row := Rows - 1; row >= 0; row-- {
		line := strconv.Itoa(row + 1)
		for file := 0; file < Files; file++ {
			tok := "."
			if o := s.occ[row*Files+file]; o >= 0 {
				pl, id := o/Pieces, o%Pieces
				letter := "sn"[pl]
				if s.unfreed[pl]&(1<<id) != 0 {
					letter = "SN"[pl]
				}
				tok = string(letter) + strconv.Itoa(int(id))
				if s.at[pl][id] >= 18 {
					tok += "'"
				}
			}
			line += fmt.Sprintf(" %-3s", tok)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("  a   b   c   d   e   f\n")
	fmt.Fprintf(&b, "to_move=%d phase=%s", s.toMove, s.phase)
	if s.phase == rules.PhaseMove {
		fmt.Fprintf(&b, " value=%d", s.value)
		if s.queued > 0 {
			b.WriteString(" queue=")
			for i := int8(0); i < s.queued; i++ {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(strconv.Itoa(int(s.queue[i])))
			}
		}
		b.WriteString(" then=" + thenNames[s.then])
	}
	if s.six {
		b.WriteString(" six")
	}
	if s.bonus > 0 {
		fmt.Fprintf(&b, " bonus=%d", s.bonus)
	}
	if s.used13 {
		b.WriteString(" used13")
	}
	if s.took {
		b.WriteString(" took")
	}
	fmt.Fprintf(&b, " thrown=%d%d quiet=%d turn=%d", rules.Bit(s.thrown[0]), rules.Bit(s.thrown[1]), s.quiet, s.turn)
	if s.phase == rules.PhaseOver {
		b.WriteString(" result=" + outcomeNames[s.outcome])
	}
	fmt.Fprintf(&b, " captured=%d,%d\n", s.captured[0], s.captured[1])
	return b.String()
}

var (
	thenNames    = [...]string{thenNone: "-", thenThrow: "throw", thenSix: "six", thenEnd: "end"}
	outcomeNames = [...]string{running: "-", southWon: "south", northWon: "north", drawn: "draw"}
)

// Parse builds a position from the text String draws. Only the three board rows are required
// (the file-letter line may be left out); missing words take these defaults: to_move=0
// phase=throw thrown=11 quiet=0 turn=1, and at a decision then=end. captured=… is checked
// against the board, which decides it. A decision (phase=move value=V) must offer at least
// two options.
func Parse(text string) (*State, error) {
	s := &State{}
	for sq := range s.occ {
		s.occ[sq] = -1
	}
	for pl := range s.at {
		for id := range s.at[pl] {
			s.at[pl][id] = -1
		}
	}
	s.phase = rules.PhaseThrow
	s.thrown = [2]bool{true, true}
	s.turn = 1
	rows := 0
	captured := [2]int8{-1, -1}
	hasThen := false
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.Join(f, "") == "abcdef" {
			continue
		}
		if len(f[0]) == 1 && f[0][0] >= '1' && f[0][0] <= '3' {
			if len(f) != Files+1 {
				return nil, fmt.Errorf("row %s: want 6 squares, got %d", f[0], len(f)-1)
			}
			rows++
			row := int(f[0][0] - '1')
			for file, tok := range f[1:] {
				if err := s.place(row*Files+file, tok); err != nil {
					return nil, err
				}
			}
			continue
		}
		for _, w := range f {
			key, val, _ := strings.Cut(w, "=")
			var err error
			switch key {
			case "to_move":
				s.toMove, err = parseInt8(val, 0, 1)
			case "phase":
				switch val {
				case "throw":
					s.phase = rules.PhaseThrow
				case "move":
					s.phase = rules.PhaseMove
				case "over":
					s.phase = rules.PhaseOver
				default:
					err = fmt.Errorf("unknown phase")
				}
			case "value":
				s.value, err = parseInt8(val, 1, 13)
			case "queue":
				for _, q := range strings.Split(val, ",") {
					var v int8
					if v, err = parseInt8(q, 0, 13); err != nil || s.queued == 2 {
						err = fmt.Errorf("at most two values of 0..13")
						break
					}
					s.push(v)
				}
			case "then":
				hasThen = true
				switch val {
				case "throw":
					s.then = thenThrow
				case "six":
					s.then = thenSix
				case "end":
					s.then = thenEnd
				default:
					err = fmt.Errorf("want throw, six or end")
				}
			case "six":
				s.six = true
			case "bonus":
				s.bonus, err = parseInt8(val, 0, 3)
			case "used13":
				s.used13 = true
			case "took":
				s.took = true
			case "thrown":
				if len(val) != 2 || strings.Trim(val, "01") != "" {
					err = fmt.Errorf("want two digits 0 or 1")
				} else {
					s.thrown = [2]bool{val[0] == '1', val[1] == '1'}
				}
			case "quiet":
				var q int64
				q, err = strconv.ParseInt(val, 10, 16)
				s.quiet = int16(q)
			case "turn":
				var t int64
				t, err = strconv.ParseInt(val, 10, 32)
				s.turn = int32(t)
			case "result":
				switch val {
				case "south":
					s.outcome = southWon
				case "north":
					s.outcome = northWon
				case "draw":
					s.outcome = drawn
				default:
					err = fmt.Errorf("want south, north or draw")
				}
			case "captured":
				a, b, _ := strings.Cut(val, ",")
				if captured[0], err = parseInt8(a, 0, 6); err == nil {
					captured[1], err = parseInt8(b, 0, 6)
				}
			default:
				err = fmt.Errorf("unknown word")
			}
			if err != nil {
				return nil, fmt.Errorf("%q: %v", w, err)
			}
		}
	}
	if rows != Rows {
		return nil, fmt.Errorf("want the 3 rows of the board, got %d", rows)
	}
	for pl := 0; pl < 2; pl++ {
		left := int8(0)
		for _, i := range s.at[1-pl] {
			if i >= 0 {
				left++
			}
		}
		s.captured[pl] = Pieces - left
		if captured[pl] >= 0 && captured[pl] != s.captured[pl] {
			return nil, fmt.Errorf("captured=%d for %s, but the board says %d", captured[pl], playerNames[pl], s.captured[pl])
		}
	}
	switch s.phase {
	case rules.PhaseMove:
		if !hasThen {
			s.then = thenEnd
		}
		if n := s.options(s.value); n < 2 {
			return nil, fmt.Errorf("a decision needs at least two options, the %d has %d", s.value, n)
		}
	case rules.PhaseOver:
		if s.outcome == running {
			return nil, fmt.Errorf("phase=over needs result=south, north or draw")
		}
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return s, nil
}

// place puts the piece a board token names on sq.
func (s *State) place(sq int, tok string) error {
	if tok == "." {
		return nil
	}
	second := strings.HasSuffix(tok, "'")
	t := strings.TrimSuffix(tok, "'")
	if len(t) != 2 || !strings.Contains("SsNn", t[:1]) || t[1] < '0' || t[1] > '5' {
		return fmt.Errorf("%s: bad piece %q (want S0..S5, s0..s5, N0..N5, n0..n5, with ' on a second pass)", squareNames[sq], tok)
	}
	pl := int8(strings.IndexByte("SsNn", t[0]) / 2)
	id := int8(t[1] - '0')
	if s.at[pl][id] >= 0 {
		return fmt.Errorf("%s: piece %s is on the board twice", squareNames[sq], t)
	}
	idx := indicesOf[pl][sq][0]
	if second {
		idx = indicesOf[pl][sq][1]
		if idx < 0 {
			return fmt.Errorf("%s: %q, but a piece passes %s only once", squareNames[sq], tok, squareNames[sq])
		}
	}
	if t[0] == 'S' || t[0] == 'N' {
		s.unfreed[pl] |= 1 << id
	}
	s.at[pl][id] = idx
	s.occ[sq] = pl*Pieces + id
	return nil
}

func parseInt8(t string, lo, hi int) (int8, error) {
	n, err := strconv.Atoi(t)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want a number %d..%d", lo, hi)
	}
	return int8(n), nil
}

// wirePiece is one piece in the protocol's STATE.
type wirePiece struct {
	Square string `json:"square"`
	Index  int    `json:"index"`
	Freed  bool   `json:"freed"`
	ID     int    `json:"id"`
}

// wirePending is what is still due in the turn (an extra of this game's STATE).
type wirePending struct {
	// Values are the values still to play after the one in play, in order.
	Values []int `json:"values"`
	// Then is what follows once they are played: "throw" (another throw in this turn) or
	// "end"; at a throw, "throw". Empty once the game is over.
	Then string `json:"then"`
	// Six: the coming throw follows a six polished (a sig makes it a 7).
	Six bool `json:"six"`
	// BonusThrows: how many of the three extra throws of a first six rough are still to come.
	BonusThrows int `json:"bonus_throws"`
	// Thirteen: a sig among them would still make 13.
	Thirteen bool `json:"thirteen"`
}

type wire struct {
	rules.Common
	Pieces   [2][]wirePiece `json:"pieces"`
	Captured [2]int         `json:"captured"`
	Value    *int           `json:"value"`
	Pending  wirePending    `json:"pending"`
	Quiet    int            `json:"quiet"`
	Thrown   [2]bool        `json:"thrown"`
}

// Wire is the protocol's STATE: pieces (in piece-id order, with their square, circuit index,
// whether freed, and id), captured, value; and, as extras, pending, quiet (completed turns in a
// row without a capture) and thrown (whether each player has made their first throw).
func (s *State) Wire() any {
	w := wire{Common: rules.CommonOf(s), Quiet: int(s.quiet), Thrown: s.thrown}
	for pl := 0; pl < 2; pl++ {
		w.Pieces[pl] = []wirePiece{}
		for id, i := range s.at[pl] {
			if i >= 0 {
				w.Pieces[pl] = append(w.Pieces[pl], wirePiece{squareNames[squareOf[pl][i]], int(i), s.unfreed[pl]&(1<<id) == 0, id})
			}
		}
		w.Captured[pl] = int(s.captured[pl])
	}
	w.Pending.Values = []int{}
	switch s.phase {
	case rules.PhaseMove:
		v := int(s.value)
		w.Value = &v
		for _, q := range s.queue[:s.queued] {
			w.Pending.Values = append(w.Pending.Values, int(q))
		}
		w.Pending.Then = "throw"
		if s.then == thenEnd {
			w.Pending.Then = "end"
		}
		w.Pending.Six = s.then == thenSix
	case rules.PhaseThrow:
		w.Pending.Then = "throw"
		w.Pending.Six = s.six
	}
	w.Pending.BonusThrows = int(s.bonus)
	w.Pending.Thirteen = s.bonus > 0 && !s.used13
	return w
}
