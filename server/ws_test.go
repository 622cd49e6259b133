package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"sig/rules/games"
	"sig/wire"
)

// wsLink is a client's WebSocket to a real server on 127.0.0.1.
type wsLink struct {
	c    *websocket.Conn
	msgs chan []byte
}

func dialWS(t testing.TB, url string) *wsLink {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	l := &wsLink{c: c, msgs: make(chan []byte, 4096)}
	go func() {
		defer close(l.msgs)
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				return
			}
			l.msgs <- b
		}
	}()
	t.Cleanup(func() { c.CloseNow() })
	return l
}

func (l *wsLink) sendRaw(b []byte) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	l.c.Write(ctx, websocket.MessageText, b)
}

func (l *wsLink) recv(d time.Duration) ([]byte, bool) {
	select {
	case b, ok := <-l.msgs:
		return b, ok
	case <-time.After(d):
		return nil, false
	}
}

func (l *wsLink) close() { l.c.Close(websocket.StatusNormalClosure, "bye") }

// startWS serves srv's WebSocket endpoint on 127.0.0.1 and returns its ws:// address.
func startWS(t testing.TB, srv *Server) string {
	t.Helper()
	hs := httptest.NewServer(srv.Handler(nil))
	t.Cleanup(hs.Close)
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/"
}

// TestWholeMatchesOverWebSockets plays a whole match of each of the five games between
// scripted clients over real WebSockets on 127.0.0.1, with a spectator following each.
func TestWholeMatchesOverWebSockets(t *testing.T) {
	srv := openServer(t, Config{}, "")
	url := startWS(t, srv)
	mk := func(name string) *player { return newPlayer(t, name, dialWS(t, url)) }
	for i, g := range games.All() {
		n := g.MinPlayers + i%(g.MaxPlayers-g.MinPlayers+1) // two to four, as the games allow
		ps := table(t, g.ID, n, mk)
		watcher := mk("watcher")
		watcher.send(wire.ClientMsg{T: wire.TWatch, Match: ps[0].match})
		watcher.expect(wire.TWatching)
		playOut(t, ps, 60*time.Second)
		watcher.waitSeq(ps[0].last())
		checkSame(t, append(ps, watcher))
		checkFair(t, ps[0].events, 1)
		t.Logf("%s for %d over WebSockets: %d events", g.ID, n, ps[0].last())
	}
}

// TestWebSocketLimits: a page from another site may not connect; an oversized message is
// refused and one far too big closes the connection; a binary frame is refused.
func TestWebSocketLimits(t *testing.T) {
	srv := openServer(t, Config{}, "")
	url := startWS(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a foreign origin: %v, %v", err, resp)
	}

	p := newPlayer(t, "big", dialWS(t, url))
	p.l.sendRaw([]byte(`{"v":1,"t":"emote","emote":"` + strings.Repeat("x", 10000) + `"}`))
	if r := p.expect(wire.TRefused); r.Reason != wire.ReasonTooBig {
		t.Fatalf("a 10 KB message: %+v", r)
	}
	l := p.l.(*wsLink)
	l.c.Write(ctx, websocket.MessageBinary, []byte{1, 2, 3})
	if r := p.expect(wire.TRefused); r.Reason != wire.ReasonBadMessage {
		t.Fatalf("a binary frame: %+v", r)
	}
	l.sendRaw([]byte(strings.Repeat("x", 100<<10)))
	deadline := time.After(10 * time.Second)
	for open := true; open; {
		select {
		case _, open = <-l.msgs: // the reader closes msgs when the connection ends
		case <-deadline:
			t.Fatal("a 100 KB message left the connection open")
		}
	}
}

// TestQuietClientsPinged: the server pings a connection that has sent nothing for the ping
// interval (to learn whether its client is still there), and not one that keeps talking (it
// is): on the old code both were pinged alike, a tenth of the server's processor at 10,000
// players. One ping to the talking client is allowed for a machine that stalls it.
func TestQuietClientsPinged(t *testing.T) {
	srv := openServer(t, Config{pingEvery: 400 * time.Millisecond}, "")
	url := startWS(t, srv)
	var mu sync.Mutex
	pings := map[string]int{}
	dial := func(name string) *websocket.Conn {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{OnPingReceived: func(context.Context, []byte) bool {
			mu.Lock()
			pings[name]++
			mu.Unlock()
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		go func() { // read (and so answer pings) until closed
			for {
				if _, _, err := c.Read(context.Background()); err != nil {
					return
				}
			}
		}()
		return c
	}
	dial("quiet")
	talking := dial("talking")
	msg := wire.EncodeClient(wire.ClientMsg{V: wire.Version, T: wire.TWatch, Match: "nosuchmatch"})
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := talking.Write(ctx, websocket.MessageText, msg)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if pings["quiet"] < 2 {
		t.Errorf("the quiet client was pinged %d times in 2 s, every 400 ms: want at least 2", pings["quiet"])
	}
	if pings["talking"] > 1 {
		t.Errorf("the client talking every 5 ms was pinged %d times: want none (one for a stall)", pings["talking"])
	}
}

// TestDroppedSocketIsAwayAtOnce: a client whose connection ends without a goodbye (a desktop
// game closed, a tab killed: the socket closes with no close frame) is shown away to the
// others as soon as the server reads the end of its stream, not at the next ping, and its
// seat is taken straight back by its key. Pings are set far beyond the wait, so only the
// reader's end can tell.
func TestDroppedSocketIsAwayAtOnce(t *testing.T) {
	srv := openServer(t, Config{pingEvery: time.Hour}, "")
	url := startWS(t, srv)
	ps := table(t, "seega", 2, func(name string) *player { return newPlayer(t, name, dialWS(t, url)) })
	host, guest := ps[0], ps[1]
	waitPresence(t, host, 1, "here")
	step(t, ps, 2)
	host.drain(50 * time.Millisecond)
	if got := presenceOf(host, 1); got != "here" {
		t.Fatalf("before the drop the host sees the guest %q", got)
	}
	began := time.Now()
	guest.l.(*wsLink).c.CloseNow() // the TCP connection ends; no close handshake
	waitPresenceWithin(t, host, 1, "away", 5*time.Second)
	t.Logf("the host saw the dropped guest away after %v", time.Since(began).Round(time.Millisecond))

	back := newPlayer(t, "guest again", dialWS(t, url))
	back.send(wire.ClientMsg{T: wire.TResume, Match: guest.match, Seat: 1, Key: guest.key})
	if j := back.expect(wire.TJoined); j.Seat != 1 {
		t.Fatalf("resuming with the dropped guest's key: %+v", j)
	}
	waitPresence(t, host, 1, "here")
}
