package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"sig/wire"
)

// BenchmarkAppend measures the store's appends with many matches writing at once, as under
// load: each of 1,000 matches appends its events one after the other (expected last
// sequence), over 1 or 4 connections to the embedded NATS server.
//
//	go test -run '^$' -bench Append -benchtime 20000x ./server
func BenchmarkAppend(b *testing.B) {
	for _, conns := range []int{1, 4} {
		b.Run(fmt.Sprintf("conns=%d", conns), func(b *testing.B) {
			st, err := OpenStore(context.Background(), StoreConfig{Dir: b.TempDir(), Conns: conns})
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			const matches = 1000
			work := make(chan struct{}, b.N)
			for range b.N {
				work <- struct{}{}
			}
			close(work)
			b.ResetTimer()
			var wg sync.WaitGroup
			for i := range matches {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id := fmt.Sprintf("bench%d", i)
					var last uint64
					ev := wire.Event{Kind: wire.EvMove, Round: 1, Move: "c2-c3"}
					for range work {
						ev.Seq++
						seq, err := st.appendEvent(context.Background(), id, ev, last)
						if err != nil {
							b.Error(err)
							return
						}
						last = seq
					}
				}()
			}
			wg.Wait()
		})
	}
}

// fillMatches appends n events to each of the given matches, interleaved across the matches
// as a server under load stores them, with 200 matches writing at once.
func fillMatches(tb testing.TB, st *Store, ids []string, n int) {
	tb.Helper()
	var wg sync.WaitGroup
	work := make(chan string)
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range work {
				var last uint64
				for seq := range n {
					ev := wire.Event{Seq: int64(seq + 1), Kind: wire.EvMove, Round: 1, Seat: seq % 2, Move: fmt.Sprintf("m%d", seq+1)}
					s, err := st.appendEvent(context.Background(), id, ev, last)
					if err != nil {
						tb.Error(err)
						return
					}
					last = s
				}
			}
		}()
	}
	// Round-robin over the matches, one event at a time each, so their events interleave.
	for _, id := range ids {
		work <- id
	}
	close(work)
	wg.Wait()
}

// BenchmarkReadBack measures what a restart costs: 2,000 matches of 25 events each (interleaved
// in the stream as under load) are read back by a store opened afresh on the same folder, 64 at
// once: one event a request (as before), in batches of 500 a request (JetStream's direct get
// with "batch": tried, slower), and from the start-up reading of the whole stream (now; its
// time is in the total). One op is one match read.
//
//	go test -run '^$' -bench ReadBack -benchtime 2000x ./server
func BenchmarkReadBack(b *testing.B) {
	dir := b.TempDir()
	st, err := OpenStore(context.Background(), StoreConfig{Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, 2000)
	for i := range ids {
		ids[i] = fmt.Sprintf("read%d", i)
	}
	fillMatches(b, st, ids, 25)
	st.Close()
	for _, how := range []string{"each", "batches", "warm"} {
		b.Run(how, func(b *testing.B) {
			b.ResetTimer()
			st, err := OpenStore(context.Background(), StoreConfig{Dir: dir, noWarm: how != "warm"})
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			work := make(chan string)
			var wg sync.WaitGroup
			for range 64 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for id := range work {
						l := st.lane(id)
						var evs []wire.Event
						var err error
						switch how {
						case "each":
							evs, _, err = st.loadEach(context.Background(), l, id, 0)
						case "batches":
							evs, _, err = loadBatches(st, l, id)
						default:
							evs, _, err = st.loadEvents(context.Background(), id, 0)
						}
						if err != nil || len(evs) != 25 {
							b.Errorf("%s: %d events, %v", id, len(evs), err)
						}
					}
				}()
			}
			for i := range b.N {
				work <- ids[i%len(ids)]
			}
			close(work)
			wg.Wait()
		})
	}
}

// loadBatches reads a match's events by direct gets of up to 500 events a request (the stream
// answers one message an event, then an end-of-batch saying how many more there are): the way
// tried and measured slower than one event a request, kept here for the comparison.
func loadBatches(st *Store, l *lane, id string) ([]wire.Event, uint64, error) {
	inbox := l.nc.NewInbox()
	sub, err := l.nc.SubscribeSync(inbox)
	if err != nil {
		return nil, 0, err
	}
	defer sub.Unsubscribe()
	var evs []wire.Event
	var after uint64
	for {
		req, _ := json.Marshal(map[string]any{"seq": after + 1, "next_by_subj": eventSubject + id, "batch": 500})
		if err := l.nc.PublishRequest("$JS.API.DIRECT.GET."+streamName, inbox, req); err != nil {
			return evs, after, err
		}
		more := false
	batch:
		for {
			msg, err := sub.NextMsgWithContext(context.Background())
			if err != nil {
				return evs, after, err
			}
			switch msg.Header.Get("Status") {
			case "":
			case "204":
				n, _ := strconv.ParseUint(msg.Header.Get("Nats-Num-Pending"), 10, 64)
				more = n > 0
				break batch
			default:
				return evs, after, nil
			}
			seq, _ := strconv.ParseUint(msg.Header.Get("Nats-Sequence"), 10, 64)
			ev, err := decodeStored(id, seq, msg.Data)
			if err != nil {
				return evs, after, err
			}
			evs, after = append(evs, ev), seq
		}
		if !more {
			return evs, after, nil
		}
	}
}
