package sprites

// steadyQueueWork is the fills' work between two carryings out of Ebitengine's queue once the
// game is showing frames: the desktop's from the start (queuework.go), the browser's after its
// first frame (queuework_js.go). At 64, painting Es-Sîg's empty board (its squares' numbers and
// words, every glyph a path) queued 40 MB at once, kept by Ebitengine as live heap for the rest
// of the run; at 24 the Es-Sîg soak's live heap was 32–65 MB against 49–73, its resident memory
// 273–366 MB against 296–401 (BENCHMARKS.md, "Memory over a long session").
const steadyQueueWork = 24
