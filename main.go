// Command sig is Sig: five traditional board games of North and East Africa, with stick dice,
// the Ghoula, and seeds. It reads its flags, opens the window and runs the scenes.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes"
)

func main() {
	cfg, err := parseFlags(os.Args[1:], os.Stderr)
	if err == flag.ErrHelp {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sig:", err)
		os.Exit(2)
	}
	m, err := scenes.New(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sig:", err)
		os.Exit(2)
	}
	ebiten.SetWindowTitle("Sig")
	ebiten.SetWindowSize(cfg.Width, cfg.Height)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(m); err != nil {
		fmt.Fprintln(os.Stderr, "sig:", err)
		os.Exit(1)
	}
}

// parseFlags reads the command line into a configuration; scenes.New checks it against the
// games (unknown game, player count out of range).
func parseFlags(args []string, errs io.Writer) (scenes.Config, error) {
	fs := flag.NewFlagSet("sig", flag.ContinueOnError)
	fs.SetOutput(errs)
	var cfg scenes.Config
	var seats string
	fs.StringVar(&cfg.Game, "game", "", "open this game: sig-wa-duqqan, es-sig, sig-el-oued, seega or sadeqa")
	fs.IntVar(&cfg.Players, "players", 0, "number of players (default: the game's usual number)")
	fs.StringVar(&seats, "seats", "", "who plays, in turn order, e.g. human,ai:hard (starts the game at once)")
	fs.Int64Var(&cfg.Seed, "seed", 0, "seed for the sticks and the computer players (default: from the clock)")
	fs.IntVar(&cfg.Width, "width", 1280, "window width in points")
	fs.IntVar(&cfg.Height, "height", 800, "window height in points")
	fs.StringVar(&cfg.Lang, "lang", "", "language: en, fr or ar (default: the one chosen in settings, else the system's)")
	fs.StringVar(&cfg.Server, "server", "", "the match server for Play online, e.g. 192.168.1.20:8090 or wss://sig.example.org/ws (remembered in Settings)")
	fs.StringVar(&cfg.Join, "join", "", "join an online match: its code (ABCD-EFGH) or invite link")
	fs.StringVar(&cfg.Watch, "watch", "", "watch an online match: its spectator link, or a seat's code")
	fs.StringVar(&cfg.ScreenshotPath, "screenshot", "", "write a PNG of one frame to this path, then quit")
	fs.IntVar(&cfg.ScreenshotFrame, "screenshot-frame", scenes.DefaultScreenshotFrame, "the frame -screenshot captures")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q (flags start with -; see -help)", fs.Arg(0))
	}
	if seats != "" {
		s, err := scenes.ParseSeats(seats)
		if err != nil {
			return cfg, fmt.Errorf("-seats: %w", err)
		}
		cfg.Seats = s
	}
	if cfg.Width < 200 || cfg.Height < 200 || cfg.Width > 16384 || cfg.Height > 16384 {
		return cfg, fmt.Errorf("window size %dx%d: width and height must be 200 to 16384", cfg.Width, cfg.Height)
	}
	if cfg.ScreenshotFrame < 1 {
		return cfg, fmt.Errorf("-screenshot-frame %d: must be 1 or more", cfg.ScreenshotFrame)
	}
	return cfg, nil
}
