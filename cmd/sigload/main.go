// Command sigload puts a match server under load on this machine: thousands of simulated
// players in matches of every game (two to eight seats), each making a move every two seconds
// on average, and it measures how long a move takes to reach everyone at the table. It can also
// drop every connection at once (a reconnect storm), kill the server with SIGKILL and start it
// again, or run two servers on a three-node NATS cluster, and it counts the events any player
// lost, saw twice, or saw differently from the others.
//
// It talks to loopback addresses only, and it is bounded: -players and -duration say how many
// and how long.
//
//	go build -o /tmp/sigserver ./cmd/sigserver
//	nice go run ./cmd/sigload -server /tmp/sigserver -players 10000 -duration 60s -storm 30s
//
// The results are in BENCHMARKS.md ("Match server").
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"sig/rules"
	"sig/rules/games"
	"sig/server"
	"sig/wire"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "sigload:", err)
		}
		os.Exit(2)
	}
}

type options struct {
	url      string
	bin      string
	players  int
	duration time.Duration
	every    time.Duration
	ramp     time.Duration
	storm    time.Duration
	kill     time.Duration
	cluster  bool
	pprof    int
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("sigload", flag.ContinueOnError)
	var o options
	fs.StringVar(&o.url, "url", "", "a running server's ws:// address on loopback (instead of -server)")
	fs.StringVar(&o.bin, "server", "", "the sigserver binary to start (on a fresh data folder, loopback)")
	fs.IntVar(&o.players, "players", 1000, "simulated players (at most 12000)")
	fs.DurationVar(&o.duration, "duration", 60*time.Second, "how long to measure, after the ramp (at most 10m)")
	fs.DurationVar(&o.every, "every", 2*time.Second, "average time a player takes for a move")
	fs.DurationVar(&o.ramp, "ramp", 30*time.Second, "time to open the matches and connect the players")
	fs.DurationVar(&o.storm, "storm", 0, "when (after the ramp) every player drops and reconnects at once (0: never)")
	fs.DurationVar(&o.kill, "kill", 0, "when (after the ramp) to kill -9 the server and start it again (with -server)")
	fs.BoolVar(&o.cluster, "cluster", false, "start a three-node NATS cluster on loopback and two servers on it (with -server), seats split between them")
	fs.IntVar(&o.pprof, "pprof", 0, "a loopback port for Go's profiles of sigload itself; the servers it starts serve theirs on the next ports (0: none)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case o.players < 2 || o.players > 12000:
		return fmt.Errorf("-players %d: 2 to 12000", o.players)
	case o.duration <= 0 || o.duration > 10*time.Minute:
		return fmt.Errorf("-duration %s: up to 10m", o.duration)
	case (o.url == "") == (o.bin == ""):
		return errors.New("give -url (a running server) or -server (a binary to start)")
	case o.kill > 0 && o.bin == "", o.cluster && o.bin == "":
		return errors.New("-kill and -cluster start servers themselves: give -server")
	}
	raiseFileLimit()
	if o.pprof > 0 {
		if err := server.ServeProfiles(fmt.Sprintf("127.0.0.1:%d", o.pprof)); err != nil {
			return err
		}
	}

	// Every process sigload starts ends with it: on SIGINT, SIGTERM or SIGHUP the run stops
	// early and the servers are stopped (stopAll); should sigload itself be killed, the kernel
	// kills them (spawn's Pdeathsig).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	l := &load{o: o, out: out, start: time.Now(), ctx: ctx}
	defer l.stopAll()
	if o.bin != "" {
		if err := l.startServers(); err != nil {
			return err
		}
	} else {
		if err := loopback(o.url); err != nil {
			return err
		}
		l.urls = []string{o.url}
	}
	return l.run()
}

// loopback refuses any address but this machine's.
func loopback(u string) error {
	p, err := url.Parse(u)
	if err != nil {
		return err
	}
	host := p.Hostname()
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("%s is not a loopback address: sigload only loads this machine", u)
	}
	return nil
}

