package wire

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"sig/rules"
	"sig/rules/games"
)

// ReadEvents reads a saved match: a JSON array of events, or of the server's "event" messages
// (the others are skipped).
func ReadEvents(b []byte) ([]Event, error) {
	var evs []Event
	if err := json.Unmarshal(b, &evs); err != nil {
		return nil, fmt.Errorf("not a JSON array of events: %w", err)
	}
	if len(evs) > 0 && evs[0].Kind == "" { // messages rather than bare events
		var msgs []ServerMsg
		if err := json.Unmarshal(b, &msgs); err != nil {
			return nil, fmt.Errorf("not a JSON array of messages: %w", err)
		}
		evs = evs[:0]
		for _, m := range msgs {
			if m.Event != nil {
				evs = append(evs, *m.Event)
			}
		}
	}
	return evs, nil
}

// RoundChecked is what VerifyMatch found of one game of a match.
type RoundChecked struct {
	Round  int
	Moves  int
	Commit string
	Why    string // how it ended: "finished" or "abandoned"
}

// VerifyMatch replays a whole match's events (as a client received them) through the rules and
// checks everything a player could be lied to about: the events are numbered 1, 2, 3… without
// gaps; the match opens with a known game and one seat for each of its players; every person
// seat is taken before a game starts; each game's throws are those its revealed secret gives,
// faces and all; every move is legal and played by the seat whose turn it is; each game ends
// with an over event whose ranks are the rules' (or, abandoned, the others' win over the seat
// whose player left or was away); and no game is left without its end. It names the first
// event that does not hold.
func VerifyMatch(evs []Event) ([]RoundChecked, error) {
	if len(evs) == 0 {
		return nil, fmt.Errorf("no events")
	}
	for i, ev := range evs {
		if ev.Seq != int64(i+1) {
			return nil, fmt.Errorf("event %d of the file has seq %d: events are numbered 1, 2, 3… in order", i+1, ev.Seq)
		}
	}
	v := &verifier{}
	for _, ev := range evs {
		if err := v.event(ev); err != nil {
			return v.done, fmt.Errorf("event %d (%s): %w", ev.Seq, ev.Kind, err)
		}
	}
	if v.rm != nil && !v.over {
		return v.done, fmt.Errorf("round %d, started at event %d, has no over event", v.round, v.startSeq)
	}
	return v.done, nil
}

// verifier is a match as its events so far make it.
type verifier struct {
	game     *rules.Info
	players  int
	seats    []SeatSpec
	seated   []bool
	left     []bool
	computer []bool
	round    int
	startSeq int64
	commit   string
	rm       *rules.Match // the current game, replayed with a generator that is not yet known
	moves    []Event      // the current game's moves, checked once its secret is revealed
	over     bool
	done     []RoundChecked
}

func (v *verifier) seat(n int) error {
	if n < 0 || n >= len(v.seats) {
		return fmt.Errorf("seat %d: the match has seats 0 to %d", n, len(v.seats)-1)
	}
	return nil
}

func (v *verifier) event(ev Event) error {
	if v.game == nil && ev.Kind != EvOpen {
		return fmt.Errorf("the first event is not open")
	}
	switch ev.Kind {
	case EvOpen:
		if v.game != nil {
			return fmt.Errorf("a second open")
		}
		g, ok := games.Lookup(ev.Game)
		if !ok {
			return fmt.Errorf("unknown game %q", ev.Game)
		}
		if _, err := g.New(ev.Players); err != nil {
			return err
		}
		if len(ev.Seats) != ev.Players {
			return fmt.Errorf("%d players but %d seats", ev.Players, len(ev.Seats))
		}
		if ev.Seats[0].Kind != Person {
			return fmt.Errorf("seat 0 is the creator's: a person")
		}
		v.game, v.players, v.seats = g, ev.Players, ev.Seats
		v.seated, v.left, v.computer = make([]bool, ev.Players), make([]bool, ev.Players), make([]bool, ev.Players)
		for i, s := range ev.Seats {
			v.computer[i] = s.Kind == Computer
		}
	case EvSeated:
		if err := v.seat(ev.Seat); err != nil {
			return err
		}
		if v.seats[ev.Seat].Kind != Person || v.seated[ev.Seat] {
			return fmt.Errorf("seat %d is the computer's or taken already", ev.Seat)
		}
		v.seated[ev.Seat] = true
	case EvEmote:
		if err := v.seat(ev.Seat); err != nil {
			return err
		}
		if !IsEmote(ev.Emote) {
			return fmt.Errorf("emote %q is none of %s", ev.Emote, strings.Join(Emotes, ", "))
		}
	case EvLeft:
		if err := v.seat(ev.Seat); err != nil {
			return err
		}
		if !v.seated[ev.Seat] || v.left[ev.Seat] {
			return fmt.Errorf("seat %d left without being taken, or twice", ev.Seat)
		}
		v.left[ev.Seat] = true
	case EvTakeover:
		if err := v.seat(ev.Seat); err != nil {
			return err
		}
		if !v.playing() || v.computer[ev.Seat] {
			return fmt.Errorf("a takeover of seat %d outside a game, or of a computer's seat", ev.Seat)
		}
		v.computer[ev.Seat] = true
	case EvStart:
		if v.rm != nil && !v.over {
			return fmt.Errorf("round %d starts but round %d, started at event %d, has no over event", ev.Round, v.round, v.startSeq)
		}
		if ev.Round != v.round+1 {
			return fmt.Errorf("round %d after round %d", ev.Round, v.round)
		}
		for i := range v.seats {
			if !v.computer[i] && (!v.seated[i] || v.left[i]) {
				return fmt.Errorf("round %d starts with seat %d not taken (or left)", ev.Round, i)
			}
		}
		if b, err := hex.DecodeString(ev.Commit); err != nil || len(b) != 32 {
			return fmt.Errorf("commitment %q is not a SHA-256 in hex", ev.Commit)
		}
		// The generator is set once the secret is revealed; until then only the order of
		// play is followed, with a placeholder seed (replayGame checks the throws).
		rm, err := rules.NewMatch(v.game, v.players, 0)
		if err != nil {
			return err
		}
		v.round, v.startSeq, v.commit, v.rm, v.moves, v.over = ev.Round, ev.Seq, ev.Commit, rm, nil, false
	case EvMove:
		if !v.playing() || ev.Round != v.round {
			return fmt.Errorf("a move of round %d outside a game under way", ev.Round)
		}
		v.moves = append(v.moves, ev)
	case EvOver:
		if !v.playing() || ev.Round != v.round {
			return fmt.Errorf("the end of round %d outside a game under way", ev.Round)
		}
		return v.end(ev)
	default:
		return fmt.Errorf("unknown kind of event")
	}
	return nil
}

