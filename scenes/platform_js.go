//go:build js

package scenes

import "syscall/js"

const isBrowser, isMobile = true, false

// systemLocale is the browser's language (navigator.language, e.g. "fr-FR"). A variable, so
// that tests run in English whatever the machine's language.
var systemLocale = func() string {
	nav := js.Global().Get("navigator")
	if nav.Truthy() {
		if l := nav.Get("language"); l.Type() == js.TypeString {
			return l.String()
		}
	}
	return ""
}
