package scenes

import (
	"strings"

	"sig/scenes/lang"
	"sig/scenes/stage"
	"sig/scenes/ui"
)

// boardLaid is what a scene last laid its board out for. A scene is laid out again whenever
// something over it is (Pause and the results lay out the play scene beneath them on every
// visit), and a board's Layout throws its pictures away and paints them again: at the
// eight-seat spiral that is 69–81 MB allocated in the frame of each visit (measured in the
// memory soak; BENCHMARKS.md, "Memory over a long session"). A board
// laid out for the same screen, rectangle, language and seat names would come out the same,
// so it is kept as it is.
type boardLaid struct {
	mt    ui.Metrics
	r     ui.Rect
	l     lang.Lang
	names string
	ok    bool
}

// layout lays b out in r unless it was last laid out with the same metrics, rectangle,
// language and names.
func (l *boardLaid) layout(b stage.Board, env *stage.Env, mt ui.Metrics, r ui.Rect) {
	now := boardLaid{mt: mt, r: r, l: lang.Current(), names: strings.Join(env.Names, "\x00"), ok: true}
	if *l == now {
		return
	}
	*l = now
	b.Layout(mt, r)
}
