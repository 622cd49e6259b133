package seega

import "testing"

// TestTowardFollowsTheNames checks the board's geography against the squares' names, read as
// docs/rulings.md reads them: files a..e left to right, ranks 1..5 bottom to top. A step toward
// file e adds one to the letter, a step toward rank 5 one to the digit; past the edge there is
// no square.
func TestTowardFollowsTheNames(t *testing.T) {
	for sq := 0; sq < Squares; sq++ {
		name := SquareName(sq)
		f, r := FileRank(sq)
		if FileName(f)+RankName(r) != name {
			t.Errorf("FileRank(%d) = %d, %d, named %s%s; the square is %s", sq, f, r, FileName(f), RankName(r), name)
		}
		if got, ok := SquareAt(f, r); !ok || got != sq {
			t.Errorf("SquareAt(%d, %d) = %d, %v, want %s", f, r, got, ok, name)
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {3, -2}} {
			letter, digit := rune(name[0])+rune(d[0]), rune(name[1])+rune(d[1])
			onBoard := letter >= 'a' && letter <= 'e' && digit >= '1' && digit <= '5'
			got, ok := Toward(sq, d[0], d[1])
			if ok != onBoard {
				t.Errorf("Toward(%s, %d, %d) ok = %v, want %v", name, d[0], d[1], ok, onBoard)
				continue
			}
			if ok && SquareName(got) != string(letter)+string(digit) {
				t.Errorf("Toward(%s, %d, %d) = %s, want %c%c", name, d[0], d[1], SquareName(got), letter, digit)
			}
			// One orthogonal step is a step the rules allow a piece to take.
			if ok && d[0]*d[0]+d[1]*d[1] == 1 && Neighbours(sq)&(1<<got) == 0 {
				t.Errorf("Toward(%s, %d, %d) = %s, which Neighbours does not list", name, d[0], d[1], SquareName(got))
			}
		}
	}
	for _, c := range [][2]int{{-1, 0}, {0, Size}, {Size, 2}} {
		if _, ok := SquareAt(c[0], c[1]); ok {
			t.Errorf("SquareAt(%d, %d) found a square off the board", c[0], c[1])
		}
	}
	if FileName(Size) != "" || RankName(-1) != "" {
		t.Error("a file or rank off the board has a name")
	}
}

// TestGridAsSeated checks the board the players see (Grid) against the squares' names: files
// a..e from the left, ranks 1..5 from the bottom (the first player's side), so a1 is the
// bottom-left square, e5 the top-right, and the centre c3 the middle of the 5×5 board.
func TestGridAsSeated(t *testing.T) {
	g := Grid()
	if g.Cols != 5 || g.Rows != 5 || len(g.Spots) != 25 {
		t.Fatalf("Grid is %d×%d with %d spots, want 5×5 with 25", g.Cols, g.Rows, len(g.Spots))
	}
	for sq, s := range g.Spots {
		name := SquareName(sq)
		want := [2]int{int(name[0] - 'a'), 5 - int(name[1]-'0')}
		if [2]int{s.Col, s.Row} != want {
			t.Errorf("%s is at column %d, row %d; want column %d, row %d", name, s.Col, s.Row, want[0], want[1])
		}
	}
	if c := g.Spots[Centre]; SquareName(Centre) != "c3" || c.Col != 2 || c.Row != 2 {
		t.Errorf("the centre is %s at %v, want c3 in the middle", SquareName(Centre), c)
	}
}