// raiseFileLimit lifts the soft limit on open files to the hard one (each player is a socket).
func raiseFileLimit() {
	var r syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r) == nil && r.Cur < r.Max {
		r.Cur = r.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r)
	}
}

// load is one run.
type load struct {
	o     options
	out   io.Writer
	start time.Time
	ctx   context.Context // cancelled by a signal: stop early

	urls    []string
	procs   []*exec.Cmd
	data    string
	stopNat func()
	natsURL []string

	matches []*table
	players []*player

	phase      atomic.Int32 // 0 ramp, 1 steady, 2 storm/kill recovery
	mu         sync.Mutex
	latency    [3][]time.Duration
	moves      atomic.Int64
	lost       atomic.Int64 // an event skipped (a gap in seq)
	dup        atomic.Int64 // an event seen twice
	diverged   atomic.Int64 // an event different from what another player saw as the same seq
	refused    atomic.Int64
	refusedWhy sync.Map
	reconnects atomic.Int64
	resumeFail atomic.Int64
	// After a storm or a kill: when it began, and when the first move after it reached
	// everyone at its table (Unix nanoseconds, 0: none yet).
	brokeAt    atomic.Int64
	firstAfter atomic.Int64
}

var listening = regexp.MustCompile(`matches at (ws://[0-9.:]+/ws)`)

// startServers starts one sigserver on a fresh data folder, or (cluster) three NATS servers and two sigservers.
func (l *load) startServers() error {
	dir, err := os.MkdirTemp("", "sigload-")
	if err != nil {
		return err
	}
	l.data = dir
	if l.o.cluster {
		urls, stop, err := server.LoopbackCluster(dir, 3)
		if err != nil {
			return err
		}
		l.stopNat, l.natsURL = stop, urls
		for i := 0; i < 2; i++ {
			u, p, err := l.spawn("127.0.0.1:0", "-nats", urls[i])
			if err != nil {
				return err
			}
			l.urls, l.procs = append(l.urls, u), append(l.procs, p)
		}
		return nil
	}
	u, p, err := l.spawn("127.0.0.1:0", "-data", filepath.Join(dir, "data"))
	if err != nil {
		return err
	}
	l.urls, l.procs = []string{u}, []*exec.Cmd{p}
	return nil
}

func (l *load) spawn(addr string, args ...string) (string, *exec.Cmd, error) {
	pre := []string{"-addr", addr, "-log", "error"}
	if l.o.pprof > 0 {
		// Each server its own port, the same one again after a restart.
		n := len(l.procs)
		if i := slices.Index(l.urls, "ws://"+addr+"/ws"); i >= 0 {
			n = i
		}
		pre = append(pre, "-pprof", fmt.Sprintf("127.0.0.1:%d", l.o.pprof+1+n))
	}
	cmd := exec.Command(l.o.bin, append(pre, args...)...)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = childAttr()
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	fail := func(err error) (string, *exec.Cmd, error) {
		killGroup(cmd, syscall.SIGKILL)
		cmd.Wait()
		return "", nil, err
	}
	select {
	case u := <-found:
		return u, cmd, nil
	case <-time.After(90 * time.Second):
		return fail(errors.New("sigserver did not start within 90s"))
	case <-l.ctx.Done():
		return fail(errors.New("stopped by a signal"))
	}
}

// killGroup signals the server's process group (its own, from childAttr), so that whatever it
// started ends too.
func killGroup(cmd *exec.Cmd, sig syscall.Signal) {
	if err := syscall.Kill(-cmd.Process.Pid, sig); err != nil {
		cmd.Process.Signal(sig)
	}
}

