// Package rendercache keeps rendered page pairs from one build to the next
// in the same process, so gen serve re-renders only what a change affects.
//
// A build begins with the digest of every input that reaches all pages
// (Begin): when it differs from the last build's, the cache is emptied
// and the whole site is rendered. Each pair is then looked up by its id
// (PairID) and the digest of its sources (PairKey); a pair whose source,
// or whose translation's source, changed is rendered again with its twin
// and stored, every other pair is written from its Entry. End drops the
// entries of pairs the finished build no longer had. The pipeline never
// stores a pair with errors.
//
// An Entry keeps no rendered bytes: it names the files its pair wrote and
// the build directories that hold them (Sources, Holds), and a build
// reusing it hard-links them from there, so memory does not grow with the
// site's output and a rebuild writes only what changed. A directory since
// removed, or a link the file system refuses, makes the pair render again.
//
// The cache also carries what the builds of one process share besides
// pages: highlighted code (Highlights), what each page file's bytes say
// (PageMemo) and each page's last front matter without errors
// (LastGoodFront), which lets the preview keep a page whose front matter a
// writer has just broken.
package rendercache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sync"

	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/report"
	"pairag.com/portal/generator/site"
)

// Cache keeps the rendered pairs of the last build, each with its
// results R (what the render stage hands on about one page). The zero
// value is an empty cache; it is safe for concurrent use by the render
// workers of one build.
type Cache[R any] struct {
	hlOnce sync.Once
	hl     *highlight.Cache // code highlighted by the builds that use this cache
	mu     sync.Mutex
	global string
	pairs  map[string]*Entry[R]            // by PairID
	seen   map[string]bool                 // pairs of the current build, to drop the rest
	fronts map[string]markdown.FrontMatter // each page file's last front matter without errors
	read   load.PageMemo                   // what each page file's bytes say
}

// Entry is what rendering one pair produced: the site paths of its files
// and where they are, its results, its warnings and its notes.
type Entry[R any] struct {
	Key      string      // PairKey of the sources it was rendered from
	Files    []string    // site paths of the files it wrote
	Results  []R         // one per page rendered
	Warnings report.List // what rendering it warned of, reported again on reuse
	Notes    report.List // what only gen check shows
	dirs     []string    // build directories holding Files, newest first; guarded by Cache.mu
}

// keepDirs is how many build directories an entry remembers: the newest
// may be a cancelled build's, already removed, and the one before it
// the site still served.
const keepDirs = 3

// Begin starts a build whose inputs that reach every page digest to
// global: a different digest from the last build's empties the cache.
func (c *Cache[R]) Begin(global string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.global != global || c.pairs == nil {
		c.global = global
		c.pairs = map[string]*Entry[R]{}
	}
	c.seen = map[string]bool{}
}

// End finishes a build that succeeded: it drops the entries of pairs the
// build did not look up.
func (c *Cache[R]) End() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id := range c.pairs {
		if !c.seen[id] {
			delete(c.pairs, id)
		}
	}
}

// Lookup returns the entry of the pair id when its sources digest to key,
// else nil; either way the pair belongs to the current build (see End).
// Call it between Begin and End.
func (c *Cache[R]) Lookup(id, key string) *Entry[R] {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen[id] = true
	if e := c.pairs[id]; e != nil && e.Key == key {
		return e
	}
	return nil
}

// Store keeps e as the pair id's entry for the next build; dir is the
// build directory its files were written into.
func (c *Cache[R]) Store(id string, e *Entry[R], dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.dirs = []string{dir}
	c.pairs[id] = e
}

// Sources returns the build directories that may hold e's files, newest
// first.
func (c *Cache[R]) Sources(e *Entry[R]) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(e.dirs)
}

// Holds records that dir, a new build's directory, now holds e's files
// too; the oldest directories are forgotten.
func (c *Cache[R]) Holds(e *Entry[R], dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	dirs := []string{dir}
	for _, d := range e.dirs {
		if d != dir && len(dirs) < keepDirs {
			dirs = append(dirs, d)
		}
	}
	e.dirs = dirs
}

// LastGoodFront keeps the front matter of every page that has none wrong
// and, for a page whose front matter now has errors, returns the one it
// had last: the preview keeps that page's navigation entry as it was and
// serves its last good version (ok false: never seen good, render it).
func (c *Cache[R]) LastGoodFront(p *site.Page) (fm markdown.FrontMatter, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fronts == nil {
		c.fronts = map[string]markdown.FrontMatter{}
	}
	if !p.Broken {
		c.fronts[p.File] = p.FM
		return p.FM, false
	}
	fm, ok = c.fronts[p.File]
	return fm, ok
}

// Highlights returns the highlighted code the cache keeps for its builds;
// a build without a Cache (c nil) highlights with a new one of its own.
func (c *Cache[R]) Highlights() *highlight.Cache {
	if c == nil {
		return highlight.New()
	}
	c.hlOnce.Do(func() { c.hl = highlight.New() })
	return c.hl
}

// PageMemo is the cache's memory of page bytes, or nil (read every page
// afresh) for a build without a Cache (c nil).
func (c *Cache[R]) PageMemo() *load.PageMemo {
	if c == nil {
		return nil
	}
	return &c.read
}

// PairID names a pair across builds: its English (or only) page file.
func PairID(pr site.Pair) string {
	if pr.EN != nil {
		return pr.EN.File
	}
	return pr.ZH.File
}

// PairKey digests the sources of a pair's pages.
func PairKey(pr site.Pair) string {
	h := sha256.New()
	for _, p := range []*site.Page{pr.EN, pr.ZH} {
		if p == nil {
			h.Write([]byte{0})
			continue
		}
		fmt.Fprintf(h, "%s %d\n", p.File, len(p.Src))
		h.Write(p.Src)
	}
	return hex.EncodeToString(h.Sum(nil))
}
