package server

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sig/wire"
)

// Reading one match's events out of the shared stream costs the store a walk over every
// message stored between the match's first event and its last, whoever they belong to: the
// stream keeps, per subject, only where its messages begin and end. After a restart with
// thousands of matches under way, each match's events are spread over the whole stream, and
// reading them back match by match walks the stream once a match (3,030 times at 10,000
// players: a handful of moves in the 30 s after a kill -9; BENCHMARKS.md, "The match server
// under load and under abuse"). So a store opened
// on a folder reads the stream once, in order, in big batches, and keeps each match's events
// until the match loads and takes them (or warmKeep has passed).
//
// The reading is not one chain of round trips: warmReaders requests are in flight at once,
// each over a connection of its own (the embedded server answers a connection's requests one
// after the other), for consecutive stretches of the stream, filed in order as they come. A
// match does not wait for the whole reading either: it asks the stream where its last message
// is, and loads as soon as the reading has passed it.
const (
	warmBatch   = 1000             // messages a request of the start-up reading (about 300 KB)
	warmReaders = 3                // requests in flight at once
	warmAhead   = 2 * warmReaders  // stretches read but not yet filed, at most
	warmWait    = 30 * time.Second // a batch not answered in this time is asked for again
	warmLimit   = 4_000_000        // the reading covers at most the stream's last warmLimit messages
	warmKeep    = 10 * time.Minute
)

// warmMatch is what the start-up reading found of one match.
type warmMatch struct {
	events []wire.Event
	last   uint64 // the stream sequence of the last one
	broken bool   // its first events were before the reading, or out of order: read it as usual
}

// warmState is how far the start-up reading has gone (under Store.warmMu).
type warmState struct {
	first, end uint64        // the stream sequences it covers
	at         uint64        // every message before this one has been filed
	began      time.Time     // when it began filing, for the estimate of what is left
	moved      chan struct{} // closed once the extent (first, end) is known
	// filed holds, for each stretch some load waits for, a channel closed when it is filed:
	// one wake-up for the loads that wait for it, not for all of them at every stretch (800
	// loads waking 90 times each took the lock 70,000 times in a restart at 10,000 players).
	filed map[int]chan struct{}
}

