// Package essig is Es-Sîg, the race to Mecca played by women in Tunisia: one piece
// each (traditionally a wedding ring) along a boustrophedon track through a 7×7 grid and one
// extra square, four green-and-white sticks for dice, two trap squares, and the Ghula, a piece
// of coal that the players who have escaped steer up and down the track to drag the others back.
//
// Source (as named in the seed text): A. Ayoub, "100 jeux traditionnels du sud du Tunisie", in
// A. Ayoub and A. Louhichi (eds.), Jeu et sports en Méditerranée: actes du colloque de
// Carthage, 7-8-9 novembre 1989, Tunis: Alif, 1991, pp. 13-54; the Ludii description "Es-Sîg".
//
// It follows the project's rulings (docs/rulings.md, "Es-Sîg") to the letter: positions 0
// (the start) to 50 and 51 (escaped); entering only with a sîg; normal moves never pass 48; a
// piece whose move ends on 7 waits for five sîgs, on 25 for ten, the count belonging to the
// square; from 48, 49 and 50 only a sîg moves, one space, the sîg on 50 escaping the piece; the
// Ghula appears on 50 at the first escape and is then steered back or forward by every escaped
// player with the Ghula values, dragging every piece on the squares it sets off from, passes over
// or lands on; players rank by escape order and the game ends when at most one has not escaped.
//
// Where the rulings leave something open this package decides (and the rules page says so):
//   - Pieces on the square where the Ghula lands are dragged too (from that square to that
//     square): they are put down by the Ghula, so a count of sîgs they had there starts again.
//   - A piece the Ghula puts down on 7 or 25 gets an EvTrapped event, like one that stops there.
//   - The Ghula's steps come first, then one EvDragged per piece carried.
//   - EvTurn is reported when the turn passes to the next player (the first turn of the game
//     begins with the state itself, not with an event).
//
// The package imports the standard library and sig/rules only.
package essig

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"sig/rules"
)

// Track landmarks.
const (
	// Home is the start, off the board.
	Home = 0
	// TopRight is space 7, the first trap: five sîgs to leave it.
	TopRight = 7
	// Central is space 25, the second trap: ten sîgs to leave it.
	Central = 25
	// LastRun is space 48, the first of the final three; normal moves stop there.
	LastRun = 48
	// Last is space 50, the extra square above the top-left square.
	Last = 50
	// Escaped is the position of a piece that has left the board at the end.
	Escaped = 51
	// MaxPlayers is the most players a game can have.
	MaxPlayers = 8
)

// Moves of the player steering the Ghula (throws are rules.ThrowMove).
const (
	// GhulaBack moves the Ghula toward the start.
	GhulaBack rules.Move = 0
	// GhulaForward moves the Ghula toward space 50.
	GhulaForward rules.Move = 1
)

//go:embed rules.en.md
var page string

// The same page in French and in Arabic (games_test checks they keep every section).
//
//go:embed rules.fr.md
var pageFR string

//go:embed rules.ar.md
var pageAR string

// Info describes Es-Sîg for the registry.
var Info = &rules.Info{
	ID:             "es-sig",
	Name:           "Es-Sîg",
	Place:          "Tunisia",
	Summary:        "A race through a 7×7 grid to escape at the far corner; the escaped steer the Ghula to drag the others back.",
	MinPlayers:     2,
	MaxPlayers:     MaxPlayers,
	DefaultPlayers: 4,
	Sticks:         rules.FourGreenWhite,
	NewState:       func(players int) rules.State { return New(players) },
	Where:          where,
	Ghoula:         "Ghula",
	Rules:          map[string]string{"en": page, "fr": pageFR, "ar": pageAR},
}

// PieceValue is what a throw of w white faces up (0..4) is worth to a piece: sîg 1, 0, 3, 4, 6.
var PieceValue = [5]int{0: 6, 1: 1, 2: 0, 3: 3, 4: 4}

// GhulaValue is how far a throw of w white faces moves the Ghula: 2, 5, 0, 4, 6 for w = 1..4, 0.
var GhulaValue = [5]int{0: 6, 1: 2, 2: 5, 3: 0, 4: 4}

// TrapSigs is how many sîgs a piece standing on space x needs to leave it (5 on 7, 10 on 25),
// or 0 where there is no trap.
func TrapSigs(x int) int {
	switch x {
	case TopRight:
		return 5
	case Central:
		return 10
	}
	return 0
}

