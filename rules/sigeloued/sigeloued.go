// Package sigeloued is Sig (El Oued Capture), the capture game the children of El Oued, Algeria,
// played on a 3×6 board: six pieces each loop round the board along a 24-step circuit, moved by
// six polished-and-rough sticks, and a piece that ends its move on an opposing piece captures it.
// Whoever takes all six opposing pieces wins.
//
// Sources (as named in the seed text): P. Bellin, "L'enfant saharien à travers ses jeux",
// Journal des Africanistes 33 (1), 1964: 47-104 (pp. 59-60); the Ludii description
// "Sig (El Oued Capture)".
//
// It follows the project's rulings (docs/rulings.md, "Sig (El Oued Capture)"): the two
// 24-step circuits as listed there (central squares appear twice, so a piece's place is its
// circuit index); no ending on one's own piece, capture by ending on an opposing one, passing
// over does nothing; sig (1 or 5 polished) worth 1 with an extra throw, freeing an unfreed piece
// or moving a freed one a step; 2, 3, 4 for freed pieces only; six polished throws again at once
// and joins a sig into a 7, or is played as a 6 before the new throw; six rough as a player's
// very first throw gives three extra throws whose first sig makes a 13, and is otherwise worth 0
// and ends the turn; big throws (7, 13) move one piece the whole value or free all unfreed
// pieces a step (front pieces first) and send one of them on with the rest; a throw nothing can
// use is lost; capturing all six wins at once; 200 consecutive turns without a capture draw.
//
// Where the rulings leave something open this package decides (and the rules page says so):
//   - The 13 made in the three extra throws of a six rough grants no extra throw: "after the
//     third the turn ends", and a sig among the three "grants nothing further".
//   - A throw worth 0 (six rough outside the first throw) reports no EvNoMove: nothing is lost.
//   - A move is always played whole: a free-all whose freeing step takes the last opposing piece
//     still finishes (the other steps and the rest), then the game ends.
//   - The rest of a free-all may end on the square the chosen piece stands on after its freeing
//     step (a rest of 12 from a central square): the piece "cannot block itself".
//   - EvTurn is reported when the turn passes to the other player (the first turn of the game
//     begins with the state itself). Turn counts turns begun, 1 for the first.
//   - EvExtraThrow is reported when each extra throw falls due: at once after a six polished,
//     after the value in hand has been played otherwise (one event for each of the three throws
//     a first six rough gives).
//   - A free-all reports EvFreeAll (Count: pieces freed), then for each piece, front first,
//     EvFreed and its EvStep (and EvCaptured if it lands on an opposing piece), then the chosen
//     piece's steps of the rest. EvCaptured's From is the captured piece's circuit index in its
//     owner's circuit, its To the square (row*6+file).
//   - A throw of six rough is reported with Value 0 (its 12 only ever counts joined to a sig,
//     which EvBigThrow reports); a sig joined into a big throw is reported with Value 1.
//
// The package imports the standard library and sig/rules only.
package sigeloued

import (
	_ "embed"
	"fmt"
	"math/bits"

	"sig/rules"
)

// Board and game constants.
const (
	// Files and Rows are the board's size: files a..f, rows 1..3.
	Files, Rows = 6, 3
	// Squares is the number of squares; a square's index is row*6+file (a1 = 0, f3 = 17).
	Squares = Files * Rows
	// CircuitLen is the number of steps in a lap of a circuit.
	CircuitLen = 24
	// Pieces is the number of pieces each player starts with.
	Pieces = 6
	// QuietLimit is the number of consecutive turns without a capture that draws the game.
	QuietLimit = 200
	// South (player 0) and North (player 1).
	South, North = 0, 1
	// Players is how many play: South and North.
	Players = 2
)

// freeAllBase is added to a square index to spell the free-all option "free-all e1".
const freeAllBase rules.Move = 64

//go:embed rules.en.md
var page string

// The same page in French and in Arabic (games_test checks they keep every section).
//
//go:embed rules.fr.md
var pageFR string

//go:embed rules.ar.md
var pageAR string

