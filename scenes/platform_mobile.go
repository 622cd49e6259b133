//go:build android || ios

package scenes

const isBrowser, isMobile = false, true