// Cell is where track space x (1..50) lies on the board: column 0..6 from the left, row 0..6
// from the top of the 7×7 grid, and row -1 for space 50, the extra square above the top-left
// square. Space 1 is the bottom-right square (6, 6), 7 the top-right (6, 0), 25 the centre
// (3, 3), 49 the top-left (0, 0). ok is false for the start (0) and for escaped pieces (51).
func Cell(x int) (col, row int, ok bool) {
	if x < 1 || x > Last {
		return 0, 0, false
	}
	if x == Last {
		return 0, -1, true
	}
	k, i := (x-1)/7, (x-1)%7 // k-th column from the right, i-th space along it
	col = 6 - k
	if k%2 == 0 {
		row = 6 - i // up
	} else {
		row = i // down
	}
	return col, row, true
}

// State is a position of Es-Sîg. It is a plain value: copying it copies the game.
type State struct {
	n        int8
	toMove   int8
	phase    rules.Phase
	ghula    int8 // -1 before it appears, else 0..50
	value    int8 // the Ghula value to be played in PhaseMove, else 0
	nEscaped int8
	turn     int32
	pieces   [MaxPlayers]int8 // 0..51; zero beyond n
	waiting  [MaxPlayers]int8 // sîgs counted on a trap square
	escaped  [MaxPlayers]int8 // players in escape order; the first nEscaped count, the rest 0
}

// New starts a game for the given number of players (2..8): every piece at the start.
func New(players int) *State {
	if players < 2 || players > MaxPlayers {
		panic(fmt.Sprintf("essig: %d players", players))
	}
	return &State{n: int8(players), ghula: -1}
}

// Info describes the game.
func (s *State) Info() *rules.Info { return Info }

// Players is the number of players.
func (s *State) Players() int { return int(s.n) }

// ToMove is the player who throws or steers the Ghula next.
func (s *State) ToMove() int { return int(s.toMove) }

// Phase is a throw, the choice of the Ghula's direction, or over.
func (s *State) Phase() rules.Phase { return s.phase }

// Turn counts the turns begun after the first.
func (s *State) Turn() int { return int(s.turn) }

// Piece is player p's position: 0 at the start, 1..50 on the track, 51 escaped.
func (s *State) Piece(p int) int { return int(s.pieces[p]) }

// Waiting is how many sîgs player p's piece has had counted on its trap square.
func (s *State) Waiting(p int) int { return int(s.waiting[p]) }

// Ghula is the Ghula's position, 0..50, or -1 before it appears.
func (s *State) Ghula() int { return int(s.ghula) }

// Value is the Ghula value waiting to be played in PhaseMove, else 0.
func (s *State) Value() int { return int(s.value) }

// EscapeOrder appends the players who have escaped, first first, to buf[:0].
func (s *State) EscapeOrder(buf []int) []int {
	buf = buf[:0]
	for i := range int(s.nEscaped) {
		buf = append(buf, int(s.escaped[i]))
	}
	return buf
}

// Legal appends the legal moves to buf[:0]: the five throws, or ghula back and ghula forward.
func (s *State) Legal(buf []rules.Move) []rules.Move {
	switch s.phase {
	case rules.PhaseThrow:
		return rules.AppendThrows(buf, 4)
	case rules.PhaseMove:
		return append(buf[:0], GhulaBack, GhulaForward)
	}
	return buf[:0]
}

// Chances appends the probability of each throw Legal lists; nothing at a decision.
func (s *State) Chances(buf []float64) []float64 {
	if s.phase != rules.PhaseThrow {
		return buf[:0]
	}
	return rules.AppendChances(buf, 4)
}

