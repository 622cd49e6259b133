package server

import (
	"bytes"
	"net"
	"sync"
	"testing"
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
