// Command sigarena plays games between two computer agents and measures them: wins, draws and
// losses with a 95% interval, mean ranks in the race games, and the time taken per move.
//
//	sigarena -game seega -a hard -b random -n 100 -seed 1
//
// An agent is random (a uniformly random legal move), a level of package ai (easy, medium or
// hard), mcts (package ai's Monte Carlo tree search, with hard's budget, kept for comparison), or
// seer, a measuring instrument for the games with sticks: it knows every throw the match will
// make and plays against its opponent as if that one were random (seer.go), so against random
// it bounds what any player could do. All but random may take their own node budget after a
// colon (hard:200000). Game i seats agent a
// in seat i mod players and agent b in every other seat, so a starts (or sits in each seat of a
// race game) equally often; each match seed (-seed, -seed+1, …) is played once with a in every
// seat, so both sides get the same throws and openings. Without -time every move is fixed by the
// seed and the node budgets, and the whole run can be replayed exactly.
package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"sig/ai"
	"sig/rules"
	"sig/rules/games"
)

// agent is one side of the arena.
type agent struct {
	name   string
	random bool
	seer   bool // knows the match's throws (seer.go)
	level  ai.Level
	method ai.Method
	nodes  int64 // 0: the level's budget
}

func parseAgent(s string) (agent, error) {
	a := agent{name: s}
	name, budget, hasBudget := strings.Cut(s, ":")
	if name == "random" {
		if hasBudget {
			return a, fmt.Errorf("agent %q: random takes no node budget", s)
		}
		a.random = true
		return a, nil
	}
	if name == "seer" {
		a.seer = true
	} else if name == "mcts" {
		a.level, a.method = ai.Hard, ai.MCTS
	} else {
		l, err := ai.ParseLevel(name)
		if err != nil {
			return a, fmt.Errorf("agent %q: one of random, easy, medium, hard, mcts, seer (all but random may take a node budget: hard:200000)", s)
		}
		a.level = l
	}
	if hasBudget {
		n, err := strconv.ParseInt(budget, 10, 64)
		if err != nil || n <= 0 {
			return a, fmt.Errorf("agent %q: the node budget must be a positive whole number", s)
		}
		a.nodes = n
	}
	return a, nil
}

// config is one arena run.
type config struct {
	game    *rules.Info
	players int
	a, b    agent
	n       int
	seed    int64
	limit   time.Duration
	open    int
	jobs    int
	verbose bool
}

// clock sums the thinking of one agent.
type clock struct {
	moves       int
	total, max  time.Duration // wall clock
	cpu, cpuMax time.Duration // CPU time of the searching thread (Linux), robust to a busy machine
	nodes       int64
}

func (c *clock) add(d, cpu time.Duration, nodes int64) {
	c.moves++
	c.total += d
	c.max = max(c.max, d)
	c.cpu += cpu
	c.cpuMax = max(c.cpuMax, cpu)
	c.nodes += nodes
}

func (c *clock) merge(o clock) {
	c.moves += o.moves
	c.total += o.total
	c.max = max(c.max, o.max)
	c.cpu += o.cpu
	c.cpuMax = max(c.cpuMax, o.cpuMax)
	c.nodes += o.nodes
}

// result is one game's outcome.
type result struct {
	ranks  []int
	seatA  int
	clocks [2]clock // a, b
	moves  int
	record uint64 // a hash of the moves, to count distinct games
	err    error
}

// seerThrows is how many of a match's throws the seer is told (far more than a game makes).
const seerThrows = 20_000

// maxMoves guards against a game that never ends.
const maxMoves = 200_000

