package scenes

import (
	"encoding/json"
	"fmt"
	"math"

	"sig/audio"
)

// Speed is how fast the play scene animates.
type Speed uint8

const (
	Slow Speed = iota
	Normal
	Fast
	Instant
)

var speedNames = [...]string{"Slow", "Normal", "Fast", "Instant"}

func (s Speed) String() string {
	if int(s) < len(speedNames) {
		return speedNames[s]
	}
	return fmt.Sprintf("Speed(%d)", uint8(s))
}

// Factor is how many seconds of animation one second of play shows (0 for Instant).
func (s Speed) Factor() float64 {
	switch s {
	case Slow:
		return 0.6
	case Fast:
		return 2
	case Instant:
		return 0
	}
	return 1
}

// Settings are the player's choices, remembered between runs.
type Settings struct {
	Muted   bool    `json:"muted"`
	Volume  float64 `json:"volume"` // 0..1
	Speed   Speed   `json:"speed"`
	Reduced bool    `json:"reduced_motion"`
	Lang    string  `json:"lang"`
	Hints   bool    `json:"hints"`
}

// defaultSettings are a first run's settings.
func defaultSettings() Settings {
	return Settings{Volume: 0.8, Speed: Normal, Lang: "en", Hints: true}
}

// sane repairs settings read from a corrupt or foreign file.
func (s *Settings) sane() {
	if math.IsNaN(s.Volume) || s.Volume < 0 || s.Volume > 1 {
		s.Volume = 0.8
	}
	if s.Speed > Instant {
		s.Speed = Normal
	}
	if !available(s.Lang) {
		s.Lang = "en"
	}
}

// apply pushes the sound settings to the audio package.
func (s *Settings) apply() {
	audio.SetVolume(s.Volume)
	audio.SetMuted(s.Muted)
}

// store keeps the settings between runs: a file on desktops and phones, localStorage in the
// browser (store_*.go), nothing in tests.
type store interface {
	load() ([]byte, error)
	save([]byte) error
}

// memStore keeps settings in memory only.
type memStore struct{ b []byte }

func (m *memStore) load() ([]byte, error) { return m.b, nil }
func (m *memStore) save(b []byte) error   { m.b = append(m.b[:0], b...); return nil }

// loadSettings reads the settings from st; anything unreadable gives the defaults.
func loadSettings(st store) Settings {
	s := defaultSettings()
	if b, err := st.load(); err == nil && len(b) > 0 {
		if json.Unmarshal(b, &s) != nil {
			s = defaultSettings()
		}
	}
	s.sane()
	return s
}

// saveSettings writes s; a failure to save is not worth interrupting a game for.
func saveSettings(st store, s Settings) {
	if b, err := json.Marshal(s); err == nil {
		_ = st.save(b)
	}
}