// stopAll stops every server sigload started (SIGTERM, then SIGKILL after 10 s) and the NATS
// cluster, and removes the data folder.
func (l *load) stopAll() {
	for _, p := range l.procs {
		killGroup(p, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { p.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			killGroup(p, syscall.SIGKILL)
			<-done
		}
	}
	l.procs = nil
	if l.stopNat != nil {
		l.stopNat()
	}
	if l.data != "" {
		os.RemoveAll(l.data)
	}
}

// mix is the tables' games and sizes, in turn: every game, two to eight seats.
var mix = []struct {
	game    string
	players int
}{
	{"seega", 2}, {"sadeqa", 2}, {"sig-el-oued", 2}, {"sig-wa-duqqan", 4}, {"es-sig", 3},
	{"sig-wa-duqqan", 8}, {"es-sig", 6}, {"seega", 2}, {"sadeqa", 2}, {"es-sig", 2},
}

func (l *load) run() error {
	// Open the tables over the ramp.
	left := l.o.players
	for i := 0; left >= 2; i++ {
		m := mix[i%len(mix)]
		n := min(m.players, left)
		if g, _ := games.Lookup(m.game); n < g.MinPlayers {
			n = 2
		}
		l.matches = append(l.matches, &table{l: l, game: m.game, n: n, log: map[int64]string{}, sent: map[int64]time.Time{}})
		left -= n
	}
	fmt.Fprintf(l.out, "sigload: %d players at %d tables on %s, %s ramp, %s measured (GOMAXPROCS %d)\n",
		l.o.players-left, len(l.matches), strings.Join(l.urls, " "), l.o.ramp, l.o.duration, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	gap := l.o.ramp / time.Duration(len(l.matches)+1)
	failed := atomic.Int64{}
	for i, t := range l.matches {
		if l.ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := t.open(i); err != nil {
				if failed.Add(1) <= 3 {
					fmt.Fprintf(l.out, "table %d: %v\n", i, err)
				}
			}
		}()
		time.Sleep(gap)
	}
	wg.Wait()
	connected := 0
	for _, t := range l.matches {
		connected += len(t.players)
	}
	fmt.Fprintf(l.out, "ramp done in %s: %d players connected, %d tables failed to open\n", time.Since(l.start).Round(time.Second), connected, failed.Load())

	before := l.scrape()
	l.phase.Store(1)
	t0 := time.Now()
	var stormAt, killAt <-chan time.Time
	if l.o.storm > 0 {
		stormAt = time.After(l.o.storm)
	}
	if l.o.kill > 0 {
		killAt = time.After(l.o.kill)
	}
	end := time.After(l.o.duration)
	report := time.NewTicker(10 * time.Second)
	defer report.Stop()
	var mid map[string]float64
	midAt := time.Time{}
loop:
	for {
		select {
		case <-stormAt:
			mid, midAt = l.scrape(), time.Now()
			l.brokeAt.Store(time.Now().UnixNano())
			l.phase.Store(2)
			fmt.Fprintf(l.out, "%s: storm: every player drops its connection and resumes\n", time.Since(t0).Round(time.Second))
			for _, p := range l.players {
				p.drop()
			}
		case <-killAt:
			mid, midAt = l.scrape(), time.Now()
			l.brokeAt.Store(time.Now().UnixNano())
			l.phase.Store(2)
			fmt.Fprintf(l.out, "%s: kill -9 of the server, then a restart on the same data and port\n", time.Since(t0).Round(time.Second))
			if err := l.restart(); err != nil {
				return err
			}
		case <-report.C:
			fmt.Fprintf(l.out, "%s: %d moves, lost %d, dup %d, diverged %d, refused %d, reconnects %d\n", time.Since(t0).Round(time.Second),
				l.moves.Load(), l.lost.Load(), l.dup.Load(), l.diverged.Load(), l.refused.Load(), l.reconnects.Load())
		case <-end:
			break loop
		case <-l.ctx.Done():
			fmt.Fprintf(l.out, "%s: stopped by a signal\n", time.Since(t0).Round(time.Second))
			break loop
		}
	}
	after := l.scrape()
	if l.o.kill > 0 {
		if took := after["sig_store_startup_read_seconds"]; took > 0 {
			fmt.Fprintf(l.out, "the restarted server's start-up reading of the stream took %.2f s\n", took)
		} else {
			fmt.Fprintf(l.out, "the restarted server's start-up reading of the stream had not ended\n")
		}
	}
	l.mu.Lock()
	players := l.players
	l.mu.Unlock()
	for _, p := range players {
		p.stop() // no more moves, no resuming
	}
	if mid == nil {
		mid, midAt = after, time.Now()
	}
	// Processor time is counted up to the storm or the kill (a restarted server counts afresh).
	l.summary(before, mid, midAt.Sub(t0))
	// Then hang up without the closing handshake: one at a time, thousands of handshakes on
	// a busy machine took minutes.
	for _, p := range players {
		p.hangUp()
	}
	return nil
}

// restart kills the (single) server with SIGKILL and starts it again on the same data and port.
func (l *load) restart() error {
	p := l.procs[0]
	p.Process.Signal(syscall.SIGKILL)
	p.Wait()
	u, _ := url.Parse(l.urls[0])
	t := time.Now()
	nu, np, err := l.spawn(u.Host, "-data", filepath.Join(l.data, "data"))
	if err != nil {
		return err
	}
	l.procs[0], l.urls[0] = np, nu
	fmt.Fprintf(l.out, "restarted in %s\n", time.Since(t).Round(time.Millisecond))
	return nil
}

// scrape reads the servers' metrics (summed), and how long the servers' and sigload's threads
// have run on a processor and waited for one (Linux's schedstat: a machine too busy for the
// load shows as waiting).
func (l *load) scrape() map[string]float64 {
	out := map[string]float64{}
	for _, p := range l.procs {
		run, wait := schedstat(p.Process.Pid)
		out["sched_server_run"] += run
		out["sched_server_wait"] += wait
	}
	out["sched_self_run"], out["sched_self_wait"] = schedstat(os.Getpid())
	for _, raw := range l.urls {
		u, _ := url.Parse(raw)
		resp, err := http.Get("http://" + u.Host + "/metrics")
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") {
				continue
			}
			name, val, ok := strings.Cut(line, " ")
			if !ok {
				continue
			}
			if v, err := strconv.ParseFloat(val, 64); err == nil {
				out[name] += v
			}
		}
		resp.Body.Close()
	}
	return out
}

