package sadeqa

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"sig/rules"
)

// FormatMove spells a move as the protocol does: the mover's hole number, "1" … "10".
func (s *State) FormatMove(m rules.Move) string {
	if m.IsThrow() {
		return "throw " + strconv.Itoa(m.ThrowCount())
	}
	return strconv.Itoa(int(m))
}

// ParseMove reads a move, "1" … "10". It checks the spelling, not legality.
func (s *State) ParseMove(text string) (rules.Move, error) {
	t := strings.TrimSpace(text)
	k, err := strconv.Atoi(t)
	if err != nil || k < 1 || k > RowHoles || t != strconv.Itoa(k) {
		return 0, fmt.Errorf("%q is not a Sadeqa move: a move is one of your holes, 1 to 10 from your left", text)
	}
	return rules.Move(k), nil
}

// Wire is the protocol's STATE for a Sadeqa position.
type Wire struct {
	rules.Common
	// Holes are the seed counts, [[S1 … S10], [N1 … N10]].
	Holes [2][RowHoles]int `json:"holes"`
	// Warana is the owner (0 or 1) of each hole's warana, or -1; same layout as Holes.
	Warana [2][RowHoles]int `json:"warana"`
	// Captured are the seeds each player has captured.
	Captured [2]int `json:"captured"`
	// Scores are the points: captured plus seeds in one's own waranas (plus one's own row after
	// the guard ended the game).
	Scores [2]int `json:"scores"`
	// Bonus is true when the player to act is making a bonus move.
	Bonus bool `json:"bonus"`
	// Quiet is the number of turns in a row without a capture or a new warana.
	Quiet int `json:"quiet"`
	// End says why the game ended: "no moves", "quiet" or "repetition"; empty while it goes on.
	End string `json:"end,omitempty"`
}

// Wire is the protocol's STATE object.
func (s *State) Wire() any {
	w := Wire{
		Common:   rules.CommonOf(s),
		Captured: [2]int{int(s.captured[0]), int(s.captured[1])},
		Scores:   s.Scores(),
		Bonus:    s.bonus,
		Quiet:    int(s.quiet),
	}
	for i := range Holes {
		w.Holes[i/RowHoles][i%RowHoles] = int(s.holes.get(i))
		w.Warana[i/RowHoles][i%RowHoles] = s.Warana(i)
	}
	if s.end != NotOver {
		w.End = s.end.String()
	}
	return w
}

// String draws the board as the players see it from South's side: North's row on top, N10 at
// the left, South's row below, S1 at the left; a "w" marks a warana (owned by the player across).
// The lines after the board give the player to act, the legal moves and the counters. Parse
// reads this text back.
func (s *State) String() string {
	var b strings.Builder
	b.WriteString("      ")
	for k := RowHoles; k >= 1; k-- {
		fmt.Fprintf(&b, "%4s", "N"+strconv.Itoa(k))
	}
	b.WriteString("\nnorth:")
	for k := RowHoles; k >= 1; k-- {
		s.cell(&b, Hole(North, k))
	}
	b.WriteString("\nsouth:")
	for k := 1; k <= RowHoles; k++ {
		s.cell(&b, Hole(South, k))
	}
	b.WriteString("\n      ")
	for k := 1; k <= RowHoles; k++ {
		fmt.Fprintf(&b, "%4s", "S"+strconv.Itoa(k))
	}
	b.WriteString("\n")
	if s.phase == rules.PhaseOver {
		r := s.Ranks()
		fmt.Fprintf(&b, "over: %s (ranks %d %d)\n", s.end, r[0], r[1])
	} else {
		fmt.Fprintf(&b, "to move: %s\n", strings.ToLower(playerName(int(s.toMove))))
		if s.bonus {
			b.WriteString("bonus: yes\n")
		}
		b.WriteString("legal:")
		for m := s.legal; m != 0; m &= m - 1 {
			fmt.Fprintf(&b, " %d", trailing(m)+1)
		}
		b.WriteString("\n")
	}
	sc := s.Scores()
	fmt.Fprintf(&b, "captured: %d %d\nscores: %d %d\nquiet: %d\nturn: %d\n",
		s.captured[0], s.captured[1], sc[0], sc[1], s.quiet, s.turn)
	if s.phase != rules.PhaseOver {
		fmt.Fprintf(&b, "repeats: %d\n", s.repeats())
	}
	return b.String()
}

