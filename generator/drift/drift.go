package drift

import (
	"bytes"
	"cmp"
	"math"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/diag"
)

// SortFindings orders findings by file, line, column and message.
func SortFindings(fs []diag.Finding) {
	slices.SortStableFunc(fs, func(a, b diag.Finding) int { return diag.Compare(&a, &b) })
}

// TextFile is one side of a translated pair, split into sections, with
// what the drift checks compare in each section.
type TextFile struct {
	Name      string // path inside Config.Content
	Src       []byte
	BodyStart int
	Secs      []Section
	facts     []facts // by section

	pub     []byte    // the file as published, without marker lines; set by publishedRange
	pubSecs []Section // its sections
}

// ParsedTextFile is a page as the drift check reads it: its sections, and
// the tokens of each from doc, the page's tree as parsed with the site's
// syntax and not yet transformed (the builder parses each page once).
func ParsedTextFile(name string, src []byte, bodyStart int, doc ast.Node) *TextFile {
	f := &TextFile{Name: name, Src: src, BodyStart: bodyStart, Secs: SplitSections(src, bodyStart)}
	f.facts = analyzeDoc(doc, src, f.Secs)
	return f
}

// LinkTarget is a link destination of a file, as written, and its line.
type LinkTarget struct {
	Dest string
	Line int
}

// LinkTargets lists the link destinations of the file in source order,
// section by section, for the skills' link checks and link rewriting.
func (f *TextFile) LinkTargets() []LinkTarget {
	var out []LinkTarget
	for _, fs := range f.facts {
		for _, tk := range fs.tokens {
			if tk.kind == linkTargetToken {
				out = append(out, LinkTarget{tk.text, tk.line})
			}
		}
	}
	return out
}

// NewTextFile splits and analyses a Markdown file whose body starts at bodyStart.
func NewTextFile(name string, src []byte, bodyStart int) *TextFile {
	f := &TextFile{Name: name, Src: src, BodyStart: bodyStart}
	f.Secs = SplitSections(src, bodyStart)
	f.facts = analyze(src, bodyStart, f.Secs)
	return f
}

// token is something that must appear on both sides of a pair. A page
// has hundreds: kind is a byte and the fields are ordered to keep it small.
type token struct {
	text string
	lang string // of a code block: its info string's first word
	line int
	blk  int // index of the section's top-level block holding it
	body int // of a code block: the line of its first line of code
	kind tokenKind
	soft bool // a number written in Chinese numerals: it may stand for a number, never missing or extra
}

// tokenKind is what a token is; findings name it with String.
type tokenKind uint8

const (
	inlineCodeToken tokenKind = iota
	linkTargetToken
	numberToken
	codeBlockToken
)

func (k tokenKind) String() string {
	return [...]string{inlineCodeToken: "inline code", linkTargetToken: "link target", numberToken: "number", codeBlockToken: "code block"}[k]
}

// facts are the tokens of one section, in source order.
type facts struct {
	tokens []token    // inline code, link targets and numbers
	blocks []token    // code blocks, fenced or indented
	kinds  []string   // kind of each top-level block (heading, paragraph, code, list, ...)
	lines  []int      // line of each top-level block
	bag    []tokenKey // tokens and blocks by kind and text, sorted (bagOf)
}

var syntaxParsers = sync.Pool{New: func() any { return markdown.NewSyntaxParser() }}

// analyze parses a file with the site's syntax and collects each
// section's tokens. Top-level blocks belong to the section they start in.
func analyze(src []byte, bodyStart int, secs []Section) []facts {
	p := syntaxParsers.Get().(parser.Parser)
	doc := p.Parse(gtext.NewReader(src))
	syntaxParsers.Put(p)
	return analyzeDoc(doc, src, secs)
}

