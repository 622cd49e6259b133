//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"sig/rules"
	"sig/rules/games"
)

// onlineView is the hook's "online" (scenes.HookOnline), read on its own so that these tests
// depend only on it.
type onlineView struct {
	Status   string   `json:"status"`
	Seat     int      `json:"seat"`
	Round    int      `json:"round"`
	Presence []string `json:"presence"`
	Behind   int      `json:"behind"`
	Note     string   `json:"note"`
	Fair     string   `json:"fair"`
}

// onlineOn is page p's online match now (nil when it shows none).
func onlineOn(p *browserPage) *onlineView {
	p.t.Helper()
	s := eval[string](p, `JSON.stringify((sig() || {}).online || null)`)
	var o *onlineView
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		p.t.Fatalf("%s: the hook's online does not decode: %v: %.300s", p.name, err, s)
	}
	return o
}

// netConditions is DevTools' network emulation (Network.emulateNetworkConditions): offline
// cuts the page's connections, its WebSocket's included, as a phone losing its signal would.
type netConditions struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

var (
	networkEnable  = cdp.Command[struct{}, cdp.Empty]{Method: "Network.enable"}
	emulateNetwork = cdp.Command[netConditions, cdp.Empty]{Method: "Network.emulateNetworkConditions"}
)

// offline cuts page p's network (off) or gives it back.
func (p *browserPage) offline(off bool) {
	p.t.Helper()
	if _, err := chromedp.Call(p.timeout(), networkEnable, struct{}{}); err != nil {
		p.t.Fatalf("%s: Network.enable: %v", p.name, err)
	}
	if _, err := chromedp.Call(p.timeout(), emulateNetwork, netConditions{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		p.t.Fatalf("%s: network emulation: %v", p.name, err)
	}
}

// reload reloads page p (its address, ?join= and all) and waits, as openPage does, for the
// game's first frame and its hook.
func (p *browserPage) reload() {
	p.t.Helper()
	p.note("reload")
	// The old document is marked, so that only the new one's hook counts.
	eval[bool](p, `window.sigOld = true`)
	if _, err := chromedp.Call(p.timeout(), page.Reload, page.ReloadParams{}); err != nil {
		p.t.Fatalf("%s: reload: %v", p.name, err)
	}
	p.waitNew("the reload")
}

// waitNew waits for a new document's first frame and hook (the old one was marked sigOld).
func (p *browserPage) waitNew(what string) {
	p.t.Helper()
	// The old document answers until it goes: wait for the new one's hook. Evaluating during
	// the navigation may fail (no document to evaluate in): that is waiting, not a failure.
	cond := `document.documentElement.dataset.sigState === 'running' && typeof sig === 'function' && sig() !== null && document.getElementById('sig-loader').hidden && !window.sigOld`
	deadline := time.Now().Add(240 * time.Second)
	var last error
	for {
		ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")"))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
		if c := p.crashed(); c != "" {
			p.t.Fatalf("%s: the game crashed after %s: %s%s", p.name, what, c, p.problems())
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: no first frame and hook within 240 s of %s (last error %v; load average %s)%s", p.name, what, last, loadAverage(), p.console())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// inPlay waits for p to show the online match being played.
func inPlay(p *browserPage) view {
	p.t.Helper()
	return p.waitFor("the online match in play", func(v view) bool { return v.Scene == "play" && !v.Fading && v.Online != nil }, 180*time.Second)
}

// sameState fails unless the views show the same position (the protocol's STATE).
func sameState(t *testing.T, what string, vs map[string]view) {
	t.Helper()
	var first string
	var want any
	for name, v := range vs {
		var got any
		json.Unmarshal(v.State, &got)
		if first == "" {
			first, want = name, got
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %s shows\n%s\n%s shows\n%s", what, name, v.State, first, vs[first].State)
		}
	}
}

// engineState is the STATE cmd/sigengine (the engine protocol, a program of its own) gives for
// the record.
func engineState(t *testing.T, game string, players int, moves []string) json.RawMessage {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "sigengine")
	if msg, err := exec.Command("go", "build", "-C", root(t), "-o", bin, "./cmd/sigengine").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/sigengine: %v\n%s", err, msg)
	}
	rec := rules.Record{Game: game, Players: players, Moves: moves, Version: rules.RecordVersion}
	req, _ := json.Marshal(map[string]any{"cmd": "load", "record": rec})
	cmd := exec.Command(bin)
	cmd.Stdin = bytes.NewReader(append(req, '\n'))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sigengine: %v", err)
	}
	var ans struct {
		OK    bool            `json:"ok"`
		State json.RawMessage `json:"state"`
		Error string          `json:"error"`
	}
	if err := json.Unmarshal(bytes.SplitN(out, []byte("\n"), 2)[0], &ans); err != nil || !ans.OK {
		t.Fatalf("sigengine refuses the match's record: %v %s", err, out)
	}
	return ans.State
}

