package rules

import (
	"math/bits"
	"math/rand/v2"
)

// Binomial probabilities of n fair sticks showing k marked faces: C(n,k)/2^n, exact in float64.
var (
	four = [5]float64{1.0 / 16, 4.0 / 16, 6.0 / 16, 4.0 / 16, 1.0 / 16}
	six  = [7]float64{1.0 / 64, 6.0 / 64, 15.0 / 64, 20.0 / 64, 15.0 / 64, 6.0 / 64, 1.0 / 64}
)

// ThrowChance is the probability that n sticks land with k marked faces up.
func ThrowChance(n, k int) float64 {
	switch {
	case n == 4 && k >= 0 && k <= 4:
		return four[k]
	case n == 6 && k >= 0 && k <= 6:
		return six[k]
	}
	return 0
}

// AppendThrows appends ThrowMove(0 … n) to buf[:0]: the legal moves at a throw of n sticks.
func AppendThrows(buf []Move, n int) []Move {
	buf = buf[:0]
	for k := 0; k <= n; k++ {
		buf = append(buf, ThrowMove(k))
	}
	return buf
}

// AppendChances appends the probabilities of 0 … n marked faces of n sticks to buf[:0].
func AppendChances(buf []float64, n int) []float64 {
	buf = buf[:0]
	for k := 0; k <= n; k++ {
		buf = append(buf, ThrowChance(n, k))
	}
	return buf
}

// Faces throws n sticks with rng and returns which land marked side up, one bit a stick. The
// count of bits is the throw; which sticks they are is for the animation only.
func Faces(rng *rand.Rand, n int) uint8 {
	return uint8(rng.Uint64() & (1<<n - 1))
}

// ThrowCount is the number of marked faces in a Faces result.
func ThrowCount(faces uint8) int { return bits.OnesCount8(faces) }