func (v *verifier) playing() bool { return v.rm != nil && !v.over }

// end checks a game whose secret its over event reveals: the commitment, every move and throw
// in order, the seat of each, and the ranks.
func (v *verifier) end(ev Event) error {
	secret, err := hex.DecodeString(ev.Secret)
	if err != nil || len(secret) == 0 {
		return fmt.Errorf("the revealed secret is not hex: %q", ev.Secret)
	}
	if !sameText(Commit(secret), strings.ToLower(v.commit)) {
		return fmt.Errorf("the revealed secret does not match the commitment %s of event %d", v.commit, v.startSeq)
	}
	rm, err := rules.NewMatch(v.game, v.players, SeedOf(secret))
	if err != nil {
		return err
	}
	for _, mv := range v.moves {
		if err := playChecked(rm, mv); err != nil {
			return fmt.Errorf("event %d (move %q by seat %d): %w", mv.Seq, mv.Move, mv.Seat, err)
		}
	}
	if len(ev.Ranks) != v.players {
		return fmt.Errorf("%d ranks for %d players", len(ev.Ranks), v.players)
	}
	switch ev.Why {
	case "finished":
		if rm.State.Phase() != rules.PhaseOver {
			return fmt.Errorf("finished, but the rules say the game goes on")
		}
		if want := rm.State.Ranks(); !slices.Equal(ev.Ranks, want) {
			return fmt.Errorf("ranks %v, but the rules give %v", ev.Ranks, want)
		}
	case "abandoned":
		if rm.State.Phase() == rules.PhaseOver {
			return fmt.Errorf("abandoned, but the rules say the game was over")
		}
		gone := -1
		for i, r := range ev.Ranks {
			switch {
			case r == 2 && gone < 0 && !v.computer[i]:
				gone = i
			case r != 1:
				return fmt.Errorf("ranks %v: an abandoned game ranks one person's seat 2 and the others 1", ev.Ranks)
			}
		}
		if gone < 0 {
			return fmt.Errorf("ranks %v: an abandoned game ranks one person's seat 2 and the others 1", ev.Ranks)
		}
	default:
		return fmt.Errorf("why %q: finished or abandoned", ev.Why)
	}
	v.over = true
	v.rm = rm
	v.done = append(v.done, RoundChecked{Round: v.round, Moves: len(v.moves), Commit: v.commit, Why: ev.Why})
	return nil
}

// playChecked plays one stored move on rm: by the seat whose turn it is, legal, and, a throw,
// the very throw (count and faces) the game's generator gives.
func playChecked(rm *rules.Match, ev Event) error {
	if to := rm.State.ToMove(); to != ev.Seat {
		return fmt.Errorf("seat %d acts now, not seat %d", to, ev.Seat)
	}
	if strings.HasPrefix(strings.TrimSpace(ev.Move), "throw") {
		want, faces, err := rm.Throw()
		if err != nil {
			return err
		}
		if spelled := rm.State.FormatMove(want); spelled != ev.Move || faces != ev.Faces {
			return fmt.Errorf("the secret throws %q with faces %08b, not %q with faces %08b", spelled, faces, ev.Move, ev.Faces)
		}
		return rm.PlayMove(want, nil)
	}
	if ev.Faces != 0 {
		return fmt.Errorf("faces on a move that is not a throw")
	}
	_, err := rm.Play(ev.Move)
	return err
}
