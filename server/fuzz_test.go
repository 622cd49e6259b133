package server

import (
	"testing"
	"time"

	"sig/wire"
)

// FuzzHandle sends anything as a seated player's message in a game under way: nothing crashes,
// every event stored is one the rules accept (both players' own copies of the game check each
// move), and both players still see the same events.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"v":1,"t":"move","move":"throw"}`, `{"v":1,"t":"move","move":"c3"}`, `{"v":1,"t":"move","move":"throw 3"}`,
		`{"v":1,"t":"emote","emote":"wow"}`, `{"v":1,"t":"choose","seat":1,"choice":"end"}`, `{"v":1,"t":"rematch"}`,
		`{"v":1,"t":"start"}`, `{"v":1,"t":"join","code":"AAAA-AAAA"}`, `{"v":1,"t":"resume","match":"x","key":"y","last":99}`,
		`{"v":1,"t":"move","move":"a1-a2"}`, `{"v":1,"t":"move","move":"99"}`, `{"v":1,"t":"move","move":"e1 a1"}`,
	} {
		f.Add([]byte(s), true)
		f.Add([]byte(s), false)
	}
	srv := openServer(f, Config{}, "")
	var ps []*player
	fresh := func() {
		mk := func(name string) *player { return sessionPlayer(f, srv, name) }
		ps = table(f, "sig-el-oued", 2, mk)
	}
	fresh()
	f.Fuzz(func(t *testing.T, b []byte, host bool) {
		for _, p := range ps {
			p.t = t
		}
		if ps[0].over() || ps[0].l.(*sessionLink).s.isClosed() || ps[1].l.(*sessionLink).s.isClosed() {
			for _, p := range ps {
				p.t = f
			}
			fresh()
			for _, p := range ps {
				p.t = t
			}
		}
		p := ps[1]
		if host {
			p = ps[0]
		}
		p.l.sendRaw(b)
		for _, q := range ps {
			q.drain(3 * time.Millisecond)
		}
		// Both players' copies agree on what was stored.
		a, c := ps[0], ps[1]
		n := min(a.last(), c.last())
		for i := int64(0); i < n; i++ {
			if a.events[i].Move != c.events[i].Move || a.events[i].Kind != c.events[i].Kind {
				t.Fatalf("event %d differs: %+v / %+v", i+1, a.events[i], c.events[i])
			}
		}
		for _, q := range ps {
			for _, m := range q.others {
				if m.T == wire.TRefused && (m.Reason == "" || m.Text == "") {
					t.Fatalf("a refusal without a reason: %+v", m)
				}
			}
		}
	})
}
