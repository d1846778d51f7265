package search

import (
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

// skippedClass are classes of elements left out for the same reasons.
var skippedClass = []string{"bundle", "anchor", "copy-status", "visually-hidden", "validator-tool", "toc", "page-meta", "skill-card"}

// hasClass reports whether the class attribute class lists one of classes.
func hasClass(class string, classes []string) bool {
	for _, c := range strings.Fields(class) {
		for _, want := range classes {
			if c == want {
				return true
			}
		}
	}
	return false
}

func isHeading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
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

// sectionWriter cuts a page into sections as a reader of its <main>
// element would, from the elements and text the page shows, told to it
// in document order (start, end, text): text of inline elements joins
// without spaces (Chinese has none), block elements and table cells are
// separated by a space, a table's body cells labelled by their headers
// (CellLabels); code, buttons, navigation and the classes of
// skippedClass are left out, a table row with an id is an entry of its
// own (only its id is kept), and every h2 or h3 with an id starts a
// section. The title (h1) is known and left out.
type sectionWriter struct {
	out     []Section
	cur     Section
	text    []byte // the current section's text
	heading []byte // the current heading's text while inside it
	inHead  bool
	headTag atom.Atom
	skip    int    // depth inside a skipped element
	depth   int    // open elements
	parent  string // the heading of the last h2
	cells   CellLabels

	// fragment reads one section that is no whole page (a cell of a
	// skill's side-by-side page): its first heading, of any level, is the
	// heading, and nothing else starts a section or is an entry of its own.
	fragment, had bool
}

// start is a start tag that is not void; id and class are its attributes.
func (w *sectionWriter) start(a atom.Atom, id, class string) {
	w.depth++
	if w.fragment {
		switch {
		case w.skip > 0 || skipped(a) || hasClass(class, skippedClass):
			w.skip++
		case isHeading(a) && !w.had:
			w.inHead, w.had, w.headTag = true, true, a
		case blockElement(a):
			w.text = append(w.text, ' ')
		}
		if w.skip == 0 {
			w.cells.Start(a, &w.text)
		}
		return
	}
	switch {
	case w.skip > 0 || skipped(a) || a == atom.H1 || hasClass(class, skippedClass):
		w.skip++
	case a == atom.Tr && id != "": // a row of a generated protocol table: an entry of its own
		w.cur.Rows = append(w.cur.Rows, id)
		w.skip++
	case (a == atom.H2 || a == atom.H3) && id != "":
		w.flush()
		w.cur = Section{ID: id}
		if a == atom.H3 {
			w.cur.Parent = w.parent
		} else {
			w.parent = ""
		}
		w.heading, w.inHead, w.headTag = w.heading[:0], true, a
	case blockElement(a):
		w.text = append(w.text, ' ')
	}
	if w.skip == 0 {
		w.cells.Start(a, &w.text)
	}
}

// void is a void element (br, img, a self-closed tag): a line break
// reads as a space.
func (w *sectionWriter) void(a atom.Atom) {
	if w.skip == 0 && a == atom.Br {
		w.text = append(w.text, ' ')
	}
}

// end is an end tag.
func (w *sectionWriter) end(a atom.Atom) {
	if w.depth == 0 && !w.fragment {
		return
	}
	w.depth--
	if w.skip == 0 && !(w.inHead && a == w.headTag) {
		w.cells.End(a, &w.text)
	}
	switch {
	case w.skip > 0:
		w.skip--
	case w.inHead && a == w.headTag:
		w.cur.Heading = collapse(w.heading)
		w.inHead = false
		if a == atom.H2 {
			w.parent = w.cur.Heading
		}
	case blockElement(a):
		w.text = append(w.text, ' ')
	}
}

// write is text as the page shows it (entities decoded).
func (w *sectionWriter) write(s string) {
	switch {
	case w.skip > 0:
	case w.inHead:
		w.heading = append(w.heading, s...)
	case !w.cells.Write(s):
		w.text = append(w.text, s...)
	}
}

// flush ends the current section; an empty one without an id is kept
// only as the page's first.
func (w *sectionWriter) flush() {
	w.cur.Text = collapse(w.text)
	if w.cur.ID != "" || w.cur.Text != "" || len(w.out) == 0 {
		w.out = append(w.out, w.cur)
	}
	w.text = w.text[:0]
}

// sections ends the page and returns its sections.
func (w *sectionWriter) sections() []Section {
	w.flush()
	return w.out
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
