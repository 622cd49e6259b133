package rules

import (
	"strings"
	"testing"
)

// TestRecordNames: a record's names are optional; given, they are one short line per player.
func TestRecordNames(t *testing.T) {
	good := [][]string{nil, {"Amira", "Computer"}, {"فاطمة", strings.Repeat("é", MaxRecordName)}}
	for _, n := range good {
		if err := (Record{Players: 2, Names: n}).CheckNames(); err != nil {
			t.Errorf("names %q refused: %v", n, err)
		}
	}
	bad := [][]string{{"Amira"}, {"Amira", "B", "C"}, {"Amira", ""}, {"Amira", "  "}, {"Amira", "a\nb"},
		{"Amira", "\xff"}, {"Amira", strings.Repeat("x", MaxRecordName+1)}}
	for _, n := range bad {
		if err := (Record{Players: 2, Names: n}).CheckNames(); err == nil {
			t.Errorf("names %q accepted", n)
		}
	}
}
