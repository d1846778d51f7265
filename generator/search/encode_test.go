package search

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

var encodeCases = []string{
	"", "plain", `quote " and \ backslash`, "<tag> & amp", "tab\tnew\nline\rcr\bb\ff",
	"\x00\x01\x1f\x7f", "中文，全角", "line\u2028para\u2029end", "bad \xff utf-8 \xc3", "emoji 🙂", "\ufffd",
	"\u2027\u2028\u2029\u202a\u3000\ue000\uffff\ud7ff", "\xed\xa0\x80 \xe0\x80\x80 \xe2\x80 \xef\xbf",
}

// TestBuilderTexts holds the entries a Builder publishes and the JSON
// of their texts to the entries added, as json.Unmarshal gives them back
// after json.Marshal (escapes, invalid UTF-8, line separators).
func TestBuilderTexts(t *testing.T) {
	var docs []Doc
	for _, s := range encodeCases {
		docs = append(docs, Doc{URL: "/a/#" + s, Title: s, Heading: s, Names: s, Text: s, Kind: s, Section: s}, Doc{URL: s, Title: s})
	}
	ix := NewBuilder("zh-CN", nil, nil)
	for _, d := range docs {
		ix.Add(d)
	}
	pub, texts, _, err := ix.Publish(ShardBytes, func([]byte) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	var back []string
	if err := json.Unmarshal(bytes.Join(texts, nil), &back); err != nil {
		t.Fatalf("texts %s: %v", texts, err)
	}
	if len(pub.Docs) != len(docs) || len(back) != len(docs) {
		t.Fatalf("Publish gave %d entries and %d texts; want %d", len(pub.Docs), len(back), len(docs))
	}
	for i, d := range docs {
		want := decoded(d)
		text := want.Text
		want.Text, want.Names = "", ""
		if got := decoded(pub.Docs[i]); got != want || back[i] != text {
			t.Errorf("entry %d = %+v, text %q; want %+v, text %q", i, got, back[i], want, text)
		}
	}
}

// decoded is d as json.Unmarshal gives it back after json.Marshal: each
// string's invalid UTF-8 replaced.
func decoded(d Doc) Doc {
	data, _ := json.Marshal(d)
	var out Doc
	_ = json.Unmarshal(data, &out)
	return out
}

// TestCollapse holds collapse to strings.Join(strings.Fields(s), " ").
func TestCollapse(t *testing.T) {
	for _, s := range append(encodeCases, "  a  b\n\tc ", "\u3000中\u00a0文\u2028x\u0085", " ", "a", "a ", " a", "\xff \xfe", "x\v\fy") {
		if got, want := collapse([]byte(s)), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapse(%q) = %q; want %q", s, got, want)
		}
	}
}

func FuzzCollapse(f *testing.F) {
	for _, s := range encodeCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := collapse([]byte(s)), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("collapse(%q) = %q; want %q", s, got, want)
		}
	})
}

// TestSpaceSize holds spaceSize to unicode.IsSpace on every rune.
func TestSpaceSize(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		enc := utf8.AppendRune(nil, r)
		want := 0
		if unicode.IsSpace(r) {
			want = len(enc)
		}
		if got := spaceSize(enc); got != want {
			t.Errorf("spaceSize(%U) = %d; want %d", r, got, want)
		}
	}
}

// TestCollapseRandom holds collapse to strings.Fields on random texts of
// words, every kind of white space and broken UTF-8.
func TestCollapseRandom(t *testing.T) {
	parts := []string{"a", "word", "中文", "。", "—", " ", "  ", "\t", "\n", "\u00a0", "\u0085", "\u1680", "\u2000", "\u200a", "\u200b", "\u2028", "\u202f", "\u205f", "\u3000", "\u3001", "\xe3", "\xe2\x80", "\xc2"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100_000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		if got, want := collapse([]byte(s)), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("collapse(%q) = %q; want %q", s, got, want)
		}
	}
}

// TestFirstHan holds IsHan's shortcut to unicode.Han's table.
func TestFirstHan(t *testing.T) {
	if lo := rune(unicode.Han.R16[0].Lo); lo != firstHan {
		t.Fatalf("unicode.Han starts at %U; firstHan is %U", lo, firstHan)
	}
}

// FuzzCompareUTF16 holds CompareUTF16 to the comparison of the strings'
// UTF-16 code units, as JavaScript sorts them.
func FuzzCompareUTF16(f *testing.F) {
	for _, s := range encodeCases {
		f.Add(s, s+"a")
		f.Add(s, "\U0001F642")
	}
	f.Add("a\uffff", "a\U00010000")
	f.Add("\xff\xfe", "\xff\xfd")
	f.Fuzz(func(t *testing.T, a, b string) {
		want := slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
		if got := CompareUTF16(a, b); got != want {
			t.Fatalf("CompareUTF16(%q, %q) = %d; want %d", a, b, got, want)
		}
	})
}
