//go:build js

package sprites

import "github.com/hajimehoshi/ebiten/v2"

// noticePath counts a path for a test's watch (paths_callers.go), and tests do not run in
// the browser: the browser's download carries no watch.
func noticePath(*ebiten.Image) {}
