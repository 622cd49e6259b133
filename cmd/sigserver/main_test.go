package main

import (
	"bytes"
	"encoding/json"
	"math/bits"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/games"
	"sig/wire"
)

// played is the events of a finished game of Sig el-Oued between two people, written as the
// server writes them: the throws from the committed secret, the ranks from the rules.
func played(t *testing.T) []wire.Event {
	t.Helper()
	g, _ := games.Lookup("sig-el-oued")
	secret := bytes.Repeat([]byte{7}, 32)
	rm, err := rules.NewMatch(g, 2, wire.SeedOf(secret))
	if err != nil {
		t.Fatal(err)
	}
	evs := []wire.Event{
		{Kind: wire.EvOpen, Game: g.ID, Players: 2, Seats: []wire.SeatSpec{{Kind: wire.Person}, {Kind: wire.Person}}},
		{Kind: wire.EvSeated, Seat: 0},
		{Kind: wire.EvSeated, Seat: 1},
		{Kind: wire.EvStart, Round: 1, Commit: wire.Commit(secret)},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for rm.State.Phase() != rules.PhaseOver {
		ev := wire.Event{Kind: wire.EvMove, Round: 1, Seat: rm.State.ToMove()}
		var mv rules.Move
		if rm.State.Phase() == rules.PhaseThrow {
			mv, ev.Faces, err = rm.Throw()
			if err != nil {
				t.Fatal(err)
			}
		} else {
			legal := rm.State.Legal(nil)
			mv = legal[rng.IntN(len(legal))]
		}
		ev.Move = rm.State.FormatMove(mv)
		if err := rm.PlayMove(mv, nil); err != nil {
			t.Fatal(err)
		}
		evs = append(evs, ev)
	}
	evs = append(evs, wire.Event{Kind: wire.EvOver, Round: 1, Ranks: rm.State.Ranks(), Why: "finished", Secret: "0707070707070707070707070707070707070707070707070707070707070707"})
	return numbered(evs)
}

func numbered(evs []wire.Event) []wire.Event {
	for i := range evs {
		evs[i].Seq = int64(i + 1)
	}
	return evs
}

// first is the index of the first event that ok accepts.
func first(evs []wire.Event, ok func(wire.Event) bool) int {
	for i, ev := range evs {
		if ok(ev) {
			return i
		}
	}
	return -1
}

func isThrow(ev wire.Event) bool {
	return ev.Kind == wire.EvMove && strings.HasPrefix(ev.Move, "throw")
}

// TestVerifyTampered has sigserver verify check a genuine match's events, then each with one
// thing a server could lie about changed: every one is refused, naming the event.
func TestVerifyTampered(t *testing.T) {
	dir := t.TempDir()
	verifyFile := func(evs []wire.Event) (string, error) {
		b, err := json.Marshal(evs)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "events.json")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		err = run([]string{"verify", path}, &out, &out)
		return out.String(), err
	}
	if out, err := verifyFile(played(t)); err != nil {
		t.Fatalf("a genuine match: %v", err)
	} else if !strings.Contains(out, "round 1") {
		t.Fatalf("a genuine match: %q", out)
	}
	for _, c := range []struct {
		name   string
		tamper func([]wire.Event) []wire.Event
		want   string // in the error: the event named
	}{
		{"faces 255", func(e []wire.Event) []wire.Event { e[first(e, isThrow)].Faces = 255; return e }, "event 5 "},
		{"faces permuted", func(e []wire.Event) []wire.Event {
			i := first(e, func(ev wire.Event) bool { return isThrow(ev) && ev.Faces != 0 && ev.Faces != 63 })
			f := e[i].Faces
			for r := 1; r < 6; r++ {
				if p := uint8(bits.RotateLeft8(f, r)) & 63; bits.OnesCount8(p) == bits.OnesCount8(f) && p != f {
					e[i].Faces = p
					break
				}
			}
			return e
		}, "faces"},
		{"ranks changed", func(e []wire.Event) []wire.Event {
			r := e[len(e)-1].Ranks
			r[0], r[1] = r[1], r[0]
			if r[0] == r[1] {
				r[1] = 2
			}
			return e
		}, "ranks"},
		{"players 2 to 3", func(e []wire.Event) []wire.Event { e[0].Players = 3; return e }, "event 1 (open)"},
		{"a move's seat", func(e []wire.Event) []wire.Event {
			i := first(e, func(ev wire.Event) bool { return ev.Kind == wire.EvMove && !isThrow(ev) })
			e[i].Seat = 1 - e[i].Seat
			return e
		}, "acts now"},
		{"two seqs swapped", func(e []wire.Event) []wire.Event { e[5].Seq, e[6].Seq = e[6].Seq, e[5].Seq; return e }, "seq 7"},
		{"two events swapped", func(e []wire.Event) []wire.Event { e[5], e[6] = e[6], e[5]; return numbered(e) }, "event "},
		{"seated dropped", func(e []wire.Event) []wire.Event { return numbered(slices.Delete(e, 1, 3)) }, "seat 0 not taken"},
		{"over dropped", func(e []wire.Event) []wire.Event { return e[:len(e)-1] }, "no over event"},
		{"a move dropped", func(e []wire.Event) []wire.Event { return numbered(slices.Delete(e, 6, 7)) }, "event "},
		{"commitment", func(e []wire.Event) []wire.Event { e[3].Commit = strings.Repeat("ab", 32); return e }, "commitment"},
		{"secret", func(e []wire.Event) []wire.Event { e[len(e)-1].Secret = strings.Repeat("08", 32); return e }, "commitment"},
		{"throw count", func(e []wire.Event) []wire.Event {
			i := first(e, isThrow)
			e[i].Move = map[bool]string{true: "throw 2", false: "throw 1"}[e[i].Move == "throw 1"]
			return e
		}, "event 5 "},
	} {
		out, err := verifyFile(c.tamper(played(t)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: verify said %v (%q), want an error naming %q", c.name, err, out, c.want)
		}
	}
}

// TestHostGuard: on a loopback address, a request naming a host the server was not told of (a
// rebinding page's own name) is refused; addresses, localhost and the names given pass.
func TestHostGuard(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	h := hostGuard(ok, []string{"sig.example", "*.games.example"})
	for host, want := range map[string]int{
		"127.0.0.1:8090": 200, "[::1]:8090": 200, "localhost:8090": 200, "sig.example": 200, "a.games.example:443": 200,
		"evil.example:8090": http.StatusMisdirectedRequest, "127.0.0.1.evil.example": http.StatusMisdirectedRequest, "games.example": http.StatusMisdirectedRequest,
	} {
		r := httptest.NewRequest("GET", "/ws", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %s: %d, want %d", host, w.Code, want)
		}
	}
}
