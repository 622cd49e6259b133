// Package sigwaduqqan is Sig wa Duqqan (Houmt Taourit), the spiral race game of Djerba, Tunisia:
// one piece each along an 86-space spiral to the centre, four green-and-white sticks for dice,
// seven sigs to pass the gate, and the Ghoula, a lump of charcoal that finished players send
// sweeping down the track to drag the others back to the start.
//
// Sources (as named in the seed text): J. Akkari-Weriemmi, "Jeux traditionnels de Jerba
// (Tunisie)", IBLA 53 (156), 1990: 297-320 (pp. 315-318); T. Depaulis, "Jeux de parcours du
// monde arabo-musulman (Afrique du Nord et Proche-Orient)", Board Games Studies 4, 2001: 53-76
// (p. 68); the Ludii description "Sig wa Duqqan (Houmt Taourit)".
//
// It follows the project's rulings (docs/rulings.md, "Sig wa Duqqan (Houmt Taourit)") to the
// letter: spaces 1..86, the gate on 81, the final stretch 82..85, the centre 86; extra throws
// after sig, 4 and 6 only; the seventh sig at the gate moves the piece to 82; on the final
// stretch a sig moves one space and a 3 moves the Ghoula; a finished player moves the Ghoula
// with every throw (0 counting 6); the Ghoula never passes the gate, carries the never-moved
// pieces along on its first move, seizes whoever stands on a space it steps onto and drags them
// home (they have lost), and returns to space 1 after a move ending on the gate.
//
// Where the rulings leave something open this package decides (and the rules page says so):
//   - EvTurn is reported when the turn passes to the next player (the first turn of the game
//     begins with the state itself, not with an event).
//   - EvFinished carries Count 1: everyone who reaches the centre shares first place.
//   - When the Ghoula seizes, the events come in this order: its steps, the riders put down (on
//     its first move), EvSeized for every piece, EvDragged for every piece, EvGhoulaReturns,
//     then EvLost for every owner.
//   - A lost piece keeps its gate count (the count is "never reset").
//
// The package imports the standard library and sig/rules only.
package sigwaduqqan

import (
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"sig/rules"
)

// Track landmarks.
const (
	// Start is the outer end of the spiral, where every piece and the Ghoula begin.
	Start = 1
	// Gate is the sixth space from the end, where a piece waits for seven sigs.
	Gate = 81
	// FinalStretch is the first space of the final stretch (82..85), where the seventh sig at
	// the gate moves a piece, out of the Ghoula's reach.
	FinalStretch = Gate + 1
	// Centre is the end of the race.
	Centre = 86
	// GateSigs is how many sigs a piece on the gate needs.
	GateSigs = 7
	// MaxPlayers is the most players a game can have.
	MaxPlayers = 8
)

//go:embed rules.en.md
var page string

// The same page in French and in Arabic (games_test checks they keep every section).
//
//go:embed rules.fr.md
var pageFR string

//go:embed rules.ar.md
var pageAR string

// Info describes Sig wa Duqqan for the registry.
var Info = &rules.Info{
	ID:             "sig-wa-duqqan",
	Name:           "Sig wa Duqqan",
	Place:          "Houmt Taourit, Djerba, Tunisia",
	Summary:        "An 86-space spiral race to the centre; finished players steer the Ghoula, who drags the others back to the start.",
	MinPlayers:     2,
	MaxPlayers:     MaxPlayers,
	DefaultPlayers: 4,
	Sticks:         rules.FourGreenWhite,
	NewState:       func(players int) rules.State { return New(players) },
	Where:          where,
	Ghoula:         "Ghoula",
	Rules:          map[string]string{"en": page, "fr": pageFR, "ar": pageAR},
}

// PieceValue is what a throw of w white faces up (0..4) is worth to a piece: sig 1, 0, 3, 4, 6.
var PieceValue = [5]int{0: 6, 1: 1, 2: 0, 3: 3, 4: 4}

