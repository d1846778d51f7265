package jsonpos

import (
	"bytes"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"pairag.com/portal/protocol/internal/format"
)

// Node is one JSON value of the text with its byte span, so whatever a
// caller says about a value can name its line and column.
type Node struct {
	Kind    byte     // '{' object, '[' array, '"' string, '0' number, 't' true, 'f' false, 'n' null
	Start   int      // offset of the value's first byte
	End     int      // offset just past the value
	Members []Member // an object's members, in the order written
	Items   []*Node  // an array's items
	Str     string   // a string's decoded value, or a number's literal
}

// Member is one key of an object; duplicate keys are kept in order, and
// every occurrence but the last is marked shadowed: JSON.parse,
// encoding/json and Python keep the last value, so a caller should judge it.
type Member struct {
	Key      string // the decoded key
	KeyStart int    // offset of the key's opening quote
	KeyEnd   int    // offset just past the key's closing quote
	Comma    int    // offset of the comma after the member, or -1
	Val      *Node
	Shadowed bool // a later member has the same key
}

// Step is one step of a path from the root of a JSON value: an object key,
// or an array index when IsIndex; [StepsPointer] writes a path as a pointer.
type Step struct {
	Key     string
	Index   int
	IsIndex bool
}

// Issue is a problem the reader met in the text [Start, End). Recoverable
// issues (comments, trailing commas, duplicate keys, trailing text) let
// reading go on so the rest of the text can still be checked.
type Issue struct {
	Code      string // stable code, listed in the package documentation
	Start     int
	End       int
	Args      []any  // what a message about the issue needs: the key, the character met, the depth limit
	Removable bool   // replacing the bytes [Start, End) with Repair repairs the text
	Repair    string // what replaces them when Removable: "" (deleted) or one space
	Pointer   string // RFC 6901 pointer of a duplicate key, else ""
}

// parser reads RFC 8259 JSON from text[pos:], tolerating comments and
// trailing commas (and reporting them).
type parser struct {
	text     []byte
	pos      int
	depth    int
	maxDepth int
	issues   []Issue
	fatal    bool
	// frames are the objects and arrays being read, outermost first: the
	// pointer of a duplicate key is written from them and the stacks of
	// open members and items, so nothing is kept per member for the rare
	// duplicate.
	frames []frame
	path   []Step // room for the steps of a duplicate key's pointer
	// maxDuplicates bounds the json-duplicate-key issues kept (-1: all);
	// past it they are only counted in omitted, so a text of a million
	// repeated keys costs no million issues, pointers and messages.
	maxDuplicates int
	duplicates    int
	omitted       int
	slab          []Node // nodes are handed out from blocks, one allocation per block

	open       []Member // members of the objects being parsed, innermost last
	memberSlab []Member // members of finished objects are kept in blocks
	items      []*Node  // items of the arrays being parsed, innermost last
	itemSlab   []*Node
	arena      *Arena // where blocks come from, or nil
}

// Arena is the memory of a parsed tree, handed out again to the next parse
// that is given the same arena: a caller that reads text after text, and
// is done with each tree before it reads the next, allocates the blocks of
// nodes, members and items once instead of per text (in WebAssembly the
// allocations and the collections they caused were a sixth of a
// validation). The tree of a parse is valid until the next parse with the
// arena. An Arena is not for concurrent use; its zero value is ready.
type Arena struct {
	nodes     [][]Node
	members   [][]Member
	items     [][]*Node
	next      [3]int // the next block of nodes, members and items to hand out
	size      int    // bytes in the blocks
	open      []Member
	openItems []*Node
	frames    []frame
	path      []Step
}

// Size returns the bytes the arena holds, for a caller deciding whether
// to keep it.
func (a *Arena) Size() int { return a.size }

// nodeBlock makes the next block of nodes current: the arena's next one,
// cleared, or a new one.
func (p *parser) nodeBlock() {
	a := p.arena
	if a == nil {
		p.slab = make([]Node, 128)
		return
	}
	if a.next[0] < len(a.nodes) {
		p.slab = a.nodes[a.next[0]]
		clear(p.slab)
	} else {
		p.slab = make([]Node, 128)
		a.nodes = append(a.nodes, p.slab)
		a.size += 128 * int(unsafe.Sizeof(Node{}))
	}
	a.next[0]++
}

// memberBlock returns a block of at least n members: the arena's next one
// when n fits the arena's block size, else a new one. Members are copied
// in whole, so a block is not cleared.
func (p *parser) memberBlock(n int) []Member {
	a := p.arena
	if a == nil || n > 256 {
		return make([]Member, max(256, n))
	}
	if a.next[1] == len(a.members) {
		a.members = append(a.members, make([]Member, 256))
		a.size += 256 * int(unsafe.Sizeof(Member{}))
	}
	a.next[1]++
	return a.members[a.next[1]-1]
}