// due reports whether p's person may decide now in its online match (its view v).
func due(v view) bool {
	return v.Scene == "play" && !v.Fading && v.Online != nil && v.settled()
}

// replay is the match of game g for players after moves, as the rules play it.
func replay(t *testing.T, g *rules.Info, players int, moves []string) *rules.Match {
	t.Helper()
	m, err := rules.NewMatch(g, players, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		if _, err := m.Play(mv); err != nil {
			t.Fatalf("the rules refuse the match's move %q: %v", mv, err)
		}
	}
	return m
}

// capturing picks a decision among legal for the position after moves (game g, players): one
// that captures when there is one, else any; so that a match of Seega ends in a few dozen moves
// rather than wanders for two hundred.
func capturing(t *testing.T, rng *rand.Rand, g *rules.Info, players int, moves, legal []string) string {
	t.Helper()
	m := replay(t, g, players, moves)
	var takes []string
	for _, s := range legal {
		st := m.State.Clone()
		mv, err := st.ParseMove(s)
		if err != nil {
			t.Fatalf("the hook lists %q, which the rules cannot read: %v", s, err)
		}
		var ev rules.Events
		if st.Apply(mv, &ev) != nil {
			continue
		}
		for _, e := range ev {
			if e.Kind == rules.EvCaptured {
				takes = append(takes, s)
				break
			}
		}
	}
	if len(takes) > 0 {
		return takes[rng.IntN(len(takes))]
	}
	return legal[rng.IntN(len(legal))]
}

// feeding picks a decision among legal for the position after moves (game g, players) that
// lets the next player capture at once, else one that captures nothing, else any: the
// friend's page plays so, the host's captures (capturing), and a match of Seega ends in some
// fifty moves rather than wanders for a hundred and fifty (seen: 164 at load 22, 25 minutes).
func feeding(t *testing.T, rng *rand.Rand, g *rules.Info, players int, moves, legal []string) string {
	t.Helper()
	m := replay(t, g, players, moves)
	captures := func(st rules.State, mv rules.Move) (rules.State, bool) {
		st = st.Clone()
		var ev rules.Events
		if st.Apply(mv, &ev) != nil {
			return nil, false
		}
		for _, e := range ev {
			if e.Kind == rules.EvCaptured {
				return st, true
			}
		}
		return st, false
	}
	var feeds, quiet []string
	for _, s := range legal {
		mv, err := m.State.ParseMove(s)
		if err != nil {
			t.Fatalf("the hook lists %q, which the rules cannot read: %v", s, err)
		}
		after, took := captures(m.State, mv)
		if after == nil || took {
			continue
		}
		quiet = append(quiet, s)
		if after.ToMove() == m.State.ToMove() || after.Phase() == rules.PhaseOver {
			continue
		}
		for _, reply := range after.Legal(nil) {
			if _, took := captures(after, reply); took {
				feeds = append(feeds, s)
				break
			}
		}
	}
	switch {
	case len(feeds) > 0:
		return feeds[rng.IntN(len(feeds))]
	case len(quiet) > 0:
		return quiet[rng.IntN(len(quiet))]
	}
	return legal[rng.IntN(len(legal))]
}

// decide makes one decision on p (due, its view v): the one given, or a capturing one, and
// waits until p's record shows it. It returns the move.
func decide(t *testing.T, rng *rand.Rand, p *browserPage, v view, move string) string {
	t.Helper()
	g, _ := games.Lookup(v.Game)
	if move == "" {
		move = capturing(t, rng, g, v.common().Players, v.Moves, v.Legal)
	}
	before := len(v.Moves)
	playMove(p, v, move)
	after := p.waitFor("the decision "+move+" in the record", func(v view) bool { return len(v.Moves) > before }, 120*time.Second)
	if got := after.Moves[before]; got != move {
		t.Fatalf("%s: tapped for %q; the record says %q", p.name, move, got)
	}
	return move
}

