package jsonpos

import (
	"slices"
	"strings"
	"testing"
)

// TestPointerRoundTrip holds the fast paths of StepsPointer and
// PointerTokens (nothing copied when nothing needs escaping) to RFC 6901:
// ~ is written ~0 and / is written ~1, and reading undoes both.
func TestPointerRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		steps []Step
		want  string
	}{
		{nil, ""},
		{[]Step{{Key: "stages"}, {Index: 3, IsIndex: true}, {Key: "stage_name"}}, "/stages/3/stage_name"},
		{[]Step{{Key: "a/b"}, {Key: "c~d"}}, "/a~1b/c~0d"},
		{[]Step{{Key: "~1"}, {Key: ""}}, "/~01/"},
		{[]Step{{Key: "中文"}, {Index: 0, IsIndex: true}}, "/中文/0"},
	} {
		got := StepsPointer(tt.steps)
		if got != tt.want {
			t.Errorf("StepsPointer(%v) = %q; want %q", tt.steps, got, tt.want)
		}
		var keys []string
		for _, s := range tt.steps {
			k := s.Key
			if s.IsIndex {
				k = StepsPointer([]Step{s})[1:]
			}
			keys = append(keys, k)
		}
		if toks := PointerTokens(got); !slices.Equal(toks, keys) {
			t.Errorf("PointerTokens(%q) = %q; want %q", got, toks, keys)
		}
	}
}

// TestPointerEscapesAsReplacer holds the loops that escape and unescape
// pointer tokens (a strings.Replacer cost the WebAssembly module 7 KB,
// brotli) to what the Replacers they replaced did, on well-formed and
// malformed tokens alike: a ~ not followed by 0 or 1 stays as it is.
func TestPointerEscapesAsReplacer(t *testing.T) {
	for _, tok := range pointerTokenCases {
		checkPointerEscapes(t, tok)
	}
}

// pointerTokenCases are tokens every escape rule meets: ~0 and ~1 side by
// side, a ~ at the end or before another digit, and text beyond ASCII.
var pointerTokenCases = []string{"", "a", "~", "/", "~0", "~1", "~01", "~10", "~~01", "a~", "~2", "~/~", "a/b~c", "//~~", "中/文~1"}

func checkPointerEscapes(t *testing.T, tok string) {
	t.Helper()
	escape := strings.NewReplacer("~", "~0", "/", "~1")
	unescape := strings.NewReplacer("~1", "/", "~0", "~")
	if got, want := Pointer(tok), "/"+escape.Replace(tok); got != want {
		t.Errorf("Pointer(%q) = %q; want %q", tok, got, want)
	}
	if got, want := Pointer(tok, tok), "/"+escape.Replace(tok)+"/"+escape.Replace(tok); got != want {
		t.Errorf("Pointer(%q, %q) = %q; want %q", tok, tok, got, want)
	}
	if got, want := StepsPointer([]Step{{Key: tok}}), "/"+escape.Replace(tok); got != want {
		t.Errorf("StepsPointer(%q) = %q; want %q", tok, got, want)
	}
	if got, want := unescapeToken(tok), unescape.Replace(tok); got != want {
		t.Errorf("unescapeToken(%q) = %q; want %q", tok, got, want)
	}
}

// FuzzPointerEscapes is TestPointerEscapesAsReplacer on any token.
func FuzzPointerEscapes(f *testing.F) {
	for _, tok := range pointerTokenCases {
		f.Add(tok)
	}
	f.Fuzz(func(t *testing.T, tok string) { checkPointerEscapes(t, tok) })
}

// TestTokenEscapesAsReplacer holds the pointer token escapes to the
// strings.Replacers they replaced, on tokens of every mix of ~, /, 0, 1
// and other bytes up to five long.
func TestTokenEscapesAsReplacer(t *testing.T) {
	esc := strings.NewReplacer("~", "~0", "/", "~1")
	unesc := strings.NewReplacer("~1", "/", "~0", "~")
	alphabet := "~/01a"
	var walk func(tok string)
	walk = func(tok string) {
		var b strings.Builder
		escapeToken(&b, tok)
		if got, want := b.String(), esc.Replace(tok); got != want {
			t.Fatalf("escapeToken(%q) = %q; want %q", tok, got, want)
		}
		if got, want := unescapeToken(tok), unesc.Replace(tok); got != want {
			t.Fatalf("unescapeToken(%q) = %q; want %q", tok, got, want)
		}
		if len(tok) < 5 {
			for i := range alphabet {
				walk(tok + alphabet[i:i+1])
			}
		}
	}
	walk("")
}
