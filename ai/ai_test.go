package ai

import (
	"math/rand/v2"
	"testing"
	"time"

	"sig/rules"
)

// testGame is a game to test on, with the player counts to try.
type testGame struct {
	info    *rules.Info
	players []int
}

// testGames are the games to test on: the toys here, the real games from games_test.go.
var testGames = []testGame{
	{nimInfo, []int{2}},
	{raceInfo, []int{2, 3, 4}},
}

// everyGame lists every game (toys, and the real ones once games_test.go adds them) with every
// player count worth trying.
func everyGame() []testGame { return testGames }

// positions plays random games of g and returns up to n positions where a decision is due (and
// a few at throws and at the end), spread over the games.
func positions(g *rules.Info, players, n int, seed uint64) []rules.State {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []rules.State
	var legal []rules.Move
	for game := 0; len(out) < n && game < 50*n; game++ {
		s := g.NewState(players)
		for step := 0; step < 3000 && len(out) < n; step++ {
			if s.Phase() == rules.PhaseOver {
				out = append(out, s.Clone())
				break
			}
			legal = s.Legal(legal)
			if s.Phase() == rules.PhaseMove || rng.IntN(50) == 0 {
				if rng.IntN(4) == 0 {
					out = append(out, s.Clone())
				}
			}
			mv := legal[rng.IntN(len(legal))]
			if s.Phase() == rules.PhaseThrow {
				mv = sample(s, legal, rng)
			}
			if err := s.Apply(mv, nil); err != nil {
				panic(err)
			}
		}
	}
	return out
}

// sample draws a throw outcome by its chances.
func sample(s rules.State, legal []rules.Move, rng *rand.Rand) rules.Move {
	ch := s.Chances(nil)
	x := rng.Float64()
	for i, p := range ch {
		if x < p {
			return legal[i]
		}
		x -= p
	}
	return legal[len(legal)-1]
}

// checkAnswer fails unless mv is a proper answer in s.
func checkAnswer(t *testing.T, s rules.State, mv rules.Move, err error, what string) {
	t.Helper()
	switch s.Phase() {
	case rules.PhaseOver:
		if mv != NoMove || err == nil {
			t.Fatalf("%s: game over, got move %d, err %v", what, mv, err)
		}
	case rules.PhaseThrow:
		if mv != Throw || err != nil {
			t.Fatalf("%s: at a throw, got move %d, err %v", what, mv, err)
		}
	default:
		if err != nil || !rules.Contains(s.Legal(nil), mv) {
			t.Fatalf("%s: illegal move %d (%q), err %v, in\n%s", what, mv, s.FormatMove(mv), err, s)
		}
	}
}

func TestNeverIllegal(t *testing.T) {
	per := 1000
	if testing.Short() || raceEnabled {
		per = 150
	}
	for _, g := range everyGame() {
		for _, players := range g.players {
			ps := positions(g.info, players, per, uint64(players))
			if len(ps) < per/2 {
				t.Errorf("%s/%d: only %d positions", g.info.ID, players, len(ps))
			}
			for i, s := range ps {
				before := s.Clone()
				level := Levels[i%3]
				nodes := int64(1 + i%300) // small budgets cut searches off everywhere
				if i%50 == 0 {
					nodes = 0 // now and then the level's own budget
					if level == Hard {
						level = Easy
					}
				}
				mv, _, err := ChooseOptions(s, Options{Level: level, Seed: int64(i), Nodes: nodes, Method: Method(i / 3 % 2)})
				checkAnswer(t, s, mv, err, g.info.ID)
				if !s.Equal(before) {
					t.Fatalf("%s: the search changed the position", g.info.ID)
				}
			}
		}
	}
}

