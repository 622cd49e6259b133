//go:build !js && !android && !ios

package scenes

import "os"

const isBrowser, isMobile = false, false

// systemLocale is the desktop's locale, as the C library reads it: LC_ALL, then LC_MESSAGES,
// then LANG ("" when none is set). A variable, so that tests run in English whatever the
// machine's language.
var systemLocale = func() string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return ""
}