// play plays game i of the run.
func play(c *config, i int) result {
	seatA := i % c.players
	round := int64(i / c.players)
	m, err := rules.NewMatch(c.game, c.players, c.seed+round)
	if err != nil {
		return result{err: err}
	}
	openRNG := rand.New(rand.NewPCG(uint64(c.seed+round), 0x6f70656e))
	randRNG := rand.New(rand.NewPCG(uint64(c.seed), uint64(i)))
	r := result{seatA: seatA}
	var sr *seer
	throws := 0
	if c.a.seer || c.b.seer {
		sr = newSeer(c.game, c.players, futureThrows(c.game, c.seed+round, seerThrows), 0)
	}
	h := fnv.New64a()
	decisions := 0
	var legal []rules.Move
	for m.State.Phase() != rules.PhaseOver {
		if m.Moves() > maxMoves {
			return result{err: fmt.Errorf("game %d not over after %d moves", i, maxMoves)}
		}
		s := m.State
		var mv rules.Move
		if s.Phase() == rules.PhaseThrow {
			if mv, _, err = m.Throw(); err != nil {
				return result{err: err}
			}
			throws++
		} else {
			legal = s.Legal(legal)
			side := 1
			if s.ToMove() == seatA {
				side = 0
			}
			ag := c.b
			if side == 0 {
				ag = c.a
			}
			switch {
			case decisions < c.open:
				mv = legal[openRNG.IntN(len(legal))]
			case ag.seer:
				unlock := lockThread()
				start, cpu := time.Now(), threadCPU()
				sr.budget = cmp.Or(ag.nodes, seerBudget)
				mv = sr.choose(s, s.ToMove(), throws)
				r.clocks[side].add(time.Since(start), threadCPU()-cpu, sr.nodes)
				unlock()
				if !rules.Contains(legal, mv) {
					return result{err: fmt.Errorf("game %d: the seer chose the illegal move %q in\n%s", i, s.FormatMove(mv), s)}
				}
			case ag.random:
				start := time.Now()
				mv = legal[randRNG.IntN(len(legal))]
				r.clocks[side].add(time.Since(start), 0, 0)
			default:
				o := ai.Options{Level: ag.level, Method: ag.method, Nodes: ag.nodes, Limit: c.limit,
					Seed: c.seed*1_000_003 + int64(i)*16 + int64(s.ToMove())}
				unlock := lockThread()
				start, cpu := time.Now(), threadCPU()
				var st ai.Stats
				mv, st, err = ai.ChooseOptions(s, o)
				r.clocks[side].add(time.Since(start), threadCPU()-cpu, st.Nodes)
				unlock()
				if err != nil {
					return result{err: err}
				}
				if !rules.Contains(legal, mv) {
					return result{err: fmt.Errorf("game %d: agent %s chose the illegal move %q in\n%s", i, ag.name, s.FormatMove(mv), s)}
				}
			}
			decisions++
		}
		fmt.Fprintf(h, "%d,", mv)
		if err := m.PlayMove(mv, nil); err != nil {
			return result{err: fmt.Errorf("game %d: %v", i, err)}
		}
	}
	r.ranks = m.State.Ranks()
	r.moves = m.Moves()
	r.record = h.Sum64()
	return r
}

