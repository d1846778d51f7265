package generator

import (
	"bytes"
	"net/url"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
)

// linkRef is an internal link of a page, resolved to a site path.
type linkRef struct {
	Path string // site path, with /zh-CN for page links on Chinese pages
	Frag string // anchor, unescaped; empty for none
	Page bool   // a link to a page (its path ends in /) rather than a file
	Line int
	Off  int // offset of the destination in the source, -1 when not found
	Len  int // length of the destination in the source
	Dest string
}

// target is the link's destination as written in the HTML: a site path
// with its fragment.
func (l linkRef) target() string {
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
func (st *pageState) link(n ast.Node, dest []byte) []byte {
	ref, ok := st.resolveLink(string(dest))
	if !ok {
		return dest
	}
	ref.Off, ref.Len, ref.Line = st.locate(n, dest)
	if ref.Path == "" {
		st.errorf(ref.Line, "bad link %q", dest)
		return dest
	}
	st.links = append(st.links, ref)
	if strings.HasPrefix(string(dest), "#") {
		return dest
	}
	return []byte(ref.target())
}

// resolveLink classifies a destination; ok is false for external links.
func (st *pageState) resolveLink(dest string) (linkRef, bool) {
	u, err := url.Parse(dest)
	if err != nil {
		return linkRef{Dest: dest}, true
	}
	if u.Scheme != "" || u.Host != "" {
		return linkRef{}, false
	}
	p := st.page
	base := strings.TrimPrefix(p.URL, langPrefix(p.Lang))
	ref := (&url.URL{Path: base}).ResolveReference(u)
	l := linkRef{Path: ref.Path, Frag: ref.Fragment, Dest: dest}
	l.Page = strings.HasSuffix(l.Path, "/") || l.Path == base
	if l.Page && p.Lang != en && !strings.HasPrefix(l.Path, langPrefix(p.Lang)+"/") {
		l.Path = langPrefix(p.Lang) + l.Path
	}
	if ref.RawQuery != "" {
		l.Path += "?" + ref.RawQuery
	}
	return l, true
}

// locate finds a destination in the source of the block holding the link,
// after any link of the same block already found.
func (st *pageState) locate(n ast.Node, dest []byte) (off, length, line int) {
	start, end := st.blockRange(n)
	var block ast.Node = n
	for block.Type() != ast.TypeBlock && block.Parent() != nil {
		block = block.Parent()
	}
	from := max(start, st.cursors[block])
	src := st.page.Src
	if from <= end && len(dest) > 0 {
		if i := bytes.Index(src[from:end], dest); i >= 0 {
			st.cursors[block] = from + i + len(dest)
			return from + i, len(dest), st.line(from + i)
		}
	}
	if i := bytes.Index(src[st.page.BodyStart:], append([]byte("]: "), dest...)); i >= 0 {
		off := st.page.BodyStart + i + 3
		return off, len(dest), st.line(off)
	}
	return -1, 0, st.line(start)
}
