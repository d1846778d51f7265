package load

import (
	"bytes"
	"sync"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/diag"
)

// PageMemo keeps what reading a page learns from its source bytes alone
// (markdown.CheckBytes and markdown.ParseFrontMatter), for the next
// builds of a preview: gen serve hands a build the same bytes for every
// page that did not change. The zero value is ready; a nil *PageMemo
// computes every time.
type PageMemo struct {
	mu    sync.Mutex
	pages map[string]*readPage // by file
}

// readPage is CheckBytes and ParseFrontMatter of one version of a file.
type readPage struct {
	src    []byte
	checks []*diag.Finding
	fm     markdown.FrontMatter
	body   int
	errs   []*diag.Finding
}

// read returns markdown.CheckBytes and markdown.ParseFrontMatter of src,
// from an earlier build when file had the same bytes then.
func (m *PageMemo) read(file string, src []byte) (checks []*diag.Finding, fm markdown.FrontMatter, body int, errs []*diag.Finding) {
	if m == nil {
		fm, body, errs = markdown.ParseFrontMatter(file, src)
		return markdown.CheckBytes(file, src), fm, body, errs
	}
	m.mu.Lock()
	r := m.pages[file]
	m.mu.Unlock()
	if r == nil || !bytes.Equal(r.src, src) { // the same bytes compare at once
		r = &readPage{src: src, checks: markdown.CheckBytes(file, src)}
		r.fm, r.body, r.errs = markdown.ParseFrontMatter(file, src)
		m.mu.Lock()
		if m.pages == nil {
			m.pages = map[string]*readPage{}
		}
		m.pages[file] = r
		m.mu.Unlock()
	}
	return r.checks, r.fm, r.body, r.errs
}
