// Command firstframefloor is the smallest Ebitengine game that reports its first frame to
// Sig's browser page the way Sig does, so that the first-frame harness
// (smoke/firstframe_test.go) can measure the floor: what Ebitengine and the browser's WebGL
// cost before any of Sig's own code runs. The targets are the first frame under 1 s warm and
// 2 s on a first visit; if this program cannot reach them on a machine, neither can Sig.
//
// It opens a 1280×800 window and fills the screen with one colour. Built with the tag
// floortext it also draws one line of text (text/v2, Go Regular) and one image, the least a
// real title needs (text.go; without the tag neither is linked in). Packaged into Sig's site and measured
// (BENCHMARKS.md, "The browser download and the first frame"):
//
//	GOOS=js GOARCH=wasm go build -trimpath -ldflags "-s -w" -o /tmp/floor.wasm ./tools/firstframefloor
//	(or go build -tags floortext … for the text variant)
//	SIG_WASM=/tmp/floor.wasm SIG_DIST=/tmp/floor SIG_GZIP=fast ./build.sh wasm
//	go run ./cmd/sigserve -addr 127.0.0.1:8732 -dir /tmp/floor/web &
//	SIG_SMOKE_SITE=http://127.0.0.1:8732/ go test -tags smoke -run '^$' -bench FirstFrame -benchtime 5x -v ./smoke
//
// On the desktop it runs too (the marks do nothing there), so `go vet ./...` and
// `go build ./...` cover it.
package main

import (
	"fmt"
	"image/color"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
)

// backdrop is the page's own background colour (wasm/index.html's #E9D8B4), so that the fill
// is seen to replace the loading screen.
var backdrop = color.RGBA{0xE9, 0xD8, 0xB4, 0xff}

// floor is the game: nothing but the first frame and the marks around it.
type floor struct {
	updates, draws int
	extra          func(screen *ebiten.Image) // what the variant draws over the fill, or nil
}

func (f *floor) Update() error {
	if f.updates == 0 {
		startupMark("Update")
	}
	f.updates++
	return nil
}

func (f *floor) Draw(screen *ebiten.Image) {
	if f.draws == 0 {
		startupMark("Draw")
	}
	screen.Fill(backdrop)
	if f.extra != nil {
		f.extra(screen)
	}
	if f.draws == 0 {
		firstFrameShown()
	}
	f.draws++
}

// prepare, set by text.go under the tag floortext, makes the variant's font and image before
// the game runs (as Sig prepares its title's) and returns what it draws.
var prepare func() (func(screen *ebiten.Image), error)

func (f *floor) Layout(w, h int) (int, int) { return w, h }

// Package initialisation ends here: every package this one imports (Ebitengine's, with its
// built-in shaders) has been initialised first, as Sig's scenes package marks it.
func init() { startupMark("Init") }

func main() {
	f := &floor{}
	if prepare != nil {
		extra, err := prepare()
		if err != nil {
			fmt.Fprintln(os.Stderr, "firstframefloor:", err)
			os.Exit(2)
		}
		f.extra = extra
	}
	ebiten.SetWindowTitle("Sig: the first-frame floor")
	ebiten.SetWindowSize(1280, 800)
	if err := ebiten.RunGame(f); err != nil {
		fmt.Fprintln(os.Stderr, "firstframefloor:", err)
		os.Exit(1)
	}
}