// schedstat sums, over process pid's threads, the seconds they ran and the seconds they
// waited runnable in the kernel's run queue (zero where /proc does not say).
func schedstat(pid int) (run, wait float64) {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var r, w float64
		if n, _ := fmt.Sscan(string(b), &r, &w); n == 2 {
			run += r / 1e9
			wait += w / 1e9
		}
	}
	return run, wait
}

func pct(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	return d[min(len(d)-1, int(float64(len(d))*p))]
}

func (l *load) summary(before, mid map[string]float64, elapsed time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if at, first := l.brokeAt.Load(), l.firstAfter.Load(); at != 0 {
		if first == 0 {
			fmt.Fprintf(l.out, "no move reached everyone at its table after the storm or kill\n")
		} else {
			fmt.Fprintf(l.out, "first move to reach everyone at its table after the storm or kill: %s after it\n", time.Duration(first-at).Round(time.Millisecond))
		}
	}
	for phase, name := range []string{"ramp", "steady", "after the storm or restart"} {
		d := l.latency[phase]
		if len(d) == 0 {
			continue
		}
		slices.Sort(d)
		fmt.Fprintf(l.out, "move to everyone at the table (%s): %d moves, p50 %s, p90 %s, p99 %s, max %s\n", name, len(d),
			pct(d, 0.5).Round(100*time.Microsecond), pct(d, 0.9).Round(100*time.Microsecond), pct(d, 0.99).Round(100*time.Microsecond), d[len(d)-1].Round(time.Millisecond))
	}
	if q := serverQuantiles(before, mid); q != "" {
		fmt.Fprintf(l.out, "inside the server (a move read → its event queued for every connection there), bucket bounds: %s\n", q)
	}
	conns := mid["sig_connections"]
	if conns > 0 {
		fmt.Fprintf(l.out, "server: %.0f connections, heap in use %.1f MiB (%.1f KiB a connection), resident %.1f MiB, %d goroutines\n",
			conns, mid["go_memstats_heap_inuse_bytes"]/(1<<20), mid["go_memstats_heap_inuse_bytes"]/conns/1024,
			mid["process_resident_memory_bytes"]/(1<<20), int(mid["go_goroutines"]))
	}
	if cpu := mid["process_cpu_seconds_total"] - before["process_cpu_seconds_total"]; cpu > 0 {
		fmt.Fprintf(l.out, "server processor: %.1f s over %s (%.0f%% of one core)\n", cpu, elapsed.Round(time.Second), 100*cpu/elapsed.Seconds())
	}
	for _, who := range []string{"server", "self"} {
		run := mid["sched_"+who+"_run"] - before["sched_"+who+"_run"]
		wait := mid["sched_"+who+"_wait"] - before["sched_"+who+"_wait"]
		if run > 0 {
			name := map[string]string{"server": "the servers' threads", "self": "sigload's threads"}[who]
			fmt.Fprintf(l.out, "%s: %.1f s on a processor, %.1f s runnable but waiting for one (%.1f× as long)\n", name, run, wait, wait/run)
		}
	}
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	self := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	fmt.Fprintf(l.out, "sigload itself: %s of processor since it started\n", self.Round(time.Second))
	var why []string
	l.refusedWhy.Range(func(k, v any) bool {
		why = append(why, fmt.Sprintf("%s %d", k, v.(*atomic.Int64).Load()))
		return true
	})
	fmt.Fprintf(l.out, "moves %d; events lost %d, seen twice %d, seen differently %d; refusals %d %v; reconnects %d, resumes refused %d\n",
		l.moves.Load(), l.lost.Load(), l.dup.Load(), l.diverged.Load(), l.refused.Load(), why, l.reconnects.Load(), l.resumeFail.Load())
}

