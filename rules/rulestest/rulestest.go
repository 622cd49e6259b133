// Package rulestest is the generic random-play test every game of rules/ runs (after OpenSpiel's
// basic_tests): at every step a clone equals the original, legal moves are unique, spelled
// reversibly and non-empty until the end, decisions offer at least two options, chance
// probabilities are exact and sum to 1, an illegal move is refused and changes nothing, the
// game's own invariants hold, every place the game names for a move's events is where the
// rules' own state has its pieces (CheckPlaces), a record replays to the identical state, and
// the game ends within a bound. It imports only the standard library and rules.
package rulestest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"sig/rules"
)

// RandomGames plays games random games of g with the given number of players (seeds 1..games),
// checking everything at every step; a game longer than maxMoves fails.
func RandomGames(t *testing.T, g *rules.Info, players, games, maxMoves int) {
	t.Helper()
	for seed := 1; seed <= games; seed++ {
		if !RandomGame(t, g, players, int64(seed), maxMoves) {
			return
		}
	}
}

// RandomGame plays one random game; it reports false after the first failure.
func RandomGame(t *testing.T, g *rules.Info, players int, seed int64, maxMoves int) bool {
	t.Helper()
	m, err := rules.NewMatch(g, players, seed)
	if err != nil {
		t.Fatalf("%s/%d: %v", g.ID, players, err)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 99))
	var legal []rules.Move
	var chances []float64
	for step := 0; ; step++ {
		s := m.State
		where := func() string {
			return g.ID + " players=" + itoa(players) + " seed=" + itoa(int(seed)) + " step=" + itoa(step) + "\n" + s.String()
		}
		if err := CheckState(s); err != nil {
			t.Errorf("%s: %v", where(), err)
			return false
		}
		if s.Phase() == rules.PhaseOver {
			break
		}
		if step >= maxMoves {
			t.Errorf("%s: game not over after %d moves", where(), maxMoves)
			return false
		}
		legal = s.Legal(legal)
		var mv rules.Move
		if s.Phase() == rules.PhaseThrow {
			chances = s.Chances(chances)
			x := rng.Float64()
			mv = legal[len(legal)-1]
			for i, p := range chances {
				if x < p {
					mv = legal[i]
					break
				}
				x -= p
			}
		} else {
			mv = legal[rng.IntN(len(legal))]
		}
		var ev rules.Events
		prev := s.Clone()
		if err := m.PlayMove(mv, &ev); err != nil {
			t.Errorf("%s: legal move %q refused: %v", where(), s.FormatMove(mv), err)
			return false
		}
		if len(ev) == 0 {
			t.Errorf("%s: move %q reported no events", where(), s.FormatMove(mv))
			return false
		}
		if err := CheckPlaces(prev, ev, m.State); err != nil {
			t.Errorf("%s: move %q: %v", where(), s.FormatMove(mv), err)
			return false
		}
	}
	// The record replays to the identical state.
	rec := m.Record()
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatalf("record: %v", err)
	}
	var back rules.Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("record: %v", err)
	}
	r, err := rules.Replay(g, back)
	if err != nil {
		t.Errorf("%s players=%d seed=%d: record does not replay: %v", g.ID, players, seed, err)
		return false
	}
	if !r.State.Equal(m.State) {
		t.Errorf("%s players=%d seed=%d: replayed state differs:\n%s\nwant\n%s", g.ID, players, seed, r.State, m.State)
		return false
	}
	return true
}

