//go:build !js

package sprites

// queueWork on the desktop: 24 fills' work between two carryings out of Ebitengine's queue.
// At 64, painting Es-Sîg's empty board (its squares' numbers and words, every glyph a path)
// queued 40 MB at once, kept by Ebitengine as live heap for the rest of the run; at 24 the
// Es-Sîg soak's live heap was 32–65 MB against 49–73, its resident memory 273–366 MB against
// 296–401 (BENCHMARKS.md, "Memory over a long session", session 10). A carrying out waits for
// the GPU, a short wait with a GPU of the desktop's own.
const queueWork = 24
