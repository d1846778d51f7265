//go:build js

package protocol

import "pairag.com/portal/protocol/spec"

// changesBetween returns what changed from old to next, the version after
// it. The WebAssembly module judges by the embedded documents alone (its
// adapter sets no Options.Versions), whose
// changes were computed when they were generated (spec.Document.Changed):
// spec.Changes, about 45 KB of code, stays out of the module.
// TestGeneratedDocuments holds the generated changes to spec.Changes.
func changesBetween(old, next *spec.Document) []spec.Change { return next.Changed }
