package pipeline

import (
	"cmp"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/skills"
	"pairag.com/portal/generator/yamlpos"
)

// glossaryFile is the glossary's file (see [load.GlossaryFile]).
const glossaryFile = load.GlossaryFile

// synonymsFile lists the same-language synonyms the search expands
// queries with (see [search.Synonyms]).
const synonymsFile = "content/synonyms.yaml"

// SearchManifest is where a page's script finds the hashed index files:
// {"en": "/assets/search-en.<hash>.json", "zh-CN": "/assets/search-zh-cn.<hash>.json"}.
const SearchManifest = "/search/manifest.json"

// loadSynonyms reads content/synonyms.yaml; a missing file is no synonyms.
func loadSynonyms(fsys fs.FS, rep *report) search.Synonyms {
	data, err := fs.ReadFile(fsys, synonymsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		rep.Errorf(synonymsFile, 0, "read synonyms: %v", err)
		return nil
	}
	syn, err := search.ParseSynonyms(data, languages)
	if err != nil {
		line, msg := yamlpos.ErrorPos(err)
		rep.Errorf(synonymsFile, line, "%s", msg)
	}
	return syn
}

// writeSearch builds the search index of each language from the pages
// rendered by this build (or taken from the cache) and the rows of the
// generated tables, and publishes it with the manifest that names it and
// the finding anchors. The pages' entries were worked out when each page
// was rendered (sectionDocs); here they are added page by page, in the
// order of the pages' URLs after the rows and the finding codes, and
// tokenised as they come (search.Builder).
func (b *rendered) writeSearch() {
	urls := make([]string, len(languages))
	load.Parallel(len(languages), b.cfg.Workers, func(i int) {
		lang := languages[i]
		ix := search.NewBuilder(lang, b.ext.glossary.Pairs(), b.ext.synonyms[lang])
		for _, d := range append(b.rowEntries(lang), b.findingEntries(lang)...) {
			ix.Add(d)
		}
		for _, docs := range b.pageEntries(lang) {
			for _, d := range docs {
				ix.Add(d)
			}
		}
		urls[i] = b.publishIndex(lang, ix)
	})
	files := map[string]string{}
	for i, lang := range languages {
		if urls[i] == "" {
			return // reported
		}
		files[lang] = urls[i]
	}
	manifest, _ := json.Marshal(files)
	b.write(SearchManifest, manifest)
	anchors, _ := json.Marshal(findingAnchors())
	b.write("/search/findings.json", anchors)
}

// publishIndex writes the index of a language, whose entries ix holds,
// in the shape the browser searches ([search.Published]): the entries'
// texts in a file of their own, which the script fetches only for
// excerpts, the postings in shards, the words a typo may be near, and the
// rest in the file the manifest names. It returns that file's URL (""
// when reported).
func (b *rendered) publishIndex(lang string, ix *search.Builder) string {
	name := "search-" + strings.ToLower(lang)
	var hashes []string
	pub, texts, typos, err := ix.Publish(search.ShardBytes, func(shard []byte) error {
		hashes = append(hashes, b.writeShard(name, shard))
		return nil
	})
	var data []byte
	if err == nil {
		pub.Text = b.writeHashedParts(name+"-text", ".json", texts...)
		pub.ShardURL, pub.ShardHashes = "/assets/"+name+"-shard.{h}.json", hashes
		data, err = json.Marshal(typos)
	}
	if err == nil {
		pub.Typos = b.writeHashed(name+"-typos", ".json", data)
		data, err = json.Marshal(pub)
	}
	if err != nil {
		b.rep.Errorf(glossaryFile, 0, "search index %s: %v", lang, err)
		return ""
	}
	return b.writeHashed(name, ".json", data)
}

// writeShard writes a shard of the index name as
// /assets/<name>-shard.<hash>.json and returns its hash.
func (b *rendered) writeShard(name string, shard []byte) string {
	url := b.writeHashed(name+"-shard", ".json", shard)
	return strings.TrimSuffix(url[strings.LastIndex(url[:len(url)-len(".json")], ".")+1:], ".json")
}

// pageEntries returns the entries of every indexed page of the language,
// in the order of the pages' URLs.
func (b *rendered) pageEntries(lang string) [][]search.Doc {
	var pages []*pageResult
	for _, res := range b.results {
		if p := res.page; p.Lang == lang && len(res.search) > 0 {
			pages = append(pages, res)
		}
	}
	slices.SortFunc(pages, func(a, c *pageResult) int { return cmp.Compare(a.page.URL, c.page.URL) })
	out := make([][]search.Doc, len(pages))
	for i, res := range pages {
		out[i] = res.search
	}
	return out
}

// indexed reports whether a page's sections go into the search index: not
// the error page, and not a skill page (indexed through its skill, see
// skillEntries).
func indexed(p *page) bool { return p.Kind.Indexed() && !p.Pending }

// rowPlace is where a generated table row sits on its page: the heading of
// its section and its position among the page's rows.
type rowPlace struct {
	heading string
	n       int
}

