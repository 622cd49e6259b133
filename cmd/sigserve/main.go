// Command sigserve serves the built browser game (dist/web) on this machine, for trying the
// WebAssembly build locally: `./build.sh serve` builds the site and runs it.
//
// It serves the precompressed twin of a file, name.br to a browser that takes Brotli, else
// name.gz to one that takes gzip, else the plain file (with Vary: Accept-Encoding), so what is
// measured locally is what a static host would send; gives .wasm its application/wasm type
// (which streaming compilation requires) and every answer a Content-Length (which the loading
// bar counts against); and asks the browser to revalidate every time, so a rebuild is seen on
// the next reload. It lists no directories and serves nothing outside -dir.
//
// It imports the standard library only.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sig/site"
	"syscall"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "sigserve:", err)
		}
		os.Exit(2)
	}
}

// run parses args, serves until interrupted, and reports a clear error on bad input.
func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sigserve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port; keep it on loopback)")
	dir := fs.String("dir", "dist/web", "folder of the built site")
	quiet := fs.Bool("quiet", false, "do not log requests")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sigserve [-addr 127.0.0.1:8080] [-dir dist/web] [-quiet]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	web, err := site.New(*dir)
	if err != nil {
		return err
	}
	defer web.Close()

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w", *addr, err)
	}
	var h http.Handler = web
	if !*quiet {
		h = logRequests(h, log.New(stderr, "", log.Ltime))
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "sigserve: serving %s at http://%s/\n", *dir, ln.Addr())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		return srv.Shutdown(shutdown)
	}
}

// logRequests logs one line a request: method, path, status, bytes and encoding.
func logRequests(next http.Handler, l *log.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		enc := rec.Header().Get("Content-Encoding")
		if enc == "" {
			enc = "identity"
		}
		l.Printf("%s %s %d %d bytes (%s)", r.Method, r.URL.Path, rec.status, rec.bytes, enc)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}
