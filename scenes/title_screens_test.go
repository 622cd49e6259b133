//go:build screens

package scenes

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// titleFrames runs the app's first two frames on the title into an image of its own (as the
// window would show them: the screen is not cleared between frames) and reads each back, then
// draws the still life straight onto a copy of the first, as the title drew it before it had a
// picture of its own.
type titleFrames struct {
	m                   *Manager
	first, second, want []byte
	art                 image.Rectangle // the still life's picture, in pixels
	err                 error
	done                bool
}

func (g *titleFrames) Update() error {
	if g.done || g.err != nil {
		return ebiten.Termination
	}
	return nil
}

func (g *titleFrames) Draw(*ebiten.Image) {
	if g.done || g.err != nil {
		return
	}
	g.done = true
	const w, h = 1280, 800
	screen := ebiten.NewImage(w, h)
	defer screen.Deallocate()
	frame := func() []byte {
		if err := g.m.Update(); err != nil {
			g.err = err
			return nil
		}
		g.m.Draw(screen)
		px := make([]byte, 4*w*h)
		screen.ReadPixels(px)
		return px
	}
	g.first = frame()
	g.second = frame()
	s := g.m.Current().(*title)
	pr := s.art.Inset(-(s.art.H*0.1 + 3))
	g.art = image.Rect(int(pr.X), int(pr.Y), int(pr.X+pr.W)+1, int(pr.Y+pr.H)+1)
	ref := ebiten.NewImage(w, h)
	defer ref.Deallocate()
	ref.WritePixels(g.first)
	paintArt(ref, s.art)
	g.want = make([]byte, 4*w*h)
	ref.ReadPixels(g.want)
}

func (g *titleFrames) Layout(int, int) (int, int) { return 64, 64 }

// TestTitleArtComesSecond: the game's first frame shows the title without its still life (the
// part that costs the most to draw, left out so that the first frame reaches the screen
// sooner), and the next frame has it, looking as it did when it was drawn straight onto the
// screen: the only difference allowed is a unit of rounding per layer where the picture's
// copy blends it in.
func TestTitleArtComesSecond(t *testing.T) {
	m, err := newManager(Config{}, &memStore{})
	if err != nil {
		t.Fatal(err)
	}
	m.LayoutF(1280, 800)
	if m.Current().Name() != "title" {
		t.Fatalf("the app starts on %q", m.Current().Name())
	}
	g := &titleFrames{m: m}
	if err := ebiten.RunGame(g); err != nil && err != ebiten.Termination {
		t.Fatal(err)
	}
	if g.err != nil {
		t.Fatal(g.err)
	}
	if len(g.second) == 0 {
		t.Fatal("nothing was drawn")
	}
	const w = 1280
	// The art is missing from the first frame: many of its pixels change on the second.
	changed, outside := 0, 0
	for i := 0; i < len(g.first); i += 4 {
		p := image.Pt(i/4%w, i/4/w)
		same := g.first[i] == g.second[i] && g.first[i+1] == g.second[i+1] && g.first[i+2] == g.second[i+2]
		if !same {
			if p.In(g.art) {
				changed++
			} else {
				outside++
			}
		}
	}
	if area := g.art.Dx() * g.art.Dy(); changed < area/4 {
		t.Errorf("the second frame changed %d of the still life's %d pixels: the first frame was not without it", changed, area)
	}
	if outside > 0 {
		t.Errorf("the second frame changed %d pixels outside the still life", outside)
	}
	// Once there, it looks as it did drawn straight onto the screen.
	differ, worst := 0, 0
	for i := range g.second {
		d := int(g.second[i]) - int(g.want[i])
		if d < 0 {
			d = -d
		}
		if d > 3 {
			differ++
		}
		worst = max(worst, d)
	}
	if differ > 0 {
		t.Errorf("%d channel values of the settled title differ from the still life drawn straight by more than 3 (worst %d)", differ, worst)
	}
	t.Logf("still life %v: %d pixels came on the second frame; the worst difference from drawing it straight: %d", g.art, changed, worst)
}
