package search

import (
	"encoding/binary"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
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

// Postings are the tokens of an index's entries and, for each token, the
// holds of the entries that hold it, in entry order: the one tokenising of
// the index, which [Publish] and package rank share, so that the browser
// reads the postings Go ranks with. A hold is packed as the published
// shards number it ([Shard.Postings]), one varint each: a site's
// millions of holds cost a few bytes apiece, not a struct.
type Postings struct {
	Tokens []string // in the order the entries first hold them
	lists  [][]byte // per token, its holds as uvarints
}

// Each calls f for every hold on the token Tokens[i], in entry order.
func (p *Postings) Each(i int, f func(Hold)) {
	doc := 0
	for b := p.lists[i]; len(b) > 0; {
		v, n := binary.Uvarint(b)
		b = b[n:]
		doc += int(v >> PostingShift)
		f(Hold{doc, int(v & 3), int(v >> 2 & 15)})
	}
}

// appendJSON appends the holds on Tokens[i] as the JSON array of numbers
// a shard publishes.
func (p *Postings) appendJSON(out []byte, i int) []byte {
	out = append(out, '[')
	for b := p.lists[i]; len(b) > 0; {
		v, n := binary.Uvarint(b)
		b = b[n:]
		out = strconv.AppendUint(out, v, 10)
		if len(b) > 0 {
			out = append(out, ',')
		}
	}
	return append(out, ']')
}

// Collect tokenises the entries (their text for the body counts, the
// title, heading, names and section for the marks) into their postings.
func Collect(docs []Doc) *Postings {
	c := collector{ids: map[string]int32{}, p: &Postings{}}
	for i, d := range docs {
		c.add(i, d)
	}
	return c.p
}

// collector builds Postings one entry at a time: per token, the entry it
// last appended and the counts of the entry being read, which the tokens
// the entry touched index.
type collector struct {
	z       tokenizer
	ids     map[string]int32
	p       *Postings
	last    []int32
	body    []uint8
	fields  []uint8
	touched []int32
}

// id returns the number of the token t, making one for a new token.
func (c *collector) id(t []byte) int32 {
	id, ok := c.ids[string(t)]
	if !ok {
		id = int32(len(c.p.Tokens))
		s := string(t)
		c.ids[s] = id
		c.p.Tokens = append(c.p.Tokens, s)
		c.p.lists = append(c.p.lists, nil)
		c.last = append(c.last, 0)
		c.body = append(c.body, 0)
		c.fields = append(c.fields, 0)
	}
	if c.body[id] == 0 && c.fields[id] == 0 {
		c.touched = append(c.touched, id)
	}
	return id
}

// add appends the holds of entry doc, d.
func (c *collector) add(doc int, d Doc) {
	c.z.each(d.Text, func(t []byte) {
		id := c.id(t)
		c.body[id] = min(c.body[id]+1, maxBodyCount)
	})
	for _, f := range [...]struct {
		text string
		bit  uint8
	}{{d.Title, MarkTitle}, {d.Heading, MarkHeading}, {d.Names, MarkNames}, {d.Section, MarkSection}} {
		c.z.each(f.text, func(t []byte) {
			id := c.id(t)
			c.fields[id] |= f.bit
		})
	}
	for _, id := range c.touched {
		v := uint64(doc-int(c.last[id]))<<PostingShift | uint64(c.body[id]) | uint64(c.fields[id])<<2
		c.p.lists[id] = binary.AppendUvarint(c.p.lists[id], v)
		c.last[id], c.body[id], c.fields[id] = int32(doc), 0, 0
	}
	c.touched = c.touched[:0]
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
// texts, one per entry, for the second file, and the tokens a typo may be
// near, joined by newlines, for the Typos file. It passes each shard of
// the postings, about shardBytes of JSON (ShardBytes on a site), to
// shard as the JSON of a [Shard], one at a time and in order, so that
// the site's postings are never held as numbers all at once (the bytes
// are valid only during the call); an error from shard stops it and is
// returned.
func Publish(ix *Index, shardBytes int, shard func([]byte) error) (Published, []string, string, error) {
	p := Collect(ix.Docs)
	order := make([]int32, len(p.Tokens))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return CompareUTF16(p.Tokens[a], p.Tokens[b]) })
	pub := Published{
		Lang: ix.Lang, Shards: []string{}, Docs: make([]Doc, len(ix.Docs)),
		Words:    strings.Join(slices.SortedFunc(maps.Keys(Words(ix)), CompareUTF16), " "),
		Glossary: ix.Glossary, Synonyms: ix.Synonyms,
	}
	if pub.Glossary == nil {
		pub.Glossary = [][2]string{}
	}
	var cur []int32
	var buf []byte
	size := 0
	flush := func() error {
		if len(cur) == 0 {
			return nil
		}
		pub.Shards = append(pub.Shards, p.Tokens[cur[0]])
		buf = p.appendShard(buf[:0], cur)
		cur, size = cur[:0], 0
		return shard(buf)
	}
	for _, id := range order {
		cur = append(cur, id)
		size += len(p.Tokens[id]) + 4*holdCount(p.lists[id]) + 4 // about the JSON of the token and its list
		if size >= shardBytes {
			if err := flush(); err != nil {
				return pub, nil, "", err
			}
		}
	}
	if err := flush(); err != nil {
		return pub, nil, "", err
	}
	texts := make([]string, len(ix.Docs))
	for i, d := range ix.Docs {
		texts[i], d.Text, d.Names = d.Text, "", ""
		pub.Docs[i] = d
	}
	var typos []string
	for _, id := range order {
		if t := p.Tokens[id]; TypoCandidate(t) {
			typos = append(typos, t)
		}
	}
	return pub, texts, strings.Join(typos, "\n"), nil
}

// appendShard appends the JSON of the [Shard] of the tokens ids, as
// encoding/json writes it.
func (p *Postings) appendShard(out []byte, ids []int32) []byte {
	vocab := make([]string, len(ids))
	for i, id := range ids {
		vocab[i] = p.Tokens[id]
	}
	v, _ := json.Marshal(strings.Join(vocab, "\n")) // a string always encodes
	out = append(append(append(out, `{"vocab":`...), v...), `,"postings":[`...)
	for i, id := range ids {
		if i > 0 {
			out = append(out, ',')
		}
		out = p.appendJSON(out, int(id))
	}
	return append(out, "]}"...)
}

// holdCount is the number of holds a packed list holds: its bytes without
// the continuation bit.
func holdCount(list []byte) int {
	n := 0
	for _, b := range list {
		if b < 0x80 {
			n++
		}
	}
	return n
}