// analyzeDoc collects each section's tokens from a parsed document; the
// build passes the tree it renders, so pages are parsed once.
func analyzeDoc(doc ast.Node, src []byte, secs []Section) []facts {
	lines := markdown.LineStarts(src)
	out := make([]facts, len(secs))
	cur := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		cur = SectionOf(secs, n, cur)
		f := &out[cur]
		f.kinds = append(f.kinds, blockKind(n))
		f.lines = append(f.lines, max(blockLine(n, lines), secs[cur].Line))
		collect(n, src, lines, f, len(f.kinds)-1)
	}
	for i := range out {
		out[i].bag = bagOf(&out[i])
	}
	return out
}

// SectionOf is the section a top-level block starts in: found by its
// offset, or, for a block without text (an empty heading or fence), the
// one after cur for an ATX heading and cur otherwise, so that marker lines
// gen stamp adds cannot move it to another section.
func SectionOf(secs []Section, n ast.Node, cur int) int {
	if off := firstOffset(n); off >= 0 {
		return max(sort.Search(len(secs), func(i int) bool { return secs[i].Start > off })-1, 0)
	}
	if _, ok := n.(*ast.Heading); ok { // without text it is an ATX heading: a setext one has text
		return min(cur+1, len(secs)-1)
	}
	return cur
}

// blockKind names the kind of a top-level block for aligning the blocks
// of two sections.
func blockKind(n ast.Node) string {
	switch n.(type) {
	case *ast.FencedCodeBlock, *ast.CodeBlock, *markdown.Directive:
		return "code"
	}
	return n.Kind().String()
}

// blockLine is the first line of a top-level block, the fence included.
func blockLine(n ast.Node, lines []int) int {
	line := lineAt(lines, firstOffset(n))
	if f, ok := n.(*ast.FencedCodeBlock); ok && f.Lines().Len() > 0 {
		line--
	}
	return line
}

// collect adds the tokens of a block and its descendants to f.
func collect(n ast.Node, src []byte, lines []int, f *facts, blk int) {
	inLink := 0
	var scratch [2][]number // the numbers of one text, reused from text to text
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		switch c := c.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if entering {
				line := lineAt(lines, firstOffset(c))
				body := line
				if _, ok := c.(*ast.FencedCodeBlock); ok && c.Lines().Len() > 0 {
					line-- // the opening fence
				}
				lang := ""
				if fc, ok := c.(*ast.FencedCodeBlock); ok {
					lang = string(fc.Language(src))
				}
				f.blocks = append(f.blocks, token{kind: codeBlockToken, text: markdown.LinesText(c, src), line: line, blk: blk, lang: lang, body: body})
			}
			return ast.WalkSkipChildren, nil
		case *markdown.Directive:
			if entering {
				f.blocks = append(f.blocks, token{kind: codeBlockToken, text: "protocol " + c.Name, line: c.Line, blk: blk})
			}
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			if entering {
				f.tokens = append(f.tokens, token{kind: inlineCodeToken, text: strings.TrimSpace(markdown.PlainText(c, src)), line: lineAt(lines, firstOffset(c)), blk: blk})
			}
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			if entering {
				off := firstOffset(n)
				if i := bytes.Index(src[max(off, 0):], c.Label(src)); i >= 0 && off >= 0 {
					off += i
				}
				f.tokens = append(f.tokens, token{kind: linkTargetToken, text: string(c.URL(src)), line: lineAt(lines, off), blk: blk})
			}
			return ast.WalkSkipChildren, nil
		case *ast.Link, *ast.Image:
			if entering {
				inLink++
				dest := linkDest(c)
				f.tokens = append(f.tokens, token{kind: linkTargetToken, text: dest, line: lineAt(lines, firstOffsetOr(c, n)), blk: blk})
			} else {
				inLink--
			}
		case *ast.Text:
			if entering && inLink == 0 {
				line := lineAt(lines, c.Segment.Start)
				text := c.Segment.Value(src)
				if !mayHoldNumber(text) {
					return ast.WalkContinue, nil // most English text: one pass instead of one per kind of number
				}
				// Both kinds in the order they are written: the tokens of a text do
				// not depend on where the parser split it into text nodes.
				digits, numerals := appendNumbers(scratch[0][:0], text), appendChineseNumbers(scratch[1][:0], text)
				scratch = [2][]number{digits, numerals} // kept for the next text
				for len(digits) > 0 || len(numerals) > 0 {
					if len(numerals) == 0 || len(digits) > 0 && digits[0].at < numerals[0].at {
						f.tokens = append(f.tokens, token{kind: numberToken, text: digits[0].text, line: line, blk: blk})
						digits = digits[1:]
						continue
					}
					f.tokens = append(f.tokens, token{kind: numberToken, text: numerals[0].text, line: line, blk: blk, soft: true})
					numerals = numerals[1:]
				}
			}
		}
		return ast.WalkContinue, nil
	})
}

