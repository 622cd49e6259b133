//go:build smoke

package smoke

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBrowserSaves starts Sig wa Duqqan in headless Chromium as a player does (title → Play →
// the game's card → Start in the setup: you against the computer), plays a few turns, leaves it
// by Pause → Menu, checks that the game saved itself in localStorage ("sig.autosave") with no
// level for the person, reloads the page and checks that the title offers Continue and that
// Continue brings the very game back (its record and position, the sticks showing the throw in
// play); then it corrupts the save and checks that the title sets it aside
// ("sig.autosave.bad") with a notice, and exports and imports a record. Screenshots:
// browser-saves-before.png, browser-saves-continue.png, browser-saves-continued.png,
// browser-saves-setaside.png, …
//
// It uses the browser game TestBrowser built and served (siteURL).
func TestBrowserSaves(t *testing.T) {
	out := outDir(t)
	url := siteURL(t)

	const w, h = 1280, 800
	b := startBrowser(t, w, h)
	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Minute)
	defer cancel()
	if err := b.emulate(ctx, w, h, 1, false); err != nil {
		t.Fatal(err)
	}
	// key presses and releases a key on the canvas, each held until the game has run two
	// updates since (window.sig().work.updates), so that its update sees both even when the
	// machine is slow: a press and a release between two updates would be lost, and counting
	// animation frames is not enough, as a frame may pass with no update at all (CI lost the
	// export's Enter that way).
	key := func(code, k string) {
		t.Helper()
		js := `(async () => { const c = document.querySelector('canvas');
			const updates = () => { const v = window.sig(); return v ? v.work.updates : 0; };
			const frame = () => new Promise(r => requestAnimationFrame(r));
			for (const type of ['keydown', 'keyup']) {
				const from = updates();
				c.dispatchEvent(new KeyboardEvent(type, {code: '` + code + `', key: '` + k + `', bubbles: true}));
				for (const end = Date.now() + 60000; updates() < from + 2 && Date.now() < end; ) await frame();
				if (updates() < from + 2) return false;
			}
			return true; })()`
		var seen bool
		if err := b.eval(ctx, js, &seen); err != nil {
			t.Fatal(err)
		}
		if !seen {
			t.Fatalf("the game ran no two updates in a minute after %s", code)
		}
	}
	item := func(name string) (string, bool) {
		t.Helper()
		var v *string
		if err := b.eval(ctx, `localStorage.getItem('`+name+`')`, &v); err != nil {
			t.Fatal(err)
		}
		if v == nil {
			return "", false
		}
		return *v, true
	}
	type view struct {
		Scene  string          `json:"scene"`
		Fading bool            `json:"fading"`
		Game   string          `json:"game"`
		State  json.RawMessage `json:"state"`
		Moves  []string        `json:"moves"`
		Human  bool            `json:"human"`
		Busy   bool            `json:"busy"`
	}
	hook := func() view {
		t.Helper()
		var v view
		if err := b.eval(ctx, `window.sig()`, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	scene := func() string { t.Helper(); return hook().Scene }
	wantScene := func(name string) {
		t.Helper()
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			if v := hook(); v.Scene == name && !v.Fading {
				return
			}
		}
		t.Fatalf("the scene is %q, want %q", scene(), name)
	}

	// A fresh page: no save yet. Title → Play → the first card (Sig wa Duqqan) → Start, by
	// keys, each on the focused button.
	load(t, ctx, b, url)
	settle(ctx, b)
	if _, ok := item("sig.autosave"); ok {
		t.Fatalf("a fresh page already has a save")
	}
	wantScene("title")
	key("Enter", "Enter")
	wantScene("picker")
	key("Enter", "Enter")
	wantScene("setup")
	key("Enter", "Enter")
	wantScene("play")
	// A few turns of the person's: space throws when a throw is due and picks the focused
	// move when a decision is; the computer answers between them.
	turns := 0
	for deadline := time.Now().Add(10 * time.Minute); turns < 4 || !(hook().Human && !hook().Busy); {
		if time.Now().After(deadline) {
			t.Fatalf("only %d turns in ten minutes: %+v", turns, hook())
		}
		if v := hook(); v.Scene == "play" && v.Human && !v.Busy && turns < 4 {
			key("Space", " ")
			turns++
		}
		time.Sleep(700 * time.Millisecond)
	}
	before := hook()
	if v := before; v.Game != "sig-wa-duqqan" || len(v.Moves) < 4 {
		t.Fatalf("after %d turns the game is %q with moves %v", turns, v.Game, v.Moves)
	}
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-before.png"), w, h)
	key("Escape", "Escape")
	wantScene("pause")
	for range 5 { // resume, rules, settings, export, restart, menu
		key("ArrowDown", "ArrowDown")
	}
	key("Enter", "Enter")
	wantScene("title")
	saved, ok := item("sig.autosave")
	if !ok || !strings.Contains(saved, `"format":"sig-save"`) || !strings.Contains(saved, `"throw `) {
		t.Fatalf("after %d turns localStorage sig.autosave = %q", turns, saved)
	}
	var sg struct {
		Players []struct {
			Human bool   `json:"human"`
			Level string `json:"level"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(saved), &sg); err != nil || len(sg.Players) < 2 {
		t.Fatalf("the save's seats: %+v (%v)", sg.Players, err)
	}
	// The setup's seats: you first, with no level; the computer at medium in the others.
	for i, p := range sg.Players {
		if p.Human != (i == 0) || p.Human && p.Level != "" || !p.Human && p.Level != "medium" {
			t.Errorf("the save's seat %d: %+v; want a person with no level first, then computers at medium", i+1, p)
		}
	}

	// The page again, as tomorrow: Continue is offered, focused, and brings the game back.
	load(t, ctx, b, url)
	settle(ctx, b)
	wantScene("title")
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-continue.png"), w, h)
	key("Enter", "Enter") // Continue has the focus
	wantScene("play")
	settle(ctx, b)
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-continued.png"), w, h)
	after := hook()
	if strings.Join(after.Moves, ",") != strings.Join(before.Moves, ",") || string(after.State) != string(before.State) {
		t.Errorf("Continue brought back moves %v, state %s;\nthe game was %v, %s", after.Moves, after.State, before.Moves, before.State)
	}
	if again, _ := item("sig.autosave"); again != saved {
		t.Errorf("continuing changed the save before any move:\n%s\n%s", again, saved)
	}

	if err := b.eval(ctx, `localStorage.setItem('sig.autosave', '{"format":"sig-save","vers')`, nil); err != nil {
		t.Fatal(err)
	}
	load(t, ctx, b, url)
	settle(ctx, b)
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-setaside.png"), w, h)
	if _, ok := item("sig.autosave"); ok {
		t.Errorf("the corrupt save is still sig.autosave")
	}
	if bad, _ := item("sig.autosave.bad"); !strings.HasPrefix(bad, `{"format":"sig-save","vers`) {
		t.Errorf("sig.autosave.bad = %q, want the corrupt save", bad)
	}

	// Export from the pause menu: a download (caught here at the link's click) of the game's
	// RECORD; then import it again by the records scene's file chooser, and by pasting it.
	load(t, ctx, b, url+"?game=sig-wa-duqqan&seats=human,human&seed=12")
	settle(ctx, b)
	for range 4 {
		key("Space", " ")
		time.Sleep(2500 * time.Millisecond)
	}
	catch := `window.__downloads = []; HTMLAnchorElement.prototype.click = function () { window.__downloads.push({name: this.download, href: this.href}); };`
	if err := b.eval(ctx, catch, nil); err != nil {
		t.Fatal(err)
	}
	key("Escape", "Escape")
	wantScene("pause")
	for range 3 { // resume, rules, settings, export
		key("ArrowDown", "ArrowDown")
	}
	key("Enter", "Enter")
	var dl []struct{ Name, Href string }
	for deadline := time.Now().Add(10 * time.Second); len(dl) == 0 && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if err := b.eval(ctx, `window.__downloads`, &dl); err != nil {
			t.Fatal(err)
		}
	}
	if len(dl) == 0 {
		shoot(t, ctx, b, filepath.Join(out, "browser-saves-export-failed.png"), w, h)
	}
	if len(dl) != 1 || !strings.HasPrefix(dl[0].Name, "sig-wa-duqqan-") || !strings.HasSuffix(dl[0].Name, ".json") {
		t.Fatalf("export downloaded %+v on scene %q, want one sig-wa-duqqan-….json", dl, scene())
	}
	var record string
	if err := b.eval(ctx, `fetch('`+dl[0].Href+`').then(r => r.text())`, &record); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(record, `"game": "sig-wa-duqqan"`) || !strings.Contains(record, `"throw `) {
		t.Fatalf("the download is not the game's RECORD:\n%s", record)
	}
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-export.png"), w, h)

	// Back to the game and to the pause menu afresh (its focus on Resume), then down to Menu.
	key("Escape", "Escape")
	wantScene("play")
	key("Escape", "Escape")
	wantScene("pause")
	for range 5 { // rules, settings, export, restart, menu
		key("ArrowDown", "ArrowDown")
	}
	key("Enter", "Enter")
	wantScene("title")
	key("ArrowDown", "ArrowDown") // continue → play
	key("ArrowDown", "ArrowDown") // → play online
	key("ArrowDown", "ArrowDown") // → game records
	key("Enter", "Enter")
	wantScene("records")
	key("Enter", "Enter") // Open a file…: makes the hidden file input
	time.Sleep(500 * time.Millisecond)
	choose := `(() => { const input = document.querySelector('input[type=file]'); const dt = new DataTransfer();
		dt.items.add(new File([` + "`" + `%s` + "`" + `], 'game.json', {type: 'application/json'})); input.files = dt.files;
		input.dispatchEvent(new Event('change')); return true; })()`
	if err := b.eval(ctx, strings.Replace(choose, "%s", record, 1), nil); err != nil {
		t.Fatal(err)
	}
	wantScene("replay")
	key("End", "End")
	time.Sleep(500 * time.Millisecond)
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-replay.png"), w, h)
	key("Escape", "Escape")
	wantScene("records")

	// A bad record pasted by hand: a clear message, the records scene stays.
	key("ArrowRight", "ArrowRight") // Paste
	key("Enter", "Enter")
	paste := `(() => { const ta = document.querySelector('#sig-paste textarea'); if (!ta) return false; ta.value = '{"game":"seega","moves":["z9"]';
		[...document.querySelectorAll('#sig-paste button')].pop().click(); return true; })()`
	var pasted bool
	for deadline := time.Now().Add(10 * time.Second); !pasted && time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		if err := b.eval(ctx, paste, &pasted); err != nil {
			t.Fatal(err)
		}
	}
	if !pasted {
		t.Fatalf("no paste box")
	}
	time.Sleep(time.Second)
	wantScene("records")
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-badpaste.png"), w, h)
}
