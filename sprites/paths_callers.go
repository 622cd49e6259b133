//go:build !js

package sprites

import (
	"fmt"
	"runtime"
	"strings"
)

// noteCaller counts the first caller outside this package as "package/file.go:line".
func noteCaller(w *PathWatch) {
	for i := 3; i < 17; i++ {
		_, file, line, ok := runtime.Caller(i)
		if !ok {
			break
		}
		if !strings.Contains(file, "/sprites/") || strings.HasSuffix(file, "_test.go") {
			w.Callers[fmt.Sprintf("%s:%d", trimPath(file), line)]++
			return
		}
	}
	w.Callers["sprites"]++
}

// trimPath keeps a file's last two elements (package/file.go).
func trimPath(file string) string {
	if i := strings.LastIndex(file, "/"); i > 0 {
		if j := strings.LastIndex(file[:i], "/"); j >= 0 {
			return file[j+1:]
		}
	}
	return file
}
