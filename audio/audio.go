// Package audio plays Sig's sound effects: one Ebitengine audio context at 48 kHz, a handful of
// short, dry, wooden sounds synthesized in code at start-up, a master volume and a mute switch.
//
// Sound is best effort. Before Resume (which the scenes call on the first tap, click or key,
// as browsers require) Play is a silent no-op; where no sound device exists (CI, Xvfb, a
// server) the game runs silently. Nothing here returns an error or panics at the caller.
//
// It imports Ebitengine's audio package and nothing of ours; the scenes import it, never the
// other way round.
package audio

import (
	"bytes"
	"fmt"
	"sync"

	eaudio "github.com/hajimehoshi/ebiten/v2/audio"
)

// Sound is one of the game's sound effects.
type Sound int

const (
	// Clatter4 is four sticks thrown: a burst of four wooden clicks.
	Clatter4 Sound = iota
	// Clatter6 is six sticks thrown: a burst of six wooden clicks.
	Clatter6
	// Step is a piece stepping one space: a soft tap.
	Step
	// Seed is a seed dropped into a hole: a pebble click.
	Seed
	// Capture is a piece or seeds taken: a low thud.
	Capture
	// Ghoula is the Ghoula moving: a breathy hiss.
	Ghoula
	// Click is a button pressed in a menu.
	Click

	numSounds
)

func (s Sound) String() string {
	switch s {
	case Clatter4:
		return "Clatter4"
	case Clatter6:
		return "Clatter6"
	case Step:
		return "Step"
	case Seed:
		return "Seed"
	case Capture:
		return "Capture"
	case Ghoula:
		return "Ghoula"
	case Click:
		return "Click"
	}
	return fmt.Sprintf("Sound(%d)", int(s))
}

// SampleRate is the rate of the audio context and of every synthesized sound.
const SampleRate = 48000

// maxVoices caps the sounds playing at once, so a burst (a long sowing at "instant" speed)
// cannot pile up players.
const maxVoices = 12

// defaultVolume is the master volume before the settings say otherwise.
const defaultVolume = 0.8

var (
	mu      sync.Mutex
	volume  = defaultVolume
	muted   bool
	resumed bool
	ctx     *eaudio.Context // nil until Resume found a device
	voices  []*eaudio.Player

	// pcm holds each sound as 32-bit float little-endian stereo, ready for the context, once
	// it has first played (pcmOf).
	pcm [numSounds][]byte
)

// pcmOf is sound s's samples, synthesized the first time it plays rather than at start-up,
// where all of them took a noticeable share of the browser game's time to its first frame
// (1.5 MB of samples, before any sound can play: the context opens on the first tap). mu must
// be held.
func pcmOf(s Sound) []byte {
	if pcm[s] == nil {
		pcm[s] = synthesize(s).bytes()
	}
	return pcm[s]
}

// Play starts sound s at the current volume. It is a silent no-op while muted, before Resume,
// where no sound device exists, or for an unknown sound.
func Play(s Sound) {
	if s < 0 || s >= numSounds {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	if muted || ctx == nil || volume <= 0 {
		return
	}
	reapVoices()
	if len(voices) >= maxVoices {
		return
	}
	p, err := ctx.NewPlayerF32(bytes.NewReader(pcmOf(s)))
	if err != nil {
		return
	}
	p.SetVolume(volume)
	p.Play()
	voices = append(voices, p)
}

// reapVoices closes the players that have finished. mu must be held.
func reapVoices() {
	live := voices[:0]
	for _, p := range voices {
		if p.IsPlaying() {
			live = append(live, p)
			continue
		}
		_ = p.Close()
	}
	clear(voices[len(live):])
	voices = live
}

// SetVolume sets the master volume, clamped to [0, 1]; it applies to the sounds playing too.
func SetVolume(v float64) {
	if v != v { // NaN: keep the volume as it is
		return
	}
	v = min(max(v, 0), 1)
	mu.Lock()
	defer mu.Unlock()
	volume = v
	for _, p := range voices {
		p.SetVolume(v)
	}
}

// Volume is the master volume in [0, 1].
func Volume() float64 {
	mu.Lock()
	defer mu.Unlock()
	return volume
}

// SetMuted silences every sound (and stops the ones playing) or lets them be heard again.
func SetMuted(m bool) {
	mu.Lock()
	defer mu.Unlock()
	muted = m
	if m {
		for _, p := range voices {
			p.Pause()
			_ = p.Close()
		}
		clear(voices)
		voices = voices[:0]
	}
}

// Muted reports whether sound is muted.
func Muted() bool {
	mu.Lock()
	defer mu.Unlock()
	return muted
}

// Resume lets sound start: the scenes call it on the first tap, click or key press. It opens
// the audio context once, if a sound device exists; calling it again does nothing.
func Resume() {
	mu.Lock()
	if resumed {
		mu.Unlock()
		return
	}
	resumed = true
	mu.Unlock()
	openContext()
}

// setContext installs the opened audio context (nil: no device, stay silent).
func setContext(c *eaudio.Context) {
	mu.Lock()
	ctx = c
	mu.Unlock()
}

// newContext returns the process's audio context, creating it if nobody has yet.
func newContext() *eaudio.Context {
	if c := eaudio.CurrentContext(); c != nil {
		return c
	}
	return eaudio.NewContext(SampleRate)
}
