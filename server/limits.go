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

// addresses keeps what each client address has used: the messages of all its connections
// (one bucket, however many connections it opens).
type addresses struct {
	mu      sync.Mutex
	buckets map[string]*bucket
}

// allow takes a message's token from addr's bucket.
func (a *addresses) allow(addr string, rate, burst float64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.buckets == nil {
		a.buckets = map[string]*bucket{}
	}
	b := a.buckets[addr]
	if b == nil {
		nb := newBucket(burst)
		b = &nb
		a.buckets[addr] = b
	}
	return b.take(rate, burst)
}

// tidy forgets the addresses whose buckets have filled up again.
func (a *addresses) tidy(rate, burst float64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for addr, b := range a.buckets {
		if b.full(rate, burst) {
			delete(a.buckets, addr)
		}
	}
}