// cell writes hole i's count in four columns, with a "w" if it is a warana.
func (s *State) cell(b *strings.Builder, i int) {
	mark := ""
	if s.Warana(i) >= 0 {
		mark = "w"
	}
	fmt.Fprintf(b, "%4s", strconv.Itoa(int(s.holes.get(i)))+mark)
}

// repeats is how many times the current position has occurred (for the repetition guard).
func (s *State) repeats() int {
	if s.free != s.freeSeeds() {
		return 0
	}
	k, n := s.key(), 0
	for _, h := range s.history {
		if h == k {
			n++
		}
	}
	return n
}

// Parse builds a position from the text String writes, so tests can draw positions:
//
//	north:  0  0  3  2w 0  0  0  0  0  1     (N10 … N1, as seen from South)
//	south:  5  0  0  0  0  0  0  0  0  0     (S1 … S10)
//	to move: south
//	captured: 30 38
//
// "to move" and "captured" are required; "bonus: yes", "quiet: n", "turn: n" and "repeats: n"
// (how many times this position has occurred, 1 by default) are optional. The lines String
// derives ("legal:", "scores:") may be given and are checked; column labels are skipped. The
// seeds on the board and the captured ones must make 80, and the player to move must have a
// legal move. The position is a decision of the player to move, even with a single option.
func Parse(text string) (*State, error) { return parse(text, true) }

// parse is Parse; a position drawn only for its key (tests of the repetition guard) need not
// have a legal move.
func parse(text string, decision bool) (*State, error) {
	s := &State{history: make([]key, 0, 64)}
	var rows, mover, caught bool
	repeats := 1
	var legal, scores string
	seen := map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "N10") || strings.HasPrefix(line, "S1 ") {
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("line %d: %q is not \"name: value\"", n+1, line)
		}
		if seen[name] {
			return nil, fmt.Errorf("line %d: %s given twice", n+1, name)
		}
		seen[name] = true
		value = strings.TrimSpace(value)
		var err error
		switch name {
		case "north", "south":
			err = s.parseRow(name, value)
			rows = rows || name == "south" && seen["north"] || name == "north" && seen["south"]
		case "to move":
			switch value {
			case "south":
				s.toMove = South
			case "north":
				s.toMove = North
			default:
				err = fmt.Errorf("to move is %q, not south or north", value)
			}
			mover = true
		case "captured":
			var c [2]int
			err = ints(value, c[:])
			s.captured = [2]uint8{uint8(c[0]), uint8(c[1])}
			if c[0] < 0 || c[1] < 0 || c[0] > Seeds || c[1] > Seeds {
				err = fmt.Errorf("captured %d %d out of range", c[0], c[1])
			}
			caught = true
		case "bonus":
			if value != "yes" && value != "no" {
				err = fmt.Errorf("bonus is %q, not yes or no", value)
			}
			s.bonus = value == "yes"
		case "quiet", "turn", "repeats":
			var v [1]int
			if err = ints(value, v[:]); err == nil {
				switch {
				case v[0] < 0:
					err = fmt.Errorf("%s is negative", name)
				case name == "quiet" && v[0] >= QuietLimit:
					err = fmt.Errorf("quiet is %d: the game would be over", v[0])
				case name == "repeats" && (v[0] < 1 || v[0] >= RepeatLimit):
					err = fmt.Errorf("repeats is %d, not 1 or 2", v[0])
				}
			}
			switch name {
			case "quiet":
				s.quiet = uint16(v[0])
			case "turn":
				s.turn = int32(v[0])
			default:
				repeats = v[0]
			}
		case "legal":
			legal = value
		case "scores":
			scores = value
		default:
			err = fmt.Errorf("unknown name %q", name)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
	}
	if !rows || !mover || !caught {
		return nil, errors.New("a position needs the lines north, south, to move and captured")
	}
	s.free = s.freeSeeds()
	k := s.key()
	for range repeats {
		s.history = append(s.history, k)
	}
	s.phase = rules.PhaseMove
	s.legal = s.legalMask(int(s.toMove))
	if !decision {
		return s, nil
	}
	if s.legal == 0 {
		return nil, fmt.Errorf("%s is to move but has no legal move", playerName(int(s.toMove)))
	}
	if err := s.check(false); err != nil {
		return nil, err
	}
	if legal != "" {
		var want []string
		for m := s.legal; m != 0; m &= m - 1 {
			want = append(want, strconv.Itoa(trailing(m)+1))
		}
		if got := strings.Join(strings.Fields(legal), " "); got != strings.Join(want, " ") {
			return nil, fmt.Errorf("legal: %s given, but the legal moves are %s", got, strings.Join(want, " "))
		}
	}
	if scores != "" {
		sc := s.Scores()
		if want := fmt.Sprintf("%d %d", sc[0], sc[1]); strings.Join(strings.Fields(scores), " ") != want {
			return nil, fmt.Errorf("scores: %s given, but the scores are %s", scores, want)
		}
	}
	return s, nil
}

