package search

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Tokenizer gives the index tokens of texts, with buffers it keeps
// between them, so that tokenising a whole site allocates a string only
// for a token seen first. The build tokenises every entry with it, and
// package rank a query's words, so that a reader's word and the pages'
// give the same tokens. The zero value is ready to use; it is not safe
// for concurrent use.
type Tokenizer struct {
	rs        []rune // the normalized text
	buf, stem []byte // the token being emitted, a stemmed part
}

// Each calls word for every token of a word run of text and han for every
// Han token, in order, with repetitions: han(a, 0) for a character,
// han(a, b) for a pair of neighbours. The bytes are valid only during the
// call.
//
// It reads the text byte by byte: an ASCII byte is classed by a table and
// lower-cased into the word being built, and only the other characters are
// decoded and normalized. The tokens are the ones [Scan]'s runs give
// (FuzzEachHan holds the two alike); the Han pairs are emitted as the
// characters come, with no run kept.
func (z *Tokenizer) Each(text string, word func([]byte), han func(a, b rune)) {
	whole := z.buf[:0] // the word run being read, normalized, as UTF-8
	joiner := byte(0)  // a joiner after the word run, kept until the next character says whether it joins
	joined := false    // the word run holds a joiner
	var prev rune      // the Han character before, in a Han run
	for i := 0; i < len(text); {
		var r rune
		var class byte
		if c := text[i]; c < utf8.RuneSelf {
			class, r = asciiClass[c], rune(asciiLower[c])
			i++
		} else {
			var n int
			r, n = utf8.DecodeRuneInString(text[i:])
			i += n
			r = normalize(r)
			switch {
			case r < utf8.RuneSelf: // full-width ASCII
				class = asciiClass[r]
			case isCommonHan(r) || IsHan(r):
				class = classHan
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				class = classWord
			}
		}
		if class != classHan {
			prev = 0
		}
		switch class {
		case classWord:
			if joiner != 0 {
				whole = append(whole, joiner)
				joiner, joined = 0, true
			}
			whole = utf8.AppendRune(whole, r)
			continue
		case classJoiner:
			if len(whole) > 0 && joiner == 0 {
				joiner = byte(r)
				continue
			}
		}
		// r ends the word run, if any.
		joiner = 0
		if len(whole) > 0 {
			z.flush(whole, joined, word)
			whole, joined = z.buf[:0], false
		}
		if class == classHan {
			if prev != 0 {
				han(prev, r)
			}
			han(r, 0)
			prev = r
		}
	}
	if len(whole) > 0 {
		z.flush(whole, joined, word)
	}
}

// flush gives the tokens of the word run whole, which holds a joiner if
// joined; a plain word is its one token, stemmed.
func (z *Tokenizer) flush(whole []byte, joined bool, word func([]byte)) {
	z.buf = whole
	if !joined {
		word(z.stemmed(whole))
		return
	}
	z.wordBytes(word)
}

// The classes of a normalized character for Each.
const (
	classOther  byte = iota // a separator
	classWord               // a letter or digit of a word (not Han)
	classJoiner             // '_', '.' or '-': part of a word between word characters
	classHan                // a Han character
)

// asciiClass and asciiLower are the class and the lower case of every
// ASCII byte, so that Each reads ASCII text without decoding it.
var asciiClass, asciiLower = func() (class, lower [utf8.RuneSelf]byte) {
	for c := range utf8.RuneSelf {
		l := c
		if c >= 'A' && c <= 'Z' {
			l += 'a' - 'A'
		}
		lower[c] = byte(l)
		switch {
		case isWord(rune(l)):
			class[c] = classWord
		case isJoiner(rune(l)):
			class[c] = classJoiner
		}
	}
	return class, lower
}()

// normalize is the character r as the index reads it: lower case, and a
// full-width ASCII character as its ASCII one.
func normalize(r rune) rune {
	if r < utf8.RuneSelf {
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	}
	if isCommonHan(r) {
		return r
	}
	if r = unicode.ToLower(r); r >= 0xFF01 && r <= 0xFF5E { // full-width ASCII
		r = unicode.ToLower(r - 0xFEE0)
	}
	return r
}

