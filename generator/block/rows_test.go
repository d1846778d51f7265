package block

import (
	"slices"
	"testing"

	"pairag.com/portal/templates/blocks"
)

// TestRowText holds what search reads from a row: name columns give their
// code spans, label columns all their text, prose columns nothing; the
// body has every cell after its column's heading.
func TestRowText(t *testing.T) {
	tb := Table{
		Table: blocks.Table{
			Columns: []string{"Field", "Label", "Free", ""},
			Rows: []blocks.Row{
				{ID: "stages-length", Cells: []blocks.Cell{
					{{Text: "stages", Code: true}, {Text: " length"}},
					{{Text: "Stages"}},
					{{Text: "3"}, {Text: "max", Code: true}},
					{{Text: "tail"}},
				}},
				{Cells: []blocks.Cell{{{Text: "no anchor", Code: true}}}},
			},
		},
		Roles: []Role{RoleName, RoleLabel, RoleProse}, // the fourth column is RoleName by default
	}
	rows := Rows([]Block{Heading(blocks.Heading{}), tb})
	if len(rows) != 2 {
		t.Fatalf("Rows: %d rows, want 2", len(rows))
	}
	names, body := rows[0].Text()
	if want := []string{"stages", "Stages"}; !slices.Equal(names, want) {
		t.Errorf("names = %q, want %q", names, want)
	}
	if want := []string{"Field:", "stages", " length", "Label:", "Stages", "Free:", "3", "max", "tail"}; !slices.Equal(body, want) {
		t.Errorf("body = %q, want %q", body, want)
	}
	byID := RowsByID([]Block{tb})
	if len(byID) != 1 || byID["stages-length"].Row != &tb.Table.Rows[0] {
		t.Errorf("RowsByID = %v, want the anchored row only, not a copy", byID)
	}
}
