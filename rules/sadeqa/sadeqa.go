// Package sadeqa is the rules of Sadeqa, the two-row mancala of the Jimma of western Ethiopia
// (Sadéqa V in Pankhurst's survey): multi-lap sowing on 2×10 holes, where a hole of the
// opponent's row brought to exactly four seeds becomes a warana ("speared") that gathers seeds
// for the player who made it.
//
// Sources: the Mancala World article "Sadeqa" by Ralf Gering (CC BY-SA 2.5), which draws on
// R. Pankhurst, "Gabata and Related Board Games of Ethiopia and the Horn of Africa", Ethiopia
// Observer 14 (3), 1971, p. 199; R. Gering, "Selus and Sadéqa: African Warrior Games", Abstract
// Games Magazine 4 (16), 2003; and L. Russ, The Complete Mancala Games Book, 2000, p. 51.
//
// It follows the Sadeqa section of docs/rulings.md (board, sowing order, the five cases of the last
// seed checked in order, endless sowings, passing, scores, and the guard against endless
// games). Where the rulings leave a choice open this package decides, and the rules page says
// so too:
//   - Holes are numbered 0..19 in events: S1..S10 are 0..9, N1..N10 are 10..19, and sowing
//     always goes from i to (i+1) mod 20. A move is the mover's own hole number, 1..10 from
//     the mover's left; legal moves are listed in ascending order.
//   - An endless sowing is found exactly, by Brent's cycle detection on the state at the start
//     of each lap (the 20 counts and the hole to lift; waranas cannot change during a sowing):
//     a move is refused only when such a state truly recurs, never after a fixed number of
//     laps. Such a sowing needs a board without waranas (a seed falling into one never comes
//     out again, and between waranas seeds only move on), so it can only occur before the
//     first warana is made. Showing a recurrence can take long in positions built to be
//     hard (a search found one whose cycle is 1.8 billion laps), but no sowing longer than 62
//     laps, and no endless one, was met in 20,000 random games.
//   - A player with no legal move passes (EvTurn, EvPass) and the other plays again; the game
//     ends only when neither has a legal move. A pass is a turn for the guard's count.
//   - A capture and a new warana both reset the count of quiet turns.
//   - Positions for the guard (the 20 counts, the waranas and the player to act) are counted
//     whenever a player is about to act: at the start of every turn, when the player to act
//     can only pass, and before every bonus move (such a position follows a capture, so it is
//     always new, but it may recur later). The history is exact, not hashed, and is forgotten
//     whenever seeds leave the non-warana holes (a capture, a new warana, a seed sown into a
//     warana): the seeds outside waranas never increase, so no earlier position can recur.
//   - The STATE's extra fields: "bonus" (the player to act makes a bonus move), "quiet" and
//     "end" (why the game ended).
//
// The package imports the standard library and sig/rules only.
package sadeqa

import (
	_ "embed"
	"fmt"
	"slices"

	"sig/rules"
)

//go:embed rules.en.md
var page string

// The same page in French and in Arabic (games_test checks they keep every section).
//
//go:embed rules.fr.md
var pageFR string

//go:embed rules.ar.md
var pageAR string

// Info describes Sadeqa for the registry.
var Info = &rules.Info{
	ID:             "sadeqa",
	Name:           "Sadeqa",
	Place:          "Jimma, Ethiopia",
	Summary:        "Two-row mancala of the Jimma court: sow lap after lap, spear the opponent's holes as waranas and collect what falls into them.",
	MinPlayers:     Players,
	MaxPlayers:     Players,
	DefaultPlayers: Players,
	Sticks:         rules.NoSticks,
	Rules:          map[string]string{"en": page, "fr": pageFR, "ar": pageAR},
	NewState:       func(int) rules.State { return New() },
	Where:          where,
}

// The board.
const (
	// Holes is the number of holes: S1..S10 are 0..9, N1..N10 are 10..19.
	Holes = 20
	// RowHoles is the number of holes in a player's row.
	RowHoles = 10
	// Seeds is the number of seeds in play: four in every hole at the start.
	Seeds = 80
	// QuietLimit is the number of turns without a capture or a new warana that ends the game.
	QuietLimit = 300
	// RepeatLimit is the occurrence of one position that ends the game.
	RepeatLimit = 3
)

// South and North are the players: South (0) owns holes 0..9, North (1) owns 10..19.
const (
	South = 0
	North = 1
	// Players is how many play: South and North.
	Players = 2
)

