package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Header is the first line of a game's readable text form (State.String, and the positions the
// scenario tests are written in): "es-sig players=4 turn=12 to_move=1 phase=move". Keys left
// out are zero, and Phase is "" when not given.
type Header struct {
	Players, Turn, ToMove int
	Phase                 string
}

// ParseHeader reads a header line of the game id. A word that is not key=value, a key it does
// not know or a number that is not one is an error that says which.
func ParseHeader(line, id string) (Header, error) {
	var h Header
	for _, f := range strings.Fields(line) {
		if f == id {
			continue
		}
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return h, fmt.Errorf("header: %q is not key=value", f)
		}
		if k == "phase" {
			h.Phase = v
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return h, fmt.Errorf("header: %s=%q is not a number", k, v)
		}
		switch k {
		case "players":
			h.Players = n
		case "turn":
			h.Turn = n
		case "to_move":
			h.ToMove = n
		default:
			return h, fmt.Errorf("header: unknown key %q", k)
		}
	}
	return h, nil
}

// FNV is a 64-bit FNV-1a hash fed a byte at a time: enough for the race games' small positions,
// whose Hash feeds each field in turn.
type FNV uint64

// NewFNV is an FNV hash of nothing yet.
func NewFNV() FNV { return 14695981039346656037 }

// Add feeds the low byte of b.
func (h *FNV) Add(b int) {
	*h ^= FNV(uint8(b))
	*h *= 1099511628211
}

// Mix is splitmix64's finaliser: it spreads every bit of x over the result, for the hashes that
// pack a position into words first.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Bit is 1 for true and 0 for false, for packing flags into a hash.
func Bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
