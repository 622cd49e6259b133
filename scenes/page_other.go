//go:build !js

package scenes

// pageAddress is "" outside a browser: invite links lead to the match server's own site.
func pageAddress() string { return "" }

// pageLinks are empty outside a browser (the desktop has -join and -watch).
func pageLinks() (join, watch string) { return "", "" }
