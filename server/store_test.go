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
	srv := New(Config{Store: st, Rate: 1000, Burst: 1000, AddrCreates: 1000})
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

// TestLoadDuringReading: while the start-up reading runs, a match whose events all lie in the
// part of the stream already read loads at once (it does not wait for the whole reading), a
// match whose last event lies further on waits for the reading to pass it, and every match
// gets its events whole and in order, the stream being read in several stretches at once.
func TestLoadDuringReading(t *testing.T) {
	dir := t.TempDir()
	st, err := OpenStore(context.Background(), StoreConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	const n = 10
	fillMatches(t, st, []string{"early"}, n) // stream messages 1–10: the first stretch
	var middle []string
	for i := range 30 {
		middle = append(middle, fmt.Sprintf("middle%d", i))
	}
	fillMatches(t, st, middle, 80)          // 2,400 more, interleaved: stretches 1–3
	fillMatches(t, st, []string{"late"}, n) // the last 10: the third stretch
	st.Close()

	release, started := make(chan struct{}), make(chan struct{})
	st, err = OpenStore(context.Background(), StoreConfig{Dir: dir, warmGate: func(i int) {
		switch i {
		case 0:
			close(started)
		case 1:
			<-release // the reading holds before filing its second stretch
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	check := func(id string, evs []wire.Event, n int) {
		t.Helper()
		if len(evs) != n {
			t.Fatalf("%s: read %d events back, stored %d", id, len(evs), n)
		}
		for i, ev := range evs {
			if want := fmt.Sprintf("m%d", i+1); ev.Seq != int64(i+1) || ev.Move != want {
				t.Fatalf("%s: event %d read back as %+v, stored seq %d move %s", id, i+1, ev, i+1, want)
			}
		}
	}
	<-started // (the reading's own first request, for the stream's extent, is not counted below)
	nc := st.lane("early").nc
	before := nc.Stats().OutMsgs
	evs, _, err := st.loadEvents(ctx, "early", 0)
	if err != nil {
		t.Fatal(err)
	}
	check("early", evs, n)
	select {
	case <-st.warmDone:
		t.Fatal("the reading ended while held")
	default:
	}
	// Where the match ends, then anything newer: two requests, none walking the stream.
	if reqs := nc.Stats().OutMsgs - before; reqs != 2 {
		t.Errorf("early: %d requests to load during the reading, want 2", reqs)
	}

	late := make(chan []wire.Event, 1)
	go func() {
		evs, _, err := st.loadEvents(ctx, "late", 0)
		if err != nil {
			t.Error(err)
		}
		late <- evs
	}()
	select {
	case evs := <-late:
		t.Fatalf("late: loaded %d events before the reading reached its last", len(evs))
	case <-time.After(300 * time.Millisecond):
	}
	if est := st.warmEstimate("late"); est <= 0 {
		t.Errorf("late: estimate of the wait %v while the reading is held before it, want > 0", est)
	}
	close(release)
	check("late", <-late, n)
	<-st.warmDone
	for _, id := range middle {
		evs, _, err := st.loadEvents(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		check(id, evs, 80)
	}
}

// TestResumeWhileReading: after a restart, a resume whose match lies beyond what the start-up
// reading has filed is not held until its deadline: it is answered busy with the time to wait
// (retry), and the same resume sent again once the reading has passed the match is joined; the
// match goes on, both players seeing the same events.
func TestResumeWhileReading(t *testing.T) {
	dir := t.TempDir()
	st, err := OpenStore(context.Background(), StoreConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var others []string
	for i := range 12 {
		others = append(others, fmt.Sprintf("other%d", i))
	}
	fillMatches(t, st, others, 100) // 1,200 messages first: the match's events lie past the first stretch
	srv := New(Config{Store: st, Rate: 1000, Burst: 1000})
	ps := table(t, "seega", 2, func(name string) *player { return sessionPlayer(t, srv, name) })
	step(t, ps, 6)
	for _, p := range ps {
		p.drain(time.Millisecond)
	}
	srv.Close()
	st.Close()

	release := make(chan struct{})
	st2, err := OpenStore(context.Background(), StoreConfig{Dir: dir, warmGate: func(i int) {
		if i == 1 {
			<-release
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	srv2 := New(Config{Store: st2, Rate: 1000, Burst: 1000, warmHold: 500 * time.Millisecond})
	defer func() { srv2.Close(); st2.Close() }()
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	back := sessionPlayer(t, srv2, "host again")
	ps[0].carryOver(back, -1)
	resume := wire.ClientMsg{T: wire.TResume, Match: back.match, Seat: back.seat, Key: back.key, Last: back.last()}
	r := back.refused(resume, wire.ReasonBusy)
	if r.Retry <= 0 {
		t.Errorf("busy while the reading runs, with retry %d ms: want a time to wait", r.Retry)
	}
	close(release)
	<-st2.warmDone
	back.send(resume)
	back.expect(wire.TJoined)
	guest := sessionPlayer(t, srv2, "guest again")
	ps[1].carryOver(guest, -1)
	guest.send(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: guest.seat, Key: guest.key, Last: guest.last()})
	guest.expect(wire.TJoined)
	ps = []*player{back, guest}
	step(t, ps, 4)
	longest := max(back.last(), guest.last())
	back.waitSeq(longest)
	guest.waitSeq(longest)
	checkSame(t, ps)
}
