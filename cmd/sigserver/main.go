// Command sigserver is Sig's match server: players on different devices share a match over
// WebSockets, the server checks every move with the rules and throws every stick, and every
// event is kept in NATS JetStream: an embedded NATS server on a data folder by default (one
// binary, nothing else to install), or an external NATS cluster with -nats, which lets several
// sigserver processes serve the same matches.
//
//	go run ./cmd/sigserver                      # matches on 127.0.0.1:8090, data in ./sig-data
//	go run ./cmd/sigserver -dir dist/web        # ... and the browser game on the same address
//	sigserver verify EVENTS.json                # replay a finished match: throws, moves, ranks
//
// It answers /ws (the protocol of package sig/wire), /healthz and /metrics (Prometheus, sig_…),
// logs with log/slog, and on SIGINT or SIGTERM closes the connections as "going away" (clients
// resume elsewhere or later) and stops. TLS: -tls-cert and -tls-key, or a reverse proxy that
// passes WebSocket upgrades (README, "Match server").
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"sig/site"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"sig/server"
	"sig/wire"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "sigserver:", err)
		}
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "verify" {
		return verify(args[1:], stdout)
	}
	fs := flag.NewFlagSet("sigserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8090", "address to listen on (host:port)")
	data := fs.String("data", "sig-data", "folder of the embedded NATS server's data (without -nats)")
	natsURL := fs.String("nats", "", "an external NATS cluster's URL(s), comma-separated, instead of the embedded server")
	replicas := fs.Int("replicas", 3, "replicas of the streams on an external cluster")
	dir := fs.String("dir", "", "folder of the built browser game to serve at / (empty: none)")
	origins := fs.String("origins", "", "comma-separated host patterns of other sites whose pages may connect (the server's own host always may)")
	away := fs.Duration("away", 3*time.Minute, "how long a player must be gone before the others may give the seat to the computer or end the game")
	joinRetry := fs.Duration("join-retry", 10*time.Minute, "how long after a seat is taken the same invite, sent again while no connection holds the seat, gets the same key (a player whose answer was lost)")
	cert := fs.String("tls-cert", "", "TLS certificate file (with -tls-key): serve https and wss")
	key := fs.String("tls-key", "", "TLS key file")
	level := fs.String("log", "info", "log level: debug, info, warn, error")
	rate := fs.Float64("rate", 10, "messages a second one connection may send (twice that at once)")
	addrRate := fs.Float64("addr-rate", 50, "messages a second all the connections of one client address may send together (ten times that at once)")
	addrConns := fs.Int("addr-conns", 64, "connections one client address may hold open")
	addrCreates := fs.Float64("addr-creates", 20, "matches one client address may create a minute")
	addrGuesses := fs.Float64("addr-guesses", 30, "wrong invites, codes or keys one client address may send a minute before its joins are refused")
	limitLoopback := fs.Bool("limit-loopback", false, "count loopback peers against the limits per address too (by default a reverse proxy on this machine, one address for all its players, is not limited)")
	codeTTL := fs.Duration("code-ttl", 24*time.Hour, "how long a short code opens its seat after the match is created")
	emotes := fs.Int("emotes", 50, "emotes a seat may show in one game")
	hosts := fs.String("hosts", "", "comma-separated host names the server answers to besides IP addresses and localhost (on a loopback -addr, pages naming any other host are refused: DNS rebinding); -origins' patterns count too")
	metricsAddr := fs.String("metrics", "", "an address to serve /metrics on instead of -addr (a bare :PORT is 127.0.0.1:PORT)")
	pprofAddr := fs.String("pprof", "", "a loopback address (127.0.0.1:PORT) to serve Go's profiles on, /debug/pprof/ (empty: none)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sigserver [flags]\n       sigserver verify EVENTS.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if (*cert == "") != (*key == "") {
		return errors.New("-tls-cert and -tls-key go together")
	}
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(*level)); err != nil {
		return fmt.Errorf("-log %q: debug, info, warn or error", *level)
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: lv}))
	if *pprofAddr != "" {
		if err := server.ServeProfiles(*pprofAddr); err != nil {
			return err
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := server.OpenStore(ctx, server.StoreConfig{Dir: *data, URL: *natsURL, Replicas: *replicas})
	if err != nil {
		return err
	}
	defer st.Close()
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	srv := server.New(server.Config{Store: st, Away: *away, JoinRetry: *joinRetry, Rate: *rate, Burst: 2 * *rate, Log: log, Metrics: server.NewMetrics(reg),
		AddrRate: *addrRate, AddrBurst: 10 * *addrRate, AddrConns: *addrConns, AddrCreates: *addrCreates, AddrGuesses: *addrGuesses, CodeTTL: *codeTTL, Emotes: *emotes, LimitLoopback: *limitLoopback})

	mux := http.NewServeMux()
	mux.Handle("/ws", srv.Handler(splitList(*origins)))
	metrics := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	if *metricsAddr == "" {
		mux.Handle("/metrics", metrics)
	} else {
		if strings.HasPrefix(*metricsAddr, ":") {
			*metricsAddr = "127.0.0.1" + *metricsAddr
		}
		mln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			return fmt.Errorf("-metrics %s: %w", *metricsAddr, err)
		}
		defer mln.Close()
		mm := http.NewServeMux()
		mm.Handle("/metrics", metrics)
		go http.Serve(mln, mm)
	}
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		hctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := st.Check(hctx); err != nil {
			http.Error(w, "store: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	if *dir != "" {
		s, err := site.New(*dir)
		if err != nil {
			return fmt.Errorf("%w (or pass -dir '' to serve no site)", err)
		}
		defer s.Close()
		mux.Handle("/", s)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w", *addr, err)
	}
	var handler http.Handler = mux
	if host, _, _ := net.SplitHostPort(*addr); isLoopback(host) || *hosts != "" {
		handler = hostGuard(mux, append(splitList(*hosts), splitList(*origins)...))
	}
	hs := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	scheme := "ws"
	if *cert != "" {
		scheme = "wss"
	}
	fmt.Fprintf(stdout, "sigserver: matches at %s://%s/ws\n", scheme, ln.Addr())
	log.Info("listening", "addr", ln.Addr().String(), "nats", *natsURL, "data", *data, "site", *dir)

	errc := make(chan error, 1)
	go func() {
		if *cert != "" {
			errc <- hs.ServeTLS(ln, *cert, *key)
		} else {
			errc <- hs.Serve(ln)
		}
	}()
	select {
	case err := <-errc:
		srv.Close()
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hs.Shutdown(shutdown) // stops listening; the WebSockets are closed by srv.Close
	srv.Close()
	return nil
}

// isLoopback reports whether host names this machine alone.
func isLoopback(host string) bool {
	ip := net.ParseIP(host)
	return host == "localhost" || ip != nil && ip.IsLoopback()
}

// hostGuard refuses a request whose Host is a name the server was not told it serves: a page
// of another site whose name was made to point at this address (DNS rebinding) names its own
// host. IP addresses and localhost always pass; names must match one of names (path.Match
// patterns, as -origins).
func hostGuard(next http.Handler, names []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		host = strings.ToLower(strings.TrimSuffix(host, "."))
		ok := host == "localhost" || net.ParseIP(strings.Trim(host, "[]")) != nil
		for _, n := range names {
			if m, _ := path.Match(strings.ToLower(n), host); m {
				ok = true
			}
		}
		if !ok {
			http.Error(w, fmt.Sprintf("this server does not serve %q (see -hosts)", r.Host), http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// verify replays a whole match from the events a client received (a JSON array of wire.Event,
// or of the server's "event" messages) through the rules, checking every game and naming the
// first event that does not hold (wire.VerifyMatch).
func verify(args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return errors.New("usage: sigserver verify EVENTS.json")
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	evs, err := wire.ReadEvents(b)
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	rounds, err := wire.VerifyMatch(evs)
	for _, r := range rounds {
		fmt.Fprintf(stdout, "round %d (%s): %d moves, each legal and by the seat whose turn it was, every throw from the revealed secret (commitment %s)\n", r.Round, r.Why, r.Moves, r.Commit)
	}
	if err != nil {
		return err
	}
	if len(rounds) == 0 {
		return errors.New("no finished round in these events")
	}
	return nil
}