func linkDest(n ast.Node) string {
	if l, ok := n.(*ast.Link); ok {
		return string(l.Destination)
	}
	return string(n.(*ast.Image).Destination)
}

// firstOffset is the source offset of the first text of a node, or -1.
func firstOffset(n ast.Node) int {
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	if t, ok := n.(*ast.Text); ok {
		return t.Segment.Start
	}
	if f, ok := n.(*ast.FencedCodeBlock); ok && f.Info != nil {
		return f.Info.Segment.Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if off := firstOffset(c); off >= 0 {
			return off
		}
	}
	return -1
}

// firstOffsetOr is firstOffset of n, else of its block.
func firstOffsetOr(n, block ast.Node) int {
	if off := firstOffset(n); off >= 0 {
		return off
	}
	return firstOffset(block)
}

// lineAt is the 1-based line of an offset; 0 for an unknown offset.
func lineAt(starts []int, off int) int {
	if off < 0 {
		return 0
	}
	return sort.Search(len(starts), func(i int) bool { return starts[i] > off })
}

// appendNumbers appends the numbers of prose text s to out: runs of digits
// with an optional decimal part; full-width digits count as digits, and
// commas between groups of three digits are dropped ("3,600" is "3600").
// It reads s in place: the drift check calls it on every text of a page.
func appendNumbers(out []number, s []byte) []number {
	i := firstDigit(s)
	if i < 0 {
		return out // most text
	}
	var num []byte
	for i < len(s) {
		if d, _ := digitAt(s, i); d == 0 {
			_, size := utf8.DecodeRune(s[i:])
			i += size
			continue
		}
		num, dot, at := num[:0], false, i
		for i < len(s) {
			if d, size := digitAt(s, i); d != 0 {
				num = append(num, d)
				i += size
				continue
			}
			if s[i] == ',' && digitsAt(s, i+1, 4) == 3 {
				i++ // a thousands separator: exactly three digits follow
				continue
			}
			if s[i] == '.' && !dot && digitsAt(s, i+1, 1) == 1 {
				num, dot = append(num, '.'), true
				i++
				continue
			}
			break
		}
		out = append(out, number{string(num), at})
	}
	return out
}

// mayHoldNumber reports whether text has a byte that may begin a number
// appendNumbers or appendChineseNumbers reads: a digit, or the lead byte of a
// full-width digit (0xEF) or of a Chinese numeral (0xE3 to 0xE9).
func mayHoldNumber(text []byte) bool {
	for _, c := range text {
		if numberLead[c] {
			return true
		}
	}
	return false
}

var numberLead = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 0xE3; c <= 0xE9; c++ {
		t[c] = true
	}
	t[0xEF] = true
	return t
}()

// number is a number read from a text, and the offset at which it starts.
type number struct {
	text string
	at   int
}

// firstDigit returns the offset of the first ASCII or full-width digit of
// s, or -1.
func firstDigit(s []byte) int {
	for i, c := range s {
		if c-'0' <= 9 || c == 0xEF { // a digit, or what may start a full-width one
			if d, _ := digitAt(s, i); d != 0 {
				return i
			}
		}
	}
	return -1
}

