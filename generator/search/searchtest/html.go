// Package searchtest is the judge of the site search's sections: the
// sections of a page as a reader of its rendered HTML finds them, read
// with golang.org/x/net/html. Package search works them out from the
// tree a page renders from (search.Sections), never from its HTML; the
// tests of search and of the pipeline hold the two to the same result on
// small cases, fuzzed pages and every page of the real and synthetic
// sites. Only tests import it.
package searchtest

import (
	"bytes"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"pairag.com/portal/generator/search"
)

// skipped are the elements whose text is not prose: code, the copy-both
// bundle, buttons and scripts, the page's own navigation.
var skipped = []atom.Atom{atom.Pre, atom.Textarea, atom.Script, atom.Style, atom.Button, atom.Nav, atom.Figure, atom.Svg, atom.Select, atom.Noscript}

// skippedClass are classes of elements left out for the same reasons.
var skippedClass = []string{"bundle", "anchor", "copy-status", "visually-hidden", "validator-tool", "toc", "page-meta", "skill-card"}

var (
	void   = []atom.Atom{atom.Br, atom.Img, atom.Input, atom.Hr, atom.Meta, atom.Link, atom.Wbr, atom.Col, atom.Source}
	blocks = []atom.Atom{atom.P, atom.Li, atom.Td, atom.Th, atom.Tr, atom.Div, atom.H4, atom.H5, atom.H6,
		atom.Dt, atom.Dd, atom.Blockquote, atom.Ul, atom.Ol, atom.Table, atom.Section, atom.Details, atom.Summary}
	headings = []atom.Atom{atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6}
)

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func leftOut(a atom.Atom, class string) bool {
	return slices.Contains(skipped, a) || slices.ContainsFunc(strings.Fields(class), func(c string) bool { return slices.Contains(skippedClass, c) })
}

// tag is a start tag's element and the two attributes the readers need.
type tag struct {
	atom      atom.Atom
	id, class string
}

func startTag(z *html.Tokenizer) tag {
	name, more := z.TagName()
	t := tag{atom: atom.Lookup(name)}
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "id":
			t.id = string(v)
		case "class":
			t.class = string(v)
		}
	}
	return t
}

// Sections reads the sections of the <main> element of an HTML page: the
// text under each h2 or h3 with an id, and the intro before the first.
// Text of inline elements joins without spaces (Chinese has none); block
// elements and table cells are separated by a space; a table row with an
// id is an entry of its own, of which the section keeps only the id; the
// title (h1) is left out.
func Sections(page []byte) []search.Section {
	z := html.NewTokenizer(bytes.NewReader(page))
	var (
		out     []search.Section
		cur     = &search.Section{}
		text    []byte
		cells   search.CellLabels
		inMain  bool
		skip    int // depth inside a skipped element
		depth   int
		heading *strings.Builder
		headTag atom.Atom
		parent  string // the last h2's heading, an h3's Parent
	)
	flush := func() {
		cur.Text = collapse(string(text))
		if cur.ID != "" || cur.Text != "" || len(out) == 0 {
			out = append(out, *cur)
		}
		text = text[:0]
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if inMain {
				flush()
			}
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			t := startTag(z)
			if t.atom == atom.Main {
				inMain = true
				continue
			}
			if !inMain || tt == html.SelfClosingTagToken || slices.Contains(void, t.atom) {
				if inMain && skip == 0 && t.atom == atom.Br {
					text = append(text, ' ')
				}
				continue
			}
			depth++
			switch {
			case skip > 0 || leftOut(t.atom, t.class) || t.atom == atom.H1:
				skip++
			case t.atom == atom.Tr && t.id != "":
				cur.Rows = append(cur.Rows, t.id)
				skip++
			case (t.atom == atom.H2 || t.atom == atom.H3) && t.id != "":
				flush()
				cur = &search.Section{ID: t.id}
				if t.atom == atom.H3 {
					cur.Parent = parent
				} else {
					parent = ""
				}
				heading, headTag = &strings.Builder{}, t.atom
			case slices.Contains(blocks, t.atom):
				text = append(text, ' ')
			}
			if skip == 0 {
				cells.Start(t.atom, &text)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Main {
				flush()
				return out
			}
			if !inMain || depth == 0 {
				continue
			}
			depth--
			if skip == 0 && !(heading != nil && a == headTag) {
				cells.End(a, &text)
			}
			switch {
			case skip > 0:
				skip--
			case heading != nil && a == headTag:
				cur.Heading = collapse(heading.String())
				heading = nil
				if a == atom.H2 {
					parent = cur.Heading
				}
			case slices.Contains(blocks, a):
				text = append(text, ' ')
			}
		case html.TextToken:
			switch {
			case !inMain || skip > 0:
			case heading != nil:
				heading.Write(z.Text())
			default:
				if s := z.Text(); !cells.Write(string(s)) {
					text = append(text, s...)
				}
			}
		}
	}
}

// Fragment reads one section of HTML that is no whole page (a cell of a
// skill's side-by-side page, a companion file's page): the text of its
// first heading (any level) and the text of the rest, code blocks and
// buttons left out as [Sections] leaves them out.
func Fragment(fragment []byte) search.Section {
	z := html.NewTokenizer(bytes.NewReader(fragment))
	var (
		sec         search.Section
		text        []byte
		heading     strings.Builder
		cells       search.CellLabels
		inHead, had bool // inside the first heading; past it
		headTag     atom.Atom
		skip        int
	)
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			sec.Text = collapse(string(text))
			return sec
		case html.StartTagToken, html.SelfClosingTagToken:
			t := startTag(z)
			switch {
			case tt == html.SelfClosingTagToken || slices.Contains(void, t.atom):
				if skip == 0 && t.atom == atom.Br {
					text = append(text, ' ')
				}
				continue
			case skip > 0 || leftOut(t.atom, t.class):
				skip++
			case slices.Contains(headings, t.atom) && !had:
				inHead, had, headTag = true, true, t.atom
			case slices.Contains(blocks, t.atom):
				text = append(text, ' ')
			}
			if skip == 0 {
				cells.Start(t.atom, &text)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if skip == 0 && !(inHead && a == headTag) {
				cells.End(a, &text)
			}
			switch {
			case skip > 0:
				skip--
			case inHead && a == headTag:
				sec.Heading, inHead = collapse(heading.String()), false
			case slices.Contains(blocks, a):
				text = append(text, ' ')
			}
		case html.TextToken:
			switch {
			case skip > 0:
			case inHead:
				heading.Write(z.Text())
			default:
				if s := z.Text(); !cells.Write(string(s)) {
					text = append(text, s...)
				}
			}
		}
	}
}
