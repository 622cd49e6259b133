package ui

import "sort"

// LineStarts lists the first word of each laid-out line of d, left to right: ops on one line
// share their y.
func (d *Doc) LineStarts() []string {
	first := map[float64]docOp{}
	for _, op := range d.ops {
		if op.fill || op.text == "" {
			continue
		}
		if f, ok := first[op.y]; !ok || op.x < f.x {
			first[op.y] = op
		}
	}
	ys := make([]float64, 0, len(first))
	for y := range first {
		ys = append(ys, y)
	}
	sort.Float64s(ys)
	out := make([]string, len(ys))
	for i, y := range ys {
		out[i] = first[y].text
	}
	return out
}