// digitAt returns the ASCII digit written at s[i], ASCII or full-width
// (U+FF10 to U+FF19), and its length in bytes; 0 when there is none.
func digitAt(s []byte, i int) (byte, int) {
	switch c := s[i]; {
	case c >= '0' && c <= '9':
		return c, 1
	case c == 0xEF && i+2 < len(s) && s[i+1] == 0xBC && s[i+2] >= 0x90 && s[i+2] <= 0x99:
		return '0' + s[i+2] - 0x90, 3
	}
	return 0, 0
}

// digitsAt counts the digits in a row from s[i], up to limit.
func digitsAt(s []byte, i, limit int) int {
	n := 0
	for n < limit && i < len(s) {
		d, size := digitAt(s, i)
		if d == 0 {
			break
		}
		n, i = n+1, i+size
	}
	return n
}

// PairRow is one row of the side-by-side view: a section of the original
// and its translation; -1 on the side where the section is missing.
type PairRow struct{ Orig, Tr int }

// Comparison is a translated pair, aligned and checked.
type Comparison struct {
	Orig, Tr *TextFile
	Rows     []PairRow
	Findings []diag.Finding
	Stale    map[int]bool    // translation sections whose original changed since they were stamped
	drifts   map[int][]drift // differences found in each translated section, accepted or not
	open     []diag.Finding  // warnings no acknowledgement can cover (a missing section)
}

// sourceIDs returns the id of each section of the original: the explicit
// {#id}, else the slug of the heading, made unique as on the page.
func sourceIDs(secs []Section) []string {
	seen := map[string]bool{}
	for _, s := range secs {
		if s.ID != "" {
			seen[s.ID] = true
		}
	}
	ids := make([]string, len(secs))
	for i, s := range secs {
		switch {
		case i == 0:
			ids[i] = ""
		case s.ID != "":
			ids[i] = s.ID
		default:
			ids[i] = markdown.Unique(markdown.Slug(s.Title), seen)
		}
	}
	return ids
}

// alignSections pairs the sections of an original and its translation.
// The intros pair with each other; a translated heading with an explicit
// {#id} pairs with the original's section of that id; the others pair by
// order, preferring equal levels, shared tokens and a stamp that matches
// the original section's digest, so that a missing or extra section is
// found where it is rather than at the end. Rows follow the original's
// order; a section only the translation has comes after the row of the
// translated section before it.
func alignSections(o, t *TextFile) []PairRow {
	pair := make([]int, len(o.Secs)) // original section → translation section
	for i := range pair {
		pair[i] = -1
	}
	pair[0] = 0
	taken := make([]bool, len(t.Secs))
	taken[0] = true
	ids := map[string]int{} // the first original section of each id
	for i, id := range sourceIDs(o.Secs) {
		if _, ok := ids[id]; !ok {
			ids[id] = i
		}
	}
	for j := 1; j < len(t.Secs); j++ {
		if id := t.Secs[j].ID; id != "" {
			if i, ok := ids[id]; ok && i > 0 && pair[i] < 0 {
				pair[i], taken[j] = j, true
			}
		}
	}
	var os, ts []int
	for i := 1; i < len(o.Secs); i++ {
		if pair[i] < 0 {
			os = append(os, i)
		}
	}
	for j := 1; j < len(t.Secs); j++ {
		if !taken[j] {
			ts = append(ts, j)
		}
	}
	for k, i := range matchInOrder(len(os), len(ts), func(a, b int) float64 { return matchScore(o, t, os[a], ts[b]) }) {
		if i >= 0 {
			pair[os[k]], taken[ts[i]] = ts[i], true
		}
	}
	return rowsOf(pair, taken)
}

// matchScore says how well original section i matches translated section j.
func matchScore(o, t *TextFile, i, j int) float64 {
	s := 1.0
	if o.Secs[i].Level == t.Secs[j].Level {
		s++
	}
	if d := t.Secs[j].Stamp; d != "" && d == o.Secs[i].digest(o.Src) {
		s += 3
	}
	return s + 2*similarity(o.facts[i], t.facts[j])
}

