//go:build !js

package scenes

import (
	"os/exec"
	"runtime"
	"strings"
)

// clipboardTools are the programs that put text on a desktop's clipboard, each with its
// arguments, in the order tried: Wayland's, X11's two, macOS's, Windows'.
var clipboardTools = [][]string{
	{"wl-copy"},
	{"xclip", "-selection", "clipboard"},
	{"xsel", "--clipboard", "--input"},
	{"pbcopy"},
	{"clip.exe"},
}

// clipboardTool is the first of clipboardTools found on this machine (nil: none; phones
// have none).
func clipboardTool() []string {
	if isMobile || runtime.GOOS == "android" || runtime.GOOS == "ios" {
		return nil
	}
	for _, t := range clipboardTools {
		if _, err := exec.LookPath(t[0]); err == nil {
			return t
		}
	}
	return nil
}

// copyLink puts s on the desktop's clipboard with the tool found and tells done whether it
// did. A variable, so that tests see what was copied without touching the machine's clipboard.
var copyLink = func(s string, done func(ok bool)) {
	t := clipboardTool()
	if t == nil {
		done(false)
		return
	}
	cmd := exec.Command(t[0], t[1:]...)
	cmd.Stdin = strings.NewReader(s)
	// The X11 tools stay to serve the selection: started, not waited for.
	if err := cmd.Start(); err != nil {
		done(false)
		return
	}
	go cmd.Wait()
	done(true)
}

// canCopy reports whether copyLink can work here (a variable, for tests).
var canCopy = func() bool { return clipboardTool() != nil }

// canShare is false outside a browser: a desktop has no share sheet the game can reach.
func canShare() bool { return false }

// shareLink does nothing outside a browser.
func shareLink(title, link string) {}
