package reference

import (
	"strings"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/templates/blocks"
)

// glossaryTable is the glossary directive: one row per term pair, anchored
// glossary.<english-term> (glossary.stage-type), the note in the page's
// language and the Chinese wording to avoid, if any.
func (t *tables) glossaryTable() []block.Block {
	m := t.msg.Glossary
	tb := t.newTable("glossary", []col{labelled(m.EN), labelled(m.ZH), named(m.Note)})
	for _, term := range t.gloss {
		note := term.NoteEN
		if t.lang == ZH {
			note = term.NoteZH
		}
		c := cell(text(note))
		if term.Avoid != "" {
			c = append(c, text(t.msg.Space), emph(m.Avoid+t.msg.Colon+term.Avoid))
		}
		tb.Table.Rows = append(tb.Table.Rows, blocks.Row{
			ID:    glossaryAnchor(term.EN),
			Cells: []blocks.Cell{cell(text(term.EN)), cell(text(term.ZH)), c},
		})
	}
	return []block.Block{tb}
}

// glossaryAnchor is the anchor of a term's row: glossary.stage-type.
func glossaryAnchor(en string) string {
	return "glossary." + strings.Join(strings.Fields(strings.ToLower(en)), "-")
}
