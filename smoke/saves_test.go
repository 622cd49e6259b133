//go:build smoke

package smoke

import (
	"context"
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
func TestBrowserSaves(t *testing.T) {
	root, out := moduleRoot(t), outDir(t)
	addr := freeAddr(t)
	url := "http://" + addr + "/"
	startServe(t, root, addr, filepath.Join(out, "browser-saves-serve.log"))

	const w, h = 1280, 800
	b := startBrowser(t, w, h)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := b.emulate(ctx, w, h, 1, false); err != nil {
		t.Fatal(err)
	}
	key := func(code, k string) {
		t.Helper()
		for _, typ := range []string{"keydown", "keyup"} {
			js := `document.querySelector('canvas').dispatchEvent(new KeyboardEvent('` + typ + `', {code: '` + code + `', key: '` + k + `', bubbles: true}))`
			if err := b.eval(ctx, js, nil); err != nil {
				t.Fatal(err)
			}
			time.Sleep(150 * time.Millisecond) // a tick or more between press and release
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
}
