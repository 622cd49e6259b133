package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// brTwin stands for sig.wasm's Brotli twin: sigserve sends twins as they are, never
// compressing or unpacking, so what matters is that these exact bytes arrive.
var brTwin = []byte("brotli twin of sig.wasm")

// newTestSite lays out a small built site: index.html, a .wasm with its .gz and .br twins, a
// script with no twin, one with a .gz twin only, and a file outside the site that must never be served.
func newTestSite(t *testing.T) (*Site, string, []byte) {
	t.Helper()
	base := t.TempDir()
	dir := filepath.Join(base, "web")
	must(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	wasm := bytes.Repeat([]byte("\x00asm sig "), 5000)
	write(t, filepath.Join(dir, "index.html"), []byte("<!doctype html><title>Sig</title>"))
	write(t, filepath.Join(dir, "sig.wasm"), wasm)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(wasm)
	must(t, zw.Close())
	write(t, filepath.Join(dir, "sig.wasm.gz"), gz.Bytes())
	write(t, filepath.Join(dir, "sig.wasm.br"), brTwin)
	write(t, filepath.Join(dir, "wasm_exec.js"), []byte("// go"))
	write(t, filepath.Join(dir, "loader.js"), []byte("// loader"))
	write(t, filepath.Join(dir, "loader.js.gz"), gzipped(t, []byte("// loader")))
	write(t, filepath.Join(dir, "sub", "index.html"), []byte("sub"))
	write(t, filepath.Join(base, "secret.txt"), []byte("secret"))
	s, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir, wasm
}

func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(b)
	must(t, zw.Close())
	return gz.Bytes()
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	must(t, os.WriteFile(path, b, 0o644))
}

func get(s http.Handler, method, target, acceptEncoding string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	if acceptEncoding != "" {
		r.Header.Set("Accept-Encoding", acceptEncoding)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

func TestServesBrotliTwinWhenAccepted(t *testing.T) {
	s, _, _ := newTestSite(t)
	// What headless Chromium sends, even to http://127.0.0.1.
	for _, ae := range []string{"gzip, deflate, br, zstd", "br", "br;q=1, gzip;q=1", "gzip;q=0.5, br", "*"} {
		w := get(s, "GET", "/sig.wasm", ae)
		if w.Code != http.StatusOK {
			t.Fatalf("Accept-Encoding %q: status %d", ae, w.Code)
		}
		if got := w.Header().Get("Content-Encoding"); got != "br" {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want br", ae, got)
		}
		if !bytes.Equal(w.Body.Bytes(), brTwin) {
			t.Errorf("Accept-Encoding %q: body %q, want the .br twin", ae, w.Body.Bytes())
		}
		if got, want := w.Header().Get("Content-Length"), strconv.Itoa(len(brTwin)); got != want {
			t.Errorf("Accept-Encoding %q: Content-Length %q, want %q", ae, got, want)
		}
		if got := w.Header().Get("Content-Type"); got != "application/wasm" {
			t.Errorf("Accept-Encoding %q: Content-Type %q, want application/wasm", ae, got)
		}
		if !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: no Vary: Accept-Encoding", ae)
		}
	}
}

func TestGzipWhenBrotliIsNotTakenOrMissing(t *testing.T) {
	s, _, _ := newTestSite(t)
	for _, ae := range []string{"gzip", "gzip, deflate", "br;q=0, gzip", "gzip, br;q=0.5", "*, br;q=0"} {
		if got := get(s, "GET", "/sig.wasm", ae).Header().Get("Content-Encoding"); got != "gzip" {
			t.Errorf("sig.wasm, Accept-Encoding %q: Content-Encoding %q, want gzip", ae, got)
		}
	}
	// loader.js has a .gz twin only: a browser taking both gets gzip.
	w := get(s, "GET", "/loader.js", "gzip, deflate, br, zstd")
	if got := w.Header().Get("Content-Encoding"); got != "gzip" {
		t.Errorf("loader.js: Content-Encoding %q, want gzip", got)
	}
	if !bytes.Equal(w.Body.Bytes(), gzipped(t, []byte("// loader"))) {
		t.Error("loader.js: the body is not its .gz twin")
	}
}

func TestServesGzipTwinWhenAccepted(t *testing.T) {
	s, _, wasm := newTestSite(t)
	w := get(s, "GET", "/sig.wasm", "gzip, deflate")
	if w.Code != http.StatusOK {
		t.Fatalf("status %d", w.Code)
	}
	if got := w.Header().Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", got)
	}
	if got := w.Header().Get("Content-Type"); got != "application/wasm" {
		t.Errorf("Content-Type %q, want application/wasm", got)
	}
	if got, want := w.Header().Get("Content-Length"), strconv.Itoa(w.Body.Len()); got != want {
		t.Errorf("Content-Length %q, want %q", got, want)
	}
	if w.Body.Len() >= len(wasm) {
		t.Errorf("gzipped body is %d bytes, no smaller than the %d-byte file", w.Body.Len(), len(wasm))
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(plain, wasm) {
		t.Error("the gzipped body does not unpack to the .wasm")
	}
	if !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
		t.Error("no Vary: Accept-Encoding")
	}
}

