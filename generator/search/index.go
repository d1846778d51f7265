package search

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// Doc is one entry of the index. The JSON names are short: the file is
// downloaded by every reader who searches.
type Doc struct {
	URL     string `json:"u"`           // site-relative, with the #fragment of the section or row
	Title   string `json:"t"`           // the page's title
	Heading string `json:"h,omitempty"` // the section heading or the protocol name; empty for a page's intro
	Names   string `json:"n,omitempty"` // identifiers, ids and labels, space-separated
	Text    string `json:"x,omitempty"` // the body text, for matching and the snippet
}

// Index is the search index of one site language.
type Index struct {
	Lang     string      `json:"lang"`
	Docs     []Doc       `json:"docs"`
	Glossary [][2]string `json:"glossary"` // English and Chinese term pairs

	postings map[string][]posting
	vocab    []string // sorted tokens, for prefix matching
}

type posting struct {
	doc    int
	weight float64
}

// Field weights of a match; see the package doc.
const (
	namesWeight   = 12
	headingWeight = 8
	titleWeight   = 2
	maxBodyCount  = 3
	prefixWeight  = 0.6
	glossWeight   = 0.5
	maxPrefix     = 20
)

// Marshal returns the index as JSON.
func (ix *Index) Marshal() ([]byte, error) { return json.Marshal(ix) }

// Unmarshal reads an index written by [Index.Marshal].
func Unmarshal(data []byte) (*Index, error) {
	var ix Index
	if err := json.Unmarshal(data, &ix); err != nil {
		return nil, err
	}
	return &ix, nil
}

// prepare builds the postings on first use, as the browser does on load.
func (ix *Index) prepare() {
	if ix.postings != nil {
		return
	}
	ix.postings = map[string][]posting{}
	for i, d := range ix.Docs {
		w := map[string]float64{}
		body := map[string]int{}
		for _, t := range Tokens(d.Text) {
			body[t]++
		}
		for t, n := range body {
			w[t] += float64(min(n, maxBodyCount))
		}
		addOnce(w, Tokens(d.Title), titleWeight)
		addOnce(w, Tokens(d.Heading), headingWeight)
		addOnce(w, Tokens(d.Names), namesWeight)
		for t, v := range w {
			ix.postings[t] = append(ix.postings[t], posting{i, v})
		}
	}
	for t := range ix.postings {
		ix.vocab = append(ix.vocab, t)
	}
	slices.Sort(ix.vocab)
}

func addOnce(w map[string]float64, tokens []string, weight float64) {
	seen := map[string]bool{}
	for _, t := range tokens {
		if !seen[t] {
			seen[t] = true
			w[t] += weight
		}
	}
}

// Result is one ranked entry.
type Result struct {
	Index int // position of the entry in Docs
	Doc   *Doc
	Score float64
	Terms []string // the index tokens that matched, for marking the snippet
}

// alt is one token a group accepts, with the weight of the query's use of it.
type alt struct {
	token string
	w     float64
}

// groups segments the query and expands each group through the glossary
// and, for the last word being typed, through the words it begins.
func (ix *Index) groups(q string) [][]alt {
	runs := queryRuns(q)
	var gs [][]alt
	for ri, r := range runs {
		typing := ri == len(runs)-1 && r.word && !strings.HasSuffix(q, " ")
		if !r.word {
			for _, t := range r.tokens {
				gs = append(gs, []alt{{t, 1}})
			}
			continue
		}
		// a word is one group: a compound's whole first, its parts as alternatives
		whole := r.tokens[len(r.tokens)-1]
		g := []alt{{whole, 1}}
		for _, p := range r.tokens[:len(r.tokens)-1] {
			g = append(g, alt{p, 0.5})
		}
		if typing && len(ix.postings[whole]) == 0 && utf8.RuneCountInString(whole) >= 2 {
			g = append(g, ix.prefixed(whole)...)
		}
		gs = append(gs, g)
	}
	return expand(gs, ix.Glossary, q)
}

// prefixed returns up to maxPrefix tokens that begin with t.
func (ix *Index) prefixed(t string) []alt {
	var out []alt
	i, _ := slices.BinarySearch(ix.vocab, t)
	for ; i < len(ix.vocab) && strings.HasPrefix(ix.vocab[i], t) && len(out) < maxPrefix; i++ {
		out = append(out, alt{ix.vocab[i], prefixWeight})
	}
	return out
}

// Search returns up to limit entries ranked for the query.
func (ix *Index) Search(q string, limit int) []Result {
	ix.prepare()
	gs := ix.groups(q)
	if len(gs) == 0 {
		return nil
	}
	n := float64(len(ix.Docs))
	type acc struct {
		best    []float64 // per group
		terms   []string
		matched int
	}
	accs := map[int]*acc{}
	for gi, g := range gs {
		for _, a := range g {
			ps := ix.postings[a.token]
			if len(ps) == 0 {
				continue
			}
			idf := math.Log(1 + n/float64(len(ps)))
			for _, p := range ps {
				s := accs[p.doc]
				if s == nil {
					s = &acc{best: make([]float64, len(gs))}
					accs[p.doc] = s
				}
				v := a.w * idf * p.weight
				if s.best[gi] == 0 {
					s.matched++
				}
				if v > s.best[gi] {
					s.best[gi] = v
				}
				s.terms = append(s.terms, a.token)
			}
		}
	}
	out := make([]Result, 0, len(accs))
	for d, s := range accs {
		sum := 0.0
		for _, v := range s.best {
			sum += v
		}
		cov := float64(s.matched) / float64(len(gs))
		out = append(out, Result{Index: d, Doc: &ix.Docs[d], Score: math.Round(sum*cov*cov*1e6) / 1e6, Terms: s.terms})
	}
	slices.SortFunc(out, func(a, b Result) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Index, b.Index))
	})
	// one result per URL: a finding code and its section point at the same place
	seen := map[string]bool{}
	kept := out[:0]
	for _, r := range out {
		if !seen[r.Doc.URL] && len(kept) < limit {
			seen[r.Doc.URL] = true
			kept = append(kept, r)
		}
	}
	return kept
}
