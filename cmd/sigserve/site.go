package main

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

// site serves the files of one folder, and nothing outside it (os.Root refuses paths that
// escape, symbolic links included).
type site struct {
	root *os.Root
}

func newSite(dir string) (*site, error) {
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
	return &site{root: root}, nil
}

func (s *site) Close() error { return s.root.Close() }

// contentTypes fixes the types that matter here instead of trusting the machine's mime tables:
// the browser refuses to compile a .wasm streamed with any other type.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".json": "application/json",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".ico":  "image/x-icon",
	".txt":  "text/plain; charset=utf-8",
	".md":   "text/markdown; charset=utf-8",
	".gz":   "application/gzip",
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

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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

	// The precompressed twin, when the browser takes gzip and the twin is not older than the
	// file (a stale .gz left by an earlier build would otherwise be served).
	if !strings.HasSuffix(name, ".gz") && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		if gz, gzInfo, err := s.open(name + ".gz"); err == nil {
			if gzInfo.Mode().IsRegular() && !gzInfo.ModTime().Before(info.ModTime()) {
				defer gz.Close()
				h.Set("Content-Encoding", "gzip")
				h.Set("ETag", `"`+etag+`-gz"`)
				// ServeContent leaves Content-Length out once an encoding is set (it
				// expects compression on the fly), but the loading bar needs it: set it
				// here, and serve the whole twin, never a range of it.
				h.Set("Content-Length", strconv.FormatInt(gzInfo.Size(), 10))
				whole := r.Clone(r.Context())
				whole.Header.Del("Range")
				whole.Header.Del("If-Range")
				http.ServeContent(w, whole, name, gzInfo.ModTime(), gz)
				return
			}
			gz.Close()
		}
	}
	h.Set("ETag", `"`+etag+`"`)
	http.ServeContent(w, r, name, info.ModTime(), f)
}

func (s *site) open(name string) (*os.File, fs.FileInfo, error) {
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

// acceptsGzip reports whether an Accept-Encoding header allows gzip: named with a quality
// above zero, or not named and allowed by "*".
func acceptsGzip(header string) bool {
	gzipQ, anyQ := -1.0, -1.0
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch coding {
		case "gzip", "x-gzip":
			gzipQ = max(gzipQ, q)
		case "*":
			anyQ = max(anyQ, q)
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return anyQ > 0
}
