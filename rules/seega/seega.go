// Package seega is Seega (Siga, Sipu), the two-player capture game of Egypt and Sudan played on a
// 5×5 board: each player places twelve pieces two at a time, leaving the centre empty, then the
// pieces step orthogonally and capture by custodian (an enemy trapped between the piece that
// moved and another of the mover's pieces on the same line).
//
// Source: the Spanish description of the Grupo Alquerque de Sevilla ("Juego tradicional egipcio y
// de Sudán. Llamado también Sipu").
//
// It follows the Seega section of docs/rulings.md: player 0 places first and player 1, who
// places the last two pieces, moves first; nothing is captured during placement; only the piece
// that moved captures, in every direction at once; a piece on the centre cannot be captured;
// capture is compulsory; a capture that leaves the same player another capture makes them play
// again (a chain, captures only); a player who cannot move makes the opponent play again with a
// move that gives them one, if there is such a move; the game ends when a player has no pieces
// (they lose), after 40 movement moves in a row without a capture, or on the third occurrence of
// the same board with the same player to move, and in those two cases more captures win.
//
// Where the rulings are silent, this package decides (and the rules page says so):
//   - The 24th placement has one possible square, so it is played by the rules themselves.
//   - The end of a move is worked out in this order: captures; the opponent has no pieces → over;
//     40 quiet moves → over; who moves next (chain, then the blocked rule); that position is
//     counted and a third occurrence ends the game; a single legal move is then played at once
//     and counts like any other move.
//   - If player 1 cannot move when the movement phase begins (player 0 holds the four squares
//     around the centre), player 0 plays first under the blocked rule.
//   - A position for the repetition rule is exactly the board and the player to move, whether
//     that player is in a chain, under the blocked rule or playing normally.
//   - A turn begins (EvTurn) whenever the player to move changes, and also when the same player
//     plays again under the blocked rule (after EvBlocked); a chain continues the turn (EvChain).
//     Turn() numbers the turn under way, 1 at the start; the movement phase opens with a new
//     turn (EvTurn) even though player 1 also placed the last two pieces.
//   - No move made under the blocked rule can capture (a capture needs an empty square next to
//     an enemy piece, which a blocked player does not have), so that rule's "capture is still
//     compulsory" and "if that move opens a chain" never come into play; Check asserts it.
//
// Squares are numbered 0..24, index = (rank-1)*5 + file with files a..e = 0..4 and ranks 1..5
// from player 0's side: a1 = 0, e1 = 4, c3 = 12 (the centre), e5 = 24. Events use these numbers.
// A placement move is the square's number; a step is 32 + from*25 + to.
//
// Events: EvPlaced (Player, To, Count = pieces left in Player's hand); EvStep (Player, From, To;
// Piece 0); EvCaptured (Player = the captor, From = the square, Piece = the captured piece's
// owner), one per piece, in square order; EvChain (Player captures again); EvBlocked (Player =
// the blocked one); EvTurn (Player's turn begins); EvGameOver (Player = the winner or -1 for a
// draw, Value = the Reason).
//
// The package imports only the standard library and sig/rules.
package seega

import (
	_ "embed"
	"fmt"
	"math/bits"
	"slices"

	"sig/rules"
)

//go:embed rules.en.md
var rulesEN string

// The same page in French and in Arabic (games_test checks they keep every section).
//
//go:embed rules.fr.md
var rulesFR string

//go:embed rules.ar.md
var rulesAR string

// Info describes Seega for the registry.
var Info = &rules.Info{
	ID:             "seega",
	Name:           "Seega",
	Place:          "Egypt and Sudan",
	Summary:        "Place twelve pieces two at a time, then trap your opponent's pieces between two of yours.",
	MinPlayers:     Players,
	MaxPlayers:     Players,
	DefaultPlayers: Players,
	Sticks:         rules.NoSticks,
	Rules:          map[string]string{"en": rulesEN, "fr": rulesFR, "ar": rulesAR},
	NewState:       func(int) rules.State { return New() },
	Where:          where,
}