func TestSameSeedSameMove(t *testing.T) {
	for _, g := range everyGame() {
		for _, players := range g.players {
			for i, s := range mustDecisions(t, g.info, players, 6, 11) {
				for _, level := range Levels {
					o := Options{Level: level, Seed: int64(i), Nodes: 3000, Method: Method(i % 2)}
					a, sa, _ := ChooseOptions(s, o)
					b, sb, _ := ChooseOptions(s.Clone(), o)
					if a != b || sa.Nodes != sb.Nodes || sa.Score != sb.Score {
						t.Fatalf("%s/%d %s: moves %d and %d (nodes %d and %d) from the same position\n%s",
							g.info.ID, players, level, a, b, sa.Nodes, sb.Nodes, s)
					}
				}
			}
		}
	}
}

// decisions returns up to n positions where a decision is due.
func decisions(g *rules.Info, players, n int, seed uint64) []rules.State {
	var out []rules.State
	for _, s := range positions(g, players, 20*n, seed) {
		if s.Phase() == rules.PhaseMove && len(out) < n {
			out = append(out, s)
		}
	}
	return out
}

// mustDecisions is decisions for a test that checks something at each: it fails unless it
// found all n, so that a test cannot pass by looping over nothing. A game in which nobody ever
// decides (throwsOnly) has none to find: there it checks that none turned up and returns none.
func mustDecisions(t testing.TB, g *rules.Info, players, n int, seed uint64) []rules.State {
	t.Helper()
	ps := decisions(g, players, n, seed)
	if throwsOnly(g.ID, players) {
		if len(ps) != 0 {
			t.Fatalf("%s/%d: %d decisions turned up in a game listed as throws only", g.ID, players, len(ps))
		}
		return nil
	}
	if len(ps) != n {
		t.Fatalf("%s/%d: %d positions with a decision due in random games, want %d", g.ID, players, len(ps), n)
	}
	return ps
}

// throwsOnly reports whether nobody ever has a choice in g with this many players: in Sig wa
// Duqqan every move is a throw's forced result; in a two-player Es-Sîg the first escape ends
// the game before the Ghula, the only thing steered, comes into play.
func throwsOnly(id string, players int) bool {
	return id == "sig-wa-duqqan" || id == "es-sig" && players == 2
}

func TestBudgetRespected(t *testing.T) {
	for _, g := range everyGame() {
		for _, players := range g.players {
			for i, s := range mustDecisions(t, g.info, players, 5, 5) {
				for j, budget := range []int64{1, 10, 1000, 20000} {
					_, st, _ := ChooseOptions(s, Options{Level: Hard, Seed: int64(i), Nodes: budget, Method: Method(j % 2)})
					if st.Nodes > budget {
						t.Fatalf("%s/%d: %d nodes searched on a budget of %d", g.info.ID, players, st.Nodes, budget)
					}
				}
			}
		}
	}
}

// TestSlicesChangeNothing: a Thinker stepped in many tiny slices finds the same move, after the
// same work, as one search run to the end.
func TestSlicesChangeNothing(t *testing.T) {
	for _, g := range everyGame() {
		for _, players := range g.players {
			for i, s := range mustDecisions(t, g.info, players, 6, 9) {
				o := Options{Level: Levels[i%3], Seed: int64(i), Nodes: 5000, Method: Method(i / 3 % 2)}
				want, wst, _ := ChooseOptions(s, o)
				th := NewThinkerOptions(s, o)
				slices := 0
				for !th.Step(0) { // a zero slice pauses at the first look at the clock
					slices++
					if slices > 10000 {
						t.Fatal("the thinker never finishes")
					}
				}
				got, gst := th.Move(), th.Stats()
				if got != want || gst.Nodes != wst.Nodes || gst.Depth != wst.Depth {
					t.Fatalf("%s/%d: sliced search gave %d (%d nodes, depth %d), whole search %d (%d nodes, depth %d)",
						g.info.ID, players, got, gst.Nodes, gst.Depth, want, wst.Nodes, wst.Depth)
				}
				if wst.Nodes > 2*checkEvery && slices < int(wst.Nodes/checkEvery)-1 {
					t.Fatalf("%s/%d: only %d slices for %d nodes", g.info.ID, players, slices, wst.Nodes)
				}
				if !th.Step(time.Second) || th.Move() != want {
					t.Fatal("a finished thinker changed its mind")
				}
			}
		}
	}
}

