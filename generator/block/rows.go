package block

import "pairag.com/portal/templates/blocks"

// TableRow is one row of a generated table with what its table says about
// its columns: their roles and headings. Search makes an entry of every
// row with an anchor from it.
type TableRow struct {
	Roles   []Role   // one per column; a missing one is RoleName
	Columns []string // the table's column headings
	Row     *blocks.Row
}

// Rows returns the rows of every table among bs, in order. It holds the
// tables' rows and column slices, not copies of blocks.Table (whose
// messages are large).
func Rows(bs []Block) []TableRow {
	var out []TableRow
	for _, bl := range bs {
		if tb, ok := bl.(Table); ok {
			for i := range tb.Table.Rows {
				out = append(out, TableRow{tb.Roles, tb.Table.Columns, &tb.Table.Rows[i]})
			}
		}
	}
	return out
}

// RowsByID returns the rows among bs that have an anchor, by anchor.
func RowsByID(bs []Block) map[string]TableRow {
	out := map[string]TableRow{}
	for _, r := range Rows(bs) {
		if id := r.Row.ID; id != "" {
			out[id] = r
		}
	}
	return out
}

// Text returns what names the row (the code spans of name columns and
// the cells of label columns; the table's generator says which is which)
// and its body text (everything, each cell after its column's heading, so
// that "free stages" reaches the row whose Free column holds the stage
// limit).
func (r TableRow) Text() (names, body []string) {
	for i, c := range r.Row.Cells {
		role := RoleName
		if i < len(r.Roles) {
			role = r.Roles[i]
		}
		if i < len(r.Columns) && r.Columns[i] != "" && len(c) > 0 {
			body = append(body, r.Columns[i]+":")
		}
		for _, s := range c {
			if role == RoleLabel || s.Code && role != RoleProse {
				names = append(names, s.Text)
			}
			body = append(body, s.Text)
		}
	}
	return names, body
}
