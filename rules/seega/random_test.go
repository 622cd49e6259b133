package seega

import (
	"testing"

	"sig/rules/rulestest"
)

func TestRandomGames(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 50
	}
	rulestest.RandomGames(t, Info, 2, n, 2000)
}
