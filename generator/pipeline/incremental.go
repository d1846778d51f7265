package pipeline

import "pairag.com/portal/generator/load"

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
func (b *rendered) reuseInPlace(e *cachedPair) bool {
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
			b.elsewhere[name] = from
		}
		b.mu.Unlock()
		b.out.Add(e.files...)
		return true
	}
	return false
}

// pageMemo is the Cache's memory of page bytes, or nil (read every page
// afresh) for a build without a Cache.
func (c *Cache) pageMemo() *load.PageMemo {
	if c == nil {
		return nil
	}
	return &c.read
}
