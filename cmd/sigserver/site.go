package main

import (
	"fmt"
	"mime"
	"net/http"
	"os"
	"path"
	"strings"
)

// site serves the built browser game the way cmd/sigserve does, so one process can host the
// site and the matches: the precompressed twin of a file (name.br, name.gz) when the browser
// takes it, application/wasm for the game, no directory listings, nothing outside the folder
// (os.Root), and a revalidation on every load. It is a thin adapter, kept apart so that it can
// call into a shared site package once cmd/sigserve's serving has one.
type site struct {
	root *os.Root
}

func newSite(dir string) (*site, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("site folder %s: %w (build it first: ./build.sh wasm, or pass -dir '' to serve no site)", dir, err)
	}
	return &site{root: root}, nil
}

// types are fixed here rather than read from the machine: a .wasm with another type does not
// compile while it streams.
var types = map[string]string{
	".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
	".wasm": "application/wasm", ".json": "application/json", ".webmanifest": "application/manifest+json",
	".png": "image/png", ".svg": "image/svg+xml", ".ico": "image/x-icon", ".txt": "text/plain; charset=utf-8",
}

func typeOf(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := types[ext]; ok {
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
	if name == "" || strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
		http.NotFound(w, r) // the twins are served only in their original's place
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ ext, name string }{{".br", "br"}, {".gz", "gzip"}} {
		if !strings.Contains(accept, enc.name) {
			continue
		}
		if f, err := s.root.Open(name + enc.ext); err == nil {
			info, err := f.Stat()
			if err == nil && info.Mode().IsRegular() {
				w.Header().Set("Content-Type", typeOf(name))
				w.Header().Set("Content-Encoding", enc.name)
				http.ServeContent(w, r, name, info.ModTime(), f)
				f.Close()
				return
			}
			f.Close()
		}
	}
	f, err := s.root.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", typeOf(name))
	http.ServeContent(w, r, name, info.ModTime(), f)
}
