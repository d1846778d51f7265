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
