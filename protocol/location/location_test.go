package location

import (
	"strings"
	"testing"
)

// foldWidthCases meet every branch of foldWidth and replaceAll: full-width
// forms, the ideographic space, bytes that are not UTF-8, U+FFFD itself,
// and text with nothing to fold.
var foldWidthCases = []string{"", "China", "Ｃｈｉｎａ／上海", "中国　上海", "\xff", "a\xffｂ", "\ufffd", "ｘ\xe4\xb8", "～！", "日本・東京"}

// mapWidth is foldWidth as strings.Map writes it, the judge of the loop.
func mapWidth(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			return r - 0xFEE0
		case r == 0x3000:
			return ' '
		}
		return r
	}, s)
}

func checkFoldWidth(t *testing.T, s, old string) {
	t.Helper()
	if got, want := foldWidth(s), mapWidth(s); got != want {
		t.Errorf("foldWidth(%q) = %q; want %q", s, got, want)
	}
	if got, want := replaceAll(s, old, "\x00"), strings.ReplaceAll(s, old, "\x00"); got != want {
		t.Errorf("replaceAll(%q, %q) = %q; want %q", s, old, got, want)
	}
}

// TestFoldWidthAsMap holds foldWidth and replaceAll to the strings
// functions they stand in for.
func TestFoldWidthAsMap(t *testing.T) {
	for _, s := range foldWidthCases {
		for _, old := range []string{"", "・", "/", "\xff", "上海", s} {
			checkFoldWidth(t, s, old)
		}
	}
}

// FuzzFoldWidth is TestFoldWidthAsMap on any text and separator.
func FuzzFoldWidth(f *testing.F) {
	for _, s := range foldWidthCases {
		f.Add(s, "・")
	}
	f.Fuzz(checkFoldWidth)
}
