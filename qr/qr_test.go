package qr

import (
	"bytes"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// The standard's capacities for byte mode (ISO/IEC 18004 table 7), read
// from the standard, not from this package's table.
var byteCapacity = map[int][2]int{ // version: {L, M}
	1: {17, 14}, 2: {32, 26}, 3: {53, 42}, 4: {78, 62}, 5: {106, 84},
	6: {134, 106}, 7: {154, 122}, 8: {192, 152}, 9: {230, 180}, 10: {271, 213},
}

func TestCapacityFollowsTheStandard(t *testing.T) {
	for v, want := range byteCapacity {
		for _, l := range []Level{L, M} {
			if got := Capacity(v, l); got != want[l] {
				t.Errorf("version %d-%v holds %d bytes, the standard says %d", v, l, got, want[l])
			}
		}
	}
}

// Every version's codewords fill exactly the modules the function patterns
// leave, less the remainder bits (0 or 7 for versions 1 to 10): a table
// entry off by one would leave a hole or overflow.
func TestCodewordsFillTheSymbol(t *testing.T) {
	remainder := map[int]int{1: 0, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: 0, 8: 0, 9: 0, 10: 0}
	for v := 1; v <= MaxVersion; v++ {
		g := newGrid(v)
		free := 0
		for _, f := range g.fn {
			if !f {
				free++
			}
		}
		for _, l := range []Level{L, M} {
			if got := table[v][l].totalCodewords()*8 + remainder[v]; got != free {
				t.Errorf("version %d-%v: %d codeword bits + %d remainder, %d free modules", v, l, got-remainder[v], remainder[v], free)
			}
		}
	}
}

// Published worked examples of the error correction codewords, both with
// ten of them (version 1-M): the standard's annex I ("01234567" in numeric
// mode) and the widely used "HELLO WORLD" tutorial example.
func TestReedSolomonWorkedExamples(t *testing.T) {
	cases := []struct{ data, ec []byte }{
		{
			data: []byte{0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11},
			ec:   []byte{0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55},
		},
		{
			data: []byte{32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17},
			ec:   []byte{196, 35, 39, 119, 235, 215, 231, 226, 93, 23},
		},
	}
	for _, c := range cases {
		if got := remainder(c.data, generator(len(c.ec))); !bytes.Equal(got, c.ec) {
			t.Errorf("error correction of % X:\n got % X\nwant % X", c.data, got, c.ec)
		}
	}
}

// Published format and version information strings (the standard's
// annexes C and D).
func TestFormatAndVersionInformation(t *testing.T) {
	format := []struct {
		level Level
		mask  int
		bits  string
	}{
		{L, 0, "111011111000100"}, {L, 7, "110100101110110"},
		{M, 0, "101010000010010"}, {M, 5, "100000011001110"},
		{M, 7, "100101010100000"}, {L, 4, "110011000101111"},
	}
	for _, f := range format {
		if got := fmt.Sprintf("%015b", formatInfo(f.level, f.mask)); got != f.bits {
			t.Errorf("format %v mask %d: %s, want %s", f.level, f.mask, got, f.bits)
		}
	}
	version := map[int]string{7: "000111110010010100", 8: "001000010110111100", 10: "001010010011010011"}
	for v, want := range version {
		if got := fmt.Sprintf("%018b", versionInfo(v)); got != want {
			t.Errorf("version %d information: %s, want %s", v, got, want)
		}
	}
}

// decodeBoth reads c twice with an independent decoder: its picture
// through the finder-pattern detector (as a camera would), and its bare
// modules, where the decoder must correct no error at all and read it
// unmirrored. It returns what the modules held.
//
// The picture is drawn two pixels to a module. (On a few perfectly sharp
// pictures at three to five pixels a module, this decoder's detector
// misjudges the module size and finds nothing, though the same files read
// with zbar and their modules read without a single correction: see
// TestZbarReadsLargePictures.)
func decodeBoth(t *testing.T, c *Code) []byte {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(c.Image(2))
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("version %d-%v mask %d: picture not read: %v", c.Version, c.Level, c.Mask, err)
	}
	if got := res.GetResultMetadata()[gozxing.ResultMetadataType_ERROR_CORRECTION_LEVEL]; got != c.Level.String() {
		t.Errorf("version %d: read level %v, drew %v", c.Version, got, c.Level)
	}
	modules := make([][]bool, c.Size)
	for y := range modules {
		modules[y] = make([]bool, c.Size)
		for x := range modules[y] {
			modules[y][x] = c.Dark(x, y)
		}
	}
	dr, err := decoder.NewDecoder().DecodeBoolMap(modules, nil)
	if err != nil {
		t.Fatalf("version %d-%v mask %d: modules not read: %v", c.Version, c.Level, c.Mask, err)
	}
	if n := dr.GetErrorsCorrected(); n != 0 {
		t.Errorf("version %d-%v mask %d: the decoder corrected %d errors in a fresh code", c.Version, c.Level, c.Mask, n)
	}
	if m, ok := dr.GetOther().(*decoder.QRCodeDecoderMetaData); ok && m.IsMirrored() {
		t.Errorf("version %d-%v: read only mirrored", c.Version, c.Level)
	}
	var got []byte
	for _, seg := range dr.GetByteSegments() {
		got = append(got, seg...)
	}
	var fromPicture []byte
	if segs, ok := res.GetResultMetadata()[gozxing.ResultMetadataType_BYTE_SEGMENTS].([][]byte); ok {
		for _, seg := range segs {
			fromPicture = append(fromPicture, seg...)
		}
	}
	if !bytes.Equal(got, fromPicture) {
		t.Errorf("version %d-%v: the picture and the modules read differently", c.Version, c.Level)
	}
	return got
}

