package sadeqa

import "testing"

// TestColumnsFaceToFace checks the board's geography against docs/rulings.md: South's row at the
// bottom, North's at the top, each player numbering their holes 1..10 from their own left. So
// South's hole k faces North's hole 11−k across the board, and stepping right along South's
// row (toward S10) is stepping left as North sees it (toward N1).
func TestColumnsFaceToFace(t *testing.T) {
	for k := 1; k <= RowHoles; k++ {
		s, n := Hole(South, k), Hole(North, RowHoles+1-k)
		if Column(s) != k-1 || Column(n) != k-1 {
			t.Errorf("S%d is in column %d and N%d in %d; want both in %d", k, Column(s), RowHoles+1-k, Column(n), k-1)
		}
		if got, ok := Toward(s, 0, 1); !ok || got != n {
			t.Errorf("Toward(S%d, 0, 1) = %v, %v, want N%d", k, Place(got), ok, RowHoles+1-k)
		}
		if got, ok := Toward(n, 0, -1); !ok || got != s {
			t.Errorf("Toward(N%d, 0, -1) = %v, %v, want S%d", RowHoles+1-k, Place(got), ok, k)
		}
		if _, ok := Toward(s, 0, -1); ok {
			t.Errorf("Toward(S%d, 0, -1) found a hole below South's row", k)
		}
		if _, ok := Toward(n, 0, 1); ok {
			t.Errorf("Toward(N%d, 0, 1) found a hole above North's row", RowHoles+1-k)
		}
		// Right, as South sees it.
		gotS, okS := Toward(s, 1, 0)
		gotN, okN := Toward(n, 1, 0)
		if k < RowHoles {
			if !okS || gotS != Hole(South, k+1) {
				t.Errorf("Toward(S%d, 1, 0) = %v, want S%d", k, Place(gotS), k+1)
			}
			if !okN || gotN != Hole(North, RowHoles-k) {
				t.Errorf("Toward(N%d, 1, 0) = %v, want N%d", RowHoles+1-k, Place(gotN), RowHoles-k)
			}
		} else if okS || okN {
			t.Errorf("Toward from column %d to the right found %v / %v past the edge", k-1, Place(gotS), Place(gotN))
		}
		for row, h := range []int{s, n} {
			if got, ok := HoleAt(row, k-1); !ok || got != h {
				t.Errorf("HoleAt(%d, %d) = %v, %v, want %v", row, k-1, Place(got), ok, Place(h))
			}
		}
	}
	if Column(-1) != -1 || Column(Holes) != -1 {
		t.Error("a hole off the board has a column")
	}
	if _, ok := HoleAt(2, 0); ok {
		t.Error("HoleAt found a third row")
	}
}

// TestGridAsSeated checks the board the players see (Grid) against docs/rulings.md: South's row at
// the bottom numbered from South's left, North's at the top numbered from North's left (so
// from the right as South sees it), every hole on its own spot, and the sowing going round
// anticlockwise: each hole's next one (and N10's next, S1) is its neighbour on the board.
func TestGridAsSeated(t *testing.T) {
	g := Grid()
	if g.Cols != 10 || g.Rows != 2 || len(g.Spots) != 20 {
		t.Fatalf("Grid is %d×%d with %d spots, want 10×2 with 20", g.Cols, g.Rows, len(g.Spots))
	}
	corners := map[string][2]int{"S1": {0, 1}, "S10": {9, 1}, "N1": {9, 0}, "N10": {0, 0}}
	for name, at := range corners {
		h, ok := g.At(at[0], at[1])
		if !ok || Place(h).String() != name {
			t.Errorf("the hole at column %d, row %d is %v, want %s", at[0], at[1], Place(h), name)
		}
	}
	seen := map[[2]int]bool{}
	for i, s := range g.Spots {
		if s.Col < 0 || s.Col >= g.Cols || s.Row < 0 || s.Row >= g.Rows || seen[[2]int{s.Col, s.Row}] {
			t.Errorf("%v is at %v: off the board or on another hole's spot", Place(i), s)
		}
		seen[[2]int{s.Col, s.Row}] = true
		n := g.Spots[(i+1)%Holes]
		if d := abs(n.Col-s.Col) + abs(n.Row-s.Row); d != 1 {
			t.Errorf("the sowing goes from %v at %v to %v at %v: not a neighbour", Place(i), s, Place((i+1)%Holes), n)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
