package search

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Section is a part of a rendered page: the text under one h2 or h3, or
// the intro before the first (ID empty).
type Section struct {
	ID      string
	Heading string
	Text    string
}

// skipped are elements whose text is not prose: code, the copy-both
// bundle, buttons and scripts, the page's own navigation.
var skipped = map[atom.Atom]bool{
	atom.Pre: true, atom.Textarea: true, atom.Script: true, atom.Style: true,
	atom.Button: true, atom.Nav: true, atom.Figure: true, atom.Svg: true, atom.Select: true,
}

// skippedClass are classes of elements left out for the same reasons.
var skippedClass = []string{"bundle", "anchor", "copy-status", "visually-hidden", "validator-tool", "toc"}

// Sections reads the sections of the <main> element of an HTML page. Text
// of inline elements joins without spaces (Chinese has none); block
// elements and table cells are separated by a space.
func Sections(page []byte) []Section {
	z := html.NewTokenizer(bytes.NewReader(page))
	var (
		out      []Section
		cur      = &Section{}
		text     = &strings.Builder{}
		inMain   bool
		skip     int // depth inside a skipped element
		heading  *strings.Builder
		headTag  atom.Atom
		stackTag []atom.Atom
	)
	flush := func() {
		cur.Text = collapse(text.String())
		if cur.ID == "" && cur.Text == "" && len(out) > 0 {
			return
		}
		out = append(out, *cur)
		text.Reset()
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
			tok := z.Token()
			a := tok.DataAtom
			if a == atom.Main {
				inMain = true
				continue
			}
			if !inMain || tt == html.SelfClosingTagToken || voidElement(a) {
				if inMain && skip == 0 && a == atom.Br {
					text.WriteByte(' ')
				}
				continue
			}
			stackTag = append(stackTag, a)
			if skip > 0 || skipped[a] || hasClass(tok, skippedClass) {
				skip++
				continue
			}
			if (a == atom.H2 || a == atom.H3) && attr(tok, "id") != "" {
				flush()
				cur = &Section{ID: attr(tok, "id")}
				heading, headTag = &strings.Builder{}, a
				continue
			}
			if a == atom.H1 {
				skip++ // the title is known
				continue
			}
			if blockElement(a) {
				text.WriteByte(' ')
			}
		case html.EndTagToken:
			tok := z.Token()
			if tok.DataAtom == atom.Main {
				flush()
				return out
			}
			if !inMain || len(stackTag) == 0 {
				continue
			}
			stackTag = stackTag[:len(stackTag)-1]
			if skip > 0 {
				skip--
				continue
			}
			if heading != nil && tok.DataAtom == headTag {
				cur.Heading = collapse(heading.String())
				heading = nil
				continue
			}
			if blockElement(tok.DataAtom) {
				text.WriteByte(' ')
			}
		case html.TextToken:
			if !inMain || skip > 0 {
				continue
			}
			if heading != nil {
				heading.Write(z.Text())
			} else {
				text.Write(z.Text())
			}
		}
	}
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func attr(t html.Token, name string) string {
	for _, a := range t.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

func hasClass(t html.Token, classes []string) bool {
	for _, c := range strings.Fields(attr(t, "class")) {
		for _, want := range classes {
			if c == want {
				return true
			}
		}
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

// Heading is an h2 or h3 with an id, as the on-page contents list it.
type Heading struct {
	Level int
	ID    string
	Text  string
}

// Headings lists the h2 and h3 elements with an id of an HTML fragment, in
// order, with their text (anchor links left out).
func Headings(fragment []byte) []Heading {
	z := html.NewTokenizer(bytes.NewReader(fragment))
	var out []Heading
	var cur *Heading
	var text strings.Builder
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken:
			tok := z.Token()
			switch {
			case cur != nil && hasClass(tok, skippedClass):
				skip++
			case cur != nil && skip > 0:
				skip++
			case (tok.DataAtom == atom.H2 || tok.DataAtom == atom.H3) && attr(tok, "id") != "":
				level := 2
				if tok.DataAtom == atom.H3 {
					level = 3
				}
				cur = &Heading{Level: level, ID: attr(tok, "id")}
				text.Reset()
			}
		case html.EndTagToken:
			tok := z.Token()
			switch {
			case skip > 0:
				skip--
			case cur != nil && (tok.DataAtom == atom.H2 || tok.DataAtom == atom.H3):
				cur.Text = collapse(text.String())
				out = append(out, *cur)
				cur = nil
			}
		case html.TextToken:
			if cur != nil && skip == 0 {
				text.Write(z.Text())
			}
		}
	}
}
