package wire

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// sum256 is SHA-256 (FIPS 180-4) of b, written here because the browser build imports this
// package: crypto/sha256 links Go's whole FIPS 140 module (AES, DRBG, SHA-3, HMAC…), about
// half a megabyte of the game's download, for one hash of a few dozen bytes per game.
// sha256_test.go checks it against crypto/sha256.
func sum256(b []byte) [32]byte {
	h := shaInit
	n := len(b)
	// Padding: a one bit, zeros, and the length in bits, to a multiple of 64 bytes.
	msg := make([]byte, 0, n+72)
	msg = append(msg, b...)
	msg = append(msg, 0x80)
	for len(msg)%64 != 56 {
		msg = append(msg, 0)
	}
	msg = binary.BigEndian.AppendUint64(msg, uint64(n)*8)
	var w [64]uint32
	for off := 0; off < len(msg); off += 64 {
		for i := 0; i < 16; i++ {
			w[i] = binary.BigEndian.Uint32(msg[off+4*i:])
		}
		for i := 16; i < 64; i++ {
			s0 := bits.RotateLeft32(w[i-15], -7) ^ bits.RotateLeft32(w[i-15], -18) ^ w[i-15]>>3
			s1 := bits.RotateLeft32(w[i-2], -17) ^ bits.RotateLeft32(w[i-2], -19) ^ w[i-2]>>10
			w[i] = w[i-16] + s0 + w[i-7] + s1
		}
		a, bb, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for i := 0; i < 64; i++ {
			s1 := bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
			ch := e&f ^ ^e&g
			t1 := hh + s1 + ch + shaK[i] + w[i]
			s0 := bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
			maj := a&bb ^ a&c ^ bb&c
			t2 := s0 + maj
			hh, g, f, e, d, c, bb, a = g, f, e, d+t1, c, bb, a, t1+t2
		}
		h[0] += a
		h[1] += bb
		h[2] += c
		h[3] += d
		h[4] += e
		h[5] += f
		h[6] += g
		h[7] += hh
	}
	var out [32]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// The standard's constants, worked out as it defines them rather than copied: the first 32
// bits of the fractional parts of the square roots of the first 8 primes (the initial hash),
// and of the cube roots of the first 64 primes (the round constants).
var shaInit, shaK = shaConstants()

func shaConstants() (init [8]uint32, k [64]uint32) {
	var primes []float64
	for n := 2; len(primes) < 64; n++ {
		prime := true
		for _, p := range primes {
			if n%int(p) == 0 {
				prime = false
				break
			}
		}
		if prime {
			primes = append(primes, float64(n))
		}
	}
	frac := func(x float64) uint32 {
		_, f := math.Modf(x)
		return uint32(f * (1 << 32))
	}
	for i := range init {
		init[i] = frac(math.Sqrt(primes[i]))
	}
	for i := range k {
		k[i] = frac(math.Cbrt(primes[i]))
	}
	return init, k
}

// sameText compares two strings in a time that does not depend on where they differ.
func sameText(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	var d byte
	for i := 0; i < len(a); i++ {
		d |= a[i] ^ b[i]
	}
	return d == 0
}
