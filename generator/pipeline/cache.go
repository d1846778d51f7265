package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	"pairag.com/portal/generator/rendercache"
)

// Cache keeps rendered page pairs from one build to the next in the same
// process (gen serve), each with its pageResults (see package
// rendercache). Anything that reaches every page (any file the build read
// that is not a page, the navigation, asset names, the field reference
// page that feeds the bundle) empties it: globalKey. The zero value is an
// empty cache, as is NewCache's.
type Cache = rendercache.Cache[*pageResult]

// cacheEntry is one pair's entry in the Cache.
type cacheEntry = rendercache.Entry[*pageResult]

// NewCache returns an empty cache for Config.Cache.
func NewCache() *Cache { return new(Cache) }

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
			h.Write([]byte(rendercache.PairKey(pr)))
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
