package reference

import (
	"slices"
	"testing"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol"
)

// discard drops findings.
type discard struct{}

func (discard) Report(*diag.Finding) {}

// TestColumnRoles checks that every generated table says what each of its
// columns holds, the same in both languages: the site search reads the
// roles, never the translated headings (it used to match the Chinese
// heading text to decide whether a column held labels).
func TestColumnRoles(t *testing.T) {
	out := Directives(Input{Doc: protocol.Default(), Labels: Labels{}, ReferencePage: func(string) string { return "/ref/" }}, discard{})
	tables := 0
	for name, blocks := range out[EN] {
		zh := out[ZH][name]
		for i, b := range blocks {
			tb, ok := b.(block.Table)
			if !ok {
				continue
			}
			tables++
			if len(tb.Roles) != len(tb.Table.Columns) {
				t.Errorf("%s: table %q has %d columns and %d roles", name, tb.Table.ID, len(tb.Table.Columns), len(tb.Roles))
			}
			if z, ok := zh[i].(block.Table); !ok || !slices.Equal(z.Roles, tb.Roles) {
				t.Errorf("%s: table %q: roles differ between the languages", name, tb.Table.ID)
			}
		}
	}
	if tables < 10 {
		t.Errorf("saw %d tables; the directives no longer make tables?", tables)
	}
	// The label column of an enum names its rows; its description does not.
	tb := out[EN]["stage_types"][0].(block.Table)
	if want := []block.Role{block.RoleName, block.RoleName, block.RoleLabel, block.RoleProse}; !slices.Equal(tb.Roles, want) {
		t.Errorf("stage_types roles = %v; want %v", tb.Roles, want)
	}
}
