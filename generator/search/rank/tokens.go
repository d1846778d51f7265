package rank

import "pairag.com/portal/generator/search"

// The tokenising of the index is package search's (the build publishes
// the postings it gives); the query side here uses the same rules.
type runKind = search.RunKind

const (
	wordRun = search.WordRun
	hanRun  = search.HanRun
)

var (
	scan          = search.Scan
	wordTokens    = search.WordTokens
	isASCIIWord   = search.IsASCIIWord
	isHanStop     = search.IsHanStop
	compareUTF16  = search.CompareUTF16
	typoCandidate = search.TypoCandidate
)

// Tokens returns the index tokens of text, in order, with repetitions
// (search.Tokens).
func Tokens(text string) []string { return search.Tokens(text) }