// itemBlock is memberBlock for array items.
func (p *parser) itemBlock(n int) []*Node {
	a := p.arena
	if a == nil || n > 256 {
		return make([]*Node, max(256, n))
	}
	if a.next[2] == len(a.items) {
		a.items = append(a.items, make([]*Node, 256))
		a.size += 256 * int(unsafe.Sizeof((*Node)(nil)))
	}
	a.next[2]++
	return a.items[a.next[2]-1]
}

// view returns text[start:end] as a string without copying it, so reading
// the text allocates nothing per key or value; see [Parse] for what that
// asks of the caller.
func (p *parser) view(start, end int) string {
	if start >= end {
		return ""
	}
	return unsafe.String(&p.text[start], end-start)
}

// newNode returns a node from the current block. value makes sure there
// is one before it reads a value, which makes one node (an object or
// array its own before those of its members): the check costs less there
// than a call to a newNode too large to be inlined.
func (p *parser) newNode(kind byte, start int) *Node {
	n := &p.slab[0]
	p.slab = p.slab[1:]
	n.Kind, n.Start = kind, start
	return n
}

// Parse reads one JSON value from text[start:], nested at most maxDepth
// deep, and returns it with the issues met. The value is nil when an issue
// stopped the reading. Strings of the result that need no unescaping share
// memory with text (nothing is copied), so text must not change while the
// result is in use.
func Parse(text []byte, start, maxDepth int) (*Node, []Issue) {
	n, issues, _ := ParseBounded(text, start, maxDepth, -1)
	return n, issues
}

// ParseBounded is [Parse] keeping at most maxDuplicates json-duplicate-key
// issues (all of them when maxDuplicates is negative); omitted is how many
// more it met. The members are marked shadowed all the same. A caller that
// shows a bounded number of findings passes its bound, so the cost of a
// text repeating one key a million times is the parsing alone.
func ParseBounded(text []byte, start, maxDepth, maxDuplicates int) (n *Node, issues []Issue, omitted int) {
	return ParseIn(nil, text, start, maxDepth, maxDuplicates)
}

// ParseIn is [ParseBounded] taking the tree's memory from a, when a is not
// nil: the tree of the previous parse with a is overwritten, so its caller
// must be done with it.
func ParseIn(a *Arena, text []byte, start, maxDepth, maxDuplicates int) (n *Node, issues []Issue, omitted int) {
	p := &parser{text: text, pos: start, maxDepth: maxDepth, maxDuplicates: maxDuplicates, arena: a}
	if a != nil {
		a.next = [3]int{}
		p.open, p.items, p.frames, p.path = a.open[:0], a.openItems[:0], a.frames[:0], a.path[:0]
	}
	n = p.document()
	if a != nil {
		// their room, for the next parse
		a.open, a.openItems, a.frames, a.path = p.open[:0], p.items[:0], p.frames[:0], p.path[:0]
	}
	return n, p.issues, p.omitted
}

// document reads the one value of the text and notes trailing text; nil
// when an issue stopped the reading.
func (p *parser) document() *Node {
	p.skipSpace()
	if p.pos >= len(p.text) {
		p.fail("input-empty", p.pos, p.pos)
		return nil
	}
	n := p.value()
	if p.fatal {
		return nil
	}
	p.skipSpace()
	if p.pos < len(p.text) {
		p.issues = append(p.issues, Issue{Code: "json-trailing-text", Start: p.pos, End: len(p.text),
			Removable: true})
	}
	return n
}

func (p *parser) fail(code string, start, end int, args ...any) {
	if !p.fatal {
		p.issues = append(p.issues, Issue{Code: code, Start: start, End: end, Args: args})
	}
	p.fatal = true
}

// skip is skipSpace with its most common case inline, nothing to skip:
// in WebAssembly a call costs more than the bytes most skips pass over.
func (p *parser) skip() {
	if p.pos < len(p.text) && !spaceStart[p.text[p.pos]] {
		return
	}
	p.skipSpace()
}

// spaceStart marks the bytes skipSpace may skip from: whitespace and the
// slash of a comment.
var spaceStart = [256]bool{' ': true, '\n': true, '\t': true, '\r': true, '/': true}

// skipSpace skips whitespace and reports (then skips) comments. The text
// and offset are kept in locals: in WebAssembly a field is a memory load
// and store per byte.
func (p *parser) skipSpace() {
	text, i := p.text, p.pos
	for i < len(text) {
		if i+8 <= len(text) {
			// Whitespace eight bytes at a time, its end found in the
			// word, not byte by byte (in WebAssembly every branch of a
			// byte loop is a jump through the function's block table):
			// a newline and its indentation is one step.
			n := whitespaceAt(load64(text, i))
			i += n
			if n == 8 {
				continue
			}
		} else if c := text[i]; c == ' ' || c == '\n' || c == '\t' || c == '\r' {
			i++
			continue
		}
		if i >= len(text) || text[i] != '/' {
			break
		}
		p.pos = i
		if !p.comment() {
			return
		}
		i = p.pos
	}
	p.pos = i
}

