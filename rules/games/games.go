// Package games is the registry of Sig's five games, in the order the menus show them. It is
// the one place that knows every game package; everything that loops over the games (menus,
// the engine protocol, the generic tests) asks it.
package games

import (
	"sig/rules"
	"sig/rules/essig"
	"sig/rules/sadeqa"
	"sig/rules/seega"
	"sig/rules/sigeloued"
	"sig/rules/sigwaduqqan"
)

var all = []*rules.Info{sigwaduqqan.Info, essig.Info, sigeloued.Info, seega.Info, sadeqa.Info}

// All lists the games in menu order. The slice is the caller's to keep.
func All() []*rules.Info { return append([]*rules.Info(nil), all...) }

// Lookup finds a game by its protocol id ("seega", "sig-wa-duqqan", …).
func Lookup(id string) (*rules.Info, bool) {
	for _, g := range all {
		if g.ID == id {
			return g, true
		}
	}
	return nil, false
}

// IDs lists the protocol ids in menu order.
func IDs() []string {
	ids := make([]string, len(all))
	for i, g := range all {
		ids[i] = g.ID
	}
	return ids
}

// MostPlayers is the most players any of the games seats.
func MostPlayers() int {
	most := 0
	for _, g := range all {
		most = max(most, g.MaxPlayers)
	}
	return most
}
