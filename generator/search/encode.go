package search

import (
	"encoding/json"
	"unicode/utf8"
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
	dst = appendString(dst, d.URL)
	dst = append(dst, `,"t":`...)
	dst = appendString(dst, d.Title)
	for _, f := range [...]struct {
		key, val string
	}{{`,"h":`, d.Heading}, {`,"n":`, d.Names}, {`,"x":`, d.Text}, {`,"k":`, d.Kind}, {`,"s":`, d.Section}} {
		if f.val != "" {
			dst = append(dst, f.key...)
			dst = appendString(dst, f.val)
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
	pieces = append(pieces, appendString([]byte(`{"lang":`), lang), []byte(`,"docs":[`))
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

const hexDigits = "0123456789abcdef"

// jsonSafe marks the ASCII bytes a JSON string holds as they are with HTML
// escaping on: not control characters, quote, backslash, <, > or &.
var jsonSafe = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendString appends s as a JSON string the way encoding/json does with
// HTML escaping on: <, > and & as \u003c, \u003e and \u0026, U+2028 and
// U+2029 escaped, invalid UTF-8 replaced by U+FFFD.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		for i < len(s) && jsonSafe[s[i]] {
			i++ // a run of ASCII that needs no escape: most text
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		if (c >= 0xE1 && c <= 0xEC || c == 0xEE || c == 0xEF) && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 &&
			(c != 0xE2 || s[i+1] != 0x80 || s[i+2]&0xFE != 0xA8) {
			i += 3 // a valid three-byte character (Chinese), not U+2028 or U+2029: as it is
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
