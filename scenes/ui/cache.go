package ui

import "sig/sprites"

// Cache is the bounded picture cache (sprites.Cache): the art's own pictures (pieces, boards)
// and the scenes' (texts, stamps, log lines) share one bound, so it lives with the art.
type Cache = sprites.Cache

// CacheStats counts what a Cache holds.
type CacheStats = sprites.CacheStats

// Pictures is the app's one picture cache: every picture painted once and copied often goes
// through it.
var Pictures = sprites.Pictures

// Owner names whoever keeps pictures in Pictures, inside their keys (sprites.Owner).
type Owner = sprites.Owner