// Board geometry and limits.
const (
	// Size is the side of the board.
	Size = 5
	// Squares is the number of squares.
	Squares = Size * Size
	// Centre is the centre square, c3.
	Centre = 12
	// Players is how many play: the first player (x) and the second (o).
	Players = 2
	// PiecesEach is how many pieces each player has.
	PiecesEach = 12
	// PlacedEachTurn is how many pieces a player places in a turn of the placement.
	PlacedEachTurn = 2
	// QuietLimit is the number of movement moves in a row without a capture that ends the game.
	QuietLimit = 40

	// stepBase keeps step moves apart from placements (0..24).
	stepBase rules.Move = 32
	// maxLegal bounds the legal moves: a step crosses one of the board's 40 edges, and there are
	// at most 24 placements.
	maxLegal = 2 * Size * (Size - 1)

	full      uint32 = 1<<Squares - 1
	centreBit uint32 = 1 << Centre
	fileA     uint32 = 1 | 1<<5 | 1<<10 | 1<<15 | 1<<20
	fileE     uint32 = fileA << 4
	innerFile uint32 = full &^ (fileA | fileE) // squares with a left and a right neighbour
	innerRank uint32 = full &^ (0x1f | 0x1f<<20)
)

// Reason says why a game ended.
type Reason uint8

const (
	// NotOver: the game goes on.
	NotOver Reason = iota
	// NoPieces: the loser has no pieces left.
	NoPieces
	// QuietMoves: 40 movement moves in a row without a capture.
	QuietMoves
	// Repetition: the same position occurred for the third time.
	Repetition
)

