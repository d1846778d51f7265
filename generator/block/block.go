// Package block is the block model the generated parts of pages are made
// of: a [Block] renders to HTML for the page and to GFM Markdown for the
// published Markdown files. Package reference builds the protocol's
// tables from them, package markdown draws every fenced code block with
// [WriteCode], and the Markdown escaping ([MarkdownText], [MarkdownCode],
// [CodeFence]) is shared by everything that writes Markdown.
package block

import (
	"context"
	"io"
	"strconv"
	"strings"

	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/blocks"
)

// Block is one piece of a protocol directive's output. It renders to HTML
// for the page and to GFM Markdown for the published Markdown files. The
// builder implements it too, for the directives only it can fill (skills).
type Block interface {
	// HTML writes the block as the page shows it.
	HTML(w io.Writer) error
	// Markdown writes the block as GFM; abs makes a site path an absolute URL.
	Markdown(b *strings.Builder, abs func(string) string)
	// Anchors lists the ids the block defines, for the link check.
	Anchors() []string
}

// Table is a generated table. Its type is exported for the site search,
// which indexes the rows of every table with an anchor and reads what each
// column holds from Roles, set by the table's generator (never from the
// headings, which are translated).
type Table struct {
	Table blocks.Table
	Roles []Role // one per column; a missing one is RoleName
}

// Role is what a column of a generated table holds, as the site search
// reads it.
type Role uint8

// The roles of columns.
const (
	RoleName  Role = iota // its code spans name the row (ids, keys, field names)
	RoleLabel             // all its text names the row (a value's display name, a term)
	RoleProse             // nothing in it names the row (types, descriptions, defaults)
)

// HTML writes the table in its labelled, scrollable region.
func (b Table) HTML(w io.Writer) error {
	return blocks.TableBlock(b.Table).Render(context.Background(), w)
}

// Anchors are the table's and its rows'.
func (b Table) Anchors() []string {
	var out []string
	if b.Table.ID != "" {
		out = append(out, b.Table.ID)
	}
	for _, r := range b.Table.Rows {
		if r.ID != "" {
			out = append(out, r.ID)
		}
	}
	return out
}

// Markdown writes the table as a GFM table.
func (b Table) Markdown(sb *strings.Builder, _ func(string) string) {
	row := func(cells []string) {
		sb.WriteString("|")
		for _, c := range cells {
			sb.WriteString(" " + c + " |")
		}
		sb.WriteString("\n")
	}
	head := make([]string, len(b.Table.Columns))
	rule := make([]string, len(b.Table.Columns))
	for i, c := range b.Table.Columns {
		head[i], rule[i] = MarkdownText(c, true), "---"
	}
	row(head)
	row(rule)
	for _, r := range b.Table.Rows {
		cells := make([]string, len(r.Cells))
		for i, c := range r.Cells {
			cells[i] = mdCell(c, true)
		}
		row(cells)
	}
}

// Heading is a heading with its anchor.
func Heading(h blocks.Heading) Block { return headingBlock{h} }

type headingBlock struct{ h blocks.Heading }

func (b headingBlock) HTML(w io.Writer) error {
	return blocks.HeadingBlock(b.h).Render(context.Background(), w)
}

func (b headingBlock) Anchors() []string { return []string{b.h.ID} }

func (b headingBlock) Markdown(sb *strings.Builder, _ func(string) string) {
	sb.WriteString(strings.Repeat("#", b.h.Level) + " " + mdCell(b.h.Text, false) + "\n")
}

// List is a bulleted or numbered list.
func List(l blocks.List) Block { return listBlock{l} }

type listBlock struct{ l blocks.List }

func (b listBlock) HTML(w io.Writer) error {
	return blocks.ListBlock(b.l).Render(context.Background(), w)
}

func (b listBlock) Anchors() []string { return nil }

func (b listBlock) Markdown(sb *strings.Builder, _ func(string) string) {
	for i, it := range b.l.Items {
		marker := "-"
		if b.l.Ordered {
			marker = strconv.Itoa(i+1) + "."
		}
		sb.WriteString(marker + " " + mdCell(it, false) + "\n")
	}
}

// Paragraph is a paragraph of spans.
func Paragraph(c blocks.Cell) Block { return paragraphBlock{c} }

type paragraphBlock struct{ c blocks.Cell }

func (b paragraphBlock) HTML(w io.Writer) error {
	return blocks.Paragraph(b.c).Render(context.Background(), w)
}

func (b paragraphBlock) Anchors() []string { return nil }

func (b paragraphBlock) Markdown(sb *strings.Builder, _ func(string) string) {
	sb.WriteString(mdCell(b.c, false) + "\n")
}

