package server

import (
	"net"
	"sync"
	"time"
)

// bucket is a token bucket: rate tokens a second, at most burst at once.
type bucket struct {
	tokens   float64
	lastFill time.Time
}

func newBucket(burst float64) bucket { return bucket{tokens: burst, lastFill: time.Now()} }

// take takes a token if there is one.
func (b *bucket) take(rate, burst float64) bool {
	now := time.Now()
	b.tokens = min(b.tokens+now.Sub(b.lastFill).Seconds()*rate, burst)
	b.lastFill = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// has reports whether a token is there, taking none.
func (b *bucket) has(rate, burst float64) bool {
	now := time.Now()
	b.tokens = min(b.tokens+now.Sub(b.lastFill).Seconds()*rate, burst)
	b.lastFill = now
	return b.tokens >= 1
}

// full reports whether the bucket has filled up again (nothing owed).
func (b *bucket) full(rate, burst float64) bool {
	return b.tokens+time.Since(b.lastFill).Seconds()*rate >= burst
}

// addrOf is the address part of a remote "host:port" (the whole of it if it has no port).
func addrOf(remote string) string {
	if h, _, err := net.SplitHostPort(remote); err == nil {
		return h
	}
	return remote
}

// limited is the client address whose limits a connection from remote counts against, or ""
// for none: a loopback peer is a reverse proxy on the same machine (all its players are one
// address) or a local test, unless Config.LimitLoopback.
func (srv *Server) limited(remote string) string {
	addr := addrOf(remote)
	if ip := net.ParseIP(addr); !srv.cfg.LimitLoopback && (addr == "localhost" || ip != nil && ip.IsLoopback()) {
		return ""
	}
	return addr
}

// addresses keeps what each client address has used, whatever connection it came on: its
// messages, matches created and failed guesses (each a bucket), and its connections open.
type addresses struct {
	mu      sync.Mutex
	buckets map[addrUse]*addrBucket
	conns   map[string]int
}

// addrUse is one address's use of one thing.
type addrUse struct{ addr, what string }

type addrBucket struct {
	bucket
	rate, burst float64
}

// allow takes a token from addr's bucket of what (rate a second, burst at once).
func (a *addresses) allow(addr, what string, rate, burst float64) bool {
	if addr == "" {
		return true
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.get(addr, what, rate, burst).take(rate, burst)
}

// left reports whether addr's bucket of what has a token, without taking it.
func (a *addresses) left(addr, what string, rate, burst float64) bool {
	if addr == "" {
		return true
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.get(addr, what, rate, burst).has(rate, burst)
}

func (a *addresses) get(addr, what string, rate, burst float64) *addrBucket {
	if a.buckets == nil {
		a.buckets = map[addrUse]*addrBucket{}
	}
	k := addrUse{addr, what}
	b := a.buckets[k]
	if b == nil {
		b = &addrBucket{bucket: newBucket(burst), rate: rate, burst: burst}
		a.buckets[k] = b
	}
	return b
}

// open counts a connection of addr, unless it has max open already.
func (a *addresses) open(addr string, max int) bool {
	if addr == "" {
		return true
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.conns == nil {
		a.conns = map[string]int{}
	}
	if a.conns[addr] >= max {
		return false
	}
	a.conns[addr]++
	return true
}

// closed counts a connection of addr gone.
func (a *addresses) closed(addr string) {
	if addr == "" {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.conns[addr]--; a.conns[addr] <= 0 {
		delete(a.conns, addr)
	}
}

// tidy forgets the buckets that have filled up again.
func (a *addresses) tidy() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for k, b := range a.buckets {
		if b.full(b.rate, b.burst) {
			delete(a.buckets, k)
		}
	}
}
