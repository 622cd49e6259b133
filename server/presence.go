package server

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sig/wire"
)

// Several server processes sharing a store (an external NATS cluster) serve the same matches:
// the events one stores reach the others through the stream's republished copies, and each
// tells the others which seats are connected to it (beacons, on core NATS).
//
// Presence is prompt without a steady stream of messages: a process sends a match's beacon when
// a seat connects to it or leaves it, and when it loads a match it asks the others for theirs
// (one message, answered by the processes that have players of that match). Whether a process
// is still there at all is one heartbeat a second for the whole process, not one per match: a
// process silent for three heartbeats (killed, cut off) is forgotten with its seats, and one
// that stops cleanly says so at once.
const (
	beaconSubject = "sig.p."    // + match id: a process's seats of that match
	aliveSubject  = "sig.alive" // each process's heartbeat
	beaconRefresh = time.Minute // beacons again now and then, in case one was lost
	missedBeats   = 3           // heartbeats missed before a process counts as gone
	inboundDepth  = 1 << 16     // messages from NATS waiting for the dispatcher
	heartbeatMin  = time.Millisecond
)

// beacon is one process's word on the seats of a match connected to it.
type beacon struct {
	Proc  string `json:"proc"`
	Seats []int  `json:"seats"`
	Ask   bool   `json:"ask,omitempty"` // the sender just loaded the match: answer with yours
}

// heartbeat is a process saying it is alive, or (Bye) that it is stopping.
type heartbeat struct {
	Proc string `json:"proc"`
	Bye  bool   `json:"bye,omitempty"`
}

// startShared starts, for a shared store, the dispatcher of what NATS delivers and the
// heartbeat. Subscriptions deliver into one channel (no goroutine per subscription, as
// callbacks would need), and the dispatcher hands each message to its match.
func (srv *Server) startShared() error {
	if !srv.st.shared() {
		return nil
	}
	srv.inbound = make(chan *nats.Msg, inboundDepth)
	srv.alive = map[string]time.Time{}
	if _, err := srv.st.nc.ChanSubscribe(aliveSubject, srv.inbound); err != nil {
		return err
	}
	srv.wg.Add(2)
	go srv.dispatch()
	go srv.beat()
	return nil
}

// listen subscribes a match, on a shared store, to the events any process stores and to the
// other processes' beacons.
func (srv *Server) listen(m *match) error {
	if !srv.st.shared() {
		return nil // one process: every event is stored by this match's own goroutine
	}
	var err error
	if m.sub, err = srv.st.nc.ChanSubscribe(republished+m.id, srv.inbound); err != nil {
		return err
	}
	srv.subs.Store(m.sub, m)
	if m.beacons, err = srv.st.nc.ChanSubscribe(beaconSubject+m.id, srv.inbound); err != nil {
		return err
	}
	srv.subs.Store(m.beacons, m)
	return nil
}

// unlisten ends a match's subscriptions.
func (srv *Server) unlisten(m *match) {
	for _, sub := range []*nats.Subscription{m.sub, m.beacons} {
		if sub != nil {
			sub.Unsubscribe()
			srv.subs.Delete(sub)
		}
	}
}

// dispatch hands what NATS delivers to the matches; it never waits for a match (a full inbox
// makes the match catch up from the stream at its next command instead).
func (srv *Server) dispatch() {
	defer srv.wg.Done()
	for {
		select {
		case <-srv.ctx.Done():
			return
		case msg := <-srv.inbound:
			if msg.Subject == aliveSubject {
				var h heartbeat
				if json.Unmarshal(msg.Data, &h) == nil && h.Proc != srv.proc {
					srv.heardFrom(h.Proc, h.Bye)
				}
				continue
			}
			v, ok := srv.subs.Load(msg.Sub)
			if !ok {
				continue // the match was unloaded meanwhile
			}
			m := v.(*match)
			var c *cmd
			if strings.HasPrefix(msg.Subject, republished) {
				var ev wire.Event
				if json.Unmarshal(msg.Data, &ev) != nil {
					continue
				}
				seq, _ := strconv.ParseUint(msg.Header.Get(jetstream.SequenceHeader), 10, 64)
				c = &cmd{remote: true, stored: &ev, storedAt: seq}
			} else {
				var b beacon
				if json.Unmarshal(msg.Data, &b) != nil || b.Proc == srv.proc || b.Proc == "" {
					continue
				}
				srv.heardFrom(b.Proc, false)
				c = &cmd{beacon: &b}
			}
			select {
			case m.inbox <- c:
			default:
				m.wake.Store(true)
			}
		}
	}
}

// heardFrom notes that a process is alive, or forgets it at once when it says goodbye.
func (srv *Server) heardFrom(proc string, bye bool) {
	srv.aliveMu.Lock()
	if !bye {
		srv.alive[proc] = time.Now()
		srv.aliveMu.Unlock()
		return
	}
	delete(srv.alive, proc)
	srv.aliveMu.Unlock()
	srv.forgetProc(proc)
}

// beat sends this process's heartbeat and forgets the processes that have gone silent.
func (srv *Server) beat() {
	defer srv.wg.Done()
	every := max(srv.cfg.Heartbeat, heartbeatMin)
	tick := time.NewTicker(every)
	defer tick.Stop()
	say := func(bye bool) {
		b, _ := json.Marshal(heartbeat{Proc: srv.proc, Bye: bye})
		srv.st.nc.Publish(aliveSubject, b)
	}
	say(false)
	for {
		select {
		case <-srv.ctx.Done():
			say(true)
			srv.st.nc.Flush()
			return
		case <-tick.C:
			say(false)
			var gone []string
			srv.aliveMu.Lock()
			for p, at := range srv.alive {
				if time.Since(at) > missedBeats*every {
					gone = append(gone, p)
					delete(srv.alive, p)
				}
			}
			srv.aliveMu.Unlock()
			for _, p := range gone {
				srv.log.Warn("server process gone silent", "proc", p)
				srv.forgetProc(p)
			}
		}
	}
}

// forgetProc tells every match in memory that a process's seats are no longer connected.
func (srv *Server) forgetProc(proc string) {
	srv.mu.Lock()
	ms := make([]*match, 0, len(srv.matches))
	for _, m := range srv.matches {
		ms = append(ms, m)
	}
	srv.mu.Unlock()
	for _, m := range ms {
		m.send(cmd{gone: proc})
	}
}

// sendBeacon tells the other processes which seats of the match are connected here (ask: and
// asks for theirs).
func (m *match) sendBeacon(ask bool) {
	if !m.srv.st.shared() {
		return
	}
	b := beacon{Proc: m.srv.proc, Seats: []int{}, Ask: ask}
	for i, ss := range m.seats {
		if ss.local() {
			b.Seats = append(b.Seats, i)
		}
	}
	data, _ := json.Marshal(b)
	m.srv.st.nc.Publish(beaconSubject+m.id, data)
}
