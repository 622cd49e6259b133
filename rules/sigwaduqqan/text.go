package sigwaduqqan

import (
	"fmt"
	"strconv"
	"strings"

	"sig/rules"
)

// String draws the position as text that Parse reads back:
//
//	sig-wa-duqqan players=4 turn=3 to_move=1 phase=throw
//	pieces: 12 81/3 86 lost
//	ghoula: 5 moved
//	track: 5 Ghoula | 12 p0 | 81 gate p1 (3/7) | 86 centre p2 | lost p3
//
// pieces lists each player's space in turn order; "81/3" is a piece on the gate with three sigs
// counted, "lost" a piece the Ghoula dragged home (with "/k" if it had k gate sigs). The track
// line, which Parse skips, walks the occupied spaces from the start to the centre.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s players=%d turn=%d to_move=%d phase=%s\n", Info.ID, s.n, s.turn, s.toMove, s.Phase())
	b.WriteString("pieces:")
	for p := range int(s.n) {
		b.WriteByte(' ')
		b.WriteString(s.pieceToken(p))
	}
	b.WriteString("\nghoula: ")
	b.WriteString(strconv.Itoa(int(s.ghoula)))
	if s.ghoulaMoved {
		b.WriteString(" moved")
	} else {
		b.WriteString(" unmoved")
	}
	b.WriteString("\ntrack:")
	sep := " "
	for x := Start; x <= Centre; x++ {
		var who []string
		if x == int(s.ghoula) {
			who = append(who, "Ghoula")
		}
		for p := range int(s.n) {
			if int(s.pieces[p]) == x && !s.lost[p] {
				who = append(who, "p"+strconv.Itoa(p))
			}
		}
		if len(who) == 0 {
			continue
		}
		b.WriteString(sep)
		sep = " | "
		b.WriteString(strconv.Itoa(x))
		switch x {
		case Gate:
			b.WriteString(" gate")
		case Centre:
			b.WriteString(" centre")
		}
		for _, w := range who {
			b.WriteByte(' ')
			b.WriteString(w)
			if x == Gate && w != "Ghoula" {
				p, _ := strconv.Atoi(w[1:])
				fmt.Fprintf(&b, " (%d/%d)", s.gateSigs[p], GateSigs)
			}
		}
	}
	for p := range int(s.n) {
		if s.lost[p] {
			b.WriteString(sep)
			sep = " | "
			b.WriteString("lost p" + strconv.Itoa(p))
		}
	}
	b.WriteByte('\n')
	return b.String()
}

func (s *State) pieceToken(p int) string {
	t := strconv.Itoa(int(s.pieces[p]))
	if s.lost[p] {
		t = "lost"
	}
	if g := s.gateSigs[p]; g > 0 && s.pieces[p] <= Gate {
		t += "/" + strconv.Itoa(int(g))
	}
	return t
}

// Parse builds a position from the text String writes (the track line may be left out). The
// header needs players; turn and to_move default to 0; phase, if given, must match the
// position (it is "over" exactly when every player has finished or lost). gate_sigs is 7 for
// pieces past the gate.
func Parse(text string) (*State, error) {
	s := &State{ghoula: Start}
	var sawHeader, sawPieces bool
	phase := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "track:") {
			continue
		}
		key, rest, found := strings.Cut(line, ":")
		if !found || strings.Contains(key, " ") {
			// The header: "sig-wa-duqqan players=4 turn=0 to_move=0 phase=throw".
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
				if err := s.parsePiece(p, f); err != nil {
					return nil, err
				}
			}
			if s.n == 0 {
				s.n = int8(len(fields))
			}
			if len(fields) != int(s.n) {
				return nil, fmt.Errorf("pieces: %d pieces for %d players", len(fields), s.n)
			}
			sawPieces = true
		case "ghoula":
			if len(fields) == 0 || len(fields) > 2 {
				return nil, fmt.Errorf("ghoula: want \"N moved\" or \"N unmoved\", got %q", rest)
			}
			g, err := strconv.Atoi(fields[0])
			if err != nil {
				return nil, fmt.Errorf("ghoula: %q is not a space", fields[0])
			}
			s.ghoula = int8(g)
			if len(fields) == 2 {
				switch fields[1] {
				case "moved":
					s.ghoulaMoved = true
				case "unmoved":
				default:
					return nil, fmt.Errorf("ghoula: %q is neither moved nor unmoved", fields[1])
				}
			}
		default:
			return nil, fmt.Errorf("unknown line %q", line)
		}
	}
	if !sawHeader || !sawPieces {
		return nil, fmt.Errorf("a position needs a header line and a pieces line")
	}
	s.over = s.done()
	if phase != "" && phase != s.Phase().String() {
		return nil, fmt.Errorf("phase=%s but the position is at %s", phase, s.Phase())
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *State) parsePiece(p int, f string) error {
	pos, gs, hasGate := strings.Cut(f, "/")
	if pos == "lost" {
		s.lost[p] = true
		s.pieces[p] = Start
	} else {
		x, err := strconv.Atoi(pos)
		if err != nil || x < Start || x > Centre {
			return fmt.Errorf("pieces: %q is not a space 1..86 or lost", f)
		}
		s.pieces[p] = int8(x)
		if x > Gate {
			s.gateSigs[p] = GateSigs
		}
	}
	if hasGate {
		g, err := strconv.Atoi(gs)
		if err != nil || g < 0 || g >= GateSigs {
			return fmt.Errorf("pieces: %q: gate sigs must be 0..6", f)
		}
		s.gateSigs[p] = int8(g)
	}
	return nil
}
