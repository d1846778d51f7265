package markdown

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCheckBytes: invalid UTF-8 and control characters in a title, a
// heading or code are errors at their lines (issue 25: they were published
// without a warning).
func TestCheckBytes(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"clean", "---\ntitle: 安装 ✓\n---\n# Tab\there\r\n", nil},
		{"NUL in the title", "---\ntitle: a\x00b\n---\n", []string{"2: control character U+0000"}},
		{"invalid UTF-8 in a heading", "---\ntitle: a\n---\n\n# caf\xe9\n", []string{"5: invalid UTF-8 (byte 0xe9)"}},
		{"controls in code", "x\n```\n\x1b[31m \x7f\n\u0085\n```\n", []string{"3: control character U+001B", "4: control character U+0085"}},
		{"one a line", "\x00\x01\xff\n", []string{"1: control character U+0000"}},
		{"bounded", strings.Repeat("\x00\n", 8), []string{"1: control character U+0000", "2: control character U+0000", "3: control character U+0000", "4: control character U+0000", "5: control character U+0000 (and 3 line(s) more"}},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range CheckBytes("x.md", []byte(tt.src)) {
			if f.File != "x.md" {
				t.Errorf("%s: file %q", tt.name, f.File)
			}
			msg, rest, _ := strings.Cut(f.Msg, ":")
			if i := strings.Index(rest, " (and"); i >= 0 {
				msg += rest[i : i+len(" (and 3 line(s) more")]
			}
			got = append(got, fmt.Sprintf("%d: %s", f.Line, msg))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: CheckBytes (-want +got):\n%s", tt.name, diff)
		}
	}
}
