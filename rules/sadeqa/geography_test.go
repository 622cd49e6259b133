package sadeqa

import "testing"

// TestColumnsFaceToFace checks the board's geography against RULINGS.md: South's row at the
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
