//go:build screens

package scenes

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestFitShots walks TestTextFits's views in one language and size, in a running game, and
// writes each view as a PNG: to see what the text-fit test sees. Under a display:
//
//	SIG_FITSHOTS=/tmp/fit SIG_FIT=390x844/fr/large SIG_FITAT=online go test -tags screens -run TestFitShots ./scenes
//
// (SIG_FITAT, if set, keeps the views whose name holds it.)
func TestFitShots(t *testing.T) {
	dir, which := os.Getenv("SIG_FITSHOTS"), os.Getenv("SIG_FIT")
	if dir == "" || which == "" {
		t.Skip("SIG_FITSHOTS and SIG_FIT are not set")
	}
	var w, h float64
	var l, size string
	if n, _ := fmt.Sscanf(which, "%gx%g/%2s/%s", &w, &h, &l, &size); n < 3 {
		t.Fatalf("SIG_FIT=%q: want WxH/LANG or WxH/LANG/large", which)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	textFitServer = startMatchServer(t)
	fitShots = dir
	defer func() { fitShots = "" }()
	g := &fitWalk{run: func() { checkTextFits(t, w, h, l, size == "large") }}
	ebiten.SetWindowSize(320, 240)
	if err := ebiten.RunGame(g); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
}

// fitWalk runs the walk in its first Update, once the game has started.
type fitWalk struct{ run func() }

func (g *fitWalk) Update() error {
	g.run()
	return ebiten.Termination
}

func (g *fitWalk) Draw(*ebiten.Image)         {}
func (g *fitWalk) Layout(w, h int) (int, int) { return w, h }
