package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunRejectsBadInput(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"-dir", filepath.Join(t.TempDir(), "none")}, &out, &errOut); err == nil ||
		!strings.Contains(err.Error(), "build.sh wasm") {
		t.Errorf("missing folder: err %v, want a hint to build first", err)
	}
	if err := run([]string{"-nosuchflag"}, &out, &errOut); err == nil {
		t.Error("unknown flag accepted")
	}
	if err := run([]string{"extra"}, &out, &errOut); err == nil {
		t.Error("stray argument accepted")
	}
	dir := t.TempDir()
	if err := run([]string{"-dir", dir, "-addr", "256.0.0.1:bad"}, &out, &errOut); err == nil {
		t.Error("bad address accepted")
	}
}