// GhoulaValue is what a finished player's throw of w white faces moves the Ghoula: the piece
// value, except that a throw of 0 (w = 2) counts as 6.
var GhoulaValue = [5]int{0: 6, 1: 1, 2: 6, 3: 3, 4: 4}

// ExtraThrow reports whether a throw of w white faces (sig, 4 or 6) grants another throw.
func ExtraThrow(w int) bool { return w == 1 || w == 4 || w == 0 }

// State is a position of Sig wa Duqqan. It is a plain value: copying it copies the game.
type State struct {
	n           int8
	toMove      int8
	over        bool
	ghoula      int8 // 1..80 at rest (a move ending on the gate sends it back to 1)
	ghoulaMoved bool
	turn        int32
	pieces      [MaxPlayers]int8 // 1..86; zero beyond n
	gateSigs    [MaxPlayers]int8 // sigs counted on the gate: 0..7
	lost        [MaxPlayers]bool
}

// New starts a game for the given number of players (2..8): every piece and the Ghoula on 1.
func New(players int) *State {
	if players < 2 || players > MaxPlayers {
		panic(fmt.Sprintf("sigwaduqqan: %d players", players))
	}
	s := &State{n: int8(players), ghoula: Start}
	for p := range players {
		s.pieces[p] = Start
	}
	return s
}

// Info describes the game.
func (s *State) Info() *rules.Info { return Info }

// Players is the number of players.
func (s *State) Players() int { return int(s.n) }

// ToMove is the player who throws next.
func (s *State) ToMove() int { return int(s.toMove) }

// Phase is PhaseThrow until the game is over: there are no decisions in this game.
func (s *State) Phase() rules.Phase {
	if s.over {
		return rules.PhaseOver
	}
	return rules.PhaseThrow
}

// Turn counts the turns begun after the first.
func (s *State) Turn() int { return int(s.turn) }

// Piece is player p's position, 1..86.
func (s *State) Piece(p int) int { return int(s.pieces[p]) }

// GateSigs is how many sigs player p's piece has had counted on the gate (7 once past it).
func (s *State) GateSigs(p int) int { return int(s.gateSigs[p]) }

// Lost reports whether player p's piece has been dragged home by the Ghoula.
func (s *State) Lost(p int) bool { return s.lost[p] }

// Finished reports whether player p's piece has reached the centre.
func (s *State) Finished(p int) bool { return s.pieces[p] == Centre }

// Ghoula is the Ghoula's space, 1..80.
func (s *State) Ghoula() int { return int(s.ghoula) }

// GhoulaMoved reports whether the Ghoula has ever moved.
func (s *State) GhoulaMoved() bool { return s.ghoulaMoved }

// Legal appends the five throws (0..4 white faces up) to buf[:0]; nothing once the game is over.
func (s *State) Legal(buf []rules.Move) []rules.Move {
	if s.over {
		return buf[:0]
	}
	return rules.AppendThrows(buf, 4)
}

// Chances appends the probability of each throw Legal lists.
func (s *State) Chances(buf []float64) []float64 {
	if s.over {
		return buf[:0]
	}
	return rules.AppendChances(buf, 4)
}

