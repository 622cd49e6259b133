package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// shotPackages are the packages whose screens-tagged tests write pictures into $SIG_SHOTS.
var shotPackages = []string{"scenes", "scenes/boards"}

// render checks rev out into a temporary worktree of the repository the tool runs in, builds
// the screens-tagged test binary of each shot package, and runs each test matching tests in its
// own process, writing into out/TEST/. A test that fails is reported (its log kept in
// out/TEST.log) and the others still run: a missing picture shows in the comparison.
func render(rev, out string, tests string) error {
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
		list := exec.Command(bin, "-test.list", tests)
		list.Dir = filepath.Join(src, pkg)
		names, err := list.Output()
		if err != nil {
			return fmt.Errorf("listing %s's shot tests: %v", pkg, err)
		}
		for _, t := range strings.Fields(string(names)) {
			dir := filepath.Join(out, t)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			run := exec.Command(bin, "-test.run", "^"+t+"$", "-test.timeout", "60m")
			run.Dir = filepath.Join(src, pkg)
			run.Env = append(os.Environ(), "SIG_SHOTS="+dir)
			start := time.Now()
			b, err := run.CombinedOutput()
			os.WriteFile(filepath.Join(out, t+".log"), b, 0o644)
			n, _ := filepath.Glob(filepath.Join(dir, "*.png"))
			fmt.Printf("%s %s: %d pictures in %.0f s", commit[:8], t, len(n), time.Since(start).Seconds())
			if err != nil {
				failed++
				fmt.Printf(" FAILED (%v; see %s.log)", err, filepath.Join(out, t))
			}
			fmt.Println()
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
