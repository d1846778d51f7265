package pipeline

import (
	"slices"

	"pairag.com/portal/protocol/catalog"
)

// findingAnchors maps every finding code to the anchor of the field
// reference that explains its rule (protocol's table of codes).
// TestFindingAnchors fails when an anchor is not on the built page in
// either language.
func findingAnchors() map[string]string {
	out := map[string]string{}
	for _, c := range catalog.Codes() {
		out[c.Code] = c.Anchor
	}
	return out
}

// findingCodes returns the finding codes in sorted order.
func findingCodes() []string {
	var out []string
	for _, c := range catalog.Codes() {
		out = append(out, c.Code)
	}
	slices.Sort(out)
	return out
}
