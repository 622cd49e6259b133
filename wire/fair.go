package wire

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"sig/rules"
	"sig/rules/games"
)

// Provably fair throws. Before a game starts the server draws a 32-byte secret, publishes
// Commit(secret) in the start event and keeps the secret; every throw of the game comes from
// rules.NewMatch with SeedOf(secret), so nothing about the throws is left to choose afterwards.
// When the game is over the secret is revealed, and anyone holding the record can run Verify.

// Commit is the published commitment to a throw secret: its SHA-256, in hex.
func Commit(secret []byte) string {
	h := sum256(secret)
	return hex.EncodeToString(h[:])
}

// SeedOf is the rules' throw seed a secret gives: the first eight bytes of SHA-256 of
// "sig-throws" and the secret. Hashing again keeps the seed from revealing the commitment's
// preimage and the other way round.
func SeedOf(secret []byte) int64 {
	h := sum256(append([]byte("sig-throws\x00"), secret...))
	return int64(binary.BigEndian.Uint64(h[:8]))
}

// Verify checks a finished game: the revealed secret (hex) matches the commitment published at
// its start, the record's seed is the secret's, and every throw in the record is the one the
// seed gives, in order. It names the first thing that does not hold.
func Verify(rec rules.Record, commit, secretHex string) error {
	secret, err := hex.DecodeString(secretHex)
	if err != nil || len(secret) == 0 {
		return fmt.Errorf("the revealed secret is not hex: %q", secretHex)
	}
	if !sameText(Commit(secret), strings.ToLower(commit)) {
		return fmt.Errorf("the revealed secret does not match the commitment %s", commit)
	}
	if seed := SeedOf(secret); rec.Seed != seed {
		return fmt.Errorf("the record's seed %d is not the secret's seed %d", rec.Seed, seed)
	}
	g, ok := games.Lookup(rec.Game)
	if !ok {
		return fmt.Errorf("the record is of an unknown game %q", rec.Game)
	}
	m, err := rules.NewMatch(g, rec.Players, rec.Seed)
	if err != nil {
		return err
	}
	for i, s := range rec.Moves {
		if n, ok := strings.CutPrefix(strings.TrimSpace(s), "throw "); ok {
			want, _, err := m.Throw()
			if err != nil {
				return fmt.Errorf("move %d (%q): %v", i+1, s, err)
			}
			if c, err := strconv.Atoi(n); err != nil || c != want.ThrowCount() {
				return fmt.Errorf("move %d: the record says %q but the seed throws %d", i+1, s, want.ThrowCount())
			}
		}
		if _, err := m.Play(s); err != nil {
			return fmt.Errorf("move %d (%q): %v", i+1, s, err)
		}
	}
	return nil
}

// RoundRecord gathers from a match's events (as a client received them) the record of one
// finished round, with the commitment published at its start and the secret revealed at its end.
func RoundRecord(evs []Event, round int) (rec rules.Record, commit, secret string, err error) {
	rec.Version = rules.RecordVersion
	started, over := false, false
	for _, ev := range evs {
		switch {
		case ev.Kind == EvOpen:
			rec.Game, rec.Players = ev.Game, ev.Players
		case ev.Round != round:
		case ev.Kind == EvStart:
			commit, started = ev.Commit, true
		case ev.Kind == EvMove:
			rec.Moves = append(rec.Moves, ev.Move)
		case ev.Kind == EvOver:
			secret, over = ev.Secret, true
		}
	}
	if rec.Game == "" {
		return rec, "", "", fmt.Errorf("the events do not open a match")
	}
	if !started || !over {
		return rec, "", "", fmt.Errorf("round %d has not both started and ended in these events", round)
	}
	if b, err := hex.DecodeString(secret); err == nil {
		rec.Seed = SeedOf(b)
	}
	return rec, commit, secret, nil
}
