package search

import (
	"bytes"
	"html"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/atom"
)

// Section is a part of a rendered page: the text under one h2 or h3, or
// the intro before the first (ID empty).
type Section struct {
	ID      string
	Heading string
	Text    string
	Rows    []string // ids of the table rows in it, which are entries of their own (rowEntry)
	Parent  string   // for an h3, the heading of the h2 it sits under: what the section is part of
}

// skipped reports the elements whose text is not prose: code, the
// copy-both bundle, buttons and scripts, the page's own navigation.
func skipped(a atom.Atom) bool {
	switch a {
	case atom.Pre, atom.Textarea, atom.Script, atom.Style, atom.Button, atom.Nav, atom.Figure, atom.Svg, atom.Select, atom.Noscript:
		return true
	}
	return false
}

// rowEntry reports a table row with an id: a row of a generated protocol
// table, which is an entry of its own (its text would only double the
// section's, and the index's size).
func rowEntry(a atom.Atom, id []byte) bool { return a == atom.Tr && len(id) > 0 }

// skippedClass are classes of elements left out for the same reasons.
var skippedClass = []string{"bundle", "anchor", "copy-status", "visually-hidden", "validator-tool", "toc", "page-meta", "skill-card"}

// Sections reads the sections of the <main> element of an HTML page. Text
// of inline elements joins without spaces (Chinese has none); block
// elements and table cells are separated by a space.
//
// The pages are the generator's own well-formed output, and reading them
// is most of the cost of the index, so a small scanner (scanner below)
// reads them rather than golang.org/x/net/html; a test holds the two to
// the same result on every built page.
func Sections(page []byte) []Section {
	if i := bytes.Index(page, []byte("<main")); i > 0 {
		page = page[i:]
	}
	sc := scanner{src: page}
	var (
		out     []Section
		cur     = &Section{}
		text    []byte // the current section's text, its buffer kept from section to section
		heading []byte // the current heading's text while inside it
		inHead  bool
		headTag atom.Atom
		inMain  bool
		skip    int // depth inside a skipped element
		depth   int
		parent  string // the heading of the last h2
	)
	flush := func() {
		cur.Text = collapse(text)
		if cur.ID != "" || cur.Text != "" || len(out) == 0 {
			out = append(out, *cur)
		}
		text = text[:0]
	}
	for {
		switch sc.next() {
		case eof:
			if inMain {
				flush()
			}
			return out
		case startTok:
			t := sc.tag
			if t.atom == atom.Main {
				inMain = true
				continue
			}
			if !inMain || sc.void || voidElement(t.atom) {
				if inMain && skip == 0 && t.atom == atom.Br {
					text = append(text, ' ')
				}
				continue
			}
			depth++
			switch {
			case skip > 0 || skipped(t.atom) || hasClass(t.class, skippedClass) || t.atom == atom.H1 || rowEntry(t.atom, t.id):
				if skip == 0 && rowEntry(t.atom, t.id) {
					cur.Rows = append(cur.Rows, string(t.id))
				}
				skip++
			case (t.atom == atom.H2 || t.atom == atom.H3) && len(t.id) > 0:
				flush()
				cur = &Section{ID: string(t.id)}
				if t.atom == atom.H3 {
					cur.Parent = parent
				} else {
					parent = ""
				}
				heading, inHead, headTag = heading[:0], true, t.atom
			case blockElement(t.atom):
				text = append(text, ' ')
			}
		case endTok:
			a := sc.tag.atom
			if a == atom.Main {
				flush()
				return out
			}
			if !inMain || depth == 0 {
				continue
			}
			depth--
			switch {
			case skip > 0:
				skip--
			case inHead && a == headTag:
				cur.Heading = collapse(heading)
				inHead = false
				if a == atom.H2 {
					parent = cur.Heading
				}
			case blockElement(a):
				text = append(text, ' ')
			}
		case textTok:
			if !inMain || skip > 0 {
				continue
			}
			if inHead {
				heading = sc.appendText(heading)
			} else {
				text = sc.appendText(text)
			}
		}
	}
}

// tag is a start or end tag with the two attributes the readers need,
// read in place (entities decoded only when there are some): most tags
// of a page are code's spans, whose classes are only looked at.
type tag struct {
	atom      atom.Atom
	id, class []byte
}

type token int

const (
	eof token = iota
	startTok
	endTok
	textTok
)

// scanner reads tags and text from generated HTML: comments and doctypes
// are skipped, the content of script, style and textarea is stepped over
// as one skipped element, entities in text are decoded.
type scanner struct {
	src      []byte
	pos      int
	tag      tag
	void     bool // the start tag closed itself (<br/>)
	raw      []byte
	rawClose []byte // after a raw-text start tag, the end tag to return next
}

