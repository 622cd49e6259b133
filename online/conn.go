package online

import (
	"context"
	"errors"
	"fmt"
)

// Conn is one WebSocket connection to a match server, carrying the protocol's text messages.
// The browser build's is the page's own WebSocket (conn_js.go); elsewhere it is
// github.com/coder/websocket (conn_ws.go). Read and Write are called from the session's own
// goroutines, never from the game loop.
type Conn interface {
	// Read waits for the next message. When the connection ends it returns an error, a *CloseError
	// when the server said why.
	Read(ctx context.Context) ([]byte, error)
	// Write sends one message.
	Write(ctx context.Context, b []byte) error
	// Close ends the connection (a second Close is harmless).
	Close()
}

// Dialer opens a connection to url (ws:// or wss://).
type Dialer func(ctx context.Context, url string) (Conn, error)

// Dial is the platform's Dialer: the page's WebSocket in the browser, github.com/coder/websocket
// elsewhere (a test wraps it to play a flaky network).
func Dial(ctx context.Context, url string) (Conn, error) { return dialPlatform(ctx, url) }

// CloseError is a connection the other side closed with a WebSocket status and a reason.
type CloseError struct {
	Code   int
	Reason string
}

func (c *CloseError) Error() string {
	return fmt.Sprintf("connection closed (%d %s)", c.Code, c.Reason)
}

// Close statuses the session tells apart.
const (
	// StatusGoingAway: the server is shutting down or restarting; resume on another connection.
	StatusGoingAway = 1001
	// StatusPolicy: the server ended this connection on purpose, such as a newer connection
	// taking the same seat (a reload, another tab); the session does not fight it back.
	StatusPolicy = 1008
)

// errDial marks a connection that could not be opened at all (no server there).
var errDial = errors.New("the match server cannot be reached")