// comment consumes a // or /* */ comment and records it as an error with a
// fix that deletes it, or puts one space in its place where deleting it
// would join the bytes on either side into one token ("0/**/0" is two
// values, "00" one; "tru/**/e" would become true).
func (p *parser) comment() bool {
	start := p.pos
	if start+1 >= len(p.text) {
		return false
	}
	switch p.text[start+1] {
	case '/':
		end := start + 2
		for end < len(p.text) && p.text[end] != '\n' && p.text[end] != '\r' {
			end++
		}
		p.pos = end
	case '*':
		i := bytes.Index(p.text[start+2:], []byte("*/"))
		if i < 0 {
			p.fail("json-comment-unclosed", start, len(p.text))
			p.pos = len(p.text)
			return true
		}
		p.pos = start + 2 + i + 2
	default:
		return false
	}
	repair := ""
	if start > 0 && p.pos < len(p.text) && !separates[p.text[start-1]] && !separates[p.text[p.pos]] {
		repair = " "
	}
	p.issues = append(p.issues, Issue{Code: "json-comment", Start: start, End: p.pos,
		Removable: true, Repair: repair})
	return true
}

// separates marks the bytes that end a token whatever follows them, so a
// comment beside one can be deleted: white space, the structural
// characters and the quote. A slash is not among them: it may close
// another comment that its own fix deletes.
var separates = [256]bool{' ': true, '\n': true, '\t': true, '\r': true,
	'{': true, '}': true, '[': true, ']': true, ',': true, ':': true, '"': true}

func (p *parser) value() *Node {
	if p.fatal {
		return nil
	}
	if len(p.slab) == 0 {
		p.nodeBlock()
	}
	if p.pos >= len(p.text) {
		p.fail("json-truncated", p.pos, p.pos)
		return nil
	}
	switch c := p.text[p.pos]; {
	case c == '"':
		start := p.pos
		str, ok := p.str()
		if !ok {
			return nil
		}
		n := p.newNode('"', start)
		n.End, n.Str = p.pos, str
		return n
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", 't')
	case c == 'f':
		return p.literal("false", 'f')
	case c == 'n':
		return p.literal("null", 'n')
	case c == '\'':
		p.fail("json-single-quote", p.pos, p.pos+1)
	case isIdentByte(c):
		return p.literal("", 0)
	default:
		p.fail("json-unexpected", p.pos, p.pos+1, runeAt(p.text, p.pos))
	}
	return nil
}

func runeAt(text []byte, pos int) string {
	r, _ := utf8.DecodeRune(text[pos:])
	return string(r)
}

func (p *parser) enter(start int) bool {
	p.depth++
	if p.depth > p.maxDepth {
		p.fail("json-too-deep", start, start+1, p.maxDepth)
		return false
	}
	return true
}

func (p *parser) object() *Node {
	n := p.newNode('{', p.pos)
	if !p.enter(p.pos) {
		return nil
	}
	p.pos++
	base := len(p.open)
	p.frames = append(p.frames, frame{base: base})
	n = p.members(n, base)
	p.frames = p.frames[:len(p.frames)-1]
	p.open = p.open[:base]
	p.depth--
	return n
}

// members reads an object's members after its opening brace onto the stack
// of open members from base, and keeps them in n when the object closes.
func (p *parser) members(n *Node, base int) *Node {
	var seen *keyIndex // built once the object is large enough to need it
	var keys uint64    // the keyBit of each key read
	for {
		// White space of up to 15 bytes (a newline and a pretty-printed
		// indentation) is skipped here, in two words, as it is after a
		// value and after a comma: a call to skipSpace in each of these
		// places cost more than its work (2% of the 20-stage payload's
		// instructions in WebAssembly). Anything else is left to skipSpace.
		if j := p.pos; j < len(p.text) && spaceStart[p.text[j]] {
			if text := p.text; j+16 < len(text) {
				n := whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j])))
				if n == 8 {
					n += whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j+8])))
				}
				if n < 16 && !spaceStart[text[j+n]] {
					p.pos = j + n
				} else {
					p.skipSpace()
				}
			} else {
				p.skipSpace()
			}
		}
		if p.pos >= len(p.text) {
			p.fail("json-truncated", p.pos, p.pos)
			return nil
		}
		if p.text[p.pos] == '}' {
			p.pos++
			n.End = p.pos
			n.Members = p.keep(p.open[base:])
			return n
		}
		if len(p.open) > base && p.open[len(p.open)-1].Comma < 0 {
			p.fail("json-expected-comma", p.pos, p.pos+1, runeAt(p.text, p.pos))
			return nil
		}
		// The member is read in its place on the stack, not copied there.
		// The stack grows by a reslice when it has room, and the fields
		// member does not set are set here: appending a Member literal
		// was a memory.fill and a memory.copy per member, calls out of
		// WebAssembly.
		i := len(p.open)
		if i < cap(p.open) {
			p.open = p.open[:i+1]
		} else {
			p.open = appendDoubling(p.open, Member{})
		}
		m := &p.open[i]
		m.KeyStart, m.Comma, m.Shadowed = p.pos, -1, false
		if !p.member(i) {
			return nil
		}
		// A key whose bit is clear in keys is new: most keys are looked
		// for among the object's others only when their bits say they
		// may be there.
		key := p.open[i].Key
		bit := keyBit(key)
		if seen != nil || i-base >= 32 || keys&bit != 0 && hasKey(p.open[base:i], key) {
			seen = p.markDuplicate(p.open[base:i], p.open[i], seen)
		}
		keys |= bit
	}
}