// serverQuantiles reads the servers' sig_move_seconds histogram between two scrapes: the
// bucket bound under which half, 90% and 99% of the moves were handled inside the server.
func serverQuantiles(before, after map[string]float64) string {
	type bucket struct{ le, n float64 }
	var bs []bucket
	for k, v := range after {
		rest, ok := strings.CutPrefix(k, `sig_move_seconds_bucket{le="`)
		if !ok {
			continue
		}
		le, err := strconv.ParseFloat(strings.TrimSuffix(rest, `"}`), 64)
		if err != nil {
			continue
		}
		bs = append(bs, bucket{le, v - before[k]})
	}
	slices.SortFunc(bs, func(a, b bucket) int { return cmpFloat(a.le, b.le) })
	if len(bs) == 0 || bs[len(bs)-1].n == 0 {
		return ""
	}
	total := bs[len(bs)-1].n
	var out []string
	for _, q := range []float64{0.5, 0.9, 0.99} {
		for _, b := range bs {
			if b.n >= q*total {
				if math.IsInf(b.le, 1) {
					out = append(out, fmt.Sprintf("p%g over the last bound", q*100))
				} else {
					out = append(out, fmt.Sprintf("p%g ≤ %s", q*100, time.Duration(b.le*float64(time.Second)).Round(100*time.Microsecond)))
				}
				break
			}
		}
	}
	return fmt.Sprintf("%s (%d moves)", strings.Join(out, ", "), int(total))
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (l *load) sample(d time.Duration) {
	l.mu.Lock()
	ph := l.phase.Load()
	l.latency[ph] = append(l.latency[ph], d)
	if ph == 2 {
		l.firstAfter.CompareAndSwap(0, time.Now().UnixNano())
	}
	l.mu.Unlock()
}

func (l *load) refusal(reason wire.Reason) {
	l.refused.Add(1)
	v, _ := l.refusedWhy.LoadOrStore(string(reason), &atomic.Int64{})
	v.(*atomic.Int64).Add(1)
}

// table is one match and what its players saw.
type table struct {
	l       *load
	game    string
	n       int
	match   string
	players []*player

	mu   sync.Mutex
	log  map[int64]string    // each seq's event as the first player to see it saw it
	sent map[int64]time.Time // when the move that became event seq was sent
	got  map[int64]int       // how many players saw event seq
	wait *pendingMove
}

type pendingMove struct {
	seat int
	at   time.Time
}

// open creates the match, seats its players (alternating between the servers) and starts it.
func (t *table) open(i int) error {
	seats := make([]wire.SeatSpec, t.n)
	for j := range seats {
		seats[j].Kind = wire.Person
	}
	host := &player{t: t, seat: 0, url: t.l.urls[0], rng: rand.New(rand.NewPCG(uint64(i), 1))}
	created, err := host.connect(wire.ClientMsg{T: wire.TCreate, Game: t.game, Players: t.n, Seats: seats})
	for try := 0; err != nil && created.Reason == wire.ReasonBusy && try < 5; try++ {
		t.l.refusal("create busy, tried again")
		time.Sleep(time.Second)
		created, err = host.connect(wire.ClientMsg{T: wire.TCreate, Game: t.game, Players: t.n, Seats: seats})
	}
	if err != nil {
		return err
	}
	t.match = created.Match
	t.players = append(t.players, host)
	for _, inv := range created.Invites {
		p := &player{t: t, seat: inv.Seat, url: t.l.urls[inv.Seat%len(t.l.urls)], rng: rand.New(rand.NewPCG(uint64(i), uint64(inv.Seat)+1))}
		join := wire.ClientMsg{T: wire.TJoin, Match: t.match, Seat: inv.Seat, Secret: inv.Secret}
		joined, err := p.connect(join)
		for try := 0; err != nil && joined.Reason == wire.ReasonBusy && try < 5; try++ {
			t.l.refusal("join busy, tried again")
			time.Sleep(time.Second)
			joined, err = p.connect(join)
		}
		if err != nil {
			return err
		}
		t.players = append(t.players, p)
	}
	t.l.mu.Lock()
	t.l.players = append(t.l.players, t.players...)
	t.l.mu.Unlock()
	host.send(wire.ClientMsg{T: wire.TStart})
	return nil
}

// seen checks event ev against what the table's other players saw, and times moves.
func (t *table) seen(ev *wire.Event) {
	key := fmt.Sprintf("%s/%d/%s/%d", ev.Kind, ev.Seat, ev.Move, ev.Round)
	t.mu.Lock()
	defer t.mu.Unlock()
	if first, ok := t.log[ev.Seq]; !ok {
		t.log[ev.Seq] = key
		if ev.Kind == wire.EvMove && t.wait != nil && t.wait.seat == ev.Seat {
			t.sent[ev.Seq] = t.wait.at
			t.wait = nil
		}
	} else if first != key {
		t.l.diverged.Add(1)
	}
	if at, ok := t.sent[ev.Seq]; ok {
		if t.got == nil {
			t.got = map[int64]int{}
		}
		t.got[ev.Seq]++
		if t.got[ev.Seq] == t.n {
			t.l.sample(time.Since(at))
			t.l.moves.Add(1)
			delete(t.sent, ev.Seq)
			delete(t.got, ev.Seq)
		}
	}
	// Keep only recent history.
	if ev.Seq > 4000 {
		delete(t.log, ev.Seq-4000)
	}
}

// player is one simulated person.
type player struct {
	t    *table
	seat int
	url  string
	rng  *rand.Rand

	mu      sync.Mutex
	c       *websocket.Conn
	key     string
	last    int64
	state   rules.State
	game    *rules.Info
	pending bool // a move is scheduled
	stopped bool
}

// connect dials and sends hello (create, join or resume), returning the answer, and starts reading.
func (p *player) connect(hello wire.ClientMsg) (wire.ServerMsg, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, p.url, nil)
	if err != nil {
		return wire.ServerMsg{}, err
	}
	c.SetReadLimit(1 << 20)
	var hi wire.ServerMsg
	if err := wsjson.Read(ctx, c, &hi); err != nil || hi.T != wire.THello {
		c.CloseNow()
		return wire.ServerMsg{}, fmt.Errorf("no hello: %v", err)
	}
	hello.V = wire.Version
	if err := wsjson.Write(ctx, c, hello); err != nil {
		c.CloseNow()
		return wire.ServerMsg{}, err
	}
	for {
		var m wire.ServerMsg
		if err := wsjson.Read(ctx, c, &m); err != nil {
			c.CloseNow()
			return wire.ServerMsg{}, err
		}
		switch m.T {
		case wire.TRefused:
			c.CloseNow()
			return m, fmt.Errorf("%s refused: %s (%s)", hello.T, m.Reason, m.Text)
		case wire.TCreated, wire.TJoined:
			p.mu.Lock()
			p.c = c
			if m.Key != "" {
				p.key = m.Key
			}
			p.mu.Unlock()
			go p.read(c)
			return m, nil
		}
	}
}

