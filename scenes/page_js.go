//go:build js

package scenes

import (
	"net/url"
	"syscall/js"
)

// pageAddress is the page's address without its query (https://host/path/): where invite
// links lead.
func pageAddress() (addr string) {
	defer func() {
		if recover() != nil {
			addr = ""
		}
	}()
	loc := js.Global().Get("location")
	if loc.IsUndefined() {
		return ""
	}
	return loc.Get("origin").String() + loc.Get("pathname").String()
}

// pageLinks are the ?join= and ?watch= values of the page's address ("" when absent).
func pageLinks() (join, watch string) {
	defer func() {
		if recover() != nil {
			join, watch = "", ""
		}
	}()
	loc := js.Global().Get("location")
	if loc.IsUndefined() {
		return "", ""
	}
	q, err := url.ParseQuery(trimQuestion(loc.Get("search").String()))
	if err != nil {
		return "", ""
	}
	return q.Get("join"), q.Get("watch")
}

func trimQuestion(s string) string {
	if len(s) > 0 && s[0] == '?' {
		return s[1:]
	}
	return s
}