// appendDoubling is append that doubles a full slice: append grows large
// slices by a quarter, which copies a stack of a million members about
// five times over; doubling copies it about twice.
func appendDoubling[T any](s []T, v T) []T {
	if len(s) == cap(s) && cap(s) >= 256 {
		s = slices.Grow(s, len(s))
	}
	return append(s, v)
}

// keepItems copies the items of a finished array out of the parser's stack.
func (p *parser) keepItems(items []*Node) []*Node {
	if len(items) == 0 {
		return nil
	}
	if len(p.itemSlab) < len(items) {
		p.itemSlab = p.itemBlock(len(items))
	}
	out := p.itemSlab[:len(items):len(items)]
	p.itemSlab = p.itemSlab[len(items):]
	copy(out, items)
	return out
}

// keep copies the members of a finished object out of the parser's stack
// of open members into a block shared with other objects.
func (p *parser) keep(ms []Member) []Member {
	if len(ms) == 0 {
		return nil
	}
	if len(p.memberSlab) < len(ms) {
		p.memberSlab = p.memberBlock(len(ms))
	}
	out := p.memberSlab[:len(ms):len(ms)]
	p.memberSlab = p.memberSlab[len(ms):]
	copy(out, ms)
	return out
}

// markDuplicate reports m when its key is already in n, shadowing the
// earlier occurrence; the issue points at the key, and the last value is
// the one that counts.
func (p *parser) markDuplicate(members []Member, m Member, seen *keyIndex) *keyIndex {
	prev := -1
	if seen != nil {
		prev = seen.put(m.Key, len(members))
	} else {
		for i := range members {
			if members[i].Key == m.Key {
				prev = i
			}
		}
		if len(members) >= 32 {
			seen = &keyIndex{slot: make(map[string]int, 2*len(members))}
			for i, o := range members {
				seen.put(o.Key, i)
			}
			seen.put(m.Key, len(members))
		}
	}
	if prev < 0 {
		return seen
	}
	members[prev].Shadowed = true
	if p.maxDuplicates >= 0 && p.duplicates >= p.maxDuplicates {
		p.omitted++
		return seen
	}
	p.duplicates++
	ptr := p.pointer() + Pointer(m.Key)
	p.issues = append(p.issues, Issue{Code: "json-duplicate-key", Start: m.KeyStart, End: m.KeyEnd,
		Args: []any{m.Key}, Pointer: ptr})
	return seen
}

// keyBit is one of 64 bits for a key, from its length and its first and
// last bytes: equal keys have equal bits.
func keyBit(key string) uint64 {
	h := uint(len(key))
	if len(key) > 0 {
		h += uint(key[0])<<1 + uint(key[len(key)-1])<<3
	}
	return 1 << (h & 63)
}

// hasKey reports whether a member of a small object has key: most keys
// are new, and looking is cheaper than a call to markDuplicate.
func hasKey(members []Member, key string) bool {
	for i := range members {
		if k := members[i].Key; len(k) == len(key) && sameStart(k, key) && Equal(k, key) {
			return true
		}
	}
	return false
}

// keyIndex finds the last member of an object with a key: one map look-up
// per member when the key is repeated, as in a text of a million copies of
// one key.
type keyIndex struct {
	slot map[string]int // key → index into last
	last []int          // index of the key's latest member
}

// put records member i with key and returns the index of the key's
// previous member, or -1.
func (k *keyIndex) put(key string, i int) int {
	if s, ok := k.slot[key]; ok {
		prev := k.last[s]
		k.last[s] = i
		return prev
	}
	k.slot[key] = len(k.last)
	k.last = append(k.last, i)
	return -1
}

// frame is an object or array being read: where its members or items
// start on the stack of open ones.
type frame struct {
	base  int
	array bool
}