// warmUp reads the stream from the start (or its last warmLimit messages) and sorts the events
// by match, moving warm.at on as each stretch is filed (loads wait for the stretch holding
// their match's last message: takeWarm). Should the reading fail, what it read stands: each
// match's events found are the first of its events (stretches are filed in order), and
// loading reads the rest from the stream.
func (st *Store) warmUp() {
	began := time.Now()
	defer func() {
		st.warmTook = time.Since(began)
		st.warmMu.Lock()
		close(st.warmDone)
		if st.warmAt.end == 0 {
			close(st.warmAt.moved)
		}
		st.warmMu.Unlock()
		time.AfterFunc(warmKeep, func() {
			st.warmMu.Lock()
			st.warm = nil
			st.warmMu.Unlock()
		})
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	info, err := st.lanes[0].stream.Info(ctx)
	if err != nil || info.State.Msgs == 0 {
		return
	}
	first, end := info.State.FirstSeq, info.State.LastSeq
	if end-first+1 > warmLimit {
		first = end - warmLimit + 1
	}
	st.warmMu.Lock()
	st.warmAt.first, st.warmAt.end, st.warmAt.at, st.warmAt.began = first, end, first, time.Now()
	close(st.warmAt.moved)
	st.warmMu.Unlock()

	stretches := int((end-first)/warmBatch) + 1
	results := make([]chan []*nats.Msg, stretches)
	for i := range results {
		results[i] = make(chan []*nats.Msg, 1)
	}
	ahead := make(chan struct{}, warmAhead) // a token a stretch read and not yet filed
	var next atomic.Int64
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel() // the readers stop if the filing does (deferred calls run last first)
	for range warmReaders {
		nc, err := nats.Connect("", nats.InProcessServer(st.embedded), nats.Name("sigserver start-up reading"))
		if err != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer nc.Close()
			r, err := newWarmReader(nc)
			if err != nil {
				return
			}
			defer r.sub.Unsubscribe()
			for {
				select {
				case ahead <- struct{}{}:
				case <-ctx.Done():
					return
				}
				i := int(next.Add(1) - 1)
				if i >= stretches {
					return
				}
				from := first + uint64(i)*warmBatch
				to := min(from+warmBatch-1, end)
				msgs, err := r.read(ctx, from, to)
				if err != nil {
					// This stretch and the ones after it are not filed: stop the others too.
					results[i] <- nil
					cancel()
					return
				}
				results[i] <- msgs
			}
		}()
	}
	type found struct {
		id  string
		seq uint64
		ev  wire.Event
		bad bool
	}
	var batch []found
	for i := range stretches {
		var msgs []*nats.Msg
		select {
		case msgs = <-results[i]:
		case <-ctx.Done():
			return
		}
		if msgs == nil && ctx.Err() != nil {
			return
		}
		if st.warmGate != nil {
			st.warmGate(i)
		}
		// Decoded outside the lock: loads look at the map meanwhile.
		batch = batch[:0]
		for _, msg := range msgs {
			id, ok := strings.CutPrefix(msg.Header.Get("Nats-Subject"), eventSubject)
			if !ok {
				continue
			}
			seq, _ := strconv.ParseUint(msg.Header.Get("Nats-Sequence"), 10, 64)
			f := found{id: id, seq: seq}
			f.bad = json.Unmarshal(msg.Data, &f.ev) != nil
			batch = append(batch, f)
		}
		from := first + uint64(i)*warmBatch
		to := min(from+warmBatch-1, end)
		st.warmMu.Lock()
		for _, f := range batch {
			w := st.warm[f.id]
			if w == nil {
				w = &warmMatch{}
				st.warm[f.id] = w
			}
			if w.broken {
				continue
			}
			if f.bad || f.ev.Seq != int64(len(w.events))+1 {
				w.broken, w.events = true, nil
				continue
			}
			w.events = append(w.events, f.ev)
			w.last = f.seq
		}
		st.warmAt.at = to + 1
		if ch := st.warmAt.filed[i]; ch != nil {
			close(ch)
			delete(st.warmAt.filed, i)
		}
		st.warmMu.Unlock()
		<-ahead
	}
}

// warmReader reads stretches of the stream over one connection.
type warmReader struct {
	nc    *nats.Conn
	inbox string
	sub   *nats.Subscription
	asked int // requests made, to tell a late answer to one given up on from the current one
}

func newWarmReader(nc *nats.Conn) (*warmReader, error) {
	r := &warmReader{nc: nc, inbox: nc.NewInbox()}
	sub, err := nc.SubscribeSync(r.inbox + ".*")
	if err != nil {
		return nil, err
	}
	sub.SetPendingLimits(-1, -1)
	r.sub = sub
	return r, nil
}

// errWarmLost: a stretch went unanswered too many times.
var errWarmLost = errors.New("the start-up reading got no answer")

// read returns the stream's messages from sequence from to to, in order. A batch cut short
// (the stream answers at most so many bytes a request) is followed by another from where it
// stopped; an empty one means the rest of the stretch was deleted.
func (r *warmReader) read(ctx context.Context, from, to uint64) ([]*nats.Msg, error) {
	var msgs []*nats.Msg
	lost := 0
	for from <= to {
		r.asked++
		reply := r.inbox + "." + strconv.Itoa(r.asked)
		req, _ := json.Marshal(struct {
			Seq   uint64 `json:"seq"`
			Batch int    `json:"batch"`
		}{from, int(to - from + 1)})
		if err := r.nc.PublishRequest("$JS.API.DIRECT.GET."+streamName, reply, req); err != nil {
			return nil, err
		}
		got, timedOut := 0, false
	answer:
		for {
			wctx, wcancel := context.WithTimeout(ctx, warmWait)
			msg, err := r.sub.NextMsgWithContext(wctx)
			wcancel()
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				timedOut = true
				break answer
			}
			if msg.Subject != reply {
				continue // a late answer to a request given up on
			}
			switch msg.Header.Get("Status") {
			case "":
			case "204": // the end of the batch
				break answer
			default: // 404: nothing from from on
				return msgs, nil
			}
			seq, err := strconv.ParseUint(msg.Header.Get("Nats-Sequence"), 10, 64)
			if err != nil || seq < from {
				continue
			}
			if seq > to {
				break answer // past the stretch (messages deleted within it): the next reader's
			}
			msgs = append(msgs, msg)
			from, got = seq+1, got+1
		}
		if timedOut {
			if lost++; lost >= 5 {
				return nil, errWarmLost
			}
			continue
		}
		if got == 0 {
			return msgs, nil
		}
	}
	return msgs, nil
}

