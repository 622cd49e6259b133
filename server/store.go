package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"sync"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"sig/wire"
)

// The JetStream layout. One stream holds every match: match M's events are the messages on
// subject "sig.m.M", appended with the expected last sequence of that subject, so two writers
// (two goroutines, two processes) can never both append the same event; the stream republishes
// each stored event on "sig.ev.M" for the processes serving that match. The key-value bucket
// holds what must stay secret (seat secrets' hashes, throw secrets) and the short codes.
const (
	streamName   = "SIG_MATCHES"
	bucketName   = "sig_matches"
	eventSubject = "sig.m."
	republished  = "sig.ev."
	seqHeader    = "Sig-Seq"
)

// Store is the JetStream state of the matches: an embedded NATS server, or an external cluster.
//
// It talks to NATS over several connections (lanes), each match always over the same one: one
// connection's lock and (for the embedded server) its in-process pipe are where thousands of
// matches' writes queue behind each other under load, over one connection (BENCHMARKS.md,
// "The match server under load and under abuse").
type Store struct {
	embedded *natsserver.Server
	lanes    []lane
	nc       *nats.Conn // lanes[0]'s: subscriptions and presence

	// What a start-up reading of the whole stream found (warm.go): the matches' events, taken
	// by each match as it loads.
	warmMu    sync.Mutex
	warm      map[string]*warmMatch
	warmAt    warmState
	warmWants map[string]uint64 // the loads waiting for the reading: each match's last message
	warmDone  chan struct{}     // closed when the reading is over (nil: none)
	warmTook  time.Duration     // how long it took (set before warmDone is closed)
	warmGate  func(i int)
}

// lane is one connection to NATS and the JetStream handles over it.
type lane struct {
	nc     *nats.Conn
	js     jetstream.JetStream
	stream jetstream.Stream
	kv     jetstream.KeyValue
}

// lane is the connection for key (a match id or a short code).
func (st *Store) lane(key string) *lane {
	h := fnv.New32a()
	h.Write([]byte(key))
	return &st.lanes[h.Sum32()%uint32(len(st.lanes))]
}

// StoreConfig says where the matches are kept.
type StoreConfig struct {
	// Dir is the embedded NATS server's data folder (used when URL is empty).
	Dir string
	// URL is an external NATS cluster's address; its streams get Replicas replicas.
	URL      string
	Replicas int
	// Conns is how many connections to NATS the store spreads the matches over (default 4).
	Conns int
	// noWarm leaves out the start-up reading of the stream (warm.go), for the benchmarks that
	// compare it with reading match by match.
	noWarm bool
	// warmGate, if set, is called before the start-up reading files stretch i (from 0): a test
	// holds the reading there.
	warmGate func(i int)
}

