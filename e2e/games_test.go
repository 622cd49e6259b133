//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"sig/rules"
	"sig/rules/games"
	"sig/rules/sadeqa"
	"sig/rules/seega"
	"sig/rules/sigeloued"
)

// instant are the settings the runs that skip the settings scene start with (localStorage,
// for speed only): animations at Instant, sound off.
const instant = `{"muted":true,"volume":0.8,"speed":3,"reduced_motion":false,"lang":"en","hints":true}`

// muted are a first visit's settings with the sound off, for the run that sets the speed in
// the settings scene. Sound stays off in these runs: with sound on, the page stopped answering
// within a second of the first click in headless Chromium (TestBrowserSound checks that case).
const muted = `{"muted":true,"volume":0.8,"speed":1,"reduced_motion":false,"lang":"en","hints":true}`

// shortest as a run's seed picks, of page seeds 1 to 300, the one whose game gives the person
// the fewest throws: in Sig wa Duqqan nobody decides anything, so the seed decides the whole
// game, and a short one keeps the run (a whole game to the results, every throw checked) quick.
const shortest = -1

// firstMatchSeed is the seed of the first match started from the menus of a page opened with
// ?seed=seed: the app draws it from a generator seeded so (scenes.Manager.nextSeed). The run
// checks the hook's seed against it, so a change there fails loudly rather than silently
// playing a longer game.
func firstMatchSeed(seed int) int64 {
	return int64(rand.New(rand.NewPCG(uint64(seed), 0x5349_47)).Uint64() >> 1)
}

// shortestSeed finds that page seed for game g with players players, the person in seat 0.
func shortestSeed(t *testing.T, g *rules.Info, players int) int {
	best, fewest := 0, 0
	for seed := 1; seed <= 300; seed++ {
		m, err := rules.NewMatch(g, players, firstMatchSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for k := 0; k < 5000 && m.State.Phase() == rules.PhaseThrow; k++ {
			if m.State.ToMove() == 0 {
				n++
			}
			mv, _, err := m.Throw()
			if err == nil {
				err = m.PlayMove(mv, nil)
			}
			if err != nil {
				t.Fatalf("%s seed %d: %v", g.ID, seed, err)
			}
		}
		if m.State.Phase() != rules.PhaseOver {
			t.Fatalf("%s seed %d: a decision is due; shortest is for games of throws only", g.ID, seed)
		}
		if best == 0 || n < fewest {
			best, fewest = seed, n
		}
	}
	return best
}

// run is one browser game: a game, who sits where ("human" or a computer level), how the page
// is driven.
type run struct {
	name        string
	game        string
	seats       []string
	seed        int
	phone       bool // a portrait phone, touch events only
	viaSettings bool // set the speed in the settings scene (else pre-seeded)
	keyThrows   bool // throw with the space bar
	pauseAtStep int  // press Escape at this step and resume from the pause scene (0: never)
}

var runs = []run{
	{name: "seega", game: "seega", seats: []string{"human", "easy"}, seed: 11, viaSettings: true, pauseAtStep: 5},
	{name: "sadeqa", game: "sadeqa", seats: []string{"human", "easy"}, seed: 12},
	{name: "sig-el-oued", game: "sig-el-oued", seats: []string{"human", "easy"}, seed: 13},
	{name: "es-sig", game: "es-sig", seats: []string{"human", "easy"}, seed: 14, keyThrows: true},
	{name: "sig-wa-duqqan", game: "sig-wa-duqqan", seats: []string{"human", "easy"}, seed: shortest},
	{name: "hotseat-sig-el-oued", game: "sig-el-oued", seats: []string{"human", "human"}, seed: 16},
	{name: "phone-sadeqa", game: "sadeqa", seats: []string{"human", "easy"}, seed: 17, phone: true},
}

// TestBrowserGames plays every game from the title to the results and back to the menu in
// headless Chromium, through pointer, touch and key events only, checking the match against
// the rules engine after every action.
func TestBrowserGames(t *testing.T) {
	url := site(t)
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			start := time.Now()
			ctx := newBrowser(t, 12*time.Minute)
			settings := instant
			if r.viaSettings {
				settings = muted
			}
			g, ok := games.Lookup(r.game)
			if !ok {
				t.Fatalf("no game %q", r.game)
			}
			want := int64(0)
			if r.seed == shortest {
				r.seed = shortestSeed(t, g, len(r.seats))
				want = firstMatchSeed(r.seed)
				t.Logf("%s: page seed %d, the shortest game of 1-300", r.name, r.seed)
			}
			p := openPage(t, ctx, r.name, fmt.Sprintf("%s?seed=%d", url, r.seed), r.phone, settings)
			// Compared as doubles: the seed crosses JavaScript as a number, exact to 53 bits.
			if v := startGame(p, g, r.seats, r.viaSettings); want != 0 && float64(v.Seed) != float64(want) {
				t.Fatalf("%s: the match's seed is %d; from page seed %d the test expected %d (has the app's seeding changed? see firstMatchSeed)", r.name, v.Seed, r.seed, want)
			}
			steps := playToResults(p, g, r)
			p.tap("button:menu")
			p.waitScene("title")
			t.Logf("%s: %d steps, %d taps and keys, %.1f s; screenshots in %s", r.name, steps, p.actions, time.Since(start).Seconds(), artifacts(t))
		})
	}
}

