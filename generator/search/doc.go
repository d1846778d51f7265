// Package search owns the site search of the portal: how text becomes
// tokens, what one entry of the index holds, how a query is segmented,
// expanded through the glossary and ranked, and how the sections of a
// rendered page are read back out of its HTML.
//
// The generator builds one [Index] per site language at gen build time and
// publishes it as JSON under a content-hashed name; the browser script
// (templates/assets/search.js) tokenises and ranks exactly as this package
// does, so the Go tests that run the question set over the built index
// judge what readers get.
//
// # Entries
//
// An entry ([Doc]) is one thing a result can point at: a section of a page
// (an h2 or h3 and the text up to the next one; the text before the first
// h2 is the page itself) or a row of a protocol table (a field, an enum
// value, a codebook entry, a tier limit, a finding code). Entries have a
// URL with the fragment of their anchor, the page title, a heading, names
// (protocol identifiers, ids, labels in both languages) and body text.
//
// # Tokens
//
// Text is lower-cased and full-width ASCII folded to ASCII. A run of
// letters and digits joined by "_", "." or "-" (stage_type,
// manifest.language, language-alias) yields the whole run, each of its
// dot-separated segments, and each part between joiners; plain English
// words lose a plural "s" ("limits" is "limit"). A run of Han characters
// yields every character (for one-character queries) and every pair of
// neighbouring characters (bigrams). A query is cut the same way, except
// that a Han run of two or more characters yields only its bigrams, and
// common question words (what, how, 什么, 如何, ...) are dropped.
//
// # Ranking
//
// Each query token forms a group with its glossary equivalents in the other
// language ([Glossary.Expand]); the last token, while it is being typed,
// also matches the words it begins. An entry scores, per group, the best
// of idf(token) × weight, where the weight counts a match in the names 12,
// in the heading 8, in the page title 2, and in the body the number of
// occurrences up to 3. The sum is multiplied by the square of the share of
// groups matched, so entries that match the whole question beat entries
// that mention one word often. A glossary equivalent counts half, so a
// term's own language wins over its translation. Entries sharing a URL (a
// finding code and the section that explains it) give one result.
package search
