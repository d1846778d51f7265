// Package rank tokenises and ranks queries over a published search index
// exactly as templates/assets/search.js does in the browser, so Go tests
// can judge what readers get: the question sets of generator/pipeline run
// over the built index through it, and the e2e tests hold the script to
// it. Nothing in gen imports it; it is the reference the script mirrors.
// The index's side of tokenising (the tokens of an entry, the postings and
// the word list) is package search's alone: [Read] decodes the files gen
// build wrote as the script does, so the question sets rank over exactly
// what readers download, and [New] publishes a test's own entries through
// the same search.Builder and reads them back. A query's words go through
// the same search.Tokenizer as the entries' words.
//
// # Tokens
//
// Text is lower-cased and full-width ASCII folded to ASCII. A run of
// letters and digits joined by "_", "." or "-" (stage_type,
// manifest.language, language-alias) yields the whole run, each of its
// dot-separated segments, and each part between joiners; plain English
// words lose a plural "s" ("limits" is "limit"). A run of Han characters
// yields every character (for one-character queries) and every pair of
// neighbouring characters (bigrams).
//
// # Queries
//
// A query is cut into groups, each of which an entry should match. A word
// is a group (a compound's parts are alternatives at half weight); common
// question words (what, how, ...) are dropped. A Han run is cut at
// particles and question words (的, 什么, 可以, 几个, ...), then into the
// longest words of the index's word list (glossary and synonym terms,
// Han runs of up to four characters in headings and names): a word is one
// group that needs all its bigrams. What no word covers is cut at the
// pairs no entry holds (such a pair spans two words and is no required
// term); each stretch of pairs the index holds is one word (语言代码 is
// 语言 言代 代码, one group). When the index holds none of its pairs, each
// pair is a group; the character alone, when it is the whole run.
//
// A group also accepts: a glossary term's equivalent in the other
// language and a synonym's target ([search.Synonyms], one way), at half weight;
// for a word the index lacks, the words it begins while it is the last
// word being typed, or else the vocabulary's words one edit away (two for
// words of eight letters or more; ASCII words and identifiers only),
// below exact matches; before the typos, the longest word of the
// vocabulary the word begins with, up to four letters shorter, which is
// its stem ("submitting" finds "submit"). A plain English word also
// accepts its -ing and -ed forms the vocabulary holds ("stay" finds the
// heading's "Staying"), below the word itself.
//
// # Ranking
//
// An entry scores, per group, the best of its alternatives: the mean over
// the alternative's tokens of idf × sat(body count up to 3 + field weight
// × idf/maxIDF), where the field weight counts a match in the names 12, in
// the heading 8 and in the page title or [search.Doc.Section] (the section
// heading that holds a row, the h2 that holds an h3) 2, so
// that a field's boost shrinks for a word most entries have ("code" in
// "exit code 2"), and sat(tf) = tf × 5 / (tf + 4) saturates, so that one
// word in a name cannot outweigh the rest of the question. The sum is
// multiplied by the cube of the share of the query matched, each group
// counting its idf (a Chinese word of n characters its mean idf × n/2),
// so that entries matching the rare words of the question beat entries
// that mention a common one often. An entry of an agent skill or of a file
// that comes with one scores 0.8 of its sum: a skill restates the pages
// for agents, so where a page and a skill answer alike, the page (which
// the skill links) comes first. Ties keep the
// index's order. Entries sharing a URL (a finding code and the row that
// explains it) give one result.
package rank