// startGame goes from the title (through the settings, when asked) to the game's setup,
// seats the players and starts; it returns the hook's view of the new game.
func startGame(p *browserPage, g *rules.Info, seats []string, viaSettings bool) view {
	p.t.Helper()
	p.waitScene("title")
	p.shot("title")
	if viaSettings {
		p.tap("button:settings")
		p.waitScene("settings")
		p.shot("settings")
		p.tap("button:speed-Instant")
		if v := p.hook(); v.Speed != "Instant" {
			p.t.Fatalf("%s: tapped speed-Instant in the settings; the speed is %q", p.name, v.Speed)
		}
		p.tap("button:back")
		p.waitScene("title")
	} else if v := p.hook(); v.Speed != "Instant" {
		p.t.Fatalf("%s: the pre-seeded settings were not read: speed %q", p.name, v.Speed)
	}
	p.tap("button:play")
	p.waitScene("picker")
	p.shot("picker")
	p.tap("button:" + g.ID)
	p.waitScene("setup")
	p.shot("setup")
	for k := g.DefaultPlayers; k > len(seats); k-- {
		p.tap("button:fewer")
	}
	for k := g.DefaultPlayers; k < len(seats); k++ {
		p.tap("button:more")
	}
	for i, s := range seats {
		p.tap(fmt.Sprintf("button:%s-%d", s, i))
	}
	p.shot("setup-seated")
	p.tap("button:start")
	v := p.waitFor("the play scene, or the card before a game in progress ends", func(v view) bool {
		return (v.Scene == "play" || v.Scene == "discard") && !v.Fading
	}, 90*time.Second)
	if v.Scene == "discard" {
		p.shot("setup-discard")
		p.tap("button:discard")
		v = p.waitFor("the play scene", func(v view) bool { return v.Scene == "play" && !v.Fading }, 90*time.Second)
	}
	c := v.common()
	if c.Game != g.ID || c.Players != len(seats) || len(v.Moves) != 0 {
		p.t.Fatalf("%s: started %s with %d players and %d moves; want %s, %d players, none played", p.name, c.Game, c.Players, len(v.Moves), g.ID, len(seats))
	}
	return v
}

// playToResults plays the match to the results scene: throws with the throw button (or the
// space bar), decisions picked at random (seeded) from the legal ones and made by tapping the
// board. After each action it checks that the record grew by what was tapped and that the
// STATE is the engine's after replaying the record. It returns the number of steps.
func playToResults(p *browserPage, g *rules.Info, r run) int {
	p.t.Helper()
	rng := rand.New(rand.NewPCG(uint64(r.seed), 6))
	var eng *rules.Match
	followed := 0
	step := 0
	var pace rates
	for ; ; step++ {
		if step > 3000 {
			p.t.Fatalf("%s: no end after %d steps", p.name, step)
		}
		v := p.waitFor("a person's turn or the results", view.settled, 180*time.Second)
		if eng == nil {
			var err error
			if eng, err = rules.NewMatch(g, v.common().Players, v.Seed); err != nil {
				p.t.Fatal(err)
			}
		}
		followed = follow(p, eng, v, followed)
		if v.Scene == "results" {
			break
		}
		if v.Scene != "play" {
			p.t.Fatalf("%s: in the middle of the game the app shows %q", p.name, v.Scene)
		}
		if step%20 == 0 {
			p.t.Logf("%s: step %d, %d moves, phase %s (%s; load average %s)", p.name, step, len(v.Moves), v.common().Phase, pace.since(v), loadAverage())
		}
		switch step {
		case 4:
			p.shot("play")
		case 40:
			p.shot("play-later")
		}
		if step == r.pauseAtStep && r.pauseAtStep > 0 {
			p.key("Escape")
			p.waitScene("pause")
			p.shot("pause")
			p.tap("button:resume")
			p.waitFor("the play scene again", func(v view) bool { return v.Scene == "play" && !v.Fading }, 90*time.Second)
			continue
		}
		c := v.common()
		before := len(v.Moves)
		want := ""
		switch c.Phase {
		case "throw":
			if r.keyThrows {
				p.key("Space")
			} else {
				p.tap("button:throw")
			}
		case "move":
			if len(v.Legal) == 0 {
				p.t.Fatalf("%s: a person's move is due and the hook lists no legal decision", p.name)
			}
			want = v.Legal[rng.IntN(len(v.Legal))]
			playMove(p, v, want)
		default:
			p.t.Fatalf("%s: phase %q at rest", p.name, c.Phase)
		}
		after := p.waitFor("the action in the record", func(v view) bool { return len(v.Moves) > before }, 90*time.Second)
		got := after.Moves[before]
		if (want == "" && !strings.HasPrefix(got, "throw ")) || (want != "" && got != want) {
			if want == "" {
				want = "a throw"
			}
			p.t.Fatalf("%s: step %d: tapped for %q; the record says %q", p.name, step, want, got)
		}
	}
	v := p.hook()
	c := v.common()
	if c.Phase != "over" || len(c.Ranks) != c.Players {
		p.t.Fatalf("%s: the results scene over a game at phase %q, ranks %v", p.name, c.Phase, c.Ranks)
	}
	p.shot("results")
	p.t.Logf("%s: over after %d moves; ranks %v", p.name, len(v.Moves), c.Ranks)
	return step
}

