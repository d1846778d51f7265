package templates

import (
	"bytes"
	"testing"
)

func TestWithoutCSSComments(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a{color:red}", "a{color:red}"},
		{"/* note */\na{color:red}\n", "a{color:red}\n"},
		{"a{color:red} /* why */\nb{}", "a{color:red} \nb{}"},
		{"a{content:\"/* kept */\"}", "a{content:\"/* kept */\"}"},
		{"a{content:'it\\'s /* kept'}/**/b{}", "a{content:'it\\'s /* kept'}b{}"},
		{"a{}/* unclosed", "a{}"},
		{"a{}/* two */\n/* lines */\nb{}", "a{}\nb{}"},
		{"/**/", ""},
	} {
		if got := string(withoutCSSComments([]byte(tc.in))); got != tc.want {
			t.Errorf("withoutCSSComments(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestStyleSheetKeepsEveryRule holds the published stylesheet to its
// sources: with the comments gone from both, they are the same bytes, and
// no comment is left.
func TestStyleSheetKeepsEveryRule(t *testing.T) {
	var src []byte
	for _, f := range []string{"assets/site.css", "assets/highlight.css", "assets/skills.css"} {
		src = append(src, mustRead(f)...)
	}
	got := StyleSheet()
	if bytes.Contains(got, []byte("/*")) {
		t.Errorf("the published stylesheet still holds a comment")
	}
	if len(got) >= len(src) {
		t.Errorf("the published stylesheet is %d bytes, its sources %d: no comment left out", len(got), len(src))
	}
	strip := func(b []byte) []byte { return bytes.Join(bytes.Fields(b), nil) }
	var want []byte
	rest := src
	for {
		i := bytes.Index(rest, []byte("/*"))
		if i < 0 {
			want = append(want, rest...)
			break
		}
		want = append(want, rest[:i]...)
		j := bytes.Index(rest[i+2:], []byte("*/"))
		rest = rest[i+2+j+2:]
	}
	if !bytes.Equal(strip(got), strip(want)) {
		t.Errorf("the published stylesheet's rules differ from its sources' rules")
	}
}
