package rank

// expand adds, to the group where a term of pairs starts in the query, the
// tokens of the term it is paired with, as one alternative of weight w.
// Glossary pairs work both ways (an English term finds its Chinese twin
// and the reverse); synonym pairs only from the reader's word to the
// pages' word.
func expand(gs []group, pairs [][2]string, both bool, w float64, ix *Index) []group {
	if len(gs) == 0 {
		return gs
	}
	var have map[string]bool // the query's groups by key
	for _, p := range pairs {
		for side := range 2 {
			if side == 1 && !both {
				break
			}
			runs := ix.queryRuns(p[side])
			if len(runs) == 0 {
				continue
			}
			if have == nil {
				have = map[string]bool{}
				for _, g := range gs {
					have[g.key] = true
				}
			}
			gi := startOf(gs, runs, have)
			if gi < 0 {
				continue
			}
			var tokens []string
			for _, r := range ix.queryRuns(p[1-side]) {
				tokens = append(tokens, r.tokens...)
			}
			if len(tokens) > 0 {
				gs[gi].alts = append(gs[gi].alts, alt{tokens, w})
			}
		}
	}
	return gs
}

// startOf returns the group where the term (its query runs) starts, when
// the query holds every run of it, or -1.
func startOf(gs []group, term []queryRun, have map[string]bool) int {
	for _, r := range term {
		if !have[r.key] {
			return -1
		}
	}
	for gi, g := range gs {
		if g.key == term[0].key {
			return gi
		}
	}
	return -1
}
