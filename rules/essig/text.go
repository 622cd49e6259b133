package essig

import (
	"fmt"
	"strconv"
	"strings"

	"sig/rules"
)

// String draws the position as text that Parse reads back:
//
//	es-sig players=4 turn=3 to_move=1 phase=move
//	pieces: 7/3 0 51 12
//	ghula: 12
//	escaped: 2
//	value: 5
//	+------+
//	|50    |
//	+------+------+------+------+------+------+------+
//	|49    |36    |35    |22    |21    | 8    | 7 0  |
//	…
//
// pieces lists each player's position in turn order (0 the start, 51 escaped); "7/3" is a piece
// on 7 with three sîgs counted. ghula is "none" before it appears; escaped lists the players in
// escape order ("none" or the line left out if nobody has); value is the Ghula value waiting to
// be played, only when the player to move must choose its direction. The grid, which Parse
// skips, shows every square's number and who stands on it: player numbers, G for the Ghula.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s players=%d turn=%d to_move=%d phase=%s\npieces:", Info.ID, s.n, s.turn, s.toMove, s.phase)
	for p := range int(s.n) {
		b.WriteString(" " + strconv.Itoa(int(s.pieces[p])))
		if w := s.waiting[p]; w > 0 {
			b.WriteString("/" + strconv.Itoa(int(w)))
		}
	}
	b.WriteString("\nghula: ")
	if s.ghula < 0 {
		b.WriteString("none")
	} else {
		b.WriteString(strconv.Itoa(int(s.ghula)))
	}
	b.WriteString("\nescaped:")
	if s.nEscaped == 0 {
		b.WriteString(" none")
	}
	for i := range int(s.nEscaped) {
		b.WriteString(" " + strconv.Itoa(int(s.escaped[i])))
	}
	b.WriteByte('\n')
	if s.phase == rules.PhaseMove {
		fmt.Fprintf(&b, "value: %d\n", s.value)
	}
	// The board: the extra square, then the 7×7 grid row by row from the top.
	var grid [8][7]int // row+1, col → space
	for x := 1; x <= Last; x++ {
		c, r, _ := Cell(x)
		grid[r+1][c] = x
	}
	rule := func(cells int) { b.WriteString("+" + strings.Repeat("------+", cells) + "\n") }
	rule(1)
	for r := range 8 {
		cells := 7
		if r == 0 {
			cells = 1
		}
		b.WriteByte('|')
		for c := range cells {
			b.WriteString(s.cell(grid[r][c]))
			b.WriteByte('|')
		}
		b.WriteByte('\n')
		rule(7)
	}
	return b.String()
}

// cell is one square of the drawing: its number and who stands on it, six characters.
func (s *State) cell(x int) string {
	who := ""
	if int(s.ghula) == x {
		who = "G"
	}
	for p := range int(s.n) {
		if int(s.pieces[p]) == x {
			who += strconv.Itoa(p)
		}
	}
	if len(who) > 3 {
		who = who[:2] + "+"
	}
	return fmt.Sprintf("%2d %-3s", x, who)
}

// Parse builds a position from the text String writes (the grid may be left out). The header
// needs players (or it is the number of pieces); turn and to_move default to 0; phase, if
// given, must match the position: over once at most one player has not escaped, a decision
// when a value is given, else a throw.
func Parse(text string) (*State, error) {
	s := &State{ghula: -1}
	var sawHeader, sawPieces, sawEscaped bool
	phase := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '+' || line[0] == '|' {
			continue
		}
		key, rest, found := strings.Cut(line, ":")
		if !found || strings.Contains(key, " ") {
			h, err := rules.ParseHeader(line, Info.ID)
			if err != nil {
				return nil, err
			}
			s.n, s.turn, s.toMove, phase = int8(h.Players), int32(h.Turn), int8(h.ToMove), h.Phase
			sawHeader = true
			continue
		}
		fields := strings.Fields(rest)
		switch key {
		case "pieces":
			if len(fields) > MaxPlayers {
				return nil, fmt.Errorf("pieces: %d pieces", len(fields))
			}
			for p, f := range fields {
				pos, wait, hasWait := strings.Cut(f, "/")
				x, err := strconv.Atoi(pos)
				if err != nil || x < Home || x > Escaped {
					return nil, fmt.Errorf("pieces: %q is not a position 0..51", f)
				}
				s.pieces[p] = int8(x)
				if hasWait {
					w, err := strconv.Atoi(wait)
					if err != nil || w < 0 || w >= max(TrapSigs(x), 1) {
						return nil, fmt.Errorf("pieces: %q: sîgs can be counted only on 7 (0..4) or 25 (0..9)", f)
					}
					s.waiting[p] = int8(w)
				}
			}
			if s.n == 0 {
				s.n = int8(len(fields))
			}
			if len(fields) != int(s.n) {
				return nil, fmt.Errorf("pieces: %d pieces for %d players", len(fields), s.n)
			}
			sawPieces = true
		case "ghula":
			if len(fields) != 1 {
				return nil, fmt.Errorf("ghula: want a square or none, got %q", rest)
			}
			if fields[0] != "none" {
				g, err := strconv.Atoi(fields[0])
				if err != nil || g < Home || g > Last {
					return nil, fmt.Errorf("ghula: %q is not a position 0..50", fields[0])
				}
				s.ghula = int8(g)
			}
		case "escaped":
			sawEscaped = true
			if len(fields) == 1 && fields[0] == "none" {
				continue
			}
			for _, f := range fields {
				q, err := strconv.Atoi(f)
				if err != nil || q < 0 || q >= MaxPlayers || int(s.nEscaped) >= MaxPlayers {
					return nil, fmt.Errorf("escaped: %q is not a player", f)
				}
				s.escaped[s.nEscaped] = int8(q)
				s.nEscaped++
			}
		case "value":
			v, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil {
				return nil, fmt.Errorf("value: %q is not a number", rest)
			}
			s.value = int8(v)
			s.phase = rules.PhaseMove
		default:
			return nil, fmt.Errorf("unknown line %q", line)
		}
	}
	if !sawHeader || !sawPieces {
		return nil, fmt.Errorf("a position needs a header line and a pieces line")
	}
	if !sawEscaped {
		// Left out: the escaped players in turn order (only unambiguous for one).
		for p := range int(s.n) {
			if s.pieces[p] == Escaped {
				s.escaped[s.nEscaped] = int8(p)
				s.nEscaped++
			}
		}
		if s.nEscaped > 1 {
			return nil, fmt.Errorf("%d players have escaped: give their order on an escaped line", s.nEscaped)
		}
	}
	if int(s.n)-int(s.nEscaped) <= 1 {
		if s.value != 0 {
			return nil, fmt.Errorf("value given but the game is over")
		}
		s.phase = rules.PhaseOver
	}
	if phase != "" && phase != s.phase.String() {
		return nil, fmt.Errorf("phase=%s but the position is at %s", phase, s.phase)
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return s, nil
}
