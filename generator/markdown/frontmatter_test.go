package markdown

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/google/go-cmp/cmp"
)

// TestFastPathAgreesWithYAML holds the inputs on which the front-matter
// fast path and the YAML parser once disagreed (issue 13): the fast path
// must give the parser's result or leave the decision to it.
func TestFastPathAgreesWithYAML(t *testing.T) {
	tests := []string{
		"title: Foo:\n",
		"order: 010\n",
		"order: 0b1010\n",
		"title: 0b1010\n",
		"title: .inf\n",
		"title: -.inf\n",
		"title: .NaN\n",
		"title: 0o17\n",
		"title: 1_000\n",
		"title: 12:30\n",
		"order: +5\n",
		"title: Foo\ndescription: Bar\norder: 3\nnav: false\n",
		"title: 入门\n",
	}
	for _, text := range tests {
		checkFastPath(t, []byte(text))
	}
}

// FuzzFrontMatter compares the fast path with the strict YAML decode it
// shortcuts: whenever the fast path decides, the parser must accept the
// same text and produce the same front matter.
func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{
		"title: Foo\ndescription: Bar\n", "title: Foo:\n", "order: 010\n", "order: 0b1010\n",
		"title: .inf\n", "nav: yes\n", "title: a # b\n", "title: 'x'\n", "order: 1e3\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		checkFastPath(t, text)
	})
}

func checkFastPath(t *testing.T, text []byte) {
	t.Helper()
	var fast FrontMatter
	if !decodeSimple(text, &fast) {
		return
	}
	var slow FrontMatter
	if err := yaml.UnmarshalWithOptions(text, &slow, yaml.Strict()); err != nil {
		t.Errorf("decodeSimple(%q) = %+v; the YAML parser rejects it: %v", text, fast, err)
		return
	}
	if diff := cmp.Diff(slow, fast); diff != "" {
		t.Errorf("decodeSimple(%q) differs from the YAML parser (-yaml +fast):\n%s", text, diff)
	}
}

// TestUnknownKeysInOrder: every unknown key is reported at its line, in
// the order of the file, the same on every run (issue 25: the strict
// decoder named one of them, not always the same).
func TestUnknownKeysInOrder(t *testing.T) {
	src := []byte("---\ntitle: a\nfoo: 1\ndescription: b\nbar: [2]\nbaz: 3\nqux: {x: 4}\n---\nbody\n")
	want := []string{`3: front matter: unknown field "foo"`, `5: front matter: unknown field "bar"`, `6: front matter: unknown field "baz"`, `7: front matter: unknown field "qux"`}
	for range 20 {
		_, _, errs := ParseFrontMatter("x.md", src)
		var got []string
		for _, e := range errs {
			msg, _, _ := strings.Cut(e.Msg, ";")
			got = append(got, fmt.Sprintf("%d: %s", e.Line, msg))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("ParseFrontMatter errors (-want +got):\n%s", diff)
		}
	}
}
