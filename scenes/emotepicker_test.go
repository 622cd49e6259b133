package scenes

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/scenes/ui"
)

// TestEmotePickerIsAMenu: in an online game of Seega, the emote button opens a picker whose
// buttons cross none of the words drawn on the board under them (the tray's "You", "12 in
// hand"): the picker is a panel of its own, at a laptop's size and a phone's. A tap on the
// picker between its buttons reaches nothing of the board.
func TestEmotePickerIsAMenu(t *testing.T) {
	host, _ := onlinePair(t, matchServer(t), "seega", nil)
	for _, sz := range [][2]float64{{1280, 800}, {390, 844}} {
		host.LayoutF(sz[0], sz[1])
		p := host.Current().(*play)
		if !p.net.strip {
			tap(t, host, "emote")
		}
		if p.menu.Get("emote-hello") == nil {
			t.Fatalf("no emote picker")
		}
		for range 20 {
			step(host) // the fade from the title ends
		}
		dst := ebiten.NewImage(int(sz[0]), int(sz[1]))
		var texts []layered[ui.Drawn]
		var boxes []layered[ui.Box]
		layer := 0
		ui.TextDrawn = func(d ui.Drawn) { texts = append(texts, layered[ui.Drawn]{d, layer}) }
		ui.BoxDrawn = func(b ui.Box) { boxes = append(boxes, layered[ui.Box]{b, layer}) }
		ui.Veiled = func() { layer++ }
		host.redraw = true
		host.Draw(dst)
		forgetDraws()
		ui.TextDrawn, ui.BoxDrawn, ui.Veiled = nil, nil, nil
		if bad := crossed(texts, boxes, dst.Bounds()); len(bad) > 0 {
			t.Errorf("%gx%g, the emote picker open:\n%s", sz[0], sz[1], strings.Join(bad, "\n"))
		}
		dst.Deallocate()
		for _, b := range p.menu.Buttons {
			if !strings.HasPrefix(b.ID, "emote-") {
				continue
			}
			// Just outside the button, toward the board's middle: the picker's panel.
			tg, ok := p.Hits().At(b.Rect.CX(), b.Rect.Y-1)
			if ok && tg.Kind != "button" && tg.Kind != "picker" {
				t.Errorf("%gx%g: a tap just above %s reaches the board's %v", sz[0], sz[1], b.ID, tg)
			}
		}
	}
}
