// Package netlifyconf reads the part of netlify.toml the site relies on:
// the build settings, the [[headers]] rules and the [[redirects]] rules.
// gen serve applies the rules; gen build and gen serve report a file that
// does not parse, a [[headers]] block with a key other than for and
// [headers.values], and one missing either (production would deploy
// without those headers); the generator's tests check the rules against
// what a build publishes. Matching paths against the rules is the
// reader's business.
package netlifyconf

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// Config is the part of netlify.toml the site relies on; other keys are
// ignored.
type Config struct {
	Build     Build      `toml:"build"`
	Headers   []Header   `toml:"headers"`
	Redirects []Redirect `toml:"redirects"`
}

// Build is the [build] table: how Netlify builds the site.
type Build struct {
	Command string `toml:"command"`
	Publish string `toml:"publish"` // the directory published
}

// Header is one [[headers]] rule: Values are sent for every path For
// matches.
type Header struct {
	For    string            `toml:"for"`
	Values map[string]string `toml:"values"`
}

// Redirect is one [[redirects]] rule. Status 0 means 301; Force applies the
// rule even where a file exists.
type Redirect struct {
	From   string `toml:"from"`
	To     string `toml:"to"`
	Status int    `toml:"status"`
	Force  bool   `toml:"force"`
}

// Error is a problem at a line of netlify.toml (0: the line is not known).
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// Errors is every problem Parse found, in line order.
type Errors []*Error

func (l Errors) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "; ")
}

// Parse reads the text of a netlify.toml. Its error, when not nil, is an
// Errors: a syntax or type error, or every [[headers]] block that would
// not send its headers.
func Parse(data string) (*Config, error) {
	var c Config
	md, err := toml.Decode(data, &c)
	if err != nil {
		return nil, Errors{parseError(data, err)}
	}
	var errs Errors
	var reported []string
	for _, k := range md.Undecoded() {
		if len(k) >= 2 && k[0] == "headers" && (len(k) == 2 || k[1] != "values") {
			if slices.ContainsFunc(reported, func(r string) bool { return strings.HasPrefix(k.String(), r+".") }) {
				continue // a key of a table already reported
			}
			reported = append(reported, k.String())
			errs = append(errs, &Error{Line: lineOf(data, k), Msg: fmt.Sprintf("unknown key %q in a [[headers]] block: a block has for and [headers.values] only, so these headers would not be sent", k.String())})
		}
	}
	for i, h := range c.Headers {
		line := blockLine(data, "headers", i)
		switch {
		case h.For == "":
			errs = append(errs, &Error{Line: line, Msg: "[[headers]] block without for: its headers would be sent nowhere"})
		case len(h.Values) == 0:
			errs = append(errs, &Error{Line: line, Msg: fmt.Sprintf("[[headers]] block for %q without [headers.values]: it sends no header", h.For)})
		}
	}
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b *Error) int { return a.Line - b.Line })
		return nil, errs
	}
	return &c, nil
}

// lineNumber finds "line N" in the decoder's messages that carry no position.
var lineNumber = regexp.MustCompile(`\bline (\d+)\b`)

// parseError turns the decoder's error into an Error with its line. A
// syntax error's line is that of its first byte: the decoder counts an
// error at a line's end on the next line.
func parseError(data string, err error) *Error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		line := pe.Position.Line
		if at := pe.Position.Start; at > 0 && at <= len(data) {
			line = 1 + strings.Count(data[:at], "\n")
		}
		return &Error{Line: line, Msg: pe.Message}
	}
	msg := strings.TrimPrefix(err.Error(), "toml: ")
	line := 0
	if m := lineNumber.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = strings.TrimPrefix(strings.TrimPrefix(msg, m[0]), ": ")
	}
	return &Error{Line: line, Msg: msg}
}

// lineOf returns the line that defines key: its table header or its
// "name = value" line, read line by line (enough for the files we write);
// 0 when not found.
func lineOf(data string, key toml.Key) int {
	want := strings.Join(key, ".")
	table := ""
	n := 0
	for line := range strings.Lines(data) {
		n++
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			table = strings.Trim(strings.TrimSpace(strings.SplitN(line, "#", 2)[0]), "[] ")
			if table == want {
				return n
			}
			continue
		}
		if name, _, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			if full := table + "." + strings.Trim(strings.TrimSpace(name), `"'`); full == want || strings.TrimPrefix(full, ".") == want {
				return n
			}
		}
	}
	return 0
}

// blockLine returns the line of the i-th [[name]] header; 0 when not found.
func blockLine(data, name string, i int) int {
	n := 0
	for line := range strings.Lines(data) {
		n++
		if strings.TrimSpace(strings.SplitN(line, "#", 2)[0]) == "[["+name+"]]" {
			if i == 0 {
				return n
			}
			i--
		}
	}
	return 0
}

// Pattern turns a Netlify path pattern into a regular expression. In
// headers, "*" matches any run of characters. In redirects, a trailing
// "*" is the splat (a trailing "/*" also matches the bare prefix), and a
// trailing slash is optional. In both, a ":name" segment matches one
// non-empty segment and is captured; names lists the captures in order
// ("splat" for a redirect's *). gen serve and the build's checks match
// with it, so both read the rules alike.
func Pattern(pat string, redirect bool) (re *regexp.Regexp, names []string) {
	var b strings.Builder
	body, tail := pat, ""
	if redirect {
		switch {
		case strings.HasSuffix(pat, "/*"):
			body, tail = strings.TrimSuffix(pat, "/*"), `(?:/(.*))?`
		case strings.HasSuffix(pat, "*"):
			body, tail = strings.TrimSuffix(pat, "*"), `(.*)`
		default:
			body, tail = strings.TrimSuffix(pat, "/"), `/?`
		}
	}
	b.WriteString("^")
	for i, seg := range strings.Split(body, "/") {
		if i > 0 {
			b.WriteString("/")
		}
		if len(seg) > 1 && seg[0] == ':' {
			names = append(names, seg[1:])
			b.WriteString(`([^/]+)`)
			continue
		}
		quoted := make([]string, 0, 2)
		for _, part := range strings.Split(seg, "*") {
			quoted = append(quoted, regexp.QuoteMeta(part))
		}
		b.WriteString(strings.Join(quoted, ".*"))
	}
	if redirect && tail != `/?` {
		names = append(names, "splat")
	}
	b.WriteString(tail + "$")
	return regexp.MustCompile(b.String()), names
}

// HeadersFor returns the headers Netlify sends for path under c's rules:
// every matching rule contributes, in file order, and a header set by
// several rules gets their values joined with ", " (as Netlify joins
// them). Names are as written in the file.
func (c *Config) HeadersFor(path string) map[string]string {
	out := map[string]string{}
	for _, h := range c.Headers {
		if re, _ := Pattern(h.For, false); !re.MatchString(path) {
			continue
		}
		for k, v := range h.Values {
			if out[k] != "" {
				v = out[k] + ", " + v
			}
			out[k] = v
		}
	}
	return out
}

// Sandboxed reports whether one of the policies of a
// Content-Security-Policy header (several are joined with ", ") is a
// sandbox that allows neither scripts nor the document's origin: the
// document cannot run script as the site.
func Sandboxed(csp string) bool {
	for _, policy := range strings.Split(csp, ",") {
		for _, d := range strings.Split(policy, ";") {
			f := strings.Fields(d)
			if len(f) > 0 && strings.EqualFold(f[0], "sandbox") && !slices.Contains(f, "allow-scripts") && !slices.Contains(f, "allow-same-origin") {
				return true
			}
		}
	}
	return false
}
