package rank

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"pairag.com/portal/generator/search"
)

type posting struct {
	doc         int
	body, field float64
}

// Weights of a match; see the package doc.
const (
	namesWeight   = 12
	headingWeight = 8
	titleWeight   = 2
	sectionWeight = 2 // a row's section heading, as a section's page title
	prefixWeight  = 0.6
	typoWeight    = 0.8
	formWeight    = 0.8 // an inflected form or the stem of the reader's word
	saturation    = 4   // k of tf × (k+1) / (tf + k): one field's boost is at most k+1 mentions
	glossWeight   = 0.5
	partWeight    = 0.5
	skillWeight   = 0.8 // an entry of a skill or of its files, against a page's
	maxPrefix     = 20
	maxTypos      = 5
)

// Index is a published index of one site language, decoded as the
// browser decodes it ([Read], [FromPublished], [New]) and ranked as the
// browser ranks it.
type Index struct {
	search.Index

	postings map[string][]posting
	vocab    []string        // sorted tokens (in UTF-16 order, as the script sorts), for prefix and typo matching
	words    map[string]bool // Chinese words the query segmentation prefers
	maxWord  int             // the longest of them, in characters
	maxIDF   float64
}

// Result is one ranked entry.
type Result struct {
	Index int // position of the entry in Docs
	Doc   *search.Doc
	Score float64
	Terms []string // the index tokens that matched, for marking the snippet
}

// alt is one way of matching a group: every one of its tokens (a Chinese
// word is its bigrams), with the weight of the query's use of it.
type alt struct {
	tokens []string
	w      float64
}

// group is one required part of the query: a word, a Chinese word or a
// bigram of characters that are no word the index knows.
type group struct {
	key  string // the word as the query wrote it (stemmed), for the glossary and synonyms
	alts []alt
}

// groups segments the query and expands each group through the glossary,
// the synonyms, and, for a word missing from the index, the words it
// begins (while it is being typed) or the words one or two edits away.
func (ix *Index) groups(q string) []group {
	runs := ix.queryRuns(q)
	var gs []group
	for ri, r := range runs {
		if !r.word {
			gs = append(gs, group{r.key, []alt{{r.tokens, 1}}})
			continue
		}
		// a word is one group: a compound's whole first, its parts as alternatives
		whole := r.tokens[len(r.tokens)-1]
		g := group{whole, []alt{{[]string{whole}, 1}}}
		for _, p := range r.tokens[:len(r.tokens)-1] {
			g.alts = append(g.alts, alt{[]string{p}, partWeight})
		}
		if len(r.tokens) == 1 {
			g.alts = append(g.alts, ix.inflected(whole)...)
		}
		if len(ix.postings[whole]) == 0 {
			typing := ri == len(runs)-1 && !strings.HasSuffix(q, " ")
			var more []alt
			if typing && utf8.RuneCountInString(whole) >= 2 {
				more = ix.prefixed(whole)
			}
			if len(more) == 0 {
				more = ix.stemmed(whole)
			}
			if len(more) == 0 {
				more = ix.typos(r.raw)
			}
			g.alts = append(g.alts, more...)
		}
		gs = append(gs, g)
	}
	gs = expand(gs, ix.Glossary, true, glossWeight, ix)
	return expand(gs, ix.Synonyms, false, glossWeight, ix)
}

// prefixed returns up to maxPrefix tokens that begin with t.
func (ix *Index) prefixed(t string) []alt {
	var out []alt
	i, _ := slices.BinarySearchFunc(ix.vocab, t, compareUTF16)
	for ; i < len(ix.vocab) && strings.HasPrefix(ix.vocab[i], t) && len(out) < maxPrefix; i++ {
		out = append(out, alt{[]string{ix.vocab[i]}, prefixWeight})
	}
	return out
}

// inflected returns the forms of w, a plain English word of three
// letters or more, that the vocabulary holds with -ing or -ed ("stay"
// finds "staying", "submit" "submitted", "validate" "validating"): the
// pages' tokens keep these endings, a reader's words often lack them.
func (ix *Index) inflected(w string) []alt {
	if len(w) < 3 || !isASCIIWord(w) {
		return nil
	}
	last := w[len(w)-1:]
	forms := []string{w + "ing", w + "ed", w + last + "ing", w + last + "ed"}
	if last == "e" {
		forms = []string{w[:len(w)-1] + "ing", w + "d"}
	}
	var out []alt
	for _, f := range forms {
		if len(ix.postings[f]) > 0 && !slices.ContainsFunc(out, func(a alt) bool { return a.tokens[0] == f }) {
			out = append(out, alt{[]string{f}, formWeight})
		}
	}
	return out
}

// stemmed returns the longest token of the vocabulary that w begins with,
// of four letters or more and at most four shorter than w, for an English
// word the index lacks: the stem of an inflected form ("submitting" finds
// "submit", "validated" "validate").
func (ix *Index) stemmed(w string) []alt {
	if !isASCIIWord(w) {
		return nil
	}
	for l := len(w) - 1; l >= 4 && l >= len(w)-4; l-- {
		if len(ix.postings[w[:l]]) > 0 {
			return []alt{{[]string{w[:l]}, formWeight}}
		}
	}
	return nil
}