// pointer returns the RFC 6901 pointer of the object being read, the
// innermost frame. Each outer frame's step is its member being read (the
// last before the members of the next object inward) or its count of
// items read (up to the items of the next array inward).
func (p *parser) pointer() string {
	last := len(p.frames) - 1
	p.path = slices.Grow(p.path[:0], last)[:last]
	nextObject, nextArray := p.frames[last].base, len(p.items)
	for j := last - 1; j >= 0; j-- {
		f := p.frames[j]
		if f.array {
			p.path[j] = Step{Index: nextArray - f.base, IsIndex: true}
			nextArray = f.base
		} else {
			p.path[j] = Step{Key: p.open[nextObject-1].Key}
			nextObject = f.base
		}
	}
	return StepsPointer(p.path)
}

// member reads `"key": value` and an optional comma into p.open[i], whose
// KeyStart is set; a comma directly before the closing brace is reported
// with a fix that deletes it.
func (p *parser) member(i int) bool {
	if p.text[p.pos] != '"' {
		if p.text[p.pos] == '\'' {
			p.fail("json-single-quote", p.pos, p.pos+1)
		} else {
			p.fail("json-expected-key", p.pos, p.pos+1, runeAt(p.text, p.pos))
		}
		return false
	}
	// A key without escapes is read here, eight bytes at a time as str
	// reads it, without str's call: every byte before j is plain, so a
	// quote at j ends the key.
	var key string
	text, j := p.text, p.pos+1
	for j+8 <= len(text) {
		if w := stopMask(load64(text, j)); w != 0 {
			j += bits.TrailingZeros64(w) >> 3
			break
		}
		j += 8
	}
	if j < len(text) && text[j] == '"' {
		key = p.view(p.pos+1, j)
		p.pos = j + 1
	} else {
		var ok bool
		if key, ok = p.str(); !ok {
			return false
		}
	}
	m := &p.open[i]
	m.Key, m.KeyEnd = key, p.pos
	if p.pos >= len(p.text) || p.text[p.pos] != ':' {
		p.skipSpace()
	}
	if p.pos >= len(p.text) || p.text[p.pos] != ':' {
		if p.pos >= len(p.text) {
			p.fail("json-truncated", p.pos, p.pos)
		} else {
			p.fail("json-expected-colon", p.pos, p.pos+1, runeAt(p.text, p.pos))
		}
		return false
	}
	p.pos++
	if i := p.pos; i+1 < len(p.text) && p.text[i] == ' ' && !spaceStart[p.text[i+1]] {
		p.pos++ // one space after the colon, as most writers put it
	} else {
		p.skip()
	}
	var val *Node
	if p.pos < len(p.text) && p.text[p.pos] == '"' {
		// A string, the most common value, is read here: a call fewer
		// per member (in WebAssembly a call costs several loop steps).
		if len(p.slab) == 0 {
			p.nodeBlock()
		}
		start := p.pos
		s, ok := p.str()
		if !ok {
			return false
		}
		val = p.newNode('"', start)
		val.End, val.Str = p.pos, s
	} else if p.pos < len(p.text) && p.text[p.pos]-'0' <= 9 {
		// A number, the next most common value, without value's call.
		if len(p.slab) == 0 {
			p.nodeBlock()
		}
		if val = p.number(); p.fatal {
			return false
		}
	} else if p.pos < len(p.text) && p.text[p.pos] == '{' {
		// An object, without value's call.
		if len(p.slab) == 0 {
			p.nodeBlock()
		}
		if val = p.object(); p.fatal { // may grow p.open: m is not used past here
			return false
		}
	} else if val = p.value(); p.fatal { // may grow p.open: m is not used past here
		return false
	}
	m = &p.open[i]
	m.Val, m.Comma = val, -1
	// The comma, read here instead of by a call: a comma directly
	// before the closing brace is reported, and the member has none.
	if j := p.pos; j < len(p.text) && spaceStart[p.text[j]] {
		if text := p.text; j+16 < len(text) {
			n := whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j])))
			if n == 8 {
				n += whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j+8])))
			}
			if n < 16 && !spaceStart[text[j+n]] {
				p.pos = j + n
			} else {
				p.skipSpace()
			}
		} else {
			p.skipSpace()
		}
	}
	if p.pos < len(p.text) && p.text[p.pos] == ',' {
		comma := p.pos
		p.pos++
		// The white space after the comma, most often a newline and an
		// indentation of under 16 bytes, is skipped here in two words
		// (see members); anything else is left to skipSpace.
		if j := p.pos; j < len(p.text) && spaceStart[p.text[j]] {
			if text := p.text; j+16 < len(text) {
				n := whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j])))
				if n == 8 {
					n += whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j+8])))
				}
				if n < 16 && !spaceStart[text[j+n]] {
					p.pos = j + n
				} else {
					p.skipSpace()
				}
			} else {
				p.skipSpace()
			}
		}
		if p.pos < len(p.text) && p.text[p.pos] == '}' {
			p.issues = append(p.issues, Issue{Code: "json-trailing-comma", Start: comma, End: comma + 1,
				Removable: true})
		} else {
			m.Comma = comma
		}
	}
	return true
}

