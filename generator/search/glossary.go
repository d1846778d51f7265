package search

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
)

// Term is one glossary entry: an English term, the Chinese term the portal
// uses for it, and a note in each language saying what it means here.
type Term struct {
	EN     string `yaml:"en" json:"en"`
	ZH     string `yaml:"zh-CN" json:"zh"`
	NoteEN string `yaml:"note_en" json:"-"`
	NoteZH string `yaml:"note_zh-CN" json:"-"`
	Avoid  string `yaml:"avoid_zh-CN,omitempty" json:"-"` // Chinese wording translators should not use
}

// Glossary is the list of term pairs of content/glossary.yaml.
type Glossary []Term

// ParseGlossary decodes the glossary strictly and checks that every entry
// has both terms and that no term appears twice.
func ParseGlossary(data []byte) (Glossary, error) {
	var g struct {
		Terms Glossary `yaml:"terms"`
	}
	if err := yaml.UnmarshalWithOptions(data, &g, yaml.Strict()); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for i, t := range g.Terms {
		if strings.TrimSpace(t.EN) == "" || strings.TrimSpace(t.ZH) == "" {
			return nil, fmt.Errorf("term %d: both en and zh-CN are required", i+1)
		}
		for _, k := range []string{"en:" + strings.ToLower(t.EN), "zh:" + t.ZH} {
			if seen[k] {
				return nil, fmt.Errorf("term %d: %s appears twice", i+1, k[3:])
			}
			seen[k] = true
		}
	}
	return g.Terms, nil
}

// Pairs returns the glossary as [English, Chinese] pairs, as the index holds it.
func (g Glossary) Pairs() [][2]string {
	out := make([][2]string, len(g))
	for i, t := range g {
		out[i] = [2]string{t.EN, t.ZH}
	}
	return out
}

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
