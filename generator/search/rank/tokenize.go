package rank

import (
	"strings"
)

// queryRun is one run of a query: its tokens (all of which a match
// needs), whether it is a word (for prefix and typo matching), the key the
// glossary and synonyms know it by, and, for a word, its text unstemmed.
type queryRun struct {
	tokens   []string
	word     bool
	key, raw string
}

// queryRuns segments a query. A word gives its tokens as [Tokens] does.
// A run of Han characters is cut at question words and particles, then
// into the longest words of the index's word list (glossary and synonym
// terms, short Chinese headings and labels), each one run of its bigrams;
// what no word covers is cut where a pair of characters is one the index
// lacks (it spans two words), each stretch of held pairs one run, and a
// lone character only when it is the whole run.
// Each returned run starts a group in [Index.Search].
func (ix *Index) queryRuns(q string) []queryRun {
	var out []queryRun
	scan(q, func(kind runKind, run []rune) {
		switch kind {
		case wordRun:
			w := wordTokens(run)
			if len(w) == 1 && stopWords[string(run)] {
				return
			}
			out = append(out, queryRun{tokens: w, word: true, key: w[len(w)-1], raw: string(run)})
		case hanRun:
			out = append(out, ix.segment(run)...)
		}
	})
	return out
}

// segment cuts one Han run of a query (see [Index.queryRuns]).
func (ix *Index) segment(run []rune) []queryRun {
	var out []queryRun
	var rest []rune // characters no word covers, since the last word
	flush := func() {
		if len(rest) == 1 && len(run) == 1 {
			out = append(out, queryRun{tokens: []string{string(rest)}, key: string(rest)})
		}
		// a pair no entry holds spans two words; the pairs between two such
		// are one word (语言代码: 语言 言代 代码); when no entry holds any
		// pair, each pair is a group of its own
		held := false
		for i := 0; i+1 < len(rest); {
			j := i
			for j+1 < len(rest) && len(ix.postings[string(rest[j:j+2])]) > 0 {
				j++
			}
			if j == i {
				i++
				continue
			}
			held = true
			out = append(out, queryRun{tokens: bigrams(rest[i : j+1]), key: string(rest[i : j+1])})
			i = j
		}
		if !held && len(rest) >= 2 {
			for _, bi := range bigrams(rest) {
				out = append(out, queryRun{tokens: []string{bi}, key: bi})
			}
		}
		rest = rest[:0]
	}
	for i := 0; i < len(run); {
		l := min(max(ix.maxWord, maxHanStop), len(run)-i)
		for ; l >= 2; l-- {
			w := string(run[i : i+l])
			if ix.words[w] || hanStopWords[w] {
				break
			}
		}
		switch {
		case l >= 2:
			flush()
			if w := string(run[i : i+l]); !hanStopWords[w] {
				out = append(out, queryRun{tokens: bigrams(run[i : i+l]), key: w})
			}
			i += l
		case isHanStop(run[i]):
			flush()
			i++
		default:
			rest = append(rest, run[i])
			i++
		}
	}
	flush()
	return out
}

// bigrams returns the pairs of neighbouring characters of a Han word.
func bigrams(w []rune) []string {
	out := make([]string, 0, len(w)-1)
	for i := 0; i+1 < len(w); i++ {
		out = append(out, string(w[i:i+2]))
	}
	return out
}

// stopWords are English query words that carry no meaning for search.
var stopWords = setOf("a an the of to in on at for and or is are be can do does did what which who how much where when why i my me we you it its this that with by from as into should must may need use used using about there any")

// hanStopWords are words of Chinese questions that carry no meaning for
// search; a query drops them as it drops hanStops.
var hanStopWords = setOf("可以 能否 是否 几个 多少 需要 应该 一下 怎么办 怎样 为什么 哪些 有没有")

// maxHanStop is the length of the longest of hanStopWords.
const maxHanStop = 3

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
