package qr

// grid is a symbol being drawn: each module dark or light, and whether it
// belongs to a function pattern (finders, timing, alignment, format and
// version information), which the data and the mask never touch.
type grid struct {
	size int
	dark []bool
	fn   []bool
}

func (g *grid) set(x, y int, dark bool) {
	g.dark[y*g.size+x] = dark
	g.fn[y*g.size+x] = true
}

func newGrid(version int) *grid {
	size := 17 + 4*version
	g := &grid{size: size, dark: make([]bool, size*size), fn: make([]bool, size*size)}
	// The three finders, each with its light separator where it lies inside.
	for _, c := range [][2]int{{0, 0}, {size - 7, 0}, {0, size - 7}} {
		for dy := -1; dy <= 7; dy++ {
			for dx := -1; dx <= 7; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x < 0 || y < 0 || x >= size || y >= size {
					continue
				}
				ring := dx == 0 || dx == 6 || dy == 0 || dy == 6
				core := dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4
				inside := dx >= 0 && dx <= 6 && dy >= 0 && dy <= 6
				g.set(x, y, inside && (ring || core))
			}
		}
	}
	// Timing: alternating modules along row 6 and column 6, dark first.
	for i := 8; i < size-8; i++ {
		g.set(i, 6, i%2 == 0)
		g.set(6, i, i%2 == 0)
	}
	// Alignment patterns, except the three that would sit on the finders.
	centres := alignment[version]
	last := len(centres) - 1
	for i, cy := range centres {
		for j, cx := range centres {
			if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) {
				continue
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					g.set(cx+dx, cy+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	// The format information's places, filled once the mask is chosen, and
	// the one module that is always dark.
	for i := 0; i <= 8; i++ {
		g.set(8, i, false)
		g.set(i, 8, false)
	}
	for i := 0; i < 8; i++ {
		g.set(size-1-i, 8, false)
		g.set(8, size-1-i, false)
	}
	g.set(8, size-8, true)
	// Versions 7 and up carry their number twice.
	if version >= 7 {
		bits := versionInfo(version)
		for i := range 18 {
			bit := bits>>i&1 == 1
			a, b := size-11+i%3, i/3
			g.set(a, b, bit)
			g.set(b, a, bit)
		}
	}
	return g
}

// versionInfo returns the 18 bits that carry a version number (7 and up),
// protected by a BCH(18,6) code with generator
// x¹²+x¹¹+x¹⁰+x⁹+x⁸+x⁵+x²+1 (0x1F25).
func versionInfo(version int) int {
	rem := version
	for range 12 {
		rem = rem<<1 ^ (rem>>11)*0x1F25
	}
	return version<<12 | rem
}

// formatInfo returns the 15 bits that carry the level and the mask,
// protected by a BCH(15,5) code with generator x¹⁰+x⁸+x⁵+x⁴+x²+x+1 (0x537)
// and xored with 0x5412 so they are never all light.
func formatInfo(level Level, mask int) int {
	data := level.formatBits()<<3 | mask
	rem := data
	for range 10 {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	return (data<<10 | rem) ^ 0x5412
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// placeData lays the codewords' bits, most significant first, in the
// standard's zigzag: two columns at a time from the right edge, upwards then
// downwards, stepping over the vertical timing column. Modules left over
// (the remainder bits) stay light.
func (g *grid) placeData(words []byte) {
	total := len(words) * 8
	i := 0
	upward := true
	for right := g.size - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		for v := range g.size {
			y := v
			if upward {
				y = g.size - 1 - v
			}
			for dx := range 2 {
				x := right - dx
				if g.fn[y*g.size+x] || i >= total {
					continue
				}
				g.dark[y*g.size+x] = words[i/8]>>(7-i%8)&1 == 1
				i++
			}
		}
		upward = !upward
	}
}

// masked reports whether mask m flips the module in row y, column x (the
// standard's eight conditions).
func masked(m, x, y int) bool {
	switch m {
	case 0:
		return (y+x)%2 == 0
	case 1:
		return y%2 == 0
	case 2:
		return x%3 == 0
	case 3:
		return (y+x)%3 == 0
	case 4:
		return (y/2+x/3)%2 == 0
	case 5:
		return y*x%2+y*x%3 == 0
	case 6:
		return (y*x%2+y*x%3)%2 == 0
	default:
		return ((y+x)%2+y*x%3)%2 == 0
	}
}

// withMask returns the modules with mask m applied to the data and the
// format information (level and mask, BCH(15,5) protected) written.
func (g *grid) withMask(m int, level Level) []bool {
	size := g.size
	out := make([]bool, len(g.dark))
	copy(out, g.dark)
	for y := range size {
		for x := range size {
			if !g.fn[y*size+x] && masked(m, x, y) {
				out[y*size+x] = !out[y*size+x]
			}
		}
	}
	bits := formatInfo(level, m)
	bit := func(i int) bool { return bits>>i&1 == 1 }
	put := func(x, y int, b bool) { out[y*size+x] = b }
	// First copy, round the top-left finder.
	for i := 0; i <= 5; i++ {
		put(8, i, bit(i))
	}
	put(8, 7, bit(6))
	put(8, 8, bit(7))
	put(7, 8, bit(8))
	for i := 9; i < 15; i++ {
		put(14-i, 8, bit(i))
	}
	// Second copy, split between the other two finders.
	for i := 0; i < 8; i++ {
		put(size-1-i, 8, bit(i))
	}
	for i := 8; i < 15; i++ {
		put(8, size-15+i, bit(i))
	}
	put(8, size-8, true)
	return out
}

// penalty scores a masked symbol by the standard's four rules; the encoder
// keeps the mask with the lowest score, the one a camera reads best.
func penalty(m []bool, size int) int {
	at := func(x, y int) bool { return m[y*size+x] }
	score := 0
	// Rule 1: five or more modules of one colour in a row or column.
	// Rule 3: the finder's 1:1:3:1:1 with four light modules on one side.
	finderA := [11]bool{true, false, true, true, true, false, true, false, false, false, false}
	finderB := [11]bool{false, false, false, false, true, false, true, true, true, false, true}
	for pass := range 2 {
		get := at
		if pass == 1 {
			get = func(x, y int) bool { return at(y, x) }
		}
		for y := range size {
			run := 1
			for x := 1; x <= size; x++ {
				if x < size && get(x, y) == get(x-1, y) {
					run++
					continue
				}
				if run >= 5 {
					score += 3 + run - 5
				}
				run = 1
			}
			for x := 0; x+11 <= size; x++ {
				a, b := true, true
				for k := range 11 {
					v := get(x+k, y)
					a = a && v == finderA[k]
					b = b && v == finderB[k]
				}
				if a {
					score += 40
				}
				if b {
					score += 40
				}
			}
		}
	}
	// Rule 2: each 2×2 block of one colour.
	for y := 0; y+1 < size; y++ {
		for x := 0; x+1 < size; x++ {
			c := at(x, y)
			if at(x+1, y) == c && at(x, y+1) == c && at(x+1, y+1) == c {
				score += 3
			}
		}
	}
	// Rule 4: how far the share of dark modules is from half, in steps of 5%.
	dark := 0
	for _, d := range m {
		if d {
			dark++
		}
	}
	total := size * size
	score += 10 * (abs(dark*100-total*50) / (total * 5))
	return score
}
