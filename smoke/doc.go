// Package smoke holds Sig's smoke tests: the desktop game started under a display server
// (Xvfb when there is no display) and the browser game served by ./build.sh serve and loaded
// in headless Chromium, each checked on screen: it starts, draws a frame that is not blank,
// and quits cleanly. The browser test also measures the download and the time to the first
// frame (BENCHMARKS.md).
//
// They need a display server and a browser, so they build only with the smoke tag:
//
//	go test -tags smoke -count=1 -v ./smoke   (or ./build.sh smoke)
//
// Screenshots go to $SIG_SMOKE_OUT (default: a temporary folder, logged). The package has no
// code of its own and nothing imports it.
package smoke
