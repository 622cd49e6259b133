package scenes

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"sig/rules/games"
	"sig/wire"
)

// Where the match server is, and what an invitation carries.
//
// An invite link is the site's address with ?join=MATCH.SEAT.SECRET: the match's id, the seat
// it opens and that seat's secret (128 random bits, so a link cannot be guessed). The same
// invitation read aloud is the seat's short code, ABCD-EFGH. A spectator's link,
// ?watch=MATCH, names the match alone: it opens no seat, so it can be shared freely.

// serverURL reads a match server's address as a person types it ("192.168.1.20:8090",
// "http://host:8090", "wss://sig.example.org/ws") and returns its WebSocket URL.
func serverURL(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errors.New("no match server address given")
	}
	if !strings.Contains(s, "://") {
		s = "ws://" + s
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil || u.Hostname() == "" {
		return "", fmt.Errorf("%q is not a match server's address (like 192.168.1.20:8090 or wss://example.org/ws)", s)
	}
	switch u.Scheme {
	case "ws", "wss":
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	default:
		return "", fmt.Errorf("%q: a match server's address starts with ws://, wss://, http:// or https://", s)
	}
	host := u.Hostname()
	for _, r := range host {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-:", r)) {
			return "", fmt.Errorf("%q is not a match server's address: %q is not a host name", s, host)
		}
	}
	if strings.HasSuffix(u.Host, ":") || strings.Count(host, ":") > 0 && !strings.HasPrefix(u.Host, "[") {
		return "", fmt.Errorf("%q is not a match server's address: give a port after one colon", s)
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("%q: port %s is not a port", s, p)
		}
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/ws"
	}
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}

// shortServer is a server's address as a person would say it: host and port, or the whole
// address where it says more (wss://, a path other than /ws).
func shortServer(server string) string {
	u, err := url.Parse(server)
	if err != nil || u.Scheme != "ws" || u.Path != "/ws" {
		return server
	}
	return u.Host
}

// siteOf is the web address of the site a match server serves (sigserver -dir): where an
// invite link sends a friend's browser.
func siteOf(server string) string {
	u, err := url.Parse(server)
	if err != nil {
		return ""
	}
	switch u.Scheme {
	case "wss":
		u.Scheme = "https"
	default:
		u.Scheme = "http"
	}
	u.Path = strings.TrimSuffix(u.Path, "ws")
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String()
}

// invite is what a join opens: a seat by its link (Match, Seat, Secret) or by its Code.
type invite struct {
	Match  string
	Seat   int
	Secret string
	Code   string
}

// token is the ?join= value of the invitation.
func (iv invite) token() string {
	if iv.Code != "" && iv.Secret == "" {
		return iv.Code
	}
	return iv.Match + "." + strconv.Itoa(iv.Seat) + "." + iv.Secret
}

// inviteLink is the link that opens seat inv of match on site.
func inviteLink(site, match string, inv wire.Invite) string {
	return site + "?join=" + invite{Match: match, Seat: inv.Seat, Secret: inv.Secret}.token()
}

// watchLink is the spectators' link to match on site.
func watchLink(site, match string) string { return site + "?watch=" + match }

// errBadInvite is a join that names no invitation.
var errBadInvite = errors.New("not an invitation: a code is eight letters and figures like ABCD-EFGH, a link has ?join=")

// parseInvite reads a join as a person or a link gives it: a whole invite link, the token
// after its ?join=, or a seat's code in any case, with or without its dash.
func parseInvite(s string) (invite, error) {
	s = strings.TrimSpace(s)
	if v, ok := queryValue(s, "join"); ok {
		s = v
	}
	if code, ok := normalCode(s); ok {
		return invite{Code: code}, nil
	}
	parts := strings.Split(s, ".")
	if len(parts) != 3 || !isID(parts[0]) || !isID(parts[2]) {
		return invite{}, errBadInvite
	}
	seat, err := strconv.Atoi(parts[1])
	if err != nil || seat < 0 || seat >= games.MostPlayers() {
		return invite{}, errBadInvite
	}
	return invite{Match: parts[0], Seat: seat, Secret: parts[2]}, nil
}

// parseWatch reads what a spectator follows: a ?watch= link, a match id, or a seat's code.
func parseWatch(s string) (string, error) {
	s = strings.TrimSpace(s)
	if v, ok := queryValue(s, "watch"); ok {
		s = v
	}
	if code, ok := normalCode(s); ok {
		return code, nil
	}
	if isID(s) {
		return s, nil
	}
	return "", errors.New("not a match to watch: give its spectator link or a code like ABCD-EFGH")
}

// queryValue is the value of key in s when s is a link carrying ?key=.
func queryValue(s, key string) (string, bool) {
	if !strings.Contains(s, "?") {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", false
	}
	v := u.Query().Get(key)
	return v, v != ""
}

// codeSymbols are the symbols of a seat's code (the server's: no 0, 1, I, L or O, which are
// misread aloud and on paper).
const codeSymbols = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// normalCode is s as the server writes a code (ABCD-EFGH), if s is one: eight code symbols in
// any case, with or without the dash or spaces.
func normalCode(s string) (string, bool) {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == '-' || r == ' ':
			continue
		case strings.ContainsRune(codeSymbols, r):
			b.WriteRune(r)
		default:
			return "", false
		}
	}
	c := b.String()
	if len(c) != 8 {
		return "", false
	}
	return c[:4] + "-" + c[4:], true
}

// isID reports whether s looks like the server's ids and secrets: lower-case base32.
func isID(s string) bool {
	if len(s) < 16 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '2' && r <= '7') {
			return false
		}
	}
	return true
}
