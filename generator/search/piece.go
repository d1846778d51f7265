package search

import (
	"encoding/binary"
	"sync"
	"unicode/utf8"
)

// A site's entries are tens of megabytes of text, and tokenising them is
// most of the index's cost. The generator tokenises each page's entries
// on the goroutine that rendered the page ([NewPiece]; the cache keeps the
// piece with the page), and a [Builder] only merges the pieces, in page
// order, at the end ([Builder.AddPiece]): a map lookup per distinct token
// of a page, and the page's postings appended as they are, where the
// serial step used to decode every entry and tokenise every word.

// Piece is the entries of one page, tokenised: what [Builder.AddPiece]
// merges into an index. It is not changed once made, so pieces may be
// kept between builds and read by several.
type Piece struct {
	docs []Doc
	// vocab holds the piece's distinct tokens, each followed by a
	// newline, in the order its entries first hold them.
	vocab []byte
	// lists holds, per token of vocab and in the same order, the
	// uvarints of the entry (in the piece) of its last hold and of the
	// byte length of its holds, then its holds packed as [Postings]
	// packs them, the first entry counted from the piece's first.
	lists []byte
	words []string // the Chinese words of the entries' headings and names (see [Words])
}

// Docs returns the piece's entries, as given to [NewPiece] (none for a
// nil piece, a page without entries).
func (p *Piece) Docs() []Doc {
	if p == nil {
		return nil
	}
	return p.docs
}

// pieceMakers keep a collector per goroutine between pages: a token's
// string is made once per worker, not once per page that holds it.
var pieceMakers = sync.Pool{New: func() any {
	return &collector{ids: map[string]int32{}, p: &Postings{}, piece: true}
}}

// NewPiece tokenises the entries docs of one page (nil for none). It is
// safe for concurrent use.
func NewPiece(docs []Doc) *Piece {
	if len(docs) == 0 {
		return nil
	}
	c := pieceMakers.Get().(*collector)
	defer pieceMakers.Put(c)
	piece := &Piece{docs: docs}
	words := map[string]bool{}
	for i, d := range docs {
		c.add(i, d)
		addWords(words, d)
	}
	size := 0
	for _, id := range c.fresh {
		size += len(c.p.Tokens[id]) + 1
	}
	piece.vocab = make([]byte, 0, size)
	for _, id := range c.fresh {
		piece.vocab = append(append(piece.vocab, c.p.Tokens[id]...), '\n')
		list := c.p.lists[id]
		piece.lists = binary.AppendUvarint(piece.lists, uint64(c.last[id]))
		piece.lists = binary.AppendUvarint(piece.lists, uint64(len(list)))
		piece.lists = append(piece.lists, list...)
		c.p.lists[id], c.last[id] = list[:0], 0
	}
	c.fresh = c.fresh[:0]
	for w := range words {
		piece.words = append(piece.words, w)
	}
	return piece
}

// AddPiece adds the entries of piece after those added so far.
func (b *Builder) AddPiece(piece *Piece) {
	if piece == nil {
		return
	}
	c, base := &b.c, len(b.docs)
	vocab, lists := piece.vocab, piece.lists
	for len(vocab) > 0 {
		n := 0
		for vocab[n] != '\n' {
			n++
		}
		id := c.lookup(vocab[:n])
		vocab = vocab[n+1:]
		last, k := binary.Uvarint(lists)
		size, m := binary.Uvarint(lists[k:])
		list := lists[k+m : k+m+int(size)]
		lists = lists[k+m+int(size):]
		// The first hold counts its entry from the piece's first: count it
		// from the token's last hold in the index instead; the rest follow
		// as they are.
		v, first := binary.Uvarint(list)
		doc := base + int(v>>PostingShift)
		v = uint64(doc-int(c.last[id]))<<PostingShift | v&(1<<PostingShift-1)
		c.p.lists[id] = append(binary.AppendUvarint(c.p.lists[id], v), list[first:]...)
		c.last[id] = int32(base + int(last))
	}
	for _, w := range piece.words {
		b.words[w] = true
	}
	for _, d := range piece.docs {
		b.addText(d)
	}
}

// lookup returns the number of the token t, making one for a new token,
// as [collector.id] and [collector.hanID] do but without noting a hold:
// a Han token (one or two Han characters; no other token holds one) is
// looked up by its characters, as hanID made it.
func (c *collector) lookup(t []byte) int32 {
	if a, n := utf8.DecodeRune(t); IsHan(a) {
		var b rune
		if n < len(t) {
			b, _ = utf8.DecodeRune(t[n:])
		}
		return c.hanNumber(a, b)
	}
	return c.number(t)
}