// similarity is the share of tokens and code blocks two sections have in
// common: the size of the intersection of their bags.
func similarity(a, b facts) float64 {
	common := 0
	for i, j := 0, 0; i < len(a.bag) && j < len(b.bag); {
		switch c := a.bag[i].compare(b.bag[j]); {
		case c == 0:
			common++
			i, j = i+1, j+1
		case c < 0:
			i++
		default:
			j++
		}
	}
	if n := max(len(a.bag), len(b.bag)); n > 0 {
		return float64(common) / float64(n)
	}
	return 0
}

// tokenKey is what two tokens must share to be the same for similarity.
type tokenKey struct {
	kind tokenKind
	text string
}

func (k tokenKey) compare(o tokenKey) int {
	if c := cmp.Compare(k.kind, o.kind); c != 0 {
		return c
	}
	return strings.Compare(k.text, o.text)
}

// bagOf is the sorted keys of a section's tokens and code blocks: made
// once per section, as alignment compares every section with several.
func bagOf(f *facts) []tokenKey {
	bag := make([]tokenKey, 0, len(f.tokens)+len(f.blocks))
	for _, list := range [...][]token{f.tokens, f.blocks} {
		for _, tk := range list {
			bag = append(bag, tokenKey{tk.kind, tk.text})
		}
	}
	slices.SortFunc(bag, tokenKey.compare)
	return bag
}

// matchInOrder aligns two sequences without crossing, maximising the total
// score of matched pairs (an unmatched item scores 0). It returns, for each
// item of the first sequence, the index of its match in the second or -1.
// Ties go to the earliest match, so an unexplained gap ends up last.
//
// The alignment is optimal within a band of alignBand items on either
// side of the diagonal from the first items to the last (scaled when the
// lengths differ): the whole table for sequences of up to alignBand items
// (every real page's sections), and linear time and memory for longer
// ones, where a pairing that strays further from the diagonal is not
// considered. Past maxAlignCells cells even the band is too large and
// matchGreedy pairs instead.
func matchInOrder(n, m int, score func(a, b int) float64) []int {
	out := make([]int, n)
	if n == 0 || m == 0 {
		for a := range out {
			out[a] = -1
		}
		return out
	}
	t := newBand(n, m)
	if t.cells > maxAlignCells {
		return matchGreedy(n, m, score)
	}
	for a := n - 1; a >= 0; a-- {
		for b := t.hi[a]; b >= t.lo[a]; b-- {
			t.set(a, b, max(score(a, b)+t.best(a+1, b+1), t.best(a+1, b), t.best(a, b+1)))
		}
	}
	a, b := 0, 0
	for a < n {
		switch {
		case b < m && score(a, b)+t.best(a+1, b+1) >= t.best(a, b):
			out[a] = b
			a, b = a+1, b+1
		case b < m && t.best(a, b+1) > t.best(a+1, b):
			b++
		default:
			out[a] = -1
			a++
		}
	}
	return out
}

// alignBand is how far from the diagonal matchInOrder looks for a pairing.
const alignBand = 64

// band is matchInOrder's table: for each row a, the best total score from
// cell (a, b) to the end, for b from lo[a] to hi[a].
type band struct {
	n, m   int
	lo, hi []int
	at     []int // where row a starts in cells
	val    []float64
	cells  int
}

// newBand lays out the band of an n×m table: row a covers the columns
// within w of a·m/n, w wide enough that consecutive rows overlap.
func newBand(n, m int) *band {
	w := alignBand + (m+n-1)/n
	t := &band{n: n, m: m, lo: make([]int, n), hi: make([]int, n), at: make([]int, n)}
	for a := range n {
		c := a * m / n
		t.lo[a], t.hi[a], t.at[a] = max(0, c-w), min(m-1, c+w), t.cells
		t.cells += t.hi[a] - t.lo[a] + 1
	}
	if t.cells <= maxAlignCells {
		t.val = make([]float64, t.cells) // one allocation for the whole band
	}
	return t
}

