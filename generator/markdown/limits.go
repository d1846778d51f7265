package markdown

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
	gast "github.com/yuin/goldmark/ast"
	gparser "github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Limits on what one Markdown file may be, chosen far above any real page
// (the largest page of the portal is about 60 KB, the largest skill file of
// 25 public skills about 300 KB) so that only a hostile or broken file
// meets them, and far below what would take a build's time or memory
// (a 14 MB page took 26 s to build). A file over a limit is an error at
// its first line naming the limit; its body is not rendered or compared,
// and every other page still builds and previews.
const (
	// MaxPageBytes is the largest Markdown file, front matter included.
	MaxPageBytes = 4 << 20
	// MaxFrontMatterBytes is the largest front matter (the YAML between
	// the two --- lines).
	MaxFrontMatterBytes = 64 << 10
	// MaxYAMLNesting is how deep [ and { may nest in front matter, and
	// MaxYAMLEntries how many keys and list items it may have in all: a
	// page has four plain keys, a skill about ten and a metadata map, the
	// largest of 25 public skills about 20 entries.
	MaxYAMLNesting = 32
	MaxYAMLEntries = 500
	// MaxNesting is how deep lists and block quotes may nest, counted
	// together. The portal's pages nest three deep at most, style guides
	// stop at about four, and markdown-it's CommonMark preset at 20; the
	// Markdown parser's cost per line grows with the square of the depth
	// (50,000 nested list items took 52 s), so past the limit the markers
	// are read as text.
	MaxNesting = 16
	// MaxTableCells is the most cells (rows, header included, times
	// columns) one Markdown table may have: 4,000 rows of five columns, far
	// more than a reader scrolls (the generated field tables have about
	// 200). A larger one is left as a paragraph of its text (a 100,000-row
	// table took 10 s and 652 MB to build).
	MaxTableCells = 20_000
)

// TooLarge says what is wrong with a Markdown file of n bytes, or "" when
// it is within MaxPageBytes.
func TooLarge(n int) string {
	if n <= MaxPageBytes {
		return ""
	}
	return fmt.Sprintf("the file is %s, over the limit of %s for one Markdown file; split it into several pages (or companion files)", size(n), size(MaxPageBytes))
}

// CheckYAML says why front matter text may not go to a YAML decoder, with
// the line (relative to text) of the problem, or returns "" when it may:
// text over MaxFrontMatterBytes, and anchors or aliases, which no page or
// skill needs and which let a few lines expand into gigabytes (an alias
// bomb in a page's title ran a build until it was killed).
func CheckYAML(text []byte) (line int, msg string) {
	if len(text) > MaxFrontMatterBytes {
		return 1, fmt.Sprintf("front matter is %s, over the limit of %s; keep it to the keys a page needs", size(len(text)), size(MaxFrontMatterBytes))
	}
	tokens := lexer.Tokenize(string(text))
	if line, msg := tooComplex(tokens); msg != "" {
		return line, msg
	}
	f, err := parser.Parse(tokens, 0)
	if err != nil {
		return 0, "" // the decoder reports it, with its position
	}
	var found ast.Node
	for _, doc := range f.Docs {
		ast.Walk(visitor(func(n ast.Node) bool {
			switch n.(type) {
			case *ast.AnchorNode, *ast.AliasNode:
				found = n
			}
			return found == nil
		}), doc)
	}
	if found == nil {
		return 0, ""
	}
	return found.GetToken().Position.Line, "YAML anchors and aliases (&name, *name) are not allowed in front matter; write each value out"
}

// tooComplex says where and why the tokens of YAML text are more than
// the YAML parser should see, or returns "": [ and { nested more than
// MaxYAMLNesting deep, or more than MaxYAMLEntries keys and items. The
// parser's time grows with the square of both (16,000 nested { in a title
// took 16 s, 8,000 keys 4.5 s); the lexer's does not.
func tooComplex(tokens token.Tokens) (line int, msg string) {
	depth, entries := 0, 0
	for _, t := range tokens {
		switch t.Type {
		case token.MappingStartType, token.SequenceStartType:
			if depth++; depth > MaxYAMLNesting {
				return t.Position.Line, fmt.Sprintf("[ and { nest more than %d deep here, over the limit; write the value out plainly", MaxYAMLNesting)
			}
		case token.MappingEndType, token.SequenceEndType:
			depth = max(depth-1, 0)
		case token.MappingValueType, token.SequenceEntryType, token.CollectEntryType:
			if entries++; entries > MaxYAMLEntries {
				return t.Position.Line, fmt.Sprintf("front matter has more than %d keys and list items, over the limit; keep it to the keys a page needs", MaxYAMLEntries)
			}
		}
	}
	return 0, ""
}

// visitor adapts a function to ast.Visitor; it stops descending once the
// function returns false.
type visitor func(ast.Node) bool

func (v visitor) Visit(n ast.Node) ast.Visitor {
	if v(n) {
		return v
	}
	return nil
}