// CheckState checks one state: clone and copy equality, legal-move hygiene, chances, the
// refusal of illegal moves, JSON encoding and the game's own invariants.
func CheckState(s rules.State) error {
	c := s.Clone()
	if !c.Equal(s) || !s.Equal(c) {
		return errorf("clone differs from original:\n%s", c)
	}
	if c.Hash() != s.Hash() {
		return errorf("clone hashes differently")
	}
	fresh := s.Info().NewState(s.Players())
	fresh.CopyFrom(s)
	if !fresh.Equal(s) {
		return errorf("CopyFrom differs from original:\n%s", fresh)
	}
	if ck, ok := s.(rules.Checker); ok {
		if err := ck.Check(); err != nil {
			return errorf("invariant: %v", err)
		}
	}
	legal := s.Legal(nil)
	seen := map[rules.Move]bool{}
	for _, mv := range legal {
		if seen[mv] {
			return errorf("legal move %q listed twice", s.FormatMove(mv))
		}
		seen[mv] = true
		text := s.FormatMove(mv)
		back, err := s.ParseMove(text)
		if err != nil || back != mv {
			return errorf("move %q does not parse back (%v)", text, err)
		}
	}
	ranks := s.Ranks()
	if err := checkOutcome(s, ranks); err != nil {
		return err
	}
	switch s.Phase() {
	case rules.PhaseOver:
		if len(legal) != 0 {
			return errorf("game over but %d legal moves", len(legal))
		}
		if len(ranks) != s.Players() {
			return errorf("game over with ranks %v for %d players", ranks, s.Players())
		}
		best := false
		for _, r := range ranks {
			if r < 1 || r > s.Players() {
				return errorf("rank %d out of range in %v", r, ranks)
			}
			best = best || r == 1
		}
		if !best {
			return errorf("nobody ranked first in %v", ranks)
		}
		if err := s.Apply(rules.ThrowMove(1), nil); err == nil {
			return errorf("a move was accepted after the end")
		}
	case rules.PhaseThrow:
		if ranks != nil {
			return errorf("ranks %v before the end", ranks)
		}
		n := s.Info().Sticks.Count()
		if n == 0 || len(legal) != n+1 {
			return errorf("throw with %d outcomes for %d sticks", len(legal), n)
		}
		ch := s.Chances(nil)
		sum := 0.0
		for i, mv := range legal {
			if !mv.IsThrow() || mv.ThrowCount() != i {
				return errorf("throw outcome %d is %q", i, s.FormatMove(mv))
			}
			if ch[i] != rules.ThrowChance(n, i) {
				return errorf("chance of throw %d is %v, want %v", i, ch[i], rules.ThrowChance(n, i))
			}
			sum += ch[i]
		}
		if sum != 1 {
			return errorf("chances sum to %v", sum)
		}
	case rules.PhaseMove:
		if ranks != nil {
			return errorf("ranks %v before the end", ranks)
		}
		if len(legal) < 2 {
			return errorf("a decision with %d options was asked for", len(legal))
		}
		if len(s.Chances(nil)) != 0 {
			return errorf("chances at a decision")
		}
		if s.ToMove() < 0 || s.ToMove() >= s.Players() {
			return errorf("to_move %d", s.ToMove())
		}
	}
	// Something illegal is refused and changes nothing.
	bad := illegal(s, legal)
	before := s.Clone()
	if err := s.Apply(bad, nil); err == nil {
		return errorf("illegal move %q (%d) accepted", s.FormatMove(bad), bad)
	} else if err.Error() == "" {
		return errorf("illegal move refused without a reason")
	}
	if !s.Equal(before) {
		return errorf("a refused move changed the state")
	}
	data, err := json.Marshal(s.Wire())
	if err != nil {
		return errorf("wire: %v", err)
	}
	var common rules.Common
	if err := json.Unmarshal(data, &common); err != nil {
		return errorf("wire: %v", err)
	}
	if common.Game != s.Info().ID || common.Players != s.Players() || common.Phase != s.Phase().String() {
		return errorf("wire common fields wrong: %s", data)
	}
	return nil
}

// illegal finds a move that is not legal here: a throw at a decision, else a move number no
// game uses.
func illegal(s rules.State, legal []rules.Move) rules.Move {
	for _, mv := range []rules.Move{rules.ThrowMove(2), 0, 1, 7, 40, 1000, rules.ThrowMove(7)} {
		if !rules.Contains(legal, mv) {
			return mv
		}
	}
	return -12345
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

func itoa(n int) string { return strconv.Itoa(n) }

// checkOutcome checks that the game says how it ended (rules.Ender) as its ranks do: an ending
// once over and none before, the same ranks, the winners exactly the players ranked first.
func checkOutcome(s rules.State, ranks []int) error {
	en, ok := s.(rules.Ender)
	if !ok {
		return errorf("%s does not say how it ended (rules.Ender)", s.Info().ID)
	}
	o := en.Outcome()
	if (s.Phase() == rules.PhaseOver) != (o.Ending != rules.NotEnded) {
		return errorf("phase %v with ending %v", s.Phase(), o.Ending)
	}
	if fmt.Sprint(o.Ranks) != fmt.Sprint(ranks) {
		return errorf("outcome ranks %v, state ranks %v", o.Ranks, ranks)
	}
	var first []int
	for p, r := range ranks {
		if r == 1 {
			first = append(first, p)
		}
	}
	if fmt.Sprint(o.Winners) != fmt.Sprint(first) {
		return errorf("outcome winners %v with ranks %v", o.Winners, ranks)
	}
	if o.Draw && len(first) < 2 {
		return errorf("a draw with winners %v", first)
	}
	if o.Scores != nil && len(o.Scores) != s.Players() {
		return errorf("scores %v for %d players", o.Scores, s.Players())
	}
	return nil
}
