package seega

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"sig/rules"
)

// mark is how each player's pieces are drawn: x for player 0, o for player 1.
var mark = [2]byte{'x', 'o'}

// SquareName spells a square number as a1..e5: its file's name, then its rank's.
func SquareName(sq int) string {
	if sq < 0 || sq >= Squares {
		return fmt.Sprintf("square(%d)", sq)
	}
	f, r := FileRank(sq)
	return FileName(f) + RankName(r)
}

// FileName spells file f (0..4) as a..e, as SquareName does; "" off the board.
func FileName(f int) string {
	if f < 0 || f >= Size {
		return ""
	}
	return string(rune('a' + f))
}

// RankName spells rank r (0..4) as 1..5, as SquareName does; "" off the board.
func RankName(r int) string {
	if r < 0 || r >= Size {
		return ""
	}
	return string(rune('1' + r))
}

// ParseSquare reads a1..e5.
func ParseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'e' || s[1] < '1' || s[1] > '5' {
		return 0, fmt.Errorf("%q is not a square (a1..e5)", s)
	}
	return int(s[1]-'1')*Size + int(s[0]-'a'), nil
}

// FormatMove spells m: "c1" places a piece on c1, "c2-c3" steps from c2 to c3.
func (s *State) FormatMove(m rules.Move) string {
	if m.IsThrow() {
		return "throw " + strconv.Itoa(m.ThrowCount())
	}
	from, to, step, ok := decode(m)
	switch {
	case !ok:
		return fmt.Sprintf("move(%d)", int32(m))
	case step:
		return SquareName(from) + "-" + SquareName(to)
	}
	return SquareName(to)
}

// ParseMove reads "c1" or "c2-c3". It checks the spelling, not legality.
func (s *State) ParseMove(text string) (rules.Move, error) {
	text = strings.TrimSpace(text)
	if a, b, ok := strings.Cut(text, "-"); ok {
		from, err := ParseSquare(a)
		if err != nil {
			return 0, fmt.Errorf("bad move %q: %v", text, err)
		}
		to, err := ParseSquare(b)
		if err != nil {
			return 0, fmt.Errorf("bad move %q: %v", text, err)
		}
		if from == to {
			return 0, fmt.Errorf("bad move %q: a step goes from one square to another", text)
		}
		return StepMove(from, to), nil
	}
	sq, err := ParseSquare(text)
	if err != nil {
		return 0, fmt.Errorf("bad move %q: a Seega move is a square (\"c1\", a placement) or a step (\"c2-c3\")", text)
	}
	return PlaceMove(sq), nil
}

// at is what stands on sq: 'x', 'o' or '.'.
func (s *State) at(sq int) byte {
	switch {
	case s.pieces[0]&(1<<sq) != 0:
		return mark[0]
	case s.pieces[1]&(1<<sq) != 0:
		return mark[1]
	}
	return '.'
}

// rank draws one rank (1..5) as "xo.ox".
func (s *State) rank(r int) string {
	var b [Size]byte
	for f := range Size {
		b[f] = s.at((r-1)*Size + f)
	}
	return string(b[:])
}

// seen is how many times the current position is in the repetition history.
func (s *State) seen() int {
	k, n := s.key(), 0
	for _, h := range s.hist[:s.nHist] {
		if h == k {
			n++
		}
	}
	return n
}

