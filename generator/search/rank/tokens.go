package rank

import "pairag.com/portal/generator/search"

// The tokenising of the index is package search's (the build publishes
// the postings it gives); a query is cut into runs by the same rules, and
// its words tokenised by the same tokenizer.
type runKind = search.RunKind

const (
	wordRun = search.WordRun
	hanRun  = search.HanRun
)

var (
	scan          = search.Scan
	isASCIIWord   = search.IsASCIIWord[string]
	isHanStop     = search.IsHanStop
	compareUTF16  = search.CompareUTF16
	typoCandidate = search.TypoCandidate
)

// wordTokens returns the tokens of a word run of a query ([search.Scan]'s
// runs) as the index has them: its parts, stemmed, then a compound's
// segments and the whole.
func wordTokens(run []rune) []string {
	var out []string
	var z search.Tokenizer
	z.Each(string(run), func(t []byte) { out = append(out, string(t)) }, func(a, b rune) {})
	return out
}
