package boards

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sig/scenes/lang"
	"sig/scenes/stage"
)

// keyUse finds the catalogue keys the boards and the log name in their source: the first
// string argument of lang.T, lang.In, lang.N, lang.InN, say, tell and sayAbout, and keys written as table
// entries. The calls that build a key from pieces are listed in dynamicKeys.
var keyUse = regexp.MustCompile(`(lang\.T|lang\.In|lang\.N|lang\.InN|\bsayN|\bsay|\btell|sayAbout)\(([^"()]*?)"([a-z]+\.[a-z0-9.]*)"`)

var tableKey = regexp.MustCompile(`"((?:oued|seega|sadeqa|essig|boards|log)\.[a-z0-9.]+)"`)

// dynamicKeys are the keys made by joining pieces (the log's throw lines).
func dynamicKeys() []string {
	return []string{"log.throw.white", "log.throw.polished"}
}

// TestCatalogueHasEveryBoardWord: every key the five boards and the play log use has a text in
// English, French and Arabic, and every line said about a player (say, sayAbout) also has its
// form for the person at the screen, so a French or Arabic player never sees a key or an English
// fallback from a board.
func TestCatalogueHasEveryBoardWord(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join("..", "log.go"))
	used, aboutPlayer := map[string]bool{}, map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		for _, m := range keyUse.FindAllStringSubmatch(src, -1) {
			if strings.HasSuffix(m[3], ".") {
				continue // a key built from pieces: dynamicKeys
			}
			used[m[3]] = true
			if m[1] == "say" || m[1] == "sayN" || m[1] == "sayAbout" {
				aboutPlayer[m[3]] = true
			}
		}
		for _, m := range tableKey.FindAllStringSubmatch(src, -1) {
			if !strings.HasSuffix(m[1], ".") {
				used[m[1]] = true
			}
		}
	}
	for _, k := range dynamicKeys() {
		used[k] = true
	}
	aboutPlayer["log.throw.white"], aboutPlayer["log.throw.polished"] = true, true
	if len(used) < 150 || len(aboutPlayer) < 40 {
		t.Fatalf("found %d keys, %d said about a player: the scan has gone wrong", len(used), len(aboutPlayer))
	}
	for k := range used {
		for _, l := range lang.All {
			if !lang.Has(l.Code, k) {
				t.Errorf("%s: %q has no text", l.Code, k)
			}
		}
	}
	for k := range aboutPlayer {
		if k == "boards.tell" {
			continue
		}
		for _, l := range lang.All {
			if !lang.Has(l.Code, k+".you") {
				t.Errorf("%s: %q is said about a player but has no %q for the person at the screen", l.Code, k, k+".you")
			}
		}
	}
}

// TestSayConjugates: a line about the player the words call "you" uses its own form in each
// language, whatever the seat's name; anyone else's line carries the name, even a name that
// reads "You".
func TestSayConjugates(t *testing.T) {
	defer lang.Set(lang.Current())
	cases := []struct {
		l    lang.Lang
		name string
		you  bool
		want string
	}{
		{lang.English, "You", true, "You capture a piece"},
		{lang.English, "Amira", false, "Amira captures a piece"},
		{lang.French, "Vous", true, "Vous capturez un pion"},
		{lang.French, "You", true, "Vous capturez un pion"},
		{lang.French, "Amira", false, "Amira capture un pion"},
		{lang.Arabic, "أنت", true, "تأسر قطعة"},
		{lang.Arabic, "Amira", false, "Amira: أسر قطعة"},     // no verb whose subject is the seat: it has no gender
		{lang.English, "You", false, "You captures a piece"}, // a typed name, said as typed
	}
	for _, c := range cases {
		lang.Set(c.l)
		env := &stage.Env{Names: []string{c.name}, Here: []bool{true}, You: []bool{c.you}}
		if got := say(env, 0, "seega.captures.one"); got != c.want {
			t.Errorf("%s, %q: %q, want %q", c.l, c.name, got, c.want)
		}
	}
}
