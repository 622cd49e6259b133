//go:build js

package sprites

// noteCaller is a test's, and tests do not run in the browser: the browser's download
// carries no caller lookup.
func noteCaller(w *PathWatch) {}