// typos returns up to maxTypos tokens of the vocabulary within one edit
// of w (two for words of eight letters or more), nearest first: only for
// ASCII words and identifiers of four letters or more, not numbers.
func (ix *Index) typos(w string) []alt {
	n := len(w)
	if n < 4 || !typoCandidate(w) {
		return nil
	}
	maxD := 1
	if n >= 8 {
		maxD = 2
	}
	type cand struct {
		t string
		d int
	}
	var cs []cand
	for _, t := range ix.vocab {
		if len(t) < n-maxD || len(t) > n+maxD || !typoCandidate(t) {
			continue
		}
		if d := editDistance(w, t, maxD); d <= maxD {
			cs = append(cs, cand{t, d})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(a.d, b.d) })
	var out []alt
	for _, c := range cs[:min(len(cs), maxTypos)] {
		out = append(out, alt{[]string{c.t}, typoWeight})
	}
	return out
}

// editDistance is the optimal string alignment distance of two ASCII
// strings (insertions, deletions, substitutions and swaps of neighbours
// cost one), or maxD+1 once it must exceed maxD.
func editDistance(a, b string, maxD int) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			best = min(best, cur[j])
		}
		if best > maxD {
			return maxD + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Search returns up to limit entries ranked for the query.
func (ix *Index) Search(q string, limit int) []Result {
	gs := ix.groups(q)
	if len(gs) == 0 {
		return nil
	}
	n := float64(len(ix.Docs))
	type acc struct {
		best    []float64 // per group
		terms   []string
		matched float64 // the weights of the groups matched
	}
	accs := map[int]*acc{}
	weights, total := ix.groupWeights(gs, n)
	for gi, g := range gs {
		for _, a := range g.alts {
			for d, v := range ix.match(a, n) {
				s := accs[d]
				if s == nil {
					s = &acc{best: make([]float64, len(gs))}
					accs[d] = s
				}
				if s.best[gi] == 0 {
					s.matched += weights[gi]
				}
				s.best[gi] = max(s.best[gi], v)
				s.terms = append(s.terms, a.tokens...)
			}
		}
	}
	out := make([]Result, 0, len(accs))
	for d, s := range accs {
		sum := 0.0
		for _, v := range s.best {
			sum += v
		}
		cov := s.matched / total
		if k := ix.Docs[d].Kind; k == search.KindSkill || k == search.KindFile {
			sum *= skillWeight // a skill restates the pages for agents: where both answer alike, the page
		}
		out = append(out, Result{Index: d, Doc: &ix.Docs[d], Score: math.Round(sum*cov*cov*cov*1e6) / 1e6, Terms: s.terms})
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

// groupWeights returns what each group counts for in the share of the
// query an entry matches, and their sum: the idf of the first of its
// alternatives the index holds (for a Chinese word, the mean over its
// bigrams times half its length in characters: a longer word says more),
// so that missing a word most entries have costs little; a group the
// index holds nothing of counts as the rarest word.
func (ix *Index) groupWeights(gs []group, n float64) ([]float64, float64) {
	ws := make([]float64, len(gs))
	total := 0.0
	for gi, g := range gs {
		ws[gi] = ix.maxIDF
	alts:
		for _, a := range g.alts {
			sum := 0.0
			for _, t := range a.tokens {
				if len(ix.postings[t]) == 0 {
					continue alts
				}
				sum += math.Log(1 + n/float64(len(ix.postings[t])))
			}
			ws[gi] = sum / float64(len(a.tokens)) * float64(len(a.tokens)+1) / 2
			break
		}
		total += ws[gi]
	}
	return ws, total
}

// match scores the entries that hold every token of a: the mean over its
// tokens (a Chinese word's bigrams count as one word) of idf × sat(body
// count + field weight × idf/maxIDF), so that a field's boost shrinks for
// a word most entries have, where sat(tf) = tf × (k+1) / (tf + k)
// saturates (k = saturation), so that a word in a heading or a name
// cannot outweigh the other words of the question on its own.
func (ix *Index) match(a alt, n float64) map[int]float64 {
	sums, counts := map[int]float64{}, map[int]int{}
	for _, t := range a.tokens {
		ps := ix.postings[t]
		if len(ps) == 0 {
			return nil
		}
		idf := math.Log(1 + n/float64(len(ps)))
		r := idf / ix.maxIDF
		k := a.w / float64(len(a.tokens))
		for _, p := range ps {
			tf := p.body + p.field*r
			sums[p.doc] += k * idf * tf * (saturation + 1) / (tf + saturation)
			counts[p.doc]++
		}
	}
	for d, c := range counts {
		if c < len(a.tokens) {
			delete(sums, d)
		}
	}
	return sums
}
