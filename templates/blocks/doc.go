// Package blocks renders the generated parts of a page's body: reference
// tables with their row anchors, headings with the link to themselves,
// lists, paragraphs, the copy button of a code block, the copy-both
// bundle and a reference page's version bar. Its view models (Table, Row,
// Cell, Span, Heading, List, Bundle, VersionBar) are what generator/block
// and generator/reference build; the words come from templates.Messages.
package blocks
