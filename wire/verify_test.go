package wire

import "testing"

// FuzzVerify reads anything as a saved match and verifies it: nothing crashes, and what is
// accepted is a match with a finished game.
func FuzzVerify(f *testing.F) {
	for _, s := range []string{`[]`, `[{"seq":1,"kind":"open","game":"seega","players":2,"seats":[{"kind":"person"},{"kind":"person"}]}]`,
		`[{"v":1,"t":"event","event":{"seq":1,"kind":"open"}}]`, `[{"seq":1,"kind":"over","ranks":[1,2]}]`, `{`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		evs, err := ReadEvents(b)
		if err != nil {
			return
		}
		rounds, err := VerifyMatch(evs)
		if err == nil && len(rounds) == 0 && len(evs) > 0 && evs[len(evs)-1].Kind == EvOver {
			t.Errorf("accepted a match ending in over with no game checked: %s", b)
		}
	})
}
