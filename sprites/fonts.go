package sprites

import (
	"bytes"
	_ "embed"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// The fonts are Noto Sans (regular and bold, Latin ranges) and Noto Naskh Arabic (the Arabic
// block), subset with pyftsubset to keep the browser download small (about 120 KB gzipped for
// the three); licence in fonts/OFL.txt.
var (
	//go:embed fonts/NotoSans-Regular.ttf
	regularTTF []byte
	//go:embed fonts/NotoSans-Bold.ttf
	boldTTF []byte
	//go:embed fonts/NotoNaskhArabic-Regular.ttf
	arabicTTF []byte
)

var regularSrc, boldSrc, arabicSrc *text.GoTextFaceSource

func init() {
	regularSrc = mustSource(regularTTF)
	boldSrc = mustSource(boldTTF)
	arabicSrc = mustSource(arabicTTF)
}

// mustSource parses an embedded font; a broken embed is a build defect, not bad input.
func mustSource(b []byte) *text.GoTextFaceSource {
	s, err := text.NewGoTextFaceSource(bytes.NewReader(b))
	if err != nil {
		panic("sprites: embedded font: " + err.Error())
	}
	return s
}

// Face is the Latin face at size pixels, bold or regular.
func Face(bold bool, size float64) text.Face {
	src := regularSrc
	if bold {
		src = boldSrc
	}
	return &text.GoTextFace{Source: src, Size: size}
}

// FaceFor is the face that can draw s: Noto Naskh Arabic, right to left, when s holds Arabic
// letters; the Latin face otherwise.
func FaceFor(s string, bold bool, size float64) text.Face {
	for _, r := range s {
		if unicode.Is(unicode.Arabic, r) {
			return &text.GoTextFace{Source: arabicSrc, Size: size * 1.1, Direction: text.DirectionRightToLeft}
		}
	}
	return Face(bold, size)
}
