package reference

import (
	"regexp"
	"strings"
	"testing"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/protocol"
)

// goName matches an internal Go name such as membership.MaxStagesForTier:
// a lower-case package, a dot and an exported identifier.
var goName = regexp.MustCompile(`\b[a-z][a-z0-9]*\.[A-Z][A-Za-z0-9]+\b`)

// TestTableProse reads every generated table in both languages as a reader
// would (issue 23): counts agree with their nouns instead of hedging with
// "(s)", and no cell names the app's internal Go functions (the "Enforced
// by" column listed manifestloc.ValidateLocationStringForTier and the
// like).
func TestTableProse(t *testing.T) {
	out := Directives(Input{Doc: protocol.Default(), Labels: Labels{}, ReferencePage: func(string) string { return "/ref/" }}, discard{})
	seen := map[string]bool{}
	for _, lang := range Languages {
		for name, blocks := range out[lang] {
			for _, b := range blocks {
				tb, ok := b.(block.Table)
				if !ok {
					continue
				}
				for _, r := range tb.Table.Rows {
					for _, c := range r.Cells {
						s := c.String()
						seen[s] = true
						if strings.Contains(s, "(s)") || strings.Contains(s, "(es)") {
							t.Errorf("%s %s row %q: %q hedges a plural with (s)", lang, name, r.ID, s)
						}
						if m := goName.FindString(s); m != "" {
							t.Errorf("%s %s row %q: %q names the Go function %s; say what the rule checks", lang, name, r.ID, s, m)
						}
					}
				}
			}
		}
	}
	// Counts of one take the singular, others the plural.
	for _, want := range []string{"string: not empty", "exactly 1 item"} {
		found := false
		for s := range seen {
			if strings.Contains(s, want) && !strings.Contains(s, want+"s") {
				found = true
			}
		}
		if !found {
			t.Errorf("no English cell reads %q", want)
		}
	}
}
