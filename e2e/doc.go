// Package e2e holds Sig's end-to-end tests: the browser game (the wasm build, served on
// 127.0.0.1 by cmd/sigserve) played in headless Chromium through chromedp, and the desktop
// game played under Xvfb with xdotool, both only through real pointer, touch and key events
// at the hit areas the app's test hook reports (scenes/hook.go: window.sig() in the browser,
// the SIG_HOOK file on the desktop). After every action they check the match's STATE against
// the rules engine replaying the same record. TestBrowserSound clicks through the menus with
// the sound on; TestBrowserOffline installs the page as an app, plays offline and updates it
// to a rebuilt site; TestBrowserOnline plays online matches between pages (and the desktop
// build) on a sigserver started on loopback, through a proxy of the test's that can refuse a
// move or lose an event (netproxy_test.go); TestBrowserFrames measures the first frame and the
// frame rates for BENCHMARKS.md.
//
// They need Chromium, Xvfb and xdotool, so they build only with the e2e tag, and fail (never
// skip) where one is missing:
//
//	go test -tags e2e -count=1 -v ./e2e   (or ./build.sh e2e)
//
// Each run has a time budget (a game 12 minutes, a frame measurement 4); on a machine shared
// by many (load average far above the processor count) set SIG_E2E_SLOW=3 to triple them. A
// run whose budget ran out says so: the page was waiting for the test, not frozen.
//
// Screenshots of every scene go to $SIG_ARTIFACTS (default e2e/artifacts, not committed).
package e2e
