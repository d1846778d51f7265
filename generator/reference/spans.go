package reference

import "pairag.com/portal/templates"

// Shorthands for the spans and cells of generated tables.
func code(s string) templates.Span                { return templates.Span{Text: s, Code: true} }
func text(s string) templates.Span                { return templates.Span{Text: s} }
func emph(s string) templates.Span                { return templates.Span{Text: s, Emph: true} }
func cell(spans ...templates.Span) templates.Cell { return spans }
