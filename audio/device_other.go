//go:build !linux || android

package audio

// openContext opens the audio context. Outside desktop Linux a device is always there (the
// browser's Web Audio, the phone's, the desktop's); in the browser it starts on the user
// gesture that led to Resume.
func openContext() {
	setContext(newContext())
}
