package search

// expand adds, to the group where a glossary term of the query starts, the
// tokens of its equivalent in the other language.
func expand(gs [][]alt, pairs [][2]string, q string) [][]alt {
	if len(gs) == 0 {
		return gs
	}
	first := func(term string) (int, bool) {
		runs := queryRuns(term)
		if len(runs) == 0 {
			return 0, false
		}
		want := runs[0].tokens[0]
		if runs[0].word {
			want = runs[0].tokens[len(runs[0].tokens)-1]
		}
		for gi, g := range gs {
			if g[0].token == want && containsTerm(q, term) {
				return gi, true
			}
		}
		return 0, false
	}
	for _, p := range pairs {
		for side := range 2 {
			gi, ok := first(p[side])
			if !ok {
				continue
			}
			for _, r := range queryRuns(p[1-side]) {
				for _, t := range r.tokens {
					gs[gi] = append(gs[gi], alt{t, glossWeight})
				}
			}
		}
	}
	return gs
}

// containsTerm reports whether the query holds every token of term.
func containsTerm(q, term string) bool {
	have := map[string]bool{}
	for _, t := range Tokens(q) {
		have[t] = true
	}
	for _, r := range queryRuns(term) {
		for _, t := range r.tokens {
			if !have[t] {
				return false
			}
		}
	}
	return true
}
