package scenes

import (
	"fmt"
	"slices"
	"strings"

	"sig/ai"
	"sig/match"
	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
)

// Seat is one player's chair as the setup and the flags choose it: who decides (a person at
// this screen, or the computer at a level; only a computer seat has a level) and the name.
type Seat struct {
	Who  match.Seat // match.Person{} or match.Computer{Level: …}; nil is a person
	Name string     // as typed; "" gives the seat its default name in the language of the moment
}

// who is the seat's decider (a person when none was said).
func (s Seat) who() match.Seat {
	if s.Who == nil {
		return match.Person{}
	}
	return s.Who
}

// here reports whether a person at this screen decides for the seat.
func (s Seat) here() bool { return s.who().Here() }

// elsewhere reports whether the seat is a person deciding on another device (online).
func (s Seat) elsewhere() bool {
	_, computer := s.level()
	return !s.here() && !computer
}

// level is a computer seat's level; ok is false for anyone else.
func (s Seat) level() (l ai.Level, ok bool) {
	c, ok := s.Who.(match.Computer)
	return c.Level, ok
}

// Config is how the app starts (main's flags).
type Config struct {
	Game    string // a game id: open its setup (or play at once, with Seats); "" for the title
	Players int    // the number of players (0: the game's default, or len(Seats))
	Seats   []Seat // who sits where; with Game, the match starts at once
	Seed    int64  // the seed of the throws and of the computer players (0: from the clock)
	Lang    string // the language of the texts: en, fr or ar ("": the saved choice, else the system's)

	// Server is the match server for Play online (desktop: -server; remembered in Settings).
	// The browser build always plays on the server that served its page.
	Server string
	// Join, when set, joins a match at once: an invite link, the token after its ?join=, or a
	// seat's short code (ABCD-EFGH). Watch follows a match as a spectator (a ?watch= link, a
	// match id or a seat's code).
	Join, Watch string

	Width, Height int // the window's size in points (main uses them; the scenes adapt to any)

	// ScreenshotPath, when set, makes the app write frame ScreenshotFrame (default 60) as a PNG
	// to this path and then end the game loop.
	ScreenshotPath  string
	ScreenshotFrame int
}

// DefaultScreenshotFrame is the frame captured when ScreenshotFrame is 0: one second in,
// after the first scene's fade.
const DefaultScreenshotFrame = 60

// available reports whether the texts of language code exist (lang.All lists them).
func available(code string) bool { return lang.Known(code) }

// ParseSeats reads seats spelled as main's -seats flag: comma-separated "human", "ai" or
// "ai:LEVEL" (easy, medium, hard; "computer" is a synonym of "ai"), each optionally followed by
// "=NAME", e.g. "human=Amira,ai:hard".
func ParseSeats(s string) ([]Seat, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("no seats given: use e.g. human,ai:hard")
	}
	parts := strings.Split(s, ",")
	seats := make([]Seat, 0, len(parts))
	for i, p := range parts {
		if strings.TrimSpace(p) == "" {
			return nil, fmt.Errorf("seat %d is empty: use e.g. human,ai:hard", i+1)
		}
		p = strings.TrimSpace(p)
		name := ""
		if k := strings.IndexByte(p, '='); k >= 0 {
			name = strings.TrimSpace(p[k+1:])
			p = strings.TrimSpace(p[:k])
			if name == "" {
				return nil, fmt.Errorf("seat %d (%q): empty name after '='", i+1, parts[i])
			}
			if len([]rune(name)) > maxName {
				return nil, fmt.Errorf("seat %d: the name %q is longer than %d letters", i+1, name, maxName)
			}
		}
		who, err := match.ParseSeat(p)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %v", i+1, err)
		}
		seats = append(seats, Seat{Who: who, Name: name})
	}
	return seats, nil
}

const maxName = 16

// validLevel reports whether l is one of the computer's levels.
func validLevel(l ai.Level) bool { return slices.Contains(ai.Levels, l) }

// check validates cfg against the game registry and returns the game (nil for the title).
func (cfg *Config) check() (*rules.Info, error) {
	if cfg.Lang != "" {
		if !available(cfg.Lang) {
			return nil, fmt.Errorf("unknown language %q (en, fr or ar)", cfg.Lang)
		}
	}
	if cfg.ScreenshotFrame < 0 {
		return nil, fmt.Errorf("screenshot frame %d: must be 1 or more", cfg.ScreenshotFrame)
	}
	if cfg.Server != "" {
		u, err := serverURL(cfg.Server)
		if err != nil {
			return nil, err
		}
		cfg.Server = u
	}
	if cfg.Join != "" && cfg.Watch != "" {
		return nil, fmt.Errorf("join or watch a match, not both")
	}
	if cfg.Join != "" || cfg.Watch != "" {
		if cfg.Game != "" || len(cfg.Seats) != 0 {
			return nil, fmt.Errorf("-join and -watch open an online match: leave out -game and -seats")
		}
		if cfg.Join != "" {
			if _, err := parseInvite(cfg.Join); err != nil {
				return nil, err
			}
		}
		if cfg.Watch != "" {
			if _, err := parseWatch(cfg.Watch); err != nil {
				return nil, err
			}
		}
	}
	if cfg.Game == "" {
		if cfg.Players != 0 || len(cfg.Seats) != 0 {
			return nil, fmt.Errorf("players and seats need a game: add -game (%s)", strings.Join(games.IDs(), ", "))
		}
		return nil, nil
	}
	g, ok := games.Lookup(cfg.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q: choose one of %s", cfg.Game, strings.Join(games.IDs(), ", "))
	}
	n := cfg.Players
	if n == 0 {
		n = len(cfg.Seats)
	}
	if n != 0 && (n < g.MinPlayers || n > g.MaxPlayers) {
		if g.MinPlayers == g.MaxPlayers {
			return nil, fmt.Errorf("%s is played by exactly %d players, not %d", g.Name, g.MinPlayers, n)
		}
		return nil, fmt.Errorf("%s is played by %d to %d players, not %d", g.Name, g.MinPlayers, g.MaxPlayers, n)
	}
	if len(cfg.Seats) != 0 && cfg.Players != 0 && len(cfg.Seats) != cfg.Players {
		return nil, fmt.Errorf("%d seats given for %d players", len(cfg.Seats), cfg.Players)
	}
	for i, s := range cfg.Seats {
		if l, ok := s.level(); ok && !validLevel(l) {
			return nil, fmt.Errorf("seat %d: unknown level %v (easy, medium or hard)", i+1, l)
		}
	}
	return g, nil
}
