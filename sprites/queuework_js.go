//go:build js

package sprites

// queueWork in the browser: 64 fills' work between two carryings out of Ebitengine's queue
// until the game's first frame is shown, then steadyQueueWork, as on the desktop. Each carrying
// out waits for the GPU, which in a browser without one (WebGL drawn on the processor) held
// the game's first frame for a long moment: the title's first frame paints fewer than 64
// paths and waits for none (BENCHMARKS.md, "The browser download and the first frame"). After it, the
// bound is the memory's: what one stretch queues Ebitengine keeps as live heap, and a
// WebAssembly page's memory never shrinks, so the busiest stretch of the whole visit sets it.
// At 64 throughout, painting each game's board the first time raised the page's memory by
// 50-60 MB, to 258 MB after the five games; with steadyQueueWork after the first frame it
// stays at 108 MB (BENCHMARKS.md, "Memory over a long session").
var queueWork = 64

// FirstFrameShown lowers queueWork to steadyQueueWork once the game has shown its first frame
// (scenes calls it then, in the browser only).
func FirstFrameShown() { queueWork = steadyQueueWork }
