//go:build !js

package sprites

// queueWork on the desktop: steadyQueueWork (queuework_steady.go) from the start: a carrying
// out of Ebitengine's queue waits for the GPU, a short wait with a GPU of the desktop's own,
// so the first frame has nothing to save.
const queueWork = steadyQueueWork
