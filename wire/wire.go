// Package wire is the language Sig's match server and its clients speak: the JSON messages that
// travel over a WebSocket, the protocol version, the named reasons of a refusal, and the check
// that a finished match's throws followed from the seed the server committed to.
//
// The app imports it (in the browser too), so it imports the standard library and sig/rules
// only: never Ebitengine, never the server, never a WebSocket library. PROTOCOL.md beside this
// file describes the conversation.
package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Version is the protocol version this build speaks. Every message carries it; a client with
// another version is refused with ReasonVersion.
const Version = 1

// MaxMessage is the size limit, in bytes, of a message a client sends. A bigger one is refused
// with ReasonTooBig (and one far bigger closes the connection).
const MaxMessage = 4096

// Limits on the fields of a client message.
const (
	MaxSeats   = 8  // seats of a match (the race games take up to eight players)
	MaxTextLen = 64 // ids, codes, secrets, moves, names of things
	MaxName    = 24 // characters of a player's name
)

// Type is what a message is for.
type Type string

// What a client sends.
const (
	// TCreate opens a match: Game, Players, Seats (one per player, seat 0 a person). The
	// sender takes seat 0; the answer is TCreated with the invites of the other person seats.
	TCreate Type = "create"
	// TJoin takes a seat with its invite: Match and Seat and Secret, or Code alone. The answer
	// is TJoined with the seat's Key, then the match's events after Last.
	TJoin Type = "join"
	// TResume takes back a seat after a lost connection: Match, Seat, Key (from TJoined) and
	// Last, the sequence number of the last event the client saw.
	TResume Type = "resume"
	// TWatch follows a match as a spectator (read-only): Match (or Code) and Last.
	TWatch Type = "watch"
	// TStart starts the game once every person seat is taken; only seat 0 may.
	TStart Type = "start"
	// TMove plays Move, spelled as the engine protocol spells moves, or the bare "throw": the
	// server throws the sticks itself, and refuses a client's "throw N".
	TMove Type = "move"
	// TLeave gives up the seat for good.
	TLeave Type = "leave"
	// TEmote shows one of Emotes to the table.
	TEmote Type = "emote"
	// TChoose decides what becomes of Seat, whose player has been away longer than the server
	// allows: Choice is ChoiceComputer or ChoiceEnd.
	TChoose Type = "choose"
	// TRematch starts the next game of a finished match with the same seats (any seated player
	// may ask; the match's seat 0 starts it).
	TRematch Type = "rematch"
	// TQuick queues for a two-player Game against the next stranger who asks; the answer is
	// TQueued, then TJoined once paired (the game starts at once).
	TQuick Type = "quick"
)

// What the server sends.
const (
	THello    Type = "hello"    // on connection: Version, Emotes
	TCreated  Type = "created"  // answer to create: Match, Seat 0, Key, Invites
	TJoined   Type = "joined"   // answer to join, resume and a quick pairing: Match, Seat, Key
	TWatching Type = "watching" // answer to watch: Match
	TQueued   Type = "queued"   // answer to quick: waiting for an opponent
	TEvent    Type = "event"    // one event of the match, in sequence (Event)
	TPresence Type = "presence" // who is connected now (Presence); not sequenced
	TRefused  Type = "refused"  // Reason and Text; the match is unchanged
)

// Choices for an absent player's seat.
const (
	ChoiceComputer = "computer" // the computer plays the seat from now on
	ChoiceEnd      = "end"      // the game ends in the other players' favour
)

// Emotes are the only things a player can say to the table.
var Emotes = []string{"hello", "well-played", "oops", "thinking", "wow", "thanks"}

// SeatKind says who plays a seat.
type SeatKind string

const (
	Person   SeatKind = "person"
	Computer SeatKind = "computer"
)

// SeatSpec is one seat of a match being created: a person (invited), or the computer at Level
// ("easy", "medium", "hard").
type SeatSpec struct {
	Kind  SeatKind `json:"kind"`
	Level string   `json:"level,omitempty"`
}