func (p *player) send(m wire.ClientMsg) {
	p.mu.Lock()
	c := p.c
	p.mu.Unlock()
	if c == nil {
		return
	}
	m.V = wire.Version
	// No deadline: a context with one costs a timer and a callback a message, and the server
	// reads all the time; the run's end closes the connection, which ends a write stuck.
	c.Write(context.Background(), websocket.MessageText, wire.EncodeClient(m))
}

// read takes in the server's messages until the connection ends, then resumes.
func (p *player) read(c *websocket.Conn) {
	// One buffer and one event for the connection's life: a message is read into the buffer
	// and decoded into the same values each time (no allocation a message but the strings).
	var buf bytes.Buffer
	var ev wire.Event
	for {
		_, r, err := c.Reader(context.Background())
		if err != nil {
			break
		}
		buf.Reset()
		if _, err := buf.ReadFrom(r); err != nil {
			break
		}
		ev = wire.Event{}
		m := wire.ServerMsg{Event: &ev}
		if json.Unmarshal(buf.Bytes(), &m) != nil {
			continue
		}
		switch m.T {
		case wire.TEvent:
			p.event(m.Event)
		case wire.TRefused:
			p.t.l.refusal(m.Reason)
		}
	}
	c.CloseNow()
	p.mu.Lock()
	if p.c == c {
		p.c = nil
	}
	stopped := p.stopped
	p.mu.Unlock()
	if !stopped {
		go p.resume()
	}
}