// Apply plays a throw: whatever it moves, the extra throw it grants or the next player's turn.
func (s *State) Apply(m rules.Move, ev *rules.Events) error {
	if s.over {
		return fmt.Errorf("%q is not legal: %w", s.FormatMove(m), rules.ErrOver)
	}
	if !m.IsThrow() || m.ThrowCount() > 4 {
		return fmt.Errorf("illegal move %q: Sig wa Duqqan has no decisions, only throws of four sticks (\"throw 0\" … \"throw 4\")", s.FormatMove(m))
	}
	w := m.ThrowCount()
	p := int(s.toMove)
	pos := int(s.pieces[p])
	switch {
	case pos == Centre:
		v := GhoulaValue[w]
		ev.Add(rules.Event{Kind: rules.EvThrow, Player: p, Count: w, Value: v, Ghoula: true})
		s.moveGhoula(p, v, ev)
	case pos < Gate:
		v := PieceValue[w]
		ev.Add(rules.Event{Kind: rules.EvThrow, Player: p, Count: w, Value: v})
		if v == 0 {
			ev.Add(rules.Event{Kind: rules.EvNoMove, Player: p, Value: v})
			break
		}
		to := min(pos+v, Gate)
		s.step(p, pos, to, ev)
		if to == Gate {
			ev.Add(rules.Event{Kind: rules.EvTrapped, Player: p, To: Gate, Value: GateSigs})
		}
	case pos == Gate:
		v := PieceValue[w]
		ev.Add(rules.Event{Kind: rules.EvThrow, Player: p, Count: w, Value: v})
		if w != 1 {
			ev.Add(rules.Event{Kind: rules.EvNoMove, Player: p, Value: v})
			break
		}
		s.gateSigs[p]++
		ev.Add(rules.Event{Kind: rules.EvSigCounted, Player: p, From: Gate, Count: int(s.gateSigs[p]), Value: GateSigs})
		if s.gateSigs[p] == GateSigs {
			s.step(p, Gate, FinalStretch, ev)
		}
	default: // the final stretch, 82..85
		v := PieceValue[w]
		ev.Add(rules.Event{Kind: rules.EvThrow, Player: p, Count: w, Value: v, Ghoula: v == 3})
		switch v {
		case 1:
			s.step(p, pos, pos+1, ev)
		case 3:
			s.moveGhoula(p, 3, ev)
		default:
			ev.Add(rules.Event{Kind: rules.EvNoMove, Player: p, Value: v})
		}
	}
	if s.done() {
		s.over = true
		ev.Add(rules.Event{Kind: rules.EvGameOver})
		return nil
	}
	if ExtraThrow(w) {
		ev.Add(rules.Event{Kind: rules.EvExtraThrow, Player: p})
		return nil
	}
	q := p
	for {
		q++
		if q == int(s.n) {
			q = 0
		}
		if !s.lost[q] {
			break
		}
	}
	s.toMove = int8(q)
	s.turn++
	ev.Add(rules.Event{Kind: rules.EvTurn, Player: q})
	return nil
}

// step moves p's piece from one space to a later one, a step event per space.
func (s *State) step(p, from, to int, ev *rules.Events) {
	if ev != nil {
		for x := from; x < to; x++ {
			ev.Add(rules.Event{Kind: rules.EvStep, Player: p, From: x, To: x + 1})
		}
	}
	s.pieces[p] = int8(to)
	if to == Centre {
		ev.Add(rules.Event{Kind: rules.EvFinished, Player: p, Count: 1})
	}
}

// moveGhoula moves the Ghoula v spaces forward for player p, with its riders, seizures and return.
func (s *State) moveGhoula(p, v int, ev *rules.Events) {
	g := int(s.ghoula)
	first := !s.ghoulaMoved
	s.ghoulaMoved = true
	var seized uint8
	for i := 0; i < v && g < Gate; i++ {
		ev.Add(rules.Event{Kind: rules.EvGhoulaStep, Player: p, From: g, To: g + 1})
		g++
		// Riders are still on 1 here and g >= 2, so only pieces standing on g count.
		for q := range int(s.n) {
			if int(s.pieces[q]) == g {
				seized |= 1 << q
			}
		}
		if seized != 0 {
			break
		}
	}
	if first {
		for q := range int(s.n) {
			if s.pieces[q] == Start && !s.lost[q] {
				s.pieces[q] = int8(g)
				ev.Add(rules.Event{Kind: rules.EvRide, Player: q, From: Start, To: g})
			}
		}
	}
	switch {
	case seized != 0:
		if ev != nil {
			for q := range int(s.n) {
				if seized&(1<<q) != 0 {
					ev.Add(rules.Event{Kind: rules.EvSeized, Player: q, From: g})
				}
			}
			for q := range int(s.n) {
				if seized&(1<<q) != 0 {
					ev.Add(rules.Event{Kind: rules.EvDragged, Player: q, From: g, To: Start})
				}
			}
			ev.Add(rules.Event{Kind: rules.EvGhoulaReturns, Player: p, From: g, To: Start})
		}
		for q := range int(s.n) {
			if seized&(1<<q) != 0 {
				s.pieces[q] = Start
				s.lost[q] = true
				ev.Add(rules.Event{Kind: rules.EvLost, Player: q})
			}
		}
		g = Start
	case g == Gate:
		ev.Add(rules.Event{Kind: rules.EvGhoulaReturns, Player: p, From: Gate, To: Start})
		g = Start
	}
	s.ghoula = int8(g)
}

