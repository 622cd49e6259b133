package wire

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// TestSum256 checks the package's SHA-256 against the standard library's on every length up
// to three blocks and on random messages.
func TestSum256(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 400; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		if got, want := sum256(b), sha256.Sum256(b); got != want {
			t.Fatalf("%d bytes: %x, want %x", n, got, want)
		}
	}
	if sameText("ab", "ac") || !sameText("abc", "abc") || sameText("a", "ab") {
		t.Fatal("sameText")
	}
}