// resume reconnects with the last event seen, retrying while the server is away.
func (p *player) resume() {
	p.t.l.reconnects.Add(1)
	delay := 50 * time.Millisecond
	wait := time.Duration(p.rng.Int64N(int64(delay))) + delay/2
	for tries := 0; tries < 200; tries++ {
		time.Sleep(wait)
		wait = time.Duration(p.rng.Int64N(int64(delay))) + delay/2
		p.mu.Lock()
		last, stopped := p.last, p.stopped
		p.pending = false
		p.mu.Unlock()
		if stopped {
			return
		}
		m, err := p.connect(wire.ClientMsg{T: wire.TResume, Match: p.t.match, Seat: p.seat, Key: p.key, Last: last})
		if err == nil {
			p.mu.Lock()
			p.schedule() // a move lost with the connection is made again
			p.mu.Unlock()
			return
		}
		if m.T == wire.TRefused && m.Reason == wire.ReasonBusy {
			p.t.l.refusal("resume " + m.Reason) // "try again", as a client does
			delay = min(2*delay, 2*time.Second)
			if m.Retry > 0 {
				// The server says when: then, give or take a fifth (not all at once).
				r := time.Duration(m.Retry) * time.Millisecond
				wait = r + time.Duration(p.rng.Int64N(int64(r/5)+1)) - r/10
			}
			continue
		}
		if m.T == wire.TRefused {
			if p.t.l.resumeFail.Add(1) <= 3 {
				fmt.Fprintf(p.t.l.out, "resume of seat %d at event %d refused: %s (%s)\n", p.seat, last, m.Reason, m.Text)
			}
			p.t.l.refusal("resume " + m.Reason)
			return
		}
		delay = min(2*delay, 2*time.Second)
		wait = time.Duration(p.rng.Int64N(int64(delay))) + delay/2
	}
	p.t.l.resumeFail.Add(1)
}