// End says why a game ended.
type End uint8

const (
	// NotOver: the game goes on.
	NotOver End = iota
	// EndNoMoves: neither player has a legal move (the natural end).
	EndNoMoves
	// EndQuiet: QuietLimit turns passed without a capture or a new warana.
	EndQuiet
	// EndRepetition: a position occurred for the third time.
	EndRepetition
)

func (e End) String() string {
	switch e {
	case NotOver:
		return "not over"
	case EndNoMoves:
		return "no moves"
	case EndQuiet:
		return "quiet"
	case EndRepetition:
		return "repetition"
	}
	return fmt.Sprintf("End(%d)", uint8(e))
}

// Guard reports whether the game was ended by the guard against endless games, which scores
// the seeds left in each row for its owner.
func (e End) Guard() bool { return e == EndQuiet || e == EndRepetition }

// noOwner marks a hole that is not a warana.
const noOwner = -1

// core is everything of a position except the history of repetitions: a comparable value.
type core struct {
	holes    board     // seeds in each hole
	waranas  [2]uint32 // bit i of waranas[p]: hole i is a warana owned by p
	captured [2]uint8  // seeds captured by South and North
	toMove   uint8     // the player to act
	phase    rules.Phase
	bonus    bool   // the player to act makes a bonus move
	end      End    // why the game ended
	legal    uint16 // bit k-1 set: move k is legal for toMove
	quiet    uint16 // turns in a row without a capture or a new warana
	turn     int32  // turns completed
	// free is the number of seeds in non-warana holes when history was last cleared. It never
	// grows, so a position with a different count can never recur.
	free uint8
}

// key is a position for the repetition guard, exactly: the 20 counts, with the player to act in
// the spare top bits. Warana owners are not in it: the history is cleared whenever they change.
type key board

// State is a position of Sadeqa. The zero value is not a game: use New.
type State struct {
	core
	// history holds the keys of the positions met since seeds last left the non-warana holes,
	// the current one included.
	history []key
}

// New returns the opening position: four seeds in every hole, South to move.
func New() *State {
	s := &State{history: make([]key, 0, 64)}
	for i := range Holes {
		s.holes.set(i, 4)
	}
	s.free = Seeds
	s.toMove = South
	s.remember(nil)
	s.ask(s.legalMask(South))
	return s
}

// Info describes the game.
func (s *State) Info() *rules.Info { return Info }

// Players is always 2.
func (s *State) Players() int { return Players }

// ToMove is the player to act: South (0) or North (1).
func (s *State) ToMove() int { return int(s.toMove) }

// Phase is PhaseMove until the game is over: Sadeqa has no throws.
func (s *State) Phase() rules.Phase { return s.phase }

// Turn is the number of turns completed (a move with its bonus moves, or a pass).
func (s *State) Turn() int { return int(s.turn) }

// Bonus reports whether the player to act is making a bonus move.
func (s *State) Bonus() bool { return s.bonus }

// Quiet is the number of turns in a row without a capture or a new warana.
func (s *State) Quiet() int { return int(s.quiet) }

// Ended says why the game ended (NotOver while it goes on).
func (s *State) Ended() End { return s.end }

// Seeds is the number of seeds in hole i (0..19: S1..S10, N1..N10).
func (s *State) Seeds(i int) int { return int(s.holes.get(i)) }

// Warana is the owner of hole i's warana, or -1 if it is not one.
func (s *State) Warana(i int) int {
	switch {
	case s.waranas[South]>>i&1 != 0:
		return South
	case s.waranas[North]>>i&1 != 0:
		return North
	}
	return noOwner
}

// Captured is the number of seeds player p has captured.
func (s *State) Captured(p int) int { return int(s.captured[p]) }

// Hole is the hole (0..19) that player p calls k (1..10).
func Hole(p, k int) int { return p*RowHoles + k - 1 }

// Scores are the players' points: seeds captured plus seeds in their own waranas, and once the
// guard has ended the game, plus the seeds left in the non-warana holes of their own row.
func (s *State) Scores() [2]int {
	sc := [2]int{int(s.captured[0]), int(s.captured[1])}
	guard := s.end.Guard()
	for i := range Holes {
		switch o := s.Warana(i); {
		case o >= 0:
			sc[o] += int(s.holes.get(i))
		case guard:
			sc[i/RowHoles] += int(s.holes.get(i))
		}
	}
	return sc
}

