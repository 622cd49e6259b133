package server

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// On a shared store, every process serving a match could play its computer seats; if each did,
// each would search, one move would be kept, and a person's move could race the game's end
// written by the other (refused "finished"). So exactly one process plays them: the holder of
// the match's lease, a key in the bucket ("o." + match id) naming the process. A process takes
// the lease when it is free (none, or released by a process that unloaded the match) or when
// its holder is gone (silent for missedBeats heartbeats, or said goodbye: presence.go), by an
// update at the revision it read, so two processes cannot both take it. The holder keeps the
// match in memory while a game is played with players elsewhere, and releases the lease when it
// unloads the match.
const (
	ownerKey   = "o."
	leaseRetry = time.Second // a process that found the lease held looks again this often
)

// drives reports whether this process plays the match's computer seats now, taking the lease
// if it is free or its holder is gone. When it is not, the match looks again after leaseRetry.
func (m *match) drives(ctx context.Context) bool {
	if !m.srv.st.shared() || m.owner {
		return true
	}
	kv := m.srv.st.lane(m.id).kv
	key := ownerKey + m.id
	for try := 0; try < 3; try++ {
		e, err := kv.Get(ctx, key)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			// Never taken, or released (a deleted key can be created again).
			if rev, err := kv.Create(ctx, key, []byte(m.srv.proc)); err == nil {
				m.owner, m.ownerRev = true, rev
				m.log.Info("took the computer seats' lease")
				return true
			}
			continue // taken meanwhile: look at who has it
		case err != nil:
			m.log.Warn("reading the computer seats' lease", "err", err)
		case string(e.Value()) == m.srv.proc:
			m.owner, m.ownerRev = true, e.Revision()
			return true
		case !m.srv.isAlive(string(e.Value())):
			if rev, err := kv.Update(ctx, key, []byte(m.srv.proc), e.Revision()); err == nil {
				m.owner, m.ownerRev = true, rev
				m.log.Warn("took over the computer seats' lease", "from", string(e.Value()))
				return true
			}
			continue
		}
		break
	}
	if m.leaseCheck == nil {
		m.leaseCheck = time.After(leaseRetry)
	}
	return false
}

// release gives the lease back as the match leaves memory, if this process holds it.
func (m *match) release() {
	if !m.owner {
		return
	}
	ctx, cancel := context.WithTimeout(m.srv.ctx, 5*time.Second)
	defer cancel()
	if err := m.srv.st.lane(m.id).kv.Delete(ctx, ownerKey+m.id, jetstream.LastRevision(m.ownerRev)); err != nil {
		m.log.Warn("releasing the computer seats' lease", "err", err)
	}
	m.owner = false
}

// isAlive reports whether another process is taken as running: heard from within missedBeats
// heartbeats, or not heard from at all while this process has not been up that long yet (it
// cannot tell a silent process from one it has not heard yet).
func (srv *Server) isAlive(proc string) bool {
	every := max(srv.cfg.Heartbeat, heartbeatMin)
	srv.aliveMu.Lock()
	at, ok := srv.alive[proc]
	srv.aliveMu.Unlock()
	if ok {
		return time.Since(at) <= missedBeats*every
	}
	return time.Since(srv.started) <= (missedBeats+1)*every
}
