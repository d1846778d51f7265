package search

// Doc is one entry of the index. The JSON names are short: the file is
// downloaded by every reader who searches.
type Doc struct {
	URL     string `json:"u"`           // site-relative, with the #fragment of the section or row
	Title   string `json:"t"`           // the page's title
	Heading string `json:"h,omitempty"` // the section heading or the protocol name; empty for a page's intro
	Names   string `json:"n,omitempty"` // identifiers, ids and labels, space-separated
	Text    string `json:"x,omitempty"` // the body text, for matching and the snippet
	Kind    string `json:"k,omitempty"` // what a code entry is (a field, a finding code, a skill file), for the result's label
	Section string `json:"s,omitempty"` // for a table row, the heading of the section that holds it; for an h3, its h2's: shown, and matched as a page title is
}

// Index is the search index of one site language.
type Index struct {
	Lang     string      `json:"lang"`
	Docs     []Doc       `json:"docs"`
	Glossary [][2]string `json:"glossary"`           // English and Chinese term pairs
	Synonyms [][2]string `json:"synonyms,omitempty"` // a reader's word and a word of the pages it also means, one way
}

// The kinds of entry that are not a page's prose section ([Doc.Kind]);
// the results label them so that a reader knows what a code is.
const (
	KindRow   = "row"   // a row of a protocol table: a field, an enum value, a codebook entry, a limit
	KindCode  = "code"  // a finding code of the validator
	KindSkill = "skill" // a section of an agent skill
	KindFile  = "file"  // a section of a file that comes with a skill
)

// Published is an Index in the shape the browser searches it, as gen
// build publishes it: what a first query needs, and nothing to sort,
// tokenise or re-encode on load. The entries keep what a result shows;
// their text goes to a second file ([Published.Text]) that the script
// fetches only to draw excerpts. The postings, which every entry's text,
// title, heading, names and section give, tokenised at build time, are cut
// into shards of neighbouring tokens ([Shard]): a query fetches only the
// shards of the tokens it looks up. Preparing it in the browser is a
// JSON.parse, one split of a shard's vocabulary, and a lookup per query
// token.
type Published struct {
	Lang string `json:"lang"`
	Text string `json:"text,omitempty"` // URL of the entries' body texts: a JSON array of strings, one per entry ("" for none)
	Docs []Doc  `json:"docs"`           // the entries without Text and Names
	// Shards are the first token of every shard, in order; shard n is at
	// ShardURL with {n} replaced by n and {h} by ShardHashes[n].
	Shards      []string `json:"shards"`
	ShardURL    string   `json:"shardURL"`
	ShardHashes []string `json:"shardHashes"`
	// Typos is the URL of the tokens a misspelt word may be near (ASCII
	// words and identifiers with a letter), in vocabulary order, as one
	// JSON string joined by newlines: fetched only for a word the index
	// lacks, so that a typo does not fetch every shard.
	Typos string `json:"typos,omitempty"`
	// Words are the Chinese words a query is segmented into before
	// bigrams (short Chinese headings and names, glossary and synonym
	// terms), space-separated.
	Words    string      `json:"words,omitempty"`
	Glossary [][2]string `json:"glossary"`
	Synonyms [][2]string `json:"synonyms,omitempty"`
}

// Shard is a run of neighbouring tokens of the index's vocabulary and
// their postings.
type Shard struct {
	// Vocab is the shard's tokens, sorted in UTF-16 order (as JavaScript
	// compares strings), joined by newlines.
	Vocab string `json:"vocab"`
	// Postings holds, for the token at the same place in Vocab, one
	// number per entry that holds it, the entries in order: (entry - the
	// previous entry of the list, or - 0 for the first) × 64 + body count
	// (at most 3) + 4 × the fields that hold it (see the Mark constants).
	Postings [][]int `json:"postings"`
}

// ShardBytes is about how much JSON a shard holds: small enough that a
// query's few tokens fetch a few kilobytes, large enough that a site's
// index is not thousands of files per thousand pages.
const ShardBytes = 2048

// The fields of an entry a posting marks, four bits from bit 2 of a
// posting's number ([Shard.Postings]); each counts once per entry.
const (
	MarkTitle   = 1 << iota // the page title
	MarkHeading             // the heading
	MarkNames               // the names
	MarkSection             // the heading of the section that holds it
)

// PostingShift is how far a posting's entry delta sits above its body
// count and marks.
const PostingShift = 6