// Legal appends the legal moves, the mover's own hole numbers in ascending order.
func (s *State) Legal(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	for m := s.legal; m != 0; m &= m - 1 {
		buf = append(buf, rules.Move(trailing(m)+1))
	}
	return buf
}

// Chances is always empty: Sadeqa has no throws.
func (s *State) Chances(buf []float64) []float64 { return buf[:0] }

// Ranks is nil until the game is over; then the higher score ranks 1, equal scores both 1.
func (s *State) Ranks() []int {
	if s.phase != rules.PhaseOver {
		return nil
	}
	sc := s.Scores()
	switch {
	case sc[0] > sc[1]:
		return []int{1, 2}
	case sc[0] < sc[1]:
		return []int{2, 1}
	}
	return []int{1, 1}
}

// Clone returns an independent copy.
func (s *State) Clone() rules.State {
	c := &State{core: s.core, history: make([]key, len(s.history), max(64, cap(s.history)))}
	copy(c.history, s.history)
	return c
}

// CopyFrom makes s equal to src (a Sadeqa state) without allocating once s's history has grown.
func (s *State) CopyFrom(src rules.State) {
	o := src.(*State)
	s.core = o.core
	s.history = append(s.history[:0], o.history...)
}

// Equal reports whether o is the same position, history of repetitions included.
func (s *State) Equal(o rules.State) bool {
	t, ok := o.(*State)
	return ok && s.core == t.core && slices.Equal(s.history, t.history)
}

// Hash is a hash of the whole position.
func (s *State) Hash() uint64 {
	h := rules.Mix(s.holes[0] ^ 0x5ade9a)
	h = rules.Mix(h ^ s.holes[1])
	h = rules.Mix(h ^ s.holes[2] ^ uint64(s.waranas[South])<<20 ^ uint64(s.waranas[North])<<40)
	h = rules.Mix(h ^ uint64(s.captured[0]) ^ uint64(s.captured[1])<<8 ^ uint64(s.phase)<<16 ^
		uint64(s.end)<<24 ^ uint64(s.legal)<<32 ^ uint64(s.quiet)<<48)
	var b uint64
	if s.bonus {
		b = 1
	}
	return rules.Mix(h ^ uint64(uint32(s.turn)) ^ b<<32 ^ uint64(s.free)<<40 ^ uint64(len(s.history))<<48)
}

// Apply plays move m (one of the mover's holes, 1..10) and every forced step after it.
func (s *State) Apply(m rules.Move, ev *rules.Events) error {
	if s.phase == rules.PhaseOver {
		return rules.ErrOver
	}
	if m < 1 || m > RowHoles {
		return fmt.Errorf("%q is not a Sadeqa move: a move is one of your holes, 1 to 10", s.FormatMove(m))
	}
	if s.legal&(1<<(m-1)) == 0 {
		return s.illegal(int(m))
	}
	s.run(int(m), ev)
	return nil
}

// illegal explains why the mover cannot sow from their hole k, as a *Refusal.
func (s *State) illegal(k int) error {
	p := int(s.toMove)
	i := Hole(p, k)
	r := &Refusal{Why: Endless, Hole: k, Owner: -1}
	why := "sowing from it would never end"
	switch {
	case s.Warana(i) >= 0:
		r.Why, r.Owner = IsWarana, s.Warana(i)
		why = fmt.Sprintf("it is a warana (%s's)", playerName(s.Warana(i)))
	case s.holes.get(i) == 0:
		r.Why = Empty
		why = "it is empty"
	}
	r.msg = fmt.Sprintf("illegal move \"%d\": %s cannot sow from hole %d: %s", k, playerName(p), k, why)
	return r
}

// run plays the mover's hole k, then every forced step, until a decision or the end.
func (s *State) run(k int, ev *rules.Events) {
	acted := s.bonus // a bonus move means the turn has captured already
	for {
		p := int(s.toMove)
		last := s.sow(Hole(p, k), ev)
		if got := s.settle(p, last, ev); got != nothing {
			acted = true
			s.quiet = 0
			if got == capture { // the bonus move
				if mask := s.legalMask(p); mask != 0 {
					s.bonus = true
					if s.remember(ev) {
						return
					}
					ev.Add(rules.Event{Kind: rules.EvBonus, Player: p})
					if k = only(mask); k != 0 {
						continue
					}
					s.ask(mask)
					return
				}
			}
		}
		s.bonus = false
		mask := s.nextTurn(p, acted, ev)
		if mask == 0 {
			return
		}
		acted = false
		if k = only(mask); k != 0 {
			continue
		}
		s.ask(mask)
		return
	}
}

