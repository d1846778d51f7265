// Package search owns the index of the site search: what one entry of
// the index holds ([Doc], [Index]), the sections of a page ([Sections])
// or of a skill's section ([Fragment]) worked out from the tree it renders
// from (the goldmark AST and the directives' blocks, never its HTML; the
// tests hold them to what package searchtest reads from the HTML), the
// synonyms file,
// and the index's JSON.
//
// The generator builds the index of each site language at gen build time
// entry by entry ([Builder]), tokenising each entry as it comes
// ([Tokenizer]; postings packed a few bytes per hold) and publishes it in
// the shape the browser searches ([Builder.Publish], [Published]): a first
// file with what a result shows, the Chinese words and the glossary, the
// postings in shards of neighbouring tokens that a query fetches only for
// the tokens it looks up, the entries' texts in a file fetched for the excerpts of the first
// results shown, and the words a typo may be near in a file fetched for a
// word the index lacks. The browser script (templates/assets/search.js)
// decodes it (nothing is tokenised or sorted on load) and tokenises and
// ranks queries; while a query's shards are on their way it shows a draft
// drawn from the first file's headings, sections and page titles, which
// the whole index's answer replaces. Package rank is the
// script's query side and ranking in Go, which only tests use: it reads
// the published files back (never its own tokenising of the entries), the
// question sets run over the built index through it, and the e2e tests
// hold the script to it on the same index.
//
// # Entries
//
// An entry ([Doc]) is one thing a result can point at: a section of a page
// (an h2 or h3 and the text up to the next one; the text before the first
// h2 is the page itself), a row of a protocol table (a field, an enum
// value, a codebook entry, a tier limit; each cell after its column's
// header, so that "free stages" reaches the Free column; the section that
// holds the table leaves the row's text to the row; a table without row
// anchors reads, in its section's text, as one sentence per row, each cell
// after its header: [CellLabels]), a finding code, a
// section of an agent skill (the side in the index's language, with the
// other side's heading as a name) or of a file that comes with a skill.
// Entries have a URL with the fragment of their anchor, the page title, a
// heading, names (protocol identifiers, ids, labels in both languages),
// body text, for code entries a kind, and for rows and h3 sections the
// heading of the section they sit in (an h3's h2), which the results show
// and the ranking counts as a page title. The page's edit link and date
// are not text, nor are the skill cards of the skills index (each card is
// its skill's description, the skill's own entry). Entries come in page order, which breaks ties.
package search
