package server

import (
	"bufio"
	"bytes"
	"io"
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
	// The WebSocket library keeps the reader and writer it is handed for the connection's
	// life: the HTTP server's are 4 KiB each, 80 MB at 10,000 connections. Smaller ones do:
	// a client's messages are at most wire.MaxMessage and mostly under 200 bytes (a bigger
	// one is read in several reads), and the writer only gathers a frame's header and
	// payload on their way to the cork's own buffer (a bigger payload goes through at once).
	// What the client sent after the upgrade request, already read, is carried over.
	extra, _ := brw.Reader.Peek(brw.Reader.Buffered())
	extra = bytes.Clone(extra)
	r := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(extra), w.conn), max(connReadBuf, len(extra)))
	if _, err := r.Peek(len(extra)); err != nil {
		conn.Close()
		return nil, nil, err
	}
	return w.conn, bufio.NewReadWriter(r, bufio.NewWriterSize(w.conn, connWriteBuf)), nil
}

// The buffers of a WebSocket connection (see corkWriter.Hijack).
const (
	connReadBuf  = 1 << 10
	connWriteBuf = 512
)
