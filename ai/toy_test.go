package ai

import (
	"fmt"
	"hash/maphash"
	"strconv"
	"strings"

	"sig/rules"
)

// Two toy games that exercise the search before (and besides) the real ones: a Nim with bonus
// moves (deterministic, the same player often moves twice running) and a stick-throw race with
// captures for 2 to 4 players (chance nodes, extra throws, max-n).

var seed = maphash.MakeSeed()

// ---------------------------------------------------------------------------------------------
// nim: a pile of stones; a move takes 1, 2 or 3. Whoever takes the last stone wins. Taking 3
// earns another move. A pile of 1 is a forced move, played by the rules.

var nimInfo = &rules.Info{ID: "toy-nim", Name: "Nim", MinPlayers: 2, MaxPlayers: 2, DefaultPlayers: 2,
	NewState: func(int) rules.State { return &nim{pile: 21} }}

type nim struct {
	pile, toMove, turn, winner int
	over                       bool
}

func (s *nim) Info() *rules.Info { return nimInfo }
func (s *nim) Players() int      { return 2 }
func (s *nim) ToMove() int       { return s.toMove }
func (s *nim) Turn() int         { return s.turn }
func (s *nim) Phase() rules.Phase {
	if s.over {
		return rules.PhaseOver
	}
	return rules.PhaseMove
}
func (s *nim) Legal(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	if s.over {
		return buf
	}
	for k := 1; k <= 3 && k <= s.pile; k++ {
		buf = append(buf, rules.Move(k))
	}
	return buf
}
func (s *nim) Chances(buf []float64) []float64 { return buf[:0] }
func (s *nim) Apply(m rules.Move, ev *rules.Events) error {
	if s.over {
		return rules.ErrOver
	}
	if m < 1 || m > 3 || int(m) > s.pile {
		return fmt.Errorf("cannot take %d from %d", m, s.pile)
	}
	s.take(int(m))
	for !s.over && s.pile == 1 {
		s.take(1)
	}
	return nil
}
func (s *nim) take(k int) {
	s.pile -= k
	s.turn++
	if s.pile == 0 {
		s.over, s.winner = true, s.toMove
		return
	}
	if k != 3 {
		s.toMove = 1 - s.toMove
	}
}
func (s *nim) Ranks() []int {
	if !s.over {
		return nil
	}
	r := []int{2, 2}
	r[s.winner] = 1
	return r
}
func (s *nim) Clone() rules.State     { c := *s; return &c }
func (s *nim) CopyFrom(o rules.State) { *s = *o.(*nim) }
func (s *nim) Equal(o rules.State) bool {
	x, ok := o.(*nim)
	return ok && *x == *s
}
func (s *nim) Hash() uint64 {
	return maphash.Comparable(seed, *s)
}
func (s *nim) String() string { return fmt.Sprintf("pile %d, player %d to move", s.pile, s.toMove) }
func (s *nim) FormatMove(m rules.Move) string {
	return strconv.Itoa(int(m))
}
func (s *nim) ParseMove(t string) (rules.Move, error) {
	n, err := strconv.Atoi(t)
	return rules.Move(n), err
}
func (s *nim) Wire() any { return rules.CommonOf(s) }

// ---------------------------------------------------------------------------------------------
// race: every player has two pieces at 0 on a track 0..raceEnd. Four sticks are thrown; the
// count of white faces is the value (0 moves nothing), and a 4 throws again. A piece moves by
// the value (stopping at the end); one landing on an opponent's piece short of the end sends it
// home. A player with both pieces at the end has finished; the rest play on until one is left.
// Ranks are the finishing order.

const raceEnd = 12

var raceInfo = &rules.Info{ID: "toy-race", Name: "Race", MinPlayers: 2, MaxPlayers: 4, DefaultPlayers: 2,
	Sticks:   rules.FourGreenWhite,
	NewState: func(n int) rules.State { return &race{players: n} }}

type race struct {
	players, toMove, turn int
	pos                   [4][2]int
	rank                  [4]int // 0 while playing
	finished              int
	value                 int // value to play at a decision
	deciding, over        bool
}

