// Package server is Sig's match server: it keeps matches between players on different
// devices, checks every move with the same rules packages as the app, throws every stick
// itself, and keeps every event in NATS JetStream (an embedded server on a data folder, or an
// external cluster shared by several server processes).
//
// One goroutine owns a match's state at a time (match.run); the match's stream of events is the
// truth, and its state is what replaying the stream gives. Clients speak the protocol of package
// sig/wire over WebSockets (Handler); every message is size-limited, rate-limited, decoded into a
// type and refused with a named reason when it does not fit.
//
// The game never imports this package (it pulls in NATS and Prometheus).
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sig/rules/games"
	"sig/wire"
)

// Config sets up a Server.
type Config struct {
	Store *Store
	// Away is how long a seat's player must have been gone before the others may choose the
	// computer or the end for it (default 3 minutes).
	Away time.Duration
	// Idle is how long a match with nobody connected stays in memory (default 1 minute).
	Idle time.Duration
	// JoinRetry is how long after a seat is taken by invite the same invite, sent again while
	// no connection holds the seat, is answered with the same key (default 10 minutes): a
	// player whose answer was lost asks again and gets it.
	JoinRetry time.Duration
	// Thinkers is how many computer searches run at once (default: the processors).
	Thinkers int
	// ThinkLimit caps one computer move's search (default 1 s).
	ThinkLimit time.Duration
	// Rate is how many messages a second one connection may send, Burst how many at once
	// (defaults 10 and 20: far more than a person needs). The same holds for a seat, however
	// many connections it comes back on.
	Rate, Burst float64
	// AddrRate and AddrBurst are the same for all the connections of one client address
	// together (defaults 5 Rate and 5 Burst: a household or a classroom behind one address;
	// sigserver's -addr-rate gives ten times the rate at once).
	AddrRate, AddrBurst float64
	// AddrConns is how many connections one client address may hold open (default 64);
	// AddrCreates how many matches it may create a minute (default 20), AddrGuesses how many
	// wrong invites, codes or keys it may send a minute (default 30): past them, refused.
	AddrConns                int
	AddrCreates, AddrGuesses float64
	// LimitLoopback counts loopback peers against the limits per address too (by default
	// they are not: a reverse proxy on the same machine is one address for all its players).
	LimitLoopback bool
	// CodeTTL is how long a short code opens its seat after the match is created (default
	// 24 hours); the invite's secret and a seat's key do not expire.
	CodeTTL time.Duration
	// Emotes is how many emotes a seat may show in one game (default 50); the match stores
	// every event, so an emote is kept for as long as its match.
	Emotes int
	// Heartbeat is how often this process tells the others sharing the store that it is
	// alive (default 1 s); one silent for three is taken as gone, with its players.
	Heartbeat time.Duration
	Log       *slog.Logger
	Metrics   *Metrics
	// warmHold is how long a request waits for its match while the store's start-up reading
	// runs (default warmHold).
	warmHold time.Duration
	// pingEvery is how often a quiet connection is pinged (default pingEvery).
	pingEvery time.Duration
}

// Server keeps the matches this process serves.
type Server struct {
	cfg   Config
	proc  string // this process's name among the servers sharing the store
	st    *Store
	log   *slog.Logger
	met   *Metrics
	think chan struct{}

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// On a shared store (presence.go): what NATS delivers, the subscriptions' matches, and when
	// each other process was last heard from.
	inbound chan *nats.Msg
	subs    sync.Map // *nats.Subscription → *match
	aliveMu sync.Mutex
	alive   map[string]time.Time
	started time.Time

	// computerMoves counts the computer's throws and searches this process started (a cluster
	// test checks that only one process plays a match's computer seats).
	computerMoves atomic.Int64

	addrs addresses // what each client address has used

	mu       sync.Mutex
	matches  map[string]*match
	loading  map[string]*loadCall  // matches being read from the store
	queue    map[string]*Session   // quick match: the stranger waiting, per game
	sessions map[*Session]struct{} // WebSocket connections open
}

