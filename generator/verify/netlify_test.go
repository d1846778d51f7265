package verify

import (
	"strings"
	"testing"
	"testing/fstest"

	"pairag.com/portal/internal/diag"
)

// findings collects what a check reports.
type findings []*diag.Finding

func (f *findings) Report(d *diag.Finding) { *f = append(*f, d) }

// TestInlineHashes: the validator page's inline code must be allowed by
// the policy netlify.toml sends for it, by hash, in the directive that
// governs it (default-src where that is missing); a missing hash is an
// error at the rule's line naming the hash to add, an unused one a warning.
func TestInlineHashes(t *testing.T) {
	const style, script = "'sha256-style='", "'sha256-script='"
	rule := func(csp string) string {
		return "[build]\n  publish = \"public\"\n\n[[headers]]\n  for = \"/*\"\n  [headers.values]\n    Content-Security-Policy = \"" + csp + "\"\n"
	}
	type want struct {
		sev  diag.Severity
		line int
		has  string
	}
	for _, c := range []struct {
		name, toml string
		want       []want
	}{
		{"both allowed", rule("default-src 'self'; script-src 'self' " + script + "; style-src 'self' " + style), nil},
		{"style missing", rule("default-src 'self'; script-src 'self' " + script + "; style-src 'self'"),
			[]want{{diag.SeverityError, 7, "add " + style + " to its style-src"}}},
		{"script missing, old hash left", rule("script-src 'self' 'sha256-old='; style-src " + style),
			[]want{{diag.SeverityError, 7, "add " + script + " to its script-src"}, {diag.SeverityWarning, 7, "allows 'sha256-old='"}}},
		{"default-src governs", rule("default-src 'self'"),
			[]want{{diag.SeverityError, 7, "style-src"}, {diag.SeverityError, 7, "script-src"}}},
		{"no directive restricts", rule("frame-ancestors 'none'"), nil},
		{"no policy", "[[headers]]\n  for = \"/*\"\n  [headers.values]\n    X-Frame-Options = \"DENY\"\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got findings
			InlineHashes(fstest.MapFS{"netlify.toml": {Data: []byte(c.toml)}}, []string{"/validator/", "/zh-CN/validator/"}, []string{style}, []string{script}, &got)
			if len(got) != len(c.want) {
				t.Fatalf("InlineHashes reported %d findings %v; want %d", len(got), got, len(c.want))
			}
			for i, w := range c.want {
				g := got[i]
				if g.File != "netlify.toml" || g.Line != w.line || g.Severity != w.sev || !strings.Contains(g.Msg, w.has) {
					t.Errorf("finding %d = %s:%d %s %q; want netlify.toml:%d %s containing %q", i, g.File, g.Line, g.Severity, g.Msg, w.line, w.sev, w.has)
				}
			}
		})
	}
}
