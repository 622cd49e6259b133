package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"sig/wire"
)

// countConn counts the writes that reach the connection.
type countConn struct {
	net.Conn
	mu     sync.Mutex
	writes int
	got    bytes.Buffer
}

func (c *countConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writes++
	return c.got.Write(p)
}

// TestCorkOneWrite: what is written to a corked connection reaches it in one write, in order,
// when uncorked; uncorked, each write goes through at once.
func TestCorkOneWrite(t *testing.T) {
	under := &countConn{}
	cc := &corkConn{Conn: under}
	cc.Write([]byte("a"))
	if under.writes != 1 {
		t.Fatalf("uncorked: %d writes, want 1", under.writes)
	}
	cc.cork()
	for _, s := range []string{"b", "cd", "e"} {
		if n, err := cc.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("corked write: %d, %v", n, err)
		}
	}
	if under.writes != 1 {
		t.Fatalf("corked: %d writes reached the connection, want none", under.writes-1)
	}
	if err := cc.uncork(); err != nil {
		t.Fatal(err)
	}
	if under.writes != 2 || under.got.String() != "abcde" {
		t.Fatalf("after uncork: %d writes, %q; want 2 and \"abcde\"", under.writes, under.got.String())
	}
	cc.uncork() // nothing held: no write
	if under.writes != 2 {
		t.Fatalf("an empty uncork wrote")
	}
}

// TestMessageWithTheUpgrade: a client that sends its first message in the same packet as the
// upgrade request (the bytes the HTTP server has read past the request) has it answered: the
// connection's smaller reader (corkWriter.Hijack) starts with them.
func TestMessageWithTheUpgrade(t *testing.T) {
	srv := openServer(t, Config{}, "")
	hs := httptest.NewServer(srv.Handler(nil))
	defer hs.Close()
	c, err := net.Dial("tcp", strings.TrimPrefix(hs.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	msg := []byte(`{"v":1,"t":"watch","req":7,"match":"nosuchmatch"}`)
	key := [4]byte{1, 2, 3, 4}
	frame := []byte{0x81, 0x80 | byte(len(msg))} // a final text frame, masked, as a client's are
	frame = append(frame, key[:]...)
	for i, b := range msg {
		frame = append(frame, b^key[i%4])
	}
	req := "GET / HTTP/1.1\r\nHost: " + strings.TrimPrefix(hs.URL, "http://") + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := c.Write(append([]byte(req), frame...)); err != nil { // one write: one packet on loopback
		t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade answered %v, %v", resp, err)
	}
	// Server frames are unmasked; these are short (a 7-bit length, or 126 and 16 bits).
	read := func() wire.ServerMsg {
		t.Helper()
		var h [2]byte
		if _, err := io.ReadFull(br, h[:]); err != nil {
			t.Fatal(err)
		}
		n := int(h[1] & 0x7f)
		if n == 126 {
			var l [2]byte
			io.ReadFull(br, l[:])
			n = int(l[0])<<8 | int(l[1])
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(br, b); err != nil {
			t.Fatal(err)
		}
		var m wire.ServerMsg
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("frame %x %q: %v", h, b, err)
		}
		return m
	}
	if m := read(); m.T != wire.THello {
		t.Fatalf("first message %+v, want hello", m)
	}
	if m := read(); m.T != wire.TRefused || m.Req != 7 || m.Reason != wire.ReasonNoMatch {
		t.Fatalf("the message sent with the upgrade answered %+v, want refused no-match for req 7", m)
	}
}
