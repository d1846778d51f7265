package search

import (
	"encoding/binary"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"pairag.com/portal/protocol/jsonpos"
)

// Limits of what the index counts (the ranking's weights are package rank's).
const (
	maxBodyCount = 3 // mentions of a token in an entry's text that count
	maxHanWord   = 4 // longest heading or name run taken as a word
)

// postings are the tokens of an index's entries and, for each token, the
// holds of the entries that hold it (an entry's body count and the fields
// that hold the token), in entry order. A hold is packed as the published
// shards number it ([Shard.Postings]), one varint each: a site's
// millions of holds cost a few bytes apiece, not a struct.
type postings struct {
	tokens []string // in the order the entries first hold them
	lists  [][]byte // per token, its holds as uvarints
}

// appendJSON appends the holds on tokens[i] as the JSON array of numbers
// a shard publishes.
func (p *postings) appendJSON(out []byte, i int) []byte {
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

// collector tokenises entries (their text for the body counts, the
// title, heading, names and section for the marks) into postings, one
// entry at a time: per token, the entry it
// last appended and the counts of the entry being read, which the tokens
// the entry touched index.
type collector struct {
	z       Tokenizer
	ids     map[string]int32 // tokens of words
	han     map[uint64]int32 // Han tokens by their characters (see hanID)
	hanOne  []int32          // 1 + the token of a single common Han character, by its place in the block (0: none yet)
	p       *postings
	last    []int32
	body    []uint8
	fields  []uint8
	touched []int32
}

// id returns the number of the token t, making one for a new token.
func (c *collector) id(t []byte) int32 {
	id, ok := c.ids[string(t)]
	if !ok {
		id = c.add1(string(t))
		c.ids[c.p.tokens[id]] = id
	}
	return c.touch(id)
}

// hanID is id of the Han token of a character a (b == 0) or a pair a, b,
// looked up by its characters: most of a Chinese page's tokens, which a
// string key would hash and compare byte by byte.
func (c *collector) hanID(a, b rune) int32 {
	if b == 0 && isCommonHan(a) { // half of the Han tokens: an index, not a hash
		if c.hanOne == nil {
			c.hanOne = make([]int32, 0x9FFF-0x4E00+1)
		}
		k := a - 0x4E00
		if id := c.hanOne[k]; id != 0 {
			return c.touch(id - 1)
		}
		id := c.add1(string(a))
		c.hanOne[k] = id + 1
		return c.touch(id)
	}
	key := uint64(a)<<32 | uint64(b)
	id, ok := c.han[key]
	if !ok {
		t := string(a)
		if b != 0 {
			t += string(b)
		}
		id = c.add1(t)
		if c.han == nil {
			c.han = map[uint64]int32{}
		}
		c.han[key] = id
	}
	return c.touch(id)
}

// add1 makes a number for the new token t.
func (c *collector) add1(t string) int32 {
	id := int32(len(c.p.tokens))
	c.p.tokens = append(c.p.tokens, t)
	c.p.lists = append(c.p.lists, nil)
	c.last = append(c.last, 0)
	c.body = append(c.body, 0)
	c.fields = append(c.fields, 0)
	return id
}

// touch notes that the entry being read holds token id.
func (c *collector) touch(id int32) int32 {
	if c.body[id] == 0 && c.fields[id] == 0 {
		c.touched = append(c.touched, id)
	}
	return id
}

// add appends the holds of entry doc, d.
func (c *collector) add(doc int, d Doc) {
	body := func(id int32) { c.body[id] = min(c.body[id]+1, maxBodyCount) }
	c.z.Each(d.Text, func(t []byte) { body(c.id(t)) }, func(a, b rune) { body(c.hanID(a, b)) })
	for _, f := range [...]struct {
		text string
		bit  uint8
	}{{d.Title, MarkTitle}, {d.Heading, MarkHeading}, {d.Names, MarkNames}, {d.Section, MarkSection}} {
		c.z.Each(f.text, func(t []byte) { c.fields[c.id(t)] |= f.bit }, func(a, b rune) { c.fields[c.hanID(a, b)] |= f.bit })
	}
	for _, id := range c.touched {
		v := uint64(doc-int(c.last[id]))<<PostingShift | uint64(c.body[id]) | uint64(c.fields[id])<<2
		c.p.lists[id] = binary.AppendUvarint(c.p.lists[id], v)
		c.last[id], c.body[id], c.fields[id] = int32(doc), 0, 0
	}
	c.touched = c.touched[:0]
}

// addWords adds the Chinese words the query segmentation prefers that an
// entry gives: the Han runs of two to maxHanWord characters of its
// heading and names ([Published.Words]).
func addWords(out map[string]bool, d Doc) {
	addHanWords(out, d.Heading, maxHanWord)
	addHanWords(out, d.Names, maxHanWord)
}

// addTermWords adds the words of the glossary and synonym terms: every
// Han run of two characters or more.
func addTermWords(out map[string]bool, glossary, synonyms [][2]string) {
	for _, p := range append(slices.Clone(glossary), synonyms...) {
		addHanWords(out, p[0], 0)
		addHanWords(out, p[1], 0)
	}
}

// addHanWords adds the Han runs of text of two characters or more, and at
// most limit unless it is 0, that hold no stop character.
func addHanWords(out map[string]bool, text string, limit int) {
	Scan(text, func(kind RunKind, run []rune) {
		if kind == HanRun && len(run) >= 2 && (limit == 0 || len(run) <= limit) && !HasStop(run) {
			out[string(run)] = true
		}
	})
}

// Builder publishes the index of one language entry by entry: each entry
// is tokenised as it is added, its body text encoded for the texts file
// and dropped from the entry it keeps.
type Builder struct {
	lang               string
	glossary, synonyms [][2]string
	c                  collector
	docs               []Doc
	words              map[string]bool
	texts              [][]byte // the JSON array of the texts so far, in chunks of about textChunk bytes, without its closing bracket
}

// textChunk is about how many bytes of the texts' JSON a Builder keeps in
// one slice: its megabytes are never copied to grow one buffer.
const textChunk = 64 << 10

// NewBuilder returns a Builder of the index of language lang.
func NewBuilder(lang string, glossary, synonyms [][2]string) *Builder {
	return &Builder{
		lang: lang, glossary: glossary, synonyms: synonyms,
		c: collector{ids: map[string]int32{}, p: &postings{}}, words: map[string]bool{}, texts: [][]byte{{'['}},
	}
}

// Add adds the entry d.
func (b *Builder) Add(d Doc) {
	b.c.add(len(b.docs), d)
	addWords(b.words, d)
	last := &b.texts[len(b.texts)-1]
	if len(*last) >= textChunk {
		b.texts = append(b.texts, make([]byte, 0, textChunk+len(d.Text)+len(d.Text)/8+8))
		last = &b.texts[len(b.texts)-1]
	}
	if len(b.docs) > 0 {
		*last = append(*last, ',')
	}
	*last = jsonpos.AppendString(*last, d.Text)
	d.Text, d.Names = "", ""
	b.docs = append(b.docs, d)
}

// Publish returns the index in the shape the browser searches
// ([Published], whose Text, ShardURL and Typos the caller fills in), the
// JSON of the entries' body texts (an array of strings, one per entry), in
// pieces to be written one after the other, for the second file, and the tokens a typo may be near, joined by
// newlines, for the Typos file. It passes each shard of the postings,
// about shardBytes of JSON (ShardBytes on a site), to shard as the JSON
// of a [Shard], one at a time and in order, so that the site's postings
// are never held as numbers all at once (the bytes are valid only during
// the call); an error from shard stops it and is returned.
func (b *Builder) Publish(shardBytes int, shard func([]byte) error) (Published, [][]byte, string, error) {
	p := b.c.p
	order := make([]int32, len(p.tokens))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(x, y int32) int { return CompareUTF16(p.tokens[x], p.tokens[y]) })
	addTermWords(b.words, b.glossary, b.synonyms)
	pub := Published{
		Lang: b.lang, Shards: []string{}, Docs: b.docs,
		Words:    strings.Join(slices.SortedFunc(maps.Keys(b.words), CompareUTF16), " "),
		Glossary: b.glossary, Synonyms: b.synonyms,
	}
	if pub.Docs == nil {
		pub.Docs = []Doc{}
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
		pub.Shards = append(pub.Shards, p.tokens[cur[0]])
		buf = p.appendShard(buf[:0], cur)
		cur, size = cur[:0], 0
		return shard(buf)
	}
	for _, id := range order {
		cur = append(cur, id)
		size += len(p.tokens[id]) + 4*holdCount(p.lists[id]) + 4 // about the JSON of the token and its list
		if size >= shardBytes {
			if err := flush(); err != nil {
				return pub, nil, "", err
			}
		}
	}
	if err := flush(); err != nil {
		return pub, nil, "", err
	}
	var typos []string
	for _, id := range order {
		if t := p.tokens[id]; TypoCandidate(t) {
			typos = append(typos, t)
		}
	}
	return pub, append(b.texts, []byte{']'}), strings.Join(typos, "\n"), nil
}

// appendShard appends the JSON of the [Shard] of the tokens ids, as
// encoding/json writes it.
func (p *postings) appendShard(out []byte, ids []int32) []byte {
	vocab := make([]string, len(ids))
	for i, id := range ids {
		vocab[i] = p.tokens[id]
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