// Apply plays a throw or the Ghula's direction, then everything forced up to the next throw or
// decision.
func (s *State) Apply(m rules.Move, ev *rules.Events) error {
	p := int(s.toMove)
	switch s.phase {
	case rules.PhaseOver:
		return fmt.Errorf("%q is not legal: %w", s.FormatMove(m), rules.ErrOver)
	case rules.PhaseMove:
		if m != GhulaBack && m != GhulaForward {
			return fmt.Errorf("%q is not legal now: player %d must steer the Ghula %d spaces (\"ghula back\" or \"ghula forward\")", s.FormatMove(m), p, s.value)
		}
		v := int(s.value)
		s.phase = rules.PhaseThrow
		s.value = 0
		s.steer(p, m == GhulaForward, v, ev)
	default:
		if !m.IsThrow() || m.ThrowCount() > 4 {
			return fmt.Errorf("%q is not legal now: player %d must throw the four sticks (\"throw 0\" … \"throw 4\")", s.FormatMove(m), p)
		}
		w := m.ThrowCount()
		if s.pieces[p] == Escaped {
			v := GhulaValue[w]
			ev.Add(rules.Event{Kind: rules.EvThrow, Player: p, Count: w, Value: v, Ghoula: true})
			g := int(s.ghula)
			back, fwd := g > Home, g < Last
			switch {
			case v == 0:
				ev.Add(rules.Event{Kind: rules.EvNoMove, Player: p})
			case back && fwd:
				s.phase = rules.PhaseMove
				s.value = int8(v)
				return nil
			default:
				s.steer(p, fwd, v, ev)
			}
		} else {
			s.throwPiece(p, w, ev)
		}
	}
	if int(s.n)-int(s.nEscaped) <= 1 {
		s.phase = rules.PhaseOver
		ev.Add(rules.Event{Kind: rules.EvGameOver})
		return nil
	}
	q := p + 1
	if q == int(s.n) {
		q = 0
	}
	s.toMove = int8(q)
	s.turn++
	ev.Add(rules.Event{Kind: rules.EvTurn, Player: q})
	return nil
}

// throwPiece plays p's throw of w white faces with p's piece.
func (s *State) throwPiece(p, w int, ev *rules.Events) {
	v := PieceValue[w]
	ev.Add(rules.Event{Kind: rules.EvThrow, Player: p, Count: w, Value: v})
	pos := int(s.pieces[p])
	switch {
	case pos == Home || pos >= LastRun:
		// Entering, and each of the final three spaces, needs a sîg.
		if w != 1 {
			ev.Add(rules.Event{Kind: rules.EvNoMove, Player: p, Value: v})
			return
		}
		s.step(p, pos, pos+1, ev)
	case pos == TopRight || pos == Central:
		if w != 1 {
			ev.Add(rules.Event{Kind: rules.EvNoMove, Player: p, Value: v})
			return
		}
		need := TrapSigs(pos)
		s.waiting[p]++
		ev.Add(rules.Event{Kind: rules.EvSigCounted, Player: p, From: pos, Count: int(s.waiting[p]), Value: need})
		if int(s.waiting[p]) == need {
			s.waiting[p] = 0
			s.step(p, pos, pos+1, ev)
		}
	default:
		if v == 0 {
			ev.Add(rules.Event{Kind: rules.EvNoMove, Player: p, Value: v})
			return
		}
		to := min(pos+v, LastRun)
		s.step(p, pos, to, ev)
		if need := TrapSigs(to); need > 0 {
			ev.Add(rules.Event{Kind: rules.EvTrapped, Player: p, To: to, Value: need})
		}
	}
}

// step moves p's piece forward from one position to a later one, an event per space; a piece
// reaching 51 has escaped.
func (s *State) step(p, from, to int, ev *rules.Events) {
	if ev != nil {
		for x := from; x < to; x++ {
			ev.Add(rules.Event{Kind: rules.EvStep, Player: p, From: x, To: x + 1})
		}
	}
	s.pieces[p] = int8(to)
	if to != Escaped {
		return
	}
	s.escaped[s.nEscaped] = int8(p)
	s.nEscaped++
	ev.Add(rules.Event{Kind: rules.EvFinished, Player: p, Count: int(s.nEscaped)})
	if s.ghula < 0 && int(s.n)-int(s.nEscaped) > 1 {
		s.ghula = Last
		ev.Add(rules.Event{Kind: rules.EvGhoulaAppears, Player: p, To: Last})
	}
}

// steer moves the Ghula v spaces for player p, forward or back, carrying every piece on the
// squares it sets off from, passes over and lands on.
func (s *State) steer(p int, forward bool, v int, ev *rules.Events) {
	from := int(s.ghula)
	to, lo, hi := max(from-v, Home), 0, from
	if forward {
		to = min(from+v, Last)
		lo, hi = from, to
	} else {
		lo = to
	}
	if ev != nil {
		d := -1
		if forward {
			d = 1
		}
		for x := from; x != to; x += d {
			ev.Add(rules.Event{Kind: rules.EvGhoulaStep, Player: p, From: x, To: x + d})
		}
	}
	s.ghula = int8(to)
	lo = max(lo, 1) // pieces at the start are off the board
	need := TrapSigs(to)
	for q := range int(s.n) {
		x := int(s.pieces[q])
		if x < lo || x > hi {
			continue
		}
		s.pieces[q] = int8(to)
		s.waiting[q] = 0
		ev.Add(rules.Event{Kind: rules.EvDragged, Player: q, From: x, To: to})
		if need > 0 {
			ev.Add(rules.Event{Kind: rules.EvTrapped, Player: q, To: to, Value: need})
		}
	}
}