func (p *parser) array() *Node {
	n := p.newNode('[', p.pos)
	if !p.enter(p.pos) {
		return nil
	}
	p.pos++
	base := len(p.items)
	p.frames = append(p.frames, frame{base: base, array: true})
	n = p.elements(n, base)
	p.frames = p.frames[:len(p.frames)-1]
	p.items = p.items[:base]
	p.depth--
	return n
}

// elements reads an array's items after its opening bracket onto the stack
// of open items from base, and keeps them in n when the array closes.
func (p *parser) elements(n *Node, base int) *Node {
	comma := true
	for {
		if j := p.pos; j < len(p.text) && spaceStart[p.text[j]] {
			if text := p.text; j+16 < len(text) {
				n := whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j])))
				if n == 8 {
					n += whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j+8])))
				}
				if n < 16 && !spaceStart[text[j+n]] {
					p.pos = j + n
				} else {
					p.skipSpace()
				}
			} else {
				p.skipSpace()
			}
		}
		if p.pos >= len(p.text) {
			p.fail("json-truncated", p.pos, p.pos)
			return nil
		}
		if p.text[p.pos] == ']' {
			p.pos++
			n.End = p.pos
			n.Items = p.keepItems(p.items[base:])
			return n
		}
		if !comma {
			p.fail("json-expected-comma", p.pos, p.pos+1, runeAt(p.text, p.pos))
			return nil
		}
		var item *Node
		if p.text[p.pos] == '"' {
			// A string is read here, a call fewer per item (see member).
			if len(p.slab) == 0 {
				p.nodeBlock()
			}
			start := p.pos
			s, ok := p.str()
			if !ok {
				return nil
			}
			item = p.newNode('"', start)
			item.End, item.Str = p.pos, s
		} else if item = p.value(); p.fatal {
			return nil
		}
		p.items = appendDoubling(p.items, item)
		// The comma, as member reads it.
		if j := p.pos; j < len(p.text) && spaceStart[p.text[j]] {
			if text := p.text; j+16 < len(text) {
				n := whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j])))
				if n == 8 {
					n += whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j+8])))
				}
				if n < 16 && !spaceStart[text[j+n]] {
					p.pos = j + n
				} else {
					p.skipSpace()
				}
			} else {
				p.skipSpace()
			}
		}
		comma = false
		if p.pos < len(p.text) && p.text[p.pos] == ',' {
			at := p.pos
			p.pos++
			if j := p.pos; j < len(p.text) && spaceStart[p.text[j]] {
				if text := p.text; j+16 < len(text) {
					n := whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j])))
					if n == 8 {
						n += whitespaceAt(*(*uint64)(unsafe.Pointer(&text[j+8])))
					}
					if n < 16 && !spaceStart[text[j+n]] {
						p.pos = j + n
					} else {
						p.skipSpace()
					}
				} else {
					p.skipSpace()
				}
			}
			if p.pos < len(p.text) && p.text[p.pos] == ']' {
				p.issues = append(p.issues, Issue{Code: "json-trailing-comma", Start: at, End: at + 1,
					Removable: true})
			} else {
				comma = true
			}
		}
	}
}

func (p *parser) literal(word string, kind byte) *Node {
	start := p.pos
	if word == "" || !strings.HasPrefix(string(p.text[start:min(len(p.text), start+len(word))]), word) {
		end := start
		for end < len(p.text) && isIdentByte(p.text[end]) {
			end++
		}
		p.fail("json-unexpected-word", start, max(end, start+1), string(p.text[start:max(end, start+1)]))
		return nil
	}
	p.pos += len(word)
	n := p.newNode(kind, start)
	n.End = p.pos
	return n
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// number reads a number; the text and the offset are kept in locals, as
// in skipSpace.
func (p *parser) number() *Node {
	text, start := p.text, p.pos
	i := start
	if text[i] == '-' {
		i++
	}
	digits := func() int {
		s := i
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
		}
		return i - s
	}
	intStart := i
	if digits() == 0 || (text[intStart] == '0' && i-intStart > 1) {
		p.fail("json-bad-number", start, max(i, start+1))
		return nil
	}
	if i < len(text) && text[i] == '.' {
		i++
		if digits() == 0 {
			p.fail("json-bad-number", start, i)
			return nil
		}
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.fail("json-bad-number", start, i)
			return nil
		}
	}
	p.pos = i
	n := p.newNode('0', start)
	n.End, n.Str = i, p.view(start, i)
	return n
}

