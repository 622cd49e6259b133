package sadeqa

// board holds the seeds of the 20 holes, a byte a hole, in three words: holes 0..7, 8..15 and
// 16..19 (the top 32 bits of the last word stay 0). No hole ever holds 256 seeds (there are 80),
// so a byte never carries into the next, and a whole lap of sowing is three additions.
type board [3]uint64

// ones holds one seed in every hole.
var ones = board{0x0101010101010101, 0x0101010101010101, 0x01010101}

// lapAdd[pos][n] holds one seed in each of the n holes after pos, wrapping round from 19 to 0.
var lapAdd [Holes][Holes]board

func init() {
	for pos := range Holes {
		for n := range Holes {
			for j := 1; j <= n; j++ {
				lapAdd[pos][n].add((pos + j) % Holes)
			}
		}
	}
}

// get is the number of seeds in hole i.
func (b *board) get(i int) uint8 { return uint8(b[i>>3] >> (8 * (i & 7))) }

// set puts c seeds in hole i.
func (b *board) set(i int, c uint8) {
	sh := 8 * (i & 7)
	b[i>>3] = b[i>>3]&^(0xff<<sh) | uint64(c)<<sh
}

// add drops one seed into hole i.
func (b *board) add(i int) { b[i>>3] += 1 << (8 * (i & 7)) }

// lap lifts the seeds of hole pos and sows them one by one into the following holes (the
// origin is not skipped when they go all the way round); it returns the hole where the last
// one fell.
func (b *board) lap(pos int) int {
	n := int(b.get(pos))
	b.set(pos, 0)
	for ; n >= Holes; n -= Holes {
		b[0] += ones[0]
		b[1] += ones[1]
		b[2] += ones[2]
	}
	a := &lapAdd[pos][n]
	b[0] += a[0]
	b[1] += a[1]
	b[2] += a[2]
	if pos += n; pos >= Holes {
		pos -= Holes
	}
	return pos
}
