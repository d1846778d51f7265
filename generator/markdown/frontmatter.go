package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"pairag.com/portal/generator/yamlpos"
	"pairag.com/portal/internal/diag"
)

// FrontMatter is the YAML block at the top of every page, between two
// lines of three dashes. Unknown keys are errors.
type FrontMatter struct {
	Title       string `yaml:"title"`       // required
	Description string `yaml:"description"` // required
	Order       int    `yaml:"order"`       // position in the navigation, ascending
	Nav         *bool  `yaml:"nav"`         // listed in the navigation; default true
}

// InNav reports whether the page is listed in the navigation.
func (f FrontMatter) InNav() bool { return f.Nav == nil || *f.Nav }

// SplitFrontMatter separates the front matter from the Markdown body. It
// returns the YAML text, the line of the file on which the YAML starts, and
// the byte offset at which the body starts.
func SplitFrontMatter(src []byte) (yamlText []byte, firstLine, bodyStart int, err error) {
	open, ok := CutLine(src, 0)
	if !ok || !isDashes(src[:open]) {
		return nil, 0, 0, errors.New("missing front matter: the file must start with a line of ---")
	}
	for pos := open; pos < len(src); {
		end, _ := CutLine(src, pos)
		if isDashes(src[pos:end]) {
			return src[open:pos], 2, end, nil
		}
		pos = end
	}
	return nil, 0, 0, errors.New("front matter is not closed by a line of ---")
}

// CutLine returns the offset just past the line starting at pos, and
// whether that line ended with a newline. Front matter, fences and the
// section splitter of drift walk lines with it.
func CutLine(src []byte, pos int) (int, bool) {
	i := bytes.IndexByte(src[pos:], '\n')
	if i < 0 {
		return len(src), false
	}
	return pos + i + 1, true
}

func isDashes(line []byte) bool {
	return string(bytes.TrimRight(line, " \t\r\n")) == "---"
}

// ParseFrontMatter decodes and checks a page's front matter. Errors carry
// lines relative to the whole file.
func ParseFrontMatter(file string, src []byte) (FrontMatter, int, []*diag.Finding) {
	var fm FrontMatter
	text, first, body, err := SplitFrontMatter(src)
	if err != nil {
		return fm, 0, []*diag.Finding{{File: file, Line: 1, Severity: diag.SeverityError, Msg: err.Error()}}
	}
	if len(text) > MaxFrontMatterBytes || !decodeSimple(text, &fm) {
		if line, msg := CheckYAML(text); msg != "" {
			return salvage(text), body, []*diag.Finding{{File: file, Line: line + first - 1, Severity: diag.SeverityError, Msg: "front matter: " + msg}}
		}
		if err := yaml.UnmarshalWithOptions(text, &fm, yaml.Strict()); err != nil {
			if unknown := unknownKeys(file, text, first); len(unknown) > 0 {
				return fm, body, unknown
			}
			line, msg := yamlpos.ErrorPos(err)
			return salvage(text), body, []*diag.Finding{{File: file, Line: line + first - 1, Severity: diag.SeverityError, Msg: "front matter: " + msg}}
		}
	}
	var errs []*diag.Finding
	if fm.Title == "" {
		errs = append(errs, &diag.Finding{File: file, Line: 1, Severity: diag.SeverityError, Msg: "front matter: title is required"})
	}
	if fm.Description == "" {
		errs = append(errs, &diag.Finding{File: file, Line: 1, Severity: diag.SeverityError, Msg: "front matter: description is required"})
	}
	return fm, body, errs
}

// frontMatterKeys are the keys of FrontMatter, from its yaml tags.
var frontMatterKeys = func() []string {
	var keys []string
	t := reflect.TypeFor[FrontMatter]()
	for i := range t.NumField() {
		keys = append(keys, strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0])
	}
	return keys
}()

// unknownKeys reports every top-level key of the YAML text that is not a
// front matter key, in the order of the file. The strict decoder names
// only one of them, not always the same.
func unknownKeys(file string, text []byte, first int) []*diag.Finding {
	root, err := parser.ParseBytes(text, 0)
	if err != nil || len(root.Docs) == 0 {
		return nil
	}
	m, ok := root.Docs[0].Body.(*ast.MappingNode)
	if !ok {
		return nil
	}
	var out []*diag.Finding
	for _, mv := range m.Values {
		tk := mv.Key.GetToken()
		if tk == nil || slices.Contains(frontMatterKeys, tk.Value) {
			continue
		}
		out = append(out, &diag.Finding{File: file, Line: tk.Position.Line + first - 1, Severity: diag.SeverityError,
			Msg: fmt.Sprintf("front matter: unknown field %q; the keys are %s", tk.Value, strings.Join(frontMatterKeys, ", "))})
	}
	return out
}

