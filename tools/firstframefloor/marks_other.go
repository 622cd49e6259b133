//go:build !js

package main

// firstFrameShown does nothing outside the browser (see marks_js.go).
func firstFrameShown() {}

// startupMark does nothing outside the browser (see marks_js.go).
func startupMark(string) {}
