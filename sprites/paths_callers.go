//go:build !js

package sprites

import (
	"fmt"
	"runtime"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// The watch on the paths drawn onto one image is a test's, and tests do not run in the
// browser: the browser's download carries none of it (paths_js.go).

// PathWatch counts the paths filled or stroked straight onto Dst while it is watched, and
// who drew them (the first caller outside this package, as "file:line").
type PathWatch struct {
	Dst     *ebiten.Image
	Count   int
	Callers map[string]int
	views   map[*ebiten.Image]bool // sub-images of Dst told by View: paths on them count too
}

// View tells w that sub is a sub-image of parent (a scrolling view's clip): when parent is
// Dst or one of its views, the paths drawn onto sub count as drawn onto Dst. Ebitengine does
// not say which image a sub-image belongs to.
func (w *PathWatch) View(parent, sub *ebiten.Image) {
	if parent != w.Dst && !w.views[parent] {
		return
	}
	if w.views == nil {
		w.views = map[*ebiten.Image]bool{}
	}
	w.views[sub] = true
}

var watch *PathWatch

// Watch starts counting the paths drawn onto w.Dst; stop ends it. One watch at a time: a
// test's, never the game's.
func Watch(w *PathWatch) (stop func()) {
	if w.Callers == nil {
		w.Callers = map[string]int{}
	}
	watch = w
	return func() { watch = nil }
}

// String lists the callers, most paths first.
func (w *PathWatch) String() string {
	keys := make([]string, 0, len(w.Callers))
	for k := range w.Callers {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if w.Callers[keys[i]] != w.Callers[keys[j]] {
			return w.Callers[keys[i]] > w.Callers[keys[j]]
		}
		return keys[i] < keys[j]
	})
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s ×%d; ", k, w.Callers[k])
	}
	return strings.TrimSuffix(b.String(), "; ")
}

func noticePath(dst *ebiten.Image) {
	if watch == nil || dst != watch.Dst && !watch.views[dst] {
		return
	}
	watch.Count++
	noteCaller(watch)
}

// noteCaller counts the first caller outside this package as "package/file.go:line".
func noteCaller(w *PathWatch) {
	for i := 3; i < 17; i++ {
		_, file, line, ok := runtime.Caller(i)
		if !ok {
			break
		}
		if !strings.Contains(file, "/sprites/") || strings.HasSuffix(file, "_test.go") {
			w.Callers[fmt.Sprintf("%s:%d", trimPath(file), line)]++
			return
		}
	}
	w.Callers["sprites"]++
}

// trimPath keeps a file's last two elements (package/file.go).
func trimPath(file string) string {
	if i := strings.LastIndex(file, "/"); i > 0 {
		if j := strings.LastIndex(file[:i], "/"); j >= 0 {
			return file[j+1:]
		}
	}
	return file
}
