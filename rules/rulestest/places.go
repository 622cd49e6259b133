package rulestest

import (
	"fmt"

	"sig/rules"
)

// CheckPlaces checks the places the game names for the events ev of one move (Info.Where)
// against the rules' own positions: before the move (the state before) and after it (after).
//
// It follows every piece the events name from event to event, starting from where before
// says it is (rules.Locator), or every place they name from its contents in before
// (rules.Holder): a step must start where its piece is and end where after finds it (unless a
// later event of the move moves it again), a capture must name the square of a piece of the
// opponent, a sowing the hole that now holds the count the event says, and so on. A game whose
// states are neither Locators nor Holders only has its places checked for being places.
func CheckPlaces(before rules.State, ev rules.Events, after rules.State) error {
	g := before.Info()
	if g.Where == nil {
		return fmt.Errorf("%s names no places (Info.Where is nil)", g.ID)
	}
	if loc, ok := before.(rules.Locator); ok {
		return checkPieces(g.Where, loc, ev, after.(rules.Locator))
	}
	if h, ok := before.(rules.Holder); ok {
		return checkHolds(g.Where, h, ev, after.(rules.Holder))
	}
	return nil
}

// named is the ends an event of kind k must name: from, to, or both.
func named(k rules.EventKind) (from, to bool) {
	switch k {
	case rules.EvStep, rules.EvRide, rules.EvDragged, rules.EvGhoulaStep, rules.EvGhoulaReturns:
		return true, true
	case rules.EvPlaced, rules.EvWarana, rules.EvGhoulaAppears, rules.EvTrapped, rules.EvSow, rules.EvFinished:
		return false, true
	case rules.EvSigCounted, rules.EvSeized, rules.EvLift, rules.EvCaptured:
		return true, false
	}
	return false, false
}

// places asks where for e's places and checks that it names exactly the ends e must name.
func places(where rules.WhereFunc, i int, e rules.Event) (from, to rules.Place, err error) {
	from, to = where(e)
	wf, wt := named(e.Kind)
	if (from.Kind != rules.NoPlace) != wf || (to.Kind != rules.NoPlace) != wt {
		return from, to, fmt.Errorf("event %d (%v) names from %v and to %v", i, e, from, to)
	}
	return from, to, nil
}

// checkPieces follows the pieces (and the Ghoula) of a Locator game through ev.
func checkPieces(where rules.WhereFunc, before rules.Locator, ev rules.Events, after rules.Locator) error {
	type key struct{ player, piece int }
	at := map[key]rules.Place{}
	cur := func(k key) rules.Place {
		if p, ok := at[k]; ok {
			return p
		}
		return before.Locate(k.player, k.piece)
	}
	ghoula := key{-1, 0}
	for i, e := range ev {
		from, to, err := places(where, i, e)
		if err != nil {
			return err
		}
		k := key{e.Player, e.Piece}
		is := func(k key, p rules.Place, what string) error {
			if c := cur(k); c != p {
				return fmt.Errorf("event %d (%v) names %v as %s, but the piece is on %v", i, e, p, what, c)
			}
			return nil
		}
		switch e.Kind {
		case rules.EvStep, rules.EvRide, rules.EvDragged:
			if err := is(k, from, "where it sets off"); err != nil {
				return err
			}
			at[k] = to
		case rules.EvGhoulaStep, rules.EvGhoulaReturns:
			if err := is(ghoula, from, "where the Ghoula sets off"); err != nil {
				return err
			}
			at[ghoula] = to
		case rules.EvGhoulaAppears:
			if c := cur(ghoula); c.Kind != rules.NoPlace {
				return fmt.Errorf("event %d (%v): the Ghoula appears but is already on %v", i, e, c)
			}
			at[ghoula] = to
		case rules.EvTrapped, rules.EvFinished:
			if err := is(k, to, "where it stops"); err != nil {
				return err
			}
		case rules.EvSigCounted, rules.EvSeized:
			if err := is(k, from, "where it waits"); err != nil {
				return err
			}
		case rules.EvCaptured:
			victim := key{1 - e.Player, e.Piece}
			if err := is(victim, from, "the square of the capture"); err != nil {
				return err
			}
			at[victim] = rules.Place{}
		}
	}
	for k, p := range at {
		if got := after.Locate(k.player, k.piece); got != p {
			return fmt.Errorf("after the move the events leave player %d's piece %d on %v, but it is on %v", k.player, k.piece, p, got)
		}
	}
	return nil
}

// checkHolds follows the contents of the places a Holder game's events name through ev.
func checkHolds(where rules.WhereFunc, before rules.Holder, ev rules.Events, after rules.Holder) error {
	type content struct{ player, count int }
	in := map[rules.Place]content{}
	cur := func(p rules.Place) content {
		if c, ok := in[p]; ok {
			return c
		}
		pl, n := before.Holds(p)
		return content{pl, n}
	}
	for i, e := range ev {
		from, to, err := places(where, i, e)
		if err != nil {
			return err
		}
		bad := func(p rules.Place, c content, want string) error {
			return fmt.Errorf("event %d (%v) names %v, which holds %d of player %d: %s", i, e, p, c.count, c.player, want)
		}
		switch e.Kind {
		case rules.EvPlaced:
			if c := cur(to); c.count != 0 {
				return bad(to, c, "a piece is placed on an empty square")
			}
			in[to] = content{e.Player, 1}
		case rules.EvStep:
			if c := cur(from); c != (content{e.Player, 1}) {
				return bad(from, c, "a step sets off from the mover's piece")
			}
			if c := cur(to); c.count != 0 {
				return bad(to, c, "a step ends on an empty square")
			}
			in[from], in[to] = content{-1, 0}, content{e.Player, 1}
		case rules.EvCaptured:
			c := cur(from)
			switch {
			case e.Count == 0: // a piece
				if c != (content{1 - e.Player, 1}) {
					return bad(from, c, "a capture takes an opposing piece")
				}
				in[from] = content{-1, 0}
			case c.count < e.Count:
				return bad(from, c, fmt.Sprintf("a capture takes %d seeds", e.Count))
			default:
				in[from] = content{c.player, c.count - e.Count}
			}
		case rules.EvLift:
			if c := cur(from); c.count != e.Count {
				return bad(from, c, fmt.Sprintf("%d seeds are lifted from it", e.Count))
			}
			in[from] = content{-1, 0}
		case rules.EvSow:
			c := cur(to)
			if c.count+1 != e.Count {
				return bad(to, c, fmt.Sprintf("a seed falling in leaves %d", e.Count))
			}
			in[to] = content{c.player, e.Count}
		case rules.EvWarana:
			if c := cur(to); c.count == 0 {
				return bad(to, c, "a warana is made where seeds lie")
			}
		}
	}
	for p, c := range in {
		if pl, n := after.Holds(p); pl != c.player || n != c.count {
			return fmt.Errorf("after the move the events leave %d of player %d on %v, but it holds %d of player %d", c.count, c.player, p, n, pl)
		}
	}
	return nil
}
