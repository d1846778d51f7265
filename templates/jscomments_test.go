package templates

import (
	"bytes"
	"testing"
)

func TestWithoutJSCommentLines(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"var a = 1;\n", "var a = 1;\n"},
		{"// why\nvar a = 1;\n", "var a = 1;\n"},
		{"function f() {\n  // note\n  return 1;\n}\n", "function f() {\nreturn 1;\n}\n"},
		{"  var u = \"https://x\"; // kept: after code\n", "var u = \"https://x\"; // kept: after code\n"},
		{"var r = /[/]/;\n\n\t\n", "var r = /[/]/;\n"},
		{"a();\n  //last", "a();\n"},
		{"b()", "b()"},
	} {
		if got := string(withoutJSCommentLines([]byte(tc.in))); got != tc.want {
			t.Errorf("withoutJSCommentLines(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestScriptKeepsEveryLine holds the published site script to its
// sources: every line of code is there, in order, only its indentation
// gone; no comment line is left; and the sources hold nothing whose lines
// the stripping would change (a template literal, a string continued on
// the next line).
func TestScriptKeepsEveryLine(t *testing.T) {
	var want [][]byte
	for _, f := range []string{"assets/site.js", "assets/nav.js", "assets/search.js"} {
		src := mustRead(f)
		if bytes.ContainsRune(src, '`') {
			t.Errorf("%s holds a template literal, whose lines withoutJSCommentLines would change: use a string", f)
		}
		for line := range bytes.Lines(src) {
			if bytes.HasSuffix(bytes.TrimRight(line, "\r\n"), []byte(`\`)) {
				t.Errorf("%s: a line ends in a backslash, continuing a string on the next line: join the lines", f)
			}
			code := bytes.TrimSpace(line)
			if len(code) > 0 && !bytes.HasPrefix(code, []byte("//")) {
				want = append(want, code)
			}
		}
	}
	got := bytes.Split(bytes.TrimSuffix(Script(), []byte("\n")), []byte("\n"))
	if len(got) != len(want) {
		t.Fatalf("the site script has %d lines; its sources have %d lines of code", len(got), len(want))
	}
	for i := range got {
		if !bytes.Equal(bytes.TrimSpace(got[i]), want[i]) || bytes.HasPrefix(got[i], []byte("//")) {
			t.Fatalf("line %d of the site script is %q; want %q", i+1, got[i], want[i])
		}
	}
}
