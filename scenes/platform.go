//go:build !js && !android && !ios

package scenes

const isBrowser, isMobile = false, false
