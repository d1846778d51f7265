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

// TestAppendDocIsJSON holds AppendDoc and IndexPieces to json.Marshal's bytes.
func TestAppendDocIsJSON(t *testing.T) {
	var docs []Doc
	for _, s := range encodeCases {
		docs = append(docs, Doc{URL: "/a/#" + s, Title: s, Heading: s, Names: s, Text: s, Kind: s, Section: s}, Doc{URL: s, Title: s})
	}
	for _, d := range docs {
		want, _ := json.Marshal(d)
		if got := AppendDoc(nil, d); !bytes.Equal(got, want) {
			t.Errorf("AppendDoc(%q):\n got %s\nwant %s", d.Text, got, want)
		}
	}
	var a, b []byte
	for i, d := range docs {
		p := &a
		if i >= 3 {
			p = &b
		}
		if len(*p) > 0 {
			*p = append(*p, ',')
		}
		*p = AppendDoc(*p, d)
	}
	ix := NewBuilder("zh-CN", nil, nil)
	for _, part := range [][]byte{nil, a, nil, b} {
		if err := ix.AddJSON(part); err != nil {
			t.Fatalf("AddJSON: %v", err)
		}
	}
	pub, texts, _, err := ix.Publish(ShardBytes, func([]byte) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	var back []string
	if err := json.Unmarshal(bytes.Join(texts, nil), &back); err != nil {
		t.Fatalf("texts %s: %v", texts, err)
	}
	for i, d := range docs {
		if len(pub.Docs) <= i || len(back) <= i {
			t.Fatalf("AddJSON of the parts gave %d entries and %d texts; want %d", len(pub.Docs), len(back), len(docs))
		}
		d = decoded(d)
		want := d.Text
		d.Text, d.Names = "", ""
		if pub.Docs[i] != d || back[i] != want {
			t.Errorf("entry %d after AppendDoc and AddJSON = %+v, text %q; want %+v, text %q", i, pub.Docs[i], back[i], d, want)
		}
	}
	if err := ix.AddJSON([]byte(`{"u":1}`)); err == nil {
		t.Error("AddJSON of a broken part = nil error")
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

func FuzzAppendDoc(f *testing.F) {
	for _, s := range encodeCases {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		d := Doc{URL: a, Title: b, Heading: a + b, Text: b}
		want, _ := json.Marshal(d)
		if got := AppendDoc(nil, d); !bytes.Equal(got, want) {
			t.Fatalf("AppendDoc:\n got %s\nwant %s", got, want)
		}
	})
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