// OpenStore starts the embedded NATS server on cfg.Dir (no network listener: the server talks
// to it in-process), or connects to cfg.URL, and makes sure the stream and bucket exist.
func OpenStore(ctx context.Context, cfg StoreConfig) (*Store, error) {
	st := &Store{warmGate: cfg.warmGate}
	if cfg.Conns < 1 {
		cfg.Conns = 4
	}
	var connect func() (*nats.Conn, error)
	if cfg.URL == "" {
		if cfg.Dir == "" {
			return nil, errors.New("the store needs a data folder or a NATS URL")
		}
		var err error
		st.embedded, err = natsserver.NewServer(&natsserver.Options{
			ServerName: "sigserver", JetStream: true, StoreDir: cfg.Dir,
			DontListen: true, NoSigs: true, NoLog: true,
		})
		if err != nil {
			return nil, fmt.Errorf("embedded NATS: %w", err)
		}
		st.embedded.Start()
		if !st.embedded.ReadyForConnections(30 * time.Second) {
			st.embedded.Shutdown()
			return nil, errors.New("embedded NATS did not start within 30s")
		}
		connect = func() (*nats.Conn, error) {
			return nats.Connect("", nats.InProcessServer(st.embedded), nats.Name("sigserver"))
		}
		cfg.Replicas = 1
	} else {
		connect = func() (*nats.Conn, error) {
			return nats.Connect(cfg.URL, nats.Name("sigserver"), nats.MaxReconnects(-1))
		}
		if cfg.Replicas < 1 {
			cfg.Replicas = 3
		}
	}
	for range cfg.Conns {
		nc, err := connect()
		if err != nil {
			st.Close()
			return nil, fmt.Errorf("connecting to NATS: %w", err)
		}
		js, err := jetstream.New(nc)
		if err != nil {
			nc.Close()
			st.Close()
			return nil, err
		}
		st.lanes = append(st.lanes, lane{nc: nc, js: js})
	}
	st.nc = st.lanes[0].nc
	// A cluster just started may not have elected its JetStream leader yet: try for a while.
	var err error
	for try := 0; ; try++ {
		if err = st.setup(ctx, cfg.Replicas); err == nil || try == 30 || ctx.Err() != nil {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		st.Close()
		return nil, err
	}
	if st.lanes[0].stream.CachedInfo().Config.AllowDirect && !cfg.noWarm {
		st.warmDone, st.warm, st.warmWants = make(chan struct{}), map[string]*warmMatch{}, map[string]uint64{}
		st.warmAt.moved, st.warmAt.filed = make(chan struct{}), map[int]chan struct{}{}
		go st.warmUp()
	}
	return st, nil
}

// setup makes sure the stream and the bucket exist, and opens them on every lane.
func (st *Store) setup(ctx context.Context, replicas int) error {
	js := st.lanes[0].js
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: streamName, Subjects: []string{eventSubject + "*"},
		Storage: jetstream.FileStorage, Replicas: replicas,
		// Direct reads may be answered by a replica that lags; with one replica there is none.
		AllowDirect: replicas == 1,
		RePublish:   &jetstream.RePublish{Source: eventSubject + ">", Destination: republished + ">"},
	})
	if err != nil {
		return fmt.Errorf("the matches' stream: %w", err)
	}
	_, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: bucketName, Storage: jetstream.FileStorage, Replicas: replicas, History: 1,
	})
	if err != nil {
		return fmt.Errorf("the matches' bucket: %w", err)
	}
	if replicas > 1 {
		// A bucket reads directly from any replica, which may lag behind a write made a moment
		// ago through another server (a seat just taken, a round's secret): read from the leader.
		kvs, err := js.Stream(ctx, "KV_"+bucketName)
		if err != nil {
			return err
		}
		cfg := kvs.CachedInfo().Config
		if cfg.AllowDirect {
			cfg.AllowDirect = false
			if _, err := js.UpdateStream(ctx, cfg); err != nil {
				return fmt.Errorf("the matches' bucket: %w", err)
			}
		}
	}
	for i := range st.lanes {
		l := &st.lanes[i]
		if l.stream, err = l.js.Stream(ctx, streamName); err != nil {
			return fmt.Errorf("the matches' stream: %w", err)
		}
		if l.kv, err = l.js.KeyValue(ctx, bucketName); err != nil {
			return fmt.Errorf("the matches' bucket: %w", err)
		}
	}
	return nil
}

// Close disconnects and stops the embedded server, if any (after flushing what it holds).
func (st *Store) Close() {
	for _, l := range st.lanes {
		l.nc.Drain()
		l.nc.Close()
	}
	if st.embedded != nil {
		st.embedded.Shutdown()
		st.embedded.WaitForShutdown()
	}
}

// errConflict: another writer appended to the match first.
var errConflict = errors.New("another writer appended first")

// appendEvent stores ev as the next event of match id, if the match's last stored message is
// still the one at stream sequence last (0: the match has none). It returns the new message's
// stream sequence, or errConflict.
func (st *Store) appendEvent(ctx context.Context, id string, ev wire.Event, last uint64) (uint64, error) {
	data, err := json.Marshal(ev)
	if err != nil {
		return 0, err
	}
	msg := nats.NewMsg(eventSubject + id)
	msg.Data = data
	msg.Header.Set(seqHeader, strconv.FormatInt(ev.Seq, 10))
	ack, err := st.lane(id).js.PublishMsg(ctx, msg, jetstream.WithExpectLastSequencePerSubject(last))
	if err != nil {
		var apiErr *jetstream.APIError
		if errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
			apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant) {
			return 0, errConflict
		}
		return 0, err
	}
	return ack.Sequence, nil
}

