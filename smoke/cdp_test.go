//go:build smoke

package smoke

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// browser is a headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: commands on fd 3, answers on fd 4, each message ending in a NUL),
// which needs no WebSocket and no dependency.
type browser struct {
	cmd      *exec.Cmd
	toChrome *os.File
	session  string // the page's flat session

	mu      sync.Mutex
	nextID  int
	waiting map[int]chan message
	done    chan struct{} // closed when the browser's output ends

	// close ends Chromium and its helpers, once (the test's cleanup calls it too).
	close func()
}

type message struct {
	ID     int             `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
	SessionID string `json:"sessionId,omitempty"`
}

// chromiumPath finds the browser binary.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no Chromium found: install it (apt-get install chromium)")
	return ""
}

// startBrowser starts headless Chromium with a fresh profile and attaches to its page.
func startBrowser(t testing.TB, width, height int) *browser {
	t.Helper()
	chromeReads, weWrite, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	weRead, chromeWrites, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	profile := t.TempDir()
	cmd := exec.Command(chromiumPath(t),
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--mute-audio", "--hide-scrollbars",
		"--user-data-dir="+profile,
		fmt.Sprintf("--window-size=%d,%d", width, height),
		"--remote-debugging-pipe",
		"about:blank")
	cmd.ExtraFiles = []*os.File{chromeReads, chromeWrites}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	logFile, err := os.Create(filepath.Join(profile, "chromium.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	chromeReads.Close()
	chromeWrites.Close()
	b := &browser{cmd: cmd, toChrome: weWrite, waiting: map[int]chan message{}, done: make(chan struct{})}
	go b.read(weRead)
	b.close = sync.OnceFunc(func() {
		weWrite.Close()
		// Chromium's own process group: the browser and its helpers, all started here.
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		waited := make(chan struct{})
		go func() { cmd.Wait(); close(waited) }()
		select {
		case <-waited:
		case <-time.After(5 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-waited
		}
		logFile.Close()
	})
	t.Cleanup(b.close)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var targets struct {
		TargetInfos []struct {
			TargetID string `json:"targetId"`
			Type     string `json:"type"`
		} `json:"targetInfos"`
	}
	if err := b.call(ctx, "", "Target.getTargets", nil, &targets); err != nil {
		t.Fatalf("Chromium did not answer: %v", err)
	}
	var page string
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" {
			page = ti.TargetID
			break
		}
	}
	if page == "" {
		t.Fatal("Chromium has no page")
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": page, "flatten": true}, &attached); err != nil {
		t.Fatal(err)
	}
	b.session = attached.SessionID
	if err := b.call(ctx, b.session, "Page.enable", nil, nil); err != nil {
		t.Fatal(err)
	}
	return b
}

func (b *browser) read(f *os.File) {
	defer close(b.done)
	r := bufio.NewReader(f)
	for {
		raw, err := r.ReadBytes(0)
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil || m.ID == 0 {
			continue // an event: the tests poll instead
		}
		b.mu.Lock()
		ch := b.waiting[m.ID]
		delete(b.waiting, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m
		}
	}
}

// call sends one command (to the browser, or to a page's session) and decodes its result.
func (b *browser) call(ctx context.Context, session, method string, params any, result any) error {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan message, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	req := map[string]any{"id": id, "method": method}
	if params != nil {
		req["params"] = params
	}
	if session != "" {
		req["sessionId"] = session
	}
	raw, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := b.toChrome.Write(append(raw, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("%s: Chromium has gone", method)
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// navigate loads url in the page.
func (b *browser) navigate(ctx context.Context, url string) error {
	var r struct {
		ErrorText string `json:"errorText"`
	}
	if err := b.call(ctx, b.session, "Page.navigate", map[string]any{"url": url}, &r); err != nil {
		return err
	}
	if r.ErrorText != "" {
		return errors.New(r.ErrorText)
	}
	return nil
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func (b *browser) eval(ctx context.Context, expr string, v any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := b.call(ctx, b.session, "Runtime.evaluate",
		map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("%s: %s", expr, r.ExceptionDetails.Text)
	}
	if v == nil || len(r.Result.Value) == 0 {
		return nil
	}
	return json.Unmarshal(r.Result.Value, v)
}

// onNewDocument runs the script source in every page before the page's own scripts, until
// forgetScript is given the identifier it returns.
func (b *browser) onNewDocument(ctx context.Context, source string) (string, error) {
	var r struct {
		Identifier string `json:"identifier"`
	}
	err := b.call(ctx, b.session, "Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": source}, &r)
	return r.Identifier, err
}

// forgetScript stops running a script that onNewDocument added.
func (b *browser) forgetScript(ctx context.Context, id string) error {
	return b.call(ctx, b.session, "Page.removeScriptToEvaluateOnNewDocument", map[string]any{"identifier": id}, nil)
}

// cpuSeconds is the processor time used so far by Chromium's processes (its process group,
// read from /proc): all of them, and the renderers (which run the page, its WebAssembly and
// the game). On a machine shared with other work, wall-clock times stretch while these do not.
func (b *browser) cpuSeconds() (all, renderers float64) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0
	}
	const ticks = 100 // USER_HZ on Linux
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The fields after the command name, which is in parentheses and may hold spaces.
		rest := string(stat[strings.LastIndexByte(string(stat), ')')+2:])
		f := strings.Fields(rest)
		if len(f) < 13 {
			continue
		}
		if pgrp, _ := strconv.Atoi(f[2]); pgrp != b.cmd.Process.Pid {
			continue
		}
		utime, _ := strconv.ParseFloat(f[11], 64)
		stime, _ := strconv.ParseFloat(f[12], 64)
		sec := (utime + stime) / ticks
		all += sec
		if cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid)); err == nil &&
			strings.Contains(string(cmdline), "--type=renderer") {
			renderers += sec
		}
	}
	return all, renderers
}

// screenshot captures the page as PNG.
func (b *browser) screenshot(ctx context.Context) ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := b.call(ctx, b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// emulate sets the page's viewport (a phone, say); zero width restores the window's.
func (b *browser) emulate(ctx context.Context, width, height int, scale float64, mobile bool) error {
	if width == 0 {
		return b.call(ctx, b.session, "Emulation.clearDeviceMetricsOverride", nil, nil)
	}
	if err := b.call(ctx, b.session, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile,
	}, nil); err != nil {
		return err
	}
	return b.call(ctx, b.session, "Emulation.setTouchEmulationEnabled", map[string]any{"enabled": mobile}, nil)
}