// sectionDocs returns an entry per section secs of the page p, and the
// heading of the section that holds each generated table row (the rows'
// results show it). The entries are kept as they are (the cache keeps
// them with the page) and tokenised only when the index is built.
func sectionDocs(p *page, secs []search.Section) ([]search.Doc, map[string]rowPlace) {
	var rowsIn map[string]rowPlace
	for _, s := range secs {
		for _, r := range s.Rows {
			if rowsIn == nil {
				rowsIn = map[string]rowPlace{}
			}
			rowsIn[r] = rowPlace{s.Heading, len(rowsIn)}
		}
	}
	var out []search.Doc
	if len(secs) > 0 {
		out = make([]search.Doc, 0, len(secs))
	}
	for _, s := range secs {
		d := search.Doc{URL: p.URL, Title: p.FM.Title, Heading: s.Heading, Text: s.Text, Section: s.Parent}
		if s.ID != "" {
			d.URL += "#" + s.ID
		}
		out = append(out, d)
	}
	return out, rowsIn
}

// rowEntries makes an entry of every generated table row that has an
// anchor: its protocol name as the heading; its ids, keys and labels, and
// the labels of the same row in the other language, as names; the row's
// text as the body. The rows link to the field reference.
func (b *rendered) rowEntries(lang string) []search.Doc {
	other := zh
	if lang == zh {
		other = en
	}
	ref := pageURL(lang, referenceRel(b.doc))
	title := b.pageTitle(ref)
	var rowsIn map[string]rowPlace
	if res := b.results[ref]; res != nil {
		rowsIn = res.rowsIn
	}
	names := slices.Sorted(maps.Keys(b.outputs[lang]))
	var out []search.Doc
	for _, name := range names {
		if name == "glossary" {
			continue // its page's section holds the terms; a row per term would outrank the protocol
		}
		url, pageTitle := ref, title
		otherRows := block.RowsByID(b.outputs[other][name])
		for _, r := range block.Rows(b.outputs[lang][name]) {
			id := r.Row.ID
			if id == "" {
				continue
			}
			// shown under the section that holds it: the page's long title on every row tells the reader little
			d := search.Doc{URL: url + "#" + id, Title: pageTitle, Heading: id, Kind: search.KindRow, Section: rowsIn[id].heading}
			n, x := r.Text()
			if o, ok := otherRows[id]; ok {
				on, _ := o.Text()
				n = append(n, on...)
			}
			slices.Sort(n)
			d.Names, d.Text = strings.Join(slices.Compact(n), " "), strings.Join(x, " ")
			out = append(out, d)
		}
	}
	// in page order, which breaks ties between equal scores (zh-TW's
	// codebook row before its alias); rows the page lacks last
	slices.SortStableFunc(out, func(a, c search.Doc) int {
		pa, oka := rowsIn[a.URL[strings.Index(a.URL, "#")+1:]]
		pc, okc := rowsIn[c.URL[strings.Index(c.URL, "#")+1:]]
		return cmp.Or(cmp.Compare(btoi(!oka), btoi(!okc)), cmp.Compare(pa.n, pc.n))
	})
	return out
}

// findingEntries makes an entry per finding code, pointing at the anchor
// that explains it, marked as a code so that the result says what it is.
func (b *rendered) findingEntries(lang string) []search.Doc {
	ref := pageURL(lang, referenceRel(b.doc))
	title := b.pageTitle(ref)
	var out []search.Doc
	anchors := findingAnchors()
	for _, code := range findingCodes() {
		// no text: the result shows the excerpt of the section or row at the same URL
		out = append(out, search.Doc{URL: ref + "#" + anchors[code], Title: title, Heading: code, Names: code, Kind: search.KindCode})
	}
	return out
}

func (b *rendered) pageTitle(url string) string {
	if res := b.results[url]; res != nil {
		return res.page.FM.Title
	}
	return ""
}

// skillEntries returns the search entries of a skill's page p, rendered
// as r: its description, a
// section per row of the page (the side in the page's language, the
// original where the translation lacks the section) and a section per
// part of every file that comes with the skill, which links to that
// published file. The rows' text comes from their trees (r.Search).
func skillEntries(p *page, r skills.Rendered, comps []skills.Companion) []search.Doc {
	v := r.View
	docs := []search.Doc{{URL: p.URL, Title: p.FM.Title, Text: p.FM.Description, Kind: search.KindSkill}}
	for i, row := range v.Rows {
		sec, other := r.Search[i].Orig, r.Search[i].Tr
		if p.Lang != v.OrigLang && v.Translated && !row.Tr.Missing {
			sec, other = other, sec
		}
		if row.ID == "" || sec.Heading == "" && sec.Text == "" {
			continue
		}
		d := search.Doc{URL: p.URL + "#" + row.ID, Title: p.FM.Title, Heading: sec.Heading, Text: sec.Text, Kind: search.KindSkill}
		if other.Heading != sec.Heading {
			d.Names = other.Heading // the other side's heading: a reader may know the section by it
		}
		docs = append(docs, d)
	}
	for _, c := range comps {
		sec := c.Section
		if sec.Heading == "" && sec.Text == "" {
			continue
		}
		docs = append(docs, search.Doc{URL: c.URL, Title: p.FM.Title + " · " + c.Name, Heading: sec.Heading, Text: sec.Text, Kind: search.KindFile})
	}
	return docs
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
