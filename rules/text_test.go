package rules

import "testing"

func TestParseHeader(t *testing.T) {
	h, err := ParseHeader("es-sig players=4 turn=12 to_move=1 phase=move", "es-sig")
	if err != nil || h != (Header{Players: 4, Turn: 12, ToMove: 1, Phase: "move"}) {
		t.Fatalf("got %+v, %v", h, err)
	}
	for _, bad := range []string{"players", "players=x", "colour=3", "seega players=2"} {
		if _, err := ParseHeader(bad, "es-sig"); err == nil {
			t.Errorf("ParseHeader(%q) accepted it", bad)
		}
	}
}

// TestHashes: FNV and Mix tell apart inputs that differ in one place, and in order.
func TestHashes(t *testing.T) {
	a, b := NewFNV(), NewFNV()
	a.Add(1)
	a.Add(2)
	b.Add(2)
	b.Add(1)
	if a == b {
		t.Error("FNV: the order of the bytes is lost")
	}
	seen := map[uint64]bool{}
	for x := uint64(0); x < 1000; x++ {
		seen[Mix(x)] = true
	}
	if len(seen) != 1000 || Mix(0) != 0 || Bit(true) != 1 || Bit(false) != 0 {
		t.Errorf("Mix: %d distinct of 1000; Mix(0)=%d", len(seen), Mix(0))
	}
}
