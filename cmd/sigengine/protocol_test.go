package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// ask sends one request line to the session and decodes the answer.
func ask(t *testing.T, s *session, line string) map[string]any {
	t.Helper()
	raw := s.handle([]byte(line))
	if bytes.ContainsRune(raw, '\n') {
		t.Fatalf("answer to %s spans lines: %s", line, raw)
	}
	var a map[string]any
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatalf("answer to %s is not JSON: %s", line, raw)
	}
	if _, ok := a["ok"].(bool); !ok {
		t.Fatalf("answer to %s has no ok: %s", line, raw)
	}
	return a
}

func mustOK(t *testing.T, s *session, line string) map[string]any {
	t.Helper()
	a := ask(t, s, line)
	if a["ok"] != true {
		t.Fatalf("%s refused: %v", line, a["error"])
	}
	return a
}

func TestGamesListsAllFive(t *testing.T) {
	var s session
	a := mustOK(t, &s, `{"cmd":"games"}`)
	list := a["games"].([]any)
	want := map[string][3]float64{
		"sig-wa-duqqan": {2, 8, 4}, "es-sig": {2, 8, 4}, "sig-el-oued": {2, 2, 2}, "seega": {2, 2, 2}, "sadeqa": {2, 2, 2},
	}
	if len(list) != len(want) {
		t.Fatalf("%d games, want %d", len(list), len(want))
	}
	for _, x := range list {
		g := x.(map[string]any)
		w, ok := want[g["id"].(string)]
		if !ok {
			t.Fatalf("unexpected game %v", g["id"])
		}
		if g["min_players"] != w[0] || g["max_players"] != w[1] || g["default_players"] != w[2] || g["name"] == "" {
			t.Errorf("game %v: %v, want players %v", g["id"], g, w)
		}
	}
}

func TestRefusalsAreClearAndChangeNothing(t *testing.T) {
	var s session
	for _, line := range []string{`{"cmd":"state"}`, `{"cmd":"legal"}`, `{"cmd":"play","move":"throw"}`, `{"cmd":"record"}`, `{"cmd":"ai","level":"easy"}`} {
		if a := ask(t, &s, line); a["ok"] != false || !strings.Contains(a["error"].(string), "no game") {
			t.Errorf("%s before new: %v", line, a)
		}
	}
	mustOK(t, &s, `{"cmd":"new","game":"seega","seed":7}`)
	mustOK(t, &s, `{"cmd":"play","move":"a1"}`)
	before := string(s.handle([]byte(`{"cmd":"record"}`)))
	state := string(s.handle([]byte(`{"cmd":"state"}`)))
	bad := map[string]string{
		`not json`:                     "malformed",
		`{"cmd":`:                      "malformed JSON",
		`[1,2]`:                        "malformed",
		`{"cmd":"fly"}`:                "unknown command",
		`{}`:                           "missing \"cmd\"",
		`{"cmd":42}`:                   "malformed JSON",
		`{"cmd":"new","game":"chess"}`: "unknown game",
		`{"cmd":"new"}`:                "needs \"game\"",
		`{"cmd":"new","game":"seega","players":3}`:    "player count",
		`{"cmd":"new","game":"es-sig","players":9}`:   "player count",
		`{"cmd":"new","game":"es-sig","players":1}`:   "player count",
		`{"cmd":"new","game":"es-sig","players":"4"}`: "whole number",
		`{"cmd":"new","game":"es-sig","players":2.5}`: "whole number",
		`{"cmd":"new","game":"seega","seed":"x"}`:     "whole number",
		`{"cmd":"play","move":"a1"}`:                  "",
		`{"cmd":"play","move":"c3"}`:                  "",
		`{"cmd":"play","move":"z9"}`:                  "",
		`{"cmd":"play","move":"throw"}`:               "no throw",
		`{"cmd":"play","move":"throw 2"}`:             "",
		`{"cmd":"play"}`:                              "needs \"move\"",
		`{"cmd":"ai","level":"godlike"}`:              "unknown level",
		`{"cmd":"load"}`:                              "needs \"record\"",
		`{"cmd":"load","record":5}`:                   "bad record",
		`{"cmd":"load","record":{"game":"seega"}}`:    "missing",
		`{"cmd":"load","record":{"game":"seega","players":2,"seed":1,"moves":["c3"],"version":1}}`:                   "bad record",
		`{"cmd":"load","record":{"game":"seega","players":2,"seed":1,"moves":[],"version":2}}`:                       "version",
		`{"cmd":"load","record":{"game":"nope","players":2,"seed":1,"moves":[],"version":1}}`:                        "unknown game",
		`{"cmd":"load","record":{"game":"seega","players":4,"seed":1,"moves":[],"version":1}}`:                       "player count",
		`{"cmd":"load","record":{"game":"seega","players":2,"seed":1,"moves":[3],"version":1}}`:                      "list of strings",
		`{"cmd":"load","record":{"game":"es-sig","players":2,"seed":1,"moves":["throw"],"version":1}}`:               "bare",
		`{"cmd":"load","record":{"game":"seega","players":2,"seed":1,"moves":[],"version":1,"names":["Amira"]}}`:     "1 names for 2 players",
		`{"cmd":"load","record":{"game":"seega","players":2,"seed":1,"moves":[],"version":1,"names":["Amira",7]}}`:   "\"names\" must be",
		`{"cmd":"load","record":{"game":"seega","players":2,"seed":1,"moves":[],"version":1,"names":["Amira"," "]}}`: "name 2",
		`{"cmd":"games"} {"cmd":"games"}`: "more than one",
		``:                                "empty",
	}
	for line, want := range bad {
		a := ask(t, &s, line)
		msg, _ := a["error"].(string)
		if a["ok"] != false || msg == "" || !strings.Contains(msg, want) {
			t.Errorf("%q: got %v, want an error containing %q", line, a, want)
		}
		if got := string(s.handle([]byte(`{"cmd":"record"}`))); got != before {
			t.Fatalf("%q changed the record:\n%s\nwas\n%s", line, got, before)
		}
		if got := string(s.handle([]byte(`{"cmd":"state"}`))); got != state {
			t.Fatalf("%q changed the state", line)
		}
	}
}

