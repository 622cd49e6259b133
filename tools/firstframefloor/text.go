//go:build floortext

package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

// The text variant: one line of text/v2 (the go-text shaper Sig uses) and one image.
func init() { prepare = prepareText }

func prepareText() (func(screen *ebiten.Image), error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("font: %w", err)
	}
	face := &text.GoTextFace{Source: src, Size: 40}
	picture := ebiten.NewImageFromImage(stripes(160, 120))
	return func(screen *ebiten.Image) {
		op := &text.DrawOptions{}
		op.GeoM.Translate(96, 96)
		op.ColorScale.ScaleWithColor(color.RGBA{0x2B, 0x21, 0x18, 0xff})
		text.Draw(screen, "Five board games of North and East Africa", face, op)
		im := &ebiten.DrawImageOptions{}
		im.GeoM.Translate(96, 200)
		screen.DrawImage(picture, im)
	}, nil
}

// stripes is a small picture made in memory (no image decoder to link in): bands of two
// colours.
func stripes(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		c := color.RGBA{0xB5, 0x54, 0x3A, 0xff}
		if y/10%2 == 1 {
			c = color.RGBA{0xE0, 0xA5, 0x26, 0xff}
		}
		for x := range w {
			m.SetRGBA(x, y, c)
		}
	}
	return m
}
