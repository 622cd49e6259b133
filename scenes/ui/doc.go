// Package ui is the small toolkit the scenes are built from: intents (what a tap, a click or a
// key means, in one place), hit areas (resolv shapes, so a spiral cell or a round hole picks
// exactly), focusable widgets with the saffron focus ring, text in the embedded fonts, and
// layout in points that scale to any window and any screen density.
//
// It knows nothing of the games or the rules; it imports Ebitengine, resolv and sprites only.
package ui