// size formats a byte count for a message: 4 MiB, 14.0 MiB, 70 KiB.
func size(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// newParser is goldmark's default parser with lists and block quotes held
// to MaxNesting; the extensions add their parsers to it, the table's
// behind tableGuard.
func newParser() gparser.Parser {
	guarded := []any{gparser.NewListParser(), gparser.NewBlockquoteParser()}
	blocks := gparser.DefaultBlockParsers()
	for i, b := range blocks {
		if slices.ContainsFunc(guarded, func(g any) bool { return reflect.TypeOf(g) == reflect.TypeOf(b.Value) }) {
			blocks[i].Value = nestingGuard{b.Value.(gparser.BlockParser)}
		}
	}
	return gparser.NewParser(gparser.WithBlockParsers(blocks...),
		gparser.WithInlineParsers(gparser.DefaultInlineParsers()...),
		gparser.WithParagraphTransformers(append(gparser.DefaultParagraphTransformers(),
			util.Prioritized(tableGuard{}, 199))...), // just before the table's own, 200
	)
}

// nestingGuard is the list or block quote parser, refusing to open a
// container MaxNesting containers deep: the line is then read as it would
// be without the marker, and the page gets one error naming the limit.
type nestingGuard struct{ gparser.BlockParser }

var nestingKey = gparser.NewContextKey() // set once the page's error is reported

func (g nestingGuard) Open(parent gast.Node, reader gtext.Reader, pc gparser.Context) (gast.Node, gparser.State) {
	depth := 0
	if len(pc.OpenedBlocks()) < MaxNesting { // the open blocks are parent and its ancestors
		return g.BlockParser.Open(parent, reader, pc)
	}
	if _, ok := pc.LastOpenedBlock().Node.(*gast.List); ok { // the list parser opens nothing in a list (its items do)
		return g.BlockParser.Open(parent, reader, pc)
	}
	for n := parent; n != nil && depth < MaxNesting; n = n.Parent() {
		switch n.(type) {
		case *gast.List, *gast.Blockquote:
			depth++
		}
	}
	if depth < MaxNesting {
		return g.BlockParser.Open(parent, reader, pc)
	}
	if pc.Get(nestingKey) == nil {
		pc.Set(nestingKey, true)
		_, seg := reader.Position()
		limitError(pc, seg.Start, "lists and block quotes nest more than %d deep here, over the limit; the deeper markers are shown as text: flatten the list or split it", MaxNesting)
	}
	return nil, gparser.NoChildren
}

// tableGuard leaves a paragraph that would be a table of more than
// MaxTableCells cells as a paragraph (a new one, so the table's transformer
// never sees it), with an error naming the limit.
type tableGuard struct{}

func (tableGuard) Transform(node *gast.Paragraph, reader gtext.Reader, pc gparser.Context) {
	lines := node.Lines()
	if lines.Len() < 2 || lines.Len()*2 <= MaxTableCells { // no table of 2 columns or more is that large
		if lines.Len() < 2 || !wideTable(node, reader.Source()) {
			return
		}
	}
	src := reader.Source()
	for i := 1; i < lines.Len(); i++ {
		row := lines.At(i)
		cols := delimiterColumns(row.Value(src))
		if cols == 0 {
			continue
		}
		if cells := (lines.Len() - i) * cols; cells > MaxTableCells { // the header and the rows below the delimiter
			p := gast.NewParagraph()
			p.SetLines(lines)
			node.Parent().ReplaceChild(node.Parent(), node, p)
			limitError(pc, lines.At(i-1).Start, "the table has %d cells (%d rows of %d columns), over the limit of %d; it is shown as text: split it into several tables or pages", cells, lines.Len()-i, cols, MaxTableCells)
		}
		return
	}
}

// wideTable reports whether a paragraph of few lines has a line with so
// many | that it could be a table over the limit.
func wideTable(node *gast.Paragraph, src []byte) bool {
	lines := node.Lines()
	for i := 0; i < lines.Len(); i++ {
		line := lines.At(i)
		if bytes.Count(line.Value(src), []byte("|"))*lines.Len() > MaxTableCells {
			return true
		}
	}
	return false
}

// delimiterColumns returns the number of columns of a table's delimiter
// row (| --- | :-: |), or 0 when line is not one. It counts generously:
// the table extension decides what is a table; this only bounds its size.
func delimiterColumns(line []byte) int {
	line = bytes.TrimSpace(line)
	if !bytes.Contains(line, []byte("-")) || len(bytes.Trim(line, "|:- \t")) != 0 {
		return 0
	}
	line = bytes.TrimSuffix(bytes.TrimPrefix(line, []byte("|")), []byte("|"))
	return bytes.Count(line, []byte("|")) + 1
}

// limitError reports a limit reached at byte offset off of the page being
// parsed, when the parse has a page State (the drift checks' parses have
// none: the page's own parse reports it).
func limitError(pc gparser.Context, off int, format string, args ...any) {
	if st, ok := pc.Get(stateKey).(*State); ok && st.rep != nil {
		st.errorf(st.line(off), format, args...)
	}
}