// str reads a JSON string starting at the opening quote.
func (p *parser) str() (string, bool) {
	start, text := p.pos, p.text
	i := p.pos + 1
	// Sixteen bytes a step while they last (each step back is a jump
	// through the function's block table), then eight; a stop found in
	// the first loop is found again at once by the second.
	for i+16 <= len(text) {
		n := stopAt(load64(text, i))
		if n == 8 {
			n += stopAt(load64(text, i+8))
		}
		i += n
		if n < 16 {
			break
		}
	}
	for i+8 <= len(text) {
		n := stopAt(load64(text, i))
		i += n
		if n < 8 {
			break
		}
	}
	if i+8 > len(text) {
		for i < len(text) && !stringStop[text[i]] {
			i++
		}
	}
	if i < len(text) && text[i] == '"' {
		p.pos = i + 1
		return p.view(start+1, i), true
	}
	// An escape: the builder is grown to the length of the string's text,
	// which its decoded value never exceeds, so it is allocated once
	// instead of doubling from nothing (a schema written as a string
	// escapes every quote).
	end := i
	for end < len(text) && text[end] != '"' {
		if text[end] == '\\' {
			end++
		}
		end++
		// The plain bytes up to the next stop, eight at a time.
		for end+8 <= len(text) {
			n := stopAt(load64(text, end))
			end += n
			if n < 8 {
				break
			}
		}
	}
	var b strings.Builder
	b.Grow(min(end, len(text)) - p.pos)
	i = p.pos + 1
	plainFrom := i
	for {
		if i >= len(p.text) {
			p.fail("json-unterminated-string", start, len(p.text))
			return "", false
		}
		c := p.text[i]
		switch {
		case c == '"':
			b.Write(p.text[plainFrom:i])
			p.pos = i + 1
			return b.String(), true
		case c < 0x20:
			p.fail("json-control-char", i, i+1)
			return "", false
		case c == '\\':
			b.Write(p.text[plainFrom:i])
			if i+1 < len(p.text) {
				// A one-letter escape (most often \" in a string that
				// holds JSON) is decoded here, without escape's call.
				if r, ok := simpleEscape(p.text[i+1]); ok {
					b.WriteByte(r)
					i += 2
					plainFrom = i
					continue
				}
			}
			n, ok := p.escape(i, &b)
			if !ok {
				return "", false
			}
			i = n
			plainFrom = i
		default:
			i++
			// The plain bytes up to the next stop, eight at a time
			// (a schema written as a string escapes every quote, and
			// between them are runs of plain bytes).
			for i+8 <= len(p.text) {
				n := stopAt(load64(p.text, i))
				i += n
				if n < 8 {
					break
				}
			}
		}
	}
}

// load64 reads the eight bytes text[i:i+8] as one little-endian word; the
// compiler makes it a single load, in WebAssembly too.
func load64(text []byte, i int) uint64 {
	b := text[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// stopMask has the high bit of each byte of x that may be a stopping byte
// set. Its lowest set bit is exact: a borrow of the subtractions only
// carries into a byte above one that really stops, so the first byte
// flagged is the first byte that stops.
func stopMask(x uint64) uint64 {
	q, b := x^('"'*ones), x^('\\'*ones)
	return ((q-ones)&^q | (b-ones)&^b | (x-0x20*ones)&^x) & highs
}

// stopAt returns the index in x, a word of eight string bytes read by
// load64, of the first byte stringStop marks, or 8 when there is none.
func stopAt(x uint64) int { return bits.TrailingZeros64(stopMask(x)) >> 3 }

// whitespaceAt returns how many of the bytes of x, a word read by load64,
// are JSON whitespace (space, newline, tab, carriage return) before the
// first that is not (8 when all are). Each byte is compared with each of
// the four exactly, without a borrow or carry between bytes: the high bit
// of (b&0x7F)+0x7F | b is set when b is not zero.
func whitespaceAt(x uint64) int {
	const lows = 0x7F7F7F7F7F7F7F7F
	s, n, t, r := x^(' '*ones), x^('\n'*ones), x^('\t'*ones), x^('\r'*ones)
	other := (s&lows + lows | s) & (n&lows + lows | n) & (t&lows + lows | t) & (r&lows + lows | r)
	return bits.TrailingZeros64(other&highs) >> 3
}

// stringStop marks the bytes that end a run of plain string bytes: the
// quote, the backslash and control characters.
var stringStop = [256]bool{0: true, 1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true,
	8: true, 9: true, 10: true, 11: true, 12: true, 13: true, 14: true, 15: true,
	16: true, 17: true, 18: true, 19: true, 20: true, 21: true, 22: true, 23: true,
	24: true, 25: true, 26: true, 27: true, 28: true, 29: true, 30: true, 31: true,
	'"': true, '\\': true}

// escape decodes the escape sequence at text[i] and returns the offset after it.
func (p *parser) escape(i int, b *strings.Builder) (int, bool) {
	if i+1 >= len(p.text) {
		p.fail("json-unterminated-string", i, len(p.text))
		return 0, false
	}
	if r, ok := simpleEscape(p.text[i+1]); ok {
		b.WriteByte(r)
		return i + 2, true
	}
	if p.text[i+1] != 'u' {
		p.fail("json-bad-escape", i, i+2, string(p.text[i:i+2]))
		return 0, false
	}
	r, ok := p.hex4(i + 2)
	if !ok {
		return 0, false
	}
	next := i + 6
	if utf16.IsSurrogate(r) && next+1 < len(p.text) && p.text[next] == '\\' && p.text[next+1] == 'u' {
		if r2, ok := p.hex4(next + 2); ok {
			if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
				b.WriteRune(dec)
				return next + 6, true
			}
		}
	}
	if utf16.IsSurrogate(r) {
		r = utf8.RuneError
	}
	b.WriteRune(r)
	return next, true
}

func (p *parser) hex4(i int) (rune, bool) {
	if i+4 > len(p.text) {
		p.fail("json-bad-escape", i-2, len(p.text), string(p.text[i-2:]))
		return 0, false
	}
	var v rune
	for _, c := range p.text[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			c = c | 0x20 - 'a' + 10
		default:
			p.fail("json-bad-escape", i-2, i+4, string(p.text[i-2:i+4]))
			return 0, false
		}
		v = v<<4 | rune(c)
	}
	return v, true
}

