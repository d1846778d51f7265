package markdown

import (
	"bytes"
	"net/url"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/langs"
)

// Link is an internal link of a page, resolved to a site path; the
// builder checks each against the pages and anchors it produces.
type Link struct {
	Path string // site path, with /zh-CN for page links on Chinese pages
	Frag string // anchor, unescaped; empty for none
	Page bool   // a link to a page (its path ends in /) rather than a file
	Line int
	Off  int // offset of the destination in the source, -1 when not found
	Len  int // length of the destination in the source
	Dest string
}

// Target is the link's destination as written in the HTML: a site path
// with its fragment.
func (l Link) Target() string {
	if l.Frag != "" {
		return l.Path + "#" + l.Frag
	}
	return l.Path
}

// linkRewriter records every internal link and image of a page and, on
// Chinese pages, prefixes page links with /zh-CN. Links are written
// language-neutral (/docs/stage-types/#anchor); links to files (/protocol/...)
// are left alone.
type linkRewriter struct{}

func (linkRewriter) Transform(doc *ast.Document, reader gtext.Reader, pc parser.Context) {
	st := stateOf(pc)
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			l.Destination = st.link(n, l.Destination)
		case *ast.Image:
			l.Destination = st.link(n, l.Destination)
		}
		return ast.WalkContinue, nil
	})
}

// link records one destination and returns what the HTML should link to.
func (st *State) link(n ast.Node, dest []byte) []byte {
	ref, ok := st.resolveLink(string(dest))
	if !ok {
		return dest
	}
	ref.Off, ref.Len, ref.Line = st.locate(n, dest)
	if ref.Path == "" {
		st.errorf(ref.Line, "bad link %q", dest)
		return dest
	}
	st.Links = append(st.Links, ref)
	if strings.HasPrefix(string(dest), "#") {
		return dest
	}
	return []byte(ref.Target())
}

// resolveLink classifies a destination; ok is false for external links.
func (st *State) resolveLink(dest string) (Link, bool) {
	u, err := url.Parse(dest)
	if err != nil {
		return Link{Dest: dest}, true
	}
	if u.Scheme != "" || u.Host != "" {
		return Link{}, false
	}
	p := st.Page
	base := strings.TrimPrefix(p.URL, LangPrefix(p.Lang))
	ref := (&url.URL{Path: base}).ResolveReference(u)
	l := Link{Path: ref.Path, Frag: ref.Fragment, Dest: dest}
	l.Page = strings.HasSuffix(l.Path, "/") || l.Path == base
	if l.Page && p.Lang != langs.EN && !strings.HasPrefix(l.Path, LangPrefix(p.Lang)+"/") {
		l.Path = LangPrefix(p.Lang) + l.Path
	}
	if ref.RawQuery != "" {
		l.Path += "?" + ref.RawQuery
	}
	return l, true
}

// locate finds a destination in the source of the block holding the link,
// after any link of the same block already found.
func (st *State) locate(n ast.Node, dest []byte) (off, length, line int) {
	start, end := st.blockRange(n)
	var block ast.Node = n
	for block.Type() != ast.TypeBlock && block.Parent() != nil {
		block = block.Parent()
	}
	from := max(start, st.cursors[block])
	src := st.Page.Src
	if from <= end && len(dest) > 0 {
		if i := bytes.Index(src[from:end], dest); i >= 0 {
			st.cursors[block] = from + i + len(dest)
			return from + i, len(dest), st.line(from + i)
		}
	}
	if i := bytes.Index(src[st.Page.BodyStart:], append([]byte("]: "), dest...)); i >= 0 {
		off := st.Page.BodyStart + i + 3
		return off, len(dest), st.line(off)
	}
	return -1, 0, st.line(start)
}

// LangPrefix is the URL prefix of a language's pages: "" for English,
// "/zh-CN" for Chinese. The link rewriter prefixes page links with it; the
// builder makes every URL with it.
func LangPrefix(l string) string { return langs.Prefix(l) }
