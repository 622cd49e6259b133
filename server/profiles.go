package server

import (
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime"
)

// ServeProfiles serves Go's profiles (CPU, heap, goroutines, mutex and block contention) at
// /debug/pprof/ on a loopback address of their own, apart from the players' address: they say
// where a server (or the load tool) spends its time under load (BENCHMARKS.md, "The match
// server under load and under abuse").
func ServeProfiles(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("profiles at %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("profiles at %q: they are served on a loopback address only", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("profiles: %w", err)
	}
	// Contention is sampled rather than recorded whole, so that profiling costs little.
	runtime.SetMutexProfileFraction(100)
	runtime.SetBlockProfileRate(100_000) // about one event per 100 µs spent blocked
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	go http.Serve(ln, mux)
	return nil
}
