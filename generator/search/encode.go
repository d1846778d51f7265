package search

import "pairag.com/portal/protocol/jsonpos"

// The entries of a large site are tens of megabytes of JSON, most of it
// the pages' sections. The generator encodes each page's entries with
// AppendDoc on the goroutine that rendered the page (the cache keeps them
// so), and a [Builder] decodes them page by page at the end. The bytes
// are exactly json.Marshal's (TestAppendDocIsJSON, FuzzAppendDoc).

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
