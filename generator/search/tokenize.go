package search

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

// queryRun is one run of a query: its tokens and whether it is a word
// (for prefix matching while typing).
type queryRun struct {
	tokens []string
	word   bool
}

// queryRuns segments a query like [Tokens], except that a Han run of two
// or more characters gives only its bigrams and stop words are dropped.
// Each returned token starts a group in [Index.Search].
func queryRuns(q string) []queryRun {
	var out []queryRun
	scan(q, func(kind runKind, run []rune) {
		switch kind {
		case wordRun:
			w := wordTokens(run)
			if len(w) == 1 && stopWords[string(run)] {
				return
			}
			out = append(out, queryRun{tokens: w, word: true})
		case hanRun:
			for _, part := range splitHanStops(run) {
				if len(part) == 1 {
					out = append(out, queryRun{tokens: []string{string(part)}})
					continue
				}
				var bi []string
				for i := 0; i+1 < len(part); i++ {
					bi = append(bi, string(part[i:i+2]))
				}
				out = append(out, queryRun{tokens: bi})
			}
		}
	})
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
var stopWords = setOf("a an the of to in on at for and or is are be can do does did what which who how where when why i my me we you it its this that with by from as into should must may need use used using about")

// hanStops are characters that cut a Chinese query into phrases: particles
// and question words (的, 是, 吗, 什么, 怎么, 如何, ...).
var hanStops = setOf("的 是 吗 了 呢 吧 啊 么 什 怎 哪 如 何 我 你 请")

func splitHanStops(run []rune) [][]rune {
	var out [][]rune
	start := 0
	for i, r := range run {
		if hanStops[string(r)] {
			if i > start {
				out = append(out, run[start:i])
			}
			start = i + 1
		}
	}
	if start < len(run) {
		out = append(out, run[start:])
	}
	return out
}

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
