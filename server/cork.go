package server

import (
	"bufio"
	"net"
	"net/http"
	"sync"
)

// The WebSocket library writes each message with a write system call of its own (it flushes
// at the end of every frame). A connection's writer takes every message queued for it at once
// (Session.Take), so the connection is corked while they are written and sent in one write
// when uncorked: one system call for what piled up, not one a message.

// corkConn is a connection that, corked, holds what is written to it until uncork. Every
// write to the connection goes through its lock, so the held bytes and a frame written by
// another goroutine (a pong) never interleave.
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	held   []byte
}

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		c.held = append(c.held, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// cork holds the writes from now on.
func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork sends what was held, in one write.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	if len(c.held) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.held)
	if cap(c.held) > 64<<10 {
		c.held = nil // a burst (a long replay) is not kept for the connection's life
	} else {
		c.held = c.held[:0]
	}
	return err
}

// corkWriter hands the WebSocket library a corkConn when it takes the connection over.
type corkWriter struct {
	http.ResponseWriter
	conn *corkConn
}

func (w *corkWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// The upgrade's answer has gone out with the hijack; what the library writes from now on
	// goes through the cork.
	if err := brw.Writer.Flush(); err != nil {
		conn.Close()
		return nil, nil, err
	}
	w.conn = &corkConn{Conn: conn}
	brw.Writer.Reset(w.conn)
	return w.conn, brw, nil
}
