package server

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"sig/wire"
)

// buildSigserver builds cmd/sigserver into a temporary folder.
func buildSigserver(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the sigserver binary")
	}
	bin := filepath.Join(t.TempDir(), "sigserver")
	out, err := exec.Command("go", "build", "-o", bin, "../cmd/sigserver").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var listening = regexp.MustCompile(`matches at (ws://[0-9.:]+/ws)`)

// startSigserver runs the binary on a free loopback port and returns the process and its URL.
func startSigserver(t *testing.T, bin string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"-addr", "127.0.0.1:0", "-log", "warn", "-rate", "1000"}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case url := <-found:
		return cmd, url
	case <-time.After(60 * time.Second):
		t.Fatal("sigserver did not start within 60s")
	}
	return nil, ""
}

// TestKillRestart kills the sigserver process with SIGKILL in the middle of two matches,
// starts it again on the same data folder, and checks that the players resume with every
// event they had been shown (a newcomer watching from the start sees exactly those), and
// finish their games.
func TestKillRestart(t *testing.T) {
	bin := buildSigserver(t)
	data := t.TempDir()
	proc, url := startSigserver(t, bin, "-data", data)
	mk := func(name string) *player { return newPlayer(t, name, dialWS(t, url)) }
	tables := [][]*player{table(t, "seega", 2, mk), table(t, "sig-wa-duqqan", 3, mk)}
	for _, ps := range tables {
		step(t, ps, 25)
	}
	// Moves in flight as the process dies: whatever was shown to a player must survive.
	for _, ps := range tables {
		for _, p := range ps {
			p.act()
		}
	}
	proc.Process.Signal(syscall.SIGKILL)
	proc.Wait()
	for _, ps := range tables {
		for _, p := range ps {
			p.drain(20 * time.Millisecond)
		}
	}

	_, url = startSigserver(t, bin, "-data", data)
	for ti, ps := range tables {
		longest := int64(0)
		for _, p := range ps {
			longest = max(longest, p.last())
		}
		watcher := mk("watcher")
		watcher.send(wire.ClientMsg{T: wire.TWatch, Match: ps[0].match})
		watcher.expect(wire.TWatching)
		watcher.waitSeq(longest)
		for i, p := range ps {
			for j, ev := range p.events {
				if w := watcher.events[j]; w.Kind != ev.Kind || w.Move != ev.Move || w.Seat != ev.Seat {
					t.Fatalf("table %d: event %d was %+v before the kill, %+v after", ti, j+1, ev, w)
				}
			}
			back := mk(p.name)
			p.carryOver(back, -1)
			back.send(wire.ClientMsg{T: wire.TResume, Match: p.match, Seat: p.seat, Key: p.key, Last: p.last()})
			back.expect(wire.TJoined)
			ps[i] = back
		}
		playOut(t, ps, 60*time.Second)
		watcher.waitSeq(ps[0].last())
		checkSame(t, append(ps, watcher))
		checkFair(t, ps[0].events, 1)
		t.Logf("table %d: %d events before the kill, %d at the end", ti, longest, ps[0].last())
	}
}
