package generator

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"sync"
)

// Cache keeps rendered page pairs from one build to the next in the same
// process, so gen serve re-renders only what a change affects: a page whose
// source (or whose translation's source) changed is rendered again with its
// twin, every other pair is written from the cache. Anything that reaches
// every page (the protocol document, labels, Chinese protocol strings, the
// navigation, asset names, the field reference page that feeds the bundle,
// the skills, the site settings, the dates of the last commits) empties the
// cache and the whole site is rendered. Pairs with errors are never cached.
// The zero value is not usable: use NewCache.
type Cache struct {
	mu     sync.Mutex
	global string
	pairs  map[string]*cachedPair // by the pair's id: its English (or only) page file
	seen   map[string]bool        // pairs of the current build, to drop the rest
}

// NewCache returns an empty cache for Config.Cache.
func NewCache() *Cache {
	return &Cache{pairs: map[string]*cachedPair{}}
}

// cachedPair is what rendering a pair produced.
type cachedPair struct {
	key      string
	files    []cachedFile
	results  []*pageResult
	warnings ErrorList
}

type cachedFile struct {
	name string
	data []byte
}

// begin starts a build: a different global key empties the cache.
func (c *Cache) begin(global string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.global != global {
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
	if pr.en != nil {
		return pr.en.File
	}
	return pr.zh.File
}

// pairKey digests the sources of a pair's pages.
func pairKey(pr pair) string {
	h := sha256.New()
	for _, p := range []*page{pr.en, pr.zh} {
		if p == nil {
			h.Write([]byte{0})
			continue
		}
		fmt.Fprintf(h, "%s %d\n", p.File, len(p.Src))
		h.Write(p.Src)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// globalKey digests every input that reaches all pages. It is computed
// after the assets are written and the pages loaded, before rendering.
func (b *builder) globalKey() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s %s %v\n", b.cfg.BaseURL, b.css, b.js, b.validator)
	h.Write(b.docJSON)
	for _, name := range []string{labelsFile, "content/protocol.zh-CN.yaml", glossaryFile, siteFile} {
		data, _ := fs.ReadFile(b.cfg.Content, name)
		fmt.Fprintf(h, "%s %d\n", name, len(data))
		h.Write(data)
	}
	langs := make([]string, 0, len(b.nav))
	for lang := range b.nav {
		langs = append(langs, lang)
	}
	sort.Strings(langs)
	for _, lang := range langs {
		fmt.Fprintf(h, "nav %s %v\n", lang, b.nav[lang])
	}
	for _, pr := range b.pairs {
		if pairRel(pr) == referencePage {
			h.Write([]byte(pairKey(pr)))
		}
	}
	// A commit changes the dates pages show. The key is taken before the
	// extras are loaded (prepareDirectives), so it reads the log itself:
	// one more git log of about 10 ms, in gen serve only.
	dates := gitDates(b.cfg.GitDir)
	for _, name := range slices.Sorted(maps.Keys(dates)) {
		fmt.Fprintf(h, "date %s %s\n", name, dates[name])
	}
	b.versionsKey(h) // versions.go
	fs.WalkDir(b.cfg.Content, "content/skills", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := fs.ReadFile(b.cfg.Content, name)
			fmt.Fprintf(h, "%s %d\n", name, len(data))
			h.Write(data)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))
}
