package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"sig/wire"
)

// TestReadBack: a store opened afresh on a folder (as after a restart) gives each match's
// events back whole and in order without walking the stream for each: the start-up reading
// has them, so a match of 120 events interleaved with two others' costs one request (to look
// for anything newer); the old reading made 121, one an event. A second read (the match
// unloaded and loaded again) reads the stream, with the same result.
func TestReadBack(t *testing.T) {
	dir := t.TempDir()
	st, err := OpenStore(context.Background(), StoreConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"batchA", "batchB", "batchC"}
	const n = 120
	fillMatches(t, st, ids, n)
	st.Close()

	st, err = OpenStore(context.Background(), StoreConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	<-st.warmDone
	ctx := context.Background()
	check := func(id string, evs []wire.Event) {
		t.Helper()
		if len(evs) != n {
			t.Fatalf("%s: read %d events back, stored %d", id, len(evs), n)
		}
		for i, ev := range evs {
			if want := fmt.Sprintf("m%d", i+1); ev.Seq != int64(i+1) || ev.Move != want || ev.Seat != i%2 {
				t.Fatalf("%s: event %d read back as %+v, stored seq %d move %s seat %d", id, i+1, ev, i+1, want, i%2)
			}
		}
	}
	for _, id := range ids {
		nc := st.lane(id).nc
		before := nc.Stats().OutMsgs
		evs, last, err := st.loadEvents(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		check(id, evs)
		if reqs := nc.Stats().OutMsgs - before; reqs != 1 {
			t.Errorf("%s: %d requests to read %d events back after the start-up reading, want 1", id, reqs, n)
		}
		more, after, err := st.loadEvents(ctx, id, last)
		if err != nil || len(more) != 0 || after != last {
			t.Fatalf("%s: after the last event read %d more (%v), last %d → %d", id, len(more), err, last, after)
		}
		again, last2, err := st.loadEvents(ctx, id, 0)
		if err != nil || last2 != last {
			t.Fatalf("%s: read again: last %d, was %d (%v)", id, last2, last, err)
		}
		check(id, again)
	}
}

// TestRestartResumesMany: a server with many matches under way stops and starts again on the
// same folder; every player of every match resumes at once, each gets joined and exactly the
// events it had not seen, and every match goes on (its players play on, every one seeing the
// same events).
func TestRestartResumesMany(t *testing.T) {
	dir := t.TempDir()
	st, err := OpenStore(context.Background(), StoreConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	srv := New(Config{Store: st, Rate: 1000, Burst: 1000})
	const tables = 30
	var all [][]*player
	for range tables {
		ps := table(t, "seega", 2, func(name string) *player { return sessionPlayer(t, srv, name) })
		step(t, ps, 6)
		all = append(all, ps)
	}
	for _, ps := range all {
		for _, p := range ps {
			p.drain(time.Millisecond)
		}
	}
	srv.Close()
	st.Close()

	srv2 := openServer(t, Config{}, dir)
	// Every player at once, as after a kill: the resumes run side by side.
	done := make(chan struct{})
	n := 0
	for ti, ps := range all {
		for i, p := range ps {
			back := sessionPlayer(t, srv2, fmt.Sprintf("t%d/%s", ti, p.name))
			p.carryOver(back, -1)
			ps[i] = back
			n++
			go func() {
				back.send(wire.ClientMsg{T: wire.TResume, Match: back.match, Seat: back.seat, Key: back.key, Last: back.last()})
				done <- struct{}{}
			}()
		}
	}
	for range n {
		<-done
	}
	for _, ps := range all {
		for _, p := range ps {
			p.expect(wire.TJoined)
		}
	}
	for _, ps := range all {
		step(t, ps, 4)
		longest := int64(0)
		for _, p := range ps {
			longest = max(longest, p.last())
		}
		for _, p := range ps {
			p.waitSeq(longest)
		}
		checkSame(t, ps)
	}
}