// Info describes Sig (El Oued Capture) for the registry.
var Info = &rules.Info{
	ID:             "sig-el-oued",
	Name:           "Sig (El Oued Capture)",
	Place:          "El Oued, Algeria",
	Summary:        "Six pieces each loop round a 3×6 board on six stick dice, capturing whatever they land on.",
	MinPlayers:     Players,
	MaxPlayers:     Players,
	DefaultPlayers: Players,
	Sticks:         rules.SixPolishedRough,
	NewState:       func(int) rules.State { return New() },
	Where:          where,
	Rules:          map[string]string{"en": page, "fr": pageFR, "ar": pageAR},
}

// ThrowValue is what a throw of p polished faces up (0..6) is worth when played: sig (1 or 5) 1,
// 2, 3, 4 as themselves, six polished 6, six rough 0.
var ThrowValue = [7]int8{0, 1, 2, 3, 4, 1, 6}

// IsSig reports whether a throw of p polished faces up is a sig.
func IsSig(p int) bool { return p == 1 || p == 5 }

var (
	// squareOf[pl][i] is the square of player pl's circuit index i.
	squareOf [2][CircuitLen]int8
	// homeID[pl][sq] is the piece of pl that starts on sq, or -1.
	homeID [2][Squares]int8
	// indicesOf[pl][sq] are the circuit indices of sq in pl's circuit (the second -1 if only one).
	indicesOf [2][Squares][2]int8
	// squareNames spells the squares: "a1" … "f3".
	squareNames [Squares]string
)

func init() {
	for i := 0; i < CircuitLen; i++ {
		var file, row int
		switch {
		case i < 6:
			file, row = i, 0
		case i < 12:
			file, row = 11-i, 1
		case i < 18:
			file, row = i-12, 2
		default:
			file, row = 23-i, 1
		}
		squareOf[South][i] = int8(row*Files + file)
		squareOf[North][i] = int8((Rows-1-row)*Files + Files - 1 - file)
	}
	for pl := 0; pl < 2; pl++ {
		for sq := range homeID[pl] {
			homeID[pl][sq] = -1
			indicesOf[pl][sq] = [2]int8{-1, -1}
		}
		for i := CircuitLen - 1; i >= 0; i-- {
			sq := squareOf[pl][i]
			indicesOf[pl][sq][1] = indicesOf[pl][sq][0]
			indicesOf[pl][sq][0] = int8(i)
		}
		for id := 0; id < Pieces; id++ {
			homeID[pl][squareOf[pl][id]] = int8(id)
		}
	}
	for sq := range squareNames {
		squareNames[sq] = string(rune('a'+sq%Files)) + string(rune('1'+sq/Files))
	}
}

// Square is the square of player's circuit index (0..23): file 0..5 (a..f) and row 0..2 (rows
// 1..3). South's circuit runs a1..f1, f2..a2, a3..f3, f2..a2; North's f3..a3, a2..f2, f1..a1,
// a2..f2.
func Square(player, index int) (file, row int) {
	sq := int(squareOf[player][index])
	return sq % Files, sq / Files
}

// SquareName spells a square index (row*6+file) as "a1" … "f3".
func SquareName(sq int) string { return squareNames[sq] }

// FileRow is where square sq lies: its file 0..5 (a..f) and its row 0..2 (rows 1..3; row 1 is
// South's home row).
func FileRow(sq int) (file, row int) { return sq % Files, sq / Files }

// Toward is the square df files toward file f and dr rows toward row 3 from square sq, and
// whether there is one (false past the board's edge, or for a square off the board).
func Toward(sq, df, dr int) (int, bool) {
	if sq < 0 || sq >= Squares {
		return -1, false
	}
	f, r := sq%Files+df, sq/Files+dr
	if f < 0 || f >= Files || r < 0 || r >= Rows {
		return -1, false
	}
	return r*Files + f, true
}

// then is what follows once the values still due in a turn have been played.
type then uint8

const (
	thenNone  then = iota // at a throw, or over
	thenThrow             // another throw
	thenSix               // another throw, following a six polished (a sig makes 7)
	thenEnd               // the turn ends
)

// outcome is how the game ended.
type outcome uint8

const (
	running outcome = iota
	southWon
	northWon
	drawn
)

