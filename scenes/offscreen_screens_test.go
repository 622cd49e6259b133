//go:build screens

package scenes

// forgetDraws does nothing under the screens tag: the tests run a real game there, whose frames
// run the work Ebitengine queued outside them (offscreen_test.go).
func forgetDraws() {}
