//go:build js

package online

import (
	"context"
	"errors"
	"strings"
	"sync"
	"syscall/js"
)

// dialPlatform opens the page's own WebSocket through syscall/js: a few kilobytes of code,
// where a Go WebSocket library would link net/http (about half a megabyte) into the download.
func dialPlatform(ctx context.Context, url string) (c Conn, err error) {
	defer func() {
		// new WebSocket throws on a malformed URL or a blocked port.
		if r := recover(); r != nil {
			c, err = nil, errDial
		}
	}()
	ctor := js.Global().Get("WebSocket")
	if ctor.IsUndefined() {
		return nil, errDial
	}
	jc := &jsConn{ws: ctor.New(url), open: make(chan struct{}), done: make(chan struct{}), wake: make(chan struct{}, 1)}
	jc.funcs = []js.Func{
		js.FuncOf(func(js.Value, []js.Value) any {
			close(jc.open)
			return nil
		}),
		js.FuncOf(func(_ js.Value, a []js.Value) any {
			if d := a[0].Get("data"); d.Type() == js.TypeString {
				jc.mu.Lock()
				jc.in = append(jc.in, []byte(d.String()))
				jc.mu.Unlock()
				select {
				case jc.wake <- struct{}{}:
				default:
				}
			}
			return nil
		}),
		js.FuncOf(func(_ js.Value, a []js.Value) any {
			jc.mu.Lock()
			if jc.why == nil {
				jc.why = &CloseError{Code: a[0].Get("code").Int(), Reason: a[0].Get("reason").String()}
			}
			jc.mu.Unlock()
			jc.finish()
			return nil
		}),
	}
	// A page that goes offline (a phone losing its signal; DevTools' offline emulation) can keep
	// its socket open and silent for minutes: the browser says so at once, and the socket ends
	// then, so that the session shows it is reconnecting and resumes when it can.
	jc.funcs = append(jc.funcs, js.FuncOf(func(js.Value, []js.Value) any {
		jc.mu.Lock()
		if jc.why == nil {
			jc.why = &CloseError{Code: 1006, Reason: "offline"}
		}
		jc.mu.Unlock()
		jc.finish()
		return nil
	}))
	jc.ws.Set("onopen", jc.funcs[0])
	jc.ws.Set("onmessage", jc.funcs[1])
	jc.ws.Set("onclose", jc.funcs[2])
	js.Global().Call("addEventListener", "offline", jc.funcs[3])
	select {
	case <-jc.open:
		return jc, nil
	case <-jc.done:
		jc.Close()
		return nil, errDial
	case <-ctx.Done():
		select {
		case <-jc.open:
			return jc, nil // it opened as time ran out: both were waiting for the page
		default:
		}
		jc.Close()
		return nil, errDial
	}
}

// jsConn is a browser WebSocket. Its callbacks run on the page's event loop and only queue
// what arrived; Read takes it on the session's goroutine.
type jsConn struct {
	ws    js.Value
	funcs []js.Func
	open  chan struct{}
	done  chan struct{}
	wake  chan struct{}
	once  sync.Once
	mu    sync.Mutex
	in    [][]byte
	why   *CloseError
}

func (c *jsConn) finish() { c.once.Do(func() { close(c.done) }) }

func (c *jsConn) Read(ctx context.Context) ([]byte, error) {
	for {
		c.mu.Lock()
		if len(c.in) > 0 {
			b := c.in[0]
			c.in = c.in[1:]
			c.mu.Unlock()
			return b, nil
		}
		why := c.why
		c.mu.Unlock()
		select {
		case <-c.done:
			c.mu.Lock()
			more := len(c.in) > 0
			c.mu.Unlock()
			if more {
				continue
			}
			if why == nil {
				c.mu.Lock()
				why = c.why
				c.mu.Unlock()
			}
			if why != nil {
				return nil, why
			}
			return nil, errors.New("connection closed")
		case <-c.wake:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (c *jsConn) Write(_ context.Context, b []byte) (err error) {
	select {
	case <-c.done:
		return errors.New("connection closed")
	default:
	}
	defer func() {
		if recover() != nil {
			err = errors.New("the WebSocket refused to send")
		}
	}()
	c.ws.Call("send", string(b))
	return nil
}

func (c *jsConn) Close() {
	func() {
		defer func() { recover() }()
		c.ws.Set("onopen", js.Null())
		c.ws.Set("onmessage", js.Null())
		c.ws.Set("onclose", js.Null())
		if len(c.funcs) > 3 {
			js.Global().Call("removeEventListener", "offline", c.funcs[3])
		}
		c.ws.Call("close", 1000)
	}()
	c.mu.Lock()
	if c.why == nil {
		c.why = &CloseError{Code: 1000, Reason: "closed here"}
	}
	c.mu.Unlock()
	c.finish()
	for _, f := range c.funcs {
		f.Release()
	}
	c.funcs = nil
}

// PageServer is the match server of the page this build runs in: the same host, ws:// or
// wss:// as the page is http:// or https://, path /ws. Empty when there is no page location.
func PageServer() (url string) {
	defer func() {
		if recover() != nil {
			url = ""
		}
	}()
	loc := js.Global().Get("location")
	if loc.IsUndefined() {
		return ""
	}
	host := loc.Get("host").String()
	if host == "" {
		return ""
	}
	scheme := "ws://"
	if strings.HasPrefix(loc.Get("protocol").String(), "https") {
		scheme = "wss://"
	}
	return scheme + host + "/ws"
}
