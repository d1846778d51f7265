package search

import (
	"encoding/json"

	"pairag.com/portal/protocol/jsonpos"
)

// The index of a large site is tens of megabytes of JSON, most of it the
// pages' sections. The generator encodes each page's entries with
// AppendDoc on the goroutine that rendered the page and writes the parts,
// framed by IndexPieces, at the end, instead of encoding every entry in one
// json.Marshal of the whole Index. The bytes are exactly json.Marshal's
// (TestAppendDocIsJSON, FuzzAppendDoc).

// AppendDoc appends d encoded as json.Marshal encodes it inside an Index.
func AppendDoc(dst []byte, d Doc) []byte {
	dst = append(dst, `{"u":`...)
	dst = jsonpos.AppendString(dst, d.URL)
	dst = append(dst, `,"t":`...)
	dst = jsonpos.AppendString(dst, d.Title)
	for _, f := range [...]struct {
		key, val string
	}{{`,"h":`, d.Heading}, {`,"n":`, d.Names}, {`,"x":`, d.Text}, {`,"k":`, d.Kind}, {`,"s":`, d.Section}} {
		if f.val != "" {
			dst = append(dst, f.key...)
			dst = jsonpos.AppendString(dst, f.val)
		}
	}
	return append(dst, '}')
}

// IndexPieces returns the JSON of an Index of language lang with the given
// glossary and synonyms, as pieces whose concatenation is the index (so that it can be
// written out without a joined copy of every entry), whose entries are the
// concatenation of parts, each part one or more entries encoded by
// AppendDoc and separated by commas; empty parts are skipped. The pieces
// join to what Index.Marshal returns for the same entries (an index without
// entries has "docs":[]; Marshal writes null for a nil Docs).
func IndexPieces(lang string, glossary, synonyms [][2]string, parts ...[]byte) ([][]byte, error) {
	g, err := json.Marshal(glossary)
	if err != nil {
		return nil, err
	}
	if len(synonyms) > 0 {
		syn, err := json.Marshal(synonyms)
		if err != nil {
			return nil, err
		}
		g = append(append(g, `,"synonyms":`...), syn...)
	}
	pieces := make([][]byte, 0, 2*len(parts)+2)
	pieces = append(pieces, jsonpos.AppendString([]byte(`{"lang":`), lang), []byte(`,"docs":[`))
	first := true
	for _, p := range parts {
		if len(p) == 0 {
			continue
		}
		if !first {
			pieces = append(pieces, comma)
		}
		pieces = append(pieces, p)
		first = false
	}
	return append(pieces, []byte(`],"glossary":`), append(g, '}')), nil
}

var comma = []byte{','}
