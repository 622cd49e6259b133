//go:build smoke

package smoke

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBrowserSaves plays a few throws of Sig wa Duqqan in headless Chromium, checks that the
// game saved itself in localStorage ("sig.autosave"), reloads the page and checks that the
// title offers Continue and that Continue brings the game back; then it corrupts the save and
// checks that the title sets it aside ("sig.autosave.bad") with a notice. Screenshots:
// browser-saves-continue.png, browser-saves-continued.png, browser-saves-setaside.png.
//
// It builds and serves the browser game a second time (after TestBrowser), so it runs only
// when SIG_SMOKE_SAVES=1: SIG_SMOKE_SAVES=1 go test -tags smoke -run TestBrowserSaves ./smoke
func TestBrowserSaves(t *testing.T) {
	if os.Getenv("SIG_SMOKE_SAVES") != "1" {
		t.Skip("SIG_SMOKE_SAVES is not 1")
	}
	root, out := moduleRoot(t), outDir(t)
	addr := freeAddr(t)
	url := "http://" + addr + "/"
	startServe(t, root, addr, filepath.Join(out, "browser-saves-serve.log"))

	const w, h = 1280, 800
	b := startBrowser(t, w, h)
	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Minute)
	defer cancel()
	if err := b.emulate(ctx, w, h, 1, false); err != nil {
		t.Fatal(err)
	}
	// key presses and releases a key on the canvas, each held across two animation frames, so
	// that the game's update sees it even when the machine is slow (a press and a release
	// between two updates would be lost).
	key := func(code, k string) {
		t.Helper()
		js := `(async () => { const c = document.querySelector('canvas');
			const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
			for (const type of ['keydown', 'keyup']) {
				c.dispatchEvent(new KeyboardEvent(type, {code: '` + code + `', key: '` + k + `', bubbles: true}));
				await frames();
			}
			return true; })()`
		if err := b.eval(ctx, js, nil); err != nil {
			t.Fatal(err)
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

	load(t, ctx, b, url+"?game=sig-wa-duqqan&seats=human,human&seed=11")
	settle(ctx, b)
	for range 3 {
		key("Space", " ") // throw
		time.Sleep(2500 * time.Millisecond)
	}
	saved, ok := item("sig.autosave")
	if !ok || !strings.Contains(saved, `"format":"sig-save"`) || !strings.Contains(saved, `"throw `) {
		t.Fatalf("after three throws localStorage sig.autosave = %q", saved)
	}

	load(t, ctx, b, url)
	settle(ctx, b)
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-continue.png"), w, h)
	key("Enter", "Enter") // Continue has the focus
	settle(ctx, b)
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-continued.png"), w, h)
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
	scene := func() string {
		t.Helper()
		var v struct {
			Scene string `json:"scene"`
		}
		if err := b.eval(ctx, `window.sig()`, &v); err != nil {
			t.Fatal(err)
		}
		return v.Scene
	}
	wantScene := func(name string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			if scene() == name {
				return
			}
		}
		t.Fatalf("the scene is %q, want %q", scene(), name)
	}
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
	time.Sleep(time.Second)
	var dl []struct{ Name, Href string }
	if err := b.eval(ctx, `window.__downloads`, &dl); err != nil {
		t.Fatal(err)
	}
	if len(dl) != 1 || !strings.HasPrefix(dl[0].Name, "sig-wa-duqqan-") || !strings.HasSuffix(dl[0].Name, ".json") {
		t.Fatalf("export downloaded %+v, want one sig-wa-duqqan-….json", dl)
	}
	var record string
	if err := b.eval(ctx, `fetch('`+dl[0].Href+`').then(r => r.text())`, &record); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(record, `"game": "sig-wa-duqqan"`) || !strings.Contains(record, `"throw `) {
		t.Fatalf("the download is not the game's RECORD:\n%s", record)
	}
	shoot(t, ctx, b, filepath.Join(out, "browser-saves-export.png"), w, h)

	key("ArrowDown", "ArrowDown") // restart
	key("ArrowDown", "ArrowDown") // menu
	key("Enter", "Enter")
	wantScene("title")
	key("ArrowDown", "ArrowDown") // continue → play
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
