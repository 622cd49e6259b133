package scenes

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"sig/match"
	"sig/scenes/lang"
)

// logTo sends the log into a buffer while a test runs.
func logTo(t *testing.T) *bytes.Buffer {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	return &buf
}

// TestFailuresSpeakThePlayersLanguage: a save that fails and a saved game that cannot be
// continued, met by a French player the way the app meets them, show the catalogue's French
// and none of Go's English error; the error itself is in the log.
func TestFailuresSpeakThePlayersLanguage(t *testing.T) {
	defer lang.Set(lang.Current())
	buf := logTo(t)

	st := &memStore{fail: true}
	m, _ := newManager(Config{Game: "seega", Seed: 2, Lang: "fr", Seats: []Seat{{Who: match.Person{}}, {Who: match.Person{}}}}, st)
	m.LayoutF(1280, 800)
	p := m.Current().(*play)
	p.apply(p.legal[0], 0)
	if p.note != lang.In(lang.French, "saves.note.failed") {
		t.Errorf("note %q after a failed save, want the catalogue's French", p.note)
	}
	if !strings.Contains(buf.String(), "storage is full") {
		t.Errorf("the log does not hold the error: %q", buf.String())
	}

	for name, bad := range badSaves(t) {
		buf.Reset()
		st := &memStore{}
		st.save(autosaveEntry, bad)
		m, err := newManager(Config{Seed: 1, Lang: "fr"}, st)
		if err != nil {
			t.Fatal(err)
		}
		ti := m.Current().(*title)
		want := lang.In(lang.French, "saves.notice.setaside", entryPlace(st, autosaveEntry+".bad"))
		if ti.notice != want {
			t.Errorf("%s: notice %q, want %q", name, ti.notice, want)
		}
		if !strings.Contains(buf.String(), "not a saved game of this app") {
			t.Errorf("%s: the log does not hold the reason: %q", name, buf.String())
		}
	}
}