func TestRecordRoundTrip(t *testing.T) {
	for _, id := range []string{"sig-wa-duqqan", "es-sig", "sig-el-oued", "seega", "sadeqa"} {
		var s session
		mustOK(t, &s, `{"cmd":"new","game":"`+id+`","seed":42}`)
		for i := 0; i < 60; i++ {
			l := mustOK(t, &s, `{"cmd":"legal"}`)
			moves := l["moves"].([]any)
			if len(moves) == 0 {
				break
			}
			mv := "throw"
			if _, isThrow := l["chances"]; !isThrow {
				mv = moves[i%len(moves)].(string)
			}
			a := mustOK(t, &s, `{"cmd":"play","move":"`+mv+`"}`)
			if _, ok := a["events"].([]any); !ok {
				t.Fatalf("%s: play answered without events: %v", id, a)
			}
		}
		rec := s.handle([]byte(`{"cmd":"record"}`))
		state := s.handle([]byte(`{"cmd":"state"}`))
		var r struct{ Record json.RawMessage }
		if err := json.Unmarshal(rec, &r); err != nil {
			t.Fatal(err)
		}
		var fresh session
		mustOK(t, &fresh, `{"cmd":"load","record":`+string(r.Record)+`}`)
		if got := fresh.handle([]byte(`{"cmd":"state"}`)); !bytes.Equal(got, state) {
			t.Errorf("%s: loaded state\n%s\nwant\n%s", id, got, state)
		}
		// A bare throw after loading throws exactly as the original would have.
		if a := ask(t, &s, `{"cmd":"play","move":"throw"}`); a["ok"] == true {
			b := mustOK(t, &fresh, `{"cmd":"play","move":"throw"}`)
			ja, _ := json.Marshal(a["state"])
			jb, _ := json.Marshal(b["state"])
			if !bytes.Equal(ja, jb) {
				t.Errorf("%s: bare throw after load differs", id)
			}
		}
	}
}

// TestRecordKeepsNames: a record's optional names come back in the record of the loaded game,
// after more moves too; a new game has none.
func TestRecordKeepsNames(t *testing.T) {
	var s session
	mustOK(t, &s, `{"cmd":"load","record":{"game":"sadeqa","players":2,"seed":1,"moves":["3"],"version":1,"names":["Amira","Computer"]}}`)
	mv := mustOK(t, &s, `{"cmd":"legal"}`)["moves"].([]any)[0].(string)
	mustOK(t, &s, `{"cmd":"play","move":"`+mv+`"}`)
	var r struct{ Record struct{ Names []string } }
	if err := json.Unmarshal(s.handle([]byte(`{"cmd":"record"}`)), &r); err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Record.Names, ",") != "Amira,Computer" {
		t.Errorf("the record's names are %q", r.Record.Names)
	}
	mustOK(t, &s, `{"cmd":"new","game":"seega","seed":1}`)
	if b := s.handle([]byte(`{"cmd":"record"}`)); bytes.Contains(b, []byte("names")) {
		t.Errorf("a new game's record has names: %s", b)
	}
}