// follow replays the moves the app added to its record since the last call on the engine's own
// match, and checks the app's STATE is the engine's. It returns how many it has replayed.
func follow(p *browserPage, eng *rules.Match, v view, done int) int {
	p.t.Helper()
	if len(v.Moves) < done {
		p.t.Fatalf("%s: the record shrank from %d to %d moves", p.name, done, len(v.Moves))
	}
	for _, mv := range v.Moves[done:] {
		if _, err := eng.Play(mv); err != nil {
			p.t.Fatalf("%s: the engine refuses the app's move %q: %v", p.name, mv, err)
		}
	}
	var app, want any
	if err := json.Unmarshal(v.State, &app); err != nil {
		p.t.Fatalf("%s: STATE: %v", p.name, err)
	}
	b, _ := json.Marshal(eng.State.Wire())
	json.Unmarshal(b, &want)
	if !reflect.DeepEqual(app, want) {
		p.t.Fatalf("%s: after %d moves the app's STATE differs from the engine's replay of its record:\napp:    %s\nengine: %s", p.name, len(v.Moves), v.State, b)
	}
	return len(v.Moves)
}

// playMove makes the decision mv (in the protocol's spelling) by tapping the board.
func playMove(p *browserPage, v view, mv string) {
	p.t.Helper()
	switch v.Game {
	case "seega":
		from, to, step := strings.Cut(mv, "-")
		p.tap(seegaCell(p, from))
		if step {
			p.tap(seegaCell(p, to))
		}
	case "sadeqa":
		k, err := strconv.Atoi(mv)
		if err != nil || k < 1 || k > sadeqa.RowHoles {
			p.t.Fatalf("%s: Sadeqa move %q", p.name, mv)
		}
		p.tap("hole:" + strconv.Itoa(sadeqa.Hole(v.common().ToMove, k)))
	case "sig-el-oued":
		name, free := strings.CutPrefix(mv, "free-all ")
		sq := -1
		for i := range sigeloued.Squares {
			if sigeloued.SquareName(i) == name {
				sq = i
			}
		}
		if sq < 0 {
			p.t.Fatalf("%s: El Oued move %q names no square", p.name, mv)
		}
		p.tap("cell:" + strconv.Itoa(sq))
		switch {
		case free:
			p.tap("choice:free")
		case slices.Contains(v.Legal, "free-all "+name):
			p.tap("choice:move") // the piece can free all: the board asks which
		}
	case "es-sig":
		dir, ok := strings.CutPrefix(mv, "ghula ")
		if !ok {
			p.t.Fatalf("%s: Es-Sîg move %q", p.name, mv)
		}
		p.tap("ghula:" + dir)
	default:
		p.t.Fatalf("%s: no decisions expected in %s (move %q)", p.name, v.Game, mv)
	}
}

func seegaCell(p *browserPage, name string) string {
	sq, err := seega.ParseSquare(name)
	if err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
	return "cell:" + strconv.Itoa(sq)
}

// rates says how fast the page ran since the last call: the app's ticks and frames a second,
// so that a slow run's log shows where its time went.
type rates struct {
	at   time.Time
	work view
}

func (r *rates) since(v view) string {
	now := time.Now()
	defer func() { r.at, r.work = now, v }()
	if r.at.IsZero() {
		return "started"
	}
	secs := now.Sub(r.at).Seconds()
	return fmt.Sprintf("%.0f ticks/s, %.1f frames/s over %.0f s", float64(v.Work.Updates-r.work.Work.Updates)/secs,
		float64(v.Work.Draws-r.work.Work.Draws)/secs, secs)
}
