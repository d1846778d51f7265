package jsonpos

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
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

// TestDuplicatePointers checks the pointer of every duplicate key, which
// the reader writes from its frames only when it meets one: written out
// for nested objects and arrays, and, on random nestings read twice with
// one arena, by walking the pointer back to the key it names.
func TestDuplicatePointers(t *testing.T) {
	text := `{"a":[1,{"b":{"c":1,"c":2}},[{"x":0,"x":1}]],"a~/":{"k":1,"k":2},"d":1,"d":2}`
	_, issues := Parse([]byte(text), 0, 16)
	var got []string
	for _, is := range issues {
		got = append(got, is.Pointer)
	}
	if want := []string{"/a/1/b/c", "/a/2/0/x", "/a~0~1/k", "/d"}; !slices.Equal(got, want) {
		t.Errorf("pointers of %s: %q; want %q", text, got, want)
	}

	r := rand.New(rand.NewPCG(5, 6))
	var value func(b *strings.Builder, depth int)
	value = func(b *strings.Builder, depth int) {
		switch k := r.IntN(4); {
		case depth > 5 || k == 0:
			b.WriteString("0")
		case k == 1:
			b.WriteByte('[')
			for i := range r.IntN(4) {
				if i > 0 {
					b.WriteByte(',')
				}
				value(b, depth+1)
			}
			b.WriteByte(']')
		default:
			b.WriteByte('{')
			n := r.IntN(6)
			if depth < 2 {
				n = r.IntN(40) // past 32 members the reader keeps an index of keys
			}
			for i := range n {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(b, "%q:", []string{"k", "a/b", "m~", "x" + strconv.Itoa(i)}[r.IntN(4)])
				value(b, depth+1)
			}
			b.WriteByte('}')
		}
	}
	// want lists the duplicates under n in the order the reader meets
	// them: a member's after its value's.
	type dup struct {
		ptr   string
		start int
	}
	var want func(n *Node, steps []Step) []dup
	want = func(n *Node, steps []Step) []dup {
		var ds []dup
		for i, it := range n.Items {
			ds = append(ds, want(it, append(steps, Step{Index: i, IsIndex: true}))...)
		}
		for i, m := range n.Members {
			at := append(steps, Step{Key: m.Key})
			ds = append(ds, want(m.Val, at)...)
			if slices.ContainsFunc(n.Members[:i], func(o Member) bool { return o.Key == m.Key }) {
				ds = append(ds, dup{StepsPointer(at), m.KeyStart})
			}
		}
		return ds
	}
	var a Arena
	for range 300 {
		var b strings.Builder
		value(&b, 0)
		text := []byte(b.String())
		for range 2 {
			root, issues, _ := ParseIn(&a, text, 0, 16, -1)
			if root == nil {
				t.Fatalf("ParseIn(%s): %v", text, issues)
			}
			var got []dup
			for _, is := range issues {
				got = append(got, dup{is.Pointer, is.Start})
			}
			if w := want(root, nil); !slices.Equal(got, w) {
				t.Fatalf("duplicates of %s: %v; want %v", text, got, w)
			}
		}
	}
}
