package sprites

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Every path this package fills or strokes goes through fillPath, strokePath or
// fillTriangles, so that a test can count the paths drawn straight onto one image.
//
// Why it matters: a path is not drawn like a picture. Ebitengine fills it through a stencil
// image of its own and then copies the result, so every frame that fills paths onto the screen
// switches the GPU between render targets, and in software rendering (Mesa's llvmpipe, the
// browser's SwiftShader) each switch costs milliseconds; the processor spends more on the
// paths' triangles than on the rest of the frame. Measured on the Ghoula's drag (BENCHMARKS.md):
// 7 frames a second under llvmpipe with the few paths each frame drew on the screen (the
// halo, the last move's marks, the trail, the tray), 38 with those frames skipping them. So a
// frame copies pictures; paths are painted into pictures, once.

// PathWatch counts the paths filled or stroked straight onto Dst while it is watched, and
// who drew them (the first caller outside this package, as "file:line").
type PathWatch struct {
	Dst     *ebiten.Image
	Count   int
	Callers map[string]int
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
	if watch == nil || dst != watch.Dst {
		return
	}
	watch.Count++
	noteCaller(watch)
}

func fillPath(dst *ebiten.Image, p *vector.Path, fo *vector.FillOptions, op *vector.DrawPathOptions) {
	noticePath(dst)
	vector.FillPath(dst, p, fo, op)
}

func strokePath(dst *ebiten.Image, p *vector.Path, so *vector.StrokeOptions, op *vector.DrawPathOptions) {
	noticePath(dst)
	vector.StrokePath(dst, p, so, op)
}

func fillTriangles(dst *ebiten.Image, vs []ebiten.Vertex, is []uint16, src *ebiten.Image, op *ebiten.DrawTrianglesOptions) {
	noticePath(dst)
	dst.DrawTriangles(vs, is, src, op)
}