func TestServesPlainWithoutGzip(t *testing.T) {
	s, _, wasm := newTestSite(t)
	for _, ae := range []string{"", "identity", "gzip;q=0", "deflate, zstd", "*;q=0", "br;q=0, gzip;q=0"} {
		w := get(s, "GET", "/sig.wasm", ae)
		if w.Code != http.StatusOK {
			t.Fatalf("Accept-Encoding %q: status %d", ae, w.Code)
		}
		if got := w.Header().Get("Content-Encoding"); got != "" {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want none", ae, got)
		}
		if !bytes.Equal(w.Body.Bytes(), wasm) {
			t.Errorf("Accept-Encoding %q: body differs from the file", ae)
		}
		if got, want := w.Header().Get("Content-Length"), strconv.Itoa(len(wasm)); got != want {
			t.Errorf("Accept-Encoding %q: Content-Length %q, want %q", ae, got, want)
		}
	}
}

func TestStaleTwinsAreIgnored(t *testing.T) {
	s, dir, wasm := newTestSite(t)
	old := time.Now().Add(-time.Hour)
	must(t, os.Chtimes(filepath.Join(dir, "sig.wasm.br"), old, old))
	if got := get(s, "GET", "/sig.wasm", "br, gzip").Header().Get("Content-Encoding"); got != "gzip" {
		t.Errorf("with a stale .br: Content-Encoding %q, want gzip", got)
	}
	must(t, os.Chtimes(filepath.Join(dir, "sig.wasm.gz"), old, old))
	w := get(s, "GET", "/sig.wasm", "br, gzip")
	if got := w.Header().Get("Content-Encoding"); got != "" {
		t.Errorf("served the stale .gz (Content-Encoding %q)", got)
	}
	if !bytes.Equal(w.Body.Bytes(), wasm) {
		t.Error("body differs from the fresh file")
	}
}

func TestIndexAndTypes(t *testing.T) {
	s, _, _ := newTestSite(t)
	for _, tc := range []struct{ target, ctype, body string }{
		{"/", "text/html; charset=utf-8", "<!doctype html><title>Sig</title>"},
		{"/index.html", "text/html; charset=utf-8", "<!doctype html><title>Sig</title>"},
		{"/sub/", "text/html; charset=utf-8", "sub"},
		{"/sub", "text/html; charset=utf-8", "sub"},
		{"/wasm_exec.js", "text/javascript; charset=utf-8", "// go"},
	} {
		w := get(s, "GET", tc.target, "gzip")
		if w.Code != http.StatusOK {
			t.Errorf("%s: status %d", tc.target, w.Code)
			continue
		}
		if got := w.Header().Get("Content-Type"); got != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tc.target, got, tc.ctype)
		}
		if got := w.Body.String(); got != tc.body {
			t.Errorf("%s: body %q, want %q", tc.target, got, tc.body)
		}
		if got := w.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", tc.target, got)
		}
	}
}

func TestRefusesWhatIsNotThere(t *testing.T) {
	s, _, _ := newTestSite(t)
	for _, target := range []string{"/missing.wasm", "/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt"} {
		w := get(s, "GET", target, "")
		if w.Code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", target, w.Code)
		}
		if strings.Contains(w.Body.String(), "secret") {
			t.Errorf("%s: served a file outside the site", target)
		}
	}
	if w := get(s, "POST", "/", ""); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", w.Code)
	}
}

