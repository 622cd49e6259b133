package wire

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestDecodeAcceptsEveryClientType(t *testing.T) {
	for _, m := range []ClientMsg{
		{T: TCreate, Game: "seega", Players: 2, Seats: []SeatSpec{{Kind: Person}, {Kind: Computer, Level: "hard"}}},
		{T: TJoin, Match: "m", Seat: 1, Secret: "s"},
		{T: TJoin, Code: "ABCD-EFGH"},
		{T: TResume, Match: "m", Seat: 1, Key: "k", Last: 17},
		{T: TWatch, Match: "m"},
		{T: TStart},
		{T: TMove, Move: "c2-c3"},
		{T: TMove, Move: "throw"},
		{T: TLeave},
		{T: TEmote, Emote: "well-played"},
		{T: TChoose, Seat: 2, Choice: ChoiceComputer},
		{T: TRematch},
		{T: TQuick, Game: "sadeqa"},
	} {
		got, r := Decode(EncodeClient(m))
		m.V = Version
		if r != nil || !reflect.DeepEqual(got, m) {
			t.Errorf("%s: decoded %+v, %v", m.T, got, r)
		}
	}
}

// FuzzDecode: no input crashes the decoder; what it accepts is within the limits and reads
// back the same after encoding.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"v":1,"t":"move","move":"c2-c3"}`))
	f.Add([]byte(`{"v":1,"t":"create","game":"seega","players":2,"seats":[{"kind":"person"},{"kind":"computer","level":"easy"}]}`))
	f.Add([]byte(`{"v":1,"t":"join","code":"ABCD-EFGH"}`))
	f.Add([]byte(`{"v":1,"t":"resume","match":"m","seat":1,"key":"k","last":3}`))
	f.Add([]byte(`{"v":1,"t":"emote","emote":"wow"}`))
	f.Add([]byte(`{"v":1,"t":"choose","seat":1,"choice":"end"}`))
	f.Add([]byte(`[1,2,3]`))
	f.Add([]byte(`{"v":1e400}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, r := Decode(b)
		if r != nil {
			if r.Reason == "" || r.Text == "" {
				t.Fatalf("a refusal without a reason: %+v", r)
			}
			return
		}
		if len(b) > MaxMessage || m.V != Version || m.Seat < 0 || m.Seat >= MaxSeats || m.Last < 0 {
			t.Fatalf("accepted out of limits: %+v", m)
		}
		for _, s := range []string{m.Game, m.Match, m.Code, m.Secret, m.Key, m.Move, m.Emote, m.Choice} {
			if len(s) > MaxTextLen {
				t.Fatalf("accepted a field of %d bytes", len(s))
			}
		}
		again, r := Decode(EncodeClient(m))
		if r != nil || !reflect.DeepEqual(again, m) {
			t.Fatalf("%+v reads back as %+v (%v)", m, again, r)
		}
	})
}

func TestEncodeCarriesVersion(t *testing.T) {
	var m map[string]any
	if err := json.Unmarshal(Encode(ServerMsg{T: TQueued}), &m); err != nil || m["v"] != float64(Version) {
		t.Fatalf("%v %v", m, err)
	}
	if !strings.Contains(string(Encode(ServerMsg{T: TRefused, Reason: ReasonRate})), `"reason":"rate"`) {
		t.Fatal("reason not spelled")
	}
}
