//go:build e2e

package e2e

import (
	"testing"
	"time"
)

// TestBrowserSound clicks through the menus of a first visit with the sound on (the default):
// the first click opens the page's audio context and every button clicks. The page must go on
// answering and drawing. (The other runs keep the sound off; see muted in games_test.go.)
func TestBrowserSound(t *testing.T) {
	url := site(t)
	ctx := newBrowser(t, 8*time.Minute)
	p := openPage(t, ctx, "sound", url+"?seed=5", false, "")
	v := p.waitScene("title")
	if v.Speed == "" {
		t.Fatal("no settings in the hook")
	}
	for _, step := range []struct{ tap, scene string }{
		{"button:settings", "settings"}, {"button:back", "title"},
		{"button:play", "picker"}, {"button:back", "title"},
	} {
		p.tap(step.tap)
		p.waitScene(step.scene)
	}
	before := p.hook().Work.Updates
	time.Sleep(2 * time.Second)
	if after := p.hook().Work.Updates; after <= before {
		t.Errorf("with the sound on, the game stopped updating after four clicks (%d updates, then %d)", before, after)
	}
	p.shot("title-sound-on")
}
