//go:build js

package sprites

// queueWork in the browser: 64 fills' work between two carryings out of Ebitengine's queue
// (queuework.go has the desktop's). Each carrying out waits for the GPU, which in a browser
// without one (WebGL drawn on the processor) held the game's first frame for a long moment:
// the title's first frame paints fewer than 64 paths and waits for none (BENCHMARKS.md,
// "Session 10 (issue 15): the floor").
const queueWork = 64