// isCommonHan reports a character of the CJK Unified Ideographs block,
// where nearly every Chinese character is: all of them Han and without
// case (TestCommonHan), so that neither table is searched for them.
func isCommonHan(r rune) bool { return r >= 0x4E00 && r <= 0x9FFF }

// RunKind is the kind of a run of text [Scan] finds.
type RunKind int

const (
	WordRun RunKind = iota
	HanRun
)

// Scan calls f for every run of word characters and every run of Han
// characters of the normalized text (lower case, full-width ASCII made
// ASCII).
func Scan(text string, f func(RunKind, []rune)) {
	var z Tokenizer
	z.scan(text, f)
}

func (z *Tokenizer) scan(text string, f func(RunKind, []rune)) {
	rs := z.rs[:0]
	for _, r := range text {
		rs = append(rs, normalize(r))
	}
	z.rs = rs
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

// firstHan is where unicode.Han's first range starts (CJK radicals): the
// common runes below it are no Han character, without searching its table.
const firstHan = 0x2E80

// IsHan reports a Han character, which Chinese runs are made of.
func IsHan(r rune) bool    { return r >= firstHan && unicode.Is(unicode.Han, r) }
func isJoiner(r rune) bool { return r == '_' || r == '.' || r == '-' }
func isWord(r rune) bool {
	return r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') ||
		r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) && !IsHan(r)
}

// wordBytes calls f for the tokens of the run of word characters and
// joiners in z.buf, as UTF-8: the parts between joiners (stemmed), then,
// for a compound, its dot-separated segments that hold a joiner and the
// whole.
func (z *Tokenizer) wordBytes(f func([]byte)) {
	whole := z.buf
	parts := 0
	for i := 0; i < len(whole); {
		if isJoiner(rune(whole[i])) {
			i++
			continue
		}
		j := i
		for j < len(whole) && !isJoiner(rune(whole[j])) {
			j++
		}
		f(z.stemmed(whole[i:j]))
		parts++
		i = j
	}
	if parts < 2 {
		return
	}
	if bytes.IndexByte(whole, '.') >= 0 {
		for seg := range bytes.SplitSeq(whole, []byte{'.'}) {
			if bytes.ContainsAny(seg, "_-") {
				f(seg)
			}
		}
	}
	f(whole)
}

// stemmed is the plain English word w without a plural ending, in z.stem
// when it is no prefix of w.
func (z *Tokenizer) stemmed(w []byte) []byte {
	if len(w) <= 3 || !IsASCIIWord(w) {
		return w
	}
	switch {
	case bytes.HasSuffix(w, []byte("ies")) && len(w) > 4:
		z.stem = append(append(z.stem[:0], w[:len(w)-3]...), 'y')
		return z.stem
	case bytes.HasSuffix(w, []byte("sses")):
		return w[:len(w)-2]
	case bytes.HasSuffix(w, []byte("es")) && keepsS(w[:len(w)-2]):
		return w[:len(w)-2]
	case keepsS(w):
		return w
	case w[len(w)-1] == 's':
		return w[:len(w)-1]
	}
	return w
}

// keepsS reports words whose final s is not a plural (alias, status, bus, class).
func keepsS(w []byte) bool {
	if len(w) < 2 || w[len(w)-1] != 's' {
		return false
	}
	switch w[len(w)-2] {
	case 's', 'u', 'i', 'a':
		return true
	}
	return false
}

// IsASCIIWord reports a word of the letters a to z only: the words whose
// plural the index drops, and whose stem and -ing and -ed forms a query
// also looks up (package rank).
func IsASCIIWord[W string | []byte](w W) bool {
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
	// The common prefix up to its last ASCII byte decodes alike on both
	// sides (no multi-byte sequence, valid or not, takes in an ASCII byte),
	// so the runes are decoded only from there.
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	for i > 0 && a[i-1] >= utf8.RuneSelf {
		i--
	}
	a, b = a[i:], b[i:]
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			if ra >= 0x10000 && rb >= 0x10000 { // surrogate pairs keep the code points' order
				return cmp.Compare(ra, rb)
			}
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