// New starts a server over cfg.Store. Close stops it.
func New(cfg Config) *Server {
	if cfg.Away <= 0 {
		cfg.Away = 3 * time.Minute
	}
	if cfg.Idle <= 0 {
		cfg.Idle = time.Minute
	}
	if cfg.JoinRetry <= 0 {
		cfg.JoinRetry = 10 * time.Minute
	}
	if cfg.Thinkers <= 0 {
		cfg.Thinkers = runtime.NumCPU()
	}
	if cfg.ThinkLimit <= 0 {
		cfg.ThinkLimit = time.Second
	}
	if cfg.Rate <= 0 {
		cfg.Rate = 10
	}
	if cfg.Burst < 1 {
		cfg.Burst = 20
	}
	if cfg.AddrRate <= 0 {
		cfg.AddrRate = 5 * cfg.Rate
	}
	if cfg.AddrBurst < 1 {
		cfg.AddrBurst = 5 * cfg.Burst
	}
	if cfg.AddrConns <= 0 {
		cfg.AddrConns = 64
	}
	if cfg.AddrCreates <= 0 {
		cfg.AddrCreates = 20
	}
	if cfg.AddrGuesses <= 0 {
		cfg.AddrGuesses = 30
	}
	if cfg.CodeTTL <= 0 {
		cfg.CodeTTL = 24 * time.Hour
	}
	if cfg.Emotes <= 0 {
		cfg.Emotes = 50
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics(nil)
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = time.Second
	}
	if cfg.warmHold <= 0 {
		cfg.warmHold = warmHold
	}
	if cfg.pingEvery <= 0 {
		cfg.pingEvery = pingEvery
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv := &Server{
		cfg: cfg, proc: newSecret()[:10], st: cfg.Store, log: cfg.Log, met: cfg.Metrics, think: make(chan struct{}, cfg.Thinkers),
		started: time.Now(), ctx: ctx, cancel: cancel, matches: map[string]*match{}, loading: map[string]*loadCall{}, queue: map[string]*Session{},
	}
	if err := srv.startShared(); err != nil {
		// Only a closed connection refuses a subscription: the store's checks report it.
		srv.log.Error("listening to the other servers", "err", err)
	}
	srv.wg.Add(1)
	go srv.sweep()
	if done := srv.st.warmDone; done != nil {
		go func() {
			<-done // it always ends (it has a deadline of its own)
			srv.met.startupRead.Set(srv.st.warmTook.Seconds())
		}()
	}
	return srv
}

// Close stops every match goroutine (what they stored stays stored), closes the WebSocket
// connections as "going away" (clients reconnect and resume), and waits for the matches.
func (srv *Server) Close() {
	srv.cancel()
	srv.wg.Wait()
}

// secretBytes is the length of match ids, seat secrets and keys: 128 bits from crypto/rand.
const secretBytes = 16

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// newSecret is 128 random bits, spelled in lower-case base32 (26 letters and digits).
func newSecret() string {
	b := make([]byte, secretBytes)
	rand.Read(b)
	return strings.ToLower(b32.EncodeToString(b))
}

// codeAlphabet spells short codes: no 0/O, 1/I/L, or letters that read as others aloud.
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// newCode is a short code to read aloud: 8 symbols of 31, each as likely as the others (8 log2
// 31, about 39.6 bits), shown as ABCD-EFGH.
func newCode() string {
	var sb strings.Builder
	var b [1]byte
	for n := 0; n < 8; {
		rand.Read(b[:])
		if int(b[0]) >= 256/len(codeAlphabet)*len(codeAlphabet) {
			continue // the bytes above the last whole multiple of 31 would favour some symbols
		}
		if n == 4 {
			sb.WriteByte('-')
		}
		sb.WriteByte(codeAlphabet[int(b[0])%len(codeAlphabet)])
		n++
	}
	return sb.String()
}

// checkIDs refuses, before the store is asked, a match id or a code that no match can have: the
// store's keys allow fewer characters than a message carries, and a key it cannot read is no
// outage.
func checkIDs(msg wire.ClientMsg) *wire.Refusal {
	if msg.Match != "" && strings.Trim(msg.Match, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
		return wire.Refuse(wire.ReasonBadField, "match %q: a match id is lower-case letters and digits", msg.Match)
	}
	if c := normCode(msg.Code); msg.Code != "" && (len(c) != 9 || strings.Trim(c[:4]+c[5:], codeAlphabet) != "") {
		return wire.Refuse(wire.ReasonBadField, "code %q: a code is 8 of %s (a dash or space in the middle may be left out)", msg.Code, codeAlphabet)
	}
	return nil
}

// normCode reads a code as a person typed it: any case, with or without the dash or spaces.
func normCode(c string) string {
	c = strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(c))
	if len(c) != 8 {
		return c
	}
	return c[:4] + "-" + c[4:]
}