// TestBrowserOnline plays online matches in headless Chromium pages against a real sigserver
// started on loopback, the pages going through a proxy of the test's (netproxy_test.go):
//
//   - Seega, whole: the host creates the match from the title; the friend opens the invite
//     link the host's lobby shows and takes the seat; the host starts; a spectator page opens
//     the spectators' link. The proxy refuses one of the friend's moves as a server would refuse
//     a move the page thought legal: the friend's page takes it back and says why, and plays
//     on. The friend's page is reloaded and takes its seat back. The host's network is cut for
//     ten seconds (DevTools' offline emulation) while the friend plays a move and waves; the
//     host's page says it is reconnecting, and the proxy drops the first event its resumed
//     connection carries: the page sees the gap and resumes again. At the end the three pages
//     show the same record and position, which is the one cmd/sigengine gives for the record.
//   - Sig wa Duqqan with four seats: the host and the friend (a second invite link) and two
//     computer seats the server plays: four throws each, the two pages in step with the
//     engine's replay of the record.
//
// Several checks share one match, so that the test takes minutes, not a quarter of an hour.
func TestBrowserOnline(t *testing.T) {
	began := time.Now()
	desktopBin := buildDesktop(t) // meanwhile
	server := matchSite(t)
	px := startProxy(t, server)
	url := px.URL
	host := openPage(t, newBrowser(t, 25*time.Minute), "online-host", url, false, instant)
	hl := createMatch(host)
	if !strings.HasPrefix(hl.Link, url+"?join="+hl.Match+".1.") {
		t.Fatalf("the invite link %q does not lead to this site's match %s, seat 2", hl.Link, hl.Match)
	}
	if len(hl.Seats) != 2 || hl.Seats[1] != "empty" {
		t.Fatalf("the host's lobby before anyone joined: %+v", hl)
	}
	host.shot("lobby")
	t.Logf("the host's lobby after %.0f s (load average %s)", time.Since(began).Seconds(), loadAverage())

	friend := openPage(t, newBrowser(t, 25*time.Minute), "online-friend", hl.Link, false, instant)
	fl := waitLobby(friend, "the friend's seat", func(l *lobbyHook) bool { return l.Seat == 1 && l.Game == "seega" })
	if fl.Match != hl.Match {
		t.Fatalf("the friend is in match %s, the host made %s", fl.Match, hl.Match)
	}
	waitLobby(host, "the friend to show as here", func(l *lobbyHook) bool { return len(l.Seats) == 2 && l.Seats[1] == "here" })
	host.tap("button:start")
	inPlay(host)
	inPlay(friend)
	fan := openPage(t, newBrowser(t, 25*time.Minute), "online-fan", url+"?watch="+hl.Match, false, instant)
	inPlay(fan)
	if o := onlineOn(fan); o == nil || o.Seat != -1 {
		t.Fatalf("the spectator's page: %+v", o)
	}
	t.Logf("three pages at the match after %.0f s (load average %s)", time.Since(began).Seconds(), loadAverage())

	rng := rand.New(rand.NewPCG(5, 17))
	seats := []*browserPage{host, friend}
	var refused, reloaded, cut bool
	var record []string
	for step := 0; ; step++ {
		if step > 2000 {
			t.Fatalf("no end after %d steps (%d moves)", step, len(record))
		}
		vs := []view{host.hook(), friend.hook()}
		for _, v := range vs {
			if len(v.Moves) > len(record) {
				record = v.Moves
			}
		}
		if vs[0].Scene == "results" && vs[1].Scene == "results" {
			break
		}
		who := -1
		for i, v := range vs {
			if due(v) && len(v.Legal) > 0 {
				who = i
			}
		}
		if who < 0 {
			time.Sleep(30 * time.Millisecond)
			continue
		}
		p, v := seats[who], vs[who]
		switch {
		case !refused && who == 1 && len(v.Moves) >= 4:
			// The server refuses a move the friend's page thought legal: the page takes it back
			// and says so; the record stays as it was.
			refused = true
			px.refuseMove(1)
			move := capturing(t, rng, mustGame(t, v.Game), 2, v.Moves, v.Legal)
			before := len(v.Moves)
			playMove(p, v, move)
			w := p.waitFor("the refusal of "+move+" shown", func(w view) bool {
				return w.Online != nil && strings.Contains(w.Online.Note, move) && due(w)
			}, 120*time.Second)
			if len(w.Moves) != before {
				t.Fatalf("the proxy refused the friend's %q; the friend's record went from %d to %d moves: %v", move, before, len(w.Moves), w.Moves)
			}
			if r, _, _ := px.report(); len(r) != 1 {
				t.Fatalf("the proxy refused %v, meant one move of seat 2", r)
			}
			follow(p, mustMatch(t, v.Game, 2), w, 0)
			p.shot("refused")
			t.Logf("the friend's %q refused; the page says %q", move, w.Online.Note)
			continue
		case !reloaded && len(v.Moves) >= 10:
			// The friend reloads: the page takes its seat back from what it kept.
			reloaded = true
			before := len(record)
			friend.reload()
			w := inPlay(friend)
			if w.Online.Seat != 1 {
				t.Fatalf("after the reload the friend's page holds seat %d, not 2", w.Online.Seat+1)
			}
			// The page shows the match from its start event on and plays the replay's moves as
			// they come (seen: 3 of 10 at the first look, at load 50): wait for all of them.
			friend.waitFor(fmt.Sprintf("the %d moves played before the reload", before), func(w view) bool {
				return w.Online != nil && w.Online.Seat == 1 && len(w.Moves) >= before
			}, 120*time.Second)
			friend.shot("reloaded")
			t.Logf("the friend's page reloaded at move %d (%.0f s in)", before, time.Since(began).Seconds())
			continue
		case reloaded && !cut && who == 1 && len(v.Moves) >= 16:
			// The host's network goes for ten seconds while the friend plays and waves.
			cut = true
			px.dropOnResume(0)
			px.block(0, true)
			host.offline(true)
			off := time.Now()
			decide(t, rng, friend, v, "")
			friend.tap("button:emote")
			friend.tap("button:emote-hello")
			// The network stays off ten seconds at least, and until the host's page says it is
			// reconnecting (the friend's taps above can take most of ten seconds on a loaded
			// machine: seen at load 30, the page said so just after).
			saw := false
			for !saw || time.Since(off) < 10*time.Second {
				if o := onlineOn(host); o != nil && o.Status == "reconnecting" && !saw {
					saw = true
					host.shot("reconnecting")
				}
				if !saw && time.Since(off) > 90*time.Second {
					t.Fatalf("the host's page never said it was reconnecting in 90 s offline: %+v", onlineOn(host))
				}
				time.Sleep(100 * time.Millisecond)
			}
			host.offline(false)
			px.block(0, false)
			want := friend.hook().Moves
			host.waitFor("the host connected again with every move", func(v view) bool {
				return v.Online != nil && v.Online.Status == "connected" && len(v.Moves) >= len(want)
			}, 120*time.Second)
			_, dropped, resumes := px.report()
			if len(dropped) != 1 || resumes[0] < 2 {
				t.Fatalf("the proxy dropped events %v and saw %d resumes of the host's seat: want one event dropped and a second resume that brought it", dropped, resumes[0])
			}
			px.mu.Lock()
			away := px.turnedAway
			px.mu.Unlock()
			t.Logf("the host's network cut for ten seconds; %d connections got through DevTools' offline and were turned away by the proxy; its first resume lost event %d, it resumed %d times", away, dropped[0], resumes[0])
			continue
		}
		move := ""
		if who == 1 {
			move = feeding(t, rng, mustGame(t, v.Game), 2, v.Moves, v.Legal)
		}
		decide(t, rng, p, v, move)
	}
	if !refused || !reloaded || !cut {
		t.Fatalf("the match ended after %d moves, before the refusal (%v), the reload (%v) or the cut (%v)", len(record), refused, reloaded, cut)
	}
	views := map[string]view{}
	for _, p := range []*browserPage{host, friend, fan} {
		v := p.waitFor("the results", func(v view) bool { return v.Scene == "results" }, 120*time.Second)
		if strings.Join(v.Moves, " ") != strings.Join(record, " ") {
			t.Fatalf("%s's record differs:\n%v\n%v", p.name, v.Moves, record)
		}
		views[p.name] = v
		p.shot("results")
	}
	sameState(t, "at the end", views)
	views["sigengine"] = view{State: engineState(t, "seega", 2, record)}
	sameState(t, "the engine's replay of the record", views)
	t.Logf("Seega: %d moves, the same on the three pages and in sigengine's replay (%.0f s in, load average %s)", len(record), time.Since(began).Seconds(), loadAverage())

	// Sig wa Duqqan, four seats: the host, the friend, and two computer seats the server plays.
	host.tap("button:menu")
	fan.close()
	hl = createOnline(host, "sig-wa-duqqan", []string{"human", "human", "easy", "medium"})
	if len(hl.Seats) != 4 || hl.Seats[1] != "empty" || hl.Seats[2] != "computer" || hl.Seats[3] != "computer" {
		t.Fatalf("the host's lobby of a four-seat Sig wa Duqqan: %+v", hl)
	}
	friend.navigate(hl.Link)
	waitLobby(friend, "the friend's seat", func(l *lobbyHook) bool { return l.Seat == 1 && l.Game == "sig-wa-duqqan" && l.Match == hl.Match })
	waitLobby(host, "the friend to show as here", func(l *lobbyHook) bool { return len(l.Seats) == 4 && l.Seats[1] == "here" })
	host.shot("lobby-four")
	host.tap("button:start")
	inPlay(host)
	inPlay(friend)
	throws := []int{0, 0}
	for step := 0; throws[0] < 4 || throws[1] < 4; step++ {
		if step > 3000 {
			t.Fatalf("Sig wa Duqqan: %v throws after %d steps", throws, step)
		}
		vs := []view{host.hook(), friend.hook()}
		if vs[0].Scene == "results" || vs[1].Scene == "results" {
			break // a short game: over before four throws each
		}
		moved := false
		for i, v := range vs {
			if !due(v) || v.common().Phase != "throw" {
				continue
			}
			p := seats[i]
			before := len(v.Moves)
			p.tap("button:throw")
			w := p.waitFor("the throw in the record", func(w view) bool { return len(w.Moves) > before }, 120*time.Second)
			if !strings.HasPrefix(w.Moves[before], "throw ") {
				t.Fatalf("%s: tapped Throw; the record says %q", p.name, w.Moves[before])
			}
			throws[i]++
			moved = true
			if throws[i] == 2 && i == 1 {
				p.shot("four-seats")
			}
		}
		if !moved {
			time.Sleep(30 * time.Millisecond)
		}
	}
	// Both pages at rest on the same record: the same position, the engine's.
	var hv, fv view
	host.waitFor("the two pages on the same record", func(v view) bool {
		hv, fv = v, friend.hook()
		return !v.Busy && !fv.Busy && len(v.Moves) > 0 && strings.Join(v.Moves, " ") == strings.Join(fv.Moves, " ")
	}, 120*time.Second)
	byComputer := 0
	eng := mustMatch(t, "sig-wa-duqqan", 4)
	for _, mv := range hv.Moves {
		if eng.State.ToMove() >= 2 {
			byComputer++
		}
		if _, err := eng.Play(mv); err != nil {
			t.Fatalf("the rules refuse the four-seat match's %q: %v", mv, err)
		}
	}
	if byComputer == 0 {
		t.Fatalf("in %d moves the computer seats played none: %v", len(hv.Moves), hv.Moves)
	}
	sameState(t, "Sig wa Duqqan", map[string]view{"host": hv, "friend": fv, "sigengine": {State: engineState(t, "sig-wa-duqqan", 4, hv.Moves)}})
	t.Logf("Sig wa Duqqan, four seats: %d moves (%d by the computer seats; the pages threw %v), the same on both pages and in sigengine's replay (%.0f s in)", len(hv.Moves), byComputer, throws, time.Since(began).Seconds())

	// The desktop build joins a match a browser made, by its code. The friend's page still holds
	// its seat in the four-seat match, and a reload takes a held seat straight back; so this page
	// first forgets that seat, as a second person on the same browser would start afresh.
	eval[bool](friend, `localStorage.removeItem('sig.online-ticket'), true`)
	friend.navigate(url)
	dl := createOnline(friend, "seega", nil)
	desktopJoins(t, <-desktopBin, server, dl)
	friend.tap("button:start")
	inPlay(friend)
	t.Logf("all online checks passed in %.0f s (load average %s)", time.Since(began).Seconds(), loadAverage())
}

