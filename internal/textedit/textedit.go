// Package textedit applies edits, replacements of byte ranges, to a text
// and keeps every other byte as written. It is how validator fixes and gen
// stamp's markers are written back into a file.
package textedit

import "slices"

// Edit replaces the bytes [Start, End) of a text with New; Start == End
// inserts.
type Edit struct {
	Start, End int
	New        string
}

// Apply returns text with the edits applied. Edits are taken in order of
// Start (those with the same Start in the order given); an edit that
// overlaps one already applied, or whose range is not inside text, is
// skipped, and applied counts the others. Apply sorts edits in place and
// never changes text.
func Apply(text []byte, edits []Edit) (out []byte, applied int) {
	return AppendApply(nil, text, edits)
}

// AppendApply is Apply appending the result to dst: a caller that adds
// before or after the text writes it all in one buffer.
func AppendApply(dst, text []byte, edits []Edit) (out []byte, applied int) {
	Sort(edits)
	size := len(text)
	for _, e := range edits {
		size += len(e.New)
	}
	out = slices.Grow(dst, size)
	pos := 0
	for _, e := range edits {
		if e.Start < pos || e.End < e.Start || e.End > len(text) {
			continue
		}
		out = append(out, text[pos:e.Start]...)
		out = append(out, e.New...)
		pos = e.End
		applied++
	}
	return append(out, text[pos:]...), applied
}

// Sort orders edits by Start, keeping the order given among those with the
// same Start: the order Apply takes them in. It sorts the edits' indices
// and then moves the edits, since a sort of ints is in the validator's
// WebAssembly module anyway and one of Edit values would add its own
// (about 10 KB of code).
func Sort(edits []Edit) {
	if slices.IsSortedFunc(edits, func(a, b Edit) int { return a.Start - b.Start }) {
		return
	}
	order := make([]int, len(edits))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return edits[a].Start - edits[b].Start })
	sorted := make([]Edit, len(edits))
	for i, j := range order {
		sorted[i] = edits[j]
	}
	copy(edits, sorted)
}