func TestThinkerAtThrowAndEnd(t *testing.T) {
	s := raceInfo.NewState(2)
	th := NewThinker(s, Hard, 1)
	if !th.Step(0) || th.Move() != Throw {
		t.Fatalf("at a throw the thinker answers %d", th.Move())
	}
	n := &nim{pile: 0, over: true, winner: 1}
	th = NewThinker(n, Hard, 1)
	if !th.Done() || th.Move() != NoMove {
		t.Fatalf("at the end the thinker answers %d", th.Move())
	}
	if _, err := Choose(n, Easy, 1, 0); err == nil {
		t.Fatal("Choose after the end gave no error")
	}
}

// TestClose: a thinker closed halfway keeps a legal move and its goroutine ends.
func TestClose(t *testing.T) {
	s := &nim{pile: 400}
	th := NewThinkerOptions(s, Options{Level: Hard, Nodes: 1 << 40})
	for range 5 {
		if th.Step(0) {
			t.Fatal("finished too early")
		}
	}
	th.Close()
	th.Close()
	if !th.Done() || !rules.Contains(s.Legal(nil), th.Move()) {
		t.Fatalf("closed thinker: done %v move %d", th.Done(), th.Move())
	}
	if !th.Step(time.Millisecond) {
		t.Fatal("a closed thinker goes on")
	}
}

// nimWins solves the toy Nim exactly: win[pile][...] for the player to move.
func nimWins(pile int) bool {
	win := make([]bool, pile+1) // win[n]: the player to move with n stones wins
	for n := 1; n <= pile; n++ {
		for k := 1; k <= 3 && k <= n; k++ {
			rest := n - k
			switch {
			case rest == 0:
				win[n] = true
			case rest == 1: // the opponent (or, after a 3, oneself) is forced to take it
				win[n] = win[n] || k == 3
			case k == 3:
				win[n] = win[n] || win[rest]
			default:
				win[n] = win[n] || !win[rest]
			}
		}
	}
	return win[pile]
}

// TestNimSolved: with enough budget the search plays a winning move whenever there is one, which
// needs it to follow who moves when (taking 3 moves again).
func TestNimSolved(t *testing.T) {
	for pile := 2; pile <= 40; pile++ {
		if !nimWins(pile) {
			continue
		}
		s := &nim{pile: pile}
		mv, st, err := ChooseOptions(s, Options{Level: Hard, Nodes: 2_000_000})
		if err != nil {
			t.Fatal(err)
		}
		c := s.Clone()
		if err := c.Apply(mv, nil); err != nil {
			t.Fatal(err)
		}
		n := c.(*nim)
		wins := n.over || (n.toMove == 0 && nimWins(n.pile)) || (n.toMove == 1 && !nimWins(n.pile))
		if !wins {
			t.Errorf("pile %d: took %d, which loses (score %.3f, depth %d)", pile, mv, st.Score, st.Depth)
		}
		if st.Score < proven {
			t.Errorf("pile %d: a won position scored %.4f", pile, st.Score)
		}
	}
}

// TestRaceBeatsRandom: the chance search plays the toy race clearly better than chance.
func TestRaceBeatsRandom(t *testing.T) {
	wins, games := 0, 60
	if testing.Short() || raceEnabled {
		games = 20
	}
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 3))
		s := raceInfo.NewState(2)
		me := g % 2
		for s.Phase() != rules.PhaseOver {
			legal := s.Legal(nil)
			var mv rules.Move
			switch {
			case s.Phase() == rules.PhaseThrow:
				mv = sample(s, legal, rng)
			case s.ToMove() == me:
				mv, _, _ = ChooseOptions(s, Options{Level: Hard, Seed: int64(g), Nodes: 4000})
			default:
				mv = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(mv, nil); err != nil {
				t.Fatal(err)
			}
		}
		if s.Ranks()[me] == 1 {
			wins++
		}
	}
	if wins*100 < games*65 {
		t.Errorf("the search won %d of %d races against random moves", wins, games)
	}
}