// createOnline goes, on p, from the title through Play online, the game's picker and setup
// (seated as given: "human" for an invited person, a computer level; nil leaves the setup's
// own) to the lobby of a new match, and returns the lobby once the server made the match.
func createOnline(p *browserPage, game string, seated []string) *lobbyHook {
	p.t.Helper()
	g := mustGame(p.t, game)
	p.waitScene("title")
	p.tap("button:online")
	p.waitScene("online")
	p.tap("button:create")
	p.waitScene("picker")
	p.tap("button:" + game)
	p.waitScene("setup")
	if seated != nil {
		for k := g.DefaultPlayers; k > len(seated); k-- {
			p.tap("button:fewer")
		}
		for k := g.DefaultPlayers; k < len(seated); k++ {
			p.tap("button:more")
		}
		for i, s := range seated {
			if i > 0 {
				p.tap(fmt.Sprintf("button:%s-%d", s, i))
			}
		}
	}
	p.tap("button:start")
	p.waitScene("lobby")
	return waitLobby(p, "the match's invitation", func(l *lobbyHook) bool { return l.Match != "" && l.Code != "" && l.Link != "" })
}

// navigate opens url in p's tab (a new document) and waits, as openPage does, for the game's
// first frame and its hook.
func (p *browserPage) navigate(url string) {
	p.t.Helper()
	p.note("open " + url)
	eval[bool](p, `window.sigOld = true`)
	if _, err := chromedp.Call(p.timeout(), page.Navigate, page.NavigateParams{URL: url}); err != nil {
		p.t.Fatalf("%s: opening %s: %v", p.name, url, err)
	}
	p.waitNew("opening " + url)
}