// decodeSimple decodes the common shape of front matter without a YAML
// parser: one "key: value" per line, known keys only, plain values that
// YAML would read the same way. It returns false, having possibly filled
// part of fm, for anything else; the caller then decodes strictly with the
// YAML parser, which also reports the errors. Parsing thousands of pages'
// front matter with the full parser costs a noticeable part of a build.
func decodeSimple(text []byte, fm *FrontMatter) bool {
	*fm = FrontMatter{}
	seen := map[string]bool{}
	for line := range strings.Lines(string(text)) {
		key, value, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ": ")
		if !ok || seen[key] || !plainScalar(value) {
			return false
		}
		seen[key] = true
		if !fm.set(key, value) {
			return false
		}
	}
	return true
}

// set assigns one value; false means the YAML parser must decide.
func (fm *FrontMatter) set(key, value string) bool {
	switch key {
	case "title", "description":
		if looksTyped(value) {
			return false
		}
		if key == "title" {
			fm.Title = value
		} else {
			fm.Description = value
		}
	case "order":
		if !decimal(value) {
			return false
		}
		n, err := strconv.Atoi(value)
		if err != nil {
			return false
		}
		fm.Order = n
	case "nav":
		b, err := strconv.ParseBool(value)
		if err != nil || (value != "true" && value != "false") {
			return false
		}
		fm.Nav = &b
	default:
		return false
	}
	return true
}

// plainScalar reports whether v is a YAML plain scalar whose value is v
// itself: no indicator at the start, no comment, no nested mapping (a
// colon before a space or at the end), no surrounding space.
func plainScalar(v string) bool {
	if v == "" || strings.TrimSpace(v) != v || strings.ContainsAny(v[:1], "-?:,[]{}#&*!|>'\"%@`") {
		return false
	}
	if strings.Contains(v, ": ") || strings.HasSuffix(v, ":") || strings.Contains(v, " #") || !utf8.ValidString(v) {
		return false
	}
	for _, r := range v { // tabs, escapes, controls and YAML's line and byte-order marks
		if r < 0x20 || r == 0x7f || r == '\\' || (r >= 0x80 && r <= 0x9f) || r == 0x2028 || r == 0x2029 || r == 0xfeff || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// decimal reports whether v is an integer written the one way YAML and
// strconv.Atoi agree on: digits without a sign or a leading zero (YAML
// reads 010 as octal 8, 0b1010 as binary, 1_000 as 1000).
func decimal(v string) bool {
	if v == "" || len(v) > 18 || (v[0] == '0' && len(v) > 1) {
		return false
	}
	for _, c := range []byte(v) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// looksTyped reports values YAML might not read as a plain string: the
// special words, and anything starting like a number (digits, a sign or a
// dot: 0b1010, .inf, .NaN, 12:30, 1_000). The fast path leaves those to the
// parser rather than copy YAML's number grammar.
func looksTyped(v string) bool {
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no", "on", "off", "null", "~", "y", "n":
		return true
	}
	return strings.ContainsAny(v[:1], "0123456789+-.")
}

// salvage reads what it can of front matter that does not decode, one
// "key: value" line at a time, so that a page with broken front matter
// keeps its title and its place in the navigation of the other pages
// while a writer fixes it (gen serve serves the page itself from the last
// good build). Nothing salvaged is ever published: the page has an error.
func salvage(text []byte) FrontMatter {
	var fm FrontMatter
	for line := range strings.Lines(string(text)) {
		key, value, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ":")
		if !ok {
			continue
		}
		value = strings.Trim(strings.TrimSpace(value), `"'`)
		switch key {
		case "title":
			fm.Title = value
		case "description":
			fm.Description = value
		case "order":
			fm.Order, _ = strconv.Atoi(value)
		case "nav":
			if b, err := strconv.ParseBool(value); err == nil {
				fm.Nav = &b
			}
		}
	}
	return fm
}
