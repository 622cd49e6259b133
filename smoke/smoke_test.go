//go:build smoke

package smoke

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gameIDs are the five games as the engine protocol names them (the -game flag takes these).
var gameIDs = []string{"sig-wa-duqqan", "es-sig", "sig-el-oued", "seega", "sadeqa"}

// moduleRoot is the repository's root, where build.sh and main.go are.
func moduleRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "build.sh")); err != nil {
		t.Fatalf("no build.sh in %s: run the smoke tests from the repository", root)
	}
	return root
}

// outDir is where the screenshots go: $SIG_SMOKE_OUT, or a temporary folder.
func outDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("SIG_SMOKE_OUT")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "sig-smoke")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// checkScreenshot decodes a PNG and fails unless it is the expected size and not blank:
// many colours, and no single colour covering nearly all of it (an empty clear colour or a
// loading screen would).
func checkScreenshot(t *testing.T, name string, data []byte, wantW, wantH int) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Errorf("%s: not a PNG: %v", name, err)
		return nil
	}
	b := img.Bounds()
	if wantW > 0 && (b.Dx() != wantW || b.Dy() != wantH) {
		t.Errorf("%s: %d×%d pixels, want %d×%d", name, b.Dx(), b.Dy(), wantW, wantH)
	}
	counts := map[uint32]int{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			counts[(r>>11)<<10|(g>>11)<<5|bl>>11]++ // 5 bits a channel
		}
	}
	total, most := 0, 0
	for _, n := range counts {
		total += n
		most = max(most, n)
	}
	if len(counts) < 16 {
		t.Errorf("%s: blank: only %d colours", name, len(counts))
	}
	if float64(most) > 0.97*float64(total) {
		t.Errorf("%s: blank: one colour covers %.1f%% of it", name, 100*float64(most)/float64(total))
	}
	return img
}

// startDisplay returns $DISPLAY, or starts a private Xvfb and returns its display.
func startDisplay(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("DISPLAY"); d != "" {
		return d
	}
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Fatal("no DISPLAY and no Xvfb: install it (apt-get install xvfb)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start Xvfb: %v", err)
	}
	w.Close()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 16)
		n, _ := r.Read(buf)
		got <- strings.TrimSpace(string(buf[:n]))
	}()
	select {
	case d := <-got:
		if d == "" {
			t.Fatal("Xvfb did not start")
		}
		return ":" + d
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not say its display in 20 s")
	}
	return ""
}

// TestDesktop starts the built game for the title and for each game's setup, each with
// -screenshot, and checks it exits cleanly having written a frame that is not blank.
func TestDesktop(t *testing.T) {
	root, out := moduleRoot(t), outDir(t)
	bin := filepath.Join(t.TempDir(), "sig")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = root
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	display := startDisplay(t)

	cases := []struct {
		name string
		args []string
	}{{"title", nil}}
	for _, id := range gameIDs {
		cases = append(cases, struct {
			name string
			args []string
		}{"setup-" + id, []string{"-game", id}})
	}
	const w, h = 1280, 800
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			shot := filepath.Join(out, "desktop-"+c.name+".png")
			os.Remove(shot)
			args := append([]string{"-width", fmt.Sprint(w), "-height", fmt.Sprint(h),
				"-screenshot", shot, "-screenshot-frame", "30"}, c.args...)
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), "DISPLAY="+display)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("sig %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
				}
			case <-time.After(2 * time.Minute):
				cmd.Process.Kill()
				<-done
				t.Fatalf("sig %s did not quit within 2 minutes\n%s", strings.Join(args, " "), stderr.String())
			}
			data, err := os.ReadFile(shot)
			if err != nil {
				t.Fatalf("no screenshot: %v\n%s", err, stderr.String())
			}
			// The frame is the game's screen, whose size the scenes choose from the window's.
			img := checkScreenshot(t, shot, data, 0, 0)
			if img != nil && (img.Bounds().Dx() < 320 || img.Bounds().Dy() < 240) {
				t.Errorf("%s: %v: too small to be the %d×%d window's screen", shot, img.Bounds().Size(), w, h)
			}
			t.Logf("%s", shot)
		})
	}
}