// close closes p's browser tab (its page leaves as a closed tab does).
func (p *browserPage) close() {
	p.t.Helper()
	if err := chromedp.Cancel(p.ctx); err != nil {
		p.t.Logf("%s: closing: %v", p.name, err)
	}
}

func mustGame(t *testing.T, id string) *rules.Info {
	t.Helper()
	g, ok := games.Lookup(id)
	if !ok {
		t.Fatalf("no game %q", id)
	}
	return g
}

// mustMatch is a new match of game id for follow to replay a record on.
func mustMatch(t *testing.T, id string, players int) *rules.Match {
	t.Helper()
	m, err := rules.NewMatch(mustGame(t, id), players, 0)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBrowserOnlineOffline: a page holding a seat (the host's, in its lobby) whose network goes
// for ten seconds (DevTools' offline emulation, which leaves an open WebSocket open) ends its
// connection when the browser says it is offline, and resumes its seat once back. The proxy
// sees both: the connection end, and the resume.
func TestBrowserOnlineOffline(t *testing.T) {
	px := startProxy(t, matchSite(t))
	host := openPage(t, newBrowser(t, 10*time.Minute), "offline-host", px.URL, false, instant)
	createMatch(host)
	if n := px.endedFor(0); n != 0 {
		t.Fatalf("the host's connection ended %d times before the cut", n)
	}
	px.block(0, true)
	host.offline(true)
	off := time.Now()
	deadline := off.Add(60 * time.Second)
	for px.endedFor(0) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("offline for a minute, and the host's page still holds its connection (load average %s)%s", loadAverage(), host.console())
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("the host's connection ended %.1f s after the network went", time.Since(off).Seconds())
	for time.Since(off) < 10*time.Second {
		time.Sleep(100 * time.Millisecond)
	}
	host.offline(false)
	px.block(0, false)
	deadline = time.Now().Add(90 * time.Second)
	for {
		_, _, resumes := px.report()
		if resumes[0] > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("back online for 90 s, and the host's page has not resumed its seat (load average %s)%s", loadAverage(), host.console())
		}
		time.Sleep(100 * time.Millisecond)
	}
	waitLobby(host, "the lobby still holding the match", func(l *lobbyHook) bool { return l.Seat == 0 && l.Error == "" })
	px.mu.Lock()
	away := px.turnedAway
	px.mu.Unlock()
	t.Logf("resumed; %d connections got through DevTools' offline and were turned away by the proxy", away)
}