// hashSecret is what the store keeps of a secret.
func hashSecret(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// sameSecret compares a secret with a stored hash in constant time.
func sameSecret(secret, hash string) bool {
	return hash != "" && subtle.ConstantTimeCompare([]byte(hashSecret(secret)), []byte(hash)) == 1
}

// meta is what the bucket keeps of a match: the secrets, never sent to anyone.
type meta struct {
	Game    string     `json:"game"`
	Players int        `json:"players"`
	Seats   []seatMeta `json:"seats"`
	Rounds  []string   `json:"rounds,omitempty"` // each round's throw secret, hex
}

type seatMeta struct {
	Kind   wire.SeatKind `json:"kind"`
	Level  string        `json:"level,omitempty"`
	Invite string        `json:"invite,omitempty"` // hash of the invite secret
	Code   string        `json:"code,omitempty"`   // hash of the short code
	Key    string        `json:"key,omitempty"`    // hash of the key, once the seat is taken
	// Salt makes the key of a seat taken by invite (seatKey), so that the same invite sent
	// again gets the same key; Taken is when (Unix seconds).
	Salt  string `json:"salt,omitempty"`
	Taken int64  `json:"taken,omitempty"`
	// Box is the short code sealed with the invite secret (sealCode): a join by link opens it,
	// so that the link and the code of one seat give the same key.
	Box string `json:"box,omitempty"`
}

// sealCode seals a seat's code with its invite secret (and opens it again: the same XOR).
func sealCode(secret, code string) string {
	h := sha256.Sum256([]byte("sig code box\x00" + secret))
	b := []byte(code)
	for i := range b {
		b[i] ^= h[i%len(h)]
	}
	return hex.EncodeToString(b)
}

// codeOf is the code of seat sm opened with the invite secret ("" where the seat keeps no
// sealed code, or secret is not its secret).
func (sm *seatMeta) codeOf(secret string) string {
	b, err := hex.DecodeString(sm.Box)
	if err != nil || sm.Box == "" {
		return ""
	}
	code, err := hex.DecodeString(sealCode(secret, string(b)))
	if err != nil || !sameSecret(string(code), sm.Code) {
		return ""
	}
	return string(code)
}

// seatKey is the key of a seat taken with invite (its secret or its code): 128 bits that follow
// from the invite and the seat's salt, which never leaves the server.
func seatKey(salt, invite string) string {
	h := sha256.Sum256([]byte("sig seat key\x00" + salt + "\x00" + invite))
	return strings.ToLower(b32.EncodeToString(h[:secretBytes]))
}

// create opens a match for s, which takes seat 0.
func (srv *Server) create(ctx context.Context, s *Session, msg wire.ClientMsg) (*match, *wire.Refusal) {
	g, ok := games.Lookup(msg.Game)
	if !ok {
		return nil, wire.Refuse(wire.ReasonBadField, "unknown game %q: one of %s", msg.Game, strings.Join(games.IDs(), ", "))
	}
	if _, err := g.New(msg.Players); err != nil {
		return nil, wire.Refuse(wire.ReasonBadField, "%v", err)
	}
	id := newSecret()
	md := &meta{Game: g.ID, Players: msg.Players}
	var invites []wire.Invite
	for i, sp := range msg.Seats {
		sm := seatMeta{Kind: sp.Kind, Level: sp.Level}
		if sp.Kind == wire.Person && i > 0 {
			inv := wire.Invite{Seat: i, Secret: newSecret(), Code: newCode()}
			sm.Invite, sm.Code, sm.Box = hashSecret(inv.Secret), hashSecret(inv.Code), sealCode(inv.Secret, inv.Code)
			if err := srv.st.putCode(ctx, inv.Code, codeEntry{Match: id, Seat: i, At: time.Now().Unix()}); err != nil {
				return nil, srv.busy(err)
			}
			invites = append(invites, inv)
		}
		md.Seats = append(md.Seats, sm)
	}
	key := newSecret()
	md.Seats[0].Key = hashSecret(key)
	rev, err := srv.st.putMeta(ctx, id, md, 0)
	if err != nil {
		return nil, srv.busy(err)
	}
	m, r := srv.loadNew(ctx, id, md, rev)
	if r != nil {
		return nil, r
	}
	m.send(cmd{s: s, msg: msg, create: &created{key: key, invites: invites}, held: true})
	srv.met.created.Inc()
	return m, nil
}

type created struct {
	key     string
	invites []wire.Invite
}

// busy is the refusal when the store fails.
func (srv *Server) busy(err error) *wire.Refusal {
	srv.log.Warn("store", "err", err)
	return wire.Refuse(wire.ReasonBusy, "the match store is not answering; try again")
}

// load finds the match in memory or loads it from the store, and holds it against unloading
// until the caller's command reaches it (match.send).
//
// The reading runs on its own (read), so that a request that gives up leaves it going: every
// request for the match waits for the same reading, and one that arrives after it has ended
// finds the match in memory. While the store's start-up reading runs (after a restart, with
// thousands of players resuming at once), a request waits up to warmHold, and is then answered
// busy with the time the reading should take yet to reach its match (retry), so that its player
// comes back then rather than knock again and again.
func (srv *Server) load(ctx context.Context, id string) (*match, *wire.Refusal) {
	for {
		srv.mu.Lock()
		if m, ok := srv.matches[id]; ok {
			m.pending++
			srv.mu.Unlock()
			return m, nil
		}
		l, ok := srv.loading[id]
		if !ok {
			l = &loadCall{done: make(chan struct{})}
			srv.loading[id] = l
			go func() {
				r := srv.read(id)
				srv.mu.Lock()
				delete(srv.loading, id)
				srv.mu.Unlock()
				l.r = r
				close(l.done)
			}()
		}
		srv.mu.Unlock()
		wait, cancel := ctx, context.CancelFunc(func() {})
		if srv.st.warming() {
			// Held, a request waits parked and costs next to nothing; answered busy, its player
			// would knock again with a new connection, the upgrades of which take most of a
			// restarted server's processor (BENCHMARKS.md, "The match server under load and
			// under abuse"): so it is held longer than usual.
			wait, cancel = context.WithTimeout(srv.ctx, srv.cfg.warmHold)
		}
		select {
		case <-l.done:
			cancel()
			if l.r != nil {
				return nil, l.r
			}
			// In memory now: take it (and hold it) as any request does.
		case <-wait.Done():
			cancel()
			r := wire.Refuse(wire.ReasonBusy, "the match is still being read from the store; try again")
			r.Retry = retryAfter(srv.st.warmEstimate(id)).Milliseconds()
			return nil, r
		}
	}
}

// warmHold is how long a request waits by default for its match while the store's start-up
// reading runs: the reading of a 10,000-player server's stream takes a few seconds.
const warmHold = 20 * time.Second

// retryAfter is the pause a busy answer asks for, given an estimate of the wait (negative: no
// estimate): at least half a second, at most half a minute.
func retryAfter(estimate time.Duration) time.Duration {
	if estimate < 0 {
		return 2 * time.Second
	}
	return min(max(estimate, 500*time.Millisecond), 30*time.Second)
}

// loadCall is a match being read from the store, which every request for it waits for.
type loadCall struct {
	done chan struct{}
	r    *wire.Refusal // why it failed, nil once it is in memory
}

// read reads a match from the store and puts it in memory. It does not give up with the request
// that asked for it (a long match takes a while to read on a busy machine, and a request that
// gave up would leave the next to start over): it has its own, longer deadline.
func (srv *Server) read(id string) *wire.Refusal {
	ctx, cancel := context.WithTimeout(srv.ctx, readTimeout)
	defer cancel()
	md, rev, err := srv.st.getMeta(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return wire.Refuse(wire.ReasonNoMatch, "no match %q", id)
	}
	if err != nil {
		return srv.busy(err)
	}
	_, r := srv.install(ctx, newMatch(srv, id, md, rev), false, false)
	return r
}

// readTimeout bounds reading one match from the store.
const readTimeout = 2 * time.Minute

// loadNew puts a match just created (with no events yet) in memory.
func (srv *Server) loadNew(ctx context.Context, id string, md *meta, rev uint64) (*match, *wire.Refusal) {
	return srv.install(ctx, newMatch(srv, id, md, rev), true, true)
}

// install opens m and runs it, unless another request loaded the same match meanwhile; hold
// holds it for the caller's command (match.send).
func (srv *Server) install(ctx context.Context, m *match, fresh, hold bool) (*match, *wire.Refusal) {
	id := m.id
	if err := m.open(ctx, fresh); err != nil {
		m.close()
		return nil, srv.busy(err)
	}
	srv.mu.Lock()
	if other, ok := srv.matches[id]; ok { // loaded meanwhile by another request
		if hold {
			other.pending++
		}
		srv.mu.Unlock()
		m.close()
		return other, nil
	}
	if hold {
		m.pending++
	}
	srv.matches[id] = m
	srv.met.loaded.Inc()
	srv.wg.Add(1)
	go m.run()
	srv.mu.Unlock()
	return m, nil
}

// resolve turns a join or watch by code into the match and seat it names.
func (srv *Server) resolve(ctx context.Context, msg *wire.ClientMsg) *wire.Refusal {
	if msg.Code == "" {
		return nil
	}
	e, err := srv.st.getCode(ctx, normCode(msg.Code))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return wire.Refuse(wire.ReasonNoMatch, "no match has the code %q", msg.Code)
	}
	if err != nil {
		return srv.busy(err)
	}
	if e.At != 0 && time.Since(time.Unix(e.At, 0)) > srv.cfg.CodeTTL {
		return wire.Refuse(wire.ReasonNoMatch, "the code %q has expired (codes open a seat for %s)", msg.Code, srv.cfg.CodeTTL)
	}
	msg.Match, msg.Seat, msg.Code = e.Match, e.Seat, normCode(msg.Code)
	return nil
}

