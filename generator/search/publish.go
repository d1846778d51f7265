package search

import (
	"maps"
	"slices"
	"strings"
)

// Limits of what the index counts (the ranking's weights are package rank's).
const (
	maxBodyCount = 3 // mentions of a token in an entry's text that count
	maxHanWord   = 4 // longest heading or name run taken as a word
)

// Hold is one entry's hold on a token: its body count (at most 3) and
// the fields (the Mark constants) that hold it.
type Hold struct {
	Doc, Body, Fields int
}

// Holds returns, for every token of the entries, the entries that hold
// it in order: the one tokenising of the index, which [Publish] and
// package rank share, so that the browser reads the postings Go ranks with.
func Holds(docs []Doc) map[string][]Hold {
	out := map[string][]Hold{}
	intern := map[string]string{}
	body, fields := map[string]int{}, map[string]int{}
	for i, d := range docs {
		clear(body)
		clear(fields)
		eachToken(d.Text, intern, func(t string) { body[t] = min(body[t]+1, maxBodyCount) })
		for _, f := range [...]struct {
			text string
			bit  int
		}{{d.Title, MarkTitle}, {d.Heading, MarkHeading}, {d.Names, MarkNames}, {d.Section, MarkSection}} {
			eachToken(f.text, intern, func(t string) { fields[t] |= f.bit })
		}
		for t, v := range body {
			out[t] = append(out[t], Hold{i, v, fields[t]})
		}
		for t, f := range fields {
			if body[t] == 0 {
				out[t] = append(out[t], Hold{i, 0, f})
			}
		}
	}
	return out
}

// Words returns the Chinese words the query segmentation prefers: the
// Han runs of two to maxHanWord characters of the entries' headings and
// names, and every Han run of the glossary and synonym terms.
func Words(ix *Index) map[string]bool {
	out := map[string]bool{}
	add := func(text string, limit int) {
		Scan(text, func(kind RunKind, run []rune) {
			if kind == HanRun && len(run) >= 2 && (limit == 0 || len(run) <= limit) && !HasStop(run) {
				out[string(run)] = true
			}
		})
	}
	for _, d := range ix.Docs {
		add(d.Heading, maxHanWord)
		add(d.Names, maxHanWord)
	}
	for _, p := range append(slices.Clone(ix.Glossary), ix.Synonyms...) {
		add(p[0], 0)
		add(p[1], 0)
	}
	return out
}

// Publish returns ix in the shape the browser searches ([Published],
// whose Text, ShardURL and Typos the caller fills in), the entries' body
// texts, one per entry, for the second file, the shards of the postings,
// each of about shardBytes of JSON (ShardBytes on a site), and the
// tokens a typo may be near, joined by newlines, for the Typos file.
func Publish(ix *Index, shardBytes int) (Published, []string, []Shard, string) {
	toks := Holds(ix.Docs)
	vocab := slices.SortedFunc(maps.Keys(toks), CompareUTF16)
	pub := Published{
		Lang: ix.Lang, Shards: []string{}, Docs: make([]Doc, len(ix.Docs)),
		Words:    strings.Join(slices.SortedFunc(maps.Keys(Words(ix)), CompareUTF16), " "),
		Glossary: ix.Glossary, Synonyms: ix.Synonyms,
	}
	if pub.Glossary == nil {
		pub.Glossary = [][2]string{}
	}
	var shards []Shard
	var cur []string
	var lists [][]int
	size := 0
	flush := func() {
		if len(cur) > 0 {
			pub.Shards = append(pub.Shards, cur[0])
			shards = append(shards, Shard{Vocab: strings.Join(cur, "\n"), Postings: lists})
		}
		cur, lists, size = nil, nil, 0
	}
	for _, t := range vocab {
		ps, prev := make([]int, len(toks[t])), 0
		for j, m := range toks[t] {
			ps[j] = (m.Doc-prev)<<PostingShift | m.Body | m.Fields<<2
			prev = m.Doc
		}
		cur, lists = append(cur, t), append(lists, ps)
		size += len(t) + 4*len(ps) + 4 // about the JSON of the token and its list
		if size >= shardBytes {
			flush()
		}
	}
	flush()
	texts := make([]string, len(ix.Docs))
	for i, d := range ix.Docs {
		texts[i], d.Text, d.Names = d.Text, "", ""
		pub.Docs[i] = d
	}
	return pub, texts, shards, strings.Join(slices.DeleteFunc(vocab, func(t string) bool { return !TypoCandidate(t) }), "\n")
}