// loadEvents reads match id's events stored after stream sequence after, in order, with the
// stream sequence of the last one read (after, if none). A match read from its start on a store
// just opened takes what the start-up reading found (warm.go) and looks for anything newer.
//
// Each event is a request ("the next message of this subject after sequence N"). The stream
// keeps, per subject, only where its messages begin and end, so each request walks the
// messages between one event of the match and its next, whoever they belong to. A batch request
// (JetStream's direct get with "batch") walks the same messages and counts the subject's
// pending messages as well, twice a request: measured slower (BenchmarkReadBack), so not used.
func (st *Store) loadEvents(ctx context.Context, id string, after uint64) ([]wire.Event, uint64, error) {
	l := st.lane(id)
	var evs []wire.Event
	if after == 0 {
		evs, after = st.takeWarm(ctx, id)
	}
	more, last, err := st.loadEach(ctx, l, id, after)
	return append(evs, more...), last, err
}

// loadEach is loadEvents one event a request.
func (st *Store) loadEach(ctx context.Context, l *lane, id string, after uint64) ([]wire.Event, uint64, error) {
	var evs []wire.Event
	for {
		raw, err := l.stream.GetMsg(ctx, after+1, jetstream.WithGetMsgSubject(eventSubject+id))
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			return evs, after, nil
		}
		if err != nil {
			return evs, after, err
		}
		ev, err := decodeStored(id, raw.Sequence, raw.Data)
		if err != nil {
			return evs, after, err
		}
		evs = append(evs, ev)
		after = raw.Sequence
	}
}

// decodeStored reads one stored event.
func decodeStored(id string, seq uint64, data []byte) (wire.Event, error) {
	var ev wire.Event
	if err := json.Unmarshal(data, &ev); err != nil {
		return ev, fmt.Errorf("match %s, stream message %d: %w", id, seq, err)
	}
	return ev, nil
}

// getMeta reads a match's secrets, with the revision to update them by.
func (st *Store) getMeta(ctx context.Context, id string) (*meta, uint64, error) {
	kv := st.lane(id).kv
	e, err := kv.Get(ctx, "m."+id)
	// On a cluster, a read may be answered by a replica that has not got a match created a
	// moment ago on another server yet: look again a few times before saying there is none.
	for wait := 50 * time.Millisecond; errors.Is(err, jetstream.ErrKeyNotFound) && st.shared() && wait < 2*time.Second; wait *= 2 {
		time.Sleep(wait)
		e, err = kv.Get(ctx, "m."+id)
	}
	if err != nil {
		return nil, 0, err
	}
	var m meta
	if err := json.Unmarshal(e.Value(), &m); err != nil {
		return nil, 0, err
	}
	return &m, e.Revision(), nil
}

// putMeta writes a match's secrets if they are still at revision rev (0: a new match), and
// returns the new revision.
func (st *Store) putMeta(ctx context.Context, id string, m *meta, rev uint64) (uint64, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return 0, err
	}
	kv := st.lane(id).kv
	if rev == 0 {
		return kv.Create(ctx, "m."+id, b)
	}
	return kv.Update(ctx, "m."+id, b, rev)
}

// codeEntry is where a short code leads.
type codeEntry struct {
	Match string `json:"match"`
	Seat  int    `json:"seat"`
	At    int64  `json:"at,omitempty"` // when it was made (Unix seconds; 0 in older entries: no expiry)
}

func (st *Store) putCode(ctx context.Context, code string, e codeEntry) error {
	b, _ := json.Marshal(e)
	_, err := st.lane(code).kv.Create(ctx, "c."+code, b)
	return err
}

func (st *Store) getCode(ctx context.Context, code string) (codeEntry, error) {
	var e codeEntry
	kv := st.lane(code).kv
	v, err := kv.Get(ctx, "c."+code)
	for wait := 50 * time.Millisecond; errors.Is(err, jetstream.ErrKeyNotFound) && st.shared() && wait < 2*time.Second; wait *= 2 {
		time.Sleep(wait)
		v, err = kv.Get(ctx, "c."+code)
	}
	if err != nil {
		return e, err
	}
	err = json.Unmarshal(v.Value(), &e)
	return e, err
}

// shared reports whether other server processes may write to the same matches (an external
// NATS rather than the embedded one).
func (st *Store) shared() bool { return st.embedded == nil }

// Check reports whether the store answers (for /healthz).
func (st *Store) Check(ctx context.Context) error {
	for _, l := range st.lanes {
		if !l.nc.IsConnected() {
			return errors.New("not connected to NATS")
		}
	}
	_, err := st.lanes[0].stream.Info(ctx)
	return err
}
