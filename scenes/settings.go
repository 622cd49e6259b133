package scenes

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"unicode"

	"sig/audio"
	"sig/scenes/lang"
	"sig/wire"
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

// Label is the speed's name on screen, in the current language.
func (s Speed) Label() string { return lang.T("speed." + strings.ToLower(s.String())) }

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
	Large   bool    `json:"large_text"` // the larger-text setting
	// Server is the match server Play online uses on a desktop or phone (ws://host:port/ws),
	// set with -server or in Settings; "" for none. The browser build ignores it.
	Server string `json:"server,omitempty"`
	// Name is what this player is called online, typed once in an online match's setup and
	// shown to the table from then on ("": the seat's number).
	Name string `json:"name,omitempty"`
}

// largeText is how much the larger-text setting grows every text.
const largeText = 1.25

// textScale is the factor the settings put on every text's size.
func (s Settings) textScale() float64 {
	if s.Large {
		return largeText
	}
	return 1
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
	s.Name = tableName(s.Name)
	if s.Server != "" {
		if u, err := serverURL(s.Server); err != nil {
			s.Server = "" // a hand-edited file's nonsense is forgotten, not dialled
		} else {
			s.Server = u
		}
	}
}

// apply pushes the sound settings to the audio package and the language to the catalogue.
func (s *Settings) apply() {
	audio.SetVolume(s.Volume)
	audio.SetMuted(s.Muted)
	lang.Set(lang.Lang(s.Lang))
}

// settingsEntry is the store entry of the settings (settings.json, or sig.settings in a browser).
const settingsEntry = "settings"

// loadSettings reads the settings from st; anything unreadable gives the defaults.
func loadSettings(st store) Settings {
	s := defaultSettings()
	// A first run (nothing saved) speaks the system's or the browser's language.
	s.Lang = string(lang.FromLocale(systemLocale()))
	if b, err := st.load(settingsEntry); err == nil && len(b) > 0 {
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
		_ = st.save(settingsEntry, b)
	}
}

// tableName is name as the match server takes it: no control characters, at most
// wire.MaxName characters, no spaces around.
func tableName(name string) string {
	r := []rune(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name))
	if len(r) > wire.MaxName {
		r = r[:wire.MaxName]
	}
	return strings.TrimSpace(string(r))
}
