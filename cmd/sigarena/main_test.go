package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/games"
)

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-a", "grandmaster"},
		{"-b", "random:10"},
		{"-a", "hard:-5"},
		{"-n", "0"},
		{"-players", "3"}, // seega is for two
		{"-game", "es-sig", "-players", "9"},
		{"-time", "-1s"},
		{"-j", "0"},
		{"-open", "-1"},
		{"-a", "seer"}, // seega has no throws to know
		{"-game", "es-sig", "-a", "seer"},
		{"-nonsense"},
		{"stray"},
	} {
		var stderr bytes.Buffer
		if _, err := parse(args, &stderr); !errors.Is(err, errUsage) {
			t.Errorf("%q: got %v, want a usage error", args, err)
		}
		if !strings.Contains(stderr.String(), "sigarena") && !strings.Contains(stderr.String(), "flag") {
			t.Errorf("%q: unclear message %q", args, stderr.String())
		}
	}
}

// TestArena plays a few quick games in every game and checks the report adds up.
func TestArena(t *testing.T) {
	for _, game := range []string{"seega", "sadeqa", "sig-el-oued", "es-sig", "sig-wa-duqqan"} {
		var stderr bytes.Buffer
		c, err := parse([]string{"-game", game, "-a", "easy", "-b", "random", "-n", "4", "-seed", "3", "-j", "2"}, &stderr)
		if err != nil {
			t.Fatalf("%s: %v: %s", game, err, stderr.String())
		}
		results, err := run(c, &stderr, nil)
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		for i, r := range results {
			if r.seatA != i%c.players || len(r.ranks) != c.players {
				t.Fatalf("%s game %d: seat %d, ranks %v", game, i, r.seatA, r.ranks)
			}
		}
		var out bytes.Buffer
		report(&out, c, results, 0)
		if !strings.Contains(out.String(), "4 games") {
			t.Fatalf("%s: report %q", game, out.String())
		}
		// The same flags give the same games.
		again, _ := run(c, &stderr, nil)
		for i := range results {
			if results[i].record != again[i].record {
				t.Fatalf("%s game %d differs between two runs with the same seed", game, i)
			}
		}
	}
}

func TestWilson(t *testing.T) {
	lo, hi := wilson(95, 100)
	if lo < 0.88 || lo > 0.90 || hi < 0.97 || hi > 0.99 {
		t.Fatalf("wilson(95, 100) = %.4f, %.4f", lo, hi)
	}
}

// TestFutureThrows: the seer is told exactly the throws the match makes, whatever is decided.
func TestFutureThrows(t *testing.T) {
	for _, id := range []string{"sig-el-oued", "es-sig", "sig-wa-duqqan"} {
		g, _ := games.Lookup(id)
		for seed := int64(1); seed <= 3; seed++ {
			want := futureThrows(g, seed, seerThrows)
			m, err := rules.NewMatch(g, g.DefaultPlayers, seed)
			if err != nil {
				t.Fatal(err)
			}
			k := 0
			for step := 0; m.State.Phase() != rules.PhaseOver; step++ {
				legal := m.State.Legal(nil)
				mv := legal[step%len(legal)]
				if m.State.Phase() == rules.PhaseThrow {
					mv, _, _ = m.Throw()
					if mv.ThrowCount() != want[k] {
						t.Fatalf("%s seed %d throw %d: the match throws %d, the seer was told %d", id, seed, k, mv.ThrowCount(), want[k])
					}
					k++
				}
				if err := m.PlayMove(mv, nil); err != nil {
					t.Fatal(err)
				}
			}
			if k == 0 {
				t.Fatalf("%s: no throws", id)
			}
		}
	}
}

// TestSeer: the seer plays legal moves, the same ones for the same seed.
func TestSeer(t *testing.T) {
	var stderr bytes.Buffer
	c, err := parse([]string{"-game", "sig-el-oued", "-a", "seer:3000", "-b", "random", "-n", "2"}, &stderr)
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	results, err := run(c, &stderr, nil)
	if err != nil || len(results) != 2 {
		t.Fatalf("%d games, %v", len(results), err)
	}
	again, _ := run(c, &stderr, nil)
	for i := range results {
		if results[i].record != again[i].record {
			t.Fatalf("game %d differs between two runs", i)
		}
	}
}
