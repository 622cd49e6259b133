package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary plays two parts besides running the tests: sigload itself (SIGLOAD_TEST_ROLE
// = load) and a stand-in for the sigserver binary (= server) that writes its process id into
// SIGLOAD_TEST_PIDS, says it listens, and waits to be stopped.
func TestMain(m *testing.M) {
	switch os.Getenv("SIGLOAD_TEST_ROLE") {
	case "load":
		os.Args = append([]string{"sigload"}, os.Args[1:]...)
		main()
		os.Exit(0)
	case "server":
		pid := strconv.Itoa(os.Getpid())
		os.WriteFile(filepath.Join(os.Getenv("SIGLOAD_TEST_PIDS"), pid), nil, 0o644)
		fmt.Println("sigserver: matches at ws://127.0.0.1:9/ws") // the discard port: nothing answers
		select {}
	}
	os.Exit(m.Run())
}

// TestServersEndWithSigload starts sigload in cluster mode (three NATS servers in its process,
// two server processes), stops it early with a signal, and checks that both server processes
// are gone: asked to stop (SIGINT, SIGTERM) it stops them itself; killed (SIGKILL) it cannot,
// and the kernel does.
func TestServersEndWithSigload(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a NATS cluster and processes")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			pids := t.TempDir()
			t.Cleanup(func() { // whatever happens, no stand-in outlives the test
				for _, pid := range readPids(t, pids) {
					syscall.Kill(pid, syscall.SIGKILL)
				}
			})
			// The stand-in server is this binary; sigload passes it its flags, which it ignores.
			wrapper := filepath.Join(t.TempDir(), "sigserver")
			script := fmt.Sprintf("#!/bin/sh\nSIGLOAD_TEST_ROLE=server SIGLOAD_TEST_PIDS=%s exec %s \"$@\"\n", pids, self)
			if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			load := exec.Command(self, "-server", wrapper, "-cluster", "-players", "2", "-ramp", "1s", "-duration", "5m")
			load.Env = append(os.Environ(), "SIGLOAD_TEST_ROLE=load")
			// A file, not a pipe: the servers inherit sigload's output, and a pipe would keep
			// load.Wait waiting for them.
			outFile, err := os.Create(filepath.Join(t.TempDir(), "out"))
			if err != nil {
				t.Fatal(err)
			}
			defer outFile.Close()
			load.Stdout, load.Stderr = outFile, outFile
			out := output(outFile.Name())
			if err := load.Start(); err != nil {
				t.Fatal(err)
			}
			defer load.Process.Kill()
			started := waitFor(t, 2*time.Minute, func() []int {
				if ids := readPids(t, pids); len(ids) == 2 {
					return ids
				}
				return nil
			})
			if started == nil {
				t.Fatalf("sigload did not start its two servers within 2 minutes:\n%s", out.String())
			}
			for _, pid := range started {
				if !alive(pid) {
					t.Fatalf("server %d is not running before the signal", pid)
				}
			}
			load.Process.Signal(sig)
			exited := make(chan error, 1)
			go func() { exited <- load.Wait() }()
			select {
			case <-exited:
			case <-time.After(60 * time.Second):
				t.Fatalf("sigload still running 60 s after %s:\n%s", sig, out.String())
			}
			left := waitFor(t, 10*time.Second, func() []int {
				var running []int
				for _, pid := range started {
					if alive(pid) {
						running = append(running, pid)
					}
				}
				if len(running) == 0 {
					return []int{}
				}
				return nil
			})
			if left == nil {
				for _, pid := range started {
					if alive(pid) {
						syscall.Kill(pid, syscall.SIGKILL)
						t.Errorf("server %d still running 10 s after sigload ended on %s", pid, sig)
					}
				}
			}
		})
	}
}

// output is what sigload printed so far.
type output string

func (o output) String() string {
	b, _ := os.ReadFile(string(o))
	return string(b)
}

// waitFor polls f until it returns non-nil, or gives up (nil) after d.
func waitFor(t *testing.T, d time.Duration, f func() []int) []int {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if r := f(); r != nil {
			return r
		}
	}
	return nil
}

func readPids(t *testing.T, dir string) []int {
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	for _, e := range es {
		if n, err := strconv.Atoi(e.Name()); err == nil {
			ids = append(ids, n)
		}
	}
	return ids
}

// alive reports whether process pid runs (a zombie, dead but not yet reaped, does not count).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) STATE …: the state follows the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] != 'Z'
}