func (s *scanner) next() token {
	if s.rawClose != nil { // the end of a script, style or textarea, its content skipped
		s.tag, s.rawClose = tag{atom: atom.Lookup(s.rawClose)}, nil
		return endTok
	}
	for s.pos < len(s.src) {
		if s.src[s.pos] != '<' {
			i := bytes.IndexByte(s.src[s.pos:], '<')
			if i < 0 {
				i = len(s.src) - s.pos
			}
			s.raw, s.pos = s.src[s.pos:s.pos+i], s.pos+i
			return textTok
		}
		rest := s.src[s.pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			s.skipPast("-->")
		case bytes.HasPrefix(rest, []byte("</")):
			s.pos += 2
			s.tag = tag{atom: tagAtom(s.name())}
			s.skipPast(">")
			return endTok
		case len(rest) > 1 && isASCIILetter(rest[1]):
			s.pos++
			s.startTag()
			return startTok
		default:
			s.skipPast(">") // <!doctype ...>, or a stray "<" in broken input
		}
	}
	return eof
}

// appendText appends the current text token to b, entities decoded.
func (s *scanner) appendText(b []byte) []byte {
	if bytes.IndexByte(s.raw, '&') < 0 {
		return append(b, s.raw...)
	}
	return append(b, html.UnescapeString(string(s.raw))...)
}

func (s *scanner) name() []byte {
	start := s.pos
	for s.pos < len(s.src) && !nameEnd[s.src[s.pos]] {
		s.pos++
	}
	return s.src[start:s.pos]
}

func (s *scanner) startTag() {
	name := s.name()
	s.tag, s.void = tag{atom: tagAtom(name)}, false
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '>':
			s.pos++
			if s.tag.atom == atom.Script || s.tag.atom == atom.Style || s.tag.atom == atom.Textarea {
				s.skipRaw(name)
			}
			return
		case c == '/' || space[c]:
			s.void = s.void || c == '/'
			s.pos++
		default:
			s.void = false
			switch s.attr() {
			case "id":
				s.tag.id = s.attrValue()
			case "class":
				s.tag.class = s.attrValue()
			default:
				s.skipValue()
			}
		}
	}
}

// attr reads an attribute's name and returns "id" or "class" for those two
// (in any ASCII case, as HTML's names are), "" for others; attrValue or
// skipValue reads its value.
func (s *scanner) attr() string {
	start := s.pos
	for s.pos < len(s.src) && !keyEnd[s.src[s.pos]] {
		s.pos++
	}
	switch key := s.src[start:s.pos]; {
	case len(key) == 2 && key[0]|0x20 == 'i' && key[1]|0x20 == 'd':
		return "id"
	case len(key) == 5 && key[0]|0x20 == 'c' && key[1]|0x20 == 'l' && key[2]|0x20 == 'a' && key[3]|0x20 == 's' && key[4]|0x20 == 's':
		return "class"
	}
	return ""
}

// value returns the raw value of the attribute whose name was just read,
// empty when it has none.
func (s *scanner) value() []byte {
	if s.pos >= len(s.src) || s.src[s.pos] != '=' {
		return nil
	}
	s.pos++
	if s.pos < len(s.src) && (s.src[s.pos] == '"' || s.src[s.pos] == '\'') {
		q := s.src[s.pos]
		end := bytes.IndexByte(s.src[s.pos+1:], q)
		if end < 0 {
			end = len(s.src) - s.pos - 1
		}
		val := s.src[s.pos+1 : s.pos+1+end]
		s.pos = min(s.pos+end+2, len(s.src))
		return val
	}
	start := s.pos
	for s.pos < len(s.src) && !unquotedEnd[s.src[s.pos]] {
		s.pos++
	}
	return s.src[start:s.pos]
}

// attrValue returns the value, entities decoded.
func (s *scanner) attrValue() []byte {
	v := s.value()
	if bytes.IndexByte(v, '&') < 0 {
		return v
	}
	return []byte(html.UnescapeString(string(v)))
}

func (s *scanner) skipValue() { s.value() }

// skipRaw steps over the content of a raw-text element up to its end tag,
// which next returns.
func (s *scanner) skipRaw(name []byte) {
	end := append([]byte("</"), name...)
	i := bytes.Index(s.src[s.pos:], end) // generated end tags are lower case
	if i < 0 {
		s.pos = len(s.src)
		return
	}
	s.pos += i
	s.skipPast(">")
	s.rawClose = name
}

func (s *scanner) skipPast(marker string) {
	i := bytes.Index(s.src[s.pos:], []byte(marker))
	if i < 0 {
		s.pos = len(s.src)
		return
	}
	s.pos += i + len(marker)
}

// tagAtom is atom.Lookup of a tag name in any case. The tags a generated
// page is mostly made of are told by their bytes first, without hashing.
func tagAtom(name []byte) atom.Atom {
	switch string(name) { // compared, not copied
	case "p":
		return atom.P
	case "a":
		return atom.A
	case "li":
		return atom.Li
	case "td":
		return atom.Td
	case "tr":
		return atom.Tr
	case "th":
		return atom.Th
	case "h2":
		return atom.H2
	case "h3":
		return atom.H3
	case "em":
		return atom.Em
	case "ol":
		return atom.Ol
	case "ul":
		return atom.Ul
	case "div":
		return atom.Div
	case "pre":
		return atom.Pre
	case "nav":
		return atom.Nav
	case "span":
		return atom.Span
	case "code":
		return atom.Code
	case "strong":
		return atom.Strong
	case "button":
		return atom.Button
	}
	return atom.Lookup(lower(name))
}

