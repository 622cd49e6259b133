// Package mobile is the package `ebitenmobile bind` turns into an Android library (.aar) or an
// iOS framework (.xcframework): ./build.sh android and ./build.sh ios run the bind. Its init
// hands the scene manager to Ebitengine's mobile runtime; the host app (an Android Activity or
// an iOS view controller) shows the game view that the bind generates.
//
// It imports the scenes and Ebitengine's mobile package; nothing imports it.
package mobile

import (
	"fmt"

	ebitenmobile "github.com/hajimehoshi/ebiten/v2/mobile"

	"sig/scenes"
)

func init() {
	// The phone decides the size and the language comes from the saved settings, so the
	// configuration is empty: the game opens on its title scene.
	m, err := scenes.New(scenes.Config{})
	if err != nil {
		// There is no one to tell on a phone before the game exists; failing loudly at start-up
		// is the only honest option, and scenes.New does not fail for an empty Config.
		panic(fmt.Sprintf("sig: cannot start the scenes: %v", err))
	}
	ebitenmobile.SetGame(m)
}

// Dummy does nothing. `ebitenmobile bind` needs the bound package to export at least one
// function; this is it.
func Dummy() {}