var reasonNames = [...]string{NotOver: "not over", NoPieces: "no pieces", QuietMoves: "40 quiet moves", Repetition: "repetition"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// draw is the result of a drawn game.
const draw = 2

// State is a Seega position. It is a plain value: copying it copies the game.
type State struct {
	pieces   [2]uint32 // one bit a square, per player
	inHand   [2]int8
	captured [2]int8 // pieces each player has taken
	toMove   int8
	placing  int8 // 1..PlacedEachTurn during placement: which piece of the turn is placed next; 0 after
	blocked  int8 // the blocked player while the opponent plays again under the blocked rule, else -1
	chain    bool // the player to move must capture again
	reason   Reason
	result   int8 // once over: the winner, or draw
	quiet    int8 // movement moves since the last capture
	turn     int32
	nLegal   int8
	nHist    int8
	legal    [maxLegal]rules.Move
	hist     [QuietLimit]uint64 // positions since the last capture (movement phase), oldest first
}

// New is the starting position: the board empty, twelve pieces in each hand, player 0 to place.
func New() *State {
	s := &State{inHand: [2]int8{PiecesEach, PiecesEach}, placing: 1, blocked: -1, turn: 1}
	s.genLegal()
	return s
}

// Precomputed neighbourhoods.
var (
	adj [Squares]uint32 // orthogonal neighbours of each square
	// pairs[sq] lists, for each direction from sq, the neighbour (never the centre, which is
	// safe) and the square beyond it: a piece arriving on sq captures the neighbour when it
	// holds an enemy and the square beyond holds one of the mover's pieces.
	pairs  [Squares][4][2]uint32
	npairs [Squares]uint8
)

func init() {
	dirs := [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} // rank, file
	for sq := range Squares {
		r, f := sq/Size, sq%Size
		for _, d := range dirs {
			r1, f1 := r+d[0], f+d[1]
			if r1 < 0 || r1 >= Size || f1 < 0 || f1 >= Size {
				continue
			}
			adj[sq] |= 1 << (r1*Size + f1)
			r2, f2 := r1+d[0], f1+d[1]
			if r2 < 0 || r2 >= Size || f2 < 0 || f2 >= Size || r1*Size+f1 == Centre {
				continue
			}
			pairs[sq][npairs[sq]] = [2]uint32{1 << (r1*Size + f1), 1 << (r2*Size + f2)}
			npairs[sq]++
		}
	}
}

func north(b uint32) uint32 { return b << Size & full }
func south(b uint32) uint32 { return b >> Size }
func east(b uint32) uint32  { return b << 1 &^ fileA & full }
func west(b uint32) uint32  { return b >> 1 &^ fileE }

// around is the set of squares orthogonally next to a square of b.
func around(b uint32) uint32 { return north(b) | south(b) | east(b) | west(b) }

// mobile reports whether the pieces own can step somewhere, other being the opposing pieces.
func mobile(own, other uint32) bool {
	return own&around(full&^(own|other)) != 0
}

// captures is what a piece of the mover arriving on to captures; own and opp are the pieces
// before the move (the square the piece leaves is never one that matters).
func captures(to int, own, opp uint32) uint32 {
	var c uint32
	for _, pr := range pairs[to][:npairs[to]] {
		if opp&pr[0] != 0 && own&pr[1] != 0 {
			c |= pr[0]
		}
	}
	return c
}

// threatened is the set of opp's pieces that own could capture with one step now.
func threatened(own, opp uint32) uint32 {
	empty := full &^ (own | opp)
	landing := empty & around(own) // squares a piece of own can step to
	exposed := opp &^ centreBit
	h := exposed & innerFile & (east(own)&west(landing) | west(own)&east(landing))
	v := exposed & innerRank & (north(own)&south(landing) | south(own)&north(landing))
	return h | v
}

// StepMove is the move stepping a piece from one square to another.
func StepMove(from, to int) rules.Move { return stepBase + rules.Move(from*Squares+to) }

// PlaceMove is the move placing a piece on sq.
func PlaceMove(sq int) rules.Move { return rules.Move(sq) }

// decode splits a move into its kind and squares; ok is false for a number that is no Seega move.
func decode(m rules.Move) (from, to int, step, ok bool) {
	switch {
	case m >= 0 && m < Squares:
		return -1, int(m), false, true
	case m >= stepBase && m < stepBase+Squares*Squares:
		k := int(m - stepBase)
		return k / Squares, k % Squares, true, k/Squares != k%Squares
	}
	return -1, -1, false, false
}

// Placing reports whether the game is in the placement phase.
func (s *State) Placing() bool { return s.inHand[0]+s.inHand[1] > 0 }

func (s *State) key() uint64 {
	return uint64(s.pieces[0]) | uint64(s.pieces[1])<<Squares | uint64(s.toMove)<<(2*Squares)
}

// Info describes the game.
func (s *State) Info() *rules.Info { return Info }

// Players is always 2.
func (s *State) Players() int { return Players }

// ToMove is the player to place or move next.
func (s *State) ToMove() int { return int(s.toMove) }

// Phase is PhaseMove until the game is over: Seega has no throws.
func (s *State) Phase() rules.Phase {
	if s.reason != NotOver {
		return rules.PhaseOver
	}
	return rules.PhaseMove
}

// Turn numbers the turn under way, 1 at the start.
func (s *State) Turn() int { return int(s.turn) }

// Legal lists the legal moves: placements by square, steps by from-square then to-square.
func (s *State) Legal(buf []rules.Move) []rules.Move {
	return append(buf[:0], s.legal[:s.nLegal]...)
}

// Chances is always empty: there are no throws.
func (s *State) Chances(buf []float64) []float64 { return buf[:0] }

// Ranks is nil until the end, then [1 2] or [2 1] for a win, [1 1] for a draw.
func (s *State) Ranks() []int {
	if s.reason == NotOver {
		return nil
	}
	switch s.result {
	case 0:
		return []int{1, 2}
	case 1:
		return []int{2, 1}
	}
	return []int{1, 1}
}

// Reason says why the game ended (NotOver while it goes on).
func (s *State) Reason() Reason { return s.reason }

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src, a Seega state.
func (s *State) CopyFrom(src rules.State) { *s = *src.(*State) }

// Equal reports whether o is the same Seega position, its history and turn counter included.
func (s *State) Equal(o rules.State) bool {
	t, ok := o.(*State)
	if !ok {
		return false
	}
	return s.pieces == t.pieces && s.inHand == t.inHand && s.captured == t.captured &&
		s.toMove == t.toMove && s.placing == t.placing && s.blocked == t.blocked &&
		s.chain == t.chain && s.reason == t.reason && s.result == t.result &&
		s.quiet == t.quiet && s.turn == t.turn && s.nLegal == t.nLegal && s.nHist == t.nHist &&
		slices.Equal(s.legal[:s.nLegal], t.legal[:t.nLegal]) && slices.Equal(s.hist[:s.nHist], t.hist[:t.nHist])
}

// Hash mixes everything that decides the rest of the game except the repetition history and
// the turn counter.
func (s *State) Hash() uint64 {
	h := s.key()
	h ^= rules.Mix(uint64(uint8(s.inHand[0])) | uint64(uint8(s.inHand[1]))<<8 | uint64(uint8(s.captured[0]))<<16 |
		uint64(uint8(s.captured[1]))<<24 | uint64(uint8(s.quiet))<<32 | uint64(uint8(s.placing))<<40 |
		uint64(uint8(s.blocked+1))<<48 | uint64(s.reason)<<56 | rules.Bit(s.chain)<<60)
	return rules.Mix(h)
}

// Apply plays m, then every forced move after it.
func (s *State) Apply(m rules.Move, ev *rules.Events) error {
	if s.reason != NotOver {
		return rules.ErrOver
	}
	if !rules.Contains(s.legal[:s.nLegal], m) {
		return s.refuse(m)
	}
	s.play(m, ev)
	for s.reason == NotOver && s.nLegal == 1 {
		s.play(s.legal[0], ev)
	}
	return nil
}

// play applies one legal move and sets up the next decision.
func (s *State) play(m rules.Move, ev *rules.Events) {
	from, to, step, _ := decode(m)
	p := int(s.toMove)
	if !step {
		s.place(p, to, ev)
	} else {
		s.step(p, from, to, ev)
	}
	if s.reason == NotOver {
		s.genLegal()
	}
}

func (s *State) place(p, sq int, ev *rules.Events) {
	s.pieces[p] |= 1 << sq
	s.inHand[p]--
	ev.Add(rules.Event{Kind: rules.EvPlaced, Player: p, To: sq, Count: int(s.inHand[p])})
	if s.placing < PlacedEachTurn {
		s.placing++
		return
	}
	s.placing = 1
	if s.Placing() {
		s.toMove = int8(1 - p)
		s.turn++
		ev.Add(rules.Event{Kind: rules.EvTurn, Player: 1 - p})
		return
	}
	// Every piece is placed: the player who placed the last two moves first, unless blocked.
	s.placing = 0
	s.nHist = 0
	s.passTurn(1-p, ev)
	s.count(ev)
}

func (s *State) step(p, from, to int, ev *rules.Events) {
	q := 1 - p
	own, opp := s.pieces[p], s.pieces[q]
	c := captures(to, own, opp)
	s.pieces[p] = own&^(1<<from) | 1<<to
	s.pieces[q] = opp &^ c
	ev.Add(rules.Event{Kind: rules.EvStep, Player: p, From: from, To: to})
	if c == 0 {
		s.quiet++
	} else {
		s.quiet = 0
		s.nHist = 0 // no earlier position can come back
		s.captured[p] += int8(bits.OnesCount32(c))
		if ev != nil {
			for b := c; b != 0; b &= b - 1 {
				ev.Add(rules.Event{Kind: rules.EvCaptured, Player: p, From: bits.TrailingZeros32(b), Piece: q})
			}
		}
	}
	switch {
	case s.pieces[q] == 0:
		s.end(NoPieces, int8(p), ev)
		return
	case s.quiet >= QuietLimit:
		s.end(QuietMoves, s.leader(), ev)
		return
	}
	if c != 0 && threatened(s.pieces[p], s.pieces[q]) != 0 {
		s.chain, s.blocked = true, -1
		ev.Add(rules.Event{Kind: rules.EvChain, Player: p})
	} else {
		s.chain = false
		s.passTurn(p, ev)
	}
	s.count(ev)
}

// passTurn ends p's turn: q = 1-p moves next, or p plays again under the blocked rule.
func (s *State) passTurn(p int, ev *rules.Events) {
	q := 1 - p
	s.turn++
	if mobile(s.pieces[q], s.pieces[p]) {
		s.toMove, s.blocked = int8(q), -1
		ev.Add(rules.Event{Kind: rules.EvTurn, Player: q})
		return
	}
	if !mobile(s.pieces[p], s.pieces[q]) {
		panic("seega: both players are blocked:\n" + s.String())
	}
	s.toMove, s.blocked = int8(p), int8(q)
	ev.Add(rules.Event{Kind: rules.EvBlocked, Player: q})
	ev.Add(rules.Event{Kind: rules.EvTurn, Player: p})
}

// count records the position now to be played in the repetition history; the third occurrence
// ends the game.
func (s *State) count(ev *rules.Events) {
	k := s.key()
	seen := 0
	for _, h := range s.hist[:s.nHist] {
		if h == k {
			seen++
		}
	}
	if int(s.nHist) >= len(s.hist) {
		panic("seega: repetition history overflow:\n" + s.String())
	}
	s.hist[s.nHist] = k
	s.nHist++
	if seen >= 2 {
		s.end(Repetition, s.leader(), ev)
	}
}

// leader is the player who has captured more, or draw.
func (s *State) leader() int8 {
	switch {
	case s.captured[0] > s.captured[1]:
		return 0
	case s.captured[1] > s.captured[0]:
		return 1
	}
	return draw
}

func (s *State) end(r Reason, result int8, ev *rules.Events) {
	s.reason, s.result = r, result
	s.chain, s.blocked = false, -1
	s.nLegal = 0
	if ev != nil {
		winner := int(result)
		if result == draw {
			winner = -1
		}
		ev.Add(rules.Event{Kind: rules.EvGameOver, Player: winner, Value: int(r)})
	}
}

// genLegal fills the legal-move cache for the player to move.
func (s *State) genLegal() {
	n := 0
	if s.Placing() {
		for b := full &^ (s.pieces[0] | s.pieces[1] | centreBit); b != 0; b &= b - 1 {
			s.legal[n] = rules.Move(bits.TrailingZeros32(b))
			n++
		}
		s.nLegal = int8(n)
		return
	}
	p := s.toMove
	own, opp := s.pieces[p], s.pieces[1-p]
	empty := full &^ (own | opp)
	if s.blocked >= 0 {
		// The blocked rule: only the moves after which the blocked player can move, if there
		// are any. None of them captures: a capture needs an empty square next to an enemy
		// piece, and the blocked player has none, so compulsory capture changes nothing here.
		for b := own; b != 0; b &= b - 1 {
			from := bits.TrailingZeros32(b)
			for t := adj[from] & empty; t != 0; t &= t - 1 {
				to := bits.TrailingZeros32(t)
				if mobile(opp, own&^(1<<from)|1<<to) {
					s.legal[n] = StepMove(from, to)
					n++
				}
			}
		}
		if n > 0 {
			s.nLegal = int8(n)
			return
		}
		// No move opens a way: the ordinary rules apply.
	}
	// Capture is compulsory (and the only thing a chain allows).
	capOnly := threatened(own, opp) != 0
	for b := own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros32(b)
		for t := adj[from] & empty; t != 0; t &= t - 1 {
			to := bits.TrailingZeros32(t)
			if capOnly && captures(to, own, opp) == 0 {
				continue
			}
			s.legal[n] = StepMove(from, to)
			n++
		}
	}
	s.nLegal = int8(n)
}

