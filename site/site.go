// Package site serves the built browser game (./build.sh wasm's dist/web) the way a browser
// wants it: the precompressed twin (name.br, name.gz) its Accept-Encoding prefers, fixed
// content types, no directory listings, nothing outside the folder. cmd/sigserve and
// cmd/sigserver both serve the game through it.
package site

import (
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
)

// Site serves the files of one folder, and nothing outside it (os.Root refuses paths that
// escape, symbolic links included).
type Site struct {
	root *os.Root
}

// New opens the built site in dir.
func New(dir string) (*Site, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("site folder %s: %w (build it first: ./build.sh wasm)", dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("site folder %s is not a folder", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("site folder %s: %w", dir, err)
	}
	return &Site{root: root}, nil
}

func (s *Site) Close() error { return s.root.Close() }

// contentTypes fixes the types that matter here instead of trusting the machine's mime tables:
// the browser refuses to compile a .wasm streamed with any other type.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".wasm":        "application/wasm",
	".json":        "application/json",
	".png":         "image/png",
	".svg":         "image/svg+xml",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".md":          "text/markdown; charset=utf-8",
	".gz":          "application/gzip",
	".br":          "application/x-brotli",
	".webmanifest": "application/manifest+json",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	f, info, err := s.open(name)
	if err == nil && info.IsDir() {
		f.Close()
		name = path.Join(name, "index.html")
		f, info, err = s.open(name)
	}
	if err != nil || info.IsDir() {
		if err == nil {
			f.Close()
		}
		http.NotFound(w, r)
		return
	}
	defer f.Close()

	h := w.Header()
	h.Set("Content-Type", contentType(name))
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Add("Vary", "Accept-Encoding")
	etag := strconv.FormatInt(info.Size(), 36) + "-" + strconv.FormatInt(info.ModTime().UnixNano(), 36)

	// A Range request gets ranges of the plain file: ranges of a compressed twin would be
	// ranges of its compressed bytes, which no browser asks for and few clients expect.
	if r.Header.Get("Range") == "" && !isTwin(name) {
		for _, c := range choose(r.Header.Get("Accept-Encoding")) {
			if s.serveTwin(w, r, name, info, etag, c) {
				return
			}
		}
	}
	h.Set("ETag", `"`+etag+`"`)
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// A coding is a content coding with a precompressed twin beside the file: name + suffix.
type coding struct {
	name   string // as in Accept-Encoding and Content-Encoding
	suffix string
}

// codings are the twins sigserve knows, best first: Brotli's are about a quarter smaller.
var codings = []coding{{"br", ".br"}, {"gzip", ".gz"}}

func isTwin(name string) bool {
	for _, c := range codings {
		if strings.HasSuffix(name, c.suffix) {
			return true
		}
	}
	return false
}

// serveTwin sends name's precompressed twin in coding c, if there is one and it is not older
// than the file (a stale twin left by an earlier build would otherwise be served), and
// reports whether it did.
func (s *Site) serveTwin(w http.ResponseWriter, r *http.Request, name string, info fs.FileInfo, etag string, c coding) bool {
	twin, twinInfo, err := s.open(name + c.suffix)
	if err != nil {
		return false
	}
	defer twin.Close()
	if !twinInfo.Mode().IsRegular() || twinInfo.ModTime().Before(info.ModTime()) {
		return false
	}
	h := w.Header()
	h.Set("Content-Encoding", c.name)
	h.Set("ETag", `"`+etag+`-`+c.name+`"`)
	// ServeContent leaves Content-Length out once an encoding is set (it expects compression
	// on the fly), but the loading bar needs it: set it here (the request has no Range).
	h.Set("Content-Length", strconv.FormatInt(twinInfo.Size(), 10))
	http.ServeContent(w, r, name, twinInfo.ModTime(), twin)
	return true
}

func (s *Site) open(name string) (*os.File, fs.FileInfo, error) {
	f, err := s.root.Open(name)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// choose lists the codings with twins that an Accept-Encoding header allows, the browser's
// most wanted first and Brotli before gzip where it wants both as much. A coding is allowed
// when named with a quality above zero, or not named and allowed by "*".
func choose(header string) []coding {
	named := map[string]float64{}
	anyQ := -1.0
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
					q = f
				}
			}
		}
		if name == "x-gzip" {
			name = "gzip"
		}
		if name == "*" {
			anyQ = max(anyQ, q)
		} else if old, ok := named[name]; !ok || q > old {
			named[name] = q
		}
	}
	var out []coding
	var qs []float64
	for _, c := range codings {
		q, ok := named[c.name]
		if !ok {
			q = anyQ
		}
		if q <= 0 {
			continue
		}
		// Insert after every coding wanted at least as much (stable: br stays first on a tie).
		i := len(out)
		for i > 0 && qs[i-1] < q {
			i--
		}
		out = append(out[:i], append([]coding{c}, out[i:]...)...)
		qs = append(qs[:i], append([]float64{q}, qs[i:]...)...)
	}
	return out
}
