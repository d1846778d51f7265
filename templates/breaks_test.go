package templates

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBreakParts checks where identifiers, paths and URLs may break: after
// each run of _ . - /, never at their start or end, and that the pieces
// join back into the text.
func TestBreakParts(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"", []string{""}},
		{"stage", []string{"stage"}},
		{"stage_name", []string{"stage_name"}},
		{"stage_name_x", []string{"stage_", "name_", "x"}},
		{"harness_policy.forbidden_actions", []string{"harness_", "policy.", "forbidden_", "actions"}},
		{"zh-CN", []string{"zh-CN"}},
		{"application-id", []string{"application-", "id"}},
		{"/docs/create-task/", []string{"/docs/", "create-", "task/"}},
		{"https://resource.pairag.com/x", []string{"https://", "resource.", "pairag.", "com/", "x"}},
		{"--fix", []string{"--fix"}},
		{"gen validate --fix", []string{"gen validate --fix"}},
		{"a - b and more", []string{"a - b and more"}},
		{"see some_b c", []string{"see some_", "b c"}},
		{"__init__", []string{"__init__"}},
		{"longer_aa__b", []string{"longer_", "aa__", "b"}},
		{"task.", []string{"task."}},
		{"名称_说明", []string{"名称_", "说明"}},
		{"__init__.py", []string{"__init__.py"}},
	} {
		got := BreakParts(tc.text)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("BreakParts(%q) (-want +got):\n%s", tc.text, diff)
		}
		if joined := strings.Join(got, ""); joined != tc.text {
			t.Errorf("BreakParts(%q) joins into %q", tc.text, joined)
		}
	}
}

// FuzzBreakParts holds BreakParts to its promises on any text: the pieces
// join into the text, none is empty (but the one of an empty text), and
// each but the last ends with a separator followed by a non-separator.
func FuzzBreakParts(f *testing.F) {
	for _, s := range []string{"stage_name", "/a//b/", "a.-_/b", "--", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		parts := BreakParts(text)
		if strings.Join(parts, "") != text {
			t.Fatalf("BreakParts(%q) = %q: does not join into the text", text, parts)
		}
		for i, p := range parts[:len(parts)-1] {
			if p == "" || !breakAfter(p[len(p)-1]) || breakAfter(parts[i+1][0]) {
				t.Fatalf("BreakParts(%q) = %q: piece %d ends badly", text, parts, i)
			}
		}
	})
}
