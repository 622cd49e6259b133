//go:build android || ios

package scenes

const isBrowser, isMobile = false, true

// systemLocale is "" on phones: reading the device's language needs the platform's own API
// (Java or Objective-C), which the Go side cannot reach cheaply; the player picks in settings.
var systemLocale = func() string { return "" }