// done reports whether every player has reached the centre or lost.
func (s *State) done() bool {
	for p := range int(s.n) {
		if !s.lost[p] && s.pieces[p] != Centre {
			return false
		}
	}
	return true
}

// Ranks is nil until the game is over; then 1 for everyone who reached the centre, 2 for the rest.
func (s *State) Ranks() []int {
	if !s.over {
		return nil
	}
	r := make([]int, s.n)
	for p := range r {
		r[p] = 2
		if s.pieces[p] == Centre {
			r[p] = 1
		}
	}
	return r
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom makes s equal to src, another Sig wa Duqqan state.
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
	h.Add(int(s.ghoula))
	if s.ghoulaMoved {
		h.Add(1)
	} else {
		h.Add(0)
	}
	if s.over {
		h.Add(1)
	} else {
		h.Add(0)
	}
	for p := range int(s.n) {
		x := int(s.pieces[p]) | int(s.gateSigs[p])<<7
		if s.lost[p] {
			x |= 1 << 11
		}
		h.Add(x)
		h.Add(x >> 8)
	}
	t := int(s.turn)
	h.Add(t)
	h.Add(t >> 8)
	h.Add(t >> 16)
	h.Add(t >> 24)
	return uint64(h)
}

// FormatMove spells a throw as the protocol does: "throw 3".
func (s *State) FormatMove(m rules.Move) string {
	if m.IsThrow() {
		return "throw " + strconv.Itoa(m.ThrowCount())
	}
	return "move(" + strconv.Itoa(int(m)) + ")"
}

// ParseMove reads "throw N" (N white faces up, 0..4). The game has no other moves.
func (s *State) ParseMove(text string) (rules.Move, error) {
	f := strings.Fields(text)
	if len(f) == 2 && f[0] == "throw" {
		if n, err := strconv.Atoi(f[1]); err == nil && n >= 0 && n <= 4 {
			return rules.ThrowMove(n), nil
		}
		return 0, fmt.Errorf("bad move %q: four sticks show 0 to 4 white faces", text)
	}
	return 0, fmt.Errorf("bad move %q: Sig wa Duqqan has only throws (\"throw N\")", text)
}

// Wire is the protocol's STATE for sig-wa-duqqan.
func (s *State) Wire() any {
	w := wire{
		Common:      rules.CommonOf(s),
		Pieces:      make([]int, s.n),
		Lost:        make([]bool, s.n),
		GateSigs:    make([]int, s.n),
		Finished:    make([]bool, s.n),
		Ghoula:      int(s.ghoula),
		GhoulaMoved: s.ghoulaMoved,
	}
	for p := range int(s.n) {
		w.Pieces[p] = int(s.pieces[p])
		w.Lost[p] = s.lost[p]
		w.GateSigs[p] = int(s.gateSigs[p])
		w.Finished[p] = s.pieces[p] == Centre
	}
	return w
}

type wire struct {
	rules.Common
	Pieces      []int  `json:"pieces"`
	Lost        []bool `json:"lost"`
	GateSigs    []int  `json:"gate_sigs"`
	Ghoula      int    `json:"ghoula"`
	GhoulaMoved bool   `json:"ghoula_moved"`
	Finished    []bool `json:"finished"`
}