// drop closes the connection as if the network went (the reader resumes).
func (p *player) drop() {
	p.mu.Lock()
	c := p.c
	p.mu.Unlock()
	if c != nil {
		c.CloseNow()
	}
}

// stop ends the player's part: no more moves, no resuming.
func (p *player) stop() {
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
}

// hangUp closes the connection at once.
func (p *player) hangUp() {
	p.mu.Lock()
	c := p.c
	p.mu.Unlock()
	if c != nil {
		c.CloseNow()
	}
}

// event applies one event, checks it follows the last one, and schedules this seat's move.
func (p *player) event(ev *wire.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case ev.Seq == p.last+1:
	case ev.Seq <= p.last:
		p.t.l.dup.Add(1)
		return
	default:
		p.t.l.lost.Add(ev.Seq - p.last - 1)
	}
	p.last = ev.Seq
	p.t.seen(ev)
	switch ev.Kind {
	case wire.EvOpen:
		p.game, _ = games.Lookup(ev.Game)
	case wire.EvStart:
		p.state, _ = p.game.New(p.t.n)
		p.pending = false
	case wire.EvMove:
		if p.state == nil {
			return
		}
		if mv, err := p.state.ParseMove(ev.Move); err == nil {
			p.state.Apply(mv, nil)
		}
	case wire.EvOver:
		if p.seat == 0 { // the host asks for the next game
			go func() {
				time.Sleep(time.Duration(p.rng.Int64N(int64(p.t.l.o.every))))
				p.send(wire.ClientMsg{T: wire.TRematch})
			}()
		}
		return
	}
	p.schedule()
}

// schedule plans this seat's move, if it is its turn (p.mu held).
func (p *player) schedule() {
	if p.state != nil && !p.pending && p.state.Phase() != rules.PhaseOver && p.state.ToMove() == p.seat {
		p.pending = true
		wait := time.Duration(p.rng.Int64N(int64(2 * p.t.l.o.every)))
		time.AfterFunc(wait, p.move)
	}
}

// move plays a random legal move (or asks for a throw).
func (p *player) move() {
	p.mu.Lock()
	p.pending = false
	if p.state == nil || p.state.Phase() == rules.PhaseOver || p.state.ToMove() != p.seat || p.c == nil {
		p.mu.Unlock()
		return
	}
	text := "throw"
	if p.state.Phase() != rules.PhaseThrow {
		legal := p.state.Legal(nil)
		text = p.state.FormatMove(legal[p.rng.IntN(len(legal))])
	}
	p.mu.Unlock()
	p.t.mu.Lock()
	p.t.wait = &pendingMove{seat: p.seat, at: time.Now()}
	p.t.mu.Unlock()
	p.send(wire.ClientMsg{T: wire.TMove, Move: text})
}
