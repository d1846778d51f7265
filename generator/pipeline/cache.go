package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"sync"

	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/load"
)

// Cache keeps rendered page pairs from one build to the next in the same
// process, so gen serve re-renders only what a change affects: a page whose
// source (or whose translation's source) changed is rendered again with its
// twin, every other pair is written from the cache. Anything that reaches
// every page (any file the build read that is not a page, the navigation,
// asset names, the field reference page that feeds the bundle) empties the
// cache and the whole site is rendered. Pairs with errors are never
// cached. The zero value is an empty cache, as is NewCache's.
//
// The cache keeps no rendered bytes in memory: an entry names the files
// its pair wrote and the build directories that hold them, and a build
// reusing it hard-links them from there (linkFiles), so memory does not
// grow with the site's output and a rebuild writes only what changed. A
// directory that has since been removed, or a link the file system
// refuses, makes the pair render again.
type Cache struct {
	hlOnce sync.Once
	hl     *highlight.Cache // code highlighted by the builds that use this cache
	mu     sync.Mutex
	global string
	pairs  map[string]*cachedPair // by the pair's id: its English (or only) page file
	seen   map[string]bool        // pairs of the current build, to drop the rest
	fronts map[string]FrontMatter // each page file's last front matter without errors
	read   load.PageMemo          // what each page file's bytes say
}

// lastGoodFront keeps the front matter of every page that has none wrong
// and, for a page whose front matter now has errors, returns the one it
// had last: the preview keeps that page's navigation entry as it was and
// serves its last good version (ok false: never seen good, render it).
func (c *Cache) lastGoodFront(p *page) (fm FrontMatter, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fronts == nil {
		c.fronts = map[string]FrontMatter{}
	}
	if !p.Broken {
		c.fronts[p.File] = p.FM
		return p.FM, false
	}
	fm, ok = c.fronts[p.File]
	return fm, ok
}

// NewCache returns an empty cache for Config.Cache.
func NewCache() *Cache {
	return &Cache{pairs: map[string]*cachedPair{}}
}

// cachedPair is what rendering a pair produced: the site paths of its
// files and where they are, its results, its warnings and its notes.
type cachedPair struct {
	key      string
	files    []string // site paths, as env.write got them
	dirs     []string // build directories holding the files, newest first; guarded by Cache.mu
	results  []*pageResult
	warnings ErrorList
	notes    ErrorList // for gen check (translate.go)
}

// keepDirs is how many build directories an entry remembers: the newest
// may be a cancelled build's, already removed, and the one before it
// the site still served.
const keepDirs = 3

// sources returns the directories that may hold e's files, newest first.
func (c *Cache) sources(e *cachedPair) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(e.dirs)
}

// holds records that dir, a new build's directory, now holds e's files too.
func (c *Cache) holds(e *cachedPair, dir string) {
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

// begin starts a build: a different global key empties the cache.
func (c *Cache) begin(global string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.global != global || c.pairs == nil {
		c.global = global
		c.pairs = map[string]*cachedPair{}
	}
	c.seen = map[string]bool{}
}

// end drops the entries of pairs the finished build did not have.
func (c *Cache) end() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id := range c.pairs {
		if !c.seen[id] {
			delete(c.pairs, id)
		}
	}
}

// lookup returns the entry of the pair id when its sources digest to key.
func (c *Cache) lookup(id, key string) *cachedPair {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen[id] = true
	if e := c.pairs[id]; e != nil && e.key == key {
		return e
	}
	return nil
}

func (c *Cache) store(id string, e *cachedPair) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pairs[id] = e
}

// pairID names a pair across builds.
func pairID(pr pair) string {
	if pr.EN != nil {
		return pr.EN.File
	}
	return pr.ZH.File
}

// pairKey digests the sources of a pair's pages.
func pairKey(pr pair) string {
	h := sha256.New()
	for _, p := range []*page{pr.EN, pr.ZH} {
		if p == nil {
			h.Write([]byte{0})
			continue
		}
		fmt.Fprintf(h, "%s %d\n", p.File, len(p.Src))
		h.Write(p.Src)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// globalKey digests every input that reaches all pages: every file the
// build read that is not a page (load.ReadLog), what the build derived from the
// pages (the navigation, the version bar) and its own settings and asset
// names. It is computed once everything but the pages has been read (the
// load stage), before resolve, which can then take an unchanged reference
// page's Markdown from the Cache.
func (b *loaded) globalKey(a assets) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s %s %v %t\n", b.cfg.BaseURL, a.css, a.js, a.validator, b.cfg.ValidatorComing)
	pages := map[string]bool{}
	for _, pr := range b.pairs {
		for _, p := range []*page{pr.EN, pr.ZH} {
			if p != nil && !p.Kind.OfSkill() { // a skill's files reach the skills index
				pages[p.File] = true
			}
		}
	}
	b.reads.Digest(h, func(name string) bool { return pages[name] })
	for _, pr := range b.pairs {
		if pr.Rel() == referenceRel(b.doc) { // its Markdown is in the bundle directive
			h.Write([]byte(pairKey(pr)))
		}
	}
	for _, lang := range slices.Sorted(maps.Keys(b.nav)) {
		fmt.Fprintf(h, "nav %s %v\n", lang, b.nav[lang])
	}
	for _, file := range slices.Sorted(maps.Keys(b.ext.dates)) { // from git, not a file
		fmt.Fprintf(h, "date %s %s\n", file, b.ext.dates[file])
	}
	b.versionsKey(h) // versions.go
	return hex.EncodeToString(h.Sum(nil))
}

// highlights returns the highlighted code the cache keeps for its builds;
// a build without a Cache highlights with a new one of its own.
func (c *Cache) highlights() *highlight.Cache {
	if c == nil {
		return highlight.New()
	}
	c.hlOnce.Do(func() { c.hl = highlight.New() })
	return c.hl
}