// takeWarm gives match id's events as the start-up reading found them, with the stream
// sequence of the last; none (and 0) when it has nothing whole for the match. While the
// reading runs, it waits only for the reading to pass the match's last message (asked of the
// stream). A match takes them once: a later load reads the stream.
func (st *Store) takeWarm(ctx context.Context, id string) ([]wire.Event, uint64) {
	if st.warmDone == nil {
		return nil, 0
	}
	select {
	case <-st.warmDone:
	default:
		if !st.warmReach(ctx, id) {
			return nil, 0
		}
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

// warmReach waits until the start-up reading has filed match id's last message (or has
// ended), and reports whether what it found of the match may be taken.
func (st *Store) warmReach(ctx context.Context, id string) bool {
	last, err := st.lastOf(ctx, id)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return false // no events at all
	}
	if err == nil {
		st.warmMu.Lock()
		st.warmWants[id] = last
		st.warmMu.Unlock()
		defer func() {
			st.warmMu.Lock()
			delete(st.warmWants, id)
			st.warmMu.Unlock()
		}()
	}
	// First the extent of the reading.
	select {
	case <-st.warmAt.moved:
	case <-st.warmDone:
		return true
	case <-ctx.Done():
		return false
	}
	if err != nil {
		// Where the match ends is not known: wait for the whole reading.
		select {
		case <-st.warmDone:
			return true
		case <-ctx.Done():
			return false
		}
	}
	st.warmMu.Lock()
	w := &st.warmAt
	if last < w.first || last > w.end {
		st.warmMu.Unlock()
		return false // not in what the reading covers: read it from the stream
	}
	if w.at > last {
		st.warmMu.Unlock()
		return true
	}
	i := int((last - w.first) / warmBatch)
	ch := w.filed[i]
	if ch == nil {
		ch = make(chan struct{})
		w.filed[i] = ch
	}
	st.warmMu.Unlock()
	select {
	case <-ch:
		return true
	case <-st.warmDone:
		return true
	case <-ctx.Done():
		return false
	}
}

// lastOf is the stream sequence of match id's last event.
func (st *Store) lastOf(ctx context.Context, id string) (uint64, error) {
	raw, err := st.lane(id).stream.GetLastMsgForSubject(ctx, eventSubject+id)
	if err != nil {
		return 0, err
	}
	return raw.Sequence, nil
}

// warmEstimate is how long the start-up reading should take yet to file match id's last
// message, from its pace so far: 0 when the match does not wait for it, -1 when it cannot
// tell yet.
func (st *Store) warmEstimate(id string) time.Duration {
	if st.warmDone == nil {
		return 0
	}
	select {
	case <-st.warmDone:
		return 0
	default:
	}
	st.warmMu.Lock()
	w := st.warmAt
	last, ok := st.warmWants[id]
	st.warmMu.Unlock()
	if w.end == 0 || !ok {
		return -1 // the load has not learnt where the match ends yet
	}
	last = min(last, w.end)
	if w.at > last {
		return 0
	}
	done := w.at - w.first
	if done == 0 {
		return -1
	}
	pace := time.Since(w.began) / time.Duration(done)
	return pace * time.Duration(last-w.at+1)
}

// warming reports whether the start-up reading is still running.
func (st *Store) warming() bool {
	if st.warmDone == nil {
		return false
	}
	select {
	case <-st.warmDone:
		return false
	default:
		return true
	}
}