// outcome is what the last seed of a sowing did where it stopped.
type outcome uint8

const (
	nothing outcome = iota // it fell into the mover's own warana, or into an empty hole
	capture                // it fell into the opponent's warana: a capture, then a bonus move
	speared                // it made four in an opponent's hole: a new warana
)

// settle applies what the last seed of p's sowing does in hole last, where the sowing stopped.
func (s *State) settle(p, last int, ev *rules.Events) outcome {
	switch o := s.Warana(last); {
	case o == 1-p:
		c := min(2, s.holes.get(last))
		s.holes.set(last, s.holes.get(last)-c)
		s.captured[p] += c
		ev.Add(rules.Event{Kind: rules.EvCaptured, Player: p, From: last, Count: int(c)})
		return capture
	case o == p:
		return nothing
	case last/RowHoles != p && s.holes.get(last) == 4:
		s.waranas[p] |= 1 << last
		ev.Add(rules.Event{Kind: rules.EvWarana, Player: p, To: last})
		return speared
	}
	return nothing
}

// nextTurn ends p's turn and starts the next turn that has a move, passing for a player who has
// none. It returns the legal moves of the player now to act, or 0 if the game has ended.
func (s *State) nextTurn(p int, acted bool, ev *rules.Events) uint16 {
	if s.endTurn(acted, ev) {
		return 0
	}
	q := 1 - p
	mask := s.legalMask(q)
	if mask == 0 {
		mine := s.legalMask(p)
		if mine == 0 {
			s.finish(EndNoMoves, ev)
			return 0
		}
		s.toMove = uint8(q)
		if s.remember(ev) {
			return 0
		}
		ev.Add(rules.Event{Kind: rules.EvTurn, Player: q})
		ev.Add(rules.Event{Kind: rules.EvPass, Player: q})
		if s.endTurn(false, ev) {
			return 0
		}
		q, mask = p, mine
	}
	s.toMove = uint8(q)
	if s.remember(ev) {
		return 0
	}
	ev.Add(rules.Event{Kind: rules.EvTurn, Player: q})
	return mask
}

// endTurn counts a finished turn for the guard; it reports whether that ended the game.
func (s *State) endTurn(acted bool, ev *rules.Events) bool {
	s.turn++
	if acted {
		s.quiet = 0
		return false
	}
	s.quiet++
	if s.quiet >= QuietLimit {
		s.finish(EndQuiet, ev)
		return true
	}
	return false
}

// ask waits for the player to act to choose among the moves in mask (two or more).
func (s *State) ask(mask uint16) {
	s.legal = mask
	s.phase = rules.PhaseMove
}

// finish ends the game.
func (s *State) finish(why End, ev *rules.Events) {
	s.end = why
	s.phase = rules.PhaseOver
	s.legal = 0
	s.bonus = false
	ev.Add(rules.Event{Kind: rules.EvGameOver})
}

// remember counts the current position (the player to act is about to act) for the repetition
// guard; it reports whether that was its third occurrence, which ends the game.
func (s *State) remember(ev *rules.Events) bool {
	if free := s.freeSeeds(); free != s.free {
		s.history = s.history[:0]
		s.free = free
	}
	k := s.key()
	seen := 0
	for _, h := range s.history {
		if h == k {
			seen++
		}
	}
	s.history = append(s.history, k)
	if seen+1 >= RepeatLimit {
		s.finish(EndRepetition, ev)
		return true
	}
	return false
}

// freeSeeds is the number of seeds in non-warana holes.
func (s *State) freeSeeds() uint8 {
	var n uint8
	taken := s.waranas[South] | s.waranas[North]
	for i := range Holes {
		if taken>>i&1 == 0 {
			n += s.holes.get(i)
		}
	}
	return n
}

// key is the current position for the repetition guard.
func (s *State) key() key {
	k := key(s.holes)
	k[2] |= uint64(s.toMove) << 32
	return k
}

// only returns k if mask holds the single move k, else 0.
func only(mask uint16) int {
	if mask&(mask-1) != 0 {
		return 0
	}
	return trailing(mask) + 1
}

func playerName(p int) string {
	if p == South {
		return "South"
	}
	return "North"
}