// Invite lets one person take one seat: the link carries Match, Seat and Secret; Code is the
// same invitation short enough to read aloud.
type Invite struct {
	Seat   int    `json:"seat"`
	Secret string `json:"secret"`
	Code   string `json:"code"`
}

// ClientMsg is every message a client sends; Type says which fields count.
type ClientMsg struct {
	V       int        `json:"v"`
	T       Type       `json:"t"`
	Req     int64      `json:"req,omitempty"` // the client's number for this request, echoed in the answer
	Game    string     `json:"game,omitempty"`
	Players int        `json:"players,omitempty"`
	Seats   []SeatSpec `json:"seats,omitempty"`
	Match   string     `json:"match,omitempty"`
	Code    string     `json:"code,omitempty"`
	Seat    int        `json:"seat,omitempty"`
	Secret  string     `json:"secret,omitempty"`
	Key     string     `json:"key,omitempty"`
	Last    int64      `json:"last,omitempty"`
	Move    string     `json:"move,omitempty"`
	Emote   string     `json:"emote,omitempty"`
	Choice  string     `json:"choice,omitempty"`
	// Name, with create, join and quick, is what the sender is called at the table (at most
	// MaxName characters; "": the seat's number). The seated event carries it to everyone.
	Name string `json:"name,omitempty"`
}

// ServerMsg is every message the server sends; Type says which fields count.
type ServerMsg struct {
	V        int        `json:"v"`
	T        Type       `json:"t"`
	Req      int64      `json:"req,omitempty"`
	Match    string     `json:"match,omitempty"`
	Seat     int        `json:"seat"`
	Key      string     `json:"key,omitempty"`
	Invites  []Invite   `json:"invites,omitempty"`
	Event    *Event     `json:"event,omitempty"`
	Presence []Presence `json:"presence,omitempty"`
	Reason   Reason     `json:"reason,omitempty"`
	Text     string     `json:"text,omitempty"`
	// Retry, with a busy refusal, is how many milliseconds to wait before sending the same
	// message again (0: the client's own pause).
	Retry   int64    `json:"retry,omitempty"`
	Emotes  []string `json:"emotes,omitempty"`
	Version int      `json:"version,omitempty"`
	// Last, on created, joined and watching, is the seq of the match's latest event as the
	// answer went: the events up to it follow before the presence does, so a client that has
	// fewer by then lost one on the way (and resumes again) rather than wait for a later event
	// to show the gap. 0 from a server before this field.
	Last int64 `json:"last,omitempty"`
}

// EventKind is what happened in a match.
type EventKind string

const (
	// EvOpen is a match's first event: Game, Players, Seats.
	EvOpen EventKind = "open"
	// EvSeated: a person took Seat.
	EvSeated EventKind = "seated"
	// EvStart: game number Round began; Commit is the SHA-256 of its throw secret.
	EvStart EventKind = "start"
	// EvMove: Seat played Move (a throw spelled "throw N", with the sticks' Faces, one bit a stick).
	EvMove EventKind = "move"
	// EvEmote: Seat showed Emote.
	EvEmote EventKind = "emote"
	// EvLeft: Seat's player left for good.
	EvLeft EventKind = "left"
	// EvTakeover: the computer (Level) plays Seat from now on.
	EvTakeover EventKind = "takeover"
	// EvOver: the game ended with Ranks (Why "finished" or "abandoned"); Secret reveals the
	// throw secret committed at its start.
	EvOver EventKind = "over"
)

// Event is one entry of a match's history. Seq counts from 1 without gaps; a client that
// reconnects says the last Seq it saw and receives every later one, once each.
type Event struct {
	Seq     int64      `json:"seq"`
	Kind    EventKind  `json:"kind"`
	Round   int        `json:"round,omitempty"` // the game of the match (1, then each rematch)
	Seat    int        `json:"seat"`
	Move    string     `json:"move,omitempty"`
	Faces   uint8      `json:"faces,omitempty"`
	Emote   string     `json:"emote,omitempty"`
	Level   string     `json:"level,omitempty"`
	Game    string     `json:"game,omitempty"`
	Players int        `json:"players,omitempty"`
	Seats   []SeatSpec `json:"seats,omitempty"`
	Commit  string     `json:"commit,omitempty"`
	Secret  string     `json:"secret,omitempty"`
	Ranks   []int      `json:"ranks,omitempty"`
	Why     string     `json:"why,omitempty"`
	Name    string     `json:"name,omitempty"` // seated: what its player is called ("": none given)
}