// PointerTokens splits an RFC 6901 pointer into its unescaped tokens; the
// root "" has none.
func PointerTokens(pointer string) []string {
	if pointer == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	if !strings.Contains(pointer, "~") {
		return toks // nothing escaped
	}
	for i, t := range toks {
		toks[i] = unescapeToken(t)
	}
	return toks
}

// Child returns the value of an object's key (the last, of duplicates) or
// an array's index; nil when there is none or n is nil.
func (n *Node) Child(tok string) *Node {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case '{':
		// Member's loop, written out: the rules ask for children by key
		// a dozen times a stage, and in WebAssembly a call costs more
		// than most of the comparisons. Two members a step: each step
		// back is a jump through the function's block table.
		ms := n.Members
		i := len(ms) - 1
		for ; i >= 1; i -= 2 {
			if k := ms[i].Key; len(k) == len(tok) && sameStart(k, tok) && Equal(k, tok) {
				return ms[i].Val
			}
			if k := ms[i-1].Key; len(k) == len(tok) && sameStart(k, tok) && Equal(k, tok) {
				return ms[i-1].Val
			}
		}
		if i == 0 {
			if k := ms[0].Key; len(k) == len(tok) && sameStart(k, tok) && Equal(k, tok) {
				return ms[0].Val
			}
		}
	case '[':
		i, ok := format.Atoi(tok)
		if ok && i >= 0 && i < len(n.Items) {
			return n.Items[i]
		}
	}
	return nil
}

// Member returns an object's member with the key; of duplicates, the last,
// which is the value JSON.parse and encoding/json keep. It returns nil when
// there is none or n is not an object.
func (n *Node) Member(key string) *Member {
	if n == nil || n.Kind != '{' {
		return nil
	}
	for i := len(n.Members) - 1; i >= 0; i-- {
		if k := n.Members[i].Key; len(k) == len(key) && sameStart(k, key) && Equal(k, key) {
			return &n.Members[i]
		}
	}
	return nil
}

// unescapeToken turns ~1 into / and ~0 into ~, left to right, as RFC 6901
// says (so ~01 is ~1); any other ~ stays. A loop, not a strings.Replacer,
// whose tries cost the WebAssembly module about 4 KB brotli.
func unescapeToken(t string) string {
	if !strings.Contains(t, "~") {
		return t
	}
	b := make([]byte, 0, len(t))
	for i := 0; i < len(t); i++ {
		if t[i] == '~' && i+1 < len(t) && (t[i+1] == '0' || t[i+1] == '1') {
			b = append(b, "~/"[t[i+1]-'0'])
			i++
			continue
		}
		b = append(b, t[i])
	}
	return string(b)
}

// escapeToken writes t to b with ~ as ~0 and / as ~1 (RFC 6901).
func escapeToken(b *strings.Builder, t string) {
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '~':
			b.WriteString("~0")
		case '/':
			b.WriteString("~1")
		default:
			b.WriteByte(t[i])
		}
	}
}

// Pointer builds an RFC 6901 pointer from path tokens, escaping ~ and /.
func Pointer(tokens ...string) string {
	if len(tokens) == 1 && !strings.ContainsAny(tokens[0], "~/") {
		return "/" + tokens[0]
	}
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		escapeToken(&b, t)
	}
	return b.String()
}

// simpleEscape decodes the one-letter escapes of RFC 8259.
func simpleEscape(c byte) (byte, bool) {
	switch c {
	case '"', '\\', '/':
		return c, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

// StepsPointer returns the RFC 6901 pointer of a path of steps from the
// root; the root is "".
func StepsPointer(steps []Step) string {
	var b strings.Builder
	for _, s := range steps {
		b.WriteByte('/')
		switch {
		case s.IsIndex:
			b.WriteString(strconv.Itoa(s.Index))
		case strings.ContainsAny(s.Key, "~/"):
			escapeToken(&b, s.Key)
		default:
			b.WriteString(s.Key) // nothing to escape
		}
	}
	return b.String()
}
