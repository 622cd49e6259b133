//go:build js

package scenes

import (
	"errors"

	"github.com/hajimehoshi/ebiten/v2"
)

// writePNG is the -screenshot flag's, which the browser has no way to pass: the page has no
// files to write to. Leaving the PNG encoder (and deflate's compressor with it) out of the
// browser build keeps the download within its budget.
func writePNG(*ebiten.Image, string) error {
	return errors.New("screenshots are saved by the desktop build only")
}
