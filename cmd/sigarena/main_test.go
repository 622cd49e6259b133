package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
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
