//go:build !js

package protocol

import "pairag.com/portal/protocol/spec"

// changesBetween returns what changed from old to next, the version after
// it, computed from the two: a native caller may judge by documents of
// its own (Options), parsed alone. The WebAssembly module takes the
// generated changes instead (changes_js.go).
func changesBetween(old, next *spec.Document) []spec.Change { return spec.Changes(old, next) }
