package sigeloued

import "testing"

// TestTowardFollowsTheNames checks the board's geography against the squares' names, read as
// docs/rulings.md reads them: files a..f left to right as South sees them, rows 1..3 from South's
// home row up. A step toward file f adds one to the letter, a step toward row 3 one to the
// digit; past the board's edge there is no square.
func TestTowardFollowsTheNames(t *testing.T) {
	for sq := 0; sq < Squares; sq++ {
		name := SquareName(sq)
		f, r := FileRow(sq)
		if want := string(rune('a'+f)) + string(rune('1'+r)); want != name {
			t.Errorf("FileRow(%d) = %d, %d, which names %s; the square is %s", sq, f, r, want, name)
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {2, 1}, {-5, -2}} {
			letter, digit := rune(name[0])+rune(d[0]), rune(name[1])+rune(d[1])
			onBoard := letter >= 'a' && letter <= 'f' && digit >= '1' && digit <= '3'
			got, ok := Toward(sq, d[0], d[1])
			if ok != onBoard {
				t.Errorf("Toward(%s, %d, %d) ok = %v, want %v", name, d[0], d[1], ok, onBoard)
				continue
			}
			if ok && SquareName(got) != string(letter)+string(digit) {
				t.Errorf("Toward(%s, %d, %d) = %s, want %c%c", name, d[0], d[1], SquareName(got), letter, digit)
			}
		}
	}
	for _, sq := range []int{-1, Squares} {
		if _, ok := Toward(sq, 0, 0); ok {
			t.Errorf("Toward(%d, 0, 0) found a square off the board", sq)
		}
	}
}

// TestGridAsSeated checks the board the players see (Grid) against the squares' names: files
// a..f from the left, rows 1..3 from the bottom (South's side), so a1 is the bottom-left square
// and f3 the top-right; and that the squares both circuits cross twice a lap (Crossing) are
// the middle row, row 2, which docs/rulings.md's circuits (a1..f1, f2..a2, a3..f3, f2..a2 for
// South) run along going and coming back.
func TestGridAsSeated(t *testing.T) {
	g := Grid()
	if g.Cols != 6 || g.Rows != 3 || len(g.Spots) != 18 {
		t.Fatalf("Grid is %d×%d with %d spots, want 6×3 with 18", g.Cols, g.Rows, len(g.Spots))
	}
	for sq, s := range g.Spots {
		name := SquareName(sq)
		want := [2]int{int(name[0] - 'a'), 3 - int(name[1]-'0')}
		if [2]int{s.Col, s.Row} != want {
			t.Errorf("%s is at column %d, row %d; want column %d, row %d", name, s.Col, s.Row, want[0], want[1])
		}
		if got, want := Crossing(sq), name[1] == '2'; got != want {
			t.Errorf("Crossing(%s) = %v, want %v", name, got, want)
		}
	}
	if Crossing(-1) || Crossing(Squares) {
		t.Error("a square off the board is crossed")
	}
}