func TestHeadAndRevalidation(t *testing.T) {
	s, _, _ := newTestSite(t)
	head := get(s, "HEAD", "/sig.wasm", "gzip")
	if head.Code != http.StatusOK || head.Body.Len() != 0 {
		t.Fatalf("HEAD: status %d, %d body bytes", head.Code, head.Body.Len())
	}
	if head.Header().Get("Content-Length") == "" {
		t.Error("HEAD: no Content-Length")
	}
	etag := head.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	r := httptest.NewRequest("GET", "/sig.wasm", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	r.Header.Set("If-None-Match", etag)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != http.StatusNotModified {
		t.Errorf("If-None-Match the current ETag: status %d, want 304", w.Code)
	}
	plain := get(s, "HEAD", "/sig.wasm", "")
	if plain.Header().Get("ETag") == etag {
		t.Error("the plain and gzipped answers share an ETag")
	}
	br := get(s, "HEAD", "/sig.wasm", "br, gzip")
	if br.Code != http.StatusOK || br.Body.Len() != 0 {
		t.Fatalf("HEAD, br: status %d, %d body bytes", br.Code, br.Body.Len())
	}
	if got, want := br.Header().Get("Content-Length"), strconv.Itoa(len(brTwin)); got != want {
		t.Errorf("HEAD, br: Content-Length %q, want %q (the twin's)", got, want)
	}
	if got := br.Header().Get("Content-Encoding"); got != "br" {
		t.Errorf("HEAD, br: Content-Encoding %q", got)
	}
	if e := br.Header().Get("ETag"); e == etag || e == plain.Header().Get("ETag") || e == "" {
		t.Errorf("HEAD, br: ETag %q, want one of its own (gzip %q, plain %q)", e, etag, plain.Header().Get("ETag"))
	}
}

func TestRangeGetsThePlainFile(t *testing.T) {
	s, _, wasm := newTestSite(t)
	for _, ae := range []string{"gzip, deflate, br, zstd", ""} {
		r := httptest.NewRequest("GET", "/sig.wasm", nil)
		r.Header.Set("Accept-Encoding", ae)
		r.Header.Set("Range", "bytes=10-19")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != http.StatusPartialContent {
			t.Fatalf("Accept-Encoding %q: status %d, want 206", ae, w.Code)
		}
		if got := w.Header().Get("Content-Encoding"); got != "" {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q on a range, want none", ae, got)
		}
		if !bytes.Equal(w.Body.Bytes(), wasm[10:20]) {
			t.Errorf("Accept-Encoding %q: body %q, want the file's bytes 10-19", ae, w.Body.Bytes())
		}
		if got, want := w.Header().Get("Content-Range"), "bytes 10-19/"+strconv.Itoa(len(wasm)); got != want {
			t.Errorf("Accept-Encoding %q: Content-Range %q, want %q", ae, got, want)
		}
		if got := w.Header().Get("Content-Length"); got != "10" {
			t.Errorf("Accept-Encoding %q: Content-Length %q, want 10", ae, got)
		}
	}
	r := httptest.NewRequest("GET", "/sig.wasm", nil)
	r.Header.Set("Range", "bytes=999999999-")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("a range past the end: status %d, want 416", w.Code)
	}
}

func TestChoose(t *testing.T) {
	for header, want := range map[string]string{
		"":                        "",
		"identity":                "",
		"gzip":                    "gzip",
		"GZIP":                    "gzip",
		"x-gzip":                  "gzip",
		"deflate, gzip;q=0.5":     "gzip",
		"gzip;q=0":                "",
		"gzip; q=0.0":             "",
		"*":                       "br gzip",
		"*, gzip;q=0":             "br",
		"br, x-gzip":              "br gzip",
		"gzip, deflate, br, zstd": "br gzip",
		"gzip;q=1, br;q=0.8":      "gzip br",
		"br;q=0.8, gzip;q=0.8":    "br gzip",
		"br;q=0":                  "",
		"br;q=2, gzip":            "br gzip", // a quality out of range counts as 1
	} {
		var names []string
		for _, c := range choose(header) {
			names = append(names, c.name)
		}
		if got := strings.Join(names, " "); got != want {
			t.Errorf("choose(%q) = %q, want %q", header, got, want)
		}
	}
}
