//go:build !js

package online

import (
	"context"
	"errors"
	"fmt"

	"github.com/coder/websocket"
)

// dialPlatform opens a connection with github.com/coder/websocket (desktops, phones, tests).
// The browser build never links it: it pulls in net/http.
func dialPlatform(ctx context.Context, url string) (Conn, error) {
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errDial, err)
	}
	c.SetReadLimit(1 << 20) // a server message is small; a whole replay comes one event a message
	return &wsConn{c: c}, nil
}

type wsConn struct{ c *websocket.Conn }

func (w *wsConn) Read(ctx context.Context) ([]byte, error) {
	for {
		typ, b, err := w.c.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				return nil, &CloseError{Code: int(ce.Code), Reason: ce.Reason}
			}
			return nil, err
		}
		if typ == websocket.MessageText {
			return b, nil
		}
		// The protocol is text only: a binary frame is not for us.
	}
}

func (w *wsConn) Write(ctx context.Context, b []byte) error {
	return w.c.Write(ctx, websocket.MessageText, b)
}

func (w *wsConn) Close() { w.c.Close(websocket.StatusNormalClosure, "") }

// PageServer is the match server of the page this build runs in: none outside a browser.
func PageServer() string { return "" }
