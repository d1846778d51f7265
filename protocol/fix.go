package protocol

import "sort"

// ApplyFixes applies the mechanical fixes of the findings to text and keeps
// every other byte as written. Where two fixes overlap, the first (by
// position) wins; validating the result again offers the rest.
func ApplyFixes(text []byte, findings []Finding) (fixed []byte, applied int) {
	var fixes []Fix
	for _, f := range findings {
		if f.Fix != nil && f.Fix.Start >= 0 && f.Fix.End <= len(text) && f.Fix.Start <= f.Fix.End {
			fixes = append(fixes, *f.Fix)
		}
	}
	sort.SliceStable(fixes, func(i, j int) bool { return fixes[i].Start < fixes[j].Start })
	out := make([]byte, 0, len(text))
	pos := 0
	for _, fx := range fixes {
		if fx.Start < pos {
			continue
		}
		out = append(out, text[pos:fx.Start]...)
		out = append(out, fx.Replacement...)
		pos = fx.End
		applied++
	}
	return append(out, text[pos:]...), applied
}