// core is everything a position is; State adds the options derived from it.
type core struct {
	at       [2][Pieces]int8 // circuit index of each piece, -1 once captured
	unfreed  [2]uint8        // pieces in play that have never moved, one bit a piece id
	occ      [Squares]int8   // the piece on each square: player*6+id, or -1
	captured [2]int8         // pieces each player has taken
	toMove   int8
	phase    rules.Phase
	value    int8    // the value to play at a decision
	queue    [2]int8 // values still to play after value, in order
	queued   int8
	then     then    // what follows once the queue is played
	six      bool    // at a throw: a six polished waits for it
	bonus    int8    // first-turn extra throws (of three) still to be thrown
	used13   bool    // the first sig among them has been played as 13
	thrown   [2]bool // the player has thrown at least once
	took     bool    // the player to move has captured in this turn
	quiet    int16   // completed turns in a row without a capture
	turn     int32
	outcome  outcome
}

// State is a position of Sig (El Oued Capture). The zero value is not a game: use New or Parse.
type State struct {
	core
	moves  [2 * Pieces]rules.Move // the options at a decision, in the protocol's order
	nmoves int8
}

// New is the starting position: South to throw.
func New() *State {
	s := &State{}
	for sq := range s.occ {
		s.occ[sq] = -1
	}
	for pl := 0; pl < 2; pl++ {
		for id := 0; id < Pieces; id++ {
			s.at[pl][id] = int8(id)
			s.occ[squareOf[pl][id]] = int8(pl*Pieces + id)
		}
		s.unfreed[pl] = 1<<Pieces - 1
	}
	s.turn = 1
	s.phase = rules.PhaseThrow
	return s
}

// Info describes the game.
func (s *State) Info() *rules.Info { return Info }

// Players is 2.
func (s *State) Players() int { return Players }

// ToMove is the player who throws or decides next.
func (s *State) ToMove() int { return int(s.toMove) }

// Phase is what the game waits for.
func (s *State) Phase() rules.Phase { return s.phase }

// Turn is the number of the current turn, 1 for the first.
func (s *State) Turn() int { return int(s.turn) }

// Value is the value to play at a decision (7 and 13 included), 0 otherwise.
func (s *State) Value() int { return int(s.value) }

// Legal appends the legal moves to buf[:0]: the throws 0..6 at a throw; at a decision the plain
// moves in square order a1 … f3, then the free-all options in the same order.
func (s *State) Legal(buf []rules.Move) []rules.Move {
	switch s.phase {
	case rules.PhaseThrow:
		return rules.AppendThrows(buf, 6)
	case rules.PhaseMove:
		return append(buf[:0], s.moves[:s.nmoves]...)
	}
	return buf[:0]
}

// Chances appends the probability of each throw at a throw, nothing at a decision.
func (s *State) Chances(buf []float64) []float64 {
	if s.phase == rules.PhaseThrow {
		return rules.AppendChances(buf, 6)
	}
	return buf[:0]
}

