package rank

// Missing returns the tokens of term that no entry of the index holds:
// a synonym's target that the pages do not use finds nothing.
func (ix *Index) Missing(term string) []string {
	var out []string
	for _, r := range ix.queryRuns(term) {
		for _, t := range r.tokens {
			if len(ix.postings[t]) == 0 {
				out = append(out, t)
			}
		}
	}
	return out
}
