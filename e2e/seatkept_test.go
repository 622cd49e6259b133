//go:build e2e

package e2e

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
)

// typeKeys types s on p's keyboard, a key at a time, as a person would.
func (p *browserPage) typeKeys(s string) {
	p.t.Helper()
	p.note("type " + s)
	for _, r := range s {
		k := string(r)
		p.keyEvent(input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: k, Text: k})
		p.ticks(1)
		p.keyEvent(input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: k})
		p.ticks(1)
	}
	p.actions++
}

// TestBrowserSeatKept: a page reloaded in the middle of an online match takes its seat back,
// however the seat was taken, with no ?join= in its address: the friend who typed the code on
// the join screen, the host who made the match, and a stranger of a quick match. Each is back
// at its seat of the same match, with the moves played before the reload.
func TestBrowserSeatKept(t *testing.T) {
	url := matchSite(t)
	host := openPage(t, newBrowser(t, 12*time.Minute), "kept-host", url, false, instant)
	hl := createMatch(host)
	friend := openPage(t, newBrowser(t, 12*time.Minute), "kept-friend", url, false, instant)
	friend.waitScene("title")
	friend.tap("button:online")
	friend.waitScene("online")
	friend.tap("button:join")
	friend.waitScene("join")
	friend.typeKeys(strings.ToLower(strings.ReplaceAll(hl.Code, "-", "")))
	friend.key("Enter")
	waitLobby(friend, "the friend's seat", func(l *lobbyHook) bool { return l.Seat == 1 && l.Match == hl.Match })
	waitLobby(host, "the friend to show as here", func(l *lobbyHook) bool { return len(l.Seats) == 2 && l.Seats[1] == "here" })
	host.tap("button:start")
	inPlay(host)
	inPlay(friend)

	// Four placements.
	rng := rand.New(rand.NewPCG(3, 6))
	pages := []*browserPage{host, friend}
	var moves []string
	for deadline := time.Now().Add(5 * time.Minute); len(moves) < 4; {
		if time.Now().After(deadline) {
			t.Fatalf("four placements not played in five minutes: %v", moves)
		}
		for _, p := range pages {
			if v := p.hook(); due(v) && len(v.Legal) > 0 {
				decide(t, rng, p, v, "")
				moves = p.hook().Moves
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	for seat, p := range pages {
		p.reload()
		w := p.waitFor("the seat back after the reload", func(v view) bool {
			return v.Scene == "play" && v.Online != nil && v.Online.Seat == seat && len(v.Moves) >= len(moves)
		}, 180*time.Second)
		if strings.Join(w.Moves[:len(moves)], " ") != strings.Join(moves, " ") {
			t.Fatalf("%s: after the reload the record is %v, was %v", p.name, w.Moves, moves)
		}
		p.shot("reloaded")
		t.Logf("%s: seat %d back after the reload (load average %s)", p.name, seat+1, loadAverage())
	}
	host.close()
	friend.close()

	// Quick match: two strangers paired; one reloads.
	var strangers []*browserPage
	for _, name := range []string{"kept-quick-a", "kept-quick-b"} {
		p := openPage(t, newBrowser(t, 8*time.Minute), name, url, false, instant)
		p.waitScene("title")
		p.tap("button:online")
		p.waitScene("online")
		p.tap("button:quick")
		p.waitScene("picker")
		p.tap("button:seega")
		strangers = append(strangers, p)
	}
	inPlay(strangers[0])
	b := strangers[1]
	seat := inPlay(b).Online.Seat
	b.reload()
	b.waitFor("the stranger's seat back after the reload", func(v view) bool {
		return v.Scene == "play" && v.Online != nil && v.Online.Seat == seat
	}, 180*time.Second)
	b.shot("reloaded")
}
