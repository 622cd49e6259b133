//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"sig/wire"
)

// netProxy is a site on loopback in front of a sigserver: pages load the game from it and open
// their match connections to its /ws, which it carries to the server's, message by message. It
// can misbehave on purpose, as the server or the network might:
//   - refuse a seat's next move itself, as a server would refuse a move the page thought legal
//     (the page must take the move back: the server never played it);
//   - drop the first event of the replay a seat's next resumed connection carries (the page
//     must notice the gap by the events' numbers and resume again: no move lost).
//
// Everything else passes through unchanged; it never talks to anything but the one server.
type netProxy struct {
	URL    string // the site's address, http://127.0.0.1:PORT/
	target *url.URL

	mu         sync.Mutex
	refuseNext map[int]bool // seats whose next move (not a throw) is refused here
	dropNext   map[int]bool // seats whose next resumed connection loses its first event
	refused    []string     // the moves refused here, "SEAT MOVE"
	dropped    []int64      // the seqs of the events dropped
	resumes    map[int]int  // resumed connections by seat
	blocked    map[int]bool // seats kept off the network: their connections are closed
	turnedAway int          // connections closed so
	ended      map[int]int  // connections ended by seat (the page's or the server's doing)
}

// startProxy serves the proxy for the sigserver at server (http://127.0.0.1:PORT/) until the
// test ends.
func startProxy(t *testing.T, server string) *netProxy {
	t.Helper()
	target, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &netProxy{URL: "http://" + ln.Addr().String() + "/", target: target, refuseNext: map[int]bool{}, dropNext: map[int]bool{}, resumes: map[int]int{}, blocked: map[int]bool{}, ended: map[int]int{}}
	mux := http.NewServeMux()
	mux.Handle("/ws", http.HandlerFunc(p.carry))
	mux.Handle("/", httputil.NewSingleHostReverseProxy(target))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return p
}

// refuseMove makes the proxy refuse seat's next move (a decision; throws pass).
func (p *netProxy) refuseMove(seat int) {
	p.mu.Lock()
	p.refuseNext[seat] = true
	p.mu.Unlock()
}

// dropOnResume makes the proxy drop the first event of seat's next resumed connection.
func (p *netProxy) dropOnResume(seat int) {
	p.mu.Lock()
	p.dropNext[seat] = true
	p.mu.Unlock()
}

// block keeps seat's page off the network (on) or lets it back: while blocked, a connection
// that resumes the seat is closed at once, as a network that is down would end it. (DevTools'
// offline emulation fails a page's new connections too; this holds whatever gets through.)
func (p *netProxy) block(seat int, on bool) {
	p.mu.Lock()
	p.blocked[seat] = on
	p.mu.Unlock()
}

// report is what the proxy did: the moves it refused, the events it dropped, the resumes by
// seat.
func (p *netProxy) report() (refused []string, dropped []int64, resumes map[int]int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := map[int]int{}
	for k, v := range p.resumes {
		r[k] = v
	}
	return append([]string(nil), p.refused...), append([]int64(nil), p.dropped...), r
}

// endedFor is how many of seat's connections have ended.
func (p *netProxy) endedFor(seat int) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ended[seat]
}

// carry joins a page's WebSocket to one of its own to the server and passes the messages
// between them until either side ends.
func (p *netProxy) carry(w http.ResponseWriter, r *http.Request) {
	page, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	defer page.CloseNow()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	ws := *p.target
	ws.Scheme, ws.Path = "ws", "/ws"
	srv, _, err := websocket.Dial(ctx, ws.String(), nil)
	if err != nil {
		page.Close(websocket.StatusTryAgainLater, "the server cannot be reached")
		return
	}
	defer srv.CloseNow()
	page.SetReadLimit(1 << 20)
	srv.SetReadLimit(1 << 20)

	var (
		mu      sync.Mutex
		seat    = -2    // the seat this connection plays, once known (-1: a spectator)
		resumed = false // the connection resumed a seat
		drop    = false // its first event is to be dropped
	)
	defer func() {
		mu.Lock()
		s := seat
		mu.Unlock()
		p.mu.Lock()
		p.ended[s]++
		p.mu.Unlock()
	}()
	// The page's messages to the server.
	go func() {
		defer cancel()
		for {
			typ, b, err := page.Read(ctx)
			if err != nil {
				return
			}
			var m wire.ClientMsg
			if json.Unmarshal(b, &m) == nil {
				switch m.T {
				case wire.TResume:
					p.mu.Lock()
					if p.blocked[m.Seat] {
						p.turnedAway++
						p.mu.Unlock()
						page.Close(websocket.StatusTryAgainLater, "the network is down")
						return
					}
					p.resumes[m.Seat]++
					d := p.dropNext[m.Seat]
					delete(p.dropNext, m.Seat)
					p.mu.Unlock()
					mu.Lock()
					seat, resumed, drop = m.Seat, true, d
					mu.Unlock()
				case wire.TMove:
					mu.Lock()
					s := seat
					mu.Unlock()
					p.mu.Lock()
					refuse := p.refuseNext[s] && !strings.HasPrefix(m.Move, "throw")
					if refuse {
						delete(p.refuseNext, s)
						p.refused = append(p.refused, fmt.Sprintf("%d %s", s, m.Move))
					}
					p.mu.Unlock()
					if refuse {
						no := wire.ServerMsg{V: wire.Version, T: wire.TRefused, Req: m.Req, Reason: wire.ReasonIllegal, Text: "refused by the test's proxy"}
						b, _ := json.Marshal(no)
						if page.Write(ctx, websocket.MessageText, b) != nil {
							return
						}
						continue
					}
				}
			}
			if srv.Write(ctx, typ, b) != nil {
				return
			}
		}
	}()
	// The server's messages to the page.
	for {
		typ, b, err := srv.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				page.Close(ce.Code, ce.Reason)
			}
			return
		}
		var m wire.ServerMsg
		if json.Unmarshal(b, &m) == nil {
			mu.Lock()
			switch {
			case m.T == wire.TCreated || m.T == wire.TJoined:
				seat = m.Seat
			case m.T == wire.TWatching:
				seat = -1
			case m.T == wire.TEvent && m.Event != nil && resumed && drop:
				drop = false
				mu.Unlock()
				p.mu.Lock()
				p.dropped = append(p.dropped, m.Event.Seq)
				p.mu.Unlock()
				continue
			}
			mu.Unlock()
		}
		if page.Write(ctx, typ, b) != nil {
			return
		}
	}
}
