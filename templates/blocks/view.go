package blocks

import (
	"strings"

	"pairag.com/portal/templates"
)

// Span is a run of inline text in a table cell or list item.
type Span struct {
	Text string
	Code bool   // shown as code
	Emph bool   // shown emphasised
	Href string // site-relative link target, e.g. the table a type names
}

// Cell is the content of a table cell: spans separated as written.
type Cell []Span

// String is the cell's plain text.
func (c Cell) String() string {
	var b strings.Builder
	for _, s := range c {
		b.WriteString(s.Text)
	}
	return b.String()
}

// Table is a generated reference table.
type Table struct {
	Msg     templates.Messages
	ID      string   // anchor of the table: the protocol name it shows (ownership_enum, manifest_fields)
	Caption string   // accessible name of the table, in the page's language
	Columns []string // header cells
	Rows    []Row
}

// Row is one table row.
type Row struct {
	ID    string // anchor of the row (manifest.language, stage_type.data); empty for none
	Cells []Cell
	Muted bool // deprecated entries
}

// Heading is a generated heading inside a directive's output.
type Heading struct {
	Msg   templates.Messages
	Level int // 2 to 6
	ID    string
	Text  Cell
}

// List is a generated list.
type List struct {
	Ordered bool
	Items   []Cell
}

// Bundle is the collapsed block holding the Markdown reference and the
// protocol JSON, with the button that copies both.
type Bundle struct {
	Msg          templates.Messages
	ID           string // unique id prefix of the block's elements
	MarkdownName string // file name of the Markdown reference
	Markdown     string
	JSONName     string
	JSON         string
	Text         string           // the exact bytes the button copies
	FileURL      string           // site-relative URL of the published bundle file
	Tiers        []templates.Link // the bundle of each tier, its limits first
}
