package server

import (
	"strings"
	"testing"
	"time"

	"sig/wire"
)

// seatedNames are the names the seated events of p's match gave, by seat.
func seatedNames(p *player) map[int]string {
	names := map[int]string{}
	for _, ev := range p.events {
		if ev.Kind == wire.EvSeated {
			names[ev.Seat] = ev.Name
		}
	}
	return names
}

// TestSeatedNames: the name a player gives with create, join or quick is carried to the table
// by its seat's seated event; a name too long or with a control character is refused.
func TestSeatedNames(t *testing.T) {
	srv := openServer(t, Config{}, "")
	mk := func(name string) *player { return sessionPlayer(t, srv, name) }
	host := mk("host")
	host.send(wire.ClientMsg{T: wire.TCreate, Game: "seega", Players: 2, Seats: people(2), Name: "Amira"})
	c := host.expect(wire.TCreated)
	guest := mk("guest")
	guest.refused(wire.ClientMsg{T: wire.TJoin, Code: c.Invites[0].Code, Name: "Bi\nlal"}, wire.ReasonBadField)
	guest.refused(wire.ClientMsg{T: wire.TJoin, Code: c.Invites[0].Code, Name: strings.Repeat("é", wire.MaxName+1)}, wire.ReasonBadField)
	guest.send(wire.ClientMsg{T: wire.TJoin, Code: c.Invites[0].Code, Name: "Bilal"})
	guest.expect(wire.TJoined)
	host.waitSeq(3)
	if got := seatedNames(host); got[0] != "Amira" || got[1] != "Bilal" {
		t.Fatalf("the host's seated events name %v", got)
	}

	a, b := mk("a"), mk("b")
	a.send(wire.ClientMsg{T: wire.TQuick, Game: "seega", Name: "Yusra"})
	a.expect(wire.TQueued)
	b.send(wire.ClientMsg{T: wire.TQuick, Game: "seega", Name: "Tariq"})
	b.expect(wire.TJoined)
	deadline := time.Now().Add(10 * time.Second)
	for len(seatedNames(b)) < 2 && time.Now().Before(deadline) {
		b.pump(100 * time.Millisecond)
	}
	if got := seatedNames(b); got[0] != "Yusra" || got[1] != "Tariq" {
		t.Fatalf("a quick match's seated events name %v", got)
	}
}
