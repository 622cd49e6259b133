package sigeloued

import "testing"

// TestTowardFollowsTheNames checks the board's geography against the squares' names, read as
// RULINGS.md reads them: files a..f left to right as South sees them, rows 1..3 from South's
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
