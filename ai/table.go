package ai

import (
	"sync"

	"sig/rules"
)

// bound says what a stored value is: exact, or a bound from a cut.
type bound uint8

const (
	boundNone  bound = iota // empty slot
	boundExact              // the value itself
	boundLower              // the value is at least this (a fail high)
	boundUpper              // the value is at most this (a fail low)
)

// entry is one slot of the transposition table. The whole 64-bit hash is kept and compared, so
// a slot shared by two positions is recognised, not trusted.
type entry struct {
	key   uint64
	value float64
	move  rules.Move
	depth int16
	bound bound
}

// table is a transposition table: one slot per index, replaced when the new result is from a
// search at least as deep, or belongs to another position.
type table struct {
	slots []entry
	mask  uint64
}

// tables recycles tables between searches: a table is cleared before reuse, so a search never
// sees another's results (which keeps moves reproducible).
var tables = sync.Pool{}

// getTable returns a cleared table of 1<<bits slots.
func getTable(bits uint) *table {
	if t, ok := tables.Get().(*table); ok && len(t.slots) == 1<<bits {
		clear(t.slots)
		return t
	}
	return &table{slots: make([]entry, 1<<bits), mask: 1<<bits - 1}
}

func putTable(t *table) {
	if t != nil {
		tables.Put(t)
	}
}

// probe returns the slot holding key, or nil (always nil on a nil table).
func (t *table) probe(key uint64) *entry {
	if t == nil {
		return nil
	}
	e := &t.slots[key&t.mask]
	if e.bound == boundNone || e.key != key {
		return nil
	}
	return e
}

// store records a result for key (nothing on a nil table).
func (t *table) store(key uint64, depth int, value float64, b bound, move rules.Move) {
	if t == nil {
		return
	}
	e := &t.slots[key&t.mask]
	if e.bound != boundNone && e.key == key && int(e.depth) > depth {
		return
	}
	*e = entry{key: key, value: value, move: move, depth: int16(depth), bound: b}
}
