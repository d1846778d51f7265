package reference

import "pairag.com/portal/templates/blocks"

// Shorthands for the spans and cells of generated tables.
func code(s string) blocks.Span             { return blocks.Span{Text: s, Code: true} }
func text(s string) blocks.Span             { return blocks.Span{Text: s} }
func emph(s string) blocks.Span             { return blocks.Span{Text: s, Emph: true} }
func cell(spans ...blocks.Span) blocks.Cell { return spans }