// parseRow reads a row as drawn: North's from N10 to N1, South's from S1 to S10.
func (s *State) parseRow(row, value string) error {
	f := strings.Fields(value)
	if len(f) != RowHoles {
		return fmt.Errorf("%s has %d holes, not %d", row, len(f), RowHoles)
	}
	p := South
	if row == "north" {
		p = North
	}
	for j, t := range f {
		k := j + 1
		if p == North {
			k = RowHoles - j
		}
		i := Hole(p, k)
		if c, ok := strings.CutSuffix(t, "w"); ok {
			s.waranas[1-p] |= 1 << i
			t = c
		}
		c, err := strconv.Atoi(t)
		if err != nil || c < 0 || c > Seeds {
			return fmt.Errorf("%s hole %d: %q is not a seed count (a number, with w for a warana)", row, k, f[j])
		}
		s.holes.set(i, uint8(c))
	}
	return nil
}

// ints reads exactly len(dst) integers separated by spaces.
func ints(value string, dst []int) error {
	f := strings.Fields(value)
	if len(f) != len(dst) {
		return fmt.Errorf("%q: want %d numbers", value, len(dst))
	}
	for i, t := range f {
		v, err := strconv.Atoi(t)
		if err != nil {
			return fmt.Errorf("%q is not a number", t)
		}
		dst[i] = v
	}
	return nil
}

// Check verifies the invariants of a position: 80 seeds in all, waranas only in the row
// opposite their owner, scores adding up, the cached legal moves and the repetition history
// matching the position, and forced steps already applied.
func (s *State) Check() error { return s.check(true) }

// check is Check; decided says whether forced steps must have been applied (not so for a
// position drawn by Parse, which may leave a single option).
func (s *State) check(decided bool) error {
	total := int(s.captured[0]) + int(s.captured[1])
	for i := range Holes {
		total += int(s.holes.get(i))
	}
	if s.holes[2]>>32 != 0 {
		return fmt.Errorf("the board's spare bits are not zero: %x", s.holes[2])
	}
	for p := range 2 {
		if bad := s.waranas[p] &^ rowMask(1-p); bad != 0 {
			return fmt.Errorf("%s owns waranas %b in their own row: waranas are made in the opponent's row only", playerName(p), bad)
		}
	}
	if total != Seeds {
		return fmt.Errorf("%d seeds on the board and captured, not %d", total, Seeds)
	}
	sc := s.Scores()
	want := Seeds
	if !s.end.Guard() {
		want -= int(s.freeSeeds())
	}
	if sc[0]+sc[1] != want {
		return fmt.Errorf("scores %d + %d, want %d in all", sc[0], sc[1], want)
	}
	if s.phase == rules.PhaseOver {
		if s.end == NotOver || s.legal != 0 || s.bonus {
			return fmt.Errorf("game over (%s) with legal moves %b, bonus %v", s.end, s.legal, s.bonus)
		}
		if s.end == EndNoMoves && (s.legalMask(South) != 0 || s.legalMask(North) != 0) {
			return errors.New("the game ended for want of moves, but a player has one")
		}
		return nil
	}
	if s.phase != rules.PhaseMove || s.end != NotOver || s.toMove > North {
		return fmt.Errorf("phase %s, end %s, to move %d", s.phase, s.end, s.toMove)
	}
	if m := s.legalMask(int(s.toMove)); m != s.legal {
		return fmt.Errorf("cached legal moves %b, but they are %b", s.legal, m)
	}
	if decided && bits.OnesCount16(s.legal) < 2 {
		return fmt.Errorf("a decision with legal moves %b: a single option is played by the rules", s.legal)
	}
	if s.quiet >= QuietLimit {
		return fmt.Errorf("quiet %d: the game should be over", s.quiet)
	}
	if s.free != s.freeSeeds() {
		return fmt.Errorf("history kept for %d free seeds, but %d are free", s.free, s.freeSeeds())
	}
	if r := s.repeats(); r < 1 || r >= RepeatLimit || s.history[len(s.history)-1] != s.key() {
		return fmt.Errorf("the position is in the history %d times, not 1 or 2 times and last", r)
	}
	return nil
}
