// Package catalog is the table of finding codes, the one place a code is
// described: every code is one row of the table in codes.go ([Codes]), with
// its severity, its [Class], the anchor of the field reference section that
// explains it (or, by its [Link], the row of the field it names), and its
// English and Chinese messages. The rows come in four groups: input that
// is not one JSON object within the limits (input-*, json-*,
// number-too-long, top-level-not-object); shape, which the derived schema
// states too (missing-field, wrong-type, invalid-enum, ...); the
// protocol's own rules (codebooks, ISIC Rev.4, tier limits, cross-field
// rules and advice); and versions (version-retired and the changes since).
//
// Adding a code is adding its row; the engine (package protocol) formats
// findings from it, and the docs index ([NewDocsIndex]), the site's search
// entries and the tests all read the table. The package knows no payload:
// the site and the docs read it without the engine.
package catalog