// best is the value of cell (a, b): 0 past either end, -∞ outside the band.
func (t *band) best(a, b int) float64 {
	switch {
	case a == t.n || b == t.m:
		return 0
	case b < t.lo[a] || b > t.hi[a]:
		return math.Inf(-1)
	}
	return t.val[t.at[a]+b-t.lo[a]]
}

func (t *band) set(a, b int, v float64) { t.val[t.at[a]+b-t.lo[a]] = v }

// maxAlignCells bounds the band of matchInOrder (8 bytes a cell): past it,
// as for a section of tens of thousands of paragraphs, matchGreedy pairs
// in linear time and less memory instead.
const maxAlignCells = 1 << 22

// matchGreedy pairs each item of the first list with the first item of the
// second, after the last one paired, that scores above zero within a window
// of greedyWindow items; it is what long sections get instead of the optimal
// alignment.
func matchGreedy(n, m int, score func(a, b int) float64) []int {
	out := make([]int, n)
	next := 0
	for a := range n {
		out[a] = -1
		for b := next; b < min(m, next+greedyWindow); b++ {
			if score(a, b) > 0 {
				out[a], next = b, b+1
				break
			}
		}
	}
	return out
}

// greedyWindow is how far ahead matchGreedy looks for a partner.
const greedyWindow = 64

// rowsOf lays out the rows: the original's order, with each translation
// section that has no original after the row of the one before it.
func rowsOf(pair []int, taken []bool) []PairRow {
	rows := make([]PairRow, 0, len(pair))
	for i, j := range pair {
		rows = append(rows, PairRow{i, j})
	}
	for j, ok := range taken {
		if ok {
			continue
		}
		at := 1 // after the intro
		for k, r := range rows {
			if r.Tr >= 0 && r.Tr < j {
				at = k + 1
			}
		}
		rows = slices.Insert(rows, at, PairRow{-1, j})
	}
	return rows
}

// DocsLinkTarget maps the one link that may differ between a docs page
// and its translation, the language's own field reference and bundle,
// to the English file.
func DocsLinkTarget(dest string) string {
	// The build compares links after the Chinese page's were prefixed
	// with /zh-CN; a writer may also write the prefix. Both mean the same.
	if strings.HasPrefix(dest, markdown.LangPrefix(langs.ZH)+"/") {
		dest = strings.TrimPrefix(dest, markdown.LangPrefix(langs.ZH))
	}
	if !strings.HasPrefix(dest, "/protocol/pairag-task-publish-v") {
		return dest
	}
	for _, kind := range []string{".", ".bundle."} { // the Markdown reference and the bundle of any version
		for _, ext := range []string{".md", ".txt"} {
			if base, ok := strings.CutSuffix(dest, kind+langs.ZH+ext); ok {
				return base + kind + langs.EN + ext
			}
		}
	}
	return dest
}

// TranslationName returns the translation of an original skill file
// (SKILL.md → SKILL.zh-CN.md); "" when name is itself a translation or not Markdown.
func TranslationName(name string) string {
	if path.Ext(name) != ".md" || IsTranslation(name) {
		return ""
	}
	return strings.TrimSuffix(name, ".md") + "." + langs.ZH + ".md"
}

// IsTranslation reports a translation (X.zh-CN.md): the skill checks pair
// it with its original instead of with a translation of its own.
func IsTranslation(name string) bool { return strings.HasSuffix(name, "."+langs.ZH+".md") }

// TwinIDs maps the line of each translated section's heading to the id of
// the original heading its row aligns it with: a translated page takes its
// heading ids from them (markdown.State.Twin).
func (c *Comparison) TwinIDs(original []markdown.Heading) map[int]string {
	byLine := map[int]string{}
	for _, h := range original {
		byLine[h.Line] = h.ID
	}
	out := map[int]string{}
	for _, r := range c.Rows {
		if r.Orig > 0 && r.Tr > 0 {
			if id, ok := byLine[c.Orig.Secs[r.Orig].Line]; ok {
				out[c.Tr.Secs[r.Tr].Line] = id
			}
		}
	}
	return out
}
