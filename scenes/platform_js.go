//go:build js

package scenes

const isBrowser, isMobile = true, false
