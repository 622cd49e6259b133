//go:build !js

package scenes

// firstFrameShown does nothing outside the browser (see firstframe_js.go).
func firstFrameShown() {}

// startupMark does nothing outside the browser (see firstframe_js.go).
func startupMark(string) {}
