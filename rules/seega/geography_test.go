package seega

import "testing"

// TestTowardFollowsTheNames checks the board's geography against the squares' names, read as
// RULINGS.md reads them: files a..e left to right, ranks 1..5 bottom to top. A step toward
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