// Presence is whether a seat's player is connected now.
type Presence struct {
	Seat  int    `json:"seat"`
	State string `json:"state"`          // "empty", "here", "away", "left", "computer"
	Away  int64  `json:"away,omitempty"` // seconds away, when State is "away"
}

// Reason names why a message was refused. Clients translate it; Text is for logs and people
// reading the protocol.
type Reason string

const (
	ReasonBadMessage  Reason = "bad-message"   // not JSON, or not this protocol's shape
	ReasonTooBig      Reason = "too-big"       // over MaxMessage bytes
	ReasonVersion     Reason = "version"       // another protocol version
	ReasonUnknownType Reason = "unknown-type"  // a type a client may not send
	ReasonBadField    Reason = "bad-field"     // a field missing, too long or out of range
	ReasonRate        Reason = "rate"          // too many messages too fast
	ReasonNoMatch     Reason = "no-match"      // no such match or code
	ReasonNoSeat      Reason = "no-seat"       // no such seat, or not a person's seat
	ReasonWrongSecret Reason = "wrong-secret"  // the secret or key does not open this seat
	ReasonInviteUsed  Reason = "invite-used"   // the seat was taken already with this invite
	ReasonFull        Reason = "full"          // every person seat is taken
	ReasonFinished    Reason = "finished"      // the match is over
	ReasonNotStarted  Reason = "not-started"   // the game has not started
	ReasonStarted     Reason = "started"       // the game has started already
	ReasonNotSeated   Reason = "not-seated"    // the connection holds no seat of a match
	ReasonSeated      Reason = "seated"        // the connection holds a seat already
	ReasonNotHost     Reason = "not-host"      // only seat 0 may do that
	ReasonSeatsEmpty  Reason = "seats-empty"   // a person seat is still empty
	ReasonNotYourTurn Reason = "not-your-turn" // another seat acts now
	ReasonIllegal     Reason = "illegal"       // the rules refuse the move (Text says why)
	ReasonThrowCount  Reason = "throw-count"   // a client sent a throw's outcome
	ReasonNotAway     Reason = "not-away"      // the seat's player has not been away long enough
	ReasonLeft        Reason = "left"          // the seat's player left it for good
	ReasonCreations   Reason = "creations"     // this address created too many matches lately
	ReasonGuesses     Reason = "guesses"       // this address sent too many wrong invites, codes or keys lately
	ReasonNotOver     Reason = "not-over"      // a rematch before the game is over
	ReasonNoQueue     Reason = "no-queue"      // quick match is for two-player games
	ReasonBusy        Reason = "busy"          // the server is overloaded or its store is down
)

// Refusal is a refused message: why, in a name and in words.
type Refusal struct {
	Reason Reason
	Text   string
	Retry  int64 // milliseconds to wait before trying again (busy only; 0: the client's own pause)
}

func (r *Refusal) Error() string { return string(r.Reason) + ": " + r.Text }

// Refuse builds a refusal.
func Refuse(reason Reason, format string, args ...any) *Refusal {
	return &Refusal{Reason: reason, Text: fmt.Sprintf(format, args...)}
}

