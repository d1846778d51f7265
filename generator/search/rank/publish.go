package rank

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"testing/fstest"
	"unicode/utf8"

	"pairag.com/portal/generator/search"
)

// fieldWeight is the boost of the fields a mark names, each counted once.
func fieldWeight(fields int) float64 {
	w := 0.0
	for _, f := range [...]struct {
		bit int
		w   float64
	}{{search.MarkTitle, titleWeight}, {search.MarkHeading, headingWeight}, {search.MarkNames, namesWeight}, {search.MarkSection, sectionWeight}} {
		if fields&f.bit != 0 {
			w += f.w
		}
	}
	return w
}

// Read reads a published index from a built site (fsys holds the site's
// root): the index at the URL path and the text file it names.
func Read(fsys fs.FS, path string) (*Index, error) {
	read := func(p string) ([]byte, error) { return fs.ReadFile(fsys, strings.TrimPrefix(p, "/")) }
	data, err := read(path)
	if err != nil {
		return nil, err
	}
	var pub search.Published
	if err := json.Unmarshal(data, &pub); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	shards := make([]search.Shard, len(pub.Shards))
	for n := range shards {
		if n >= len(pub.ShardHashes) {
			return nil, fmt.Errorf("%s: %d shards, %d hashes", path, len(pub.Shards), len(pub.ShardHashes))
		}
		name := strings.NewReplacer("{n}", strconv.Itoa(n), "{h}", pub.ShardHashes[n]).Replace(pub.ShardURL)
		data, err := read(name)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, &shards[n]); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	var texts []string
	if pub.Text != "" {
		data, err := read(pub.Text)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, &texts); err != nil {
			return nil, fmt.Errorf("%s: %w", pub.Text, err)
		}
	}
	return FromPublished(pub, texts, shards)
}

// New publishes the entries of ix as gen build publishes an index
// (search.Builder, shards of about shardBytes), into files in memory
// named as the site names them, and reads them back with [Read]: a test's
// own entries, ranked over what readers would download.
func New(ix search.Index, shardBytes int) (*Index, error) {
	b := search.NewBuilder(ix.Lang, ix.Glossary, ix.Synonyms)
	for _, d := range ix.Docs {
		b.Add(d)
	}
	fsys := fstest.MapFS{}
	var hashes []string
	pub, texts, _, err := b.Publish(shardBytes, func(data []byte) error {
		h := strconv.Itoa(len(hashes))
		hashes = append(hashes, h)
		fsys["shard."+h+".json"] = &fstest.MapFile{Data: bytes.Clone(data)}
		return nil
	})
	if err != nil {
		return nil, err
	}
	pub.ShardURL, pub.ShardHashes, pub.Text = "/shard.{h}.json", hashes, "/text.json"
	fsys["text.json"] = &fstest.MapFile{Data: bytes.Join(texts, nil)}
	data, err := json.Marshal(pub)
	if err != nil {
		return nil, fmt.Errorf("search index %s: %w", ix.Lang, err)
	}
	fsys["index.json"] = &fstest.MapFile{Data: data}
	return Read(fsys, "/index.json")
}

// FromPublished decodes a published index as the browser does, with all
// its shards: the postings and word list are those the build wrote, not
// rebuilt.
func FromPublished(pub search.Published, texts []string, shards []search.Shard) (*Index, error) {
	if texts != nil && len(texts) != len(pub.Docs) {
		return nil, fmt.Errorf("search index %s: %d texts for %d entries", pub.Lang, len(texts), len(pub.Docs))
	}
	if len(shards) != len(pub.Shards) {
		return nil, fmt.Errorf("search index %s: %d shards; the index names %d", pub.Lang, len(shards), len(pub.Shards))
	}
	ix := &Index{Index: search.Index{Lang: pub.Lang, Docs: pub.Docs, Glossary: pub.Glossary, Synonyms: pub.Synonyms}}
	for i := range texts {
		ix.Docs[i].Text = texts[i]
	}
	ix.postings = map[string][]posting{}
	for n, sh := range shards {
		vocab := strings.Split(sh.Vocab, "\n")
		if len(vocab) != len(sh.Postings) || vocab[0] != pub.Shards[n] {
			return nil, fmt.Errorf("search index %s: shard %d has %d tokens for %d postings lists, starting at %q; the index says %q", pub.Lang, n, len(vocab), len(sh.Postings), vocab[0], pub.Shards[n])
		}
		for i, t := range vocab {
			ps, doc := make([]posting, len(sh.Postings[i])), 0
			for j, v := range sh.Postings[i] {
				doc += v >> search.PostingShift
				if doc < 0 || doc >= len(ix.Docs) {
					return nil, fmt.Errorf("search index %s: token %q names entry %d of %d", pub.Lang, t, doc, len(ix.Docs))
				}
				ps[j] = posting{doc, float64(v & 3), fieldWeight(v >> 2 & 15)}
			}
			ix.postings[t] = ps
		}
		ix.vocab = append(ix.vocab, vocab...)
	}
	ix.words = map[string]bool{}
	for _, w := range strings.Fields(pub.Words) {
		ix.words[w] = true
		ix.maxWord = max(ix.maxWord, utf8.RuneCountInString(w))
	}
	ix.maxIDF = math.Log(1 + float64(len(ix.Docs)))
	return ix, nil
}
