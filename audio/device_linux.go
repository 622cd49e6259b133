//go:build linux && !android

package audio

import (
	"sync"

	"github.com/ebitengine/purego"
	"github.com/jfreymuth/pulse"
)

// openContext opens the audio context only where a sound device answers. Ebitengine treats a
// failed device as fatal (the game loop stops with "audio: ... initialization failed"), and
// CI, Xvfb and servers have no device, so the same two backends Ebitengine's driver would try,
// PulseAudio then ALSA, are probed first. The probe runs off the game loop: it may take a few
// milliseconds, and a sound played meanwhile is simply not heard.
func openContext() {
	go func() {
		if pulseAnswers() || alsaAnswers() {
			setContext(newContext())
		}
	}()
}

// pulseAnswers reports whether a PulseAudio (or PipeWire) server accepts a client.
func pulseAnswers() bool {
	c, err := pulse.NewClient(pulse.ClientApplicationName("Sig"))
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// alsaAnswers reports whether ALSA's default playback device opens.
func alsaAnswers() bool {
	var lib uintptr
	for _, name := range []string{"libasound.so.2", "libasound.so"} {
		if h, err := purego.Dlopen(name, purego.RTLD_LAZY|purego.RTLD_GLOBAL); err == nil {
			lib = h
			break
		}
	}
	if lib == 0 {
		return false
	}
	var (
		pcmOpen  func(pcm *uintptr, name string, stream int32, mode int32) int32
		pcmClose func(pcm uintptr) int32
		setErr   func(handler uintptr) int32
	)
	purego.RegisterLibFunc(&pcmOpen, lib, "snd_pcm_open")
	purego.RegisterLibFunc(&pcmClose, lib, "snd_pcm_close")
	purego.RegisterLibFunc(&setErr, lib, "snd_lib_error_set_handler")
	// Without a card, ALSA prints a dozen "cannot find card" lines to standard error for
	// this one question; hush it for the probe, and give ALSA its own handler back after.
	if h := quietHandler(); h != 0 {
		setErr(h)
		defer setErr(0)
	}
	const (
		streamPlayback = 0
		modeNonBlock   = 1 // SND_PCM_NONBLOCK: a busy device says so instead of hanging
	)
	var pcm uintptr
	if pcmOpen(&pcm, "default", streamPlayback, modeNonBlock) < 0 {
		return false
	}
	pcmClose(pcm)
	return true
}

// quietHandler is an ALSA error handler that prints nothing, or 0 where purego cannot make
// callbacks on this processor (ALSA then prints as usual).
func quietHandler() (h uintptr) {
	defer func() {
		if recover() != nil {
			h = 0
		}
	}()
	quietOnce.Do(func() {
		// snd_lib_error_handler_t is variadic; the handler reads none of its arguments.
		quiet = purego.NewCallback(func(file uintptr, line int32, function uintptr, err int32, format uintptr) {})
	})
	return quiet
}

var (
	quietOnce sync.Once
	quiet     uintptr
)
