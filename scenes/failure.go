package scenes

import (
	"log/slog"

	"sig/scenes/lang"
)

// failed is what the player reads when something the app tried has failed: the catalogue's
// words for key, formatted with args, in the player's language. The error itself, Go's
// English with its paths and codes, goes to the log (stderr; the console in a browser) with
// the key, for whoever looks into it, and never on screen.
func failed(key string, err error, args ...any) string {
	slog.Warn("sig: "+lang.In(lang.English, key, args...), "key", key, "err", err)
	return lang.T(key, args...)
}
