package search

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Tokens returns the index tokens of text, in order, with repetitions.
func Tokens(text string) []string {
	var out []string
	eachToken(text, nil, func(t string) { out = append(out, t) })
	return out
}

// eachToken calls f for every index token of text, in order, with
// repetitions, as [Tokens] lists them; intern, when not nil, keeps one copy
// of every Han token, so that the build's tokenising of a whole site does
// not allocate a string per character.
func eachToken(text string, intern map[string]string, f func(string)) {
	var buf []byte
	han := func(rs []rune) {
		buf = buf[:0]
		for _, r := range rs {
			buf = utf8.AppendRune(buf, r)
		}
		if intern == nil {
			f(string(buf))
			return
		}
		t, ok := intern[string(buf)]
		if !ok {
			t = string(buf)
			intern[t] = t
		}
		f(t)
	}
	Scan(text, func(kind RunKind, run []rune) {
		switch kind {
		case WordRun:
			for _, t := range WordTokens(run) {
				f(t)
			}
		case HanRun:
			for i := range run {
				han(run[i : i+1])
				if i+1 < len(run) {
					han(run[i : i+2])
				}
			}
		}
	})
}

// RunKind is the kind of a run of text [Scan] finds.
type RunKind int

const (
	WordRun RunKind = iota
	HanRun
)

// Scan calls f for every run of word characters and every run of Han
// characters of the normalized text.
func Scan(text string, f func(RunKind, []rune)) {
	rs := []rune(strings.ToLower(text))
	for i := range rs {
		if rs[i] >= 0xFF01 && rs[i] <= 0xFF5E { // full-width ASCII
			rs[i] = unicode.ToLower(rs[i] - 0xFEE0)
		}
	}
	for i := 0; i < len(rs); {
		switch {
		case IsHan(rs[i]):
			j := i
			for j < len(rs) && IsHan(rs[j]) {
				j++
			}
			f(HanRun, rs[i:j])
			i = j
		case isWord(rs[i]):
			j := i
			for j < len(rs) && (isWord(rs[j]) || isJoiner(rs[j]) && j+1 < len(rs) && isWord(rs[j+1])) {
				j++
			}
			f(WordRun, rs[i:j])
			i = j
		default:
			i++
		}
	}
}

// IsHan reports a Han character, which Chinese runs are made of.
func IsHan(r rune) bool    { return unicode.Is(unicode.Han, r) }
func isJoiner(r rune) bool { return r == '_' || r == '.' || r == '-' }
func isWord(r rune) bool {
	return r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') ||
		r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) && !IsHan(r)
}

// WordTokens gives the tokens of one run of word characters and joiners:
// the parts between joiners (stemmed), then, for a compound, its
// dot-separated segments and the whole.
func WordTokens(run []rune) []string {
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
	if len(w) <= 3 || !IsASCIIWord(w) {
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

// IsASCIIWord reports a word of the letters a to z only (stemmed, inflected).
func IsASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// hanStops are characters that cut a Chinese query into phrases: particles
// and question words (的, 是, 吗, 什么, 怎么, 如何, ...).
var hanStops = setOf("的 是 吗 了 呢 吧 啊 么 什 怎 哪 如 何 我 你 请 些")

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// HasStop reports a run holding a character that cuts queries (hanStops).
func HasStop(run []rune) bool {
	return slices.ContainsFunc(run, IsHanStop)
}

// IsHanStop reports a character that cuts a Chinese query (hanStops).
func IsHanStop(r rune) bool { return hanStops[string(r)] }

// CompareUTF16 orders strings as JavaScript's sort does, by UTF-16 code
// units, so that both sides list prefix and typo matches alike.
func CompareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return cmp.Compare(unit(ra), unit(rb))
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// unit is the first UTF-16 code unit of r.
func unit(r rune) rune {
	if r >= 0x10000 {
		r1, _ := utf16.EncodeRune(r)
		return r1
	}
	return r
}

// TypoCandidate reports an ASCII word or identifier with a letter in it.
func TypoCandidate(w string) bool {
	letter := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			letter = true
		case c >= '0' && c <= '9' || isJoiner(rune(c)):
		default:
			return false
		}
	}
	return letter
}
