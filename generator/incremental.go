package generator

import (
	"bytes"
	"sync"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/diag"
)

// An incremental build (Config.Reuse, gen serve) writes only the pairs it
// renders and the files made from every page (search index, sitemap,
// llms.txt, ...); the files of the pairs it takes from the Cache stay
// where the build that rendered them wrote them, and Result.Elsewhere
// says where. Linking 2,000 files into 1,000 new directories was most of
// a one-page rebuild of a 1,000-page site.

// reuseInPlace records a cached pair's files as left in the newest
// directory that holds them and that Config.Reuse takes on. It returns
// false when none does (the pair is then rendered again) or the build was
// cancelled.
func (b *builder) reuseInPlace(e *cachedPair) bool {
	for _, from := range b.cfg.Cache.sources(e) {
		if b.ctx.Err() != nil {
			return false
		}
		if !b.cfg.Reuse(from) {
			continue
		}
		b.mu.Lock()
		if b.elsewhere == nil {
			b.elsewhere = map[string]string{}
		}
		for _, name := range e.files {
			b.files[name] = true
			b.elsewhere[name] = from
		}
		b.mu.Unlock()
		return true
	}
	return false
}

// readPages keeps what loadPage learns from a page source's bytes alone,
// for the Cache's next builds: gen serve hands a build the same bytes
// for every page that did not change.
type readPages struct {
	mu    sync.Mutex
	pages map[string]*readPage // by file
}

// readPage is CheckBytes and ParseFrontMatter of one version of a file.
type readPage struct {
	src    []byte
	checks []*diag.Finding
	fm     FrontMatter
	body   int
	errs   []*diag.Finding
}

// readPage returns markdown.CheckBytes and markdown.ParseFrontMatter of
// src, from the last build when file had the same bytes then. A nil
// Cache computes them.
func (c *Cache) readPage(file string, src []byte) (checks []*diag.Finding, fm FrontMatter, body int, errs []*diag.Finding) {
	if c == nil {
		fm, body, errs = markdown.ParseFrontMatter(file, src)
		return markdown.CheckBytes(file, src), fm, body, errs
	}
	c.read.mu.Lock()
	r := c.read.pages[file]
	c.read.mu.Unlock()
	if r == nil || !bytes.Equal(r.src, src) { // the same bytes compare at once
		r = &readPage{src: src, checks: markdown.CheckBytes(file, src)}
		r.fm, r.body, r.errs = markdown.ParseFrontMatter(file, src)
		c.read.mu.Lock()
		if c.read.pages == nil {
			c.read.pages = map[string]*readPage{}
		}
		c.read.pages[file] = r
		c.read.mu.Unlock()
	}
	return r.checks, r.fm, r.body, r.errs
}
