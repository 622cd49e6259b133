package server

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"sig/wire"
)

// Reading one match's events out of the shared stream costs the store a walk over every
// message stored between the match's first event and its last, whoever they belong to: the
// stream keeps, per subject, only where its messages begin and end. After a restart with
// thousands of matches under way, each match's events are spread over the whole stream, and
// reading them back match by match walked the stream once a match (3,030 times at 10,000
// players: a handful of moves in the 30 s after a kill -9, BENCHMARKS.md). So a store opened
// on a folder reads the stream once, in order, in big batches, and keeps each match's events
// until the match loads and takes them (or warmKeep has passed).
const (
	warmBatch = 1000             // messages a request of the start-up reading (about 300 KB)
	warmWait  = 30 * time.Second // a batch not answered in this time is asked for again
	warmLimit = 4_000_000        // the reading covers at most the stream's last warmLimit messages
	warmKeep  = 10 * time.Minute
)

// warmMatch is what the start-up reading found of one match.
type warmMatch struct {
	events []wire.Event
	last   uint64 // the stream sequence of the last one
	broken bool   // its first events were before the reading, or out of order: read it as usual
}

// warmUp reads the stream from the start (or its last warmLimit messages) and sorts the events
// by match. Loads wait for it (takeWarm). It reads over a connection of its own: a batch lost
// (the connection cut as too slow to read, on a machine too busy) is asked for again, and
// should the reading fail, what it read stands: each match's events found are the first of
// its events, and loading reads the rest from the stream.
func (st *Store) warmUp() {
	found := map[string]*warmMatch{}
	defer func() {
		st.warmMu.Lock()
		st.warm = found
		st.warmMu.Unlock()
		close(st.warmDone)
		time.AfterFunc(warmKeep, func() {
			st.warmMu.Lock()
			st.warm = nil
			st.warmMu.Unlock()
		})
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	nc, err := nats.Connect("", nats.InProcessServer(st.embedded), nats.Name("sigserver start-up reading"))
	if err != nil {
		return
	}
	defer nc.Close()
	info, err := st.lanes[0].stream.Info(ctx)
	if err != nil || info.State.Msgs == 0 {
		return
	}
	first, end := info.State.FirstSeq, info.State.LastSeq
	if end-first+1 > warmLimit {
		first = end - warmLimit + 1
	}
	inbox := nc.NewInbox()
	sub, err := nc.SubscribeSync(inbox + ".*")
	if err != nil {
		return
	}
	defer sub.Unsubscribe()
	sub.SetPendingLimits(-1, -1)
	next, lost := first, 0
	for next <= end && lost < 5 {
		// Each request's answers carry its own reply subject, so a late answer to a request
		// given up on is told apart and dropped.
		reply := inbox + "." + strconv.FormatUint(next, 10)
		req, _ := json.Marshal(struct {
			Seq   uint64 `json:"seq"`
			Batch int    `json:"batch"`
		}{next, warmBatch})
		if err := nc.Flush(); err != nil {
			return
		}
		if err := nc.PublishRequest("$JS.API.DIRECT.GET."+streamName, reply, req); err != nil {
			return
		}
		got, done, timedOut := 0, false, false
	batch:
		for {
			wctx, wcancel := context.WithTimeout(ctx, warmWait)
			msg, err := sub.NextMsgWithContext(wctx)
			wcancel()
			if err != nil {
				if ctx.Err() != nil {
					return
				}
				lost++ // no answer: ask again from where the reading is
				timedOut = true
				break batch
			}
			if msg.Subject != reply {
				continue
			}
			switch msg.Header.Get("Status") {
			case "":
			case "204":
				break batch
			default: // 404 (nothing from next on) or an error: what was read stands
				done = true
				break batch
			}
			seq, err := strconv.ParseUint(msg.Header.Get("Nats-Sequence"), 10, 64)
			if err != nil || seq < next {
				continue
			}
			next, got = seq+1, got+1
			id, ok := strings.CutPrefix(msg.Header.Get("Nats-Subject"), eventSubject)
			if !ok {
				continue
			}
			w := found[id]
			if w == nil {
				w = &warmMatch{}
				found[id] = w
			}
			if w.broken {
				continue
			}
			var ev wire.Event
			if json.Unmarshal(msg.Data, &ev) != nil || ev.Seq != int64(len(w.events))+1 {
				w.broken, w.events = true, nil
				continue
			}
			w.events = append(w.events, ev)
			w.last = seq
		}
		if done || got == 0 && !timedOut {
			return
		}
	}
}

// takeWarm gives match id's events as the start-up reading found them (waiting for it to end),
// with the stream sequence of the last; none (and 0) when it has nothing whole for the match.
// A match takes them once: a later load reads the stream.
func (st *Store) takeWarm(ctx context.Context, id string) ([]wire.Event, uint64) {
	if st.warmDone == nil {
		return nil, 0
	}
	select {
	case <-st.warmDone:
	case <-ctx.Done():
		return nil, 0
	}
	st.warmMu.Lock()
	defer st.warmMu.Unlock()
	w := st.warm[id]
	if w == nil || w.broken {
		return nil, 0
	}
	delete(st.warm, id)
	return w.events, w.last
}
