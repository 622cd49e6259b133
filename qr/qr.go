// Package qr encodes text as a QR code (ISO/IEC 18004): byte mode, error
// correction level L or M, versions 1 to 10 (up to 271 bytes at L, 213 at M),
// which is room enough for an invite link. It picks the smallest version that
// holds the text and the mask with the lowest penalty, as the standard asks,
// so any phone camera reads it.
//
// It imports nothing of ours and nothing of Ebitengine: the lobby draws the
// modules it returns.
package qr

import (
	"errors"
	"fmt"
	"image"
)

// Level is how much of the code may be damaged and still read.
type Level int

const (
	// L recovers about 7% of the codewords.
	L Level = iota
	// M recovers about 15% of the codewords.
	M
)

func (l Level) String() string {
	switch l {
	case L:
		return "L"
	case M:
		return "M"
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// formatBits is the two-bit code the format information gives each level
// (the standard's table: L is 01, M is 00).
func (l Level) formatBits() int {
	if l == L {
		return 1
	}
	return 0
}

// MaxVersion is the largest version this package draws.
const MaxVersion = 10

// ErrTooLong is returned when the text does not fit in version MaxVersion.
var ErrTooLong = errors.New("qr: text too long for a version 10 code")

// blocks says how a version's codewords are split at one level: count1
// blocks of data1 data codewords, then count2 blocks of data1+1, each
// followed by ec error correction codewords (the standard's table 9).
type blocks struct{ ec, count1, data1, count2 int }

var table = [MaxVersion + 1][2]blocks{
	1:  {{7, 1, 19, 0}, {10, 1, 16, 0}},
	2:  {{10, 1, 34, 0}, {16, 1, 28, 0}},
	3:  {{15, 1, 55, 0}, {26, 1, 44, 0}},
	4:  {{20, 1, 80, 0}, {18, 2, 32, 0}},
	5:  {{26, 1, 108, 0}, {24, 2, 43, 0}},
	6:  {{18, 2, 68, 0}, {16, 4, 27, 0}},
	7:  {{20, 2, 78, 0}, {18, 4, 31, 0}},
	8:  {{24, 2, 97, 0}, {22, 2, 38, 2}},
	9:  {{30, 2, 116, 0}, {22, 3, 36, 2}},
	10: {{18, 2, 68, 2}, {26, 4, 43, 1}},
}

// alignment lists the rows (and columns) of the alignment patterns' centres.
var alignment = [MaxVersion + 1][]int{
	2: {6, 18}, 3: {6, 22}, 4: {6, 26}, 5: {6, 30}, 6: {6, 34},
	7: {6, 22, 38}, 8: {6, 24, 42}, 9: {6, 26, 46}, 10: {6, 28, 50},
}

func (b blocks) dataCodewords() int { return b.count1*b.data1 + b.count2*(b.data1+1) }
func (b blocks) totalCodewords() int {
	return b.dataCodewords() + (b.count1+b.count2)*b.ec
}

// countBits is the width of byte mode's character count.
func countBits(version int) int {
	if version <= 9 {
		return 8
	}
	return 16
}

// Capacity is the most bytes a code of this version and level holds.
func Capacity(version int, level Level) int {
	bits := table[version][level].dataCodewords()*8 - 4 - countBits(version)
	return bits / 8
}

// Code is a drawn QR code: Size×Size modules, dark or light, without the
// quiet zone (four light modules on each side) a reader needs around it.
type Code struct {
	Version int
	Level   Level
	Mask    int
	Size    int
	dark    []bool
}

// Dark reports whether the module in row y, column x is dark. Outside the
// symbol (the quiet zone) every module is light.
func (c *Code) Dark(x, y int) bool {
	if x < 0 || y < 0 || x >= c.Size || y >= c.Size {
		return false
	}
	return c.dark[y*c.Size+x]
}

// Encode returns the smallest code at the given level that holds data in
// byte mode.
func Encode(data []byte, level Level) (*Code, error) {
	if level != L && level != M {
		return nil, fmt.Errorf("qr: unknown level %v", level)
	}
	for v := 1; v <= MaxVersion; v++ {
		if len(data) <= Capacity(v, level) {
			return EncodeVersion(data, level, v)
		}
	}
	return nil, ErrTooLong
}

// EncodeVersion returns a code of exactly this version, or an error if data
// does not fit in it.
func EncodeVersion(data []byte, level Level, version int) (*Code, error) {
	if level != L && level != M {
		return nil, fmt.Errorf("qr: unknown level %v", level)
	}
	if version < 1 || version > MaxVersion {
		return nil, fmt.Errorf("qr: version %d outside 1 to %d", version, MaxVersion)
	}
	if len(data) > Capacity(version, level) {
		return nil, fmt.Errorf("qr: %d bytes do not fit in version %d-%v (at most %d)",
			len(data), version, level, Capacity(version, level))
	}
	words := codewords(data, version, level)
	g := newGrid(version)
	g.placeData(words)
	best, bestScore := -1, 0
	var bestDark []bool
	for mask := 0; mask < 8; mask++ {
		m := g.withMask(mask, level)
		if s := penalty(m, g.size); best < 0 || s < bestScore {
			best, bestScore, bestDark = mask, s, m
		}
	}
	return &Code{Version: version, Level: level, Mask: best, Size: g.size, dark: bestDark}, nil
}

// bitWriter appends bits most significant first.
type bitWriter struct {
	bytes []byte
	n     int // bits written
}

func (w *bitWriter) write(value, bits int) {
	for i := bits - 1; i >= 0; i-- {
		if w.n%8 == 0 {
			w.bytes = append(w.bytes, 0)
		}
		if value>>i&1 == 1 {
			w.bytes[w.n/8] |= 0x80 >> (w.n % 8)
		}
		w.n++
	}
}

// codewords returns the final message: the data codewords of every block
// interleaved, then their error correction codewords interleaved.
func codewords(data []byte, version int, level Level) []byte {
	b := table[version][level]
	capacity := b.dataCodewords()
	var w bitWriter
	w.write(0b0100, 4) // byte mode
	w.write(len(data), countBits(version))
	for _, c := range data {
		w.write(int(c), 8)
	}
	// The terminator: up to four zero bits, then zeros to a byte's end.
	term := min(4, capacity*8-w.n)
	w.write(0, term)
	if w.n%8 != 0 {
		w.write(0, 8-w.n%8)
	}
	for pad := 0; len(w.bytes) < capacity; pad++ {
		w.bytes = append(w.bytes, [2]byte{0xEC, 0x11}[pad%2])
	}
	msg := w.bytes
	nblocks := b.count1 + b.count2
	dataBlocks := make([][]byte, nblocks)
	ecBlocks := make([][]byte, nblocks)
	gen := generator(b.ec)
	at := 0
	for i := range nblocks {
		n := b.data1
		if i >= b.count1 {
			n++
		}
		dataBlocks[i] = msg[at : at+n]
		ecBlocks[i] = remainder(dataBlocks[i], gen)
		at += n
	}
	out := make([]byte, 0, b.totalCodewords())
	for i := 0; i <= b.data1; i++ {
		for _, d := range dataBlocks {
			if i < len(d) {
				out = append(out, d[i])
			}
		}
	}
	for i := 0; i < b.ec; i++ {
		for _, e := range ecBlocks {
			out = append(out, e[i])
		}
	}
	return out
}

// Image returns the code as a black-on-white picture, scale pixels to a
// module, with the four-module quiet zone a reader needs around it.
func (c *Code) Image(scale int) *image.Gray {
	if scale < 1 {
		scale = 1
	}
	const quiet = 4
	side := (c.Size + 2*quiet) * scale
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0xFF
	}
	for y := range c.Size {
		for x := range c.Size {
			if !c.Dark(x, y) {
				continue
			}
			for py := range scale {
				row := ((quiet+y)*scale + py) * img.Stride
				for px := range scale {
					img.Pix[row+(quiet+x)*scale+px] = 0
				}
			}
		}
	}
	return img
}
