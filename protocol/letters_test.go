package protocol

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode"
	"unicode/utf8"
)

// countLettersPlain is countLetters as it was written before its ASCII
// table: the reference TestCountLettersAgrees holds the fast one to.
func countLettersPlain(s string, counts []int) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c == '`' || c == 'h' {
			if skip := codeOrURL(s[i:]); skip > 0 {
				i += skip
				continue
			}
		}
		if c < utf8.RuneSelf {
			i++
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				n++
				counts[0]++
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
	return n
}

// TestCountLettersAgrees compares the counts on prose, code spans, URLs
// and their near misses (an h at the end, "htt", "http" without "://"),
// and on random strings of those pieces.
func TestCountLettersAgrees(t *testing.T) {
	pieces := []string{"Hello ", "h", "ht", "htt", "http", "http://x.y/z ", "https://a.b", "`code`", "`", "hh", "汉字", "かな", "한글", "Кириллица", " ", "\n", "1", "é", "\xff", "Zh",
		// the neighbours of the letters, which the word-at-a-time count must not take for letters
		"@[{~\x7f\x00", "AZaz", "Stages run in order", "abcdefgHIJKLMNOP", "\u00e0\u00c0\x80\xe1\xfa"}
	check := func(s string) {
		t.Helper()
		got, want := make([]int, len(letterClasses)), make([]int, len(letterClasses))
		if g, w := countLetters(s, got), countLettersPlain(s, want); g != w || !slices.Equal(got, want) {
			t.Fatalf("countLetters(%q) = %d %v; want %d %v", s, g, got, w, want)
		}
	}
	for _, p := range pieces {
		check(p)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		s := ""
		for range r.IntN(8) {
			s += pieces[r.IntN(len(pieces))]
		}
		check(s)
	}
}

// FuzzCountLetters holds countLetters, which counts ASCII letters eight
// bytes at a time, to the byte-at-a-time countLettersPlain.
func FuzzCountLetters(f *testing.F) {
	for _, s := range []string{"Stages run in order: `plan_report_0`, then https://x.y/z", "@@@@[[[[{{{{````", "\x7fZZZZZZZZaaaaaaa\xff", "hhhhhhhhttp://", "汉字かなABCDEFGHI"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := make([]int, len(letterClasses)), make([]int, len(letterClasses))
		if g, w := countLetters(s, got), countLettersPlain(s, want); g != w || !slices.Equal(got, want) {
			t.Fatalf("countLetters(%q) = %d %v; want %d %v", s, g, got, w, want)
		}
	})
}
