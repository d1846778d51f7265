package generator

import (
	"context"
	"io"
	"strconv"
	"strings"

	"pairag.com/portal/templates"
)

// block is one piece of a protocol directive's output. It renders to HTML
// for the page and to GFM Markdown for the published Markdown files.
type block interface {
	html(w io.Writer) error
	markdown(b *strings.Builder, abs func(string) string)
	anchors() []string
}

func code(s string) templates.Span                { return templates.Span{Text: s, Code: true} }
func text(s string) templates.Span                { return templates.Span{Text: s} }
func emph(s string) templates.Span                { return templates.Span{Text: s, Emph: true} }
func cell(spans ...templates.Span) templates.Cell { return spans }

type tableBlock struct{ t templates.Table }

func (b tableBlock) html(w io.Writer) error {
	return templates.TableBlock(b.t).Render(context.Background(), w)
}

// anchors are the table's and its rows'.
func (b tableBlock) anchors() []string {
	var out []string
	if b.t.ID != "" {
		out = append(out, b.t.ID)
	}
	for _, r := range b.t.Rows {
		if r.ID != "" {
			out = append(out, r.ID)
		}
	}
	return out
}

func (b tableBlock) markdown(sb *strings.Builder, _ func(string) string) {
	row := func(cells []string) {
		sb.WriteString("|")
		for _, c := range cells {
			sb.WriteString(" " + c + " |")
		}
		sb.WriteString("\n")
	}
	head := make([]string, len(b.t.Columns))
	rule := make([]string, len(b.t.Columns))
	for i, c := range b.t.Columns {
		head[i], rule[i] = mdText(c, true), "---"
	}
	row(head)
	row(rule)
	for _, r := range b.t.Rows {
		cells := make([]string, len(r.Cells))
		for i, c := range r.Cells {
			cells[i] = mdCell(c, true)
		}
		row(cells)
	}
}

type headingBlock struct{ h templates.Heading }

func (b headingBlock) html(w io.Writer) error {
	return templates.HeadingBlock(b.h).Render(context.Background(), w)
}

func (b headingBlock) anchors() []string { return []string{b.h.ID} }

func (b headingBlock) markdown(sb *strings.Builder, _ func(string) string) {
	sb.WriteString(strings.Repeat("#", b.h.Level) + " " + mdCell(b.h.Text, false) + "\n")
}

type listBlock struct{ l templates.List }

func (b listBlock) html(w io.Writer) error {
	return templates.ListBlock(b.l).Render(context.Background(), w)
}

func (b listBlock) anchors() []string { return nil }

func (b listBlock) markdown(sb *strings.Builder, _ func(string) string) {
	for i, it := range b.l.Items {
		marker := "-"
		if b.l.Ordered {
			marker = strconv.Itoa(i+1) + "."
		}
		sb.WriteString(marker + " " + mdCell(it, false) + "\n")
	}
}

type paragraphBlock struct{ c templates.Cell }

func (b paragraphBlock) html(w io.Writer) error {
	return templates.Paragraph(b.c).Render(context.Background(), w)
}

func (b paragraphBlock) anchors() []string { return nil }

func (b paragraphBlock) markdown(sb *strings.Builder, _ func(string) string) {
	sb.WriteString(mdCell(b.c, false) + "\n")
}

// codeBlock is a highlighted code block with its copy button.
type codeBlock struct {
	lang, code string
	msg        templates.Messages
	hl         *highlighter
}

func (b codeBlock) html(w io.Writer) error { return writeCode(w, b.hl, b.msg, b.lang, b.code) }

func (b codeBlock) anchors() []string { return nil }

func (b codeBlock) markdown(sb *strings.Builder, _ func(string) string) {
	fence := codeFence(b.code, 3)
	sb.WriteString(fence + b.lang + "\n" + b.code)
	if !strings.HasSuffix(b.code, "\n") {
		sb.WriteString("\n")
	}
	sb.WriteString(fence + "\n")
}

// bundleBlock is the copy-both block; its Markdown form links the files.
type bundleBlock struct {
	b     templates.Bundle
	files []templates.Link // published files, site-relative
}

func (b bundleBlock) html(w io.Writer) error {
	return templates.BundleBlock(b.b).Render(context.Background(), w)
}

func (b bundleBlock) anchors() []string { return []string{b.b.ID} }

func (b bundleBlock) markdown(sb *strings.Builder, abs func(string) string) {
	for _, l := range b.files {
		sb.WriteString("- [" + mdText(l.Text, false) + "](" + abs(l.URL) + ")\n")
	}
}

// mdCell writes spans as Markdown; in tables, pipes are escaped.
func mdCell(c templates.Cell, inTable bool) string {
	var sb strings.Builder
	for _, s := range c {
		switch {
		case s.Code:
			sb.WriteString(mdCode(s.Text, inTable))
		case s.Emph:
			sb.WriteString("*" + mdText(s.Text, inTable) + "*")
		default:
			sb.WriteString(mdText(s.Text, inTable))
		}
	}
	return sb.String()
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "<", `\<`, "\n", " ")

func mdText(s string, inTable bool) string {
	s = mdEscaper.Replace(s)
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	return s
}

func mdCode(s string, inTable bool) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	fence := codeFence(s, 1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// codeFence returns the shortest run of at least n backticks that does not
// occur in text, so that it can open and close a code span (n = 1) or a
// fenced code block (n = 3) around text.
func codeFence(text string, n int) string {
	fence := strings.Repeat("`", n)
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence
}
