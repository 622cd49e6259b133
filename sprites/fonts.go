package sprites

import (
	"bytes"
	_ "embed"
	"sync"
	"unicode"

	"github.com/go-text/typesetting/font"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// The fonts are Noto Sans (regular and bold: English and French) and Noto Naskh Arabic, subset
// with pyftsubset to what English, French and Arabic need plus the punctuation Sig draws, which
// keeps them to about 42 KB of the browser download, gzipped, for the three (the ranges and the
// command to redo it are in fonts/README.md); licence in fonts/OFL.txt.
var (
	//go:embed fonts/NotoSans-Regular.ttf
	regularTTF []byte
	//go:embed fonts/NotoSans-Bold.ttf
	boldTTF []byte
	//go:embed fonts/NotoNaskhArabic-Regular.ttf
	arabicTTF []byte
)

// The fonts are parsed when first drawn with, not at start-up: parsing is a share of the
// browser game's time to its first frame, and a player reading English or French never needs
// the Arabic face.
var (
	regularSrc = sync.OnceValue(func() *text.GoTextFaceSource { return mustSource(regularTTF) })
	boldSrc    = sync.OnceValue(func() *text.GoTextFaceSource { return mustSource(boldTTF) })
	arabicSrc  = sync.OnceValue(func() *text.GoTextFaceSource { return mustSource(arabicTTF) })
)

// Each font parsed once more, for its outlines, when the glyph sheet first draws one of its
// glyphs itself (textsheet.go says why): a face of its own, not text/v2's (which the app reaches
// only through UnsafeInternal and which text/v2 changes as it shapes), read only under the
// sheet's lock. Keyed by the source mustSource made from the same bytes.
var outlines sync.Map // *text.GoTextFaceSource → func() *font.Face

// outlinesOf is the outline face of one of Sig's font sources, nil for any other source.
func outlinesOf(src *text.GoTextFaceSource) *font.Face {
	f, ok := outlines.Load(src)
	if !ok {
		return nil
	}
	return f.(func() *font.Face)()
}

// mustSource parses an embedded font; a broken embed is a build defect, not bad input.
func mustSource(b []byte) *text.GoTextFaceSource {
	s, err := text.NewGoTextFaceSource(bytes.NewReader(b))
	if err != nil {
		panic("sprites: embedded font: " + err.Error())
	}
	outlines.Store(s, sync.OnceValue(func() *font.Face { return mustOutlines(b) }))
	return s
}

// mustOutlines parses an embedded font for its outlines.
func mustOutlines(b []byte) *font.Face {
	f, err := font.ParseTTF(bytes.NewReader(b))
	if err != nil {
		panic("sprites: embedded font: " + err.Error())
	}
	return f
}

// Face is the Latin face at size pixels, bold or regular.
func Face(bold bool, size float64) text.Face {
	src := regularSrc()
	if bold {
		src = boldSrc()
	}
	return &text.GoTextFace{Source: src, Size: size}
}

// FaceFor is the face that can draw s: Noto Naskh Arabic, right to left, when s holds Arabic
// letters; the Latin face otherwise. (scenes/ui splits a line that mixes the two scripts into
// runs and draws each with ArabicFace or Face.)
func FaceFor(s string, bold bool, size float64) text.Face {
	for _, r := range s {
		if unicode.Is(unicode.Arabic, r) {
			return ArabicFace(size)
		}
	}
	return Face(bold, size)
}

// ArabicFace is Noto Naskh Arabic at size pixels (drawn a tenth larger, to match the Latin
// face's x-height), shaped right to left so that its letters join. It has no bold.
func ArabicFace(size float64) text.Face {
	return &text.GoTextFace{Source: arabicSrc(), Size: size * 1.1, Direction: text.DirectionRightToLeft}
}

// FaceRTL is the Latin face shaped right to left: for the punctuation inside an Arabic phrase
// that Naskh lacks (brackets, which right-to-left shaping mirrors, %, the ellipsis).
func FaceRTL(bold bool, size float64) text.Face {
	src := regularSrc()
	if bold {
		src = boldSrc()
	}
	return &text.GoTextFace{Source: src, Size: size, Direction: text.DirectionRightToLeft}
}

// ArabicHas reports whether the Arabic face has a glyph for r (the font is subset: it has the
// Arabic block, digits and a little punctuation, no Latin letters).
func ArabicHas(r rune) bool {
	f, ok := arabicSrc().UnsafeInternal().(*font.Face)
	if !ok {
		return unicode.Is(unicode.Arabic, r)
	}
	_, has := f.NominalGlyph(r)
	return has
}