// run plays every game, c.jobs at a time, and returns the results in game order. Once stop is
// closed no new game starts: the games already finished are returned.
func run(c *config, progress io.Writer, stop <-chan struct{}) ([]result, error) {
	results := make([]result, c.n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range c.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = play(c, i)
				mu.Lock()
				done++
				if c.verbose && results[i].err == nil {
					fmt.Fprintf(progress, "game %d: seat of a %d, ranks %v, %d moves (%d/%d done)\n",
						i, results[i].seatA, results[i].ranks, results[i].moves, done, c.n)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range c.n {
		select {
		case next <- i:
		case <-stop:
			break feed
		}
	}
	close(next)
	wg.Wait()
	played := results[:0]
	for _, r := range results {
		if r.err != nil {
			return nil, r.err
		}
		if r.ranks != nil {
			played = append(played, r)
		}
	}
	return played, nil
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := float64(k) / float64(n)
	nf := float64(n)
	d := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / d
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return centre - half, centre + half
}

// meanCI is the mean of xs and the half-width of its 95% interval (normal approximation).
func meanCI(xs []float64) (float64, float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / n
	if n < 2 {
		return mean, math.Inf(1)
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, 1.959964 * math.Sqrt(ss/(n-1)/n)
}

func report(w io.Writer, c *config, results []result, wall time.Duration) {
	var win, draw, loss int
	var scores, ranksA, ranksB []float64
	var clocks [2]clock
	distinct := map[uint64]bool{}
	moves := 0
	for _, r := range results {
		mine := r.ranks[r.seatA]
		best := math.MaxInt
		for p, rk := range r.ranks {
			if p != r.seatA {
				best = min(best, rk)
				ranksB = append(ranksB, float64(rk))
			}
		}
		switch {
		case mine < best:
			win++
			scores = append(scores, 1)
		case mine == best:
			draw++
			scores = append(scores, 0.5)
		default:
			loss++
			scores = append(scores, 0)
		}
		ranksA = append(ranksA, float64(mine))
		clocks[0].merge(r.clocks[0])
		clocks[1].merge(r.clocks[1])
		distinct[r.record] = true
		moves += r.moves
	}
	n := len(results)
	fmt.Fprintf(w, "%s, %d players, %d games (%d distinct), a=%s b=%s, seed %d", c.game.ID, c.players, n, len(distinct), c.a.name, c.b.name, c.seed)
	if c.open > 0 {
		fmt.Fprintf(w, ", %d random opening decisions", c.open)
	}
	if c.limit > 0 {
		fmt.Fprintf(w, ", time cap %v a move", c.limit)
	}
	fmt.Fprintf(w, ", %.0f moves a game, %v\n", float64(moves)/float64(n), wall.Round(time.Second))
	against := ""
	if c.players > 2 {
		against = " (against the best placed of the others)"
	}
	wl, wh := wilson(win, n)
	sc, sh := meanCI(scores)
	fmt.Fprintf(w, "a: %d wins, %d draws, %d losses%s: win rate %.1f%% (95%% CI %.1f–%.1f%%), score %.1f%% ± %.1f%%\n",
		win, draw, loss, against, 100*float64(win)/float64(n), 100*wl, 100*wh, 100*sc, 100*sh)
	if c.players > 2 {
		ma, ha := meanCI(ranksA)
		mb, hb := meanCI(ranksB)
		fmt.Fprintf(w, "mean rank (1 best, %d worst; %.2f by chance alone): a %.3f ± %.3f, b's seats %.3f ± %.3f\n",
			c.players, float64(c.players+1)/2, ma, ha, mb, hb)
	}
	for side, name := range []string{"a", "b"} {
		ck := clocks[side]
		if ck.moves == 0 {
			fmt.Fprintf(w, "%s: no decisions\n", name)
			continue
		}
		round := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
		fmt.Fprintf(w, "%s (%s): %d decisions, time per move mean %v max %v",
			name, []agent{c.a, c.b}[side].name, ck.moves, round(ck.total/time.Duration(ck.moves)), round(ck.max))
		if ck.cpu > 0 {
			fmt.Fprintf(w, " (CPU mean %v max %v)", round(ck.cpu/time.Duration(ck.moves)), round(ck.cpuMax))
		}
		if ck.nodes > 0 {
			fmt.Fprintf(w, ", %.0f nodes a move, %.0f nodes/s", float64(ck.nodes)/float64(ck.moves), float64(ck.nodes)/ck.total.Seconds())
			if ck.cpu > 0 {
				fmt.Fprintf(w, " (%.0f per CPU second)", float64(ck.nodes)/ck.cpu.Seconds())
			}
		}
		fmt.Fprintln(w)
	}
}

// errUsage marks an error in the flags (exit status 2).
var errUsage = errors.New("usage")

func parse(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("sigarena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "seega", "game id: "+strings.Join(games.IDs(), ", "))
	a := fs.String("a", "hard", "agent a: random, easy, medium, hard, mcts or seer (all but random may add :nodes, e.g. hard:200000)")
	b := fs.String("b", "random", "agent b, as -a")
	n := fs.Int("n", 100, "number of games")
	seed := fs.Int64("seed", 1, "first match seed; game i uses seed + i/players")
	players := fs.Int("players", 0, "number of players (0: the game's default)")
	limit := fs.Duration("time", 0, "cap on the thinking time of one move (0: node budgets only, reproducible)")
	open := fs.Int("open", 0, "number of random decisions that open every game (variety between deterministic agents)")
	jobs := fs.Int("j", 1, "games played at once")
	verbose := fs.Bool("v", false, "print every game's result as it ends (on standard error)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sigarena [flags]\nplays games between two agents and reports how they did.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, flag.ErrHelp
		}
		return nil, errUsage
	}
	bad := func(format string, args ...any) (*config, error) {
		fmt.Fprintf(stderr, "sigarena: "+format+"\n", args...)
		return nil, errUsage
	}
	if fs.NArg() > 0 {
		return bad("unexpected arguments %q (every setting is a flag; see -h)", fs.Args())
	}
	g, ok := games.Lookup(*game)
	if !ok {
		return bad("unknown game %q: one of %s", *game, strings.Join(games.IDs(), ", "))
	}
	c := &config{game: g, n: *n, seed: *seed, limit: *limit, open: *open, jobs: *jobs, verbose: *verbose, players: *players}
	if c.players == 0 {
		c.players = g.DefaultPlayers
	}
	if c.players < g.MinPlayers || c.players > g.MaxPlayers {
		return bad("%s is played by %d to %d players, not %d", g.ID, g.MinPlayers, g.MaxPlayers, c.players)
	}
	var err error
	if c.a, err = parseAgent(*a); err != nil {
		return bad("-a: %v", err)
	}
	if c.b, err = parseAgent(*b); err != nil {
		return bad("-b: %v", err)
	}
	for _, ag := range []agent{c.a, c.b} {
		if ag.seer && (c.players != 2 || g.Sticks.Count() == 0) {
			return bad("the seer knows the throws of two-player games with sticks: not %s with %d players", g.ID, c.players)
		}
	}
	switch {
	case c.n < 1:
		return bad("-n must be at least 1, not %d", c.n)
	case c.limit < 0:
		return bad("-time must not be negative")
	case c.open < 0:
		return bad("-open must not be negative")
	case c.jobs < 1:
		return bad("-j must be at least 1")
	}
	return c, nil
}

func main() {
	c, err := parse(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		os.Exit(2)
	}
	// An interrupt stops starting games; the report covers those finished (a second one quits).
	stop := make(chan struct{})
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		fmt.Fprintln(os.Stderr, "sigarena: interrupted; finishing the games in play (interrupt again to quit)")
		close(stop)
		signal.Reset()
	}()
	start := time.Now()
	results, err := run(c, os.Stderr, stop)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sigarena:", err)
		os.Exit(1)
	}
	if len(results) == 0 {
		fmt.Fprintln(os.Stderr, "sigarena: no game finished")
		os.Exit(1)
	}
	if len(results) < c.n {
		fmt.Fprintf(os.Stdout, "interrupted: %d of %d games played\n", len(results), c.n)
	}
	report(os.Stdout, c, results, time.Since(start))
}
