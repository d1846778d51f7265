package rank

import (
	"strings"
	"unicode"
)

// Tokens returns the index tokens of text, in order, with repetitions.
func Tokens(text string) []string {
	var out []string
	scan(text, func(kind runKind, run []rune) {
		switch kind {
		case wordRun:
			out = append(out, wordTokens(run)...)
		case hanRun:
			for i := range run {
				out = append(out, string(run[i]))
				if i+1 < len(run) {
					out = append(out, string(run[i:i+2]))
				}
			}
		}
	})
	return out
}

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
		case hanStops[string(run[i])]:
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

type runKind int

const (
	wordRun runKind = iota
	hanRun
)

// scan calls f for every run of word characters and every run of Han
// characters of the normalized text.
func scan(text string, f func(runKind, []rune)) {
	rs := []rune(strings.ToLower(text))
	for i := range rs {
		if rs[i] >= 0xFF01 && rs[i] <= 0xFF5E { // full-width ASCII
			rs[i] = unicode.ToLower(rs[i] - 0xFEE0)
		}
	}
	for i := 0; i < len(rs); {
		switch {
		case isHan(rs[i]):
			j := i
			for j < len(rs) && isHan(rs[j]) {
				j++
			}
			f(hanRun, rs[i:j])
			i = j
		case isWord(rs[i]):
			j := i
			for j < len(rs) && (isWord(rs[j]) || isJoiner(rs[j]) && j+1 < len(rs) && isWord(rs[j+1])) {
				j++
			}
			f(wordRun, rs[i:j])
			i = j
		default:
			i++
		}
	}
}

func isHan(r rune) bool    { return unicode.Is(unicode.Han, r) }
func isJoiner(r rune) bool { return r == '_' || r == '.' || r == '-' }
func isWord(r rune) bool {
	return r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') ||
		r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) && !isHan(r)
}

// wordTokens gives the tokens of one run of word characters and joiners:
// the parts between joiners (stemmed), then, for a compound, its
// dot-separated segments and the whole.
func wordTokens(run []rune) []string {
	whole := string(run)
	parts := strings.FieldsFunc(whole, isJoiner)
	out := make([]string, 0, len(parts)+2)
	for _, p := range parts {
		out = append(out, stem(p))
	}
	if len(parts) > 1 {
		if segs := strings.Split(whole, "."); len(segs) > 1 {
			for _, s := range segs {
				if strings.ContainsAny(s, "_-") {
					out = append(out, s)
				}
			}
		}
		out = append(out, whole)
	}
	return out
}

// stem removes a plural ending from a plain English word.
func stem(w string) string {
	if len(w) <= 3 || !isASCIIWord(w) {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "es") && keepsS(w[:len(w)-2]):
		return w[:len(w)-2]
	case keepsS(w):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// keepsS reports words whose final s is not a plural (alias, status, bus, class).
func keepsS(w string) bool {
	for _, end := range []string{"ss", "us", "is", "as"} {
		if strings.HasSuffix(w, end) {
			return true
		}
	}
	return false
}

func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// stopWords are English query words that carry no meaning for search.
var stopWords = setOf("a an the of to in on at for and or is are be can do does did what which who how much where when why i my me we you it its this that with by from as into should must may need use used using about there any")

// hanStops are characters that cut a Chinese query into phrases: particles
// and question words (的, 是, 吗, 什么, 怎么, 如何, ...).
var hanStops = setOf("的 是 吗 了 呢 吧 啊 么 什 怎 哪 如 何 我 你 请 些")

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
