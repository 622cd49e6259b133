package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"sig/wire"
)

// The WebSocket transport.
const (
	// readLimit closes a connection that sends a frame this big; between wire.MaxMessage and it,
	// a message is refused and the connection kept.
	readLimit    = 64 << 10
	writeTimeout = 10 * time.Second
	// pingEvery checks that a quiet client is still there (a phone asleep stops answering).
	// A client that sent a message within it is there: it is not pinged (pings were a tenth
	// of the server's processor at 10,000 players, each a write, a pong to read, and a write
	// and a read on the client's side).
	pingEvery = 25 * time.Second
)

// Handler is the WebSocket endpoint. origins are the host patterns (path.Match syntax, such as
// "example.org" or "*.example.org") whose pages may connect besides the server's own host.
func (srv *Server) Handler(origins []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr := srv.limited(r.RemoteAddr)
		if !srv.addrs.open(addr, srv.cfg.AddrConns) {
			srv.met.refusals.WithLabelValues("addr-conns").Inc()
			http.Error(w, fmt.Sprintf("at most %d connections from one address", srv.cfg.AddrConns), http.StatusTooManyRequests)
			return
		}
		defer srv.addrs.closed(addr)
		cw := &corkWriter{ResponseWriter: w}
		c, err := websocket.Accept(cw, r, &websocket.AcceptOptions{OriginPatterns: origins})
		if err != nil {
			// Accept has answered (403 for a foreign origin, 400 for a bad upgrade).
			srv.met.refusals.WithLabelValues("upgrade").Inc()
			srv.log.Info("websocket refused", "remote", r.RemoteAddr, "origin", r.Header.Get("Origin"), "err", err)
			return
		}
		c.SetReadLimit(readLimit)
		srv.serve(c, cw.conn, r.RemoteAddr)
	})
}

// serve runs one connection: this goroutine reads, another writes. Reads and writes take no
// context of their own (a context with a deadline costs a timer and a callback for each
// message, thousands a second under load): the server's shutdown reaches the writer, which
// closes the connection, and a write stuck on a client that reads nothing is cut off by sweep.
func (srv *Server) serve(c *websocket.Conn, cc *corkConn, remote string) {
	s := srv.NewSession(remote)
	s.mu.Lock()
	s.hangUp = func() { c.CloseNow() }
	s.mu.Unlock()
	srv.track(s, true)
	defer srv.track(s, false)
	gone := make(chan struct{}) // the client's side is gone: nothing more to write
	written := make(chan struct{})
	go func() {
		defer close(written)
		srv.write(c, cc, s, gone)
	}()
	for {
		typ, b, err := c.Read(context.Background())
		if err != nil {
			break
		}
		if typ != websocket.MessageText {
			s.refuse(0, wire.Refuse(wire.ReasonBadMessage, "messages are JSON text, not binary"))
			continue
		}
		s.heard.Store(time.Now().UnixNano())
		s.Handle(srv.ctx, b)
	}
	close(gone)
	s.Close()
	<-written
	c.CloseNow()
}

// write sends what the session queues (all that is waiting in one write system call, through
// the cork), pings a quiet client, and closes the connection with the reason when the session
// ends.
func (srv *Server) write(c *websocket.Conn, cc *corkConn, s *Session, gone <-chan struct{}) {
	ping := time.NewTicker(srv.cfg.pingEvery)
	defer ping.Stop()
	flush := func() error {
		msgs := s.Take()
		if len(msgs) == 0 {
			return nil
		}
		s.writing.Store(time.Now().UnixNano())
		defer s.writing.Store(0)
		cc.cork()
		for _, b := range msgs {
			if err := c.Write(context.Background(), websocket.MessageText, b); err != nil {
				cc.uncork()
				return err
			}
		}
		return cc.uncork()
	}
	for {
		select {
		case <-gone:
			return
		case <-s.Ready():
			if flush() != nil {
				c.CloseNow()
				return
			}
		case now := <-ping.C:
			if now.Sub(time.Unix(0, s.heard.Load())) < srv.cfg.pingEvery {
				continue // it spoke lately: it is there
			}
			// Not under the server's context: 10,000 connections' pings queued on its lock.
			// A shutdown closes the connection, which ends the ping too.
			pctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
			err := c.Ping(pctx)
			cancel()
			if err != nil && !errors.Is(err, context.Canceled) {
				c.CloseNow()
				return
			}
		case <-s.Done():
			select {
			case <-gone:
				return
			default:
			}
			flush()
			status := websocket.StatusPolicyViolation
			if srv.ctx.Err() != nil {
				status = websocket.StatusGoingAway
			}
			c.Close(status, s.Why())
			return
		case <-srv.ctx.Done():
			flush()
			c.Close(websocket.StatusGoingAway, "the server is shutting down")
			return
		}
	}
}

// sweep cuts off the connections whose write has waited longer than writeTimeout (a client
// that stopped reading): one look at every connection now and then, rather than a timer for
// each message written.
func (srv *Server) sweep() {
	defer srv.wg.Done()
	tick := time.NewTicker(writeTimeout / 4)
	defer tick.Stop()
	for {
		select {
		case <-srv.ctx.Done():
			return
		case now := <-tick.C:
			srv.addrs.tidy()
			var stuck []*Session
			srv.mu.Lock()
			for s := range srv.sessions {
				if at := s.writing.Load(); at != 0 && now.Sub(time.Unix(0, at)) > writeTimeout {
					stuck = append(stuck, s)
				}
			}
			srv.mu.Unlock()
			for _, s := range stuck {
				srv.met.refusals.WithLabelValues("slow").Inc()
				s.mu.Lock()
				hangUp := s.hangUp
				s.mu.Unlock()
				if hangUp != nil {
					hangUp()
				}
			}
		}
	}
}

// track keeps the open connections' sessions, for Shutdown.
func (srv *Server) track(s *Session, open bool) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.sessions == nil {
		srv.sessions = map[*Session]struct{}{}
	}
	if open {
		srv.sessions[s] = struct{}{}
	} else {
		delete(srv.sessions, s)
	}
}
