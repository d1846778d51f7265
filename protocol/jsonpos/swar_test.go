package jsonpos

import (
	"math/rand/v2"
	"testing"
)

// TestMayStopExact holds the eight-bytes-at-a-time tests of string bytes
// (mayStop, and stopAt, which says where the first stopping byte is) and
// of whitespace (whitespaceAt) to the byte loops they stand in for: every byte value at every position of
// a word of plain bytes, and random words, including bytes of UTF-8
// sequences and the neighbours of the stopping bytes, where borrows of the
// word arithmetic would show.
func TestMayStopExact(t *testing.T) {
	check := func(w [8]byte) {
		t.Helper()
		want := false
		for _, c := range w {
			want = want || stringStop[c]
		}
		if got := mayStop(load64(w[:], 0)); got != want {
			t.Fatalf("mayStop(%q) = %v; want %v", w[:], got, want)
		}
		first := 8
		for i := 7; i >= 0; i-- {
			if stringStop[w[i]] {
				first = i
			}
		}
		if got := stopAt(load64(w[:], 0)); got != first {
			t.Fatalf("stopAt(%q) = %d; want %d", w[:], got, first)
		}
		spaces := 0
		for spaces < 8 && (w[spaces] == ' ' || w[spaces] == '\n' || w[spaces] == '\t' || w[spaces] == '\r') {
			spaces++
		}
		if got := whitespaceAt(load64(w[:], 0)); got != spaces {
			t.Fatalf("whitespaceAt(%q) = %d; want %d", w[:], got, spaces)
		}
	}
	for pos := range 8 {
		for c := range 256 {
			for _, fill := range []byte{'a', ' ', '\n', '\t', '\r', 0x21, 0x1F, 0x80, 0xFF, 0xA0, 0x8A, '"' + 1, '\\' + 1, '\\' - 1} {
				var w [8]byte
				for i := range w {
					w[i] = fill
				}
				w[pos] = byte(c)
				check(w)
			}
		}
	}
	near := []byte{0, 0x1F, 0x20, 0x21, '"', '"' + 1, '\\', '\\' + 1, 0x7F, 0x80, 0xA2, 0xDC, 0xFF, 'a',
		'\n', '\n' + 1, '\t', '\t' - 1, '\r', '\r' + 1, 0x8A, 0x89, 0x8D, 0xA0}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var w [8]byte
		for i := range w {
			if r.IntN(2) == 0 {
				w[i] = near[r.IntN(len(near))]
			} else {
				w[i] = byte(r.IntN(256))
			}
		}
		check(w)
	}
}

// TestLongRuns reads strings and indentation whose stopping byte falls at
// each offset of a word, so the word-at-a-time loops hand over to the
// byte loops at every position.
func TestLongRuns(t *testing.T) {
	for n := range 40 {
		body := make([]byte, n)
		for i := range body {
			body[i] = 'x'
		}
		indent := make([]byte, n)
		for i := range indent {
			indent[i] = ' '
		}
		for _, text := range []string{
			"{" + string(indent) + `"k":"` + string(body) + `"}`,
			"[\n" + string(indent) + `"` + string(body) + `\n` + string(body) + `"` + string(indent) + "]",
		} {
			root, issues := Parse([]byte(text), 0, 8)
			if root == nil || len(issues) > 0 {
				t.Fatalf("Parse(%q): %v, %v", text, root, issues)
			}
			var s string
			if root.Kind == '{' {
				s = root.Members[0].Val.Str
			} else {
				s = root.Items[0].Str
			}
			if want := string(body); root.Kind == '{' && s != want || root.Kind == '[' && s != want+"\n"+want {
				t.Fatalf("Parse(%q) read %q", text, s)
			}
		}
	}
}

// mayStop reports whether a word of eight string bytes holds a quote, a
// backslash or a control character (a byte that stringStop marks), as a
// yes or no; the reader itself uses stopAt, and the test holds both to
// the byte loop.
func mayStop(x uint64) bool { return stopMask(x) != 0 }