// Random bytes of every length class, in every version at both levels,
// read back by an independent decoder.
func TestAnIndependentDecoderReadsEveryVersion(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2026))
	perVersion := 4
	if testing.Short() {
		perVersion = 2
	}
	masks := map[int]bool{}
	for v := 1; v <= MaxVersion; v++ {
		for _, l := range []Level{L, M} {
			for i := range perVersion {
				n := Capacity(v, l)
				if i > 0 {
					n = rng.IntN(n + 1)
				}
				data := make([]byte, n)
				for k := range data {
					data[k] = byte(rng.IntN(256))
				}
				c, err := EncodeVersion(data, l, v)
				if err != nil {
					t.Fatal(err)
				}
				masks[c.Mask] = true
				if got := decodeBoth(t, c); !bytes.Equal(got, data) {
					t.Fatalf("version %d-%v, %d bytes: read % X, wrote % X", v, l, n, got, data)
				}
			}
		}
	}
	if len(masks) < 6 {
		t.Errorf("the penalty chose only masks %v over hundreds of codes: is it scoring?", masks)
	}
}

// Invite links as the lobby makes them pick the smallest version that
// holds them and read back as the same text.
func TestInviteLinks(t *testing.T) {
	for _, link := range []string{
		"http://192.168.1.20:8080/?join=ABCD-EFGH",
		"https://sig.example.org/?join=m7Qx2v9LkP4sRt8wZ3nB5c.1.Xy7Kp2Lm9Qr4St6Uv8Wx0Yz1Ab3Cd5Ef7Gh9Ij",
	} {
		c, err := Encode([]byte(link), M)
		if err != nil {
			t.Fatal(err)
		}
		if c.Version > 1 && len(link) <= Capacity(c.Version-1, M) {
			t.Errorf("%q took version %d, fits in %d", link, c.Version, c.Version-1)
		}
		if got := string(decodeBoth(t, c)); got != link {
			t.Errorf("read %q, wrote %q", got, link)
		}
	}
}

func TestTooLongAndBadArguments(t *testing.T) {
	if _, err := Encode(make([]byte, 214), M); err != ErrTooLong {
		t.Errorf("214 bytes at M: %v, want ErrTooLong", err)
	}
	if _, err := Encode(make([]byte, 271), L); err != nil {
		t.Errorf("271 bytes at L: %v", err)
	}
	if _, err := EncodeVersion([]byte("x"), M, 11); err == nil {
		t.Error("version 11 accepted")
	}
	if _, err := EncodeVersion(make([]byte, 15), M, 1); err == nil {
		t.Error("15 bytes accepted in version 1-M (holds 14)")
	}
	if _, err := Encode([]byte("x"), Level(9)); err == nil {
		t.Error("level 9 accepted")
	}
}

// The picture has the quiet zone: four light modules round the symbol.
func TestImageQuietZone(t *testing.T) {
	c, err := Encode([]byte("sig"), M)
	if err != nil {
		t.Fatal(err)
	}
	img := c.Image(2)
	if w := img.Bounds().Dx(); w != (c.Size+8)*2 {
		t.Fatalf("picture %d wide, want %d", w, (c.Size+8)*2)
	}
	for i := range 8 {
		if img.Pix[i*img.Stride+i] != 0xFF {
			t.Errorf("pixel (%d,%d) of the quiet zone is dark", i, i)
		}
	}
	if img.Pix[8*img.Stride+8] != 0 {
		t.Error("the finder's corner is not dark")
	}
}

// A second independent reader, zbar's command-line tool, where it is
// installed (Debian's zbar-tools): random codes of every version drawn at
// four pixels to a module, as the lobby draws them.
func TestZbarReadsLargePictures(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (apt-get install zbar-tools)")
	}
	rng := rand.New(rand.NewPCG(4, 1802))
	dir := t.TempDir()
	for v := 1; v <= MaxVersion; v++ {
		l := Level(v % 2)
		// zbar prints text, so the data is printable ASCII, as links are.
		data := make([]byte, 1+rng.IntN(Capacity(v, l)))
		for k := range data {
			data[k] = byte(33 + rng.IntN(94))
		}
		c, err := EncodeVersion(data, l, v)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprintf("v%d.png", v))
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, c.Image(4)); err != nil {
			t.Fatal(err)
		}
		f.Close()
		out, err := exec.Command(zbar, "-q", "--raw", name).Output()
		if err != nil {
			t.Fatalf("version %d-%v: zbarimg: %v", v, l, err)
		}
		if got := string(bytes.TrimSuffix(out, []byte("\n"))); got != string(data) {
			t.Errorf("version %d-%v: zbar read %q, wrote %q", v, l, got, data)
		}
	}
}
