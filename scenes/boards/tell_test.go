package boards

import (
	"strings"
	"testing"

	"sig/rules"
	"sig/rules/sadeqa"
	"sig/rules/seega"
	"sig/scenes/lang"
	"sig/scenes/stage"
)

// TestPromptsAddressOnlyPeopleHere: the standing caption tells the person at the screen what to
// do ("Sow from one of your holes"), another person here the same with their name first, and
// never instructs a seat nobody here decides for (the computer): its turn is only named (issue
// 13: "Computer 1: Sow from one of your holes").
func TestPromptsAddressOnlyPeopleHere(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.English)
	for _, g := range []*rules.Info{sadeqa.Info, seega.Info} {
		for _, c := range []struct {
			here, you   []bool
			first, want string // the caption's start for player 0 to move
		}{
			{[]bool{true, false}, []bool{true, false}, "", ""},               // you: the instruction alone
			{[]bool{true, true}, []bool{false, false}, "Amira: ", ""},        // one of two people here, named
			{[]bool{true, true}, []bool{false, true}, "Amira: ", ""},         // the other one is "you"
			{[]bool{true, false}, []bool{false, false}, "Amira: ", ""},       // a person here who gave a name
			{[]bool{false, true}, []bool{false, true}, "", "Amira's turn"},   // the computer: named, not told
			{[]bool{false, false}, []bool{false, false}, "", "Amira's turn"}, // computers only
		} {
			env := &stage.Env{Game: g, Names: []string{"Amira", "Kofi"}, Here: c.here, You: c.you}
			b, _ := stage.New(g.ID, env)
			st := g.NewState(2)
			b.Sync(st)
			caption := captionOf(b)
			instruction := strings.Contains(strings.ToLower(caption), "sow from") || strings.Contains(strings.ToLower(caption), "place")
			switch {
			case c.want != "":
				if caption != c.want || instruction {
					t.Errorf("%s, here %v you %v: the caption %q, want %q", g.ID, c.here, c.you, caption, c.want)
				}
			case !instruction || !strings.HasPrefix(caption, c.first) || c.first == "" && strings.Contains(caption, "Amira"):
				t.Errorf("%s, here %v you %v: the caption %q, want the instruction after %q", g.ID, c.here, c.you, caption, c.first)
			}
		}
	}
}

// captionOf is the standing caption of the Sadeqa or Seega board b.
func captionOf(b stage.Board) string {
	switch b := b.(type) {
	case *sadeqaBoard:
		return b.caption
	case *seegaBoard:
		return b.caption
	}
	return ""
}
