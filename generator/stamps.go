package generator

import (
	"bytes"
	"slices"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// stampExtension drops translation stamps (<!-- source: 3f2a9c1b -->) from
// rendered pages: without it goldmark would render each as a
// "raw HTML omitted" comment.
type stampExtension struct{}

func (stampExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(stampRemover{}, 50)))
}

type stampRemover struct{}

func (stampRemover) Transform(doc *ast.Document, reader gtext.Reader, _ parser.Context) {
	src := reader.Source()
	var stamps []ast.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.HTMLBlock); ok && entering && h.Lines().Len() == 1 {
			seg := h.Lines().At(0)
			if _, ok := parseStamp(seg.Value(src)); ok {
				stamps = append(stamps, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range stamps {
		n.Parent().RemoveChild(n.Parent(), n)
	}
}

// stampEdits removes the stamp lines of a page from its Markdown export.
func stampEdits(src []byte, bodyStart int) []edit {
	var edits []edit
	for _, s := range splitSections(src, bodyStart) {
		if s.StampTo > 0 {
			edits = append(edits, edit{s.StampFrom, s.StampTo, ""})
		}
	}
	return edits
}

// stampLine is the comment recording the digest of an original section.
func stampLine(digest string) string { return stampPrefix + digest + stampSuffix }

// stamped returns the translation of c with the digest of each paired
// original section recorded in the translated section, and how many
// stamps it wrote or changed. Everything else is kept byte for byte.
func stamped(c *comparison) (out []byte, changed, unchanged int) {
	src := c.tr.Src
	type insert struct {
		at, to int
		text   string
	}
	var edits []insert
	for _, r := range c.rows {
		if r.src < 0 || r.tr < 0 {
			continue
		}
		o, t := &c.orig.secs[r.src], &c.tr.secs[r.tr]
		if o.empty(c.orig.Src) || t.empty(src) {
			continue
		}
		want := o.digest(c.orig.Src)
		switch {
		case t.Stamp == want:
			unchanged++
		case t.StampTo > 0:
			eol := src[t.StampFrom:t.StampTo]
			eol = eol[len(bytes.TrimRight(eol, "\r\n")):]
			edits = append(edits, insert{t.StampFrom, t.StampTo, stampLine(want) + string(eol)})
			changed++
		default:
			at, prefix := stampAt(src, t)
			edits = append(edits, insert{at, at, prefix + stampLine(want) + "\n"})
			changed++
		}
	}
	slices.SortFunc(edits, func(a, b insert) int { return a.at - b.at })
	var b bytes.Buffer
	pos := 0
	for _, e := range edits {
		b.Write(src[pos:e.at])
		b.WriteString(e.text)
		pos = e.to
	}
	b.Write(src[pos:])
	return b.Bytes(), changed, unchanged
}

// stampAt is where a new stamp goes: right after the heading line, or
// before the first line of the intro. prefix ends a heading that is the
// file's last line without a newline.
func stampAt(src []byte, s *section) (int, string) {
	if s.Level > 0 {
		if s.Body == 0 || src[s.Body-1] != '\n' {
			return s.Body, "\n"
		}
		return s.Body, ""
	}
	for pos := s.Body; pos < s.End; {
		end, _ := cutLine(src, pos)
		if len(bytes.TrimSpace(src[pos:end])) > 0 {
			return pos, ""
		}
		pos = end
	}
	return s.Body, ""
}