// Decode reads one client message and checks its shape: size, JSON with no unknown fields and
// nothing after it, the version, the type, and the fields that type needs (present, not too
// long, in range). It does not check anything against a match.
func Decode(b []byte) (ClientMsg, *Refusal) {
	var m ClientMsg
	if len(b) > MaxMessage {
		return m, Refuse(ReasonTooBig, "a message is at most %d bytes, this one is %d", MaxMessage, len(b))
	}
	if !utf8.Valid(b) {
		return m, Refuse(ReasonBadMessage, "a message is UTF-8 text")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&m); err != nil {
		return ClientMsg{}, Refuse(ReasonBadMessage, "not a message of this protocol: %v", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return ClientMsg{}, Refuse(ReasonBadMessage, "one JSON object a message, and nothing after it")
	}
	if m.V != Version {
		return m, Refuse(ReasonVersion, "this server speaks protocol version %d, not %d", Version, m.V)
	}
	return m, m.check()
}

func tooLong(s string) bool { return len(s) > MaxTextLen }

// check validates the fields m's type needs.
func (m *ClientMsg) check() *Refusal {
	for name, s := range map[string]string{"game": m.Game, "match": m.Match, "code": m.Code, "secret": m.Secret, "key": m.Key, "move": m.Move, "emote": m.Emote, "choice": m.Choice} {
		if tooLong(s) {
			return Refuse(ReasonBadField, "%s is at most %d bytes", name, MaxTextLen)
		}
	}
	if tooLong(m.Name) || utf8.RuneCountInString(m.Name) > MaxName || strings.IndexFunc(m.Name, unicode.IsControl) >= 0 {
		return Refuse(ReasonBadField, "name: at most %d characters, none of them a control character", MaxName)
	}
	if m.Seat < 0 || m.Seat >= MaxSeats {
		return Refuse(ReasonBadField, "seat %d: seats are numbered 0 to %d", m.Seat, MaxSeats-1)
	}
	if m.Last < 0 {
		return Refuse(ReasonBadField, "last %d: sequence numbers start at 1 (0: nothing seen yet)", m.Last)
	}
	switch m.T {
	case TCreate:
		if m.Game == "" {
			return Refuse(ReasonBadField, "create needs a game")
		}
		if len(m.Seats) != m.Players || m.Players < 1 || m.Players > MaxSeats {
			return Refuse(ReasonBadField, "create needs one seat for each of its 1 to %d players (players %d, seats %d)", MaxSeats, m.Players, len(m.Seats))
		}
		for i, s := range m.Seats {
			switch {
			case s.Kind == Person && s.Level == "":
			case s.Kind == Computer && (s.Level == "easy" || s.Level == "medium" || s.Level == "hard"):
			default:
				return Refuse(ReasonBadField, "seat %d: a person (no level) or the computer at easy, medium or hard", i)
			}
		}
		if m.Seats[0].Kind != Person {
			return Refuse(ReasonBadField, "seat 0 is the creator's: a person")
		}
	case TJoin:
		if m.Code == "" && (m.Match == "" || m.Secret == "") {
			return Refuse(ReasonBadField, "join needs a code, or a match, a seat and its secret")
		}
	case TResume:
		if m.Match == "" || m.Key == "" {
			return Refuse(ReasonBadField, "resume needs the match, the seat and its key")
		}
	case TWatch:
		if m.Match == "" && m.Code == "" {
			return Refuse(ReasonBadField, "watch needs a match or a code")
		}
	case TMove:
		if strings.TrimSpace(m.Move) == "" {
			return Refuse(ReasonBadField, "move needs a move")
		}
	case TEmote:
		if !IsEmote(m.Emote) {
			return Refuse(ReasonBadField, "emote %q: one of %s", m.Emote, strings.Join(Emotes, ", "))
		}
	case TChoose:
		if m.Choice != ChoiceComputer && m.Choice != ChoiceEnd {
			return Refuse(ReasonBadField, "choice %q: %q or %q", m.Choice, ChoiceComputer, ChoiceEnd)
		}
	case TQuick:
		if m.Game == "" {
			return Refuse(ReasonBadField, "quick needs a game")
		}
	case TStart, TLeave, TRematch:
	default:
		return Refuse(ReasonUnknownType, "unknown message type %q", m.T)
	}
	return nil
}

// IsEmote reports whether e is one of Emotes.
func IsEmote(e string) bool {
	for _, x := range Emotes {
		if x == e {
			return true
		}
	}
	return false
}

// Encode writes a server message, with the version filled in.
func Encode(m ServerMsg) []byte {
	m.V = Version
	b, err := json.Marshal(m)
	if err != nil {
		panic(err) // only plain fields: cannot happen
	}
	return b
}

// EncodeClient writes a client message, with the version filled in.
func EncodeClient(m ClientMsg) []byte {
	m.V = Version
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return b
}