// quick pairs s with the stranger waiting for the same game, or makes s wait.
func (srv *Server) quick(ctx context.Context, s *Session, msg wire.ClientMsg) *wire.Refusal {
	g, ok := games.Lookup(msg.Game)
	if !ok {
		return wire.Refuse(wire.ReasonBadField, "unknown game %q", msg.Game)
	}
	if g.MinPlayers > 2 || g.MaxPlayers < 2 {
		return wire.Refuse(wire.ReasonNoQueue, "%s is not played by two", g.ID)
	}
	srv.mu.Lock()
	other := srv.queue[g.ID]
	delete(srv.queue, g.ID)
	if other == nil || other == s || !other.pair(g.ID) {
		srv.queue[g.ID] = s
		s.mu.Lock()
		s.queued, s.claimed = g.ID, false
		s.mu.Unlock()
		srv.mu.Unlock()
		s.mu.Lock()
		s.name = msg.Name // for the seated event once paired
		s.mu.Unlock()
		s.sendMsg(wire.ServerMsg{T: wire.TQueued, Req: msg.Req})
		return nil
	}
	srv.mu.Unlock()
	// The one who waited creates; the newcomer joins with the invite; the match starts at once.
	other.mu.Lock()
	waiting := other.name
	other.mu.Unlock()
	cm := wire.ClientMsg{V: wire.Version, T: wire.TCreate, Game: g.ID, Players: 2, Seats: []wire.SeatSpec{{Kind: wire.Person}, {Kind: wire.Person}}, Name: waiting}
	id := newSecret()
	md := &meta{Game: g.ID, Players: 2, Seats: []seatMeta{{Kind: wire.Person}, {Kind: wire.Person}}}
	keys := [2]string{newSecret(), newSecret()}
	for i := range keys {
		md.Seats[i].Key = hashSecret(keys[i])
	}
	rev, err := srv.st.putMeta(ctx, id, md, 0)
	if err != nil {
		other.unclaim() // it may ask again (its queue place is gone with the match not made)
		return srv.busy(err)
	}
	m, r := srv.loadNew(ctx, id, md, rev)
	if r != nil {
		other.unclaim()
		return r
	}
	srv.met.created.Inc()
	m.send(cmd{s: other, msg: cm, create: &created{key: keys[0]}, quick: true, held: true})
	m.hold()
	m.send(cmd{s: s, msg: wire.ClientMsg{T: wire.TQuick, Req: msg.Req, Name: msg.Name}, quickKey: keys[1], held: true})
	return nil
}

// pair takes a session waiting in game's quick-match queue out of it, on its way to the match
// made for it; false if it is no longer waiting there. The server's lock is held.
func (s *Session) pair(game string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.queued != game || s.match != nil || s.claimed {
		return false
	}
	s.queued, s.claimed = "", true
	return true
}

// forget removes a session from the quick-match queue.
func (srv *Server) forget(s *Session) {
	srv.mu.Lock()
	for g, w := range srv.queue {
		if w == s {
			delete(srv.queue, g)
		}
	}
	srv.mu.Unlock()
}