// Ranks is nil until the end, then [1 2] or [2 1] for a win, [1 1] for a draw.
func (s *State) Ranks() []int {
	switch s.outcome {
	case southWon:
		return []int{1, 2}
	case northWon:
		return []int{2, 1}
	case drawn:
		return []int{1, 1}
	}
	return nil
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom makes s equal to src, a *State.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// Equal reports whether o is the same position (the turn counter included).
func (s *State) Equal(o rules.State) bool {
	t, ok := o.(*State)
	return ok && s.core == t.core
}

// Hash is a hash of the whole position.
func (s *State) Hash() uint64 {
	var a, b uint64
	for pl := 0; pl < 2; pl++ {
		for id := 0; id < Pieces; id++ {
			a = a<<5 | uint64(uint8(s.at[pl][id])&31)
		}
	}
	b = uint64(s.unfreed[0]) | uint64(s.unfreed[1])<<6 | uint64(s.toMove)<<12 | uint64(s.phase)<<13 |
		uint64(s.value)<<15 | uint64(s.queue[0])<<19 | uint64(s.queue[1])<<23 | uint64(s.queued)<<27 |
		uint64(s.then)<<29 | rules.Bit(s.six)<<31 | uint64(s.bonus)<<32 | rules.Bit(s.used13)<<34 |
		rules.Bit(s.thrown[0])<<35 | rules.Bit(s.thrown[1])<<36 | rules.Bit(s.took)<<37 | uint64(s.quiet)<<38 |
		uint64(s.outcome)<<46
	return rules.Mix(rules.Mix(a)^b) ^ rules.Mix(uint64(s.turn)+0x9e3779b97f4a7c15)
}

// Apply plays m, then every forced step after it, until a throw, a decision or the end.
func (s *State) Apply(m rules.Move, ev *rules.Events) error {
	switch s.phase {
	case rules.PhaseOver:
		return rules.ErrOver
	case rules.PhaseThrow:
		if !m.IsThrow() || m.ThrowCount() > 6 {
			return fmt.Errorf("%q is not legal now: %s must throw the sticks", s.FormatMove(m), playerNames[s.toMove])
		}
		s.throw(m.ThrowCount(), ev)
		return nil
	}
	for _, x := range s.moves[:s.nmoves] {
		if x == m {
			s.play(m, ev)
			s.advance(ev)
			return nil
		}
	}
	return s.whyIllegal(m)
}

var playerNames = [2]string{"South", "North"}

// throw reads a throw of p polished faces up and plays on.
func (s *State) throw(p int, ev *rules.Events) {
	pl := int(s.toMove)
	v := ThrowValue[p]
	ev.Add(rules.Event{Kind: rules.EvThrow, Player: pl, Count: p, Value: int(v)})
	first := !s.thrown[pl]
	s.thrown[pl] = true
	six := s.six
	s.six = false
	sig := IsSig(p)
	switch {
	case s.bonus > 0: // one of the three throws a first six rough gives: plain values
		s.bonus--
		if sig && !s.used13 {
			s.used13 = true
			s.big(13, ev)
		} else if v > 0 {
			s.push(v)
		}
		s.then = thenEnd
		if s.bonus > 0 {
			s.then = thenThrow
		}
	case six: // the throw after a six polished
		switch {
		case sig:
			s.big(7, ev)
			s.then = thenThrow
		case p == 6:
			s.push(6)
			s.then = thenSix
		case p == 0:
			s.push(6)
			s.then = thenEnd
		default:
			s.push(6)
			s.push(v)
			s.then = thenEnd
		}
	case sig:
		s.push(1)
		s.then = thenThrow
	case p == 6:
		s.then = thenSix
	case p == 0 && first:
		s.bonus = 3
		s.then = thenThrow
	default:
		if v > 0 {
			s.push(v)
		}
		s.then = thenEnd
	}
	s.advance(ev)
}

func (s *State) push(v int8) {
	s.queue[s.queued] = v
	s.queued++
}

func (s *State) big(v int8, ev *rules.Events) {
	ev.Add(rules.Event{Kind: rules.EvBigThrow, Player: int(s.toMove), Value: int(v)})
	s.push(v)
}

// advance plays the values due, applying lost throws and single options itself, until a
// decision, a throw or the end.
func (s *State) advance(ev *rules.Events) {
	for s.phase != rules.PhaseOver {
		if s.queued > 0 {
			v := s.queue[0]
			s.queue[0], s.queue[1] = s.queue[1], 0
			s.queued--
			s.value = v
			switch s.options(v) {
			case 0:
				ev.Add(rules.Event{Kind: rules.EvNoMove, Player: int(s.toMove), Value: int(v)})
			case 1:
				s.play(s.moves[0], ev)
			default:
				s.phase = rules.PhaseMove
				return
			}
			continue
		}
		s.value, s.nmoves = 0, 0
		if s.then == thenThrow || s.then == thenSix {
			s.six = s.then == thenSix
			s.then = thenNone
			s.phase = rules.PhaseThrow
			ev.Add(rules.Event{Kind: rules.EvExtraThrow, Player: int(s.toMove)})
			return
		}
		s.endTurn(ev)
		return
	}
}

// endTurn passes the turn, or draws the game after QuietLimit quiet turns.
func (s *State) endTurn(ev *rules.Events) {
	if s.took {
		s.quiet = 0
	} else {
		s.quiet++
	}
	s.took, s.then, s.used13 = false, thenNone, false
	if s.quiet >= QuietLimit {
		s.finish(drawn, ev)
		return
	}
	s.toMove ^= 1
	s.turn++
	s.phase = rules.PhaseThrow
	ev.Add(rules.Event{Kind: rules.EvTurn, Player: int(s.toMove)})
}

// finish ends the game.
func (s *State) finish(o outcome, ev *rules.Events) {
	s.outcome = o
	s.phase = rules.PhaseOver
	s.value, s.queue, s.queued, s.then, s.six, s.bonus, s.used13, s.took = 0, [2]int8{}, 0, thenNone, false, 0, false, false
	s.nmoves = 0
	ev.Add(rules.Event{Kind: rules.EvGameOver})
}

// options lists the ways the player to move can play v into s.moves and returns how many.
func (s *State) options(v int8) int {
	pl := s.toMove
	big := WorthOf(int(v)).Big()
	anyPiece := big || v == 1
	n := 0
	for sq := int8(0); sq < Squares; sq++ {
		o := s.occ[sq]
		if o < 0 || o/Pieces != pl {
			continue
		}
		id := o % Pieces
		if !anyPiece && s.unfreed[pl]&(1<<id) != 0 {
			continue
		}
		t := s.occ[squareOf[pl][(s.at[pl][id]+v)%CircuitLen]]
		if t < 0 || t/Pieces != pl {
			s.moves[n] = rules.Move(sq)
			n++
		}
	}
	if big && s.unfreed[pl] != 0 {
		n = s.freeAllOptions(v, n)
	}
	s.nmoves = int8(n)
	return n
}

// freeAllOptions appends the free-all options for the big throw v to s.moves[:n]: none if a
// freeing step is blocked, else one for every freed piece whose rest is not blocked.
func (s *State) freeAllOptions(v int8, n int) int {
	pl := s.toMove
	occ := s.occ
	freed := int8(0)
	for id := int8(Pieces - 1); id >= 0; id-- {
		if s.unfreed[pl]&(1<<id) == 0 {
			continue
		}
		to := squareOf[pl][id+1]
		if t := occ[to]; t >= 0 && t/Pieces == pl {
			return n
		}
		occ[squareOf[pl][id]] = -1
		occ[to] = pl*Pieces + id
		freed++
	}
	rest := v - freed
	for _, sq := range homeSquares[pl] {
		id := homeID[pl][sq]
		if s.unfreed[pl]&(1<<id) == 0 {
			continue
		}
		t := occ[squareOf[pl][(id+1+rest)%CircuitLen]]
		if t < 0 || t/Pieces != pl || t == pl*Pieces+id {
			s.moves[n] = freeAllBase + rules.Move(sq)
			n++
		}
	}
	return n
}

// homeSquares are each player's home row in square order.
var homeSquares = [2][Pieces]int8{{0, 1, 2, 3, 4, 5}, {12, 13, 14, 15, 16, 17}}

// play applies one of the options for s.value; capturing the sixth piece ends the game.
func (s *State) play(m rules.Move, ev *rules.Events) {
	pl := s.toMove
	if m >= freeAllBase {
		s.freeAll(homeID[pl][m-freeAllBase], ev)
	} else {
		s.moveBy(s.occ[m]%Pieces, s.value, ev)
	}
	if s.captured[pl] == Pieces {
		s.finish(southWon+outcome(pl), ev)
	}
}

// freeAll moves every unfreed piece one step, front pieces first, then chosen the rest.
func (s *State) freeAll(chosen int8, ev *rules.Events) {
	pl := s.toMove
	n := int8(bits.OnesCount8(s.unfreed[pl]))
	ev.Add(rules.Event{Kind: rules.EvFreeAll, Player: int(pl), Count: int(n)})
	for id := int8(Pieces - 1); id >= 0; id-- {
		if s.unfreed[pl]&(1<<id) != 0 {
			s.moveBy(id, 1, ev)
		}
	}
	s.moveBy(chosen, s.value-n, ev)
}

// moveBy moves the mover's piece id k steps (freeing it if need be) and captures what it ends on.
func (s *State) moveBy(id, k int8, ev *rules.Events) {
	pl := s.toMove
	from := s.at[pl][id]
	if s.unfreed[pl]&(1<<id) != 0 {
		s.unfreed[pl] &^= 1 << id
		ev.Add(rules.Event{Kind: rules.EvFreed, Player: int(pl), Piece: int(id)})
	}
	if ev != nil {
		for j := int8(0); j < k; j++ {
			ev.Add(rules.Event{Kind: rules.EvStep, Player: int(pl), Piece: int(id),
				From: int((from + j) % CircuitLen), To: int((from + j + 1) % CircuitLen)})
		}
	}
	to := (from + k) % CircuitLen
	s.occ[squareOf[pl][from]] = -1
	sq := squareOf[pl][to]
	if o := s.occ[sq]; o >= 0 {
		opp, oid := o/Pieces, o%Pieces
		ev.Add(rules.Event{Kind: rules.EvCaptured, Player: int(pl), Piece: int(oid), From: int(s.at[opp][oid]), To: int(sq)})
		s.at[opp][oid] = -1
		s.unfreed[opp] &^= 1 << oid
		s.captured[pl]++
		s.took = true
	}
	s.occ[sq] = pl*Pieces + id
	s.at[pl][id] = to
}

// Reason is why a move of a piece was refused, for callers that explain it in their own words
// (the board speaks three languages; the protocol keeps the English message).
type Reason uint8

// The reasons a piece's move can be refused.
const (
	NoPiece      Reason = iota + 1 // the player has no piece on the square
	FreeAllNeeds                   // freeing all needs a 7 or a 13
	AlreadyFreed                   // the piece to free all with is already freed
	FreeAllHeld                    // a step of the free-all would land on the player's own piece
	NeverMoved                     // an unfreed piece needs a sig, 7 or 13
	OwnPiece                       // the move would end on the player's own piece
)

// Refusal is the error Apply returns for an illegal move of a piece: its Reason, and the square
// the explanation is about (the piece's square, or where the move would end for OwnPiece).
type Refusal struct {
	Reason Reason
	Square string
	msg    string
}

func (r *Refusal) Error() string { return r.msg }

// refuse makes a Refusal whose message is the formatted English text.
func refuse(r Reason, sq int, format string, args ...any) error {
	return &Refusal{Reason: r, Square: squareNames[sq], msg: fmt.Sprintf(format, args...)}
}

// whyIllegal explains why m is not one of the options at this decision.
func (s *State) whyIllegal(m rules.Move) error {
	pl := s.toMove
	name := s.FormatMove(m)
	who := playerNames[pl]
	if m.IsThrow() {
		return fmt.Errorf("%q is not legal now: %s must choose how to play the %d", name, who, s.value)
	}
	sq, free := int(m), false
	if m >= freeAllBase {
		sq, free = int(m-freeAllBase), true
	}
	if sq < 0 || sq >= Squares {
		return fmt.Errorf("%s is not a move of %s", name, Info.Name)
	}
	o := s.occ[sq]
	if o < 0 || o/Pieces != pl {
		return refuse(NoPiece, sq, "illegal move %q: %s has no piece on %s", name, who, squareNames[sq])
	}
	id := o % Pieces
	unfreed := s.unfreed[pl]&(1<<id) != 0
	big := WorthOf(int(s.value)).Big()
	if free {
		switch {
		case !big:
			return refuse(FreeAllNeeds, sq, "illegal move %q: only a 7 or a 13 can free all, the value is %d", name, s.value)
		case !unfreed:
			return refuse(AlreadyFreed, sq, "illegal move %q: the piece on %s has already been freed", name, squareNames[sq])
		}
		return refuse(FreeAllHeld, sq, "illegal move %q: %s", name, s.freeAllBlock(id))
	}
	if unfreed && !big && s.value != 1 {
		return refuse(NeverMoved, sq, "illegal move %q: the piece on %s has never moved and only a sig, 7 or 13 frees it", name, squareNames[sq])
	}
	to := squareOf[pl][(s.at[pl][id]+s.value)%CircuitLen]
	return refuse(OwnPiece, int(to), "illegal move %q: it would end on %s, where %s already has a piece", name, squareNames[to], who)
}

// freeAllBlock says which step of a free-all sending id on with the rest is blocked.
func (s *State) freeAllBlock(chosen int8) string {
	pl := s.toMove
	occ := s.occ
	freed := int8(0)
	for id := int8(Pieces - 1); id >= 0; id-- {
		if s.unfreed[pl]&(1<<id) == 0 {
			continue
		}
		to := squareOf[pl][id+1]
		if t := occ[to]; t >= 0 && t/Pieces == pl {
			return fmt.Sprintf("the piece on %s cannot step to %s, held by %s's own piece", squareNames[squareOf[pl][id]], squareNames[to], playerNames[pl])
		}
		occ[squareOf[pl][id]] = -1
		occ[to] = pl*Pieces + id
		freed++
	}
	to := squareOf[pl][(chosen+1+s.value-freed)%CircuitLen]
	return fmt.Sprintf("the rest of %d would end on %s, held by %s's own piece", s.value-freed, squareNames[to], playerNames[pl])
}