// refuse explains why m, not in the legal list, cannot be played: a *Refusal for a placement
// or a step, whose message is the protocol's English text.
func (s *State) refuse(m rules.Move) error {
	name := s.FormatMove(m)
	if m.IsThrow() {
		return fmt.Errorf("%q is not a Seega move: Seega is played without sticks", name)
	}
	from, to, step, ok := decode(m)
	if !ok {
		return fmt.Errorf("move %d is not a Seega move", int32(m))
	}
	p := int(s.toMove)
	me := mark[p]
	occupied := (s.pieces[0]|s.pieces[1])&(1<<to) != 0
	if !step {
		switch {
		case !s.Placing():
			return refusal(PlacingOver, to, "illegal move %q: every piece is placed; step a piece instead (like \"c2-c3\")", name)
		case to == Centre:
			return refusal(CentreFirst, to, "illegal move %q: the centre stays empty until every piece is placed", name)
		case occupied:
			return refusal(Occupied, to, "illegal move %q: %s is not empty", name, SquareName(to))
		}
		return fmt.Errorf("illegal move %q", name)
	}
	own, opp := s.pieces[p], s.pieces[1-p]
	switch {
	case s.Placing():
		return refusal(StillPlacing, from, "illegal move %q: pieces are still being placed (%s places next)", name, string(me))
	case own&(1<<from) == 0:
		return refusal(NoPiece, from, "illegal move %q: there is no %s piece on %s", name, string(me), SquareName(from))
	case adj[from]&(1<<to) == 0:
		return refusal(NotAdjacent, to, "illegal move %q: %s is not next to %s (a piece steps one square, never diagonally)", name, SquareName(to), SquareName(from))
	case occupied:
		return refusal(Occupied, to, "illegal move %q: %s is not empty", name, SquareName(to))
	}
	c := captures(to, own, opp)
	switch {
	case s.chain:
		return refusal(MustChain, from, "illegal move %q: %s must capture again and this move captures nothing", name, string(me))
	case s.blocked >= 0 && !mobile(opp&^c, own&^(1<<from)|1<<to):
		return refusal(OpensNoWay, from, "illegal move %q: %s is blocked, and this move leaves them without a move", name, string(mark[s.blocked]))
	case c == 0:
		return refusal(MustCapture, from, "illegal move %q: capture is compulsory and this move captures nothing", name)
	}
	return fmt.Errorf("illegal move %q", name)
}
