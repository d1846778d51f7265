package protocol

import (
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pairag.com/portal/protocol/jsonpos"
)

// letterClasses are the scripts letters are counted in, with names in both
// languages. Kana counts separately so Japanese (Jpan: Han and kana) can be
// told from Chinese.
var letterClasses = [...]struct {
	code   string
	table  *unicode.RangeTable
	extra  *unicode.RangeTable
	en, zh string
}{
	{"Latn", unicode.Latin, nil, "Latin script", "拉丁字母"},
	{"Hani", unicode.Han, nil, "Chinese characters", "汉字"},
	{"Kana", unicode.Hiragana, unicode.Katakana, "Japanese kana", "日文假名"},
	{"Hang", unicode.Hangul, nil, "Hangul", "韩文"},
	{"Arab", unicode.Arabic, nil, "Arabic script", "阿拉伯字母"},
	{"Deva", unicode.Devanagari, nil, "Devanagari", "天城文"},
	{"Beng", unicode.Bengali, nil, "Bengali script", "孟加拉文"},
	{"Cyrl", unicode.Cyrillic, nil, "Cyrillic", "西里尔字母"},
	{"Telu", unicode.Telugu, nil, "Telugu script", "泰卢固文"},
	{"Taml", unicode.Tamil, nil, "Tamil script", "泰米尔文"},
	{"Guru", unicode.Gurmukhi, nil, "Gurmukhi", "古木基文"},
}

// expectedClasses maps a codebook script to the letter classes it writes with.
func expectedClasses(script string) []string {
	if script == "Jpan" {
		return []string{"Hani", "Kana"}
	}
	return []string{script}
}

// languageScript warns when the human-facing strings are plainly written in
// another script than manifest.language's. Languages sharing a script are
// never told apart.
func (v *validation) languageScript(m, stages *jsonpos.Node) {
	tag, ok := stringAt(m, "language")
	if !ok {
		return
	}
	if preferred, isAlias := v.doc.LanguageAliases[tag]; isAlias {
		tag = preferred
	}
	lang, ok := v.doc.Language(tag)
	if !ok {
		return
	}
	var counts [len(letterClasses)]int // on the stack: one allocation less per validation
	total := humanLetters(m, v.idx.lists["manifest_fields"], counts[:])
	stageFields := v.idx.lists["stage_fields"]
	for _, st := range stages.Items {
		total += humanLetters(st, stageFields, counts[:])
	}
	cfg := v.doc.LanguageScriptCheck
	if total == 0 || total < cfg.MinLetters {
		return
	}
	expected := expectedClasses(lang.Script)
	for i, c := range letterClasses {
		if slices.Contains(expected, c.code) {
			continue
		}
		if float64(counts[i])/float64(total) >= cfg.Dominance {
			if lang := m.Child("language"); lang != nil {
				v.at(lang, "language-script-mismatch", "/manifest/language", nil, tag, c.en, c.zh)
			}
			return
		}
	}
}

// countLetters adds the letters of s per class (in letterClasses order) to
// counts and returns how many letters it saw. Inline code and URLs are
// skipped: their Latin letters say nothing about the language of the prose
// around them.
func countLetters(s string, counts []int) int {
	n, latin := 0, 0
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			// Eight bytes at a time up to the first that needs a look of
			// its own (a non-ASCII byte, a backquote, an h), their ASCII
			// letters counted in the word: in WebAssembly every step of a
			// byte loop is a jump through the function's block table.
			// (Written out here: package protocol is compiled without
			// inlining.)
			b := s[i : i+8]
			x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
				uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
			q, h := x^('`'*ones), x^('h'*ones)
			// The high bit of (v&lows + lows) | v is set when the byte of v
			// is not zero, with no carry between bytes.
			stop := x&highs | ^(q&lows+lows|q)&highs | ^(h&lows+lows|h)&highs
			// Setting 0x20 makes capitals small; a small letter is at
			// least 'a' (adding 0x80-'a' sets the high bit) and at most
			// 'z' (adding 0x7F-'z' leaves it clear). Bytes from the first
			// stop on are dropped, so carries out of non-ASCII bytes do
			// not count.
			y := x | 0x20*ones
			letters := (y + (0x80-'a')*ones) &^ (y + (0x7F-'z')*ones) & highs
			if stop == 0 {
				latin += bits.OnesCount64(letters)
				i += 8
				continue
			}
			j := bits.TrailingZeros64(stop) >> 3
			latin += bits.OnesCount64(letters & (1<<(8*j) - 1))
			i += j
		}
		c := s[i]
		// codeOrURL is asked only where a span may start: at a backquote,
		// or at an h followed by "ttp" (h is a common letter, and a call
		// per letter cost more than the count).
		if c == '`' || c == 'h' && i+3 < len(s) && s[i+1] == 't' && s[i+2] == 't' && s[i+3] == 'p' {
			if skip := codeOrURL(s[i:]); skip > 0 {
				i += skip
				continue
			}
		}
		if c < utf8.RuneSelf {
			i++
			if c|0x20 >= 'a' && c|0x20 <= 'z' { // ASCII letters: setting 0x20 makes capitals small
				latin++
			}
			continue
		}
		ch, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if !unicode.IsLetter(ch) {
			continue
		}
		n++
		for c, cl := range letterClasses {
			if unicode.Is(cl.table, ch) || cl.extra != nil && unicode.Is(cl.extra, ch) {
				counts[c]++
				break
			}
		}
	}
	counts[0] += latin // letterClasses[0] is Latin
	return n + latin
}

const (
	ones  = 0x0101010101010101
	lows  = 0x7F7F7F7F7F7F7F7F
	highs = 0x8080808080808080
)

// codeOrURL returns the length of the `inline code` span or URL that s
// starts with, or 0.
func codeOrURL(s string) int {
	switch {
	case s[0] == '`':
		if end := strings.IndexByte(s[1:], '`'); end >= 0 {
			return end + 2
		}
	case strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://"):
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			return len(s)
		}
		return end
	}
	return 0
}

// humanLetters counts the letters of every human-facing string under obj
// (countLetters), following the field lists' refs, and returns how many
// it saw. The strings are counted here rather than handed to a function:
// a call per string through a closure cost more than most strings' count.
func humanLetters(obj *jsonpos.Node, l *fieldList, counts []int) int {
	if obj == nil || obj.Kind != '{' || l == nil {
		return 0 // a ref the document does not define has no fields
	}
	n := 0
	for _, f := range l.human {
		if !f.HumanFacing && (f.list == nil || len(f.list.human) == 0) {
			continue // a ref to a list without human text (data formats, token limits): no search of obj for it
		}
		c := obj.Child(f.Name)
		if c == nil {
			continue
		}
		switch {
		case f.HumanFacing && c.Kind == '"':
			n += countLetters(c.Str, counts)
		case f.HumanFacing && c.Kind == '[':
			for _, it := range c.Items {
				if it.Kind == '"' {
					n += countLetters(it.Str, counts)
				}
			}
		case f.Ref != "" && c.Kind == '{':
			n += humanLetters(c, f.list, counts)
		case f.Ref != "" && c.Kind == '[':
			for _, it := range c.Items {
				n += humanLetters(it, f.list, counts)
			}
		}
	}
	return n
}
