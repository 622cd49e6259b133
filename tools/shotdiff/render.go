package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// shotPackages are the packages whose screens-tagged tests write pictures into $SIG_SHOTS.
var shotPackages = []string{"scenes", "scenes/boards"}

// renderOptions say which shot tests a render runs and how.
type renderOptions struct {
	tests string // the -test.list pattern naming the shot tests
	// groups, if any, split each test into pieces: each group is passed as $SIG_SHOT to a
	// process of its own (a long test under load passes go test's timeout otherwise, and a
	// crash loses one piece, not the whole list).
	groups  []string
	timeout string // each process's -test.timeout
}

// render checks rev out into a temporary worktree of the repository the tool runs in, builds
// the screens-tagged test binary of each shot package, and runs each test matching o.tests in its
// own process (or one process per group of shots), writing into out/TEST/. A test that fails is
// reported (its log kept in out/TEST.log, out/TEST.N.log for group N) and the others still run:
// a missing picture shows in the comparison.
func render(rev, out string, o renderOptions) error {
	if os.Getenv("DISPLAY") == "" {
		return fmt.Errorf("no DISPLAY: the shots draw in a real window (start Xvfb :N and set DISPLAY=:N)")
	}
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	commit, err := git("", "rev-parse", "--verify", rev+"^{commit}")
	if err != nil {
		return fmt.Errorf("%s is not a commit: %v", rev, err)
	}
	tmp, err := os.MkdirTemp("", "shotdiff-")
	if err != nil {
		return err
	}
	src := filepath.Join(tmp, "src")
	if _, err := git("", "worktree", "add", "--detach", src, commit); err != nil {
		return err
	}
	defer func() {
		git("", "worktree", "remove", "--force", src)
		os.RemoveAll(tmp)
	}()
	if err := os.WriteFile(filepath.Join(out, "COMMIT"), []byte(commit+"\n"), 0o644); err != nil {
		return err
	}
	failed := 0
	for _, pkg := range shotPackages {
		bin := filepath.Join(tmp, strings.ReplaceAll(pkg, "/", "_")+".test")
		build := exec.Command("go", "test", "-c", "-tags", "screens", "-o", bin, "./"+pkg)
		build.Dir = src
		if b, err := build.CombinedOutput(); err != nil {
			return fmt.Errorf("building %s's shot tests at %s: %v\n%s", pkg, rev, err, b)
		}
		list := exec.Command(bin, "-test.list", o.tests)
		list.Dir = filepath.Join(src, pkg)
		names, err := list.Output()
		if err != nil {
			return fmt.Errorf("listing %s's shot tests: %v", pkg, err)
		}
		groups := o.groups
		if len(groups) == 0 {
			groups = []string{""} // the whole test, $SIG_SHOT unset
		}
		for _, t := range strings.Fields(string(names)) {
			for k, only := range groups {
				logName := t
				if only != "" {
					logName = fmt.Sprintf("%s.%d", t, k+1)
				}
				start := time.Now()
				n, err := shoot(bin, filepath.Join(src, pkg), t, only, o.timeout, out, logName)
				fmt.Printf("%s %s: %d pictures in %.0f s", commit[:8], logName, n, time.Since(start).Seconds())
				if err != nil {
					failed++
					fmt.Printf(" FAILED (%v; see %s.log)", err, filepath.Join(out, logName))
				}
				fmt.Println()
			}
		}
	}
	if failed > 0 {
		fmt.Printf("%d shot tests failed at %s; their pictures may be missing\n", failed, rev)
	}
	return nil
}

// git runs git in dir (the current folder if empty) and returns its trimmed output.
func git(dir string, args ...string) (string, error) {
	c := exec.Command("git", args...)
	c.Dir = dir
	var stderr bytes.Buffer
	c.Stderr = &stderr
	b, err := c.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(b)), nil
}

// shotsDir is where every render's shot tests write: always the same folder, because some
// pictures show where the app keeps its files under $SIG_SHOTS (the records folder, "Record
// saved to …"), and two renders must draw the same words. A lock file keeps two renders from
// using it at once.
var shotsDir = filepath.Join(os.TempDir(), "shotdiff-shots")

// shoot runs the shot test t of the test binary bin (in the package folder dir) with $SIG_SHOTS
// at shotsDir and $SIG_SHOT at only (if not empty), then moves what it drew into out/t/; its
// output goes to out/logName.log.
func shoot(bin, dir, t, only, timeout, out, logName string) (int, error) {
	lock, err := os.OpenFile(shotsDir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return 0, err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return 0, err
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if err := os.RemoveAll(shotsDir); err != nil {
		return 0, err
	}
	if err := os.MkdirAll(shotsDir, 0o755); err != nil {
		return 0, err
	}
	run := exec.Command(bin, "-test.run", "^"+t+"$", "-test.timeout", timeout)
	run.Dir = dir
	run.Env = append(os.Environ(), "SIG_SHOTS="+shotsDir)
	if only != "" {
		run.Env = append(run.Env, "SIG_SHOT="+only)
	}
	b, runErr := run.CombinedOutput()
	os.WriteFile(filepath.Join(out, logName+".log"), b, 0o644)
	pics, _ := filepath.Glob(filepath.Join(shotsDir, "*.png"))
	dst := filepath.Join(out, t)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return 0, err
	}
	for _, p := range pics {
		if err := move(p, filepath.Join(dst, filepath.Base(p))); err != nil {
			return 0, err
		}
	}
	return len(pics), runErr
}

// move renames from to to, or copies it where they lie on different file systems.
func move(from, to string) error {
	if os.Rename(from, to) == nil {
		return nil
	}
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		return err
	}
	return os.Remove(from)
}
