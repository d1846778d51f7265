// Package drift compares a translated Markdown file with its original:
// it splits both into sections, aligns them, finds where the translation
// differs from the original in what must not differ (code, numbers, link
// targets, inline code, headings, glossary terms), and reads and writes
// the stamps and acknowledgements that record what a translator has seen.
//
// It owns:
//
//   - sections ([SplitSections], [Section]) and their digests, the stamps
//     that record them ([Stamped], [StampEdits], [WithoutMarkers]; the
//     syntax of the marker lines is package markdown's);
//   - a file as the checks read it ([TextFile], [NewTextFile],
//     [ParsedTextFile]): the tokens of each section, numbers (Chinese
//     numerals too) and code blocks with comments set aside;
//   - alignment and its rows ([Compare], [Comparison], [PairRow]): the
//     rows a skill page lays side by side, and the ids a translated page's
//     headings take ([Comparison.TwinIDs]);
//   - the findings ([Compare], [TermFindings]): drift is a warning, a
//     section never stamped a note, an accepted difference a note until
//     either side changes. All are [diag.Finding]s.
//
// The rules, as writers meet them, are in the generator's package
// documentation (sections "Sections, alignment and drift" and "Stamps and
// acknowledgements"). The package parses with the site's Markdown syntax
// (markdown.NewSyntaxParser) so it reads what pages show, as written; it
// knows nothing of pages or the site.
package drift
