package online

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"sig/server"
	"sig/wire"
)

// busyDialer connects to the real server, but answers the first resume it carries itself,
// refused busy with a time to wait, as a server just restarted does while it reads its matches
// back (server.load); everything else goes through.
type busyDialer struct {
	retry   time.Duration
	mu      sync.Mutex
	busy    bool        // the busy answer was given
	resumes []time.Time // when each resume was sent
	last    *busyConn
}

func (d *busyDialer) dial(ctx context.Context, url string) (Conn, error) {
	c, err := dialPlatform(ctx, url)
	if err != nil {
		return nil, err
	}
	bc := &busyConn{Conn: c, d: d, in: make(chan []byte, 64), lost: make(chan error, 1), fake: make(chan []byte, 1)}
	go func() {
		for {
			b, err := c.Read(context.Background())
			if err != nil {
				bc.lost <- err
				return
			}
			bc.in <- b
		}
	}()
	d.mu.Lock()
	d.last = bc
	d.mu.Unlock()
	return bc, nil
}

type busyConn struct {
	Conn
	d    *busyDialer
	in   chan []byte
	lost chan error
	fake chan []byte
}

func (c *busyConn) Write(ctx context.Context, b []byte) error {
	var m wire.ClientMsg
	if json.Unmarshal(b, &m) == nil && m.T == wire.TResume {
		c.d.mu.Lock()
		c.d.resumes = append(c.d.resumes, time.Now())
		answer := !c.d.busy
		c.d.busy = true
		c.d.mu.Unlock()
		if answer {
			c.fake <- wire.Encode(wire.ServerMsg{T: wire.TRefused, Req: m.Req, Reason: wire.ReasonBusy,
				Text: "the match is still being read from the store; try again", Retry: c.d.retry.Milliseconds()})
			return nil
		}
	}
	return c.Conn.Write(ctx, b)
}

func (c *busyConn) Read(ctx context.Context) ([]byte, error) {
	select {
	case b := <-c.fake:
		return b, nil
	case b := <-c.in:
		return b, nil
	case err := <-c.lost:
		return nil, err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// TestResumeWhenBusy: a resume answered busy with a time to wait (a server reading its matches
// back after a restart) does not end the session: it says it is reconnecting, resumes again
// no sooner than it was told (its own pause is far shorter), takes its seat back, and the game
// ends with both players holding the same history.
func TestResumeWhenBusy(t *testing.T) {
	url := startServer(t, server.Config{})
	d := &busyDialer{retry: 600 * time.Millisecond}
	host := newBot(t, "host", Config{URL: url})
	host.s.Create("es-sig", people(2))
	until(t, 10*time.Second, []*bot{host}, false, "created", func() bool { return host.created.Match != "" })
	inv := host.created.Invites[0]
	guest := newBot(t, "guest", Config{URL: url, Dial: d.dial, Backoff: 50 * time.Millisecond, MaxBackoff: 100 * time.Millisecond})
	guest.s.Join(host.created.Match, inv.Seat, inv.Secret)
	bots := []*bot{host, guest}
	until(t, 10*time.Second, bots, false, "joined", func() bool { return guest.joined.Match != "" })
	host.s.Start()
	until(t, 20*time.Second, bots, true, "a few moves", func() bool { return len(guest.events) > 8 })
	d.mu.Lock()
	d.last.Conn.Close() // the connection is lost: the guest resumes
	d.mu.Unlock()
	until(t, 60*time.Second, bots, true, "the game's end", func() bool { return host.over() && guest.over() })
	sameHistory(t, bots)
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.resumes) < 2 {
		t.Fatalf("%d resumes sent: want the one answered busy, then another", len(d.resumes))
	}
	if gap := d.resumes[1].Sub(d.resumes[0]); gap < d.retry {
		t.Errorf("resumed again %v after the busy answer, told to wait %v", gap, d.retry)
	}
	if !hasStatus(guest.status, Reconnecting) || hasStatus(guest.status, Closed) && !guest.over() {
		t.Fatalf("the guest's statuses %v: want reconnecting, and not closed", guest.status)
	}
}
