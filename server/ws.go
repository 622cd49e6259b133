package server

import (
	"context"
	"errors"
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
	pingEvery = 25 * time.Second
)

// Handler is the WebSocket endpoint. origins are the host patterns (path.Match syntax, such as
// "example.org" or "*.example.org") whose pages may connect besides the server's own host.
func (srv *Server) Handler(origins []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: origins})
		if err != nil {
			// Accept has answered (403 for a foreign origin, 400 for a bad upgrade).
			srv.met.refusals.WithLabelValues("upgrade").Inc()
			srv.log.Info("websocket refused", "remote", r.RemoteAddr, "origin", r.Header.Get("Origin"), "err", err)
			return
		}
		c.SetReadLimit(readLimit)
		srv.serve(c, r.RemoteAddr)
	})
}

// serve runs one connection: this goroutine reads, another writes.
func (srv *Server) serve(c *websocket.Conn, remote string) {
	s := srv.NewSession(remote)
	srv.track(s, true)
	defer srv.track(s, false)
	ctx, cancel := context.WithCancel(srv.ctx)
	defer cancel()
	written := make(chan struct{})
	go func() {
		defer close(written)
		srv.write(ctx, c, s)
	}()
	for {
		typ, b, err := c.Read(ctx)
		if err != nil {
			break
		}
		if typ != websocket.MessageText {
			s.refuse(0, wire.Refuse(wire.ReasonBadMessage, "messages are JSON text, not binary"))
			continue
		}
		s.Handle(ctx, b)
	}
	s.Close()
	cancel()
	<-written
	c.CloseNow()
}

// write sends what the session queues, pings a quiet client, and closes the connection with
// the reason when the session ends.
func (srv *Server) write(ctx context.Context, c *websocket.Conn, s *Session) {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	flush := func() error {
		for _, b := range s.Take() {
			wctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := c.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				return err
			}
		}
		return nil
	}
	for {
		select {
		case <-s.Ready():
			if flush() != nil {
				c.CloseNow()
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := c.Ping(pctx)
			cancel()
			if err != nil && !errors.Is(err, context.Canceled) {
				c.CloseNow()
				return
			}
		case <-s.Done():
			flush()
			status := websocket.StatusPolicyViolation
			if srv.ctx.Err() != nil {
				status = websocket.StatusGoingAway
			}
			c.Close(status, s.Why())
			return
		case <-ctx.Done():
			if srv.ctx.Err() != nil {
				flush()
				c.Close(websocket.StatusGoingAway, "the server is shutting down")
			}
			return
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