// lower returns b in lower case, copying only when it has upper case.
func lower(b []byte) []byte {
	for _, c := range b {
		if c >= 'A' && c <= 'Z' {
			return bytes.ToLower(b)
		}
	}
	return b
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// Bytes that end a tag name, an attribute name and an unquoted value, and
// HTML's white space.
var nameEnd, keyEnd, unquotedEnd, space = byteSets(" \t\n\r\f/>", " \t\n\r\f=/>", " \t\n\r\f>", " \t\n\r\f")

func byteSets(sets ...string) (a, b, c, d [256]bool) {
	out := [][256]bool{{}, {}, {}, {}}
	for i, set := range sets {
		for j := range len(set) {
			out[i][set[j]] = true
		}
	}
	return out[0], out[1], out[2], out[3]
}

// collapse is strings.Join(strings.Fields(string(s)), " ") in one pass:
// runs of white space (unicode.IsSpace) become one space, none at either
// end. Words and the single spaces between them, most of any text, are
// copied whole.
func collapse(s []byte) string {
	var b strings.Builder
	b.Grow(len(s))
	pending := false // white space since the last word
	for i := 0; i < len(s); {
		j := i
		for j < len(s) {
			c := s[j]
			switch {
			case !mayBeSpace[c]:
				j++
				continue
			case c == ' ' && j > i && j+1 < len(s) && !mayBeSpace[s[j+1]]:
				j += 2 // one space between words: kept as it is
				continue
			case c >= utf8.RuneSelf && spaceSize(s[j:]) == 0:
				j++ // a character that is not white space
				continue
			}
			break
		}
		if j > i {
			if pending {
				b.WriteByte(' ')
				pending = false
			}
			b.Write(s[i:j])
			i = j
			continue
		}
		pending = b.Len() > 0
		i += spaceSize(s[i:])
	}
	return b.String()
}

// spaceSize returns the length of the white space character (unicode.IsSpace)
// that s starts with, 0 if it starts with something else.
func spaceSize(s []byte) int {
	switch c := s[0]; {
	case c < utf8.RuneSelf:
		if asciiSpace[c] {
			return 1
		}
	case c == 0xC2: // U+0085, U+00A0
		if len(s) > 1 && (s[1] == 0x85 || s[1] == 0xA0) {
			return 2
		}
	case len(s) < 3:
	case c == 0xE1: // U+1680
		if s[1] == 0x9A && s[2] == 0x80 {
			return 3
		}
	case c == 0xE2: // U+2000-U+200A, U+2028, U+2029, U+202F, U+205F
		if s[1] == 0x80 && (s[2] >= 0x80 && s[2] <= 0x8A || s[2] == 0xA8 || s[2] == 0xA9 || s[2] == 0xAF) || s[1] == 0x81 && s[2] == 0x9F {
			return 3
		}
	case c == 0xE3: // U+3000
		if s[1] == 0x80 && s[2] == 0x80 {
			return 3
		}
	}
	return 0
}

// mayBeSpace marks the bytes that are white space or may start it in
// UTF-8: U+0085 and U+00A0 (0xC2), U+1680 (0xE1), U+2000-U+205F (0xE2),
// U+3000 (0xE3).
var mayBeSpace = func() (t [256]bool) {
	for _, c := range []byte{'\t', '\n', '\v', '\f', '\r', ' ', 0xC2, 0xE1, 0xE2, 0xE3} {
		t[c] = true
	}
	return t
}()

// asciiSpace is unicode.IsSpace for ASCII.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// hasClass reports whether the class attribute class lists one of classes.
func hasClass(class []byte, classes []string) bool {
	if len(class) == 0 {
		return false
	}
	if !isASCII(class) {
		return slices.ContainsFunc(strings.Fields(string(class)), func(c string) bool { return slices.Contains(classes, c) })
	}
	for i := 0; i < len(class); {
		for i < len(class) && asciiSpace[class[i]] {
			i++
		}
		j := i
		for j < len(class) && !asciiSpace[class[j]] {
			j++
		}
		for _, want := range classes {
			if j > i && string(class[i:j]) == want { // compared, not copied
				return true
			}
		}
		i = j
	}
	return false
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Br, atom.Img, atom.Input, atom.Hr, atom.Meta, atom.Link, atom.Wbr, atom.Col, atom.Source:
		return true
	}
	return false
}

func blockElement(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Li, atom.Td, atom.Th, atom.Tr, atom.Div, atom.H4, atom.H5, atom.H6,
		atom.Dt, atom.Dd, atom.Blockquote, atom.Ul, atom.Ol, atom.Table, atom.Section, atom.Details, atom.Summary:
		return true
	}
	return false
}