// Check verifies the invariants every reachable position keeps.
func (s *State) Check() error {
	n := int(s.n)
	if n < 2 || n > MaxPlayers {
		return fmt.Errorf("%d players", n)
	}
	if s.ghoula < Start || s.ghoula >= Gate {
		return fmt.Errorf("the Ghoula rests on %d, outside 1..80", s.ghoula)
	}
	for p := range MaxPlayers {
		pos, g := int(s.pieces[p]), int(s.gateSigs[p])
		if p >= n {
			if pos != 0 || g != 0 || s.lost[p] {
				return fmt.Errorf("slot %d beyond %d players is not empty", p, n)
			}
			continue
		}
		switch {
		case pos < Start || pos > Centre:
			return fmt.Errorf("player %d on %d, outside 1..86", p, pos)
		case s.lost[p] && pos != Start:
			return fmt.Errorf("player %d has lost but stands on %d", p, pos)
		case s.lost[p] && !s.ghoulaMoved:
			return fmt.Errorf("player %d has lost but the Ghoula never moved", p)
		case s.lost[p] && g >= GateSigs:
			return fmt.Errorf("player %d lost with %d gate sigs", p, g)
		case !s.lost[p] && pos < Gate && g != 0:
			return fmt.Errorf("player %d on %d has %d gate sigs", p, pos, g)
		case pos == Gate && (g < 0 || g >= GateSigs):
			return fmt.Errorf("player %d waits on the gate with %d sigs", p, g)
		case pos > Gate && g != GateSigs:
			return fmt.Errorf("player %d is past the gate with %d sigs", p, g)
		case s.ghoulaMoved && pos == Start && !s.lost[p]:
			return fmt.Errorf("player %d still on 1 after the Ghoula moved", p)
		}
	}
	if !s.ghoulaMoved && s.ghoula != Start {
		return errors.New("the Ghoula is off the start but never moved")
	}
	if s.over != s.done() {
		return fmt.Errorf("over=%v but every player finished or lost=%v", s.over, s.done())
	}
	if !s.over && (s.toMove < 0 || int(s.toMove) >= n || s.lost[s.toMove]) {
		return fmt.Errorf("player %d to move", s.toMove)
	}
	return nil
}

// Evaluate is player p's prospects in [-1, 1]: 1 once at the centre, -1 once lost, otherwise
// from 0 (at the start) toward 0.9 as the expected number of throws still needed (track, gate
// sigs, final stretch) falls, lowered when the Ghoula can reach the piece with its next move.
func (s *State) Evaluate(p int) float64 {
	switch {
	case s.pieces[p] == Centre:
		return 1
	case s.lost[p]:
		return -1
	}
	pos := int(s.pieces[p])
	rem := throwsLeft(pos, int(s.gateSigs[p]))
	// Most pieces that are not caught get home, so a fresh piece is even and one about to
	// finish is nearly sure.
	v := 0.9 * (1 - rem/throwsLeft(Start, 0))
	// Danger: the Ghoula sweeps forward only when someone is past the gate.
	hunter := false
	for q := range int(s.n) {
		if s.pieces[q] > Gate {
			hunter = true
			break
		}
	}
	if hunter && pos > int(s.ghoula) {
		d := pos - int(s.ghoula)
		if d <= 6 {
			// Blocked if another piece stands between the Ghoula and this one.
			for q := range int(s.n) {
				x := int(s.pieces[q])
				if q != p && x > int(s.ghoula) && x < pos {
					d = 7
					break
				}
			}
		}
		if d <= 6 {
			v -= 0.5 * reach[d]
		}
	}
	return max(-0.95, min(0.95, v))
}

// reach[d] is the chance that one Ghoula move of a finished player reaches d spaces ahead.
var reach = [7]float64{1, 1, 12.0 / 16, 12.0 / 16, 8.0 / 16, 7.0 / 16, 7.0 / 16}

// throwsLeft is the expected number of throws a piece on pos (with g gate sigs) still needs.
func throwsLeft(pos, g int) float64 {
	const perSig = 4           // a sig comes one throw in four
	const perSpace = 16.0 / 26 // throws per space on the open track: mean value 26/16
	switch {
	case pos < Gate:
		return float64(Gate-pos)*perSpace + GateSigs*perSig + 4*perSig
	case pos == Gate:
		return float64(GateSigs-g)*perSig + 4*perSig
	}
	return float64(Centre-pos) * perSig
}