// Ranks is nil until the game is over; then the escape order 1, 2, …, and N for the one left.
func (s *State) Ranks() []int {
	if s.phase != rules.PhaseOver {
		return nil
	}
	r := make([]int, s.n)
	for p := range r {
		r[p] = int(s.n)
	}
	for i := range int(s.nEscaped) {
		r[s.escaped[i]] = i + 1
	}
	return r
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom makes s equal to src, another Es-Sîg state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// Equal reports whether o is the same position (turn counter included).
func (s *State) Equal(o rules.State) bool {
	x, ok := o.(*State)
	return ok && *s == *x
}

// Hash is a hash of the whole position.
func (s *State) Hash() uint64 {
	h := rules.NewFNV()
	h.Add(int(s.n))
	h.Add(int(s.toMove))
	h.Add(int(s.phase))
	h.Add(int(s.ghula))
	h.Add(int(s.value))
	h.Add(int(s.nEscaped))
	for p := range int(s.n) {
		h.Add(int(s.pieces[p]))
		h.Add(int(s.waiting[p]))
		h.Add(int(s.escaped[p]))
	}
	t := int(s.turn)
	h.Add(t)
	h.Add(t >> 8)
	h.Add(t >> 16)
	h.Add(t >> 24)
	return uint64(h)
}

// FormatMove spells a move as the protocol does: "throw 3", "ghula back", "ghula forward".
func (s *State) FormatMove(m rules.Move) string {
	switch {
	case m.IsThrow():
		return "throw " + strconv.Itoa(m.ThrowCount())
	case m == GhulaBack:
		return "ghula back"
	case m == GhulaForward:
		return "ghula forward"
	}
	return "move(" + strconv.Itoa(int(m)) + ")"
}

// ParseMove reads "throw N" (N white faces up, 0..4), "ghula back" or "ghula forward".
func (s *State) ParseMove(text string) (rules.Move, error) {
	f := strings.Fields(text)
	if len(f) == 2 {
		switch {
		case f[0] == "ghula" && f[1] == "back":
			return GhulaBack, nil
		case f[0] == "ghula" && f[1] == "forward":
			return GhulaForward, nil
		case f[0] == "throw":
			if n, err := strconv.Atoi(f[1]); err == nil && n >= 0 && n <= 4 {
				return rules.ThrowMove(n), nil
			}
			return 0, fmt.Errorf("bad move %q: four sticks show 0 to 4 white faces", text)
		}
	}
	return 0, fmt.Errorf("bad move %q: Es-Sîg's moves are \"throw N\", \"ghula back\" and \"ghula forward\"", text)
}

// Wire is the protocol's STATE for es-sig.
func (s *State) Wire() any {
	w := wire{
		Common:  rules.CommonOf(s),
		Pieces:  make([]int, s.n),
		Waiting: make([]int, s.n),
		Escaped: s.EscapeOrder(make([]int, 0, s.nEscaped)),
	}
	for p := range int(s.n) {
		w.Pieces[p] = int(s.pieces[p])
		w.Waiting[p] = int(s.waiting[p])
	}
	if s.ghula >= 0 {
		g := int(s.ghula)
		w.Ghula = &g
	}
	if s.phase == rules.PhaseMove {
		v := int(s.value)
		w.Value = &v
	}
	return w
}

type wire struct {
	rules.Common
	Pieces  []int `json:"pieces"`
	Waiting []int `json:"waiting"`
	Ghula   *int  `json:"ghula"`
	Escaped []int `json:"escaped"`
	Value   *int  `json:"value"`
}

// Check verifies the invariants every reachable position keeps.
func (s *State) Check() error {
	n := int(s.n)
	if n < 2 || n > MaxPlayers {
		return fmt.Errorf("%d players", n)
	}
	if s.nEscaped < 0 || int(s.nEscaped) > n {
		return fmt.Errorf("%d escaped of %d", s.nEscaped, n)
	}
	var seen [MaxPlayers]bool
	for i := range MaxPlayers {
		q := int(s.escaped[i])
		if i >= int(s.nEscaped) {
			if q != 0 {
				return fmt.Errorf("escape list slot %d beyond %d escaped holds %d", i, s.nEscaped, q)
			}
			continue
		}
		if q < 0 || q >= n || seen[q] || s.pieces[q] != Escaped {
			return fmt.Errorf("escape list %v of %d: player %d", s.escaped[:s.nEscaped], s.nEscaped, q)
		}
		seen[q] = true
	}
	for p := range MaxPlayers {
		x, w := int(s.pieces[p]), int(s.waiting[p])
		if p >= n {
			if x != 0 || w != 0 {
				return fmt.Errorf("slot %d beyond %d players is not empty", p, n)
			}
			continue
		}
		switch {
		case x < Home || x > Escaped:
			return fmt.Errorf("player %d on %d, outside 0..51", p, x)
		case x == Escaped && !seen[p]:
			return fmt.Errorf("player %d escaped but is not in the escape order", p)
		case w < 0 || w >= max(TrapSigs(x), 1):
			return fmt.Errorf("player %d on %d has %d sîgs counted", p, x, w)
		}
	}
	if s.ghula < -1 || s.ghula > Last {
		return fmt.Errorf("the Ghula on %d", s.ghula)
	}
	if (s.ghula < 0) != (s.nEscaped == 0) && !(s.phase == rules.PhaseOver && n == 2) {
		return fmt.Errorf("the Ghula on %d with %d escaped", s.ghula, s.nEscaped)
	}
	if over := n-int(s.nEscaped) <= 1; over != (s.phase == rules.PhaseOver) {
		return fmt.Errorf("phase %s with %d of %d escaped", s.phase, s.nEscaped, n)
	}
	if s.phase != rules.PhaseOver && (s.toMove < 0 || int(s.toMove) >= n) {
		return fmt.Errorf("player %d to move", s.toMove)
	}
	switch s.phase {
	case rules.PhaseMove:
		v := int(s.value)
		if s.pieces[s.toMove] != Escaped || s.ghula <= Home || s.ghula >= Last || (v != 2 && v != 4 && v != 5 && v != 6) {
			return fmt.Errorf("steering decision with value %d, Ghula on %d, player %d on %d", v, s.ghula, s.toMove, s.pieces[s.toMove])
		}
	default:
		if s.value != 0 {
			return fmt.Errorf("Ghula value %d outside a decision", s.value)
		}
	}
	return nil
}

// throwsLeft[x] is about how many throws a piece on x (with no sîgs counted) still needs to
// escape: a sîg comes one throw in four, a move averages 26/16 spaces a throw, and a piece that
// still has to pass 7 or 25 lands on it about once in 2.6 times (the mean of a move that moves).
var throwsLeft = func() (t [Escaped + 1]float64) {
	const perSig, perSpace, hit = 4.0, 16.0 / 26, 1 / 2.6
	t[Last], t[Last-1], t[LastRun] = perSig, 2*perSig, 3*perSig
	for x := LastRun - 1; x >= 1; x-- {
		t[x] = t[LastRun] + float64(LastRun-x)*perSpace
		if x < Central {
			t[x] += hit * 10 * perSig
		}
		if x < TopRight {
			t[x] += hit * 5 * perSig
		}
	}
	// Standing on a trap: its sîgs, then the rest from the next space.
	t[TopRight] = 5*perSig + t[TopRight+1]
	t[Central] = 10*perSig + t[Central+1]
	t[Home] = perSig + t[1]
	return t
}()

// left is the expected number of throws player p still needs (0 once escaped).
func (s *State) left(p int) float64 {
	return throwsLeft[s.pieces[p]] - 4*float64(s.waiting[p])
}

// Evaluate is player p's prospects in [-1, 1], from the rank p can expect: fixed once escaped
// (1 for the first, -1 for the last), otherwise the escaped ahead plus, for every other runner,
// an estimate of the chance that it escapes first from the throws both still need (track,
// traps, final three, the sîg to enter).
func (s *State) Evaluate(p int) float64 {
	n := int(s.n)
	rank := float64(n)
	if s.pieces[p] == Escaped {
		for i := range int(s.nEscaped) {
			if int(s.escaped[i]) == p {
				rank = float64(i + 1)
			}
		}
	} else {
		rank = float64(s.nEscaped) + 1
		mine := s.left(p)
		for q := range n {
			if q == p || s.pieces[q] == Escaped {
				continue
			}
			theirs := s.left(q)
			// Uncertainty grows with the road left; x > 0 when q is ahead.
			x := (mine - theirs) / (8 + 0.25*(mine+theirs))
			rank += 0.5 + 0.5*x/(1+abs(x))
		}
	}
	return 1 - 2*(rank-1)/float64(n-1)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
