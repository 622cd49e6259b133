package qr

// The error correction codewords are a Reed–Solomon code over GF(256), the
// field of bytes built on the polynomial x⁸+x⁴+x³+x²+1 (0x11D), whose
// element 2 (α) generates every non-zero byte.

var gfExp [512]byte // α^i, doubled so a product needs no modulo
var gfLog [256]int

func init() {
	x := 1
	for i := range 255 {
		gfExp[i] = byte(x)
		gfLog[x] = i
		x <<= 1
		if x&0x100 != 0 {
			x ^= 0x11D
		}
	}
	for i := 255; i < len(gfExp); i++ {
		gfExp[i] = gfExp[i-255]
	}
}

func gfMul(a, b byte) byte {
	if a == 0 || b == 0 {
		return 0
	}
	return gfExp[gfLog[a]+gfLog[b]]
}

// generator returns the coefficients, highest power first, of
// (x−α⁰)(x−α¹)…(x−αⁿ⁻¹); subtraction is addition (xor) in this field.
func generator(n int) []byte {
	g := []byte{1}
	for i := range n {
		next := make([]byte, len(g)+1)
		for j, c := range g {
			next[j] ^= c
			next[j+1] ^= gfMul(c, gfExp[i])
		}
		g = next
	}
	return g
}

// remainder returns the n = len(gen)−1 error correction codewords of data:
// the remainder of data·xⁿ divided by the generator.
func remainder(data, gen []byte) []byte {
	n := len(gen) - 1
	r := make([]byte, len(data)+n)
	copy(r, data)
	for i := range data {
		c := r[i]
		if c == 0 {
			continue
		}
		for j := 1; j <= n; j++ {
			r[i+j] ^= gfMul(gen[j], c)
		}
	}
	return r[len(data):]
}