// Code is a highlighted code block with its copy button.
func Code(lang, code string, msg templates.Messages, hl *highlight.Cache) Block {
	return codeBlock{lang: lang, code: code, msg: msg, hl: hl}
}

// codeBlock is a highlighted code block with its copy button.
type codeBlock struct {
	lang, code string
	msg        templates.Messages
	hl         *highlight.Cache
}

func (b codeBlock) HTML(w io.Writer) error { return WriteCode(w, b.hl, b.msg, b.lang, b.code) }

func (b codeBlock) Anchors() []string { return nil }

func (b codeBlock) Markdown(sb *strings.Builder, _ func(string) string) {
	fence := CodeFence(b.code, 3)
	sb.WriteString(fence + b.lang + "\n" + b.code)
	if !strings.HasSuffix(b.code, "\n") {
		sb.WriteString("\n")
	}
	sb.WriteString(fence + "\n")
}

// Bundle is the bundle directive's output: the copy-both block, whose
// Markdown form links the published files (site-relative). The builder
// makes it once the field reference page it embeds is rendered.
func Bundle(b blocks.Bundle, files []templates.Link) Block { return bundleBlock{b, files} }

// bundleBlock is the copy-both block; its Markdown form links the files.
type bundleBlock struct {
	b     blocks.Bundle
	files []templates.Link // published files, site-relative
}

func (b bundleBlock) HTML(w io.Writer) error {
	return blocks.BundleBlock(b.b).Render(context.Background(), w)
}

func (b bundleBlock) Anchors() []string { return []string{b.b.ID} }

func (b bundleBlock) Markdown(sb *strings.Builder, abs func(string) string) {
	for _, l := range b.files {
		sb.WriteString("- [" + MarkdownText(l.Text, false) + "](" + abs(l.URL) + ")\n")
	}
}

// mdCell writes spans as Markdown; in tables, pipes are escaped.
func mdCell(c blocks.Cell, inTable bool) string {
	var sb strings.Builder
	for _, s := range c {
		switch {
		case s.Code:
			sb.WriteString(MarkdownCode(s.Text, inTable))
		case s.Emph:
			sb.WriteString("*" + MarkdownText(s.Text, inTable) + "*")
		default:
			sb.WriteString(MarkdownText(s.Text, inTable))
		}
	}
	return sb.String()
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "<", `\<`, "\n", " ")

// MarkdownText escapes s as Markdown text, and pipes too in a table; the
// builder writes its own Markdown lists (the skills directive) with it.
func MarkdownText(s string, inTable bool) string {
	s = mdEscaper.Replace(s)
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	return s
}

// MarkdownCode writes s as a Markdown code span, and escapes pipes in a
// table.
func MarkdownCode(s string, inTable bool) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	fence := CodeFence(s, 1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// CodeFence returns the shortest run of at least n backticks that does not
// occur in text, so that it can open and close a code span (n = 1) or a
// fenced code block (n = 3) around text.
func CodeFence(text string, n int) string {
	fence := strings.Repeat("`", n)
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence
}

// WriteCode writes a code block: the copy button and the highlighted code.
// The example directive (package reference) and every fenced code block
// of a page (package markdown) are drawn by it, so they look alike.
func WriteCode(w io.Writer, h *highlight.Cache, msg templates.Messages, lang, code string) error {
	io.WriteString(w, `<div class="code">`)
	if err := blocks.CopyButton(msg).Render(context.Background(), w); err != nil {
		return err
	}
	io.WriteString(w, h.HTML(lang, code))
	_, err := io.WriteString(w, "</div>\n")
	return err
}

// HeadingOf returns the heading b shows, when b is a heading: what the
// page's on-page contents list of a directive's output.
func HeadingOf(b Block) (blocks.Heading, bool) {
	h, ok := b.(headingBlock)
	return h.h, ok
}

// ListOf returns the list b shows, when b is a list; ParagraphOf, IsCode
// and IsBundle tell the other kinds apart. The site search reads a page's
// text from its blocks with them, never from their HTML.
func ListOf(b Block) (blocks.List, bool) {
	l, ok := b.(listBlock)
	return l.l, ok
}

// ParagraphOf returns the spans b shows, when b is a paragraph.
func ParagraphOf(b Block) (blocks.Cell, bool) {
	p, ok := b.(paragraphBlock)
	return p.c, ok
}

// IsCode reports whether b is a code block, whose code is not prose.
func IsCode(b Block) bool {
	_, ok := b.(codeBlock)
	return ok
}

// IsBundle reports whether b is the copy-both block, which is not prose.
func IsBundle(b Block) bool {
	_, ok := b.(bundleBlock)
	return ok
}
