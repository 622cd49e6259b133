//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"sig/rules"
)

// onlineView is the hook's "online" (scenes.HookOnline).
type onlineView struct {
	Status   string   `json:"status"`
	Seat     int      `json:"seat"`
	Round    int      `json:"round"`
	Presence []string `json:"presence"`
	Behind   int      `json:"behind"`
	Note     string   `json:"note"`
	Fair     string   `json:"fair"`
}

func onlineOn(p *browserPage) *onlineView {
	p.t.Helper()
	var o *onlineView
	json.Unmarshal([]byte(eval[string](p, `JSON.stringify(sig().online || null)`)), &o)
	return o
}

// netConditions is DevTools' network emulation (Network.emulateNetworkConditions): offline
// cuts the page's connections, the WebSocket's included.
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

func (p *browserPage) offline(off bool) {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, networkEnable, struct{}{}); err != nil {
		p.t.Fatalf("%s: Network.enable: %v", p.name, err)
	}
	if _, err := chromedp.Call(p.ctx, emulateNetwork, netConditions{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		p.t.Fatalf("%s: network emulation: %v", p.name, err)
	}
}

// inPlay waits for p to show the online match being played.
func inPlay(p *browserPage) view {
	p.t.Helper()
	return p.waitFor("the online match in play", func(v view) bool { return v.Scene == "play" && !v.Fading }, 120*time.Second)
}

// sameState fails unless the pages show the same position (the protocol's STATE).
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

// engineState is the STATE cmd/sigengine gives for the record (game, players, moves).
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

// TestBrowserOnlineMatch: two Chromium pages play a whole Seega match on a real sigserver,
// through the invite link and the join; a spectator page watches it. Midway the friend's page
// is reloaded and takes its seat back; later the host's network is cut for ten seconds and the
// match resumes. At the end the three pages show the same position, which is the one
// cmd/sigengine gives for the match's record, and no move was lost or played twice.
func TestBrowserOnlineMatch(t *testing.T) {
	url := matchSite(t)
	host := openPage(t, newBrowser(t, 12*time.Minute), "host", url, false, instant)
	hl := createMatch(host)
	friend := openPage(t, newBrowser(t, 12*time.Minute), "friend", hl.Link, false, instant)
	waitLobby(friend, "the friend's seat", func(l *lobbyHook) bool { return l.Seat == 1 })
	waitLobby(host, "the friend to show as here", func(l *lobbyHook) bool { return len(l.Seats) == 2 && l.Seats[1] == "here" })
	host.tap("button:start")
	inPlay(host)
	inPlay(friend)
	fan := openPage(t, newBrowser(t, 12*time.Minute), "fan", url+"?watch="+hl.Match, false, instant)
	inPlay(fan)
	if o := onlineOn(fan); o == nil || o.Seat != -1 {
		t.Fatalf("the spectator's page: %+v", o)
	}

	rng := rand.New(rand.NewPCG(5, 17))
	pages := []*browserPage{host, friend}
	reloaded, cut := false, false
	var longest []string
	for step := 0; ; step++ {
		if step > 600 {
			t.Fatalf("no end after %d steps (%d moves)", step, len(longest))
		}
		over := 0
		for _, p := range pages {
			v := p.hook()
			if len(v.Moves) > len(longest) {
				longest = v.Moves
			}
			if v.Scene == "results" {
				over++
				continue
			}
			if v.Scene != "play" || !v.Human || v.Busy || v.Fading {
				continue
			}
			c := v.common()
			if c.Phase != "move" || len(v.Legal) == 0 {
				continue
			}
			playMove(p, v, v.Legal[rng.IntN(len(v.Legal))])
		}
		if over == len(pages) {
			break
		}
		switch {
		case !reloaded && len(longest) >= 10:
			// The friend reloads: the page takes its seat back from what it kept.
			reloaded = true
			before := len(longest)
			if _, err := chromedp.Run(friend.ctx, chromedp.Reload()); err != nil {
				t.Fatalf("reload: %v", err)
			}
			v := inPlay(friend)
			if o := onlineOn(friend); o == nil || o.Seat != 1 {
				t.Fatalf("after the reload the friend's page holds %+v, not seat 1", o)
			}
			if len(v.Moves) < before {
				t.Fatalf("after the reload the friend's page shows %d moves, %d were played", len(v.Moves), before)
			}
			friend.shot("online-reloaded")
		case !cut && len(longest) >= 24:
			// The host's network goes for ten seconds; the friend plays on meanwhile if it can.
			cut = true
			host.offline(true)
			saw := false
			for until := time.Now().Add(10 * time.Second); time.Now().Before(until); time.Sleep(250 * time.Millisecond) {
				if o := onlineOn(host); o != nil && o.Status == "reconnecting" {
					if !saw {
						host.shot("online-reconnecting")
					}
					saw = true
				}
			}
			host.offline(false)
			t.Logf("during the cut the host's page showed reconnecting: %v", saw)
			host.waitFor("the host connected again", func(v view) bool {
				o := onlineOn(host)
				return o != nil && o.Status == "connected"
			}, 60*time.Second)
		}
		time.Sleep(30 * time.Millisecond)
	}
	if !reloaded || !cut {
		t.Fatalf("the match ended after %d moves, before the reload (%v) and the cut (%v)", len(longest), reloaded, cut)
	}
	views := map[string]view{}
	for _, p := range []*browserPage{host, friend, fan} {
		v := p.waitFor("the results", func(v view) bool { return v.Scene == "results" }, 120*time.Second)
		if strings.Join(v.Moves, " ") != strings.Join(longest, " ") {
			t.Fatalf("%s's record differs:\n%v\n%v", p.name, v.Moves, longest)
		}
		views[p.name] = v
		p.shot("online-results")
	}
	sameState(t, "at the end", views)
	views["sigengine"] = view{State: engineState(t, "seega", 2, longest)}
	sameState(t, "the engine's replay of the record", views)
}