// String draws the board, rank 5 at the top, and a status line that Parse reads back:
//
//	  a b c d e
//	5 x o x o x
//	…
//	1 x o x o x
//	movement: o to move, captured x 0 o 0, quiet 0, seen 1, turn 13
func (s *State) String() string {
	var b strings.Builder
	b.WriteString("  a b c d e\n")
	for r := Size; r >= 1; r-- {
		b.WriteByte(byte('0' + r))
		for _, c := range []byte(s.rank(r)) {
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	me := string(mark[s.toMove])
	switch {
	case s.reason != NotOver:
		if s.result == draw {
			fmt.Fprintf(&b, "over: draw by %s", s.reason)
		} else {
			fmt.Fprintf(&b, "over: %c wins by %s", mark[s.result], s.reason)
		}
		fmt.Fprintf(&b, ", %s to move, captured x %d o %d, quiet %d, seen %d", me, s.captured[0], s.captured[1], s.quiet, s.seen())
	case s.Placing():
		fmt.Fprintf(&b, "placement: %s to place %d of 2, in hand x %d o %d", me, s.placing, s.inHand[0], s.inHand[1])
	default:
		fmt.Fprintf(&b, "movement: %s to move", me)
		if s.chain {
			b.WriteString(", chain")
		}
		if s.blocked >= 0 {
			fmt.Fprintf(&b, ", %c blocked", mark[s.blocked])
		}
		fmt.Fprintf(&b, ", captured x %d o %d, quiet %d, seen %d", s.captured[0], s.captured[1], s.quiet, s.seen())
	}
	fmt.Fprintf(&b, ", turn %d\n", s.turn)
	return b.String()
}

// Parse builds a position from the text String draws. The file header is optional; the status
// line may leave out what follows from the board: in hand (placement: twelve less the pieces
// on the board), the piece being placed and the player to place (from the number of pieces
// placed), captured (twelve less the opponent's pieces), quiet (0), seen (1: the position's
// history is this position seen that many times) and turn (from the pieces placed; 13 in the
// movement phase). The position must be consistent (Check) and, unless over, a genuine choice
// of at least two moves.
func Parse(text string) (*State, error) {
	s := &State{blocked: -1}
	var status string
	ranks := 0
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.ReplaceAll(line, " ", "") == "abcde":
			continue
		case line[0] >= '1' && line[0] <= '5':
			r := int(line[0] - '0')
			if r != Size-ranks {
				return nil, fmt.Errorf("rank %d out of order (ranks go 5 down to 1)", r)
			}
			row := strings.ReplaceAll(line[1:], " ", "")
			if len(row) != Size {
				return nil, fmt.Errorf("rank %d: %q does not have 5 squares", r, row)
			}
			for f := range Size {
				sq := (r-1)*Size + f
				switch row[f] {
				case 'x':
					s.pieces[0] |= 1 << sq
				case 'o':
					s.pieces[1] |= 1 << sq
				case '.':
				default:
					return nil, fmt.Errorf("rank %d: %q is not x, o or .", r, row[f])
				}
			}
			ranks++
		default:
			if status != "" {
				return nil, fmt.Errorf("unexpected line %q", line)
			}
			status = line
		}
	}
	if ranks != Size {
		return nil, fmt.Errorf("%d ranks, want 5", ranks)
	}
	if err := s.parseStatus(status); err != nil {
		return nil, err
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	if s.reason == NotOver && s.nLegal < 2 {
		return nil, fmt.Errorf("the position offers %d legal moves, not a choice", s.nLegal)
	}
	return s, nil
}

func (s *State) parseStatus(status string) error {
	phase, rest, ok := strings.Cut(status, ":")
	if !ok {
		return fmt.Errorf("no status line (\"placement: …\", \"movement: …\" or \"over: …\")")
	}
	on := [2]int8{int8(bits.OnesCount32(s.pieces[0])), int8(bits.OnesCount32(s.pieces[1]))}
	player := func(w string) (int8, error) {
		switch w {
		case "x":
			return 0, nil
		case "o":
			return 1, nil
		}
		return 0, fmt.Errorf("%q is not a player (x or o)", w)
	}
	seen, turn := 1, -1
	s.toMove, s.placing = -1, -1
	s.captured = [2]int8{-1, -1}
	s.inHand = [2]int8{-1, -1}
	phase = strings.TrimSpace(phase)
	for clause := range strings.SplitSeq(rest, ",") {
		w := strings.Fields(clause)
		var err error
		count := func(i int) int {
			if i >= len(w) {
				err = fmt.Errorf("%q: a number is missing", clause)
				return 0
			}
			n, e := strconv.Atoi(w[i])
			if e != nil || n < 0 || n > 1<<30 {
				err = fmt.Errorf("%q: bad number %q", clause, w[i])
			}
			return n
		}
		num := func(i int) int8 {
			n := count(i)
			if n > 127 {
				err = fmt.Errorf("%q: %d is too large", clause, n)
			}
			return int8(n)
		}
		switch {
		case len(w) == 0:
			continue
		case len(w) == 3 && w[1] == "to" && w[2] == "move", len(w) == 6 && w[1] == "to" && w[2] == "place":
			s.toMove, err = player(w[0])
			if len(w) == 6 {
				s.placing = num(3)
			}
		case len(w) == 1 && w[0] == "chain":
			s.chain = true
		case len(w) == 2 && w[1] == "blocked":
			s.blocked, err = player(w[0])
		case len(w) == 5 && w[0] == "captured" && w[1] == "x" && w[3] == "o":
			s.captured = [2]int8{num(2), num(4)}
		case len(w) == 6 && w[0] == "in" && w[1] == "hand" && w[2] == "x" && w[4] == "o":
			s.inHand = [2]int8{num(3), num(5)}
		case len(w) == 2 && w[0] == "quiet":
			s.quiet = num(1)
		case len(w) == 2 && w[0] == "seen":
			seen = int(num(1))
		case len(w) == 2 && w[0] == "turn":
			turn = count(1)
		case phase == "over" && len(w) >= 3 && (w[0] == "draw" && w[1] == "by" || w[1] == "wins" && w[2] == "by"):
			by := strings.Join(w[2:], " ")
			s.result = draw
			if w[0] != "draw" {
				s.result, err = player(w[0])
				by = strings.Join(w[3:], " ")
			}
			for r := NoPieces; r <= Repetition; r++ {
				if r.String() == by {
					s.reason = r
				}
			}
			if s.reason == NotOver {
				return fmt.Errorf("%q: unknown reason %q", clause, by)
			}
		default:
			return fmt.Errorf("status: cannot read %q", strings.TrimSpace(clause))
		}
		if err != nil {
			return err
		}
	}
	switch phase {
	case "placement":
		placed := int(on[0] + on[1])
		if s.inHand[0] < 0 {
			s.inHand = [2]int8{PiecesEach - on[0], PiecesEach - on[1]}
		}
		if s.toMove < 0 {
			s.toMove = int8(placed / 2 % 2)
		}
		if s.placing < 0 {
			s.placing = int8(placed%2 + 1)
		}
		if turn < 0 {
			turn = placed/2 + 1
		}
		s.captured = [2]int8{}
	case "movement", "over":
		s.inHand = [2]int8{}
		if s.captured[0] < 0 {
			s.captured = [2]int8{PiecesEach - on[1], PiecesEach - on[0]}
		}
		if s.toMove < 0 {
			return fmt.Errorf("status: who is to move?")
		}
		s.placing = 0
		if turn < 0 {
			turn = 13
		}
		if phase == "movement" && s.reason != NotOver || phase == "over" && s.reason == NotOver {
			return fmt.Errorf("status: %q does not go with the result", phase)
		}
		if seen < 0 || seen > len(s.hist) {
			return fmt.Errorf("status: seen %d", seen)
		}
		k := s.key()
		for range seen {
			s.hist[s.nHist] = k
			s.nHist++
		}
	default:
		return fmt.Errorf("status: %q is not placement, movement or over", phase)
	}
	s.turn = int32(turn)
	if s.reason == NotOver {
		s.genLegal()
	}
	return nil
}

// Wire is the protocol's STATE object.
func (s *State) Wire() any {
	w := wire{
		Common:   rules.CommonOf(s),
		InHand:   [2]int{int(s.inHand[0]), int(s.inHand[1])},
		Captured: [2]int{int(s.captured[0]), int(s.captured[1])},
		Quiet:    int(s.quiet),
		Chain:    s.chain,
		Blocked:  int(s.blocked),
		Placing:  int(s.placing),
	}
	for i := range Size {
		w.Board[i] = s.rank(Size - i)
	}
	return w
}

// wire is Seega's STATE: the protocol's fields plus chain, blocked and placing.
type wire struct {
	rules.Common
	Board    [Size]string `json:"board"`    // rank 5 first, files a..e: x, o or .
	InHand   [2]int       `json:"in_hand"`  // pieces still to place
	Captured [2]int       `json:"captured"` // pieces each player has taken
	Quiet    int          `json:"quiet"`    // movement moves since the last capture
	Chain    bool         `json:"chain"`    // the player to move must capture again
	Blocked  int          `json:"blocked"`  // the blocked player the opponent is playing for, or -1
	Placing  int          `json:"placing"`  // 1 or 2 during placement: which piece of the turn; 0 after
}