func TestServeAnswersEveryLine(t *testing.T) {
	in := strings.NewReader("{\"cmd\":\"games\"}\nnonsense\n{\"cmd\":\"new\",\"game\":\"sadeqa\",\"seed\":1}\n{\"cmd\":\"legal\"}")
	var out bytes.Buffer
	if err := serve(in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d answers to 4 lines:\n%s", len(lines), out.String())
	}
	for i, want := range []string{`{"ok":true,"games"`, `{"ok":false`, `{"ok":true,"state"`, `{"ok":true,"moves":["1","2","3","4","5","6","7","8","9","10"]}`} {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("answer %d: %s, want it to begin %s", i, lines[i], want)
		}
	}
}

// FuzzProtocol: no line crashes the engine, every answer is one JSON object with "ok", and a
// refused line leaves the game exactly as it was.
func FuzzProtocol(f *testing.F) {
	for _, seed := range []string{
		`{"cmd":"games"}`, `{"cmd":"state"}`, `{"cmd":"legal"}`, `{"cmd":"play","move":"throw"}`,
		`{"cmd":"play","move":"throw 3"}`, `{"cmd":"play","move":"e1"}`, `{"cmd":"play","move":"free-all a1"}`,
		`{"cmd":"play","move":"ghula back"}`, `{"cmd":"play","move":"c2-c3"}`, `{"cmd":"play","move":"10"}`,
		`{"cmd":"new","game":"sig-el-oued","seed":3}`, `{"cmd":"new","game":"es-sig","players":8}`,
		`{"cmd":"record"}`, `{"cmd":"ai","level":"easy","time_ms":5}`,
		`{"cmd":"load","record":{"game":"sadeqa","players":2,"seed":1,"moves":["3","7"],"version":1}}`,
		`{"cmd":"new","game":"seega","players":-1e400}`, "\x00\xff", `{"cmd":"play","move":"\u0000"}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		var s session
		s.handle([]byte(`{"cmd":"new","game":"sig-el-oued","seed":5}`))
		s.handle([]byte(`{"cmd":"play","move":"throw 1"}`))
		before := string(s.handle([]byte(`{"cmd":"record"}`)))
		raw := s.handle([]byte(line))
		var a map[string]any
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatalf("answer is not JSON: %q", raw)
		}
		if a["ok"] == false {
			if msg, _ := a["error"].(string); msg == "" {
				t.Fatalf("refusal without a message: %s", raw)
			}
			if after := string(s.handle([]byte(`{"cmd":"record"}`))); after != before {
				t.Fatalf("refused line %q changed the game", line)
			}
		} else if a["ok"] != true {
			t.Fatalf("no ok in %s", raw)
		}
	})
}

// FuzzLoad: no record, however broken, crashes the engine or is half-loaded.
func FuzzLoad(f *testing.F) {
	f.Add(`{"game":"sadeqa","players":2,"seed":1,"moves":["3","7"],"version":1}`)
	f.Add(`{"game":"es-sig","players":3,"seed":-9,"moves":["throw 1","throw 0","throw 4"],"version":1}`)
	f.Add(`{"game":"seega","players":2,"seed":0,"moves":["a1","b1","c1"],"version":1}`)
	f.Add(`{"game":"sig-el-oued","players":2,"seed":1,"moves":["throw 6","throw 1","free-all a1"],"version":1}`)
	f.Add(`{"game":"sig-wa-duqqan","players":8,"seed":1,"moves":["throw 0","throw 0"],"version":1}`)
	f.Fuzz(func(t *testing.T, record string) {
		var s session
		s.handle([]byte(`{"cmd":"new","game":"seega","seed":1}`))
		before := string(s.handle([]byte(`{"cmd":"record"}`)))
		raw := s.handle([]byte(`{"cmd":"load","record":` + record + `}`))
		var a map[string]any
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatalf("answer is not JSON: %q", raw)
		}
		if a["ok"] != true {
			if after := string(s.handle([]byte(`{"cmd":"record"}`))); after != before {
				t.Fatalf("refused record changed the game")
			}
			return
		}
		// A loaded record is given back as it was replayed.
		var rec struct{ Record json.RawMessage }
		json.Unmarshal(s.handle([]byte(`{"cmd":"record"}`)), &rec)
		var again session
		if b := again.handle([]byte(`{"cmd":"load","record":` + string(rec.Record) + `}`)); !bytes.HasPrefix(b, []byte(`{"ok":true`)) {
			t.Fatalf("the engine's own record does not load: %s", b)
		}
	})
}
