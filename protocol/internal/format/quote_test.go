package format

import (
	"encoding/json"
	"strconv"
	"testing"
	"unicode/utf8"
)

// TestQuoteEveryRune holds Quote to two judges on every character between
// two letters: encoding/json reads back the same text, Quote escapes only
// what strconv.Quote escapes too (never a character strconv shows as it
// is), and where strconv shows a character as it is, so does Quote.
func TestQuoteEveryRune(t *testing.T) {
	differ := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := "a" + string(r) + "b"
		q := Quote(s)
		var back string
		if err := json.Unmarshal([]byte(q), &back); err != nil || back != s {
			t.Fatalf("Quote(%U) = %s, which encoding/json reads as %q (%v)", r, q, back, err)
		}
		printable := strconv.IsPrint(r) || r == ' '
		switch {
		case invisible(r) && printable:
			t.Errorf("Quote(%U) = %s escapes a character strconv shows as it is", r, q)
		case printable && q != strconv.Quote(s):
			t.Errorf("Quote(%U) = %s; strconv.Quote gives %s", r, q, strconv.Quote(s))
		case !printable && !invisible(r):
			differ++ // unassigned, private use, rare format characters: kept as they are
		}
	}
	if differ == 0 || differ > 1<<20 {
		t.Errorf("%d characters strconv escapes are kept; want some (unassigned ones) and not all", differ)
	}
}

// TestQuote: the escapes a reader and JSON.parse meet most.
func TestQuote(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", `""`},
		{`a"b\c`, `"a\"b\\c"`},
		{"line\nnext\ttab\r\b\f", `"line\nnext\ttab\r\b\f"`},
		{"\x00\x07\x0b\x7f", `"\u0000\u0007\u000b\u007f"`},
		{"中国\u3000上海", `"中国\u3000上海"`},
		{"a\u200bb\ufeff\u00a0\u2028", `"a\u200bb\ufeff\u00a0\u2028"`},
		{"bad \xff byte", `"bad \ufffd byte"`},
		{"<tag> & é", `"<tag> & é"`},
	} {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s; want %s", tt.in, got, tt.want)
		}
	}
	if got := quoteRune('\''); got != `'\''` {
		t.Errorf("quoteRune(') = %s", got)
	}
	if got, want := quoteRune('"'), strconv.QuoteRune('"'); got != want {
		t.Errorf("quoteRune(\") = %s; strconv gives %s", got, want)
	}
}

// FuzzQuote: whatever the bytes, Quote writes a JSON string that
// encoding/json reads as it reads its own encoding of the same bytes
// (invalid UTF-8 as U+FFFD), and matches strconv.Quote on text it shows
// as it is.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b", "\xff\xfe", "中国 · 上海", "\u2028\x00", "\U0001F600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := Quote(s)
		var got, want string
		if err := json.Unmarshal([]byte(q), &got); err != nil {
			t.Fatalf("Quote(%q) = %s is not a JSON string: %v", s, q, err)
		}
		enc, _ := json.Marshal(s)
		if err := json.Unmarshal(enc, &want); err != nil || got != want {
			t.Fatalf("Quote(%q) = %s reads as %q; encoding/json's own %s as %q", s, q, got, enc, want)
		}
		plain := utf8.ValidString(s)
		for _, r := range s {
			plain = plain && strconv.IsPrint(r)
		}
		if plain && q != strconv.Quote(s) {
			t.Fatalf("Quote(%q) = %s; strconv.Quote gives %s", s, q, strconv.Quote(s))
		}
	})
}

// FuzzAtoi holds Atoi to strconv.Atoi: the same number, and ok exactly
// when strconv has no error.
func FuzzAtoi(f *testing.F) {
	for _, s := range []string{"", "0", "-0", "+7", "007", "-", "+", "12a", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "-9223372036854775809", "99999999999999999999", " 1", "1_000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := Atoi(s)
		want, err := strconv.Atoi(s)
		if ok != (err == nil) || ok && n != want {
			t.Fatalf("Atoi(%q) = %d, %v; strconv.Atoi gives %d, %v", s, n, ok, want, err)
		}
	})
}