func (s *race) Info() *rules.Info { return raceInfo }
func (s *race) Players() int      { return s.players }
func (s *race) ToMove() int       { return s.toMove }
func (s *race) Turn() int         { return s.turn }
func (s *race) Phase() rules.Phase {
	switch {
	case s.over:
		return rules.PhaseOver
	case s.deciding:
		return rules.PhaseMove
	}
	return rules.PhaseThrow
}
func (s *race) Legal(buf []rules.Move) []rules.Move {
	buf = buf[:0]
	switch {
	case s.over:
		return buf
	case s.deciding:
		for i := 0; i < 2; i++ {
			if s.pos[s.toMove][i] < raceEnd {
				buf = append(buf, rules.Move(i))
			}
		}
		return buf
	}
	return rules.AppendThrows(buf, 4)
}
func (s *race) Chances(buf []float64) []float64 {
	if s.over || s.deciding {
		return buf[:0]
	}
	return rules.AppendChances(buf, 4)
}
func (s *race) Apply(m rules.Move, ev *rules.Events) error {
	if s.over {
		return rules.ErrOver
	}
	var buf [4]rules.Move
	if !rules.Contains(s.Legal(buf[:0]), m) {
		return fmt.Errorf("illegal move %d", m)
	}
	if !s.deciding {
		s.value = m.ThrowCount()
		s.turn++
		movable := s.Legal(buf[:0])
		if s.value == 0 || len(movable) == 0 {
			s.next(false)
			return nil
		}
		s.deciding = true
		if len(movable) == 1 {
			s.move(int(movable[0]))
		}
		return nil
	}
	s.move(int(m))
	return nil
}
func (s *race) move(i int) {
	p := s.toMove
	np := min(s.pos[p][i]+s.value, raceEnd)
	s.pos[p][i] = np
	if np < raceEnd {
		for q := 0; q < s.players; q++ {
			for j := 0; j < 2; j++ {
				if q != p && s.pos[q][j] == np {
					s.pos[q][j] = 0
				}
			}
		}
	}
	s.deciding = false
	if s.pos[p][0] == raceEnd && s.pos[p][1] == raceEnd {
		s.finished++
		s.rank[p] = s.finished
		if s.finished == s.players-1 {
			for q := 0; q < s.players; q++ {
				if s.rank[q] == 0 {
					s.rank[q] = s.players
				}
			}
			s.over = true
			return
		}
		s.next(false)
		return
	}
	s.next(s.value == 4)
}
func (s *race) next(again bool) {
	if again {
		return
	}
	for {
		s.toMove = (s.toMove + 1) % s.players
		if s.rank[s.toMove] == 0 {
			return
		}
	}
}
func (s *race) Ranks() []int {
	if !s.over {
		return nil
	}
	return append([]int(nil), s.rank[:s.players]...)
}
func (s *race) Clone() rules.State     { c := *s; return &c }
func (s *race) CopyFrom(o rules.State) { *s = *o.(*race) }
func (s *race) Equal(o rules.State) bool {
	x, ok := o.(*race)
	return ok && *x == *s
}
func (s *race) Hash() uint64 { return maphash.Comparable(seed, *s) }
func (s *race) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "player %d to %s, value %d\n", s.toMove, s.Phase(), s.value)
	for p := 0; p < s.players; p++ {
		fmt.Fprintf(&b, "%d: %v rank %d\n", p, s.pos[p], s.rank[p])
	}
	return b.String()
}
func (s *race) FormatMove(m rules.Move) string {
	if m.IsThrow() {
		return "throw " + strconv.Itoa(m.ThrowCount())
	}
	return strconv.Itoa(int(m))
}
func (s *race) ParseMove(t string) (rules.Move, error) {
	if n, ok := strings.CutPrefix(t, "throw "); ok {
		k, err := strconv.Atoi(n)
		return rules.ThrowMove(k), err
	}
	n, err := strconv.Atoi(t)
	return rules.Move(n), err
}
func (s *race) Wire() any { return rules.CommonOf(s) }

// Evaluate is a player's progress against the best of the others.
func (s *race) Evaluate(p int) float64 {
	if s.rank[p] != 0 {
		return 1 - float64(s.rank[p]-1)/float64(s.players)
	}
	progress := func(q int) float64 {
		if s.rank[q] != 0 {
			return 2 * raceEnd
		}
		return float64(s.pos[q][0] + s.pos[q][1])
	}
	best := 0.0
	for q := 0; q < s.players; q++ {
		if q != p {
			best = max(best, progress(q))
		}
	}
	return (progress(p) - best) / (2 * raceEnd)
}
